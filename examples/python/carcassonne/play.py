"""``python3 -m carcassonne``: one game between bots, printed as carc-play prints it.

The bots are those of the C programs (examples/bot.h, examples/greedy.h), move
for move: the same generator, seeded the same way from ``--seed``, and the same
look-ahead, so a game here ends with the same scores as
``carc-play`` with the same arguments. The last line is ``final: S1 S2 ...``.
"""

import argparse
import sys

from . import _core
from ._core import CarcError, Game, Phase, Variant, ffi, lib

MAX_MOVES = _core.CONSTANTS.get("CARC_MAX_MOVES", 33280)  # BOT_MAX_MOVES of examples/bot.h: every listing whole
_MASK = (1 << 64) - 1


class XorShift:
    """xorshift64*, the generator of examples/bot.h (not the game's)."""

    def __init__(self, seed):
        self.s = seed & _MASK

    def next(self):
        x = self.s or 0x9E3779B97F4A7C15
        x ^= x >> 12
        x ^= (x << 25) & _MASK
        x ^= x >> 27
        self.s = x
        return (x * 0x2545F4914F6CDD1D) & _MASK


class _Buffers:
    """Move buffers and out-parameters, made once per game."""

    def __init__(self):
        self.moves = [ffi.new("carc_move[]", MAX_MOVES) for _ in range(3)]
        self.n = ffi.new("size_t *")
        self.phase = ffi.new("carc_phase *")
        self.player = ffi.new("int *")
        self.i = ffi.new("int *")
        self.figure = ffi.new("carc_figure_info *")
        self.feature = _core._sized("carc_feature_info")


def _list(g, buf, out):
    r = lib.carc_game_moves(g, out, MAX_MOVES, buf.n)
    if r not in (0, lib.CARC_E_BUFFER):
        return r, 0
    return 0, min(buf.n[0], MAX_MOVES)


def _state(g, buf):
    lib.carc_game_state(g, buf.phase, buf.player)
    return buf.phase[0], buf.player[0]


def _value(g, me, players, buf):
    """Own score minus the best other score, plus half of what the features the
    player stands on would give now (greedy_value)."""
    i = buf.i
    lib.carc_game_score(g, me, i)
    mine, best = i[0], -1000000
    for p in range(players):
        lib.carc_game_score(g, p, i)
        if p != me and i[0] > best:
            best = i[0]
    value = float(mine - best)
    lib.carc_game_figure_count(g, i)
    f, info = buf.figure, buf.feature
    for k in range(i[0]):
        if lib.carc_game_figure(g, k, f) or f.owner != me or not f.on_board:
            continue
        if lib.carc_game_feature(g, f.tile_index, f.feature, info) == 0:
            value += 0.5 * info.points_now
    return value


def _finish_turn(g, me, buf, out):
    """Passes where passing is allowed, else plays the first move, to the end of me's turn."""
    while True:
        phase, player = _state(g, buf)
        if phase in (lib.CARC_PHASE_TILE, lib.CARC_PHASE_OVER) or player != me:
            return
        r, n = _list(g, buf, out)
        if r or n == 0:
            return
        pick = 0
        for k in range(n):
            if out[k].kind == lib.CARC_MOVE_PASS:
                pick = k
        lib.carc_game_apply(g, out + pick)


def _try(g, m, me, players, s1, s2, buf, guess):
    """The value for me of playing m, then the best next decision of the turn (greedy_try)."""
    lib.carc_game_copy(s1, g)
    lib.carc_game_reseed(s1, guess)
    if lib.carc_game_apply(s1, m):
        return -1e9
    phase, player = _state(s1, buf)
    second, third = buf.moves[1], buf.moves[2]
    r, n = (1, 0) if phase in (lib.CARC_PHASE_OVER, lib.CARC_PHASE_TILE) or player != me else _list(s1, buf, second)
    if r or n == 0:
        _finish_turn(s1, me, buf, third)
        return _value(s1, me, players, buf)
    best = -1e9
    for k in range(n):
        lib.carc_game_copy(s2, s1)
        if lib.carc_game_apply(s2, second + k):
            continue
        _finish_turn(s2, me, buf, third)
        v = _value(s2, me, players, buf)
        if v > best:
            best = v
    return best


def _decision(game, buf):
    """Lists the moves of the current decision into the first buffer; returns
    (game handle, buffer, count), raising when there is nothing to play."""
    g, first = game._g, buf.moves[0]
    r, n = _list(g, buf, first)
    if r:
        raise CarcError(r, "carc_game_moves")
    if n == 0:
        raise CarcError(lib.CARC_E_ILLEGAL_MOVE, "no legal move")
    return g, first, n


def greedy_step(game, scratch, buf, rng):
    """Plays one decision as greedy_step does; returns the move played."""
    g, first, n = _decision(game, buf)
    _, me = _state(g, buf)
    best, pick, ties = -1e18, 0, 0
    guess = rng.next()
    for k in range(n):
        v = _try(g, first + k, me, game.players, scratch[0]._g, scratch[1]._g, buf, guess)
        if v > best + 1e-9:
            best, pick, ties = v, k, 1
        elif v > best - 1e-9:
            ties += 1
            if rng.next() % ties == 0:
                pick = k  # each of the tied moves is kept with equal chance
    played = ffi.new("carc_move *", first[pick])
    _apply(g, played)
    return played


