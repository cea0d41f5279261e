#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset: clang-14, ASan + UBSan, build-fuzz/) and runs
# each one on its seed corpus, one after the other (docs/fuzzing.md).
#
#   scripts/fuzz.sh                      every target, 300 s each
#   scripts/fuzz.sh --seconds 60         every target, 60 s each
#   scripts/fuzz.sh --target record_json --seconds 600 [-- EXTRA LIBFUZZER FLAGS]
#   scripts/fuzz.sh --build-only         configure and build, run nothing (ctest's fuzz_build)
#
# New inputs that add coverage go to build-fuzz/corpus/NAME/ (the seeds in fuzz/corpus/ are
# only read). A crash, leak, UB or hang is written to fuzz/regressions/NAME/ as
# crash-*/leak-*/timeout-*/oom-* and the script exits 1 at the end: fix it and keep the file, ctest
# runs every file there (fuzz_NAME_regressions). Prints executions per second of each target.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(ledger_text record_json event_page retraction_csv server_request http_request)
seconds=300
only=""
build_only=0
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --target) only="$2"; shift 2 ;;
        --build-only) build_only=1; shift ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "fuzz.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
if [ -n "$only" ]; then
    found=0
    for t in "${targets[@]}"; do [ "$t" = "$only" ] && found=1; done
    [ $found = 1 ] || { echo "fuzz.sh: no target '$only' (one of: ${targets[*]})" >&2; exit 2; }
    targets=("$only")
fi

for tool in clang++-14 clang-14; do
    command -v "$tool" >/dev/null || {
        echo "fuzz.sh: $tool is missing: install clang-14 libfuzzer-14-dev libclang-rt-14-dev (scripts/setup-debian.sh)" >&2
        exit 1
    }
done
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --parallel "$(nproc)"
[ $build_only = 1 ] && exit 0

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
failed=()
summary=()
for t in "${targets[@]}"; do
    mkdir -p "build-fuzz/corpus/$t" "fuzz/regressions/$t"
    log="build-fuzz/fuzz-$t.log"
    echo "== fuzz_$t: ${seconds} s (log: $log)"
    status=0
    "build-fuzz/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -workers=1 -dict="fuzz/$t.dict" \
        -artifact_prefix="fuzz/regressions/$t/" ${extra[@]+"${extra[@]}"} \
        "build-fuzz/corpus/$t" "fuzz/corpus/$t" >"$log" 2>&1 || status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    [ -n "$rate" ] || rate=$(sed -n 's/.*exec\/s: \([0-9]*\).*/\1/p' "$log" | tail -1)
    line="fuzz_$t: ${execs:-?} executions in ${secs:-?} s, ${rate:-?} exec/s, corpus $(ls "build-fuzz/corpus/$t" | wc -l) new inputs"
    if [ $status -ne 0 ]; then
        line+=" -- FAILED (exit $status): $(grep -m1 -E 'ERROR:|fuzz check failed|runtime error' "$log" || true)"
        failed+=("$t")
        tail -40 "$log"
    fi
    echo "$line"
    summary+=("$line")
done
echo
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: failed: ${failed[*]}; the inputs are in fuzz/regressions/" >&2
    exit 1
fi
