#!/usr/bin/env bash
# Sixteen threads playing, copying, saving and loading games of every
# ruleset with one shared registry and tile set, under ThreadSanitizer, for
# ten minutes (docs/fuzzing.md). Not in CI: run by hand.
#
#   tests/threads/load.sh [BUILD_DIR [SECONDS [THREADS]]]
#
# BUILD_DIR (default build-tsan) is configured with -Db_sanitize=thread if
# it is not there. TSan stops at the first report (halt_on_error=1); the
# last line is carc-load's summary.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-tsan} seconds=${2:-600} threads=${3:-16}
[ -f "$build/build.ninja" ] ||
    meson setup "$build" --buildtype=debugoptimized -Db_sanitize=thread -Db_lundef=false -Db_lto=false >/dev/null
ninja -C "$build" tests/threads/carc-load >/dev/null
TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1} \
    "$build/tests/threads/carc-load" --threads "$threads" --seconds "$seconds"
