#!/usr/bin/env bash
# Builds Ledger Curator in release mode (RelWithDebInfo) and prints the benchmark table: every
# figure of issue 8 with its peer, ratio, target and whether it is met (medians of several runs).
#
#   bench/run.sh                 full sizes (200,000-observation record, 1,000,000-observation cache,
#                                1,000,000 merge events, 10,000-observation PDF, 50 sync clients;
#                                pdf-large: export-pdf of 10,000, 60,000 and 200,000 observations
#                                with its peak memory, some 8 minutes)
#   bench/run.sh --quick         a smoke run with smaller sizes (targets still printed for reference)
#   bench/run.sh --only merge,pdf --runs 5
#
# Environment: LC_BENCH_BUILD_DIR (default build/, the "default" preset's folder) to build
# elsewhere; LC_BENCH_SKIP_SETUP=1 to skip scripts/setup-debian.sh (which installs what is missing).
# Needs sqlite3 (the import peer) and, for the PDF peer, Debian's chromium at /usr/bin/chromium;
# without chromium that figure is skipped with a line saying so.
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir="${LC_BENCH_BUILD_DIR:-build}"
if [ "${LC_BENCH_SKIP_SETUP:-0}" != 1 ]; then
    ./scripts/setup-debian.sh
fi
command -v sqlite3 >/dev/null || { echo "bench/run.sh: sqlite3 is needed (apt-get install sqlite3)" >&2; exit 1; }
[ -x /usr/bin/chromium ] || echo "bench/run.sh: /usr/bin/chromium is absent: the Chromium PDF peer will be skipped (apt-get install chromium)"

if [ "$build_dir" = build ]; then
    cmake --preset default -DLC_BUILD_BENCH=ON >/dev/null
else
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLC_BUILD_BENCH=ON >/dev/null
fi
cmake --build "$build_dir" --parallel "$(nproc)" --target ledger-bench ledger-curator ledger-server

args=("$@")
exec "$build_dir/bench/ledger-bench" \
    --cli "$build_dir/app/ledger-curator" --server "$build_dir/server/ledger-server" "${args[@]}"
