"""Observation arrays and the fixed action space (docs/observations.md)."""

import random

import numpy as np
import pytest

from carcassonne import Game, Move, MoveKind, Phase, Variant
from carcassonne.observation import ROTATIONS, SLOTS, Encoding

from conftest import VARIANT_SETUPS, setup_id


def check_shapes(enc, obs):
    assert set(obs) == set(enc.spaces)
    for name, (shape, dtype) in enc.spaces.items():
        assert obs[name].shape == shape, name
        assert obs[name].dtype == dtype, name


@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_mask_equals_legal_moves_through_whole_games(setup):
    name, opts = setup
    v = Variant.get(name)
    players = v.players[-1] if len(v.players) > 1 else v.players[0]
    enc = Encoding(name, players, **opts)
    rng = random.Random(2)
    for seed in range(2):
        g = Game(name, players, seed, **opts)
        step = 0
        while (moves := g.moves()):
            legal = moves.copy()
            idx = enc.indices(g, moves)
            assert (idx >= 0).all(), "a legal move outside the action space"
            assert len(set(idx.tolist())) == len(legal), "two legal moves share an index"
            mask = enc.legal_mask(g)
            assert mask.dtype == bool and mask.shape == (enc.action_count,)
            assert set(np.flatnonzero(mask).tolist()) == set(idx.tolist())
            for i, m in enumerate(legal):
                assert enc.move(g, idx[i]) == m
            if step % 7 == 0:
                obs = enc.observe(g)
                check_shapes(enc, obs)
                check_consistency(enc, g, obs)
            action = int(rng.choice(np.flatnonzero(mask)))
            g.apply(enc.move(g, action))
            step += 1
        check_shapes(enc, enc.observe(g))


def check_consistency(enc, g, obs):
    """The arrays say what the game says."""
    phase, mover = g.state
    P, R = enc.players, enc.R
    assert obs["phase"][int(phase)] == 1 and obs["phase"].sum() == 1
    assert obs["to_move"][0] == 1  # seen by the mover
    assert obs["scores"].tolist() == g.scores[mover:] + g.scores[:mover]
    board = obs["board"]
    o = enc.board_offset
    tiles = g.tiles
    assert board[o["occupied"]].sum() == sum(1 for t in tiles if abs(t.x) <= R and abs(t.y) <= R)
    for t in tiles[:10]:
        assert board[o["tile_type"], t.y + R, t.x + R] == t.type + 1
        assert board[o["rotation"], t.y + R, t.x + R] == t.rotation
    on_board = [f for f in g.figures if f.on_board]
    assert board[o["figures"]:o["figures"] + P * enc.FK].sum() == len(on_board)
    assert obs["figures"][:, 3].sum() == len(on_board)
    if phase == Phase.TILE:
        assert obs["drawn"].sum() == 1 and obs["drawn"][g.drawn_tile] == 1
        assert obs["hand_slots"][0] == g.drawn_tile + 1 or obs["hand_slots"][0] == g.hand(mover)[0] + 1
    total = np.array([t.count for t in enc.tile_types])
    assert (obs["unseen"] >= 0).all() and (obs["unseen"] <= total).all()
    assert obs["decks"].tolist() == g.decks_remaining
    assert obs["projection"].tolist() == (lambda s: s[mover:] + s[:mover])(g.projection().scores)


def test_slot_planes_follow_rotation():
    """A tile's slot planes are the tile type's slots turned as the tile lies."""
    enc = Encoding("base", 2)
    g = Game("base", 2, 3)
    rng = random.Random(0)
    while g.tile_count < 20:
        moves = g.moves()
        g.apply(moves[rng.randrange(len(moves))])
    obs = enc.observe(g)
    o = enc.board_offset["slot_kind"]
    for t in g.tiles:
        ttype = g.tileset.types[t.type]
        want = [0] * SLOTS
        for f in ttype.features:
            for s in range(SLOTS):
                if f.slots >> s & 1:
                    want[(s + 3 * t.rotation) % SLOTS] = enc.kinds.index(f.kind) + 1
        assert obs["board"][o:o + SLOTS, t.y + enc.R, t.x + enc.R].tolist() == want


def test_perspective_rotates_player_axes():
    enc = Encoding("base", 3)
    g = Game("base", 3, 1)
    rng = random.Random(1)
    while g.tile_count < 25:
        moves = g.moves()
        g.apply(moves[rng.randrange(len(moves))])
    s = g.scores
    for p in range(3):
        obs = enc.observe(g, perspective=p)
        assert obs["scores"].tolist() == [s[(p + i) % 3] for i in range(3)]
        assert obs["supply"][0, 0] == g.supply(p, 0)
        assert obs["to_move"][(g.player - p) % 3] == 1


def test_describe_names_each_block():
    enc = Encoding("over-hill-and-dale", 2)
    assert [b[0] for b in enc.blocks] == ["tile", "figure", "pass", "action:hike", "action:pick", "action:unnamed"]
    assert enc.describe(enc.pass_offset) == ("pass", {})
    block, f = enc.describe(enc.tile_offset + 5)
    assert block == "tile" and f["rotation"] == 5 % ROTATIONS
    hike = dict((b[0], b) for b in enc.blocks)["action:hike"]
    block, f = enc.describe(hike[1] + hike[2] - 1)
    assert block == "action:hike" and f == {"action": 1, "figure_slot": enc.FP - 1, "x": enc.R, "y": enc.R,
                                            "feature": enc.FMAX - 1}
    with pytest.raises(ValueError):
        enc.describe(enc.action_count)
    # every index maps back to itself through describe for tile moves
    g = Game("over-hill-and-dale", 2, 4)
    for i, m in enumerate(g.moves()):
        block, f = enc.describe(enc.index(g, m))
        assert (f["x"], f["y"], f["rotation"]) == (m.x, m.y, m.rotation)


def test_window_edge_and_flatten():
    enc = Encoding("base", 2, radius=1)
    g = Game("base", 2, 3)
    rng = random.Random(5)
    truncated = False
    while (moves := g.moves()):
        idx = enc.indices(g, moves)
        if (idx < 0).any():
            truncated = True
            for i, m in enumerate(moves):
                assert (idx[i] < 0) == (m.kind == MoveKind.TILE and max(abs(m.x), abs(m.y)) > 1)
            break
        g.apply(moves[rng.randrange(len(moves))])
    assert truncated
    flat = enc.flatten(enc.observe(g))
    assert flat.dtype == np.float32
    assert flat.size == sum(int(np.prod(s)) for s, _ in enc.spaces.values())
    assert enc.index(g, Move.place_tile(30, 30, 0, 0)) == -1


@pytest.mark.parametrize("hand", [0, 1], ids=["drawn-tile", "hand-of-two"])
def test_a_tile_the_mover_does_not_hold_has_no_index(hand):
    from carcassonne.native import NativeEncoding
    opts = {"hand": 1} if hand else {}
    g = Game("discovery", 2, 7, **opts)
    held = set(g.hand(g.player))
    assert len(held) == (2 if hand else 1)
    legal = g.moves()[0]
    other = next(t for t in range(100) if t not in held)
    stranger = Move.place_tile(legal.x, legal.y, legal.rotation, other)
    for enc in (Encoding("discovery", 2, **opts), NativeEncoding("discovery", 2, **opts)):
        idx = enc.indices(g, [legal, stranger])
        assert idx[0] >= 0 and idx[1] == -1, (type(enc).__name__, idx)
