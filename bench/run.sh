#!/usr/bin/env bash
# Builds Ledger Curator in release mode and prints the benchmark table.
# Extra arguments go to ledger-bench, e.g. --observations 20000 --runs 5 --only table.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-debian.sh
cmake --preset default -DLC_BUILD_BENCH=ON
cmake --build --preset default --parallel "$(nproc)"
exec ./build/bench/ledger-bench "$@"
