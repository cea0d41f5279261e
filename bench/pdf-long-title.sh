#!/usr/bin/env bash
# export-pdf of a record whose title is one unbroken run of letters (no space, no break
# opportunity), for 64 KB, 256 KB and 1 MB titles: prints the seconds each export takes.
# Issue 20 item 6: Qt's line breaking looked for a break opportunity from every line start to the
# end of the run, so such a title took time quadratic in its length (1 MB: about two minutes).
#
#   bench/pdf-long-title.sh [LEDGER_CURATOR] [SIZE_KB...]
#
# LEDGER_CURATOR defaults to build-testing/app/ledger-curator; sizes default to 64 256 1024.
# The record is tests/data/ledger-2104.04473.txt with its title replaced, imported as record JSON
# into a temporary cache (removed at the end). Needs python3 and pdftotext (poppler-utils).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build-testing/app/ledger-curator}"
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(64 256 1024)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$bin" import --db "$tmp/base.sqlite" tests/data/ledger-2104.04473.txt >/dev/null
"$bin" render 2104.04473 --db "$tmp/base.sqlite" --format json -o "$tmp/base.json"
printf '%-10s %-10s %-8s %s\n' "TITLE" "SECONDS" "PAGES" "TEXT CHECK"
for kb in "${sizes[@]}"; do
    python3 - "$tmp/base.json" "$tmp/long.json" "$kb" <<'PY'
import json, sys
record = json.load(open(sys.argv[1]))
n = int(sys.argv[3]) * 1024
alphabet = "abcdefghijklmnopqrstuvwxyz"
record["title"] = "BEGIN" + "".join(alphabet[i % 26] for i in range(n - 8)) + "END"
json.dump(record, open(sys.argv[2], "w"))
PY
    rm -f "$tmp/c.sqlite"
    "$bin" import --db "$tmp/c.sqlite" "$tmp/long.json" >/dev/null
    start=$(date +%s.%N)
    QT_QPA_PLATFORM=offscreen "$bin" export-pdf 2104.04473 --db "$tmp/c.sqlite" -o "$tmp/out.pdf" >/dev/null
    end=$(date +%s.%N)
    pages=$(pdfinfo "$tmp/out.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
    pdftotext "$tmp/out.pdf" "$tmp/out.txt"
    check=$(python3 - "$tmp/out.txt" "$kb" <<'PY'
import sys
text = "".join(open(sys.argv[1], encoding="utf-8").read().split()).replace("\u200b", "")
title = "BEGIN" + "".join("abcdefghijklmnopqrstuvwxyz"[i % 26] for i in range(int(sys.argv[2]) * 1024 - 8)) + "END"
# The running header and footer of every page come between the pieces of the title: its beginning
# and its end are looked for.
print("begin %s, end %s" % ("found" if title[:40] in text else "MISSING", "found" if title[-40:] in text else "MISSING"))
PY
)
    printf '%-10s %-10.1f %-8s %s\n' "${kb} KB" "$(echo "$end - $start" | bc -l)" "${pages:-?}" "$check"
done
