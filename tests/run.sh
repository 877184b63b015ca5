#!/bin/sh
# Builds (if needed) and runs the whole Criterion suite. Extra arguments go
# to the test binary (e.g. --filter 'base_*/*'). BUILD_DIR picks another build.
set -eu
cd "$(dirname "$0")/.."
dir="${BUILD_DIR:-build}"
[ -f "$dir/build.ninja" ] || meson setup "$dir"
ninja -C "$dir" >/dev/null
exec "$dir/tests/carc-tests" "$@"
