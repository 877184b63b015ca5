#!/bin/sh
# Rewrites lib/carcassonne.map from the CARC_API declarations in include/
# (and lib/search/carcassonne-search.map from carcassonne_search.h).
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
# libcarcassonne-search exports the CARC_SEARCH_API functions of its header.
{
    echo "/* Exported symbols: exactly the CARC_SEARCH_API functions of include/carcassonne_search.h (scripts/gen-symbol-map.sh). */"
    echo "LIBCARCASSONNE_SEARCH_0 {"
    echo "  global:"
    grep -ho '^CARC_SEARCH_API [^(]*(' include/carcassonne_search.h | sed 's/^CARC_SEARCH_API //; s/($//' |
        awk '{print $NF}' | sed 's/^\*//' | sort | sed 's/^/    /; s/$/;/'
    echo "  local:"
    echo "    *;"
    echo "};"
} > lib/search/carcassonne-search.map
# Debian's copy of the same list (dpkg-gensymbols checks the package against it)
scripts/gen-debian-symbols.sh
