"""The Python objects over games: every variant, errors, copies, saves, playouts."""

import copy
import pickle
import random

import numpy as np
import pytest

import carcassonne as cc
from carcassonne import CarcError, Game, Move, MoveKind, Phase, Variant

from conftest import VARIANT_SETUPS, setup_id


def play_random(game, rng, limit=100000):
    """Plays to the end, one apply per decision; returns the number of decisions."""
    n = 0
    while (moves := game.moves()):
        game.apply(moves[rng.randrange(len(moves))])
        n += 1
        assert n < limit
    return n


# -- variants -------------------------------------------------------------

def test_variants_list_and_lookup():
    names = [v.name for v in cc.variants()]
    for builtin in ("base", "hills-sheep", "hunters-gatherers", "discovery", "over-hill-and-dale"):
        assert builtin in names
    base = Variant.get("base")
    assert base is Variant.get("base")
    assert base.name == "base" and base.title
    assert base.players == range(base.min_players, base.max_players + 1)
    assert [f.name for f in base.figures] == ["follower"] and base.figures[0].per_player == 7
    assert set(base.categories) >= {"city", "road", "farm", "monastery"}
    assert len(base.tileset) == base.tile_type_count
    assert sum(t.count for t in base.tileset) == base.tile_count
    hs = Variant.get("hills-sheep")
    assert hs.bags[0].name == "sheep" and "wolf" in [t.name for t in hs.bags[0].tokens]
    assert "hand" in [o.name for o in Variant.get("discovery").options]


def test_unknown_variant_raises_with_status_name():
    with pytest.raises(CarcError) as e:
        Variant.get("no-such-game")
    assert e.value.status_name == "CARC_E_NOT_FOUND"
    assert e.value.status == cc.lib.CARC_E_NOT_FOUND
    assert e.value.text == cc.ffi.string(cc.lib.carc_strerror(cc.lib.CARC_E_NOT_FOUND)).decode()
    assert "CARC_E_NOT_FOUND" in str(e.value)


# -- whole games ----------------------------------------------------------

@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_random_games_of_every_variant(setup):
    name, opts = setup
    v = Variant.get(name)
    rng = random.Random(7)
    for seed in range(6):
        players = v.players[seed % len(v.players)]
        g = Game(name, players, seed, **opts)
        assert g.options == {**{o.name: o.default for o in v.options}, **opts}
        decisions = play_random(g, rng)
        assert decisions > 0
        assert g.is_over and g.phase == Phase.OVER
        scores = g.scores
        assert len(scores) == players
        assert g.winners == [p for p in range(players) if scores[p] == max(scores)]
        for p in range(players):
            assert sum(g.breakdown(p).values()) == scores[p]
            assert sum(e.points for e in g.events if e.player == p) == scores[p]
        for e in g.events:
            assert e.category in v.categories
        assert g.tile_count == len(g.tiles)
        assert g.tile_count + len(g.removed) <= v.tile_count
        assert g.moves().array.shape == (0,)


def test_playing_from_the_array_view_and_by_index():
    a, b = Game("base", 2, 3), Game("base", 2, 3)
    rng = random.Random(1)
    while (ma := a.moves()):
        assert len(b.moves()) == len(ma)
        i = rng.randrange(len(ma))
        assert tuple(ma.array[i]) == tuple(ma[i])
        a.apply(ma[i])
        b.apply_index(i)
    assert b.is_over and a.save() == b.save()
    c = Game("base", 2, 3)
    c.moves()
    c.apply_index(0)
    with pytest.raises(IndexError):
        c.apply_index(0)  # that list was of the position before


# -- moves ------------------------------------------------------------------

def test_moves_view_and_move_values():
    g = Game("base", 2, 11)
    moves = g.moves()
    assert len(moves) > 0 and bool(moves)
    arr = moves.array
    assert arr.dtype == cc.MOVE_DTYPE and arr.dtype.itemsize == cc.ffi.sizeof("carc_move")
    assert list(arr.dtype.names) == [f for f, _ in cc.ffi.typeof("carc_move").fields]
    first = moves[0]
    assert first.kind == MoveKind.TILE and first.tile == g.drawn_tile
    assert first == Move.place_tile(first.x, first.y, first.rotation, first.tile)
    assert hash(first) == hash(tuple(first))
    assert moves.index(first) == 0 and first in moves
    assert moves.index(Move.pass_()) == -1
    assert moves[-1] == list(moves)[-1] == moves[len(moves) - 1]
    assert moves[0:2] == [moves[0], moves[1]]
    kept = moves.copy()
    snapshot = moves.to_numpy()
    g.apply(first)
    g.moves()  # rewrites the buffer the first view read
    with pytest.raises(cc.StaleMovesError):
        moves[0]
    assert kept[0] == first and tuple(snapshot[0]) == tuple(first)
    assert pickle.loads(pickle.dumps(first)) == first


