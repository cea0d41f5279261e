#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds Ledger Curator with its tests and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup-debian.sh
export QT_QPA_PLATFORM=offscreen
cmake --preset testing
cmake --build --preset testing --parallel "$(nproc)"
ctest --preset testing --parallel "$(nproc)"
