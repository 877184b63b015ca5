#!/usr/bin/env python3
"""Lists what the coverage run left uncovered, line by line with its source.

    tests/coverage/uncovered.py COVERAGE.json [--prefix lib/] [--lines]

COVERAGE.json is what `tests/coverage/run.sh --details FILE` wrote (gcovr's
JSON). Prints, per file, each line with a branch never taken: how many of
its branches were not taken, of how many, and the line; --lines lists the
lines never run instead. docs/fuzzing.md gives the reason of each."""

import argparse
import json
import os

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("json")
    ap.add_argument("--prefix", default="lib/")
    ap.add_argument("--lines", action="store_true")
    a = ap.parse_args()
    data = json.load(open(a.json))
    total = 0
    for f in sorted(data["files"], key=lambda f: f["file"]):
        name = f["file"]
        if not name.startswith(a.prefix):
            continue
        src = open(os.path.join(ROOT, name)).read().split("\n")
        rows = []
        for line in f["lines"]:
            if line.get("gcovr/noncode"):
                continue
            n = line["line_number"]
            if a.lines:
                if line["count"] == 0:
                    rows.append("%5d  %s" % (n, src[n - 1].strip()))
                continue
            branches = line.get("branches", [])
            missed = sum(1 for b in branches if b["count"] == 0)
            if missed:
                total += missed
                rows.append("%5d  %2d/%-2d  %s" % (n, missed, len(branches), src[n - 1].strip()[:110]))
        if rows:
            print(name)
            print("\n".join(rows))
    if not a.lines:
        print("%d branches not taken" % total)


if __name__ == "__main__":
    main()
