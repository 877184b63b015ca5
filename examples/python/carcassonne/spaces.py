"""Spaces of the environments: Gymnasium's own classes when Gymnasium is
importable, otherwise small classes with the same interface, so that code
written against ``gymnasium.spaces`` runs either way.

The stand-ins follow Gymnasium 1.x's documented behaviour for what they
offer: ``shape``, ``dtype``, ``np_random`` (a numpy Generator, seeded on
first use if :meth:`Space.seed` was not called), ``seed(seed)`` returning
the seeds used, ``sample(mask=...)``, ``contains``/``in``, equality, and,
for :class:`Discrete`, ``n``, ``start`` and ``np.int64`` samples.

:func:`observation_space` builds the space of the encoding's observations:
PettingZoo's classic-board shape ``Dict({"observation": ..., "action_mask":
Box(0, 1, (n,), int8)})``, the observation a ``Dict`` of ``Box`` es (one per
array) or, with ``flat=True``, one float32 ``Box``.
"""

from collections.abc import Mapping

import numpy as np

try:  # pragma: no cover - Gymnasium is not in Debian, so not in CI
    import gymnasium as _gym
    from gymnasium.spaces import Box, Dict, Discrete, MultiDiscrete, Space
    from gymnasium.vector.utils import batch_space
    GYMNASIUM = True
except ImportError:
    _gym = None
    GYMNASIUM = False

