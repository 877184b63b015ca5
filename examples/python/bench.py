#!/usr/bin/python3
"""Speed of the binding: random games from Python against the C benchmark.

    CARC_LIB=build-py PYTHONPATH=examples/python python3 examples/python/bench.py \\
        --c-bench build-py/examples/carc-bench

Every figure is the median of --runs runs. Measured:
- games/s of random 2-player games played from Python, one apply per
  decision, uniform among the legal moves: with Move objects
  (``g.apply(moves[i])``) and by index (``g.apply_index(i)``); each game is
  a copy of a prepared game, reseeded, as in carc-bench;
- games/s of ``game.playouts(n, seed)`` from the start position;
- the C benchmark (carc-bench), when its path is given;
- the cost of single calls through the binding, in ns;
- the learning environments: ``observe_us:`` (one C observation of a
  mid-game base position, 2 players) and ``vector_env_steps_per_cpu_second:``
  (the Python vector environment, base, 2 players, 256 games, random legal
  actions, observations and masks written every step); ``--learning`` prints
  only these, ``--learning-split`` what Python adds to the C step,
  ``--learning-rulesets`` adds a row per ruleset and
  ``--learn-bench PATH`` the C per-step breakdown of carc-learn-bench.
"""

import argparse
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import time
import timeit

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import carcassonne as cc  # noqa: E402


def timed(fn):
    """(wall seconds, CPU seconds of this process) of fn()."""
    w, c = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w, time.process_time() - c


def python_games(variant, players, games, seed, by_index):
    return timed(lambda: _python_games(variant, players, games, seed, by_index))


def _python_games(variant, players, games, seed, by_index):
    # as carc-bench does: each game a copy of a prepared one, reseeded
    rng = random.Random(seed)
    start = cc.Game(variant, players, seed)
    g = start.clone()
    for s in range(games):
        g.copy_from(start)
        g.reseed(seed + s)
        if by_index:
            while (moves := g.moves()):
                g.apply_index(rng.randrange(len(moves)))
        else:
            while (moves := g.moves()):
                g.apply(moves[rng.randrange(len(moves))])


def playout_games(variant, players, games, seed):
    g = cc.Game(variant, players, seed)
    return timed(lambda: g.playouts(games, seed))


