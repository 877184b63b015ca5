#!/bin/sh
# Instructions per random game, counted by callgrind (repeatable, unlike
# wall time on a shared machine): carc-bench with G+1 games minus the same
# with 1 game, divided by G, so set-up costs drop out.
#   tests/bench/instructions.sh [VARIANT] [PLAYERS] [GAMES] [-- extra carc-bench args]
# BUILD_DIR picks the build (default build).
set -eu
cd "$(dirname "$0")/../.."
variant="${1:-base}"
players="${2:-2}"
games="${3:-2000}"
shift $(( $# < 3 ? $# : 3 ))
[ "${1:-}" = "--" ] && shift
bench="${BUILD_DIR:-build}/examples/carc-bench"
count() {
    n="$1"
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" --variant "$variant" --players "$players" \
        --seed 1 --games "$n" --no-playouts "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
many=$(count $((games + 1)) "$@")
one=$(count 1 "$@")
echo "$variant $players players $*: $(( (many - one) / games )) instructions per game ($games games)"
