"""Bot against bot on paired deals, from Python: the arithmetic of
``carc-arena`` (examples/arena.h) over policies written in Python.

A deal is played once per rotation of the seats (A in one seat, B in all
the others), so each deal's tile order and seat luck cancel inside it.
A's result in a game is its score against each B seat (1 for a higher
final score, 0.5 for an equal one) averaged over the B seats; deals are
the samples of the 95% intervals and of the sequential test.

Policies are names (``random``, ``mc:K``, ``search:N``, ``search-ms:T``;
see :mod:`carcassonne.selfplay`) or functions (game, moves, rng, scratch)
-> index into ``moves``. Each seat's ``rng`` is seeded from the deal and the
seat alone, so a policy against itself scores exactly 0.5.

    python3 -m carcassonne.arena --a search:200 --b mc:2 --pairs 20 --seed 1
"""

import argparse
import math
import random

from . import selfplay
from ._core import Game

Z95 = 1.959963984540054
SPRT_MIN_DEALS = 8            # the same waiting and prior as carc-arena
PRIOR_DEALS, PRIOR_VARIANCE = 2.0, 0.0625
_MASK = 0xFFFFFFFFFFFFFFFF


def _mix(x):
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def deal_seed(match_seed, i):
    """The seed of deal i (the same as carc-arena's)."""
    return _mix((match_seed * 0x100000001B3 + i) & _MASK)


def _chooser(p):
    return selfplay.policy(p) if isinstance(p, str) else p


def play_deal(a, b, seed, variant="base", players=2, options=None):
    """Plays one deal in every rotation; returns a list per rotation of
    (A's seat, final scores)."""
    out = []
    for r in range(players):
        game = Game(variant, players, seed, **(options or {}))
        scratch = game.clone()
        seats = [_chooser(a if p == r else b) for p in range(players)]
        rngs = [random.Random(_mix(seed ^ ((p + 1) << 56))) for p in range(players)]
        while True:
            moves = game.moves()
            if not moves:
                break
            p = game.player
            game.apply_index(seats[p](game, moves, rngs[p], scratch))
        out.append((r, game.scores))
    return out


def judge(a_seat, scores):
    """A's result and margin in one game (against each B seat, averaged)."""
    others = [s for q, s in enumerate(scores) if q != a_seat]
    mine = scores[a_seat]
    result = sum(1.0 if mine > s else 0.5 if mine == s else 0.0 for s in others) / len(others)
    return result, mine - sum(others) / len(others)


def elo(share):
    """The Elo difference of a score share, clamped to +-1000."""
    if share <= 0:
        return -1000.0
    if share >= 1:
        return 1000.0
    return max(-1000.0, min(1000.0, -400.0 * math.log10(1.0 / share - 1.0)))


def _interval(values):
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def llr(deals, elo0, elo1):
    """The sequential test's log-likelihood ratio over the deals' results."""
    n = len(deals)
    if n < 2:
        return 0.0
    mean = sum(deals) / n
    var = (sum((d - mean) ** 2 for d in deals) + PRIOR_DEALS * PRIOR_VARIANCE) / (n - 1 + PRIOR_DEALS)
    s0, s1 = (1.0 / (1.0 + 10 ** (-e / 400.0)) for e in (elo0, elo1))
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def sprt(deals, elo0, elo1, alpha=0.05, beta=0.05):
    """+1 (H1: A is elo1 better), -1 (H0: elo0), or 0 (go on)."""
    value = llr(deals, elo0, elo1)
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    if len(deals) < SPRT_MIN_DEALS:
        return 0
    return 1 if value >= upper else -1 if value <= lower else 0


def match(a, b, pairs, seed=1, variant="base", players=2, options=None, sprt_bounds=None, progress=None):
    """Plays up to ``pairs`` deals (fewer if the sequential test decides) and
    returns a dict: games, share, interval, margin, margin_interval, elo,
    elo_interval, pentanomial, and with ``sprt_bounds`` the verdict."""
    deals, results, verdict = [], [], 0
    for i in range(pairs):
        deals.append(play_deal(a, b, deal_seed(seed, i), variant, players, options))
        judged = [judge(r, s) for r, s in deals[-1]]
        results.append(sum(j[0] for j in judged) / len(judged))
        if progress:
            progress(i + 1, results)
        if sprt_bounds and (verdict := sprt(results, *sprt_bounds)):
            break
    out = summarize(deals)
    del out["results"]
    if sprt_bounds:
        out["sprt"] = {"verdict": verdict, "llr": llr(results, *sprt_bounds)}
    return out


