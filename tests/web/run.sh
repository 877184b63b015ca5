#!/usr/bin/env bash
# The JavaScript suites: builds the WebAssembly package (unless
# CARC_WEB_NO_BUILD=1 says it is built), runs the npm package's tests under
# node (`node --test`: the same games natively and in WebAssembly, the API,
# the package and its TypeScript declarations), then drives the web client
# (examples/web) in Debian's headless Chromium through a whole game of every
# ruleset by clicks and keys, compares the final scores with the native
# library and saves screenshots (build-js/web-screenshots, or the folder
# given). The last line is "N passed, N failed" over both.
#   bash tests/web/run.sh [SCREENSHOT_DIR]
set -uo pipefail
cd "$(dirname "$0")/../.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
missing=""
for tool in node npm emcc meson ninja cc; do command -v "$tool" >/dev/null || missing="$missing $tool"; done
[ -x "${CHROMIUM:-/usr/bin/chromium}" ] || missing="$missing chromium"
if [ -n "$missing" ]; then
    echo "FAIL - tests/web needs:$missing (apt-get install emscripten chromium meson ninja-build gcc nodejs npm)"
    echo "0 passed, 1 failed"
    exit 1
fi
if [ ! -x examples/js/node_modules/.bin/tsc ]; then
    npm --prefix examples/js ci --no-audit --no-fund >/dev/null 2>&1 ||
        echo "tests/web: npm ci failed (no registry?); the TypeScript check will fail"
fi
if [ "${CARC_WEB_NO_BUILD:-0}" != 1 ]; then
    if ! out=$(bash examples/js/scripts/build.sh 2>&1); then
        echo "$out" | tail -n 20
        echo "FAIL - the WebAssembly build"
        echo "0 passed, 1 failed"
        exit 1
    fi
fi

# CARC_TEST_SECONDS as the C and Python suites read it: 300 unless set, 0
# for none. node --test runs each test file in a process of its own, and
# --test-timeout (node 20.11 on) ends a file's process once it runs past the
# limit, even one inside a WebAssembly loop that never returns (the slowest
# file, search.test.mjs, takes about 6 s); node 18 has no such option and
# runs without a limit. play.mjs reads the same value.
seconds=300
case "${CARC_TEST_SECONDS:-}" in
'' | *[!0-9]* | ??????*) ;;
*) [ $((10#$CARC_TEST_SECONDS)) -le 86400 ] && seconds=$((10#$CARC_TEST_SECONDS)) ;;
esac
export CARC_TEST_SECONDS=$seconds
limit=()
[ "$seconds" -gt 0 ] && node --test-timeout=1000 -e 0 2>/dev/null && limit=(--test-timeout=$((seconds * 1000)))

echo "--- node --test (examples/js)"
node_out=$(cd examples/js && node --test "${limit[@]}" test/ 2>&1)
node_status=$?
echo "$node_out" | grep -E '^(not )?ok [0-9]+ - ' | sed 's/^/node: /'
[ $node_status -eq 0 ] || echo "$node_out" | grep -A 30 '^not ok' | head -n 80
echo "$node_out" | grep -q testTimeoutFailure &&
    echo "node: a test file ran past its time limit of $seconds s (CARC_TEST_SECONDS; 300 unless set): a game that never ends?"
node_pass=$(echo "$node_out" | sed -n 's/^# pass \([0-9]*\)$/\1/p')
node_fail=$(echo "$node_out" | sed -n 's/^# fail \([0-9]*\)$/\1/p')
# a file stopped at the time limit is "cancelled": a failure here
node_cancelled=$(echo "$node_out" | sed -n 's/^# cancelled \([0-9]*\)$/\1/p')
[ -n "$node_fail" ] && node_fail=$((node_fail + ${node_cancelled:-0}))
if [ -z "$node_pass" ] || { [ $node_status -ne 0 ] && [ "${node_fail:-0}" -eq 0 ]; }; then
    echo "$node_out" | tail -n 20
    node_pass=${node_pass:-0} node_fail=$((${node_fail:-0} + 1))
fi

echo "--- headless Chromium (examples/web)"
web_out=$(node tests/web/play.mjs "$@" 2>&1)
echo "$web_out" | sed '$d'
web_pass=$(echo "$web_out" | tail -n 1 | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
web_fail=$(echo "$web_out" | tail -n 1 | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
[ -n "$web_pass" ] || { web_pass=0; web_fail=1; }

pass=$((node_pass + web_pass))
fail=$((node_fail + web_fail))
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
