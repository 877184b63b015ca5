#!/bin/sh
# Rewrites lib/carcassonne.map from the CARC_API declarations in include/.
# Run it after adding a public function; CI checks the map is current.
set -eu
cd "$(dirname "$0")/.."
{
    echo "/* Exported symbols: exactly the CARC_API functions of include/ (scripts/gen-symbol-map.sh). */"
    echo "LIBCARCASSONNE_0 {"
    echo "  global:"
    grep -ho '^CARC_API [^(]*(' include/*.h | sed 's/^CARC_API //; s/($//' | awk '{print $NF}' | sed 's/^\*//' |
        sort | sed 's/^/    /; s/$/;/'
    echo "  local:"
    echo "    *;"
    echo "};"
} > lib/carcassonne.map
# Debian's copy of the same list (dpkg-gensymbols checks the package against it)
scripts/gen-debian-symbols.sh