def c_bench(path, variant, players, games, playouts):
    """carc-bench's own wall-clock figure, and games per CPU second of the child."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cmd = [path, "--variant", variant, "--players", str(players), "--games", str(games)]
    out = subprocess.run(cmd + ([] if playouts else ["--no-playouts"]), capture_output=True, text=True,
                         check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    key = "playouts_per_second" if playouts else "games_per_second"
    wall_rate = float(re.search(key + r": (\S+)", out).group(1))
    # with playouts the child also played the move-by-move games first: no clean CPU split
    return wall_rate, (games / cpu if not playouts else None)


def call_costs(number=200000):
    """CPU ns per call of a few cheap calls, through the objects and through raw cffi
    (CPU time: on a shared machine wall time also counts the other processes)."""
    g = cc.Game("base", 2, 1)
    lister = g.clone()  # its listings must not overwrite the buffer `moves` views
    p = cc.ffi.new("int *")
    lib, raw = cc.lib, g._g
    moves = g.moves()
    m = moves[0]
    costs = {}
    tests = {
        "raw cffi: lib.carc_game_score(g, 0, &s)": lambda: lib.carc_game_score(raw, 0, p),
        "game.score(0)": lambda: g.score(0),
        "game.state (phase, player)": lambda: g.state,
        "moves[i] (one Move value)": lambda: moves[0],
        "game.moves() (%d moves listed, C work included)" % len(moves): lister.moves,
    }
    for name, fn in tests.items():
        costs[name] = min(timeit.repeat(fn, number=number, repeat=5, timer=time.process_time)) / number * 1e9
    # apply + undo through copy: the cost of one applied move from Python
    scratch = g.clone()
    n = number // 10
    t = min(timeit.repeat(lambda: (scratch.copy_from(g), scratch.apply(m)), number=n, repeat=5, timer=time.process_time)) / n * 1e9
    t0 = min(timeit.repeat(lambda: scratch.copy_from(g), number=n, repeat=5, timer=time.process_time)) / n * 1e9
    costs["game.apply(move) (measured after copy_from, its cost removed)"] = t - t0
    costs["game.copy_from(other)"] = t0
    return costs


def observe_us(variant="base", players=2, decisions=70, number=20000, runs=5, options=None):
    """CPU microseconds of one C observation (carc_encoding_observe through
    cffi, arguments prepared once) of a mid-game position: the game after
    `decisions` random decisions."""
    from carcassonne.native import NativeEncoding
    enc = NativeEncoding(variant, players, **(options or {}))
    g = cc.Game(variant, players, 1, **(options or {}))
    rng = random.Random(1)
    for _ in range(decisions):
        moves = g.moves()
        if not moves:
            break
        g.apply_index(rng.randrange(len(moves)))
    buf = enc.buffer()
    ptr, size, e, raw = cc.ffi.from_buffer(buf), buf.nbytes, enc._e, g._g
    call = cc.lib.carc_encoding_observe
    best = timeit.repeat(lambda: call(e, raw, -1, ptr, size), number=number, repeat=runs, timer=time.process_time)
    return statistics.median(best) / number * 1e6


def vector_steps_per_cpu_second(variant="base", players=2, games=256, steps=300, runs=5, threads=0, options=None):
    """Steps (one game step each) per CPU second of the Python vector
    environment: random legal actions, observations and masks written at
    every step, zero-copy views returned. Median of `runs` runs."""
    from carcassonne.vector import CarcassonneVectorEnv
    env = CarcassonneVectorEnv(variant, players, games, copy=False, threads=threads, **(options or {}))
    rates = []
    for r in range(runs):
        env.reset(seed=r)
        rng = np.random.default_rng(r)
        t = time.process_time()
        for _ in range(steps):
            env.step(env.sample_legal_actions(rng))
        rates.append(steps * games / (time.process_time() - t))
    return statistics.median(rates)


def vector_split(games=256, steps=300, runs=5):
    """Steps per CPU second of the batch alone, the batch with its sampler and
    the vector environment, in one process: what Python adds to the C step."""
    from carcassonne.native import Batch, NativeEncoding
    from carcassonne.vector import CarcassonneVectorEnv
    env = CarcassonneVectorEnv("base", 2, games, copy=False)
    b = Batch(NativeEncoding("base", 2), games)
    rates = {"batch.step alone": [], "batch.step + sample_legal": [], "vector env step + sample_legal_actions": []}
    for r in range(runs):
        rng = np.random.default_rng(r)
        b.reset(seed=r)
        spent = 0.0
        for _ in range(steps):
            acts = b.sample_legal(rng)
            t = time.process_time()
            b.step(acts)
            spent += time.process_time() - t
        rates["batch.step alone"].append(steps * games / spent)
        b.reset(seed=r)
        t = time.process_time()
        for _ in range(steps):
            b.step(b.sample_legal(rng))
        rates["batch.step + sample_legal"].append(steps * games / (time.process_time() - t))
        env.reset(seed=r)
        t = time.process_time()
        for _ in range(steps):
            env.step(env.sample_legal_actions(rng))
        rates["vector env step + sample_legal_actions"].append(steps * games / (time.process_time() - t))
    return {k: statistics.median(v) for k, v in rates.items()}


def learning(a):
    """The learning-environment figures: the two bar lines for base, then every ruleset."""
    print("observe_us: %.3f" % observe_us(runs=a.runs))
    print("vector_env_steps_per_cpu_second: %.0f" % vector_steps_per_cpu_second(runs=a.runs, steps=a.vector_steps))
    if a.learning_rulesets:
        print("\n| ruleset | observe_us (C, mid-game) | vector env steps per CPU second (256 games) |\n"
              "| --- | ---: | ---: |")
        for v in cc.variants():
            setups = [(v.name, {})] + [(v.name, {o.name: o.max if o.default != o.max else o.min})
                                       for o in v.options if o.name == "hand"]
            for name, opts in setups:
                label = name + "".join(" %s=%d" % kv for kv in opts.items())
                print("| %s | %.2f | %.0f |" % (label, observe_us(name, 2, runs=a.runs, options=opts),
                                                 vector_steps_per_cpu_second(name, 2, runs=a.runs,
                                                                             steps=a.vector_steps, options=opts)),
                      flush=True)
    if a.learning_split:
        print("\n| base, 2 players, 256 games | steps per CPU second |\n| --- | ---: |")
        for name, rate in vector_split(steps=a.vector_steps, runs=a.runs).items():
            print("| %s | %.0f |" % (name, rate))
    if a.learn_bench:
        print()
        print(subprocess.run([a.learn_bench, "--runs", str(a.runs)], capture_output=True, text=True,
                             check=True).stdout, end="")


def main(argv=None):
    ap = argparse.ArgumentParser(description="binding benchmark")
    ap.add_argument("--variant", default="base")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=2000, help="games per Python run")
    ap.add_argument("--playouts", type=int, default=20000, help="playouts per run")
    ap.add_argument("--c-games", type=int, default=20000, help="games per carc-bench run")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--c-bench", help="path of carc-bench to compare with")
    ap.add_argument("--learning", action="store_true",
                    help="only the learning-environment figures (observe_us, vector_env_steps_per_cpu_second)")
    ap.add_argument("--learning-rulesets", action="store_true", help="with --learning: a row for every ruleset")
    ap.add_argument("--learning-split", action="store_true",
                    help="with --learning: the batch alone, with its sampler, and the vector env, in one process")
    ap.add_argument("--vector-steps", type=int, default=300, help="vector env steps per run (256 games each)")
    ap.add_argument("--learn-bench", help="path of carc-learn-bench, for the C per-step breakdown")
    a = ap.parse_args(argv)
    if a.learning:
        print("library %s (%s); median of %d runs; load average %.1f" % (
            cc.version(), cc.LOAD_INFO["library"], a.runs, os.getloadavg()[0]))
        learning(a)
        return 0
    print("library %s (%s), %s, %d players; median of %d runs; load average %.1f" % (
        cc.version(), cc.LOAD_INFO["library"], a.variant, a.players, a.runs, os.getloadavg()[0]))
    rows = []  # (what, wall games/s, CPU games/s)
    med = statistics.median
    if a.c_bench:
        c = [c_bench(a.c_bench, a.variant, a.players, a.c_games, False) for _ in range(a.runs)]
        rows.append(("C, carc-bench, move by move", med(x[0] for x in c), med(x[1] for x in c)))
        c = [c_bench(a.c_bench, a.variant, a.players, a.c_games, True) for _ in range(a.runs)]
        rows.append(("C, carc-bench, carc_game_playouts", med(x[0] for x in c), None))
    for what, fn, n, extra in (
            ("Python, game.playouts(n, seed)", playout_games, a.playouts, ()),
            ("Python, g.apply(moves[i]) per decision", python_games, a.games, (False,)),
            ("Python, g.apply_index(i) per decision", python_games, a.games, (True,))):
        t = [fn(a.variant, a.players, n, a.seed, *extra) for _ in range(a.runs)]
        rows.append((what, n / med(x[0] for x in t), n / med(x[1] for x in t)))
    print("| how | games/s (wall) | games per CPU second |\n| --- | ---: | ---: |")
    for name, wall, cpu in rows:
        print("| %s | %.0f | %s |" % (name, wall, "%.0f" % cpu if cpu else "-"))
    print("\n| call | ns |\n| --- | ---: |")
    for name, ns in call_costs().items():
        print("| %s | %.0f |" % (name, ns))
    print()
    learning(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
