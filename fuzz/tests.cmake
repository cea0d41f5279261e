# The fuzz targets in the main test suite (docs/fuzzing.md), included by tests/CMakeLists.txt.
# fuzz_build (a fixture) configures and builds the `fuzz` preset with clang-14 into
# build-fuzz/ (on a fresh clone too); it fails, and with it every fuzz test, when clang-14 or
# libFuzzer is missing. Then each target runs a few seconds on its seed corpus (new inputs go to
# the test build's folder, never into the sources), and once on every input in regressions/.
# Every one is labelled "fuzz": CI runs them all; a developer who wants a quick local run can
# leave them out with `ctest --preset testing -LE fuzz` (fuzz_build alone rebuilds all of
# models/ and server/ with clang).
set(LC_FUZZ_SOURCE ${CMAKE_SOURCE_DIR}/fuzz)
set(LC_FUZZ_BUILD ${CMAKE_SOURCE_DIR}/build-fuzz/fuzz)
set(LC_FUZZ_SECONDS 6 CACHE STRING "Seconds each fuzz target runs in ctest")
set(LC_FUZZ_ENV
    "ASAN_OPTIONS=detect_leaks=1:abort_on_error=1"
    "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1"
    "QT_QPA_PLATFORM=offscreen")

add_test(NAME fuzz_build COMMAND ${CMAKE_SOURCE_DIR}/scripts/fuzz.sh --build-only)
set_tests_properties(fuzz_build PROPERTIES FIXTURES_SETUP lc_fuzz_build TIMEOUT 1800 LABELS fuzz)

foreach(name ledger_text record_json event_page retraction_csv server_request http_request)
    set(work ${CMAKE_CURRENT_BINARY_DIR}/fuzz/${name})
    add_test(NAME fuzz_${name}
        COMMAND ${LC_FUZZ_BUILD}/fuzz_${name}
            -max_total_time=${LC_FUZZ_SECONDS} -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
            -dict=${LC_FUZZ_SOURCE}/${name}.dict -create_missing_dirs=1
            -artifact_prefix=${work}/crash-
            ${work}/corpus ${LC_FUZZ_SOURCE}/corpus/${name})
    # Every kept crash input, and the seeds, once each: none may crash.
    add_test(NAME fuzz_${name}_regressions
        COMMAND ${LC_FUZZ_BUILD}/fuzz_${name} -runs=0 -timeout=10
            ${LC_FUZZ_SOURCE}/regressions/${name} ${LC_FUZZ_SOURCE}/corpus/${name})
    set_tests_properties(fuzz_${name} fuzz_${name}_regressions PROPERTIES
        FIXTURES_REQUIRED lc_fuzz_build ENVIRONMENT "${LC_FUZZ_ENV}" TIMEOUT 120 LABELS fuzz)
endforeach()
