"""Self-play games as plain functions of plain data, so that a task scheduler
(Dask, multiprocessing, a job queue) can ship them to any process or machine
that can import this package and load the library.

Policies (chosen by name so that a task carries no code):

``random``   uniform among the legal moves (one apply per decision).
``mc:K``     flat Monte Carlo: every legal move is tried on a scratch copy and
             scored by K random playouts in C (carc_game_playouts); the move
             with the best mean margin (own score minus the best other) wins.
             Tile moves and figure moves are both searched this way.
``search:N`` libcarcassonne-search's tree search, N iterations a decision
             (``search-ms:T``: T milliseconds); see :mod:`carcassonne.search`.
"""

import random
import time

import numpy as np

from ._core import Game


def _random_policy(game, moves, rng, scratch):
    return rng.randrange(len(moves))


def _mc_policy(k):
    def choose(game, moves, rng, scratch):
        n = len(moves)
        if n == 1:
            return 0
        me = game.player
        best, best_value = 0, None
        seed = rng.getrandbits(63)
        for i in range(n):
            scratch.copy_from(game)
            scratch.apply(moves[i])
            s = scratch.playouts(k, seed).astype(np.int64)
            others = np.delete(s, me, axis=1).max(axis=1) if s.shape[1] > 1 else 0
            value = float(np.mean(s[:, me] - others))
            if best_value is None or value > best_value:
                best, best_value = i, value
        return best
    return choose


def policy(name):
    """A policy function (game, moves, rng, scratch) -> index into ``moves``
    (the game's latest listing; ``scratch`` is a game to search on)."""
    if name == "random":
        return _random_policy
    if name.startswith("mc:"):
        return _mc_policy(int(name[3:]))
    if name.startswith("search"):  # search:N, search-ms:T (carcassonne.search)
        from . import search
        return search.policy(name)
    raise ValueError("unknown policy %r (random, mc:K, search:N, search-ms:T)" % name)


def new_tables(variant="base", players=2, options=None):
    """(template, game, scratch): a new game and two copies to play and search
    on. Reusing them for many games avoids allocating a game per game (which
    matters in a Dask worker, whose allocator is set to give memory back at
    once: MALLOC_TRIM_THRESHOLD_)."""
    template = Game(variant, players, 0, **(options or {}))
    return template, template.clone(), template.clone()


def play_game(variant="base", players=2, seed=0, policies=("random",), options=None, keep_save=False, tables=None):
    """Plays one game; seat p uses ``policies[p % len(policies)]``. The game is
    a new game reseeded with ``seed`` (its draws and the policies' choices
    follow from the seed alone). ``tables`` (from :func:`new_tables`, same
    variant, players and options) saves the allocations. Returns a dict of
    plain data: seed, scores, winners, decisions and (if asked) the save text."""
    template, game, scratch = tables or new_tables(variant, players, options)
    game.copy_from(template)
    game.reseed(seed)
    chooser = [policy(policies[p % len(policies)]) for p in range(players)]
    rng = random.Random(seed ^ 0x5EED)
    decisions = 0
    while True:
        moves = game.moves()
        if not moves:
            break
        i = chooser[game.player](game, moves, rng, scratch)
        game.apply_index(i)
        decisions += 1
    out = {"seed": seed, "scores": game.scores, "winners": game.winners, "decisions": decisions}
    if keep_save:
        out["save"] = game.save()
    return out


def play_batch(spec):
    """Plays ``spec["games"]`` games with seeds from ``spec["first_seed"]`` on;
    the unit of work sent to a worker. Returns the results, the wall time and
    the CPU time of the thread that played them."""
    t0, c0 = time.perf_counter(), time.thread_time()
    variant, players, options = spec.get("variant", "base"), spec.get("players", 2), spec.get("options")
    tables = new_tables(variant, players, options)
    results = [play_game(variant, players, spec["first_seed"] + i, tuple(spec.get("policies", ("random",))),
                         options, spec.get("keep_save", False), tables)
               for i in range(spec["games"])]
    return {"results": results, "seconds": time.perf_counter() - t0, "cpu_seconds": time.thread_time() - c0}


def summarize(batches, players):
    """Totals over the results of several batches: games, mean score per seat,
    wins per seat, games per CPU second of the threads that played them."""
    games, scores, wins, decisions = 0, np.zeros(players), np.zeros(players), 0
    cpu = sum(b.get("cpu_seconds", 0.0) for b in batches)
    for b in batches:
        for r in b["results"]:
            games += 1
            scores += r["scores"]
            decisions += r["decisions"]
            for w in r["winners"]:
                wins[w] += 1.0 / len(r["winners"])
    return {"games": games, "decisions": decisions,
            "mean_scores": (scores / max(games, 1)).round(2).tolist(),
            "win_share": (wins / max(games, 1)).round(3).tolist(),
            "games_per_cpu_second": round(games / cpu, 1) if cpu > 0 else None}
