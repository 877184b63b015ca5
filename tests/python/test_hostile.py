"""Hostile arguments to the binding's entry points.

Seeded random values of every kind (edge integers, huge and negative
numbers, floats, text with NUL bytes and odd code points, bytes, None,
containers, objects) go into every public call of Game, TileSet, Variant,
Registry and Move. Each call must return, or raise CarcError (the library
said no) or one of the exceptions Python raises for an argument of the wrong
type or size (TypeError, ValueError, OverflowError, IndexError, KeyError,
MemoryError for a result of billions of entries);
nothing may crash the interpreter or raise anything else. A call that
raises leaves the game as it was (its save text, scores and state), and the
game then plays on to its end. The seeds are fixed, so a failure replays."""

import math
import random

import pytest

import carcassonne
from carcassonne import CarcError, Game, Move, Registry, TileSet, Variant

from conftest import VARIANT_SETUPS, setup_id

# MemoryError: numpy's answer to a result array of billions of playouts
ALLOWED = (CarcError, TypeError, ValueError, OverflowError, IndexError, KeyError, MemoryError)


class Hostile:
    """A generator of argument values, seeded."""

    EDGE_INTS = [0, 1, -1, 2, 3, 4, 5, 6, 7, 127, 128, 255, 256, 65535, 65536, 2**31 - 1, -2**31, 2**31,
                 2**32, 2**63 - 1, -2**63, 2**63, 2**64, -2**64, 10**30, -10**30]

    def __init__(self, seed, names=()):
        self.r = random.Random(seed)
        self.names = list(names)

    def int_(self):
        r = self.r
        k = r.random()
        if k < 0.5:
            return r.choice(self.EDGE_INTS)
        if k < 0.8:
            return r.randint(-40, 300)
        return r.randint(-2**70, 2**70)

    def text(self):
        r = self.r
        k = r.random()
        if k < 0.3 and self.names:
            w = r.choice(self.names)
            return w if r.random() < 0.5 else " ".join(r.choice(self.names) for _ in range(r.randint(1, 6)))
        if k < 0.45:
            return "".join(chr(r.choice([0, 9, 10, 13, 32, 0x7f, 0xe9, 0x2028, 0xfffd, 0x1f600, 0xd7ff]))
                           for _ in range(r.randint(0, 8)))
        if k < 0.55:
            return "x" * r.choice([0, 1, 63, 64, 65, 255, 4096, 100000])
        if k < 0.65 and self.names:
            return r.choice(self.names) + "\0" + r.choice(self.names)
        alphabet = "abcdefgxyzACDKU0123456789 -\t\n#=:,."
        return "".join(r.choice(alphabet) for _ in range(r.randint(0, 40)))

    def move(self):
        r = self.r
        n = r.choice([0, 1, 3, 8, 9, 9, 9, 10, 12])
        return tuple(self.int_() if r.random() < 0.3 else r.randint(-2, 5) for _ in range(n))

    def value(self):
        r = self.r
        k = r.random()
        if k < 0.40:
            return self.int_()
        if k < 0.55:
            return self.text()
        if k < 0.60:
            return self.text().encode("utf-8", "surrogatepass")
        if k < 0.65:
            return r.choice([None, True, False, object(), math.nan, math.inf, -math.inf, 1.5, -0.0, 1e300])
        if k < 0.75:
            return [self.int_() for _ in range(r.randint(0, 5))]
        if k < 0.85:
            m = self.move()
            if r.random() < 0.5:
                try:
                    return Move(*m)
                except TypeError:  # more fields than a move has
                    pass
            return m
        if k < 0.90:
            return {self.text(): self.int_()}
        return r.choice([Variant.get("base"), carcassonne.variants()[-1], Registry(), b"\0" * 16, bytearray(3)])


def words_of(game):
    """Names a game knows: tiles, features, figures, bags, tokens, views, actions, options."""
    v = game.variant
    out = {"tile", "figure", "pass", "action", "main"}
    for t in v.tileset.types:
        out.add(t.name)
        out.add(t.deck)
        out.update(f.id for f in t.features)
    out.update(f.name for f in v.figures)
    out.update(o.name for o in v.options)
    out.update(d.name for d in v.views)
    out.update(a.name for a in v.actions)
    for b in v.bags:
        out.add(b.name)
        out.update(t.name for t in b.tokens)
    out.update(x.name for x in carcassonne.variants())
    return sorted(out)


def snapshot(game):
    return game.save(), game.scores, game.state


def call(fn, *args, **kwargs):
    """Calls fn; returns (True, result) or (False, exception) for an allowed one."""
    try:
        return True, fn(*args, **kwargs)
    except ALLOWED as e:
        return False, e


# calls that change the game when they succeed, and how many arguments they take
CHANGING = {"apply": 1, "set_next_tile": 1, "set_deck_order": (1, 2), "set_next_token": 2, "reseed": 1,
            "copy_from": 1}
# calls that must not change the game, with their arities
QUERIES = {"format_move": 1, "parse_move": 1, "playouts": (1, 2), "tile_type": 1, "deck_remaining": (0, 1),
           "tile": 1, "tile_at": 2, "feature": 2, "features": 1, "figure_points": 1, "supply": (1, 2),
           "tokens": (1, 2), "view": 1, "score": 1, "breakdown": 1, "hand": 1, "apply_index": 1}
