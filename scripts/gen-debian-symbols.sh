#!/bin/sh
# Brings debian/libcarcassonne0.symbols up to date with the symbol maps
# (lib/carcassonne.map and any lib/*/*.map of a further library), for
# dpkg-gensymbols, the ABI gate Debian applies when the package is built:
# a symbol missing from the library, or one the file does not list, fails it.
# Run by scripts/gen-symbol-map.sh; CI checks the file is current.
#
# Lines already in the file are kept as they are (a removed function stays
# listed, so the package build fails, as it must). A new symbol is listed with
# the version of the last release whose ABI baseline (tests/abi/*.abi) has
# it, else with the project's version in meson.build: the first version that
# provides it. A map's version node names its library: LIBCARCASSONNE_0 is
# libcarcassonne.so.0, LIBCARCASSONNE_SEARCH_0 would be libcarcassonne-search.so.0.
set -eu
cd "$(dirname "$0")/.."
out=debian/libcarcassonne0.symbols
version=$(sed -n "s/^ *version *: *'\([^']*\)'.*/\1/p" meson.build | head -n 1)
old=$(mktemp)
trap 'rm -f "$old" "$old.new"' EXIT
[ -f "$out" ] && cp "$out" "$old"
{
    for map in lib/*.map lib/*/*.map; do
        [ -f "$map" ] || continue
        node=$(sed -n 's/^\([A-Z][A-Z0-9_]*\) *{.*/\1/p' "$map" | head -n 1)
        lib=$(echo "$node" | tr 'A-Z' 'a-z' | sed 's/_\([0-9]*\)$/.so.\1/; s/_/-/g')
        echo "$lib libcarcassonne0 #MINVER#"
        echo "* Build-Depends-Package: libcarcassonne-dev"
        # the library's entries already listed, then the map's symbols not yet there
        awk -v lib="$lib" '/^[^ *]/ {inlib = ($1 == lib)} inlib && /^ / {print}' "$old" > "$old.new"
        { echo "$node"; grep -o '^ *carc_[A-Za-z0-9_]*;' "$map" | tr -d ' ;'; } | while read -r sym; do
            grep -q "^ $sym@$node " "$old.new" && continue
            since=$version
            for abi in tests/abi/*.abi; do
                [ -f "$abi" ] || continue
                if grep -q "elf-symbol name='$sym'" "$abi" || { [ "$sym" = "$node" ] && grep -q "version='$node'" "$abi"; }; then
                    since=$(basename "$abi" .abi | sed 's/.*-//')
                fi
            done
            echo " $sym@$node $since"
        done >> "$old.new"
        LC_ALL=C sort -t@ -k1,1 "$old.new"
    done
} > "$out.tmp"
mv "$out.tmp" "$out"
