#!/usr/bin/env bash
# Line and branch coverage of lib/ and variants/ by the Criterion suite and
# the fuzz seed corpora (docs/fuzzing.md, "Coverage").
#
#   tests/coverage/run.sh [BUILD_DIR] [--details FILE]
#
# Configures BUILD_DIR (default build-cov) with gcc --coverage at -O0,
# builds the suite and the corpus replayers (tests/fuzz/replay), runs the
# suite, replays every seed corpus and recorded crash, and prints gcovr's
# summary for lib/ and variants/ together, then lib/ alone. --details FILE
# also writes the per-line report (gcovr --txt with branches) there.
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
replayers="load tileset api movetext"
ninja -C "$build" tests/carc-tests $(for h in $replayers; do echo tests/fuzz/replay/replay_$h; done) >/dev/null
find "$build" -name '*.gcda' -delete
"$build/tests/carc-tests" 2>&1 | tail -n 1
for h in $replayers; do
    dirs=(tests/fuzz/corpus/$h)
    [ -d tests/fuzz/crashes/$h ] && dirs+=(tests/fuzz/crashes/$h)
    printf 'replay_%-9s' "$h:"
    "$build/tests/fuzz/replay/replay_$h" "${dirs[@]}" | tail -n 1
done
# gcov of several objects compiled from one source (the library, static and
# shared) is merged by gcovr; -j: one gcov per core
common=(--root . --object-directory "$build" -j 2 --exclude-unreachable-branches --exclude-throw-branches)
echo "coverage of lib/ and variants/:"
gcovr "${common[@]}" --filter 'lib/' --filter 'variants/' --print-summary -o /dev/null | sed 's/^/  /'
echo "coverage of lib/:"
gcovr "${common[@]}" --filter 'lib/' --print-summary -o /dev/null | sed 's/^/  /'
if [ -n "$details" ]; then
    gcovr "${common[@]}" --filter 'lib/' --filter 'variants/' --txt-metric branch --txt "$details" 2>/dev/null ||
        gcovr "${common[@]}" --filter 'lib/' --filter 'variants/' --branches -o "$details"
    echo "details: $details"
fi