PROPERTIES = ["state", "phase", "player", "is_over", "drawn_tile", "hands", "decks_remaining", "tileset",
              "tile_count", "tiles", "last_tile", "figures", "supplies", "removed", "options", "views", "scores",
              "events", "log", "winners"]


def arity(spec, r):
    return r.choice(spec) if isinstance(spec, tuple) else spec


@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_hostile_arguments_to_a_game(setup):
    name, opts = setup
    seed = sum(map(ord, setup_id(setup)))
    game = Game(name, Variant.get(name).min_players, seed, **opts)
    h = Hostile(seed, words_of(game))
    r = h.r
    other = Game(name, Variant.get(name).min_players, seed + 1, **opts)
    calls = 0
    for step in range(1500):
        if game.is_over:  # the game played on to its end: a new one
            assert Game.load(game.save()).save() == game.save()
            game = Game(name, r.choice(list(Variant.get(name).players)), seed + step, **opts)
        game.state  # the pending draw, made now: queries may make it
        before = snapshot(game)
        kind = r.random()
        if kind < 0.55:
            meth = r.choice(sorted(QUERIES))
            args = [h.value() for _ in range(arity(QUERIES[meth], r))]
            if meth == "parse_move" and r.random() < 0.5:
                args = [h.text()]
            if meth == "playouts" and isinstance(args[0], int) and 64 < args[0] < 2**31:
                args[0] = args[0] % 64  # a few billion playouts are a request, not an attack
            ok, res = call(getattr(game, meth), *args)
            assert snapshot(game) == before, "%s%r changed the game" % (meth, tuple(args))
        elif kind < 0.65:
            prop = r.choice(PROPERTIES)
            ok, res = call(getattr, game, prop)
            assert ok or prop == "winners", "%s raised %r" % (prop, res)
            assert snapshot(game) == before
        elif kind < 0.85:
            meth = r.choice(sorted(CHANGING))
            args = [h.value() for _ in range(arity(CHANGING[meth], r))]
            if meth == "copy_from" and r.random() < 0.5:
                args = [other.clone()]
            ok, res = call(getattr(game, meth), *args)
            if not ok:
                assert snapshot(game) == before, "%s%r raised %r and changed the game" % (meth, tuple(args), res)
        else:
            moves = game.moves()
            game.apply(moves[r.randrange(len(moves))])
        calls += 1
    # the game still plays to its end, every listed move accepted
    for _ in range(2000):
        moves = game.moves()
        if not moves:
            break
        game.apply(moves[r.randrange(len(moves))])
    assert game.is_over
    assert Game.load(game.save()).save() == game.save()
    assert calls == 1500


def test_hostile_arguments_to_constructors_and_lookups():
    h = Hostile(2024, words_of(Game("base")))
    r = h.r
    base = Variant.get("base")
    reg = Registry()
    made = 0
    for step in range(1500):
        k = r.random()
        if k < 0.25:
            args = [h.value() for _ in range(r.randint(0, 3))]
            options = {h.text(): h.value() for _ in range(r.randint(0, 2))} if r.random() < 0.3 else {}
            if r.random() < 0.5:
                args[:1] = [r.choice(["base", "discovery", "hills-sheep"])]
            try:
                ok, res = call(Game, *args, **options)
            except TypeError:  # keywords Python refuses before the call
                ok = False
            made += ok
            if ok:
                assert Game.load(res.save()).save() == res.save()
        elif k < 0.45:
            ok, res = call(Game.load, h.value() if r.random() < 0.3 else h.text())
            if ok:
                assert Game.load(res.save()).save() == res.save()
        elif k < 0.60:
            ok, res = call(TileSet.parse, r.choice([base, "base", h.value()]), h.value())
        elif k < 0.75:
            ok, res = call(Variant.get, h.value(), r.choice([None, reg]))
        elif k < 0.85:
            ok, res = call(reg.get, h.value())
        elif k < 0.95:
            fields = h.move()
            named = {r.choice(list(carcassonne.MOVE_FIELDS) + ["nope"]): h.value()} if r.random() < 0.3 else {}
            ok, res = call(Move, *fields, **named)
            if ok:
                repr(res)
        else:
            ts = base.tileset
            ok, res = call(ts.find, h.value())
            ok, res = call(ts.__getitem__, h.value())
    assert made > 10


def test_a_name_with_a_nul_byte_is_not_cut_short():
    """C would read "base\\0x" as "base": the binding refuses it instead."""
    for bad in ["base\0", "base\0x", "\0"]:
        with pytest.raises(ValueError, match="NUL"):
            Game(bad)
        with pytest.raises(ValueError, match="NUL"):
            Variant.get(bad)
    g = Game("discovery", 2, 1)
    with pytest.raises(ValueError, match="NUL"):
        Game("discovery", 2, 1, **{"hand\0": 1})
    with pytest.raises(TypeError):
        Game("discovery", 2, 1, hand=1.0)  # not cut to a whole number
    before = g.save()
    with pytest.raises(CarcError):
        g.parse_move("pass\0tile")
    assert g.save() == before
