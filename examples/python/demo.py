#!/usr/bin/python3
"""A game between a Monte Carlo bot (seat 0) and a random one, move by move.

    PYTHONPATH=examples/python python3 examples/python/demo.py --variant base --seed 42

The bot tries every legal move on a scratch copy and keeps the one whose
random playouts (run in C by game.playouts) end with the best margin.
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402

import carcassonne as cc  # noqa: E402


def best_move(game, moves, scratch, playouts, seed):
    me = game.player
    values = []
    for m in moves:
        scratch.copy_from(game)
        scratch.apply(m)
        s = scratch.playouts(playouts, seed).astype(np.int64)
        others = np.delete(s, me, axis=1).max(axis=1)
        values.append(float(np.mean(s[:, me] - others)))
    return moves[int(np.argmax(values))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="base")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--playouts", type=int, default=16)
    ap.add_argument("--rule", action="append", default=[], help="NAME=VALUE")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()
    options = {k: int(v) for k, _, v in (r.partition("=") for r in a.rule)}
    g = cc.Game(a.variant, 2, a.seed, **options)
    scratch = g.clone()
    rng = random.Random(a.seed)
    print("%s, library %s" % (g.variant.title, cc.version()))
    while (moves := g.moves()):
        player = g.player
        if player == 0:
            m = best_move(g, moves.copy(), scratch, a.playouts, rng.getrandbits(32))
        else:
            m = moves[rng.randrange(len(moves))]
        if not a.quiet:
            print("player %d: %s" % (player, g.format_move(m)))
        g.apply(m)
    for p in range(2):
        print("player %d: %3d  %s" % (p, g.score(p), g.breakdown(p)))
    print("winners:", g.winners)


if __name__ == "__main__":
    main()
