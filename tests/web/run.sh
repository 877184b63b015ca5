#!/usr/bin/env bash
# The web client in a real browser: builds the WebAssembly package (unless
# CARC_WEB_NO_BUILD=1 says it is built), then drives examples/web in Debian's
# headless Chromium through a whole game of every ruleset by clicks and keys,
# compares the final scores with the native library, and saves screenshots
# (build-js/web-screenshots, or the folder given). The last line is
# "N passed, N failed".
#   bash tests/web/run.sh [SCREENSHOT_DIR]
set -uo pipefail
cd "$(dirname "$0")/../.."
missing=""
for tool in node emcc meson ninja cc; do command -v "$tool" >/dev/null || missing="$missing $tool"; done
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || missing="$missing chromium"
if [ -n "$missing" ]; then
    echo "FAIL - tests/web needs:$missing (apt-get install emscripten chromium meson ninja-build gcc nodejs)"
    echo "0 passed, 1 failed"
    exit 1
fi
if [ "${CARC_WEB_NO_BUILD:-0}" != 1 ]; then
    if ! out=$(bash examples/js/scripts/build.sh 2>&1); then
        echo "$out" | tail -n 20
        echo "FAIL - the WebAssembly build"
        echo "0 passed, 1 failed"
        exit 1
    fi
fi
node tests/web/play.mjs "$@"
