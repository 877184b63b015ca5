#!/bin/sh
# Instructions a turn, band by band of turns, on a ruleset's tile set with
# every tile copied K times (carc-bands.c): carc-bands under callgrind dumps
# its counts at the end of each band of each game, and this adds up each
# band over the games and divides by the turns played in it.
#   tests/bench/bands.sh [VARIANT] [TIMES] [GAMES] [BAND]
# BUILD_DIR picks the build (default build).
set -eu
cd "$(dirname "$0")/../.."
variant="${1:-base}"
times="${2:-14}"
games="${3:-3}"
band="${4:-100}"
bin="${BUILD_DIR:-build}/tests/bench/carc-bands"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
valgrind --tool=callgrind --dump-instr=no --callgrind-out-file="$dir/out.%p" "$bin" --variant "$variant" \
    --times "$times" --games "$games" --band "$band" > "$dir/stdout" 2> "$dir/stderr"
head -n 1 "$dir/stdout"
# each dump names its band ("desc: Trigger: Client Request: band N") and
# gives its instructions ("summary: N")
for f in "$dir"/out.*; do
    b=$(sed -n 's/^desc: Trigger: Client Request: band \([0-9]*\)$/\1/p' "$f")
    [ -n "$b" ] && echo "sum $b $(sed -n 's/^summary: \([0-9]*\)$/\1/p' "$f")"
done > "$dir/sums"
awk -v band="$band" '
    FNR == NR && /^band [0-9]+:/ { sub(":", "", $2); turns[$2] = $3; moves[$2] = $8; next }
    $1 == "sum" { sum[$2] += $3; if ($2 + 0 > last) last = $2 + 0 }
    END {
        for (b = 0; b <= last; b++)
            printf "turns %d-%d: %d turns, %.0f instructions a turn, %s moves listed a turn\n",
                b * band + 1, (b + 1) * band, turns[b], sum[b] / turns[b], moves[b]
    }' "$dir/stdout" "$dir/sums"
