#!/bin/sh
# The search is a caller of the engine: its sources may include system
# headers, the public headers carcassonne.h and carcassonne_search.h, and
# headers of their own folder, nothing else (no lib/ internals, no paths,
# not the ruleset-writer's carcassonne_variant.h). Run by the build
# (lib/search/meson.build) whenever a source changes.
#   scripts/check-search-includes.sh FILE...
set -eu
status=0
for f in "$@"; do
    dir=$(dirname "$f")
    grep -n '^[[:space:]]*#[[:space:]]*include' "$f" > /tmp/carc-search-inc.$$ || true
    while IFS= read -r line; do
        name=$(printf '%s\n' "$line" | sed 's/.*include[[:space:]]*[<"]\([^>"]*\)[>"].*/\1/')
        ok=1
        case "$name" in
        carcassonne.h | carcassonne_search.h) ;;
        *carcassonne_variant.h | *internal.h | *..*) ok=0 ;;
        *)
            case "$line" in
            *\"*) case "$name" in */*) ok=0 ;; *) [ -f "$dir/$name" ] || ok=0 ;; esac ;;
            esac ;;
        esac
        if [ "$ok" = 0 ]; then
            echo "$f:$line: lib/search may include system headers, carcassonne.h, carcassonne_search.h and its own headers only" >&2
            status=1
        fi
    done < /tmp/carc-search-inc.$$
    rm -f /tmp/carc-search-inc.$$
done
exit $status