def random_step(game, buf, rng):
    """Plays one uniformly random legal move as bot_step does; returns it."""
    g, first, n = _decision(game, buf)
    played = ffi.new("carc_move *", first[((rng.next() >> 32) * n) >> 32])
    _apply(g, played)
    return played


def _apply(g, m):
    r = lib.carc_game_apply(g, m)
    if r:
        raise CarcError(r, "carc_game_apply")


def move_text(game, m, first):
    """A move as carc-play prints it, in the library's move text (carc_move_format,
    the words of a save): ``tile U -1 0 1``, ``figure follower r1``, ``pass``,
    ``action remove 4``; moves of one turn are joined by ``;``. Called after the move
    is played, as carc-play does (the tile a figure move names is on the board)."""
    n = ffi.new("size_t *")
    buf = ffi.new("char[]", 256)
    r = lib.carc_move_format(game._g, m, buf, 256, n)
    text = ffi.unpack(buf, n[0]).decode() if r == 0 else "?"
    return "%s %s" % ("" if first else ";", text)


def play(game, bot="greedy", seed=1, quiet=False, out=sys.stdout):
    """Plays ``game`` to its end with two bots of one kind, printing each turn
    unless ``quiet``; each seat's generator is seeded from ``seed`` and the seat
    as carc-play seeds its bots (seats_open and seat_open in examples/seat.c)."""
    rngs = [XorShift(((seed * 0x100000001B3 + p) & _MASK) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)
            for p in range(game.players)]
    buf = _Buffers()
    scratch = [game.clone() for _ in range(2)] if bot == "greedy" else None
    last, first = -1, True
    while True:
        phase, player = game.state
        if phase == Phase.OVER:
            break
        if phase == Phase.TILE and not quiet:
            if last >= 0:
                out.write("\n")
            out.write("P%d:" % player)
            last = player
            first = True
        rng = rngs[player]
        m = greedy_step(game, scratch, buf, rng) if bot == "greedy" else random_step(game, buf, rng)
        if not quiet:
            out.write(move_text(game, m, first))
        first = False
    if not quiet:
        out.write("\n")


def report(game, seed, seed_known=True, out=sys.stdout):
    """The closing lines of carc-play: the title, each score with its breakdown,
    the winners and ``final: S1 S2 ...``."""
    v = game.variant
    out.write("%s, %d players, seed %d: %d tiles on the board\n" % (v.title, game.players, seed, game.tile_count))
    for p in range(game.players):
        parts = ", ".join("%s %d" % kv for kv in game.breakdown(p).items())
        out.write("player %d: %3d  (%s)\n" % (p, game.score(p), parts))
    out.write("winner(s):%s\n" % "".join(" player %d" % p for p in game.winners))
    out.write("final:%s\n" % "".join(" %d" % s for s in game.scores))


def _parser():
    names = " ".join(v.name for v in _core.variants())
    ap = argparse.ArgumentParser(
        prog="python3 -m carcassonne",
        description="Plays one game between bots with libcarcassonne %s and prints the turns, the final "
                    "scores with their breakdown, and a last line 'final: S1 S2 ...'; the same game as "
                    "carc-play with the same arguments." % _core.version(),
        epilog="Variants: " + names)
    ap.add_argument("--variant", default="base", help="the ruleset (default: base)")
    ap.add_argument("--players", type=int, default=2, help="number of players (default: 2)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the game and of the bots (default: 1)")
    ap.add_argument("--bot", choices=("greedy", "random"), default="greedy",
                    help="greedy looks one turn ahead on scratch copies; random picks any legal move "
                         "(default: greedy)")
    ap.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                    help="a ruleset option, e.g. hand=1 (repeatable)")
    ap.add_argument("--load", metavar="FILE", help="continue a saved game (its variant, players and seed win)")
    ap.add_argument("--save", metavar="FILE", help="write the finished game, which --load replays exactly")
    ap.add_argument("--quiet", action="store_true", help="print the result only")
    ap.add_argument("--version", action="version",
                    version="carcassonne %s (library %s)" % (_core.LOAD_INFO["package_version"], _core.version()))
    return ap


def _rules(ap, items):
    rules = {}
    for item in items:
        name, eq, value = item.partition("=")
        try:
            rules[name] = int(value)
        except ValueError:
            eq = ""
        if not eq or not name:
            ap.error("bad --rule %s (want NAME=VALUE with an integer VALUE)" % item)
    return rules


def main(argv=None):
    ap = _parser()
    a = ap.parse_args(argv)
    rules = _rules(ap, a.rule)
    try:
        if a.load:
            with open(a.load) as f:
                game = Game.load(f.read())
        else:
            game = Game(Variant.get(a.variant), a.players, a.seed, **rules)
    except (OSError, CarcError) as e:
        print("carcassonne: %s: %s" % (a.load or "cannot create the game", e), file=sys.stderr)
        return 1
    play(game, a.bot, a.seed, a.quiet)
    report(game, a.seed)
    if a.save:
        try:
            with open(a.save, "w") as f:
                f.write(game.save())
        except OSError as e:
            print("carcassonne: %s: %s" % (a.save, e), file=sys.stderr)
            return 1
    return 0