def summarize(deals):
    """The statistics of a list of deals, each a list of (A's seat, final
    scores) per rotation, as :func:`match` returns them."""
    results, margins, penta, games = [], [], [0] * 5, 0
    for games_of_deal in deals:
        judged = [judge(r, s) for r, s in games_of_deal]
        res = sum(j[0] for j in judged) / len(judged)
        results.append(res)
        margins.append(sum(j[1] for j in judged) / len(judged))
        penta[min(4, max(0, int(math.floor(res * 4 + 0.5))))] += 1
        games += len(judged)
    share = _interval(results)
    share = (share[0], max(0.0, share[1]), min(1.0, share[2]))  # a share lies in 0..1
    margin = _interval(margins)
    return {"games": games, "pairs": len(results), "share": share[0], "interval": share[1:], "margin": margin[0],
            "margin_interval": margin[1:], "elo": elo(share[0]), "elo_interval": (elo(share[1]), elo(share[2])),
            "pentanomial": penta, "results": results}


def read_logs(paths):
    """The deals of carc-arena --log files (several runs of the same match
    with other seeds add up: their deals are independent samples)."""
    deals = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                w = line.split()
                if len(w) < 8 or w[0] != "deal":
                    continue
                deals.setdefault((path, int(w[1])), []).append((int(w[5]), [int(x) for x in w[7:]]))
    # a deal cut short (a run stopped while writing it) has fewer games than seats: left out
    return [deals[k] for k in sorted(deals) if len(deals[k]) == len(deals[k][0][1])]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m carcassonne.arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="base")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--a")
    ap.add_argument("--b")
    ap.add_argument("--pairs", type=int)
    ap.add_argument("--logs", nargs="+", metavar="FILE",
                    help="sum up carc-arena --log files (runs of one match with other seeds) instead of playing")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"))
    args = ap.parse_args(argv)
    if args.logs:
        out = summarize(read_logs(args.logs))
        print("logs: %d deals of %s games from %d files" % (out["pairs"], out["games"], len(args.logs)))
        _print_summary(out)
        return
    if not (args.a and args.b and args.pairs):
        ap.error("--a, --b and --pairs are needed to play (or --logs to sum up)")
    options = {}
    for r in args.rule:
        name, _, value = r.partition("=")
        options[name] = int(value)
    for spec in (args.a, args.b):
        selfplay.policy(spec)  # a bad name fails here, before any game
    out = match(args.a, args.b, args.pairs, args.seed, args.variant, args.players, options, args.sprt)
    print("arena: %s, %d players, A %s, B %s, seed %d: %d deals of %d games" % (
        args.variant, args.players, args.a, args.b, args.seed, out["pairs"], args.players))
    if args.sprt:
        v = out["sprt"]["verdict"]
        print("sprt: elo0 %g elo1 %g: %s after %d deals, llr %.3f" % (
            args.sprt[0], args.sprt[1], "H1 accepted" if v > 0 else "H0 accepted" if v < 0 else "no verdict",
            out["pairs"], out["sprt"]["llr"]))
    _print_summary(out)


def _print_summary(out):
    print("pentanomial: %s (deals by A's result 0, 1/4, 1/2, 3/4, 1)" % " ".join(map(str, out["pentanomial"])))
    print("margin: %+.2f [%+.2f, %+.2f]" % (out["margin"], *out["margin_interval"]))
    print("elo: %+.1f [%+.1f, %+.1f]" % (out["elo"], *out["elo_interval"]))
    print("score_share: %.4f" % out["share"])
    print("interval: %.4f %.4f" % out["interval"])
    print("games: %d" % out["games"])


if __name__ == "__main__":
    main()
