#!/usr/bin/env bash
# The JavaScript suites as one suite of tests/run.sh: the npm package under
# node and the web client in headless Chromium (tests/web/run.sh). Exit 77
# (skipped) when the tools they need are not installed.
cd "$(dirname "$0")/../.."
missing=""
for tool in node npm emcc; do command -v "$tool" >/dev/null || missing="$missing $tool"; done
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || missing="$missing chromium"
if [ -n "$missing" ]; then
    echo "skipped: needs$missing (apt-get install emscripten chromium nodejs npm)"
    exit 77
fi
exec bash tests/web/run.sh "$@"
