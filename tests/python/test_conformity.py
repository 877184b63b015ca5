"""Conformity with the published conventions, for every ruleset.

What PettingZoo's api_test, play_test and seed_test check of an AEC
environment, and what Gymnasium's check_env checks of an environment, are
written out here by the rules those packages document, so they run without
the packages (neither is in Debian). Where PettingZoo or Gymnasium is
importable, their own checkers run too (the tests marked "real").

The AEC rules: reset takes seed and options; after reset nothing is
terminated or truncated; last(observe=False) gives no observation; each
agent's spaces are the same objects on every call and real (or
same-interface) spaces; observations lie in their space with its dtypes;
the reward last() gives is the sum of env.rewards since the agent last
acted (so rewards are cleared on dead steps); rewards, terminations,
truncations and infos are keyed by the live agents; finished agents leave
with a None step and never come back; step returns nothing; the same seed
gives the same run; masks agree with the legal moves.
"""

import re
from collections import defaultdict

import numpy as np
import pytest

from carcassonne import spaces
from carcassonne.env import CarcassonneEnv
from carcassonne.observation import Encoding
from carcassonne.vector import SAME_STEP, CarcassonneVectorEnv
from carcassonne.wrappers import SingleAgentEnv

from conftest import VARIANT_SETUPS, setup_id


def is_space(x):
    return isinstance(x, spaces.Space)


def dtypes_match(space, obs):
    """api_test's _test_observation_space_compatibility: every array has its space's dtype."""
    if isinstance(space, spaces.Dict):
        return all(dtypes_match(space[k], obs[k]) for k in space)
    return space.dtype == obs.dtype


def legal_actions_match_moves(env, agent, mask):
    """The mask is exactly the legal moves of the decision, each index playing one of them."""
    g = env.game
    moves = g.moves().copy()
    assert env.agent_name_mapping[agent] == g.player
    assert int(mask.sum()) == len(moves)
    ref = Encoding(env.encoding.variant, env.players, radius=env.encoding.R, registry=env.registry,
                   tileset=env.tileset, **env.options)
    assert np.array_equal(ref.legal_mask(g, moves).astype(np.int8), mask)


def aec_api_rules(env, cycles=1000, check_moves_every=17):
    """api_test's checks and play_test's, by their documented rules."""
    env.reset(seed=0, options={"options": 1})
    env.reset()
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    assert isinstance(env.num_agents, int) and env.num_agents > 0
    obs0, *_ = env.last()
    assert isinstance(obs0, dict) and set(obs0) == {"observation", "action_mask"}
    assert env.last(observe=False)[0] is None
    for agent in env.agents:
        assert is_space(env.observation_space(agent)) and is_space(env.action_space(agent))
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
        assert isinstance(env.action_space(agent), spaces.Discrete)
        assert re.match("[a-z]+_[0-9]+", agent)
        assert env.observation_space(agent) == env.observation_space(env.agents[0])
        mask_space = env.observation_space(agent)["action_mask"]
        assert mask_space.dtype == np.int8 and mask_space.shape == (env.action_space(agent).n,)
        assert (mask_space.low == 0).all() and (mask_space.high == 1).all()
    # play_test
    env.reset()
    live, finished, seen = set(env.agents), set(), set()
    accumulated = defaultdict(int)
    for step, agent in enumerate(env.agent_iter(env.num_agents * cycles)):
        seen.add(agent)
        assert agent not in finished, "agents cannot come back"
        assert isinstance(env.infos[agent], dict)
        obs, reward, terminated, truncated, info = env.last()
        assert isinstance(terminated, bool) and isinstance(truncated, bool)
        assert terminated == env.terminations[agent] and truncated == env.truncations[agent]
        assert info == env.infos[agent]
        assert accumulated[agent] == reward, "last() must give the rewards since the agent last acted"
        accumulated[agent] = 0
        if terminated or truncated:
            action = None
            live.discard(agent)
            finished.add(agent)
        else:
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and set(np.unique(mask)) <= {0, 1} and mask.any()
            assert int(mask.sum()) == info["legal_moves"]
            if step % check_moves_every == 0:
                legal_actions_match_moves(env, agent, mask)
            others = [a for a in env.agents if a != agent]
            for a in others:
                assert not env.observe(a)["action_mask"].any(), "only the agent to act has legal actions"
            action = env.action_space(agent).sample(mask)
        assert env.step(action) is None
        for a, r in env.rewards.items():
            float(r)
            accumulated[a] += r
        assert env.num_agents == len(env.agents)
        for d in (env.rewards, env.terminations, env.truncations, env.infos):
            assert set(d) == set(env.agents)
        assert set(env.agents) <= set(env.possible_agents)
        if not env.agents:
            break
        assert env.observation_space(agent).contains(obs), "observation outside its space"
        assert dtypes_match(env.observation_space(agent)["observation"], obs["observation"])
    assert not env.agents and finished == seen, "the game ran to its end and every agent left"
    # action flexibility: numpy integers are actions too
    env.reset(seed=0)
    action = env.action_space(env.agent_selection).sample(env.last()[0]["action_mask"])
    env.step(action)
    env.reset(seed=0)
    env.step(np.int32(action))
    assert env.render is not None and env.close is not None


