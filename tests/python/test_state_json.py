"""The JSON documents of carc_game_state_json and carc_tileset_json: random
positions of every ruleset (and of each ruleset option moved off its
default) validated against docs/state.schema.json, and their contents
checked against the library's own queries."""

import json
import os
import random

import pytest

jsonschema = pytest.importorskip("jsonschema", reason="python3-jsonschema (Debian) validates the documents")

import carcassonne as cc  # noqa: E402
from carcassonne import Game, Phase  # noqa: E402

from conftest import ROOT, VARIANT_SETUPS, setup_id  # noqa: E402


def _validator(name):
    with open(os.path.join(ROOT, "docs", name)) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


STATE = _validator("state.schema.json")
TILESET = _validator("tileset.schema.json")

PHASES = {Phase.TILE: "tile", Phase.FIGURE: "figure", Phase.ACTION: "action", Phase.OVER: "over"}


def check_against_game(doc, game):
    """What the document says is what the library's queries say."""
    phase, who = game.state
    assert doc["phase"] == PHASES[phase]
    assert doc["over"] == (phase == Phase.OVER)
    assert doc["to_decide"] == (None if phase == Phase.OVER else who)
    assert doc["players"] == game.players == len(doc["seats"])
    for p, seat in enumerate(doc["seats"]):
        assert seat["score"] == game.score(p)
        assert sum(seat["breakdown"].values()) == game.score(p)
    assert len(doc["board"]) == game.tile_count
    for i, t in enumerate(doc["board"]):
        placed = game.tile(i)
        assert (t["x"], t["y"], t["type"], t["rotation"]) == (placed.x, placed.y, placed.type, placed.rotation)
        assert t["tile"] == game.tileset[placed.type].name
    features = {f["feature"] for f in doc["features"]}
    assert all(p["feature"] in features for t in doc["board"] for p in t["features"])
    moves = game.moves()
    assert doc["moves"] == [game.format_move(m) for m in moves]
    on_board = sum(f["tile"] is not None for f in doc["figures"])
    assert on_board == sum(sum(f["figures"]) for f in doc["features"])
    assert sum(e["points"] for e in doc["log"] if e["kind"] == "score") == sum(game.score(p) for p in range(game.players))


def sample_positions(name, options, games, every, seed):
    """Documents of random games: the start, every `every`-th decision and the end."""
    rng = random.Random(seed)
    v = cc.Variant.get(name)
    for g in range(games):
        players = v.min_players + g % (v.max_players - v.min_players + 1)
        game = Game(name, players, seed=rng.randrange(1 << 62), **options)
        n = 0
        while True:
            if n % every == 0 or game.is_over:
                yield game, json.loads(game.state_json())
            if game.is_over:
                break
            moves = game.moves()
            game.apply(moves[rng.randrange(len(moves))])
            n += 1


@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_random_positions_validate(setup):
    name, options = setup
    count = 0
    for game, doc in sample_positions(name, options, games=3, every=9, seed=hash(setup_id(setup)) & 0xFFFF):
        errors = sorted(STATE.iter_errors(doc), key=lambda e: list(e.path))
        assert not errors, "%s: %s at %s" % (setup_id(setup), errors[0].message, list(errors[0].path))
        check_against_game(doc, game)
        count += 1
    assert count >= 20


def reseed_both(games, seed):
    """The same reseed on twin games; refused alike (a finished game) or done alike."""
    answers = []
    for g in games:
        try:
            g.reseed(seed)
            answers.append(None)
        except cc.CarcError as e:
            answers.append(e.status)
    assert answers[0] == answers[1]


def test_document_does_not_change_the_game():
    """A document asked for before this turn's draw must not make the draw:
    a reseed after it changes the tile drawn, as it does in a twin game
    that was never asked."""
    rng = random.Random(3)
    for name in [v.name for v in cc.variants()]:
        seed = rng.randrange(1 << 62)
        asked, quiet = Game(name, 3, seed=seed), Game(name, 3, seed=seed)
        for step in range(10000):
            asked.state_json()
            reseed_both((asked, quiet), rng.randrange(1 << 62))
            moves = quiet.moves()
            if not moves:
                break
            same = [asked.format_move(m) for m in asked.moves()]
            assert same == [quiet.format_move(m) for m in moves], "%s: the decisions differ" % name
            i = rng.randrange(len(moves))
            quiet.apply(moves[i])
            asked.apply(asked.moves()[i])
        assert quiet.is_over
        asked.state_json()
        assert asked.save() == quiet.save()


def test_size_query_and_short_buffer():
    game = Game("base", 2, seed=5)
    text = game.state_json()
    n = cc._core.ffi.new("size_t *")
    assert cc._core.lib.carc_game_state_json(game._g, cc._core.ffi.NULL, 0, n) == cc._core.lib.CARC_E_BUFFER
    assert n[0] == len(text.encode())
    buf = cc._core.ffi.new("char[]", 10)
    assert cc._core.lib.carc_game_state_json(game._g, buf, 10, n) == cc._core.lib.CARC_E_BUFFER
    assert cc._core.ffi.string(buf) == text.encode()[:9]


@pytest.mark.parametrize("name", [v.name for v in cc.variants()])
def test_tileset_document(name):
    ts = cc.Variant.get(name).tileset
    doc = json.loads(ts.json())
    errors = list(TILESET.iter_errors(doc))
    assert not errors, errors[0].message
    assert doc["variant"] == name
    assert [t["tile"] for t in doc["types"]] == [t.name for t in ts]
    assert doc["tiles"] == cc.Variant.get(name).tile_count
    lib, ffi = cc._core.lib, cc._core.ffi
    value = ffi.new("int *")
    for t in doc["types"]:
        for f, feat in enumerate(t["features"]):
            assert feat["id"] == ts[t["type"]].features[f].id
            for a, attr in enumerate(doc["attributes"]):
                assert lib.carc_tileset_feature_attr(ts._ptr, t["type"], f, a, value) == 0
                assert feat["attributes"].get(attr, 0) == value[0]
