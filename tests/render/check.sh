#!/usr/bin/env bash
# tests/render/check.sh BUILD_DIR: draws a finished game of every built-in
# variant with carc-render (plus carc-play --svg and an unfinished game),
# opens each SVG in headless Chromium, takes a
# screenshot of the whole picture and checks it: the SVG parses as XML, the
# PNG exists, is not tiny, is not one colour, and shows the variant's
# feature colours (tests/render/pngcheck.py, standard library only); the
# symbols printed on the tiles shown are all drawn, each with its <title>,
# and no counter is a bare number (tests/render/svgcheck.py). The
# game carc-play saved is also loaded back into carc-render: the picture
# must be the same but for its caption's note.
# Needs: chromium, python3 with python3-cffi and python3-numpy (Debian
# packages; PYTHON names another interpreter).
# Pictures go to BUILD_DIR/render-check/ for a person to look at.
set -euo pipefail
build=${1:?usage: tests/render/check.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
out="$build/render-check"
rm -rf "$out"
mkdir -p "$out"
chrome=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chrome" ]; then
    echo "render check: chromium not found (apt-get install chromium)" >&2
    exit 1
fi
play="$build/examples/carc-play"
render="$build/examples/carc-render"
variants=$("$play" --help | sed -n 's/^Variants://p')
[ -n "$variants" ] || { echo "render check: no variants listed by carc-play --help" >&2; exit 1; }

failed=0
# shoot NAME: screenshot of $out/NAME.svg at the picture's own size, then the checks
shoot() {
    local svg="$out/$1.svg" png="$out/$1.png" w h profile
    if ! python3 -c 'import sys, xml.etree.ElementTree as e; e.parse(sys.argv[1])' "$svg"; then
        echo "$1: the SVG is not well-formed XML"
        failed=1
        return
    fi
    w=$(sed -n 's/^<svg[^>]* width="\([0-9]*\)".*/\1/p' "$svg" | head -n 1)
    h=$(sed -n 's/^<svg[^>]* height="\([0-9]*\)".*/\1/p' "$svg" | head -n 1)
    profile=$(mktemp -d)
    timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
        --disable-dev-shm-usage \
        --user-data-dir="$profile" --screenshot="$png" --window-size="${w:-1200},${h:-1200}" \
        "file://$svg" >"$out/$1.chromium.log" 2>&1 || true
    rm -rf "$profile"
    if [ ! -s "$png" ]; then
        echo "$1: no screenshot (see $out/$1.chromium.log)"
        failed=1
    elif [ "$(stat -c %s "$png")" -lt 20000 ]; then
        echo "$1: screenshot only $(stat -c %s "$png") bytes"
        failed=1
    elif ! python3 "$here/pngcheck.py" "$png" "$svg"; then
        failed=1
    fi
}

# symbols, counters: what the picture says against the game it shows
# (tests/render/svgcheck.py, through the Python binding)
say() {
    if ! CARC_LIB="$build" "${PYTHON:-python3}" "$here/svgcheck.py" "$out/$1.svg" "$out/$1.sav"; then
        failed=1
    fi
}

for v in $variants; do
    "$render" --variant "$v" --players 3 --seed 11 --svg "$out/$v.svg" --save "$out/$v.sav"
    shoot "$v"
    say "$v"
done
set -- $variants
first=$1
"$play" --variant "$first" --players 2 --seed 5 --quiet --save "$out/game.sav" --svg "$out/carc-play.svg" >/dev/null
shoot carc-play
"$render" --load "$out/game.sav" --svg "$out/loaded.svg"
if ! diff <(grep -v 'Loaded from' "$out/loaded.svg") <(grep -v 'Played by' "$out/carc-play.svg") >"$out/loaded.diff"; then
    echo "loaded: the saved game does not draw as the game that was saved (see $out/loaded.diff)"
    failed=1
fi
"$render" --variant "$first" --players 4 --seed 5 --turns 20 --svg "$out/unfinished.svg" --save "$out/unfinished.sav"
shoot unfinished
say unfinished

if [ "$failed" -ne 0 ]; then
    echo "render check: FAILED (pictures in $out)"
    exit 1
fi
echo "render check: every picture rendered in Chromium (pictures in $out)"
