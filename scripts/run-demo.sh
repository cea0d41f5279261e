#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds Ledger Curator and starts the desktop app.
# On first start with an empty cache it shows the bundled demo ledger (arXiv:2104.04473).
# Extra arguments go to the app, e.g. --db /tmp/demo.sqlite.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup-debian.sh
cmake --preset default
cmake --build --preset default --parallel "$(nproc)"
exec ./build/app/ledger-curator "$@"
