#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The kill harness at full size (docs/crash-safety.md): builds its tests (tst_killcli,
# tst_killsync, tst_killapp), ledger-curator and ledger-server in BUILD_DIR (default
# build-testing) and runs them with hundreds of kills, each printing its table (command, kills
# tried, kills that landed mid-run, failures). Named test functions run in the test that has them.
#
#   tests/kill-harness.sh [BUILD_DIR] [TEST_FUNCTION...]
#   LC_KILLS=200 LC_KILL_SEED=123 tests/kill-harness.sh build-testing killSyncPush
#
# The size comes from the environment (defaults below; ctest runs LC_KILLS=12 at the smaller
# default sizes): LC_KILLS kills per command, LC_KILL_OBSERVATIONS (the large record),
# LC_KILL_EVENTS (events a push round adds, and the pull's), LC_KILL_NOTICES (rows of a
# generated notices file). LC_KILL_SEED replays a run's delays; LC_KILL_KEEP=1 keeps the files
# of a run that failed. LC_KILL_SKIP_BUILD=1 runs what is built.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build-testing"
if [ $# -gt 0 ] && [ -d "$1" ]; then
    build=$(cd "$1" && pwd)
    shift
fi

if [ "${LC_KILL_SKIP_BUILD:-0}" != 1 ]; then
    cmake --build "$build" --target tst_killcli tst_killsync tst_killapp ledger-curator ledger-server -j "${LC_KILL_JOBS:-2}"
fi

export LC_KILLS="${LC_KILLS:-60}"
export LC_KILL_OBSERVATIONS="${LC_KILL_OBSERVATIONS:-50000}"
export LC_KILL_EVENTS="${LC_KILL_EVENTS:-2000}"
export LC_KILL_NOTICES="${LC_KILL_NOTICES:-10000}"
export QT_QPA_PLATFORM=offscreen
# QtTest stops a test function after 5 minutes by default; a full-size function runs longer.
export QTEST_FUNCTION_TIMEOUT="${QTEST_FUNCTION_TIMEOUT:-21600000}"

cd "$build/tests"
status=0
for test in tst_killcli tst_killsync tst_killapp; do
    # The functions asked for that this test has (all of them when none were asked for).
    functions=""
    if [ $# -gt 0 ]; then
        for name in "$@"; do
            if ./"$test" -functions | grep -qx "$name()"; then
                functions="$functions $name"
            fi
        done
        [ -n "$functions" ] || continue
    fi
    # shellcheck disable=SC2086 # the function names are words
    XDG_CONFIG_HOME="${XDG_CONFIG_HOME:-$build/tests/test-config/$test}" ./"$test" $functions || status=$?
done
exit $status
