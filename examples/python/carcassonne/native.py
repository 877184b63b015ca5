"""The library's own encoder and batched stepping, over numpy buffers.

:class:`NativeEncoding` has the interface of
:class:`carcassonne.observation.Encoding` (the reference, in Python) but
writes observations and masks in C (``carc_encoding_observe``,
``carc_encoding_mask``): the same arrays, about a hundred times faster.
Its layout (array names, shapes, offsets, plane groups, action blocks) is
read from the library, so nothing of it is repeated here.

:class:`Batch` steps many games at once (``carc_batch_step``): numpy
arrays owned by the Batch receive every game's observation, mask, rewards
and episode ends; the arrays are reused, each call overwriting them.

Zero copy: every array this module returns is a numpy view of a buffer
the C call wrote into, valid until the next call that writes it.
"""

import numpy as np

from ._core import MOVE_DTYPE, CarcError, Game, Move, Variant, _registry_ptr, _sized, _unpack_move, ffi, lib

_DTYPES = {1: np.dtype(np.uint8), 2: np.dtype(np.int16), 3: np.dtype(np.int32)}
REWARDS = {"score": 0, "win": 1}
ILLEGAL = {"raise": 0, "lose": 1}


def _game_options(variant, players, registry, tileset, options):
    """A carc_game_options and the cdata it points to (kept alive together)."""
    o = _sized("carc_game_options")
    o.variant = variant._ptr
    o.registry = _registry_ptr(registry)
    o.players = players
    keep = [o]
    if options:
        rules = ffi.new("carc_option[]", len(options))
        for i, (k, val) in enumerate(options.items()):
            keep.append(ffi.new("char[]", str(k).encode()))
            rules[i].name = keep[-1]
            rules[i].value = int(val)
        keep.append(rules)
        o.rules = rules
        o.rule_count = len(options)
    if tileset is not None:
        o.tileset = tileset._ptr
    return o, keep


def _check(status, where):
    if status:
        raise CarcError(status, where)