def seed_rules(make, cycles=300):
    """seed_test: two environments reset with one seed and sampling from
    action spaces seeded alike run the same way."""
    e1, e2 = make(), make()
    e1.reset(seed=42)
    e2.reset(seed=42)
    for i, a in enumerate(e1.agents):
        e1.action_space(a).seed(42 + i)
        e2.action_space(a).seed(42 + i)
    for n, (a1, a2) in enumerate(zip(e1.agent_iter(), e2.agent_iter())):
        assert a1 == a2
        o1, r1, t1, u1, i1 = e1.last()
        o2, r2, t2, u2, i2 = e2.last()
        assert r1 == r2 and t1 == t2 and u1 == u2 and i1 == i2
        for k in o1["observation"]:
            assert np.array_equal(o1["observation"][k], o2["observation"][k])
        assert np.array_equal(o1["action_mask"], o2["action_mask"])
        if t1 or u1 or n >= cycles:
            break
        x1 = e1.action_space(a1).sample(o1["action_mask"])
        x2 = e2.action_space(a2).sample(o2["action_mask"])
        assert x1 == x2 and type(x1) is np.int64
        e1.step(x1)
        e2.step(x2)


@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_aec_environment_rules(setup):
    name, opts = setup
    aec_api_rules(CarcassonneEnv(name, 2, **opts))


@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_aec_seed_rules(setup):
    name, opts = setup
    seed_rules(lambda: CarcassonneEnv(name, 3, **opts))


@pytest.mark.parametrize("reward", ["score", "win"])
@pytest.mark.parametrize("players", [2, 4])
def test_rewards_summed_after_every_step_count_once(reward, players):
    """The dead-step bug: summing env.rewards after every step (as PettingZoo's
    play_test and Tianshou do) must give each agent its episode reward once:
    the final margin, or +1 / -1."""
    env = CarcassonneEnv("base", players, reward=reward)
    env.reset(seed=players)
    total = defaultdict(float)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else env.action_space(agent).sample(obs["action_mask"]))
        for a, r in env.rewards.items():
            total[a] += r
    s = env.game.scores
    winners = env.game.winners
    for p, a in enumerate(env.possible_agents):
        if reward == "win":
            assert total[a] == (1 if p in winners else -1)
        else:
            assert total[a] == pytest.approx(s[p] - (sum(s) - s[p]) / (players - 1))


def test_flat_observations():
    env = CarcassonneEnv("over-hill-and-dale", 2, observation="flat")
    env.reset(seed=3)
    space = env.observation_space("player_0")
    obs = env.last()[0]
    assert isinstance(space["observation"], spaces.Box) and space["observation"].dtype == np.float32
    assert obs["observation"].shape == space["observation"].shape and obs["observation"].dtype == np.float32
    assert space.contains(obs)
    full = CarcassonneEnv("over-hill-and-dale", 2)
    full.reset(seed=3)
    assert np.array_equal(obs["observation"], full.encoding.flatten(full.last()[0]["observation"]))
    aec_api_rules(env)


# ---------------------------------------------------------------------------
# Gymnasium's check_env rules, on the single-agent environment

