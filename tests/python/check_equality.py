#!/usr/bin/python3
"""The library's encoder against the Python reference, array for array.

For every ruleset (each variant with its defaults and with each ruleset
option moved off its default), random games of every player count are
played and, at each decision, both encoders describe the position: every
observation array (seen by the seat to decide or by a random seat), the
legal-action mask, the index of every legal move, and the move a random
legal index plays must be equal.

    CARC_LIB=build /usr/bin/python3 tests/python/check_equality.py --positions 100000

prints one line per ruleset and a total; exit status 1 on any difference.
tests/python/test_native.py runs the same comparison on fewer positions.
"""

import argparse
import os
import random
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "examples", "python"))

import carcassonne  # noqa: E402
from carcassonne.native import NativeEncoding  # noqa: E402
from carcassonne.observation import Encoding  # noqa: E402


def rulesets():
    """(name, options) of every variant with its defaults, then with each option moved off its default."""
    out = []
    for v in carcassonne.variants():
        out.append((v.name, {}))
        for o in v.options:
            out.append((v.name, {o.name: o.max if o.default != o.max else o.min}))
    return out


def ruleset_id(name, options):
    return name + "".join("-%s=%d" % kv for kv in options.items())


def compare(name, options, positions, seed=0):
    """Compares the encoders on `positions` positions of the ruleset; returns
    (positions compared, list of differences as text, the first 20 at most)."""
    v = carcassonne.Variant.get(name)
    encodings = {}
    rng = random.Random(seed)
    done, games, diffs = 0, 0, []
    while done < positions and len(diffs) < 20:
        players = v.players[games % len(v.players)]
        if players not in encodings:
            encodings[players] = (Encoding(name, players, **options), NativeEncoding(name, players, **options))
        ref, nat = encodings[players]
        g = carcassonne.Game(name, players, rng.getrandbits(63), **options)
        games += 1
        while done < positions:
            moves = g.moves().copy()
            who = rng.choice([None] + list(range(players)))
            diffs += _compare_position(ref, nat, g, moves, who, "%s game %d position %d" % (
                ruleset_id(name, options), games, done))
            done += 1
            if not moves:
                break
            legal = np.flatnonzero(ref.legal_mask(g, moves))
            action = int(legal[rng.randrange(len(legal))])
            move = ref.move(g, action)
            if nat.move(g, action) != move:
                diffs.append("%s: action %d plays %r (reference %r)" % (name, action, nat.move(g, action), move))
            g.apply(move)
    return done, diffs[:20]


def _compare_position(ref, nat, g, moves, who, where):
    diffs = []
    a = ref.observe(g, who)
    b = nat.observe(g, who)
    if list(a) != list(b):
        return ["%s: arrays %s vs %s" % (where, list(a), list(b))]
    for k in a:
        if a[k].dtype != b[k].dtype or a[k].shape != b[k].shape or not np.array_equal(a[k], b[k]):
            bad = np.argwhere(a[k] != b[k])[:3].tolist() if a[k].shape == b[k].shape else "shape"
            diffs.append("%s, seen by %s: %s differs at %s" % (where, who, k, bad))
    ma, mb = ref.legal_mask(g, moves), nat.legal_mask(g)
    if not np.array_equal(ma, mb):
        diffs.append("%s: masks differ at %s" % (where, np.flatnonzero(ma != mb)[:5].tolist()))
    if moves and not np.array_equal(ref.indices(g, moves), nat.indices(g, moves)):
        diffs.append("%s: move indices differ" % where)
    return diffs


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=100000, help="positions per ruleset")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", action="append", help="only these (e.g. base, discovery-hand=1)")
    a = ap.parse_args(argv)
    total, bad = 0, 0
    for name, options in rulesets():
        rid = ruleset_id(name, options)
        if a.ruleset and rid not in a.ruleset:
            continue
        t = time.process_time()
        n, diffs = compare(name, options, a.positions, a.seed)
        total += n
        bad += len(diffs)
        print("%-40s %7d positions, %s (%.0f s CPU)" % (rid, n, "equal" if not diffs else "%d DIFFERENCES" % len(
            diffs), time.process_time() - t), flush=True)
        for d in diffs:
            print("    " + d)
    print("encoder equality: %d positions, %s" % (total, "all equal" if not bad else "%d differences" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
