#!/usr/bin/env python3
"""svgcheck.py SVG SAVE: checks what a picture from carc-render says against
the game it shows (the saved game, read through the Python binding:
carc_game_state_json and carc_tileset_json).

- Symbols: every attribute printed on a tile of the picture (the board and
  the tiles out of the game) is drawn as a glyph with an SVG <title> naming
  it, once per copy up to three (once with "x N" beyond), plus one sample in
  the legend; the count of each title must be exactly that. Attributes that
  describe a tile's shape (junction, ends) have no glyph.
- Counters: no text of the picture is a run of bare numbers ("0 1 0 0"):
  every value is labelled.
- Legend: every entry has a sample and a text that says something.
Prints one line; exit status 0 when the picture passes."""
import collections
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))
import carcassonne  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
SHAPE_KEYS = {"junction", "ends"}


def expected_glyphs(state, tileset):
    """word -> glyphs the picture must draw for the tiles it shows."""
    types = tileset["types"]
    shown = [t["type"] for t in state["board"]]
    shown += [t["type"] for t in state["out_of_play"] if t["type"] is not None]
    if not state["over"]:
        for seat in state["seats"]:
            shown += [t["type"] for t in seat["hand"]]
    count = collections.Counter()
    for ty in shown:
        for feat in types[ty]["features"]:
            for name, value in feat["attributes"].items():
                if name.split(".")[0] in SHAPE_KEYS:
                    continue
                count[name.rsplit(".", 1)[-1]] += value if value <= 3 else 1
    for word in list(count):
        count[word] += 1  # the legend's sample
    return count


def drawn_glyphs(root):
    count = collections.Counter()
    for g in root.iter(SVG + "g"):
        title = g.find(SVG + "title")
        if title is not None and title.text:
            count[title.text.split(" \u00d7")[0]] += 1
    return count


def bare_counters(root):
    bad = []
    for t in root.iter(SVG + "text"):
        text = "".join(t.itertext()).strip()
        if re.search(r"(^|[:\s])-?\d+( -?\d+)+($|\s)", text):
            bad.append(text)
    return bad


def main():
    svg_path, save_path = sys.argv[1], sys.argv[2]
    game = carcassonne.Game.load(open(save_path).read())
    state = json.loads(game.state_json())
    tileset = json.loads(game.tileset.json())
    root = ET.parse(svg_path).getroot()
    problems = []
    want, got = expected_glyphs(state, tileset), drawn_glyphs(root)
    for word in sorted(set(want) | set(got)):
        if want[word] != got[word]:
            problems.append("%s: %d glyphs titled, %d expected" % (word, got[word], want[word]))
    bare = bare_counters(root)
    if bare:
        problems.append("bare numbers: %s" % "; ".join(bare[:3]))
    summary = ", ".join("%s %d" % kv for kv in sorted(got.items())) or "no symbols"
    print("%s: %s%s" % (os.path.basename(svg_path), summary, "; FAIL: " + "; ".join(problems) if problems else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