class NativeEncoding:
    """Observation arrays and the action space for one kind of game, in C.

    ``NativeEncoding("base", 2)``, ruleset options as keywords, ``radius``
    the window's half-width, ``action_codes`` the unnamed action codes
    covered; the same arguments as :class:`~carcassonne.observation.Encoding`,
    whose arrays it writes.
    """

    def __init__(self, variant="base", players=2, *, radius=16, action_codes=4, registry=None, tileset=None,
                 **options):
        self.variant = Variant.get(variant, registry) if not isinstance(variant, Variant) else variant
        self.players = players
        self.options = dict(options)
        self.registry = registry
        self.tileset = tileset
        go, self._keep = _game_options(self.variant, players, registry, tileset, options)
        eo = _sized("carc_encoding_options")
        eo.game = go
        eo.radius = radius
        eo.action_codes = action_codes
        out = ffi.new("carc_encoding **")
        _check(lib.carc_encoding_new(eo, out), "carc_encoding_new")
        self._e = ffi.gc(out[0], lib.carc_encoding_free)
        info = _sized("carc_encoding_info")
        _check(lib.carc_encoding_describe(self._e, info), "carc_encoding_describe")
        self.layout = info.layout
        self.R, self.W, self.NT, self.K = info.radius, info.width, info.tile_types, info.kinds
        self.FK, self.FMAX, self.H, self.NFIG = info.figure_kinds, info.features_max, info.hand_slots, info.figures
        self.FP, self.NTOK, self.T, self.C = info.figure_slots, info.token_kinds, info.targets, info.action_codes
        self.decks = info.decks
        self.action_count = info.action_count
        self.observation_bytes = info.observation_bytes
        self.arrays = []  # (name, dtype, shape, offset)
        a = _sized("carc_obs_array")
        for i in range(info.array_count):
            _check(lib.carc_encoding_array(self._e, i, a), "carc_encoding_array")
            shape = tuple(a.shape[k] for k in range(a.ndim))
            self.arrays.append((ffi.string(a.name).decode(), _DTYPES[a.dtype], shape, a.offset))
        self.planes = []  # (name, array name, first, count)
        p = _sized("carc_obs_planes")
        for i in range(info.plane_group_count):
            _check(lib.carc_encoding_planes(self._e, i, p), "carc_encoding_planes")
            self.planes.append((ffi.string(p.name).decode(), self.arrays[p.array][0], p.first, p.count))
        self.board_offset = {name: first for name, array, first, _ in self.planes if array == "board"}
        self.board_channels = self.arrays[0][2][0]
        self.blocks = []  # (name, offset, size, axes as ((name, size), ...), action code or -1)
        b = _sized("carc_action_block")
        for i in range(info.block_count):
            _check(lib.carc_encoding_block(self._e, i, b), "carc_encoding_block")
            axes = tuple((ffi.string(b.axis_names[k]).decode(), b.axis_sizes[k]) for k in range(b.axis_count))
            self.blocks.append((ffi.string(b.name).decode(), b.offset, b.size, axes, b.action))
        offsets = {blk[0]: blk[1] for blk in self.blocks}
        self.tile_offset, self.figure_offset, self.pass_offset = offsets["tile"], offsets["figure"], offsets["pass"]
        self.unnamed_offset = offsets["action:unnamed"]
        self._indices_out = None

    # -- shapes ---------------------------------------------------------------

    @property
    def spaces(self):
        """{name: (shape, dtype)} of every observation array, in buffer order."""
        return {name: (shape, dtype.type) for name, dtype, shape, _ in self.arrays}

    def buffer(self, count=None):
        """A zeroed uint8 buffer for one observation, or for ``count`` of them (rows)."""
        if count is None:
            return np.zeros(self.observation_bytes, dtype=np.uint8)
        return np.zeros((count, self.observation_bytes), dtype=np.uint8)

    def views(self, buf):
        """{name: array} viewing the observation(s) in ``buf`` without a copy: a
        buffer of shape (observation_bytes,) gives each array its own shape,
        one of shape (N, observation_bytes) gives (N, *shape)."""
        lead = buf.shape[:-1]
        out = {}
        for name, dtype, shape, offset in self.arrays:
            nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
            out[name] = buf[..., offset:offset + nbytes].view(dtype).reshape(lead + shape)
        return out

    # -- observations --------------------------------------------------------

    def observe(self, game, perspective=None, out=None):
        """The position as {name: array}, seen by seat ``perspective`` (default:
        the one to decide). ``out`` (from :meth:`buffer`) is written in place
        and the arrays view it; otherwise a new buffer is made."""
        if out is None:
            out = self.buffer()
        elif (not isinstance(out, np.ndarray) or out.dtype != np.uint8 or out.shape != (self.observation_bytes,) or
              not out.flags.c_contiguous or not out.flags.writeable):
            raise ValueError("out must be a writable contiguous uint8 array of shape (%d,), not %s %s" % (
                self.observation_bytes, getattr(out, "dtype", None), getattr(out, "shape", type(out))))
        p = -1 if perspective is None else int(perspective)
        _check(lib.carc_encoding_observe(self._e, game._g, p, ffi.from_buffer(out), out.nbytes),
               "carc_encoding_observe")
        return self.views(out)

    def flatten(self, obs):
        """One float32 vector of every array, in buffer order."""
        return np.concatenate([np.asarray(obs[k], dtype=np.float32).ravel() for k in self.spaces])

    # -- actions -------------------------------------------------------------

    def legal_mask(self, game, moves=None, out=None, dtype=bool):
        """The legal-action mask (``dtype`` bool, or np.int8 as PettingZoo
        wants it). ``moves`` is accepted for the reference's interface; the
        library lists the moves itself."""
        if out is None:
            out = np.zeros(self.action_count, dtype=np.uint8)
        self._check_mask_buffer(out)
        _check(lib.carc_encoding_mask(self._e, game._g, ffi.from_buffer(out), out.nbytes, ffi.NULL, ffi.NULL),
               "carc_encoding_mask")
        return out.view(dtype)

    def _check_mask_buffer(self, out):
        if (not isinstance(out, np.ndarray) or out.dtype.itemsize != 1 or out.dtype.kind not in "uib" or
                out.shape != (self.action_count,) or not out.flags.c_contiguous or not out.flags.writeable):
            raise ValueError("a mask buffer must be a writable contiguous array of one-byte integers (uint8, int8 "
                             "or bool) of shape (%d,), not %s %s" % (self.action_count, getattr(out, "dtype", None),
                                                                    getattr(out, "shape", type(out))))

    def mask_counts(self, game, out):
        """Writes the mask into ``out`` (uint8 or int8, action_count long) and
        returns (legal moves, legal moves without an index)."""
        self._check_mask_buffer(out)
        counts = ffi.new("int[2]")
        _check(lib.carc_encoding_mask(self._e, game._g, ffi.from_buffer(out), out.nbytes, counts, counts + 1),
               "carc_encoding_mask")
        return counts[0], counts[1]

    def indices(self, game, moves=None):
        """Action index of every move (-1 where a move falls outside the space),
        in the order of ``moves`` (default: ``game.moves()``)."""
        if moves is None:
            moves = game.moves()
        a = moves.array if hasattr(moves, "array") else np.asarray([tuple(m) for m in moves], dtype=MOVE_DTYPE)
        a = np.ascontiguousarray(a, dtype=MOVE_DTYPE)
        out = np.empty(len(a), dtype=np.int32)
        if len(a):
            _check(lib.carc_encoding_indices(self._e, game._g, ffi.from_buffer("carc_move[]", a), len(a),
                                             ffi.from_buffer("int32_t[]", out)), "carc_encoding_indices")
        return out.astype(np.int64)

    def index(self, game, move):
        return int(self.indices(game, [move])[0])

    def move(self, game, action):
        """The legal Move that ``action`` plays now (ValueError if none)."""
        out = ffi.new("carc_move *")
        r = lib.carc_encoding_move(self._e, game._g, int(action), out)
        if r in (lib.CARC_E_ILLEGAL_MOVE, lib.CARC_E_RANGE, lib.CARC_E_GAME_OVER):
            raise ValueError("action %d is not legal now (%s)" % (action, self.describe_text(action)))
        _check(r, "carc_encoding_move")
        return tuple.__new__(Move, _unpack_move(ffi.buffer(out), 0))

    def describe(self, action):
        """(block name, {axis: value}) of an index, as the reference's describe
        gives it: squares as x and y, a named action's code as "action"."""
        a = int(action)
        if not 0 <= a < self.action_count:
            raise ValueError("action index %d out of range 0..%d" % (a, self.action_count - 1))
        for name, offset, size, axes, code in self.blocks:
            if offset <= a < offset + size:
                rest, digits = a - offset, {}
                for axis, n in reversed(axes):
                    digits[axis] = rest % n
                    rest //= n
                out = {"action": code} if code >= 0 else {}
                for axis, _ in axes:
                    v = digits[axis]
                    out[axis] = v - self.R if axis in ("x", "y") else v
                if name == "action:unnamed":
                    out = {"action": digits["code"], "target": digits["target"]}
                return name, out
        raise AssertionError("unreachable")

    def describe_text(self, action):
        try:
            name, fields = self.describe(action)
        except ValueError as e:
            return str(e)
        return name + "".join(" %s=%s" % kv for kv in fields.items())


