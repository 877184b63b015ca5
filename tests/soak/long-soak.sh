#!/usr/bin/env bash
# The long soak (docs/fuzzing.md): GAMES random games of every built-in
# variant (and the option setups carc-soak adds) under AddressSanitizer and
# UndefinedBehaviorSanitizer, every invariant checked after every move.
#
#   tests/soak/long-soak.sh BUILD_DIR LOG_DIR [GAMES [JOBS [CHUNK]]]
#
# BUILD_DIR is a sanitizer build, e.g.
#   meson setup build-soak --buildtype=debugoptimized -Db_sanitize=address,undefined \
#       -Db_lundef=false -Dtests=disabled && ninja -C build-soak tests/soak/carc-soak
# The games go in chunks of CHUNK per variant (default 20000), round robin
# over the variants, JOBS at a time (default 2), each chunk with its own
# seed, so a run stopped early has sampled every variant evenly. Every
# chunk's last line goes to LOG_DIR/results (one line: variant, seed,
# "soak: G games, M moves, V violations"); a chunk that finds something
# keeps its whole output in LOG_DIR. `tests/soak/long-soak.sh --sum LOG_DIR`
# adds the results up per variant. Runs under nice -n 10. A run given a
# LOG_DIR that already has results goes on where it stopped: a chunk whose
# variant and seed are in LOG_DIR/results is not played again, so the
# million games can be gathered over several sittings.
set -euo pipefail
if [ "${1:-}" = "--sum" ]; then
    awk '{ v=$1; g[v]+=$4; m[v]+=$6; x[v]+=$8; n[v]++ }
         END { for (v in g) printf "%-20s %9d games %11d moves %d violations (%d chunks)\n", v, g[v], m[v], x[v], n[v] }' \
        "$2/results" | sort
    exit 0
fi
if [ $# -lt 2 ]; then
    sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
build=$1 logs=$2 games=${3:-1000000} jobs=${4:-2} chunk=${5:-20000}
soak=$build/tests/soak/carc-soak
[ -x "$soak" ] || { echo "long-soak.sh: $soak missing" >&2; exit 2; }
mkdir -p "$logs"
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1
variants=$("$soak" --games 0 2>/dev/null | grep -v '^soak: [0-9]' | sed -n 's/^soak: \([^ ]*\) .*/\1/p' | sort -u)
chunks=$(( (games + chunk - 1) / chunk ))
touch "$logs/results"
run_chunk() { # variant k
    local v=$1 k=$2 seed=$((1000 + $2)) out
    grep -q "^$v $seed soak: " "$logs/results" && return 0 # played in an earlier sitting
    out=$(nice -n 10 "$soak" --games "$chunk" --variant "$v" --seed "$seed" --mixed-rules 2>&1) || true
    printf '%s %s %s\n' "$v" "$seed" "$(printf '%s\n' "$out" | tail -n 1)" >> "$logs/results"
    case $(printf '%s\n' "$out" | tail -n 1) in *" 0 violations") ;; *) printf '%s\n' "$out" > "$logs/$v-$seed.log" ;; esac
}
for ((k = 0; k < chunks; k++)); do
    for v in $variants; do
        while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
        run_chunk "$v" "$k" &
    done
done
wait
"$0" --sum "$logs"
