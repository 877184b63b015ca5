#!/usr/bin/env bash
# The one test command. Builds (if needed) and runs every suite:
#   c       the Criterion suite of the library (build/tests/carc-tests)
#   python  the binding's pytest suite (tests/python), against the same build
#   others  every tests/*/suite.sh: a hook for further suites. Such a script
#           runs its tests and prints any of Criterion's synthesis, pytest's
#           summary, node's test-runner counts ("# pass N", "# fail N") or a
#           line "N passed, N failed"; it exits 77 when its tools are missing
#           (the suite is then listed as skipped, with the script's last line
#           of output as the reason).
# The last line counts everything that ran: "N passed, N failed". The exit
# status is non-zero if anything failed or a suite could not run.
#
# Arguments go to the Criterion binary and run the C suite alone, e.g.
#   bash tests/run.sh --filter 'base_*/*'
# BUILD_DIR picks another build folder; SUITES (e.g. "c python") picks suites;
# PYTHON the interpreter (default: /usr/bin/python3, Debian's, else python3).
set -uo pipefail
cd "$(dirname "$0")/.."
dir="${BUILD_DIR:-build}"
suites="${SUITES:-c python others}"
[ $# -gt 0 ] && suites="c"
python="${PYTHON:-$( [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)}"
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
total_pass=0 total_fail=0
summary=()

# count FILE STATUS: sets pass/fail from a suite's output and exit status
count() {
    local f=$1 status=$2 line
    pass="" fail=""
    line=$(grep -a 'Synthesis: Tested:' "$f" | tail -n 1)
    if [ -n "$line" ]; then  # Criterion: failing = tested - passing, crashes included
        local tested passing
        tested=$(sed 's/.*Tested: \([0-9]*\).*/\1/' <<<"$line")
        passing=$(sed 's/.*Passing: \([0-9]*\).*/\1/' <<<"$line")
        pass=$passing fail=$((tested - passing))
    fi
    line=$(grep -aE '^=*[ ]*([0-9]+ [a-z]+(, )?)+ in [0-9.]+s' "$f" | tail -n 1)
    if [ -z "$pass" ] && [ -n "$line" ]; then  # pytest: "3 failed, 99 passed, 2 skipped in 9.1s"
        pass=$(grep -oE '[0-9]+ (passed|xpassed)' <<<"$line" | awk '{s += $1} END {print s + 0}')
        fail=$(grep -oE '[0-9]+ (failed|errors?)' <<<"$line" | awk '{s += $1} END {print s + 0}')
    fi
    if [ -z "$pass" ] && grep -aqE '^(#|ℹ) pass [0-9]+' "$f"; then  # node --test (TAP or spec)
        pass=$(grep -aE '^(#|ℹ) pass [0-9]+' "$f" | tail -n 1 | grep -oE '[0-9]+')
        fail=$(grep -aE '^(#|ℹ) fail [0-9]+' "$f" | tail -n 1 | grep -oE '[0-9]+' || echo 0)
    fi
    line=$(grep -aE '^[0-9]+ passed, [0-9]+ failed' "$f" | tail -n 1)
    if [ -z "$pass" ] && [ -n "$line" ]; then
        pass=${line%% *} fail=$(sed 's/^[0-9]* passed, \([0-9]*\) failed.*/\1/' <<<"$line")
    fi
    if [ -z "$pass" ]; then  # no count printed: the suite as a whole is one test
        if [ "$status" -eq 0 ]; then pass=1 fail=0; else pass=0 fail=1; fi
    elif [ "$status" -ne 0 ] && [ "$fail" -eq 0 ]; then
        fail=1  # it said all passed yet failed: count that
    fi
}

# record NAME STATUS: counts the output of the suite just run
record() {
    count "$log/$1.out" "$2"
    total_pass=$((total_pass + pass)) total_fail=$((total_fail + fail))
    summary+=("$1: $pass passed, $fail failed")
}

# not_run NAME REASON: a suite that should have run and could not
not_run() {
    echo "$1: not run: $2" >&2
    total_fail=$((total_fail + 1))
    summary+=("$1: not run (counted as 1 failed): $2")
}

build() {
    [ -f "$dir/build.ninja" ] || meson setup "$dir" >"$log/setup.out" 2>&1 || { cat "$log/setup.out"; return 1; }
    ninja -C "$dir" >"$log/build.out" 2>&1 || { cat "$log/build.out"; return 1; }
}

run_c() {
    if [ ! -x "$dir/tests/carc-tests" ]; then
        not_run c "$dir/tests/carc-tests was not built: Criterion was not found when $dir was set up (Debian: libcriterion-dev; then meson setup --reconfigure $dir)"
        return
    fi
    "$dir/tests/carc-tests" "$@" 2>&1 | tee "$log/c.out"
    record c "${PIPESTATUS[0]}"
}

run_python() {
    local missing="" m
    for m in cffi numpy pytest; do
        "$python" -c "import $m" 2>/dev/null || missing="$missing python3-$m"
    done
    if [ -n "$missing" ]; then
        not_run python "$python lacks the Debian packages:$missing (bash scripts/bootstrap.sh installs them)"
        return
    fi
    # a sanitizer build's runtime must be loaded before the interpreter starts
    local runtime
    runtime=$(ldd "$dir/libcarcassonne.so.0" 2>/dev/null | awk '/lib(asan|ubsan|tsan)\.so/ {print $3}' | tr '\n' ':')
    if grep -q tsan <<<"$runtime"; then
        summary+=("python: skipped: $dir is a ThreadSanitizer build")
        return
    fi
    local lib=$dir
    [ "${dir#/}" = "$dir" ] && lib=$PWD/$dir # BUILD_DIR may be absolute
    LD_PRELOAD="${runtime%:}" ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" CARC_LIB="$lib" \
        PYTHONDONTWRITEBYTECODE=1 "$python" -m pytest -q -p no:cacheprovider tests/python 2>&1 | tee "$log/python.out"
    record python "${PIPESTATUS[0]}"
}

run_others() {
    local s name status
    for s in tests/*/suite.sh; do
        [ -f "$s" ] || continue
        name=$(basename "$(dirname "$s")")
        BUILD_DIR="$dir" bash "$s" 2>&1 | tee "$log/$name.out"
        status=${PIPESTATUS[0]}
        if [ "$status" -eq 77 ]; then
            summary+=("$name: skipped: $(grep -av '^$' "$log/$name.out" | tail -n 1)")
            continue
        fi
        record "$name" "$status"
    done
}

if ! build; then
    echo "the build in $dir failed"
    echo "0 passed, 1 failed"
    exit 1
fi
for s in $suites; do
    case $s in
    c) run_c "$@" ;;
    python) run_python ;;
    others) run_others ;;
    *) not_run "$s" "no such suite (c, python, others)" ;;
    esac
done
echo
printf '%s\n' "${summary[@]}"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