class Batch:
    """``games`` games of one encoding stepped together in C.

    ``reset(seed)`` and ``step(actions)`` write into the arrays below (owned
    by the Batch, overwritten by each call): ``obs`` {name: (games, ...)}
    views of ``observations``, ``masks`` (games, action_count) uint8,
    ``rewards`` (games, players) float64 in seat order, ``terminations``,
    ``truncations`` (games,) bool, ``seats`` and ``actors`` (games,) int32,
    ``final_observations`` (rows written for games that ended in the step)
    and ``legal``/``legal_counts``, the legal actions of each game.

    Autoreset is Gymnasium's same-step mode: a game that ends in a step is
    replaced within it; its flags and rewards are those of its last step,
    its last position is in ``final_observations``, and the observation and
    mask are the new game's.
    """

    def __init__(self, encoding, games, *, threads=0, reward="score", illegal_action="raise", legal_cap=None):
        if not isinstance(encoding, NativeEncoding):
            raise TypeError("encoding must be a NativeEncoding")
        if reward not in REWARDS:
            raise ValueError("reward must be one of %s, not %r" % (sorted(REWARDS), reward))
        if illegal_action not in ILLEGAL:
            raise ValueError("illegal_action must be one of %s, not %r" % (sorted(ILLEGAL), illegal_action))
        self.encoding = encoding
        self.games = int(games)
        o = _sized("carc_batch_options")
        o.encoding = encoding._e
        o.games = self.games
        o.threads = int(threads)
        o.reward = REWARDS[reward]
        o.illegal = ILLEGAL[illegal_action]
        out = ffi.new("carc_batch **")
        _check(lib.carc_batch_new(o, out), "carc_batch_new")
        self._b = ffi.gc(out[0], lib.carc_batch_free)
        n, P, e = self.games, encoding.players, encoding
        self.legal_cap = int(legal_cap or min(e.action_count, 1024))
        self.observations = e.buffer(n)
        self.final_observations = e.buffer(n)
        self.obs = e.views(self.observations)
        self.final_obs = e.views(self.final_observations)
        self.masks = np.zeros((n, e.action_count), dtype=np.uint8)
        self.rewards = np.zeros((n, P), dtype=np.float64)
        self.terminations = np.zeros(n, dtype=np.bool_)
        self.truncations = np.zeros(n, dtype=np.bool_)
        self.seats = np.zeros(n, dtype=np.int32)
        self.actors = np.zeros(n, dtype=np.int32)
        self.legal = np.zeros((n, self.legal_cap), dtype=np.int32)
        self.legal_counts = np.zeros(n, dtype=np.int32)
        self._actions = np.zeros(n, dtype=np.int32)
        bb = _sized("carc_batch_buffers")
        self._bufs = bb
        self._pins = []

        def put(field, arr, size_field=None, size=None, ctype="void *"):
            p = ffi.cast(ctype, arr.ctypes.data)
            setattr(bb, field, p)
            if size_field:
                setattr(bb, size_field, size)
            self._pins.append(arr)

        put("observations", self.observations, "observations_size", self.observations.nbytes)
        put("final_observations", self.final_observations, "final_observations_size", self.final_observations.nbytes)
        put("masks", self.masks, "masks_size", self.masks.nbytes, "uint8_t *")
        put("rewards", self.rewards, "rewards_count", self.rewards.size, "double *")
        put("terminations", self.terminations, ctype="uint8_t *")
        put("truncations", self.truncations, ctype="uint8_t *")
        put("seats", self.seats, ctype="int32_t *")
        put("actors", self.actors, ctype="int32_t *")
        bb.games_count = n
        put("legal", self.legal, "legal_size", self.legal.size, "int32_t *")
        put("legal_counts", self.legal_counts, ctype="int32_t *")
        bb.legal_cap = self.legal_cap
        self._actions_ptr = ffi.cast("int32_t *", self._actions.ctypes.data)
        self.ready = False

    def _fail(self, status, where):
        text = ffi.string(lib.carc_batch_error(self._b)).decode()
        if status == lib.CARC_E_ILLEGAL_MOVE:
            raise ValueError(text)
        raise CarcError(status, text or where)

    def reset(self, seed=0):
        r = lib.carc_batch_reset(self._b, int(seed) & 0xFFFFFFFFFFFFFFFF, self._bufs)
        if r:
            self._fail(r, "carc_batch_reset")
        self.ready = True

    def step(self, actions):
        """Applies ``actions`` (one index per game: any integer array-like of
        shape (games,)). Refused before anything changes if the shape or the
        values do not fit (ValueError naming the game, seat and action)."""
        a = np.asarray(actions)
        if a.shape != (self.games,):
            raise ValueError("actions must have shape (%d,), one per game, not %s" % (self.games, a.shape))
        if a.dtype.kind not in "iu":
            raise ValueError("actions must be integers, not %s" % a.dtype)
        if a.size and (a.min() < -2 ** 31 or a.max() >= 2 ** 31):
            raise ValueError("action indices must fit in int32 (the space has %d)" % self.encoding.action_count)
        self._actions[:] = a
        r = lib.carc_batch_step(self._b, self._actions_ptr, self.games, self._bufs)
        if r:
            self._fail(r, "carc_batch_step")

    def game(self, i):
        """A copy of game ``i`` as it stands (a :class:`~carcassonne.Game`)."""
        g = ffi.new("carc_game **")
        _check(lib.carc_batch_game(self._b, int(i), g), "carc_batch_game")
        out = ffi.new("carc_game **")
        _check(lib.carc_game_clone(g[0], out), "carc_game_clone")
        e = self.encoding
        return Game._from_ptr(out[0], e.registry, e.tileset, e.variant)

    def seed(self, i):
        """The seed game ``i`` was made with."""
        s = ffi.new("uint64_t *")
        _check(lib.carc_batch_seed(self._b, int(i), s), "carc_batch_seed")
        return int(s[0])

    def sample_legal(self, rng):
        """One uniformly random legal action per game (from ``legal``), as int32."""
        counts = np.minimum(self.legal_counts, self.legal_cap)
        pick = (rng.random(self.games) * counts).astype(np.int64)
        return self.legal[np.arange(self.games), pick]
