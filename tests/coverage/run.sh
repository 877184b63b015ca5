#!/usr/bin/env bash
# Line and branch coverage of lib/ and variants/ by the Criterion suite and
# the fuzz seed corpora (docs/fuzzing.md, "Coverage").
#
#   tests/coverage/run.sh [BUILD_DIR] [--details FILE]
#
# Configures BUILD_DIR (default build-cov) with gcc --coverage at -O0,
# builds the suite and the corpus replayers (tests/fuzz/replay), runs the
# suite, replays every seed corpus and recorded crash, and prints gcovr's
# summary for lib/ and variants/ together, then lib/ alone, then checks that
# every branch of lib/ left untaken has its reason (tests/coverage/reasons.py,
# reasons.txt; exit 1 if not). --details FILE: where the merged gcovr JSON
# goes (default BUILD_DIR/coverage-details.json).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=build-cov details=
while [ $# -gt 0 ]; do
    case $1 in
    --details) details=$2; shift 2 ;;
    *) build=$1; shift ;;
    esac
done
command -v gcovr >/dev/null || { echo "coverage: gcovr missing (apt-get install gcovr)" >&2; exit 2; }
[ -f "$build/build.ninja" ] ||
    meson setup "$build" --buildtype=debug -Db_coverage=true -Db_lto=false >/dev/null
replayers="load tileset api movetext json"
ninja -C "$build" tests/carc-tests $(for h in $replayers; do echo tests/fuzz/replay/replay_$h; done) >/dev/null
# stale counts of an earlier run in the SSE2 and plain-C builds would be read too
find "$build" "$build-sse2" "$build-plain" -name '*.gcda' -delete 2>/dev/null || true
"$build/tests/carc-tests" 2>&1 | tail -n 1
for h in $replayers; do
    dirs=(tests/fuzz/corpus/$h)
    [ -d tests/fuzz/crashes/$h ] && dirs+=(tests/fuzz/crashes/$h)
    printf 'replay_%-9s' "$h:"
    "$build/tests/fuzz/replay/replay_$h" "${dirs[@]}" | tail -n 1
done
# gcov of several objects compiled from one source (the library, static and
# shared) is merged by gcovr; -j: one gcov per core
common=(--root . -j 2 --exclude-unreachable-branches --exclude-throw-branches --filter 'lib/' --filter 'variants/')
traces=("$build/coverage.json")
gcovr "${common[@]}" --object-directory "$build" --json -o "$build/coverage.json" "$build"

# The tile listing and the monastery search have other forms for CPUs
# without AVX2 (SSE2) and without SSE2 (plain C), compiled out here: two
# more builds run the tests of listing and the corpora, and count too.
for form in sse2:-DCARC_NO_AVX2 plain:-U__SSE2__; do
    dir=$build-${form%%:*}
    [ -f "$dir/build.ninja" ] ||
        meson setup "$dir" --buildtype=debug -Db_coverage=true -Db_lto=false -Dc_args="${form#*:}" >/dev/null
    ninja -C "$dir" tests/carc-tests $(for h in $replayers; do echo tests/fuzz/replay/replay_$h; done) >/dev/null
    find "$dir" -name '*.gcda' -delete
    for f in 'core_moves/*' 'discovery_moves/*' 'core_limits/*' '*/*matches_reference*' 'core_draws/*' 'core_hands/*' 'core_big_sets/*'; do
        "$dir/tests/carc-tests" --filter "$f" >/dev/null 2>&1 || { echo "coverage: $dir: tests $f fail" >&2; exit 1; }
    done
    for h in $replayers; do "$dir/tests/fuzz/replay/replay_$h" tests/fuzz/corpus/$h >/dev/null; done
    gcovr "${common[@]}" --object-directory "$dir" --json -o "$dir/coverage.json" "$dir"
    traces+=("$dir/coverage.json")
done
merged=()
for t in "${traces[@]}"; do merged+=(--add-tracefile "$t"); done
echo "coverage of lib/ and variants/ (the suite and the corpora; the SSE2 and plain-C forms by their tests):"
# the text report goes to a file of the build, never -o /dev/null: gcovr 5.2
# unlinks an existing output file first, and run as root that replaced the
# machine's /dev/null by a regular file that later redirections filled
gcovr "${merged[@]}" --print-summary -o "${traces[0]%/*}/coverage.txt" | sed 's/^/  /'
echo "coverage of lib/:"
gcovr "${merged[@]}" --filter 'lib/' --print-summary -o "${traces[0]%/*}/coverage-lib.txt" | sed 's/^/  /'
[ -n "$details" ] || details=${traces[0]%/*}/coverage-details.json
gcovr "${merged[@]}" --json -o "$details"
echo "details (gcovr JSON; tests/coverage/uncovered.py lists what is not covered): $details"
# every branch of lib/ left untaken has its reason in tests/coverage/reasons.txt
# (a JSON read: a second or two); fails naming any without one, and any
# reason whose branch is covered now or whose line changed
echo "reasons of the untaken branches of lib/ (tests/coverage/reasons.py):"
python3 tests/coverage/reasons.py "$details" --quiet | sed 's/^/  /'
exit "${PIPESTATUS[0]}"
