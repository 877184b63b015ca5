"""A Gymnasium vector environment over the library's batched steps.

    from carcassonne.vector import CarcassonneVectorEnv
    envs = CarcassonneVectorEnv("base", players=2, num_envs=256)
    obs, infos = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(1000):
        obs, rewards, terminations, truncations, infos = envs.step(envs.sample_legal_actions(rng))

Every sub-environment is one game played by all its seats in turn (self
play): the observation of env i is its position seen by the seat to decide
(``infos["seat"][i]``), with that seat's action mask, and ``rewards[i]`` is
what the step paid the seat that acted (``infos["actor"][i]``); every
seat's reward is in ``infos["seat_rewards"]`` (num_envs, players).

Autoreset: Gymnasium's **same-step** mode (``metadata["autoreset_mode"]``
is ``AutoresetMode.SAME_STEP``). A game that ends in a step reports its
termination or truncation and its last rewards in that step, and is
replaced at once: the observation returned is the new game's, and the
ended game's last observation is in ``infos["final_obs"][i]`` (an object
array, None where no game ended; ``infos["_final_obs"]`` says where), its
final scores in ``infos["final_info"]["scores"]``. Chosen because every
observation it returns has a legal action in its mask: under next-step
autoreset the last observation of a game has an empty mask, and a masked
policy has nothing to sample from.

The arrays returned view the library's buffers (zero copy) when
``copy=False``; they are rewritten by the next step. With ``copy=True``
(the default, as Gymnasium's SyncVectorEnv) each step returns copies.
"""

import os

import numpy as np

from . import spaces
from .native import Batch, NativeEncoding
from .observation import DEFAULT_RADIUS
from .render import board_text

try:  # pragma: no cover - Gymnasium is not in Debian, so not in CI
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector import VectorEnv as _VectorBase
    SAME_STEP = AutoresetMode.SAME_STEP
except ImportError:
    _VectorBase = object
    SAME_STEP = "SameStep"  # the value of gymnasium.vector.AutoresetMode.SAME_STEP


