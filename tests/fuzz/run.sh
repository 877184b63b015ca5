#!/usr/bin/env bash
# Runs every libFuzzer harness for a while (docs/fuzzing.md).
#
#   tests/fuzz/run.sh BUILD_DIR SECONDS_EACH     fuzz each harness that long
#   tests/fuzz/run.sh BUILD_DIR --replay         run the recorded reproducers
#
# Each harness works on a copy of its seed corpus in a temporary directory,
# so the tree is never written to; what it finds stays in that directory
# (printed at the end) for a person to look at. Exits 1 if any harness
# crashed, leaked, timed out or broke an invariant; prints the executions.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -ne 2 ]; then
    echo "usage: $0 BUILD_DIR SECONDS_EACH | $0 BUILD_DIR --replay" >&2
    exit 2
fi
build=$1
harnesses="load tileset api movetext json learn search"
for h in $harnesses; do
    if [ ! -x "$build/tests/fuzz/fuzz_$h" ]; then
        echo "run.sh: $build/tests/fuzz/fuzz_$h missing (configure with -Dfuzz=true and build)" >&2
        exit 2
    fi
done
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

if [ "$2" = "--replay" ]; then
    # Reproducers of defects found so far: each must now run clean.
    status=0
    for h in $harnesses; do
        dir="$here/crashes/$h"
        [ -d "$dir" ] || continue
        for f in "$dir"/*; do
            [ -f "$f" ] || continue
            if "$build/tests/fuzz/fuzz_$h" "$f" >/dev/null 2>&1; then
                echo "fixed:       $h ${f#"$here"/}"
            else
                echo "still fails: $h ${f#"$here"/}"
                status=1
            fi
        done
    done
    exit $status
fi

seconds=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/carc-fuzz.XXXXXX")
# harnesses side by side, one a core (FUZZ_JOBS, default every core): each
# is one process on one thread, so two cores fuzz seven in four rounds
jobs_max=${FUZZ_JOBS:-$(nproc)}

# fuzz_one H: one harness on a copy of its corpus; its log and exit code in $work/H
fuzz_one() {
    local h=$1 rc=0 dict=()
    [ -f "$here/$h.dict" ] && dict=(-dict="$here/$h.dict")
    "$build/tests/fuzz/fuzz_$h" "$work/$h/corpus" "${dict[@]}" \
        -max_total_time="$seconds" -print_final_stats=1 -timeout=25 -rss_limit_mb=2560 \
        -artifact_prefix="$work/$h/artifacts/" >"$work/$h/log" 2>&1 || rc=$?
    echo "$rc" >"$work/$h/rc"
}

echo "=== $harnesses: ${seconds}s each, $jobs_max at a time"
for h in $harnesses; do
    mkdir -p "$work/$h/corpus" "$work/$h/artifacts"
    cp "$here/corpus/$h"/* "$work/$h/corpus/"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
    fuzz_one "$h" &
done
wait

status=0
total=0
for h in $harnesses; do
    rc=$(cat "$work/$h/rc")
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$h/log" | tail -n 1)
    cov=$(grep -E '^#[0-9]+' "$work/$h/log" | grep -o 'cov: [0-9]* ft: [0-9]*' | tail -n 1)
    echo "fuzz_$h: ${execs:-0} executions, ${cov:-no coverage line}"
    total=$((total + ${execs:-0}))
    if [ "$rc" -ne 0 ] || ls "$work/$h/artifacts"/* >/dev/null 2>&1; then
        status=1
        echo "fuzz_$h FAILED (exit $rc); log: $work/$h/log" >&2
        grep -E 'ERROR|invariant violated|runtime error|SUMMARY' "$work/$h/log" | head -n 20 >&2 || true
        ls "$work/$h/artifacts" >&2 || true
    fi
done
echo "fuzz: $total executions in all"
if [ "$status" -eq 0 ]; then
    rm -rf "$work"
else
    echo "fuzz: inputs and logs kept in $work" >&2
fi
exit $status