if not GYMNASIUM:

    class Space:
        """The base: shape, dtype and a seedable generator."""

        def __init__(self, shape=None, dtype=None, seed=None):
            self._shape = None if shape is None else tuple(shape)
            self.dtype = None if dtype is None else np.dtype(dtype)
            self._np_random = None
            if seed is not None:
                self.seed(seed)

        @property
        def shape(self):
            return self._shape

        @property
        def np_random(self):
            """The generator samples come from (seeded from the OS on first use)."""
            if self._np_random is None:
                self.seed()
            return self._np_random

        def seed(self, seed=None):
            """Seeds the generator; returns the list of seeds used."""
            if isinstance(seed, np.random.Generator):
                self._np_random = seed
                return [None]
            if seed is None:
                seed = int(np.random.SeedSequence().entropy % (2 ** 63))
            if not isinstance(seed, (int, np.integer)) or seed < 0:
                raise ValueError("a seed must be a non-negative integer, not %r" % (seed,))
            self._np_random = np.random.Generator(np.random.PCG64(np.random.SeedSequence(int(seed))))
            return [int(seed)]

        def contains(self, x):
            raise NotImplementedError

        def __contains__(self, x):
            return self.contains(x)

        def sample(self, mask=None):
            raise NotImplementedError

    class Discrete(Space):
        """The integers ``start .. start + n - 1``."""

        def __init__(self, n, seed=None, start=0, dtype=np.int64):
            if not isinstance(n, (int, np.integer)) or n <= 0:
                raise ValueError("n must be a positive integer, not %r" % (n,))
            if not isinstance(start, (int, np.integer)):
                raise TypeError("start must be an integer, not %r" % (start,))
            super().__init__((), dtype, seed)
            self.n = self.dtype.type(n)
            self.start = self.dtype.type(start)

        def sample(self, mask=None, probability=None):
            """A uniform element; with ``mask`` (int8, shape (n,), 0/1) one of the
            allowed ones, or ``start`` when none is allowed."""
            if mask is not None and probability is not None:
                raise ValueError("give a mask or a probability, not both")
            if mask is not None:
                if not isinstance(mask, np.ndarray) or mask.dtype != np.int8 or mask.shape != (int(self.n),):
                    raise AssertionError("the mask must be an np.int8 array of shape (%d,), not %r" % (
                        self.n, getattr(mask, "dtype", type(mask))))
                allowed = mask == 1
                if not np.all(allowed | (mask == 0)):
                    raise AssertionError("mask values must be 0 or 1")
                if not allowed.any():
                    return self.start
                return self.start + self.dtype.type(self.np_random.choice(np.flatnonzero(allowed)))
            if probability is not None:
                p = np.asarray(probability, dtype=np.float64)
                if p.shape != (int(self.n),) or not np.isclose(p.sum(), 1) or (p < 0).any():
                    raise AssertionError("probability must be a distribution of shape (%d,)" % self.n)
                return self.start + self.np_random.choice(np.arange(self.n, dtype=self.dtype), p=p)
            return self.start + self.np_random.integers(self.n, dtype=self.dtype.type)

        def contains(self, x):
            if isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)):
                v = int(x)
            elif isinstance(x, np.ndarray) and x.shape == () and np.issubdtype(x.dtype, np.integer):
                v = int(x)
            else:
                return False
            return bool(self.start <= v < self.start + self.n)

        def __eq__(self, other):
            return isinstance(other, Discrete) and self.n == other.n and self.start == other.start

        def __repr__(self):
            return "Discrete(%d)" % self.n if self.start == 0 else "Discrete(%d, start=%d)" % (self.n, self.start)

    class MultiDiscrete(Space):
        """A vector of independent integers, entry i in ``0 .. nvec[i] - 1``."""

        def __init__(self, nvec, dtype=np.int64, seed=None, start=None):
            self.nvec = np.array(nvec, dtype=dtype, copy=True)
            self.start = np.zeros_like(self.nvec) if start is None else np.array(start, dtype=dtype)
            super().__init__(self.nvec.shape, dtype, seed)

        def sample(self, mask=None):
            if mask is None:
                return (self.np_random.random(self.nvec.shape) * self.nvec).astype(self.dtype) + self.start
            out = np.empty(self.nvec.shape, dtype=self.dtype)
            for i, (n, m) in enumerate(zip(self.nvec.ravel(), mask)):
                sub = Discrete(int(n), seed=self.np_random)
                out.flat[i] = sub.sample(mask=m)
            return out + self.start

        def contains(self, x):
            x = np.asarray(x)
            return bool(x.shape == self.shape and np.issubdtype(x.dtype, np.integer) and
                        np.all(x >= self.start) and np.all(x < self.start + self.nvec))

        def __eq__(self, other):
            return isinstance(other, MultiDiscrete) and np.array_equal(self.nvec, other.nvec)

        def __repr__(self):
            return "MultiDiscrete(%s)" % self.nvec

    class Box(Space):
        """Arrays of one shape and dtype with each element in [low, high]."""

        def __init__(self, low, high, shape=None, dtype=np.float32, seed=None):
            dtype = np.dtype(dtype)
            if shape is None:
                shape = np.broadcast(np.asarray(low), np.asarray(high)).shape
            shape = tuple(int(d) for d in shape)
            self.low = np.full(shape, low, dtype=dtype) if np.isscalar(low) else np.asarray(low, dtype=dtype)
            self.high = np.full(shape, high, dtype=dtype) if np.isscalar(high) else np.asarray(high, dtype=dtype)
            if self.low.shape != shape or self.high.shape != shape:
                raise ValueError("low and high must have the shape %s" % (shape,))
            if (self.low > self.high).any():
                raise ValueError("low must not be above high")
            super().__init__(shape, dtype, seed)

        def sample(self, mask=None):
            if mask is not None:
                raise NotImplementedError("Box.sample takes no mask")
            if np.issubdtype(self.dtype, np.integer):
                return self.np_random.integers(self.low, self.high, size=self.shape, dtype=self.dtype,
                                               endpoint=True)
            return self.np_random.uniform(self.low, self.high, size=self.shape).astype(self.dtype)

        def contains(self, x):
            if not isinstance(x, np.ndarray):
                try:
                    x = np.asarray(x, dtype=self.dtype)
                except (ValueError, TypeError):
                    return False
            return bool(np.can_cast(x.dtype, self.dtype) and x.shape == self.shape and np.all(x >= self.low) and
                        np.all(x <= self.high))

        def __eq__(self, other):
            return (isinstance(other, Box) and self.shape == other.shape and self.dtype == other.dtype and
                    np.array_equal(self.low, other.low) and np.array_equal(self.high, other.high))

        def __repr__(self):
            return "Box(%s, %s, %s, %s)" % (self.low.min() if self.low.size else "", self.high.max() if
                                            self.high.size else "", self.shape, self.dtype)

    class Dict(Space, Mapping):
        """A dictionary of spaces, its samples dictionaries of their samples."""

        def __init__(self, spaces=None, seed=None, **kwargs):
            self.spaces = dict(spaces or {}, **kwargs)
            super().__init__(None, None, None)
            if seed is not None:
                self.seed(seed)

        def seed(self, seed=None):
            """Seeds this space and, from it, every subspace in key order."""
            seeds = super().seed(seed)
            for sub in self.spaces.values():
                seeds += sub.seed(int(self._np_random.integers(2 ** 31)))
            return seeds

        def sample(self, mask=None):
            if mask is not None:
                return {k: s.sample(mask=mask[k]) for k, s in self.spaces.items()}
            return {k: s.sample() for k, s in self.spaces.items()}

        def contains(self, x):
            return (isinstance(x, dict) and x.keys() == self.spaces.keys() and
                    all(self.spaces[k].contains(x[k]) for k in self.spaces))

        def __getitem__(self, key):
            return self.spaces[key]

        def __iter__(self):
            return iter(self.spaces)

        def __len__(self):
            return len(self.spaces)

        def __eq__(self, other):
            return isinstance(other, Dict) and self.spaces == other.spaces

        def __repr__(self):
            return "Dict(%s)" % ", ".join("%r: %r" % kv for kv in self.spaces.items())

    def batch_space(space, n):
        """The space of ``n`` stacked samples (Gymnasium's vector batching)."""
        if isinstance(space, Discrete):
            return MultiDiscrete(np.full(n, space.n, dtype=space.dtype), dtype=space.dtype,
                                 start=np.full(n, space.start, dtype=space.dtype))
        if isinstance(space, Box):
            return Box(np.repeat(space.low[None], n, axis=0), np.repeat(space.high[None], n, axis=0),
                       dtype=space.dtype)
        if isinstance(space, Dict):
            return Dict({k: batch_space(s, n) for k, s in space.spaces.items()})
        raise TypeError("cannot batch %r" % (space,))


