"""A multi-agent environment with PettingZoo's AEC conventions.

    env = CarcassonneEnv("base", players=2)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

When PettingZoo is importable the class is a ``pettingzoo.AECEnv``; without
it, it has the same attributes and methods (possible_agents, agents,
agent_selection, rewards, _cumulative_rewards, terminations, truncations,
infos, observe, step, last, agent_iter, action_space, observation_space,
render, close), with the same meaning, so code written for PettingZoo runs.

Spaces are Gymnasium's when it is importable (carcassonne.spaces), and each
agent's space is the same object on every call. Observations have the shape
of PettingZoo's classic board games: ``{"observation": ..., "action_mask":
int8 array}``, the observation a dict of the encoding's arrays or, with
``observation="flat"``, one float32 vector.
"""

import random
import warnings

import numpy as np

from . import spaces
from ._core import Game, Phase
from .native import NativeEncoding
from .observation import DEFAULT_RADIUS, Encoding
from .render import board_text

try:  # pragma: no cover - PettingZoo is not in Debian, so not in CI
    from pettingzoo import AECEnv as _AECBase
except ImportError:
    _AECBase = object

REWARDS = ("score", "win")
ILLEGAL = ("raise", "lose", "truncate")


class CarcassonneEnv(_AECBase):
    """One game per episode; agent ``player_i`` is seat i.

    ``reward``: ``"score"`` (default) gives at every step each agent the change
    of its score minus the mean score of the others, so an episode's rewards
    add up to that final margin; ``"win"`` gives nothing until the end, then
    +1 to every player with the top score and -1 to the others.

    ``illegal_action``: an action outside the mask raises ``ValueError``
    naming the agent, its seat and the action (``"raise"``, the default; the
    game is unchanged); ``"lose"`` ends the game there as a loss for that
    agent (reward -1, the others 0, every agent terminated); ``"truncate"``
    cuts the episode short for everyone.

    ``truncations`` also become True for everyone if a decision has legal
    moves but none inside the action space (a board wider than the window;
    see docs/observations.md).

    ``observation``: ``"dict"`` (the encoding's arrays) or ``"flat"`` (one
    float32 vector). ``encoder``: ``"native"`` (the library's, default) or
    ``"python"`` (the reference in carcassonne.observation; same arrays,
    slower).
    """

    metadata = {"name": "carcassonne_v1", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, variant="base", players=2, *, radius=DEFAULT_RADIUS, reward="score", observation="dict",
                 encoder="native", seed=None, render_mode=None, illegal_action="raise", registry=None, tileset=None,
                 **options):
        if reward not in REWARDS:
            raise ValueError("reward must be one of %s, not %r" % (REWARDS, reward))
        if illegal_action not in ILLEGAL:
            raise ValueError("illegal_action must be one of %s, not %r" % (ILLEGAL, illegal_action))
        if observation not in ("dict", "flat"):
            raise ValueError("observation must be 'dict' or 'flat', not %r" % (observation,))
        if encoder not in ("native", "python"):
            raise ValueError("encoder must be 'native' or 'python', not %r" % (encoder,))
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError("render_mode must be one of %s or None" % self.metadata["render_modes"])
        self.variant = variant
        self.players = players
        self.options = options
        self.registry = registry
        self.tileset = tileset
        self.reward_mode = reward
        self.observation_mode = observation
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        make = NativeEncoding if encoder == "native" else Encoding
        self.encoding = make(variant, players, radius=radius, registry=registry, tileset=tileset, **options)
        self.possible_agents = ["player_%d" % i for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        space = spaces.observation_space(self.encoding, flat=observation == "flat")
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.encoding.action_count) for a in self.possible_agents}
        self._seeds = random.Random(seed)
        self.game = None
        self.agents = []
        self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos = {}, {}, {}, {}, {}
        self.agent_selection = None
        self._skip_agent_selection = None

    # -- spaces ------------------------------------------------------------

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def unwrapped(self):
        return self

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def __str__(self):
        return self.metadata["name"]

    # -- episode -----------------------------------------------------------

    def reset(self, seed=None, options=None):
        """A new game. The same ``seed`` gives the same game and, through the
        action spaces (seeded from it), the same sampled actions."""
        if seed is not None:
            self._seeds = random.Random(seed)
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(seed + i + 1)
        game_seed = self._seeds.getrandbits(63)
        self.game = Game(self.variant, self.players, game_seed, registry=self.registry, tileset=self.tileset,
                         **self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._margins = self._score_margins()
        self._next_decision()

    def _score_margins(self):
        s = self.game.scores
        total, P = sum(s), len(s)
        return [s[p] - (total - s[p]) / (P - 1) if P > 1 else s[p] for p in range(P)]

    def _next_decision(self):
        """Lists the legal actions of the new decision and names who takes it."""
        g = self.game
        mask = np.zeros(self.encoding.action_count, dtype=np.int8)
        if isinstance(self.encoding, NativeEncoding):
            legal, unindexed = self.encoding.mask_counts(g, mask)
            self._moves = None
        else:
            self._moves = g.moves().copy()
            idx = self.encoding.indices(g, self._moves)
            mask[idx[idx >= 0]] = 1
            legal, unindexed = len(self._moves), int((idx < 0).sum())
        self._mask = mask
        if legal == 0:
            self._finish()
            return
        self.agent_selection = self.possible_agents[g.player]
        self.infos[self.agent_selection] = {"legal_moves": legal, "phase": g.phase.name}
        if legal == unindexed:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a]["truncated"] = "no legal move inside the action space"

    def _finish(self):
        g = self.game
        scores = g.scores
        winners = g.winners
        for a in self.agents:
            self.terminations[a] = True
            self.infos[a] = {"scores": scores, "winners": winners}
        if self.reward_mode == "win":
            for a in self.agents:
                self.rewards[a] += 1 if self.agent_name_mapping[a] in winners else -1

    def observe(self, agent):
        """{"observation": the position seen by ``agent``, "action_mask": int8,
        all zero unless ``agent`` decides now}. Fresh arrays on every call."""
        p = self.agent_name_mapping[agent]
        obs = self.encoding.observe(self.game, perspective=p)
        if self.observation_mode == "flat":
            obs = spaces.flatten(self.encoding, obs)
        if agent == self.agent_selection and not (self.terminations.get(agent) or self.truncations.get(agent)):
            mask = self._mask.copy()
        else:
            mask = np.zeros(self.encoding.action_count, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def _was_dead_step(self, action):
        """The step of an agent whose episode is over: it leaves, the next
        finished agent is selected, and the rewards of the others are cleared
        (so a loop adding up ``rewards`` after every step counts each once)."""
        if action is not None:
            raise ValueError("%s is done: the only action it may take is None, not %r" % (
                self.agent_selection, action))
        agent = self.agent_selection
        for d in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards, self.infos):
            del d[agent]
        self.agents.remove(agent)
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = agent
            self.agent_selection = dead[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        for a in self.rewards:
            self.rewards[a] = 0

    def _illegal(self, agent, action):
        seat = self.agent_name_mapping[agent]
        legal = int(self._mask.sum())
        what = "%r" % (action,)
        if self.action_spaces[agent].contains(action):
            describe = getattr(self.encoding, "describe_text", None)
            what = "%d (%s)" % (int(action), describe(int(action)) if describe else "")
        return "%s (seat %d) chose action %s, which is not legal now; %d actions are legal (mask entries 1)" % (
            agent, seat, what, legal)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        legal = self.action_spaces[agent].contains(action) and self._mask[int(action)] == 1
        if not legal and self.illegal_action == "raise":
            raise ValueError(self._illegal(agent, action))
        self._cumulative_rewards[agent] = 0
        for a in self.agents:
            self.rewards[a] = 0
        if not legal:
            reason = self._illegal(agent, action)
            for a in self.agents:
                if self.illegal_action == "lose":
                    self.terminations[a] = True
                    self.rewards[a] = -1 if a == agent else 0
                else:
                    self.truncations[a] = True
                self.infos[a] = {"illegal_action": reason}
        else:
            if self._moves is None:
                self.game.apply(self.encoding.move(self.game, int(action)))
            else:
                pos = self.encoding.action_table(self.game, self._moves)[int(action)]
                self.game.apply(self._moves[pos])
            if self.reward_mode == "score":
                margins = self._score_margins()
                for a in self.agents:
                    i = self.agent_name_mapping[a]
                    self.rewards[a] = margins[i] - self._margins[i]
                self._margins = margins
            self._next_decision()
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        if self.render_mode == "human":
            self.render()

    def render(self):
        """The position as text (board_text): returned for ``render_mode="ansi"``,
        printed for ``"human"``; without a render mode, a warning and None."""
        if self.render_mode is None:
            warnings.warn("render() called without a render_mode: make the environment with render_mode='ansi' "
                          "(text returned) or 'human' (text printed)")
            return None
        if self.game is None:
            return None
        text = board_text(self.game)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        self.game = None
