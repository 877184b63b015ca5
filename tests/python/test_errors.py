"""Errors that say what is wrong: the bad value, and what would be
accepted (issue 26). The status stays the library's; the text adds the
reason."""

import pytest

import carcassonne as cc
from carcassonne import CarcError, Game, Variant


def raised(fn, *args, **kwargs):
    with pytest.raises(CarcError) as e:
        fn(*args, **kwargs)
    return e.value


def test_players_out_of_range_names_the_range():
    e = raised(Game, "base", 7)
    assert e.status_name == "CARC_E_RANGE"
    assert "players=7: base takes 2 to 5 players" in str(e)


def test_a_misspelled_option_is_named_with_the_options():
    e = raised(Game, "discovery", 2, hnd=1)
    assert e.status_name == "CARC_E_NOT_FOUND"
    assert "option 'hnd': discovery has no such option" in str(e)
    assert "hand=0..1 (default 0)" in str(e) and "hand_removed_5p=1..3 (default 1)" in str(e)
    e = raised(Game, "base", 2, hand=1)
    assert "its options: none" in str(e)


def test_an_option_out_of_range_names_the_range():
    e = raised(Game, "discovery", 2, hand=7)
    assert e.status_name == "CARC_E_RANGE"
    assert "option hand=7: allowed 0 to 1" in str(e)
    e = raised(Game, "hills-sheep", 2, hill_tiebreak=3)
    assert "option hill_tiebreak=3: allowed 0 to 2" in str(e)


def test_an_unknown_variant_lists_the_variants():
    e = raised(Variant.get, "bsae")
    assert e.status_name == "CARC_E_NOT_FOUND"
    assert "no variant 'bsae'; the variants are: base, hills-sheep" in str(e)
    e = raised(Game, "bsae", 2)
    assert "the variants are:" in str(e)


def test_a_damaged_save_names_its_line():
    g = Game("base", 2, seed=4)
    while not g.is_over:
        g.apply(g.moves()[0])
    text = g.save()
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("move tile "))
    lines[at] = "move tile ZZ 0 0 0\n"
    e = raised(Game.load, "".join(lines))
    assert e.status_name == "CARC_E_PARSE"
    assert "line %d: 'tile ZZ 0 0 0' is not a move" % (at + 1) in str(e)
    e = raised(Game.load, text.replace("players 2\n", "players 2\nplayers 2\n"))
    assert "line 4: a second players line (the first is on line 3)" in str(e)
    assert Game.load(text).save() == text


def test_a_refused_variant_names_the_member():
    reg = cc.Registry()
    base = Variant.get("base")
    mine = cc.ffi.new("struct carc_variant *")
    cc.ffi.memmove(mine, cc.ffi.cast("struct carc_variant *", base._ptr), cc.ffi.sizeof("struct carc_variant"))
    keep = cc.ffi.new("char[]", b"my base")
    mine.name = keep
    e = raised(reg.add, mine)
    assert e.status_name == "CARC_E_INVALID"
    assert 'name "my base": a name is 1 to 63 printable bytes without spaces' in str(e)
    keep2 = cc.ffi.new("char[]", b"my-base")
    mine.name = keep2
    reg.add(mine)
    assert reg.get("my-base").name == "my-base"