def test_figure_and_pass_moves():
    g = Game("base", 2, 5)
    g.apply(g.moves()[0])
    assert g.phase == Phase.FIGURE and g.drawn_tile is None
    moves = g.moves().copy()
    assert Move.pass_() in moves
    t = g.last_tile
    kinds = [f.kind for f in g.tileset[g.tile(t).type].features]
    # a farmer: farms are never scored before the end, so it stays on the board
    fig = next(m for m in moves if m.kind == MoveKind.FIGURE and kinds[m.feature] == "farm")
    g.apply(fig)
    on_board = [f for f in g.figures if f.on_board]
    assert len(on_board) == 1 and on_board[0].tile_index == t and on_board[0].feature == fig.feature
    assert g.supply(0) == Variant.get("base").figures[0].per_player - 1
    assert g.supplies == {"follower": [6, 7]}
    f = g.feature(t, fig.feature)
    assert f.figures[0] == 1 and f.kind == g.tileset[g.tile(t).type].features[fig.feature].kind
    assert len(g.features(t)) == len(g.tileset[g.tile(t).type].features)


# -- errors -----------------------------------------------------------------

def expect(status_name, fn, *args, **kwargs):
    with pytest.raises(CarcError) as e:
        fn(*args, **kwargs)
    assert e.value.status_name == status_name, e.value
    assert e.value.text
    return e.value


def test_errors_raise_with_status_names():
    expect("CARC_E_RANGE", Game, "base", 99, 1)
    expect("CARC_E_NOT_FOUND", Game, "base", 2, 1, no_such_rule=1)
    expect("CARC_E_RANGE", Game, "discovery", 2, 1, hand=7)
    g = Game("base", 2, 1)
    tile = g.drawn_tile  # the draw itself is a change; the failed calls below are not
    before = g.save()
    expect("CARC_E_ILLEGAL_MOVE", g.apply, Move.place_tile(40, 40, 0, tile))
    expect("CARC_E_PHASE", g.apply, Move.pass_())
    assert g.save() == before  # a failed call changes nothing
    expect("CARC_E_RANGE", g.score, 9)
    expect("CARC_E_PHASE", lambda: g.winners)
    expect("CARC_E_NOT_FOUND", g.set_next_tile, "no-such-tile")
    expect("CARC_E_RANGE", g.tile, 500)
    expect("CARC_E_NOT_FOUND", g.tokens, "sheep")
    expect("CARC_E_PARSE", Game.load, "this is not a saved game\n")
    other = Game("discovery", 2, 1)
    expect("CARC_E_MISMATCH", g.copy_from, other)
    play_random(g, random.Random(0))
    expect("CARC_E_GAME_OVER", g.apply, Move.pass_())


# -- copies and saves -------------------------------------------------------

@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_save_load_round_trip(setup):
    name, opts = setup
    rng = random.Random(3)
    g = Game(name, 3, 42, **opts)
    for _ in range(40):
        moves = g.moves()
        g.apply(moves[rng.randrange(len(moves))])
    text = g.save()
    h = Game.load(text)
    assert h.save() == text
    assert h.scores == g.scores and h.state == g.state and h.tiles == g.tiles
    # both continue identically, chance included
    rng_a, rng_b = random.Random(9), random.Random(9)
    play_random(g, rng_a)
    play_random(h, rng_b)
    assert g.scores == h.scores and g.save() == h.save()
    assert Game.load(g.save()).scores == g.scores
    p = pickle.loads(pickle.dumps(g))
    assert p.save() == g.save()


def test_clone_and_copy_are_independent():
    g = Game("hills-sheep", 2, 8)
    rng = random.Random(2)
    for _ in range(30):
        moves = g.moves()
        g.apply(moves[rng.randrange(len(moves))])
    text = g.save()
    c = g.clone()
    play_random(c, random.Random(5))
    assert c.is_over and not g.is_over and g.save() == text
    d = copy.copy(g)
    assert d.save() == text and copy.deepcopy(g).save() == text
    scratch = Game("hills-sheep", 2, 999)
    scratch.copy_from(g)
    assert scratch.save() == text
    play_random(scratch, random.Random(5))
    assert scratch.save() == c.save()  # same moves and chance as the clone
    assert g.save() == text


# -- chance and hands ------------------------------------------------------

