#!/usr/bin/env bash
# clang-format (14, .clang-format at the root) over every C++ source of the tree.
#   scripts/format.sh          rewrites the files in place
#   scripts/format.sh --check  changes nothing; fails, naming each file and line, if one is unformatted
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format="${CLANG_FORMAT:-$(command -v clang-format-14 || command -v clang-format || true)}"
[ -n "$clang_format" ] || { echo "format.sh: clang-format is needed (apt-get install clang-format)" >&2; exit 1; }
mapfile -t files < <(find app models ui server tests bench fuzz \( -name '*.cpp' -o -name '*.h' \) | sort)
if [ "${1:-}" = --check ]; then
    "$clang_format" --dry-run --Werror "${files[@]}"
    echo "format.sh: ${#files[@]} files formatted as .clang-format says"
else
    "$clang_format" -i "${files[@]}"
fi
