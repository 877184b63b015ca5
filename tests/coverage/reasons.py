#!/usr/bin/env python3
"""Gives every branch of lib/ the coverage run left untaken its reason.

    tests/coverage/reasons.py COVERAGE.json [--reasons FILE] [--quiet]

COVERAGE.json is what `tests/coverage/run.sh --details FILE` wrote (gcovr's
JSON). FILE (default tests/coverage/reasons.txt, next to this script) is
written by hand:

    # a comment
    class NAME  what the class means
    [lib/file.c]
    SOURCE LINE, STRIPPED => NAME: why this line's branches are not taken

An entry names its line by the stripped text of the source line, not by its
number, so an edit elsewhere in the file leaves it matching; when the same
text stands on several lines of the file, the one entry covers them all.

Prints each uncovered lib/ branch (file:line, the branches of the line not
taken, the line) with its class and why, then a count per class. Exits 1,
listing them, when an uncovered branch has no entry, when an entry matches no
uncovered branch (stale: the branch is covered now, or its line changed),
or when the reasons file names an unknown class or file; 0 otherwise."""

import argparse
import collections
import json
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SEP = " => "


def read_reasons(path):
    """Returns ({class: meaning}, {(file, text): (class, why, lineno)}, errors)."""
    classes, entries, errors = {}, {}, []
    current = None
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            where = "%s:%d" % (os.path.relpath(path, ROOT), n)
            if line.startswith("class "):
                parts = line.split(None, 2)
                if len(parts) < 3:
                    errors.append("%s: a class needs a name and a meaning" % where)
                    continue
                classes[parts[1]] = parts[2]
            elif line.startswith("[") and line.endswith("]"):
                current = line[1:-1]
                if not os.path.isfile(os.path.join(ROOT, current)):
                    errors.append("%s: no file %s" % (where, current))
            elif SEP in line and current:
                text, reason = line.rsplit(SEP, 1)
                cls, _, why = reason.partition(":")
                cls, why, text = cls.strip(), why.strip(), text.strip()
                if not why:
                    errors.append("%s: an entry needs `CLASS: why` after %r" % (where, SEP.strip()))
                key = (current, text)
                if key in entries:
                    errors.append("%s: %s `%s` given twice (first on line %d)"
                                  % (where, current, text, entries[key][2]))
                entries[key] = (cls, why, n)
            else:
                errors.append("%s: neither `class NAME MEANING`, `[FILE]` nor `TEXT => CLASS: why`" % where)
    for (file, text), (cls, _, n) in entries.items():
        if cls not in classes:
            errors.append("%s:%d: unknown class %r (known: %s)"
                          % (os.path.relpath(path, ROOT), n, cls, ", ".join(sorted(classes))))
    return classes, entries, errors


def uncovered(data, prefix):
    """Yields (file, line number, stripped text, [untaken branch indices], branch count)."""
    for f in sorted(data["files"], key=lambda f: f["file"]):
        name = f["file"]
        if not name.startswith(prefix):
            continue
        src = open(os.path.join(ROOT, name)).read().split("\n")
        for line in f["lines"]:
            if line.get("gcovr/noncode"):
                continue
            branches = line.get("branches", [])
            missed = [i for i, b in enumerate(branches) if b["count"] == 0]
            if missed:
                n = line["line_number"]
                yield name, n, src[n - 1].strip(), missed, len(branches)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("json")
    ap.add_argument("--reasons", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "reasons.txt"))
    ap.add_argument("--prefix", default="lib/")
    ap.add_argument("--quiet", action="store_true", help="print only the counts and the failures")
    a = ap.parse_args()
    classes, entries, errors = read_reasons(a.reasons)
    data = json.load(open(a.json))
    used = set()
    missing = []
    per_class = collections.Counter()
    lines_per_class = collections.Counter()
    total = 0
    for name, n, text, missed, nb in uncovered(data, a.prefix):
        total += len(missed)
        which = "%d/%d (#%s)" % (len(missed), nb, ",".join(map(str, missed)))
        e = entries.get((name, text))
        if not e:
            missing.append("%s:%d  %s  %s" % (name, n, which, text))
            continue
        used.add((name, text))
        per_class[e[0]] += len(missed)
        lines_per_class[e[0]] += 1
        if not a.quiet:
            print("%s:%d  %-12s %-10s %s\n      %s" % (name, n, which, e[0], text[:100], e[1]))
    stale = ["%s:%d: %s `%s` matches no uncovered branch" % (os.path.relpath(a.reasons, ROOT), e[2], k[0], k[1])
             for k, e in sorted(entries.items(), key=lambda kv: kv[1][2]) if k not in used]
    print("%d branches of %s not taken, on %d lines; by reason:"
          % (total, a.prefix, sum(lines_per_class.values()) + len(missing)))
    for cls in sorted(classes, key=lambda c: -per_class[c]):
        print("  %-12s %4d branches on %3d lines  %s" % (cls, per_class[cls], lines_per_class[cls], classes[cls]))
    bad = False
    if missing:
        bad = True
        print("\n%d uncovered lines have no reason (add `TEXT => CLASS: why` under their [FILE]):" % len(missing))
        print("\n".join("  " + m for m in missing))
    if stale:
        bad = True
        print("\n%d reasons are stale (remove them, or fix their text):" % len(stale))
        print("\n".join("  " + s for s in stale))
    if errors:
        bad = True
        print("\nthe reasons file has errors:")
        print("\n".join("  " + s for s in errors))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