def test_fixed_draws_and_reseed():
    g = Game("base", 2, 1)
    d = g.tile_type("D")
    g.set_next_tile("D")  # this turn's tile is drawn already: replaced
    assert g.drawn_tile == d
    g.apply(g.moves()[0])
    g.apply(Move.pass_())
    g.set_next_tile(g.tile_type("V"))
    assert g.drawn_tile == g.tile_type("V")
    assert "forced" in g.save()
    a, b = g.clone(), g.clone()
    a.reseed(77)
    b.reseed(77)
    play_random(a, random.Random(4))
    play_random(b, random.Random(4))
    assert a.scores == b.scores and a.tiles == b.tiles
    start = Game("base", 2, 1)
    assert start.deck_remaining() == start.decks_remaining[0] > 0


def test_fixed_token_and_bags():
    g = Game("hills-sheep", 2, 1)
    g.set_next_token("sheep", "wolf")
    g.set_next_token(0, 1)
    assert "next-token sheep wolf" in g.save()
    expect("CARC_E_NOT_FOUND", g.set_next_token, "sheep", "dragon")
    assert g.tokens("sheep") == [t.initial for t in g.variant.bags[0].tokens]
    ohd = Game("over-hill-and-dale", 2, 1)
    assert ohd.tokens("harvest", 0) == [0] * len(ohd.variant.bags[0].tokens)
    assert sum(ohd.tokens("harvest")) == sum(t.initial for t in ohd.variant.bags[0].tokens)


def test_hands_and_removed_tiles():
    g = Game("discovery", 2, 4, hand=1)
    assert [len(h) for h in g.hands] == [2, 2]
    assert g.drawn_tile == g.hand(0)[0]
    removed = g.removed
    assert len(removed) == 1 and removed[0].reason == cc.Removal.FACE_UP
    tiles_in_moves = {m.tile for m in g.moves()}
    assert tiles_in_moves <= set(g.hand(0))
    plain = Game("base", 2, 4)
    assert plain.hand(0) == [plain.drawn_tile] and plain.hand(1) == []


# -- playouts ---------------------------------------------------------------

@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_playouts_shape_and_determinism(setup):
    name, opts = setup
    g = Game(name, 3, 5, **opts)
    rng = random.Random(1)
    for _ in range(10):
        moves = g.moves()
        g.apply(moves[rng.randrange(len(moves))])
    text = g.save()
    s = g.playouts(50, seed=123)
    assert s.shape == (50, 3) and s.dtype == np.int32
    assert np.array_equal(s, g.playouts(50, seed=123))
    assert not np.array_equal(s, g.playouts(50, seed=124))
    assert (s >= np.array(g.scores)).all()  # scores never go down
    assert g.save() == text
    assert g.playouts(0).shape == (0, 3)


def test_playouts_of_a_finished_game_give_its_scores():
    g = Game("base", 2, 5)
    play_random(g, random.Random(0))
    assert (g.playouts(4) == np.array(g.scores)).all()


def test_playouts_match_move_by_move_statistics():
    """Playouts are random games too: their mean score is that of Python's random games."""
    g = Game("base", 2, 1)
    mean_c = g.playouts(2000, seed=5).mean()
    rng = random.Random(3)
    py = []
    for seed in range(150):
        h = Game("base", 2, seed)
        play_random(h, rng)
        py += h.scores
    assert abs(mean_c - np.mean(py)) < 3


def test_variant_state_and_repr():
    g = Game("hills-sheep", 2, 1)
    assert isinstance(g.variant_state(), bytes) and len(g.variant_state()) > 0
    assert "hills-sheep" in repr(g) and "TILE" in repr(g)
    assert "follower" in repr(Variant.get("base").figures)


# -- what a client reads: move text, views, the log, projections -------------

@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_move_text_views_log_and_projection(setup):
    name, opts = setup
    v = Variant.get(name)
    g = Game(name, 2, 6, **opts)
    rng = random.Random(4)
    while (moves := g.moves()):
        for m in moves:
            assert g.parse_move(g.format_move(m)) == m
        m = moves[rng.randrange(len(moves))]
        if m.kind == MoveKind.ACTION and v.actions:
            assert g.format_move(m).split()[1] in [a.name for a in v.actions]
        if g.tile_count % 20 == 0:
            views = g.views
            assert list(views) == [d.name for d in v.views]
            for d in v.views:
                assert views[d.name].shape[-1] == d.length
            proj = g.projection()
            assert len(proj.scores) == 2 and all(proj.scores[p] >= g.scores[p] for p in range(2))
            assert [sum(b.values()) for b in proj.breakdown] == proj.scores
        g.apply(m)
    assert g.projection().scores == g.scores
    log = g.log
    for p in range(2):
        assert sum(e.points for e in log if e.kind == cc.EventKind.SCORE and e.player == p) == g.scores[p]
    assert len(log) >= len(g.events)
    expect("CARC_E_PARSE", g.parse_move, "")
    expect("CARC_E_NOT_FOUND", g.view, "no-such-view")
