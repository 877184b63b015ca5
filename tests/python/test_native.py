"""The library's encoder (carcassonne.native) against the Python reference,
and the batch's numpy buffers: zero copy, refusals before any change."""

import os
import random

import numpy as np
import pytest

import carcassonne as cc
from carcassonne.native import Batch, NativeEncoding
from carcassonne.observation import Encoding

from check_equality import compare, ruleset_id, rulesets

# CI compares this many positions per ruleset; check_equality.py runs 100,000
POSITIONS = int(os.environ.get("CARC_EQUALITY_POSITIONS", "400"))


@pytest.mark.parametrize("ruleset", rulesets(), ids=lambda r: ruleset_id(*r))
def test_encoders_agree_array_for_array(ruleset):
    name, options = ruleset
    n, diffs = compare(name, options, POSITIONS, seed=7)
    assert n == POSITIONS
    assert not diffs, "\n".join(diffs)


def test_a_difference_is_seen():
    """The comparison notices a changed array (so an equal result means something)."""
    from check_equality import _compare_position
    g = cc.Game("base", 2, 3)
    ref, nat = Encoding("base", 2), NativeEncoding("base", 2)
    moves = g.moves().copy()
    assert _compare_position(ref, nat, g, moves, None, "start") == []
    original = nat.observe

    def off_by_one(game, perspective=None, out=None):
        obs = original(game, perspective, out)
        obs["scores"][0] += 1
        return obs
    nat.observe = off_by_one
    assert any("scores differs" in d for d in _compare_position(ref, nat, g, moves, None, "start"))


def test_layout_is_read_from_the_library():
    nat, ref = NativeEncoding("hills-sheep", 3, radius=7), Encoding("hills-sheep", 3, radius=7)
    assert nat.layout >= 2
    assert nat.spaces == ref.spaces
    assert nat.board_offset == ref.board_offset
    assert nat.action_count == ref.action_count
    assert [b[0] for b in nat.blocks] == [b[0] for b in ref.blocks]
    assert [(b[1], b[2]) for b in nat.blocks] == [(b[1], b[2]) for b in ref.blocks]
    for a in list(range(0, nat.action_count, 97)) + [nat.action_count - 1]:
        assert nat.describe(a)[0] == ref.describe(a)[0]


def test_observe_writes_into_a_given_buffer_without_copies():
    nat = NativeEncoding("base", 2)
    g = cc.Game("base", 2, 1)
    buf = nat.buffer()
    obs = nat.observe(g, out=buf)
    for arr in obs.values():
        assert np.shares_memory(arr, buf) or arr.size == 0
    with pytest.raises(ValueError, match="contiguous uint8"):
        nat.observe(g, out=np.zeros(nat.observation_bytes, dtype=np.int16))
    mask = np.full(nat.action_count, 7, dtype=np.uint8)
    for bad in (np.zeros(nat.action_count, dtype=np.int16), np.zeros(nat.action_count - 1, dtype=np.uint8),
                np.zeros((2, nat.action_count), dtype=np.uint8)[:, 0]):
        with pytest.raises(ValueError, match="mask buffer"):
            nat.legal_mask(g, out=bad)
    assert nat.legal_mask(g, out=mask).sum() == len(g.moves()) and set(np.unique(mask)) == {0, 1}
    with pytest.raises(ValueError):
        nat.observe(g, out=np.zeros(nat.observation_bytes - 1, dtype=np.uint8))


def test_mismatched_game_is_refused():
    nat = NativeEncoding("base", 2)
    with pytest.raises(cc.CarcError) as e:
        nat.observe(cc.Game("base", 3, 1))
    assert e.value.status_name == "CARC_E_MISMATCH"


def batch_and_games(n=4, **kw):
    b = Batch(NativeEncoding("base", 2), n, **kw)
    b.reset(5)
    return b, [b.game(i).save() for i in range(n)]


def test_batch_buffers_are_views_of_one_block():
    b, _ = batch_and_games()
    for arr in b.obs.values():
        assert np.shares_memory(arr, b.observations) or arr.size == 0
    assert b.obs["board"].shape == (4,) + NativeEncoding("base", 2).spaces["board"][0]
    # what a step writes is what the encoder writes for that game
    nat = b.encoding
    for i in range(4):
        one = nat.observe(b.game(i))
        for k in one:
            assert np.array_equal(one[k], b.obs[k][i])
        assert np.array_equal(nat.legal_mask(b.game(i), dtype=np.uint8), b.masks[i])


def test_batch_refuses_bad_actions_before_any_change():
    b, saves = batch_and_games()
    before = {k: v.copy() for k, v in b.obs.items()}
    legal = b.sample_legal(np.random.default_rng(1))
    for bad, match in ((legal[:3], "shape"), (legal.astype(np.float64), "integers"),
                       (np.array([[1, 2, 3, 4]]), "shape"), (np.full(4, 2 ** 40), "int32")):
        with pytest.raises(ValueError, match=match):
            b.step(bad)
    wrong = legal.copy()
    wrong[2] = b.encoding.pass_offset  # no pass in a tile step
    with pytest.raises(ValueError) as e:
        b.step(wrong)
    assert "game 2: seat %d chose action %d" % (b.seats[2], wrong[2]) in str(e.value)
    assert [b.game(i).save() for i in range(4)] == saves
    for k, v in b.obs.items():
        assert np.array_equal(v, before[k]), k
    b.step(legal)
    assert [b.game(i).save() for i in range(4)] != saves


def test_batch_with_threads_equals_without():
    one, _ = batch_and_games(8)
    many, _ = batch_and_games(8, threads=2)
    rng = random.Random(3)
    for _ in range(200):
        assert np.array_equal(one.observations, many.observations)
        assert np.array_equal(one.rewards, many.rewards)
        actions = one.sample_legal(np.random.default_rng(rng.getrandbits(32)))
        one.step(actions)
        many.step(actions)