def gym_env_rules(env):
    """check_env's checks: spaces, reset's return and seeding, options,
    step's return and determinism (with an unmasked sample, as the checker
    takes), render, close."""
    assert is_space(env.action_space) and is_space(env.observation_space)
    result = env.reset(seed=123)
    assert isinstance(result, tuple) and len(result) == 2
    obs1, info = result
    assert obs1 in env.observation_space and isinstance(info, dict)
    assert env.np_random is not None
    state1 = env.np_random.bit_generator.state
    obs2, _ = env.reset()
    obs3, _ = env.reset(seed=123)
    state3 = env.np_random.bit_generator.state
    obs4, _ = env.reset()
    for a, b in ((obs1, obs3), (obs2, obs4)):
        assert all(np.array_equal(a["observation"][k], b["observation"][k]) for k in a["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
    assert state1 == state3
    env.reset(seed=456)
    assert env.np_random.bit_generator.state != state1
    env.reset(options={})
    # step determinism, with an action sampled without the mask
    env.action_space.seed(123)
    action = env.action_space.sample()
    results = []
    for _ in range(2):
        env.reset(seed=123)
        results.append(env.step(action))
    (o0, r0, t0, u0, i0), (o1, r1, t1, u1, i1) = results
    assert r0 == r1 and t0 == t1 and u0 is False and u1 is False and i0 == i1
    assert all(np.array_equal(o0["observation"][k], o1["observation"][k]) for k in o0["observation"])
    for x in (t0, u0):
        assert isinstance(x, (bool, np.bool_))
    assert np.issubdtype(type(r0), np.floating) or np.issubdtype(type(r0), np.integer)
    assert o0 in env.observation_space
    text = env.render()
    assert isinstance(text, str) and "scores" in text
    env.close()
    env.close()


@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_single_agent_environment_rules(setup):
    name, opts = setup
    # the checker steps an action sampled without the mask: it must be taken (as a loss)
    gym_env_rules(SingleAgentEnv(name, 2, illegal_action="lose", render_mode="ansi", **opts))


@pytest.mark.parametrize("opponent", ["random", "greedy", "mc:2", "callable"])
def test_single_agent_plays_whole_games(opponent):
    seen = []

    def first_legal(obs, game):
        seen.append(game.player)
        return int(np.flatnonzero(obs["action_mask"])[0])
    env = SingleAgentEnv("base", 3, seat=1, opponents=first_legal if opponent == "callable" else opponent)
    obs, info = env.reset(seed=5)
    total, steps = 0.0, 0
    while True:
        assert env.game.player == 1 and obs["action_mask"].any()
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample(obs["action_mask"]))
        total += reward
        steps += 1
        if terminated or truncated:
            break
    s = env.game.scores
    assert terminated and steps > 40
    assert total == pytest.approx(s[1] - (s[0] + s[2]) / 2)
    if opponent == "callable":
        assert set(seen) == {0, 2}
    with pytest.raises(RuntimeError):
        env.step(0)


def test_greedy_beats_random():
    """Greedy opponents do better than random ones (the policies are what they say)."""
    margins = {}
    for opp in ("random", "greedy"):
        env = SingleAgentEnv("base", 2, opponents=opp)
        m = []
        for seed in range(6):
            obs, _ = env.reset(seed=seed)
            done = False
            while not done:
                obs, _, t, u, _ = env.step(env.action_space.sample(obs["action_mask"]))
                done = t or u
            s = env.game.scores
            m.append(s[1] - s[0])
        margins[opp] = np.mean(m)
    assert margins["greedy"] > margins["random"] + 10, margins


# ---------------------------------------------------------------------------
# the vector environment

def vector_rules(env, steps):
    """Gymnasium's vector conventions with same-step autoreset."""
    assert env.metadata["autoreset_mode"] == SAME_STEP
    n = env.num_envs
    obs, infos = env.reset(seed=9)
    assert obs in env.observation_space and isinstance(infos, dict)
    assert env.action_space.shape == (n,) and env.action_space.sample() in env.action_space
    ended_total = 0
    sums = np.zeros((n, env.players))
    for _ in range(steps):
        assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (n, env.single_action_space.n)
        assert obs["action_mask"].any(axis=1).all(), "every observation returned has a legal action"
        actions = env.sample_legal_actions()
        assert actions.shape == (n,) and obs["action_mask"][np.arange(n), actions].all()
        obs, rewards, terms, truncs, infos = env.step(actions)
        assert rewards.shape == (n,) and rewards.dtype == np.float64
        assert terms.dtype == np.bool_ and truncs.dtype == np.bool_
        for k in ("seat", "actor", "seat_rewards", "legal_moves"):
            assert infos["_" + k].all()
        assert np.array_equal(rewards, infos["seat_rewards"][np.arange(n), infos["actor"]])
        assert obs in env.observation_space
        sums += infos["seat_rewards"]
        ended = terms | truncs
        if not ended.any():
            assert "final_obs" not in infos
            continue
        assert np.array_equal(infos["_final_obs"], ended) and np.array_equal(infos["_final_info"], ended)
        for i in np.flatnonzero(ended):
            ended_total += 1
            final = infos["final_obs"][i]
            assert final in env.single_observation_space and not final["action_mask"].any()
            scores = infos["final_info"]["scores"][i]
            for p in range(env.players):
                others = (scores.sum() - scores[p]) / (env.players - 1)
                assert sums[i, p] == pytest.approx(scores[p] - others), "episode rewards add up to the margin"
            sums[i] = 0
            if not env.flat:
                new = obs["observation"]
                assert new["phase"][i][0] == 1 and new["scores"][i].sum() == 0, "the new game's first position"
                assert new["board"][i][0].sum() == 1, "only the start tile"
        for i in np.flatnonzero(~ended):
            assert infos["final_obs"][i] is None
    return ended_total


@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=setup_id)
def test_vector_environment_rules(setup):
    name, opts = setup
    env = CarcassonneVectorEnv(name, 2, 6, **opts)
    assert vector_rules(env, 250) >= 2


