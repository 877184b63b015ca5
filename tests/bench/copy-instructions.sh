#!/bin/sh
# Instructions per carc_game_copy, counted by callgrind: carc-copy-bench with
# N copies minus the same with none, divided by N.
#   tests/bench/copy-instructions.sh [VARIANT] [DECISIONS] [COPIES]
# BUILD_DIR picks the build (default build).
set -eu
cd "$(dirname "$0")/../.."
variant="${1:-base}"
decisions="${2:-60}"
copies="${3:-2000}"
bench="${BUILD_DIR:-build}/tests/bench/carc-copy-bench"
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" --variant "$variant" --decisions "$decisions" \
        --copies "$1" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
many=$(count "$copies")
none=$(count 0)
echo "$variant, root after $decisions decisions: $(( (many - none) / copies )) instructions per copy ($copies copies)"
