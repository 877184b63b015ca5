"""A variant the binding has never heard of, registered at run time, plays like the built-ins.

The variant is a `struct carc_variant` filled from Python (no hooks: the
library's default rules), which is what a third-party C plug-in hands over
too; nothing in the binding names it."""

import random

import numpy as np
import pytest

import carcassonne as cc
from carcassonne import Game, Registry, Variant
from carcassonne.env import CarcassonneEnv
from carcassonne.observation import Encoding

TILES = b"""tileset pytest-roads
tile S count=1 start
  edges F R F F R F F R F F R F
  feature road slots=1 id=r1
  feature road slots=4 id=r2
  feature road slots=7 id=r3
  feature road slots=10 id=r4
  feature field slots=0,11 id=f1
  feature field slots=2,3 id=f2
  feature field slots=5,6 id=f3
  feature field slots=8,9 id=f4
tile I count=14
  edges F R F F F F F R F F F F
  feature road slots=1,7 id=r1
  feature field slots=0,8,9,10,11 id=f1
  feature field slots=2,3,4,5,6 id=f2
tile L count=10
  edges F R F F R F F F F F F F
  feature road slots=1,4 id=r1
  feature field slots=0,5,6,7,8,9,10,11 id=f1
  feature field slots=2,3 id=f2
tile E count=5
  edges F R F F F F F F F F F F
  feature road slots=1 id=r1
  feature field slots=0,2,3,4,5,6,7,8,9,10,11 id=f1
"""


def make_variant(keep):
    """A carc_variant with two kinds, one figure kind, default rules."""
    ffi = cc.ffi

    def cstr(s):
        keep.append(ffi.new("char[]", s.encode()))
        return keep[-1]

    v = ffi.new("struct carc_variant *")
    keep.append(v)
    v.struct_size = ffi.sizeof("struct carc_variant")
    v.abi = cc.CONSTANTS["CARC_VARIANT_ABI"]
    v.name = cstr("pytest-roads")
    v.title = cstr("Roads only (a test variant made in Python)")
    v.min_players, v.max_players = 2, 3
    text = ffi.new("char[]", TILES)
    keep.append(text)
    v.tiles, v.tiles_len = text, len(TILES)
    kinds = ffi.new("carc_kind_desc[2]")
    keep.append(kinds)
    kinds[0].name = cstr("road")
    kinds[0].flags = cc.lib.CARC_KIND_SCORED | cc.lib.CARC_KIND_FINAL
    kinds[1].name = cstr("field")
    v.kinds, v.kind_count = kinds, 2
    figs = ffi.new("carc_figure_desc[1]")
    keep.append(figs)
    figs[0].name = cstr("walker")
    figs[0].per_player = 5
    figs[0].kinds = 1  # roads only
    figs[0].flags = cc.lib.CARC_FIG_MAJORITY
    v.figures, v.figure_count = figs, 1
    cats = ffi.new("char *[1]")
    keep.append(cats)
    cats[0] = cstr("road")
    v.categories, v.category_count = cats, 1
    return v


@pytest.fixture(scope="module")
def registry():
    keep = []  # the registry keeps pointers, not copies: everything must stay alive
    reg = Registry()
    reg.add(make_variant(keep))
    reg._keep.append(keep)
    return reg


def test_registered_variant_is_listed_and_described(registry):
    names = [v.name for v in registry.variants()]
    assert "pytest-roads" in names and "base" in names
    v = registry.get("pytest-roads")
    assert v.players == range(2, 4) and [f.name for f in v.figures] == ["walker"]
    assert [k.name for k in v.kinds] == ["road", "field"] and v.categories == ("road",)
    assert v.tile_count == 30
    with pytest.raises(cc.CarcError):
        Variant.get("pytest-roads")  # not among the built-ins


def test_registered_variant_plays_saves_and_encodes(registry):
    rng = random.Random(1)
    for seed in range(5):
        g = Game("pytest-roads", 2 + seed % 2, seed, registry=registry)
        while (moves := g.moves()):
            g.apply(moves[rng.randrange(len(moves))])
        assert g.is_over and sum(g.scores) > 0
        assert sum(g.breakdown(0).values()) == g.score(0)
        h = Game.load(g.save(), registry=registry)
        assert h.scores == g.scores
        assert g.playouts(10, 1).shape == (10, g.players)
    enc = Encoding("pytest-roads", 2, registry=registry, radius=30)  # 30 tiles in a line still fit
    g = Game("pytest-roads", 2, 9, registry=registry)
    while (moves := g.moves()):
        mask = enc.legal_mask(g)
        assert mask.sum() == len(moves)
        for k, (shape, dtype) in enc.spaces.items():
            assert enc.observe(g)[k].shape == shape
            break
        g.apply(enc.move(g, int(np.flatnonzero(mask)[0])))


def test_environment_accepts_a_registry(registry):
    env = CarcassonneEnv("pytest-roads", 2, registry=registry, radius=30)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        env.step(None if term or trunc else env.action_space(agent).sample(obs["action_mask"]))
    assert env.agents == [] and env.game.is_over
