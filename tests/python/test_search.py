"""The search from Python: Game.search, Search over a game, the search
policy for self-play, and the arena module."""

import pytest

import carcassonne as cc
from carcassonne import arena, search, selfplay


def _midgame(seed=3, decisions=40):
    g = cc.Game("base", 2, seed)
    rng = __import__("random").Random(seed)
    for _ in range(decisions):
        moves = g.moves()
        g.apply_index(rng.randrange(len(moves)))
    return g


def test_game_search_gives_a_listed_move_and_leaves_the_game_alone():
    g = _midgame()
    before = g.save()
    move = g.search(iterations=200, seed=1)
    assert g.save() == before
    assert move in g.moves()
    again, stats = g.search(iterations=200, seed=1, stats=True)
    assert again == move, "the same seed and budget give the same move"
    assert [m for m, _, _ in stats] == g.moves().copy(), "statistics follow the listing"
    assert sum(v for _, v, _ in stats) == 200
    assert all(0.0 <= q <= 1.0 for _, _, q in stats)


def test_a_search_kept_over_a_game_reuses_its_tree():
    g = cc.Game("hills-sheep", 3, 5)
    s = search.Search(iterations=150, seed=2)
    reused = runs = 0
    while g.moves():
        g.apply(s.run(g))
        info = s.info
        runs += 1
        reused += info["reused"] > 0
        assert info["root_visits"] == info["reused"] + info["iterations"]
    assert g.is_over
    assert reused > runs // 2
    target = s.policy_target()
    assert abs(target.sum() - 1.0) < 1e-9 or len(target) == 0


def test_bad_searches_raise_with_the_status():
    with pytest.raises(cc.CarcError) as e:
        search.Search(iterations=0)
    assert e.value.status == cc.Status.E_RANGE
    with pytest.raises(ValueError):
        search.Search(reward="points")
    with pytest.raises(ValueError):
        search.parse("search:10,fast")
    g = _midgame()
    while g.moves():
        g.apply_index(0)
    with pytest.raises(cc.CarcError) as e:
        g.search(iterations=10)
    assert e.value.status == cc.Status.E_GAME_OVER
    s = search.Search(iterations=10)
    with pytest.raises(cc.CarcError) as e:
        s.root()
    assert e.value.status == cc.Status.E_PHASE


def test_the_search_policy_plays_self_play_games():
    out = selfplay.play_game("discovery", 2, 4, ("search:40", "random"), options={"hand": 1})
    assert out["decisions"] > 20
    again = selfplay.play_game("discovery", 2, 4, ("search:40", "random"), options={"hand": 1})
    assert again["scores"] == out["scores"], "a seed replays the same game"
    batch = selfplay.play_batch({"variant": "base", "games": 2, "first_seed": 9, "policies": ["search:30,win"]})
    assert len(batch["results"]) == 2


def test_the_arena_module_scores_a_bot_against_itself_a_half_and_finds_the_weaker():
    same = arena.match("search:20", "search:20", 2, seed=3)
    assert same["share"] == 0.5 and same["pentanomial"][2] == 2
    three = arena.match("random", "random", 2, seed=3, variant="over-hill-and-dale", players=3)
    assert three["share"] == 0.5
    weaker = arena.match("random", "mc:2", 8, seed=1)
    assert weaker["interval"][1] < 0.5
    assert weaker["elo"] < 0


def test_the_arena_sprt_agrees_with_carc_arena_arithmetic():
    deals = [1.0, 0.75, 1.0, 1.0, 0.5, 1.0, 1.0, 0.75, 1.0, 1.0]
    assert arena.sprt(deals, 0, 50) == 1
    assert arena.sprt([0.5] * 20, 0, 50) == -1
    assert arena.sprt([1.0] * 3, 0, 50) == 0, "no verdict before eight deals"
    assert abs(arena.elo(0.75) - 190.848501887865) < 1e-9
    assert arena.judge(1, [10, 20, 20]) == (0.75, 5.0)


def test_the_arena_command_line(capsys):
    arena.main(["--a", "random", "--b", "random", "--pairs", "2", "--seed", "4"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-3:] == ["score_share: 0.5000", "interval: 0.5000 0.5000", "games: 4"]


def test_the_arena_sums_up_carc_arena_logs(tmp_path):
    log = tmp_path / "a.log"
    log.write_text("deal 0 seed 1 a_seat 0 scores 30 20\ndeal 0 seed 1 a_seat 1 scores 25 25\n"
                   "deal 1 seed 2 a_seat 0 scores 10 40\ndeal 1 seed 2 a_seat 1 scores 30 40\n"
                   "deal 2 seed 3 a_seat 0 scores 10 40\n")  # the last deal cut short
    out = arena.summarize(arena.read_logs([str(log)]))
    assert out["pairs"] == 2 and out["games"] == 4
    assert out["share"] == (0.75 + 0.5) / 2
    assert out["pentanomial"] == [0, 0, 1, 1, 0]
    assert out["margin"] == ((10 + 0) / 2 + (-30 + 10) / 2) / 2
