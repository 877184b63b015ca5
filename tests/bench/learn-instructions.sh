#!/bin/sh
# Instructions per observation, counted by callgrind: carc-learn-bench
# --observe-only K+1 minus --observe-only 1, divided by K (a mid-game
# position, written again and again into one buffer). Callgrind counts a
# `rep stosb` as one instruction per byte it stores, so libc's memset is also
# given apart: the observation cleared before it is written (observation_bytes
# a call) and the copies carc_game_projection makes of the game cleared.
#   tests/bench/learn-instructions.sh [VARIANT] [PLAYERS] [K] [-- extra carc-learn-bench args]
# BUILD_DIR picks the build (default build).
set -eu
cd "$(dirname "$0")/../.."
variant="${1:-base}"
players="${2:-2}"
k="${3:-2000}"
shift $(( $# < 3 ? $# : 3 ))
[ "${1:-}" = "--" ] && shift
bench="${BUILD_DIR:-build}/tests/bench/carc-learn-bench"
out=$(mktemp)
count() {
    n="$1"
    shift
    valgrind --tool=callgrind --callgrind-out-file="$out" "$bench" --variant "$variant" --players "$players" \
        --observe-only "$n" "$@" >/dev/null 2>&1
    total=$(callgrind_annotate "$out" | sed -n 's/^ *\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,)
    memset=$(callgrind_annotate "$out" | grep 'memset' | head -n 1 | sed -n 's/^ *\([0-9,]*\) .*/\1/p' | tr -d ,)
    echo "${total:-0} ${memset:-0}"
}
many=$(count $((k + 1)) "$@")
one=$(count 1 "$@")
set -- $many $one
rm -f "$out"
echo "$variant $players players: $(( ($1 - $3) / k )) instructions per observation, of which memset $(( ($2 - $4) / k )) ($k observations)"
