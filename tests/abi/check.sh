#!/bin/sh
# The ABI gate: builds the library of this tree with debug info and compares
# it with the committed ABI of the last release. New functions and members
# appended to the end of a struct that carries struct_size pass; anything
# else (a removed or changed function, a struct member moved or inserted,
# a changed enum value) fails. docs/abi.md says how a release moves the
# baseline.
#   tests/abi/check.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/../.."
dir="${1:-build-abi}"
[ -f "$dir/build.ninja" ] || meson setup "$dir" --buildtype=debugoptimized -Db_lto=false -Dtests=disabled >/dev/null
ninja -C "$dir" >/dev/null
baseline=$(ls tests/abi/libcarcassonne-*.abi)
echo "ABI baseline: $baseline"
abidiff --no-added-syms --suppressions tests/abi/additions.abignore --headers-dir2 include \
    --drop-private-types "$baseline" "$dir/libcarcassonne.so.0"
echo "ABI: only additions since the baseline"