def test_vector_environment_flat_and_zero_copy():
    env = CarcassonneVectorEnv("base", 2, 4, observation="flat", copy=False)
    assert vector_rules(env, 200) >= 1
    lean = CarcassonneVectorEnv("base", 2, 4, copy=False)
    obs, _ = lean.reset(seed=1)
    assert np.shares_memory(obs["observation"]["board"], lean.batch.observations)
    copied = CarcassonneVectorEnv("base", 2, 4)
    obs, _ = copied.reset(seed=1)
    assert not np.shares_memory(obs["observation"]["board"], copied.batch.observations)


def test_vector_environment_is_deterministic_and_matches_its_games():
    a, b = CarcassonneVectorEnv("discovery", 2, 5, hand=1), CarcassonneVectorEnv("discovery", 2, 5, hand=1)
    oa, _ = a.reset(seed=4)
    ob, _ = b.reset(seed=4)
    ref = Encoding("discovery", 2, hand=1)
    for step in range(120):
        for k in oa["observation"]:
            assert np.array_equal(oa["observation"][k], ob["observation"][k])
        if step % 40 == 0:
            for i in range(5):
                g = a.game(i)
                want = ref.observe(g)
                for k in want:
                    assert np.array_equal(want[k], oa["observation"][k][i]), k
                assert np.array_equal(ref.legal_mask(g).astype(np.int8), oa["action_mask"][i])
        acts = a.sample_legal_actions()
        oa, *_ = a.step(acts)
        ob, *_ = b.step(acts)


def test_vector_environment_refuses_bad_actions():
    env = CarcassonneVectorEnv("base", 3, 4)
    obs, _ = env.reset(seed=2)
    saves = [env.game(i).save() for i in range(4)]
    acts = env.sample_legal_actions()
    bad = acts.copy()
    bad[3] = int(np.flatnonzero(obs["action_mask"][3] == 0)[0])
    with pytest.raises(ValueError, match="game 3: seat 0 chose action %d" % bad[3]):
        env.step(bad)
    with pytest.raises(ValueError):
        env.step(acts[:2])
    with pytest.raises(ValueError):
        env.step(acts.astype(np.float32))
    assert [env.game(i).save() for i in range(4)] == saves
    lose = CarcassonneVectorEnv("base", 3, 4, illegal_action="lose")
    lose.reset(seed=2)
    obs, rewards, terms, truncs, infos = lose.step(bad)
    assert terms[3] and not terms[:3].any() and rewards[3] == -1
    assert infos["final_obs"][3] is not None


def test_spaces_have_the_gymnasium_interface():
    d = spaces.Discrete(5, seed=3)
    s = d.sample()
    assert type(s) is np.int64 and 0 <= s < 5 and d.start == 0 and d.n == 5
    mask = np.array([0, 0, 1, 0, 0], dtype=np.int8)
    assert all(d.sample(mask=mask) == 2 for _ in range(10))
    assert d.sample(mask=np.zeros(5, dtype=np.int8)) == d.start
    assert d.contains(3) and d.contains(np.int32(4)) and not d.contains(5) and not d.contains(1.0)
    assert 2 in d
    one, two = spaces.Discrete(5, seed=3), spaces.Discrete(5, seed=3)
    assert [one.sample() for _ in range(20)] == [two.sample() for _ in range(20)], "a seed fixes the samples"
    assert isinstance(d.np_random, np.random.Generator)
    assert d.seed(7) == [7]
    box = spaces.Box(0, 3, shape=(2, 2), dtype=np.int16)
    assert box.contains(np.ones((2, 2), dtype=np.int16)) and not box.contains(np.full((2, 2), 4, dtype=np.int16))
    assert not box.contains(np.ones((2, 2), dtype=np.float64)), "a float64 array does not cast to int16"
    assert box.sample().dtype == np.int16 and box.sample() in box
    dd = spaces.Dict({"a": box, "b": d})
    assert dd.sample() in dd and set(dd) == {"a", "b"} and dd["a"] is box
    env = CarcassonneEnv("base", 2)
    assert env.observation_space("player_0") is env.observation_space("player_0")


# ---------------------------------------------------------------------------
# the packages' own checkers, where they are importable (not in Debian)

def test_real_pettingzoo_api_test():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test
    api_test(CarcassonneEnv("base", 2), num_cycles=1000)
    seed_test(lambda: CarcassonneEnv("base", 2))


def test_real_gymnasium_check_env():
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    check_env(SingleAgentEnv("base", 2, illegal_action="lose", render_mode="ansi"))