# ---------------------------------------------------------------------------
# the encoding's spaces

_I16 = np.iinfo(np.int16)
_I32 = np.iinfo(np.int32)
# (low, high) of each array's values; figures hold -1 for "none"
BOUNDS = {
    "board": (0, 255), "figures": (-1, _I16.max), "phase": (0, 1), "to_move": (0, 1),
    "scores": (_I32.min, _I32.max), "supply": (0, _I16.max), "tokens": (0, _I16.max), "drawn": (0, 1),
    "hand_slots": (0, _I16.max), "hands": (0, _I16.max), "unseen": (0, _I16.max), "decks": (0, _I16.max),
    "projection": (_I32.min, _I32.max), "view_game": (_I32.min, _I32.max),
    "view_player": (_I32.min, _I32.max), "view_figure": (_I32.min, _I32.max),
    "view_board": (_I32.min, _I32.max),
}


def array_spaces(encoding):
    """{name: Box} of the encoding's arrays."""
    out = {}
    for name, (shape, dtype) in encoding.spaces.items():
        low, high = BOUNDS[name]
        out[name] = Box(low, high, shape=shape, dtype=dtype)
    return out


def flat_box(encoding):
    """The float32 Box of the flattened observation (arrays in order, each raveled)."""
    lows, highs = [], []
    for name, (shape, _) in encoding.spaces.items():
        n = int(np.prod(shape, dtype=np.int64))
        low, high = BOUNDS[name]
        lows.append(np.full(n, low, dtype=np.float32))
        highs.append(np.full(n, high, dtype=np.float32))
    low, high = np.concatenate(lows), np.concatenate(highs)
    return Box(low, high, shape=low.shape, dtype=np.float32)


def observation_space(encoding, flat=False):
    """``Dict({"observation": Dict of Boxes (or one float32 Box), "action_mask": Box(0, 1, (n,), int8)})``."""
    inner = flat_box(encoding) if flat else Dict(array_spaces(encoding))
    return Dict({"observation": inner, "action_mask": Box(0, 1, shape=(encoding.action_count,), dtype=np.int8)})


def flatten(encoding, obs, out=None):
    """The arrays of one observation as one float32 vector (or, for arrays
    with a leading batch axis, one row per observation)."""
    names = list(encoding.spaces)
    first = np.asarray(obs[names[0]])
    lead = first.shape[:first.ndim - len(encoding.spaces[names[0]][0])]
    parts = [np.asarray(obs[k]).reshape(lead + (-1,)) for k in names]
    return np.concatenate(parts, axis=-1, dtype=np.float32, out=out) if parts else np.zeros(lead + (0,), np.float32)
