#!/bin/sh
# The ABI gate of libcarcassonne-search, as tests/abi/check.sh is the
# engine's: the library of this tree, built with debug information, against
# the committed ABI of its last release. New functions and members appended
# to a struct that carries struct_size pass; anything else fails.
#   tests/abi-search/check.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/../.."
dir="${1:-build-abi}"
[ -f "$dir/build.ninja" ] || meson setup "$dir" --buildtype=debugoptimized -Db_lto=false -Dtests=disabled >/dev/null
ninja -C "$dir" >/dev/null
baseline=$(ls tests/abi-search/libcarcassonne-search-*.abi)
echo "ABI baseline: $baseline"
abidiff --no-added-syms --suppressions tests/abi/additions.abignore --headers-dir2 include \
    --drop-private-types "$baseline" "$dir/lib/search/libcarcassonne-search.so.0"
echo "ABI: only additions since the baseline"
