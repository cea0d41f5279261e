#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds Ledger Curator with its tests and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup-debian.sh
export QT_QPA_PLATFORM=offscreen
cmake --preset testing
# Unformatted code fails here, before the build (clang-format 14, .clang-format: scripts/format.sh).
cmake --build --preset testing --target format-check
cmake --build --preset testing --parallel "$(nproc)"
# The server tests run on SQLite and, in a throwaway PostgreSQL cluster, on PostgreSQL too.
./scripts/with-postgres.sh ctest --preset testing --parallel "$(nproc)"
