"""A multi-agent environment with the PettingZoo AEC conventions, in plain Python.

    env = CarcassonneEnv("base", players=2)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Attribute and method names follow PettingZoo's AECEnv (possible_agents,
agents, agent_selection, rewards, terminations, truncations, infos,
observe, step, last, agent_iter, action_space, observation_space), so code
written for it runs here, but PettingZoo itself is not needed.
"""

import random

import numpy as np

from ._core import Game, Phase
from .observation import DEFAULT_RADIUS, Encoding


class Discrete:
    """A stand-in for gymnasium's Discrete space: ``n`` actions, sampled under a mask."""

    def __init__(self, n, seed=None):
        self.n = n
        self.shape = ()
        self.dtype = np.int64
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        if mask is None:
            return int(self._rng.integers(self.n))
        legal = np.flatnonzero(mask)
        if not len(legal):
            raise ValueError("no legal action to sample")
        return int(legal[self._rng.integers(len(legal))])

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and 0 <= x < self.n

    def __repr__(self):
        return "Discrete(%d)" % self.n


class CarcassonneEnv:
    """One game per episode; agent ``player_i`` is seat i.

    ``reward``: ``"score"`` (default) gives at every step each agent the change
    of its score minus the mean score of the others, so an episode's rewards
    add up to that final margin; ``"win"`` gives nothing until the end, then
    +1 to every player with the top score and -1 to the others.

    ``truncations`` become True for everyone if a decision has legal moves
    but none inside the action space's board window (a board wider than the
    window; see docs/observations.md).
    """

    metadata = {"name": "carcassonne_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, variant="base", players=2, *, radius=DEFAULT_RADIUS, reward="score", seed=None,
                 render_mode=None, illegal_action="raise", registry=None, tileset=None, **options):
        if reward not in ("score", "win"):
            raise ValueError("reward must be 'score' or 'win'")
        if illegal_action not in ("raise", "truncate"):
            raise ValueError("illegal_action must be 'raise' or 'truncate'")
        self.variant = variant
        self.players = players
        self.options = options
        self.registry = registry
        self.tileset = tileset
        self.reward_mode = reward
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.encoding = Encoding(variant, players, radius=radius, registry=registry, tileset=tileset, **options)
        self.possible_agents = ["player_%d" % i for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._action_spaces = {a: Discrete(self.encoding.action_count) for a in self.possible_agents}
        self._seeds = random.Random(seed)
        self.game = None
        self.agents = []

    # -- spaces ------------------------------------------------------------

    def action_space(self, agent):
        return self._action_spaces[agent]

    def observation_space(self, agent):
        """{"observation": {name: (shape, dtype)}, "action_mask": (shape, dtype)}."""
        return {"observation": self.encoding.spaces, "action_mask": ((self.encoding.action_count,), np.int8)}

    @property
    def unwrapped(self):
        return self

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    # -- episode -----------------------------------------------------------

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds = random.Random(seed)
            for i, space in enumerate(self._action_spaces.values()):
                space.seed(seed + i + 1)
        game_seed = self._seeds.getrandbits(63)
        self.game = Game(self.variant, self.players, game_seed, registry=self.registry, tileset=self.tileset,
                         **self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._margins = self._score_margins()
        self._decision = None
        self._next_decision()

    def _score_margins(self):
        s = self.game.scores
        total, P = sum(s), len(s)
        return [s[p] - (total - s[p]) / (P - 1) if P > 1 else s[p] for p in range(P)]

    def _next_decision(self):
        """Lists the legal moves of the new decision and names who takes it."""
        g = self.game
        self._moves = g.moves()
        if not self._moves:
            self._decision = None
            self._finish()
            return
        self._table = self.encoding.action_table(g, self._moves)
        self.agent_selection = self.possible_agents[g.player]
        self.infos[self.agent_selection] = {"legal_moves": len(self._moves), "phase": g.phase.name}
        self._decision = True
        if not self._table:
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
        p = self.agent_name_mapping[agent]
        obs = self.encoding.observe(self.game, perspective=p)
        mask = np.zeros(self.encoding.action_count, dtype=np.int8)
        if self._decision and agent == self.agent_selection:
            mask[list(self._table)] = 1
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
        if action is not None:
            raise ValueError("an agent whose episode is over must be stepped with None")
        agent = self.agent_selection
        for d in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
            d.pop(agent, None)
        self.agents.remove(agent)
        if self.agents:
            self.agent_selection = self.agents[0]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        for a in self.agents:
            self.rewards[a] = 0
        pos = self._table.get(int(action)) if action is not None else None
        if pos is None:
            if self.illegal_action == "raise":
                raise ValueError("action %r is not legal for %s now" % (action, agent))
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a]["truncated"] = "illegal action %r by %s" % (action, agent)
            return
        self.game.apply_index(pos)
        if self.reward_mode == "score":
            margins = self._score_margins()
            for a in self.agents:
                i = self.agent_name_mapping[a]
                self.rewards[a] = margins[i] - self._margins[i]
            self._margins = margins
        self._next_decision()
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]

    def render(self):
        """The board as text: one character per square of the occupied area."""
        g = self.game
        tiles = g.tiles
        xs = [t.x for t in tiles]
        ys = [t.y for t in tiles]
        at = {(t.x, t.y): t for t in tiles}
        names = g.tileset.types
        rows = []
        for y in range(min(ys), max(ys) + 1):
            rows.append(" ".join(("%-3s" % names[at[x, y].type].name[-3:]) if (x, y) in at else " . "
                                 for x in range(min(xs), max(xs) + 1)))
        phase, player = g.state
        rows.append("scores %s; %s" % (g.scores, "over" if phase == Phase.OVER else
                                       "%s decision of player %d" % (phase.name, player)))
        text = "\n".join(rows)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        self.game = None
