"""A single-agent Gymnasium environment: one seat learns, the others are
played by given policies.

    from carcassonne.wrappers import SingleAgentEnv
    env = SingleAgentEnv("base", players=2, seat=0, opponents="greedy")
    obs, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

When Gymnasium is importable the class is a ``gymnasium.Env``. Opponents
(one for every other seat, or a list by seat) are named or callable:

``"random"``   uniform among the legal actions;
``"greedy"``   the legal move whose position, scored as if the game ended
               there (carc_game_projection), gives the best own total minus
               the best other total;
``"mc:K"``     flat Monte Carlo: each legal move followed by K random
               playouts in C, the best mean margin wins (as selfplay.py);
a callable     ``policy(observation, game) -> action index``, given the
               opponent's observation dict ({"observation", "action_mask"})
               and the Game (not to be changed).

The reward of a step is what the learning seat was paid from its action
up to its next decision (or the end), opponents' turns included, so an
episode's rewards add up as in CarcassonneEnv.
"""

import random

import numpy as np

from .env import CarcassonneEnv
from .observation import DEFAULT_RADIUS
from .selfplay import policy as _move_policy

try:  # pragma: no cover - Gymnasium is not in Debian, so not in CI
    import gymnasium as _gym
    _EnvBase = _gym.Env
except ImportError:
    _gym = None
    _EnvBase = object


def _greedy(game, moves, rng, scratch):
    me = game.player
    best, best_value = 0, None
    for i in range(len(moves)):
        scratch.copy_from(game)
        scratch.apply(moves[i])
        s = scratch.projection().scores
        others = max(s[:me] + s[me + 1:]) if len(s) > 1 else 0
        value = s[me] - others
        if best_value is None or value > best_value:
            best, best_value = i, value
    return best


class _MovePolicy:
    """A policy over moves (selfplay's, or greedy) seen as one over actions."""

    def __init__(self, name, env, rng):
        self.choose = _greedy if name == "greedy" else _move_policy(name)
        self.env = env
        self.rng = rng
        self.scratch = None

    def __call__(self, obs, game):
        if self.scratch is None:
            self.scratch = game.clone()
        moves = game.moves()
        i = self.choose(game, moves, self.rng, self.scratch)
        return self.env.encoding.index(game, moves[i])


class _RandomPolicy:
    def __init__(self, rng):
        self.rng = rng

    def __call__(self, obs, game):
        legal = np.flatnonzero(obs["action_mask"])
        return int(legal[self.rng.randrange(len(legal))])


class SingleAgentEnv(_EnvBase):
    """Seat ``seat`` of a game against ``opponents``; see the module's text.
    Other arguments as CarcassonneEnv (variant, players, reward, observation,
    radius, illegal_action, registry, tileset, ruleset options)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, variant="base", players=2, *, seat=0, opponents="random", reward="score",
                 observation="dict", radius=DEFAULT_RADIUS, illegal_action="raise", render_mode=None, registry=None,
                 tileset=None, **options):
        if not 0 <= seat < players:
            raise ValueError("seat must be 0 .. %d, not %r" % (players - 1, seat))
        self.env = CarcassonneEnv(variant, players, radius=radius, reward=reward, observation=observation,
                                  render_mode=render_mode, illegal_action=illegal_action, registry=registry,
                                  tileset=tileset, **options)
        self.seat = seat
        self.agent = self.env.possible_agents[seat]
        self.observation_space = self.env.observation_space(self.agent)
        self.action_space = self.env.action_space(self.agent)
        self.render_mode = render_mode
        self._policy_rng = random.Random()
        names = opponents if isinstance(opponents, (list, tuple)) else [opponents] * players
        if len(names) != players:
            raise ValueError("give one opponent, or a list of %d (one per seat; the learner's is ignored)" % players)
        self.opponents = [None if p == seat else self._policy(names[p]) for p in range(players)]

    def _policy(self, spec):
        if callable(spec):
            return spec
        if spec == "random":
            return _RandomPolicy(self._policy_rng)
        if spec == "greedy" or (isinstance(spec, str) and spec.startswith("mc:")):
            return _MovePolicy(spec, self.env, self._policy_rng)
        raise ValueError("an opponent is 'random', 'greedy', 'mc:K' or a callable, not %r" % (spec,))

    if _gym is None:
        # what gymnasium.Env gives: a generator the environment draws from,
        # reseeded by reset(seed=...) and made on first use otherwise
        _np_random = None

        @property
        def np_random(self):
            if self._np_random is None:
                self._np_random = np.random.default_rng()
            return self._np_random

        @property
        def unwrapped(self):
            return self

    @property
    def game(self):
        return self.env.game

    def _play_others(self):
        """Plays the other seats until the learner decides or the game ends."""
        env = self.env
        while env.agents and env.agent_selection != self.agent:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                return
            seat = env.agent_name_mapping[agent]
            env.step(self.opponents[seat](env.observe(agent), env.game))

    def _result(self):
        env, a = self.env, self.agent
        info = dict(env.infos.get(a, {}))
        info["seat"] = self.seat
        return (env.observe(a), float(env._cumulative_rewards[a]), bool(env.terminations[a]),
                bool(env.truncations[a]), info)

    def reset(self, *, seed=None, options=None):
        """A new game; ``seed`` fixes the game and the opponents' choices."""
        if _gym is not None:
            super().reset(seed=seed)
        elif seed is not None:
            self._np_random = np.random.default_rng(seed)
        if seed is not None:
            self._policy_rng.seed(seed)
            self.action_space.seed(seed)
        self.env.reset(seed=seed)
        self._play_others()
        obs, _, _, _, info = self._result()
        return obs, info

    def step(self, action):
        env = self.env
        if env.agent_selection != self.agent or env.terminations[self.agent] or env.truncations[self.agent]:
            raise RuntimeError("the episode is over: call reset()")
        env.step(action)
        self._play_others()
        return self._result()

    def render(self):
        return self.env.render()

    def close(self):
        self.env.close()