class CarcassonneVectorEnv(_VectorBase):
    """``num_envs`` games stepped together in C (carc_batch_step).

    ``threads``: worker threads besides the caller's (0: none). ``reward``:
    "score" or "win" (as CarcassonneEnv). ``observation``: "dict" or "flat".
    ``illegal_action``: "raise" (ValueError naming the env, seat and action;
    nothing changes) or "lose" (that game ends as a loss for the seat that
    chose it: reward -1, terminated). ``copy``: see the module's text.
    """

    metadata = {"render_modes": ["ansi"], "autoreset_mode": SAME_STEP}

    def __init__(self, variant="base", players=2, num_envs=8, *, radius=DEFAULT_RADIUS, reward="score",
                 observation="dict", threads=0, copy=True, illegal_action="raise", render_mode=None, registry=None,
                 tileset=None, **options):
        if observation not in ("dict", "flat"):
            raise ValueError("observation must be 'dict' or 'flat', not %r" % (observation,))
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError("render_mode must be one of %s or None" % self.metadata["render_modes"])
        self.encoding = NativeEncoding(variant, players, radius=radius, registry=registry, tileset=tileset, **options)
        self.batch = Batch(self.encoding, num_envs, threads=threads, reward=reward, illegal_action=illegal_action)
        self.num_envs = int(num_envs)
        self.players = players
        self.copy = copy
        self.flat = observation == "flat"
        self.render_mode = render_mode
        self.single_observation_space = spaces.observation_space(self.encoding, flat=self.flat)
        self.observation_space = spaces.batch_space(self.single_observation_space, self.num_envs)
        self.single_action_space = spaces.Discrete(self.encoding.action_count)
        self.action_space = spaces.batch_space(self.single_action_space, self.num_envs)
        self.closed = False
        self._envs = np.arange(self.num_envs)
        self._mask_view = self.batch.masks.view(np.int8)
        self._rng = np.random.default_rng()
        self.spec = None

    @property
    def unwrapped(self):
        return self

    @property
    def np_random(self):
        return self._rng

    # -- reset and step ------------------------------------------------------

    def reset(self, *, seed=None, options=None):
        """Starts a new game in every env. ``seed``: an int (the same seed
        gives the same games), or None for a fresh one. Returns (obs, infos)."""
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        elif isinstance(seed, (list, tuple)):
            raise ValueError("one int seed seeds every env (env i's games follow from it and i), not a list")
        if options and "reset_mask" in options:
            raise ValueError("reset_mask is for the DISABLED autoreset mode; this env resets ended games itself")
        self._rng = np.random.default_rng(seed)
        self.batch.reset(seed)
        return self._observations(), self._infos()

    def step(self, actions):
        """Applies one action per env (shape (num_envs,), integers). Returns
        (obs, rewards, terminations, truncations, infos)."""
        b = self.batch
        b.step(actions)
        rewards = b.rewards[self._envs, b.actors]
        infos = self._infos()
        ended = b.terminations | b.truncations
        if ended.any():
            self._final(infos, np.flatnonzero(ended))
        return self._observations(), rewards, b.terminations.copy(), b.truncations.copy(), infos

    def _observations(self):
        b = self.batch
        if self.flat:
            inner = spaces.flatten(self.encoding, b.obs)
        elif self.copy:
            inner = {k: v.copy() for k, v in b.obs.items()}
        else:
            inner = b.obs
        mask = self._mask_view.copy() if self.copy else self._mask_view
        return {"observation": inner, "action_mask": mask}

    def _infos(self):
        b, n = self.batch, self.num_envs
        every = np.ones(n, dtype=np.bool_)
        return {"seat": b.seats.astype(np.int64), "_seat": every, "actor": b.actors.astype(np.int64),
                "_actor": every.copy(), "seat_rewards": b.rewards.copy(), "_seat_rewards": every.copy(),
                "legal_moves": b.legal_counts.astype(np.int64), "_legal_moves": every.copy()}

    def _final(self, infos, ended):
        """Gymnasium's same-step keys: final_obs (object array), final_info (dict of arrays), with their masks."""
        b, n, enc = self.batch, self.num_envs, self.encoding
        final_obs = np.full(n, None, dtype=object)
        scores = np.zeros((n, self.players), dtype=np.int64)
        for i in ended:
            one = {k: v[i].copy() for k, v in b.final_obs.items()}
            seen = one["scores"]
            actor = int(b.actors[i])
            for k in range(self.players):
                scores[i, (actor + k) % self.players] = seen[k]
            inner = spaces.flatten(enc, one) if self.flat else one
            final_obs[i] = {"observation": inner, "action_mask": np.zeros(enc.action_count, dtype=np.int8)}
        mask = np.zeros(n, dtype=np.bool_)
        mask[ended] = True
        infos["final_obs"] = final_obs
        infos["_final_obs"] = mask
        infos["final_info"] = {"scores": scores, "_scores": mask.copy()}
        infos["_final_info"] = mask.copy()

    # -- helpers -------------------------------------------------------------

    def sample_legal_actions(self, rng=None):
        """One uniformly random legal action per env (numpy, no Python loop)."""
        return self.batch.sample_legal(rng if rng is not None else self._rng)

    def game(self, i):
        """A copy of env i's game as it stands (a Game)."""
        return self.batch.game(i)

    def render(self):
        """Env 0's position as text (``render_mode="ansi"``), or None."""
        if self.render_mode != "ansi":
            return None
        return board_text(self.batch.game(0))

    def close(self, **kwargs):
        self.closed = True

    def __repr__(self):
        return "CarcassonneVectorEnv(%s, %d players, %d envs)" % (self.encoding.variant.name, self.players,
                                                                 self.num_envs)
