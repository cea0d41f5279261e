#!/usr/bin/env bash
# Installs what Ledger Curator needs to build, run and test on Debian 12 (bookworm).
# Safe to run again: packages already present are left alone.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config clang-format
    qt6-base-dev qt6-base-dev-tools
    libqt6sql6-sqlite libqt6sql6-psql qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-svg-dev qt6-translations-l10n libxkbcommon-dev libgl-dev libvulkan-dev
    python3 # tst_reports reads the CSV exports back with Python's csv module
    python3-cryptography # tests/bundle-verify.py, the bundle verifier written from the docs (Ed25519)
    python3-jsonschema # tst_reconcileconformance validates against the Reconciliation API's schemas
    sqlite3 libsqlite3-dev poppler-utils xvfb xauth fonts-dejavu-core
    time # tst_pdflarge reads the peak memory of export-pdf from /usr/bin/time -v
    desktop-file-utils appstream dpkg-dev
    qtkeychain-qt6-dev postgresql
    libsodium-dev # Ed25519 signatures of corrections (models/trust, docs/signatures.md)
    clang-14 libfuzzer-14-dev libclang-rt-14-dev # the fuzz targets (fuzz/, scripts/fuzz.sh)
)
# The benchmarks compare PDF export with headless Chromium: LC_SETUP_BENCH=1 adds it.
if [ "${LC_SETUP_BENCH:-0}" = 1 ]; then
    packages+=(chromium valgrind)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "Run as root or install sudo: missing ${missing[*]}" >&2; exit 1; }
    sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
