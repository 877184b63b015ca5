"""The AEC-style environment: the loop, rewards, masks, errors."""

import numpy as np
import pytest

from carcassonne.env import CarcassonneEnv

from conftest import VARIANT_SETUPS, setup_id


def run_episode(env, seed):
    env.reset(seed=seed)
    total = {a: 0.0 for a in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        total[agent] += reward
        if termination or truncation:
            action = None
        else:
            mask = obs["action_mask"]
            assert mask.sum() == info["legal_moves"]
            action = env.action_space(agent).sample(mask)
        env.step(action)
        steps += 1
    return total, steps


@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_episode_of_every_variant(setup):
    name, opts = setup
    env = CarcassonneEnv(name, 2, **opts)
    total, steps = run_episode(env, seed=3)
    assert env.agents == [] and steps > 50
    s = env.game.scores
    # "score" rewards add up to each player's final margin over the others
    assert total["player_0"] == pytest.approx(s[0] - s[1])
    assert total["player_1"] == pytest.approx(s[1] - s[0])


def test_win_rewards_and_determinism():
    env = CarcassonneEnv("base", 3, reward="win")
    total, _ = run_episode(env, seed=11)
    winners = env.game.winners
    for i, a in enumerate(env.possible_agents):
        assert total[a] == (1 if i in winners else -1)
    first = env.game.save()
    run_episode(env, seed=11)
    assert env.game.save() == first  # same seed, same game and same sampled actions


def test_observe_last_and_spaces():
    env = CarcassonneEnv("hills-sheep", 2)
    env.reset(seed=1)
    assert env.agents == env.possible_agents and env.num_agents == 2 and env.max_num_agents == 2
    agent = env.agent_selection
    obs, reward, term, trunc, info = env.last()
    assert reward == 0 and not term and not trunc and info["phase"] == "TILE"
    space = env.observation_space(agent)
    assert space is env.observation_space(agent)
    for k, box in space["observation"].items():
        assert obs["observation"][k].shape == box.shape and obs["observation"][k].dtype == box.dtype
    assert space.contains(obs)
    assert obs["action_mask"].shape == (env.action_space(agent).n,)
    other = [a for a in env.agents if a != agent][0]
    assert env.observe(other)["action_mask"].sum() == 0  # only the mover has legal actions
    with pytest.raises(ValueError):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    env.step(env.action_space(agent).sample(obs["action_mask"]))
    assert env.last()[4]["phase"] == "FIGURE"
    text = CarcassonneEnv("base", 2, render_mode="ansi")
    text.reset(seed=2)
    assert "scores" in text.render()


def test_illegal_action_can_truncate():
    env = CarcassonneEnv("base", 2, illegal_action="truncate")
    env.reset(seed=4)
    env.step(env.encoding.action_count - 1)  # an unnamed action: never legal in base
    assert all(env.truncations.values())
    for agent in env.agent_iter():
        env.step(None)
    assert env.agents == []


def test_illegal_action_names_the_seat_and_changes_nothing():
    env = CarcassonneEnv("base", 2)
    env.reset(seed=4)
    agent = env.agent_selection
    before = env.game.save()
    mask = env.last()[0]["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=r"%s \(seat %d\) chose action %d \(tile" % (
            agent, env.agent_name_mapping[agent], bad)):
        env.step(bad)
    for wrong in (-1, env.encoding.action_count, 2.5, "7"):
        with pytest.raises(ValueError, match="chose action"):
            env.step(wrong)
    assert env.game.save() == before and env.agent_selection == agent
    assert env.rewards == {a: 0 for a in env.possible_agents}


def test_illegal_action_can_lose():
    env = CarcassonneEnv("base", 3, illegal_action="lose", reward="win")
    env.reset(seed=4)
    loser = env.agent_selection
    env.step(env.encoding.pass_offset)  # no pass in a tile step
    assert all(env.terminations.values())
    assert env.rewards == {a: (-1 if a == loser else 0) for a in env.possible_agents}
    assert "not legal" in env.infos[loser]["illegal_action"]
    for agent in env.agent_iter():
        env.step(None)
    assert env.agents == []


def test_render_shows_the_board():
    env = CarcassonneEnv("base", 2, render_mode="ansi")
    env.reset(seed=2)
    for _ in range(6):
        obs = env.last()[0]
        env.step(env.action_space(env.agent_selection).sample(obs["action_mask"]))
    text = env.render()
    lines = text.splitlines()
    assert lines[0].split()[:1] and "kinds: c=city r=road f=farm m=monastery" in text
    assert "scores: seat 0" in text and "to decide" in text
    # the start tile (city north, road east-west) at x 0, y 0: its three lines
    row = next(i for i, l in enumerate(lines) if l.startswith("   0 "))
    col = 5 + 4 * lines[0][5:].split().index("0")
    assert lines[row - 1][col + 1] == "c" and lines[row][col] == "r" and lines[row][col + 2] == "r"
    with pytest.warns(UserWarning):
        assert CarcassonneEnv("base", 2).render() is None
