"""Python objects over the C library: variants, tile sets, games, moves."""

import enum
import operator
import struct
from collections import namedtuple

import numpy as np

from . import _ffi

ffi, lib, CONSTANTS, LOAD_INFO = _ffi.load()

MAX_PLAYERS = CONSTANTS.get("CARC_MAX_PLAYERS", 6)
MAX_HAND = CONSTANTS.get("CARC_MAX_HAND", 4)


def _enum(cname, prefix, pyname):
    """A Python IntEnum mirroring a C enum of the header, whatever members it has now."""
    members = {name[len(prefix):] if name.startswith(prefix) else name: value
               for value, name in ffi.typeof(cname).elements.items()}
    return enum.IntEnum(pyname, sorted(members.items(), key=lambda kv: kv[1]))


Status = _enum("carc_status", "CARC_", "Status")
Phase = _enum("carc_phase", "CARC_PHASE_", "Phase")
MoveKind = _enum("carc_move_kind", "CARC_MOVE_", "MoveKind")
Reason = _enum("carc_reason", "CARC_REASON_", "Reason")
Removal = _enum("carc_removal", "CARC_REMOVED_", "Removal")


def _optional_enum(cname, prefix, pyname):
    try:
        return _enum(cname, prefix, pyname)
    except Exception:  # a header older than the feature: no such enum
        return None


EventKind = _optional_enum("carc_event_kind", "CARC_EVENT_", "EventKind")
ViewShape = _optional_enum("carc_view_shape", "CARC_VIEW_", "ViewShape")
VIEW_FEATURE_STRIDE = CONSTANTS.get("CARC_VIEW_FEATURE_STRIDE", 16)
# bits of an action's `args` (carc_action_args in carcassonne_variant.h)
ARG_SQUARE = getattr(lib, "CARC_ARG_SQUARE", 2)
ARG_FEATURE = getattr(lib, "CARC_ARG_FEATURE", 4)
ARG_TARGET = getattr(lib, "CARC_ARG_TARGET", 1)

_STATUS_NAMES = dict(ffi.typeof("carc_status").elements)
_PHASE_OF = {int(p): p for p in Phase}  # calling an Enum class per query costs more than the C call


def version():
    """Version string of the loaded library."""
    return ffi.string(lib.carc_version()).decode()


class CarcError(Exception):
    """A library call failed. ``status`` is the code, ``status_name`` its
    ``CARC_E_...`` name, ``text`` the library's description (carc_strerror)."""

    def __init__(self, status, where=""):
        self.status = status
        self.status_name = _STATUS_NAMES.get(status, "CARC_E_%d" % status)
        self.text = ffi.string(lib.carc_strerror(status)).decode()
        self.where = where
        super().__init__("%s: %s%s" % (self.status_name, self.text, " (%s)" % where if where else ""))


def _check(status, where):
    if status:
        raise CarcError(status, where)


def _str(cstr):
    return ffi.string(cstr).decode() if cstr != ffi.NULL else None


# --------------------------------------------------------------------------
# Moves: the layout is read from the cdef so it follows the header.

# native byte order, standard sizes: the records are this machine's C structs
_CTYPE_FORMAT = {"uint8_t": ("B", "u1"), "int8_t": ("b", "i1"), "uint16_t": ("H", "=u2"), "int16_t": ("h", "=i2"),
                 "uint32_t": ("I", "=u4"), "int32_t": ("i", "=i4"), "int": ("i", "=i4"), "unsigned int": ("I", "=u4"),
                 "uint64_t": ("Q", "=u8"), "int64_t": ("q", "=i8")}


def _move_layout():
    t = ffi.typeof("carc_move")
    names, fmt, offsets, formats = [], "=", [], []
    pos = 0
    for name, field in t.fields:
        sfmt, nfmt = _CTYPE_FORMAT[field.type.cname]
        if field.offset > pos:
            fmt += "%dx" % (field.offset - pos)
        fmt += sfmt
        pos = field.offset + ffi.sizeof(field.type)
        names.append(name)
        offsets.append(field.offset)
        formats.append(nfmt)
    size = ffi.sizeof(t)
    if size > pos:
        fmt += "%dx" % (size - pos)
    dtype = np.dtype({"names": names, "formats": formats, "offsets": offsets, "itemsize": size})
    return names, struct.Struct(fmt), dtype


MOVE_FIELDS, _MOVE_STRUCT, MOVE_DTYPE = _move_layout()
MOVE_SIZE = _MOVE_STRUCT.size
_unpack_move = _MOVE_STRUCT.unpack_from
_pack_move = _MOVE_STRUCT.pack_into
_FIELD_INDEX = {n: i for i, n in enumerate(MOVE_FIELDS)}


def _put_move(mem, move):
    """Packs a move into a carc_move buffer: ValueError, not struct.error, for
    a move of the wrong length or a field outside its C type."""
    try:
        _pack_move(mem, 0, *move)
    except struct.error as e:
        raise ValueError("a move is %d whole numbers (%s), each within its C type: %s"
                         % (len(MOVE_FIELDS), ", ".join(MOVE_FIELDS), e)) from None


class Move(tuple):
    """One move, a value: a tuple of the ``carc_move`` fields in header order
    (kind, rotation, figure, feature, x, y, tile, action, target), equal and
    hashable like any tuple. Build one with the class methods, or take it
    from :meth:`Game.moves`."""

    __slots__ = ()

    def __new__(cls, *fields, **named):
        if len(fields) > len(MOVE_FIELDS):
            raise TypeError("a move has %d fields (%s), not %d" % (len(MOVE_FIELDS), ", ".join(MOVE_FIELDS),
                                                                   len(fields)))
        values = [0] * len(MOVE_FIELDS)
        values[:len(fields)] = fields
        for k, v in named.items():
            if k not in _FIELD_INDEX:
                raise TypeError("a move has no field %r (its fields: %s)" % (k, ", ".join(MOVE_FIELDS)))
            values[_FIELD_INDEX[k]] = v
        return tuple.__new__(cls, [operator.index(v) for v in values])

    @classmethod
    def place_tile(cls, x, y, rotation, tile):
        return cls(kind=MoveKind.TILE, x=x, y=y, rotation=rotation, tile=tile)

    @classmethod
    def place_figure(cls, x, y, figure, feature):
        return cls(kind=MoveKind.FIGURE, x=x, y=y, figure=figure, feature=feature)

    @classmethod
    def pass_(cls):
        return cls(kind=MoveKind.PASS)

    @classmethod
    def variant_action(cls, action, target=0, x=0, y=0, figure=0, feature=0):
        return cls(kind=MoveKind.ACTION, action=action, target=target, x=x, y=y, figure=figure, feature=feature)

    def _asdict(self):
        return dict(zip(MOVE_FIELDS, self))

    def __repr__(self):
        d = self._asdict()
        k = d["kind"]
        if k == MoveKind.TILE:
            body = "tile=%d x=%d y=%d rotation=%d" % (d["tile"], d["x"], d["y"], d["rotation"])
        elif k == MoveKind.FIGURE:
            body = "figure=%d feature=%d x=%d y=%d" % (d["figure"], d["feature"], d["x"], d["y"])
        elif k == MoveKind.PASS:
            body = ""
        else:
            body = " ".join("%s=%d" % (n, v) for n, v in d.items() if n != "kind" and v)
        kname = MoveKind(k).name if k in MoveKind._value2member_map_ else str(k)
        return "Move(%s%s)" % (kname, " " + body if body else "")

    def __reduce__(self):
        return (_move_from_tuple, (tuple(self),))


def _move_from_tuple(t):
    return tuple.__new__(Move, t)


def _field_property(i):
    return property(lambda self: tuple.__getitem__(self, i))


for _i, _n in enumerate(MOVE_FIELDS):
    setattr(Move, _n, _field_property(_i))
del _i, _n


class StaleMovesError(RuntimeError):
    """A move list was used after the game listed moves again (the buffer it viewed was rewritten)."""


class Moves:
    """The legal moves of the current decision: a view over the game's C
    buffer, valid until the next :meth:`Game.moves` call on the same game.
    ``len``, indexing and iteration give :class:`Move` values one at a time;
    :attr:`array` is a zero-copy numpy structured array of the raw
    ``carc_move`` records (dtype :data:`MOVE_DTYPE`)."""

    __slots__ = ("_game", "_n", "_stamp", "_mem")

    def __init__(self, game, n, stamp, mem):
        self._game = game
        self._n = n
        self._stamp = stamp
        self._mem = mem

    def _live(self):
        if self._stamp != self._game._stamp:
            raise StaleMovesError("this move list was replaced by a later Game.moves() call; copy() it to keep it")

    def __len__(self):
        return self._n

    def __bool__(self):
        return self._n > 0

    def __getitem__(self, i):
        if self._stamp != self._game._stamp:
            self._live()
        if i.__class__ is int and 0 <= i < self._n:
            return tuple.__new__(Move, _unpack_move(self._mem, i * MOVE_SIZE))
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._n))]
        i = operator.index(i)
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("move index out of range")
        return tuple.__new__(Move, _unpack_move(self._mem, i * MOVE_SIZE))

    def __iter__(self):
        self._live()
        mem, stamp, game = self._mem, self._stamp, self._game
        for i in range(self._n):
            if game._stamp != stamp:
                self._live()
            yield tuple.__new__(Move, _unpack_move(mem, i * MOVE_SIZE))

    def __contains__(self, move):
        return self.index(move) >= 0

    def index(self, move):
        """Position of ``move`` in the list, or -1."""
        self._live()
        packed = _MOVE_STRUCT.pack(*move)
        data = bytes(self._mem[:self._n * MOVE_SIZE])
        pos = data.find(packed)
        while pos >= 0 and pos % MOVE_SIZE:
            pos = data.find(packed, pos + 1)
        return pos // MOVE_SIZE if pos >= 0 else -1

    @property
    def array(self):
        """Zero-copy numpy view (valid while this list is)."""
        self._live()
        return np.frombuffer(self._mem, dtype=MOVE_DTYPE, count=self._n)

    def to_numpy(self):
        """A numpy copy that stays valid."""
        return self.array.copy()

    def copy(self):
        """A plain list of Move values."""
        return list(self)

    def __repr__(self):
        return "<Moves: %d legal>" % self._n


# --------------------------------------------------------------------------
# Variants, registries and tile sets

FigureKind = namedtuple("FigureKind", "index name per_player")
RuleOption = namedtuple("RuleOption", "index name help min max default")
Token = namedtuple("Token", "index name initial")
Bag = namedtuple("Bag", "index name tokens")
TileFeature = namedtuple("TileFeature", "index id kind slots")
TileType = namedtuple("TileType", "index name count is_start deck edges features")
Kind = namedtuple("Kind", "index name color")
ActionDesc = namedtuple("ActionDesc", "index code name args help")
ViewDesc = namedtuple("ViewDesc", "index name help shape length")


def _json_text(fn, obj, where):
    """A document written by one of the library's *_json calls: size, then text."""
    n = ffi.new("size_t *")
    r = fn(obj, ffi.NULL, 0, n)
    if r not in (0, lib.CARC_E_BUFFER):  # the size query answers CARC_E_BUFFER
        raise CarcError(r, where)
    buf = ffi.new("char[]", n[0] + 1)
    _check(fn(obj, buf, n[0] + 1, n), where)
    return ffi.unpack(buf, n[0]).decode()


def _sized(ctype):
    p = ffi.new(ctype + " *")
    p.struct_size = ffi.sizeof(ctype)
    return p


class TileSet:
    """A parsed tile set: its tile types with their features."""

    def __init__(self, ptr, owner=None, owned=False, variant=None):
        self._ptr = ffi.gc(ptr, lib.carc_tileset_free) if owned else ptr
        self._owner = owner  # whatever keeps a borrowed tile set alive
        self.variant = variant
        n = ffi.new("int *")
        _check(lib.carc_tileset_type_count(self._ptr, n), "carc_tileset_type_count")
        info = _sized("carc_tile_type_info")
        cid, ckind, cslots = ffi.new("char **"), ffi.new("char **"), ffi.new("unsigned *")
        types = []
        for t in range(n[0]):
            _check(lib.carc_tileset_type(self._ptr, t, info), "carc_tileset_type")
            feats = []
            for f in range(info.feature_count):
                _check(lib.carc_tileset_feature(self._ptr, t, f, cid, ckind, cslots), "carc_tileset_feature")
                feats.append(TileFeature(f, _str(cid[0]), _str(ckind[0]), cslots[0]))
            types.append(TileType(t, _str(info.name), info.count, bool(info.is_start), _str(info.deck),
                                  ffi.string(info.edges).decode(), tuple(feats)))
        self.types = tuple(types)
        self._by_name = {t.name: t.index for t in types}

    @classmethod
    def parse(cls, variant, text):
        """Parses tile-set text for a variant (see docs/tile-format.md)."""
        variant = Variant.get(variant) if isinstance(variant, (str, bytes)) else _need(variant, Variant, "variant")
        data = _text_bytes(text, "tile-set text")
        out = ffi.new("carc_tileset **")
        err = ffi.new("char[]", 256)
        r = lib.carc_tileset_parse(variant._ptr, data, len(data), out, err, 256)
        if r:
            raise CarcError(r, ffi.string(err).decode() or "carc_tileset_parse")
        return cls(out[0], owner=variant, owned=True, variant=variant)

    def __len__(self):
        return len(self.types)

    def __getitem__(self, key):
        return self.types[self.find(key) if isinstance(key, str) else key]

    def __iter__(self):
        return iter(self.types)

    def json(self):
        """The tile set as a JSON document (text; docs/state-json.md): types,
        features, slots, borders, links and the attributes each shows."""
        return _json_text(lib.carc_tileset_json, self._ptr, "carc_tileset_json")

    def find(self, name):
        """Tile type index of a tile id such as ``"D"``."""
        try:
            return self._by_name[name]
        except KeyError:
            raise CarcError(lib.CARC_E_NOT_FOUND, "tile %r" % name) from None


class Registry:
    """A list of variants: the built-ins plus any added (C variants, given as
    a ``carc_variant *`` cdata, for instance from a plug-in loaded with
    ``ffi.dlopen``). The variants added must outlive the registry."""

    def __init__(self):
        out = ffi.new("carc_registry **")
        _check(lib.carc_registry_new(out), "carc_registry_new")
        self._ptr = ffi.gc(out[0], lib.carc_registry_free)
        self._keep = []

    def add(self, variant_ptr):
        """Adds a C variant; a refused one raises CarcError naming the member at fault."""
        if hasattr(lib, "carc_registry_add_v2"):
            err = ffi.new("char[]", 256)
            r = lib.carc_registry_add_v2(self._ptr, variant_ptr, err, 256)
            _check(r, "carc_registry_add: " + ffi.string(err).decode(errors="replace") if r else "")
        else:
            _check(lib.carc_registry_add(self._ptr, variant_ptr), "carc_registry_add")
        self._keep.append(variant_ptr)

    def variants(self):
        return variants(self)

    def get(self, name):
        return Variant.get(name, registry=self)


def _need(obj, cls, what):
    """TypeError naming what was wanted, rather than an AttributeError from deep inside."""
    if not isinstance(obj, cls):
        raise TypeError("%s must be a %s, not %s" % (what, cls.__name__, type(obj).__name__))
    return obj


def _name(text, what):
    """A name as the C calls take it: text without NUL bytes (C would stop at one)."""
    if isinstance(text, bytes):
        text = text.decode()
    if not isinstance(text, str):
        raise TypeError("%s must be text, not %s" % (what, type(text).__name__))
    if "\0" in text:
        raise ValueError("%s %r holds a NUL byte" % (what, text))
    return text.encode()


def _text_bytes(text, what):
    """Text (str, or bytes as they are) for a C call that takes a length."""
    if isinstance(text, str):
        return text.encode()
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise TypeError("%s must be text or bytes, not %s" % (what, type(text).__name__))


def _registry_ptr(registry):
    return _need(registry, Registry, "registry")._ptr if registry is not None else ffi.NULL


class Variant:
    """A ruleset. Attributes: name, title, min_players, max_players, players
    (a range), tile_count, tile_type_count, figures, options, categories,
    bags. ``Variant.get("base")`` finds one; :func:`variants` lists them."""

    _cache = {}

    def __init__(self, ptr, registry=None):
        self._ptr = ptr
        self._registry = registry
        info = _sized("carc_variant_info")
        _check(lib.carc_variant_describe(ptr, info), "carc_variant_describe")
        self.name = _str(info.name)
        self.title = _str(info.title)
        self.min_players = info.min_players
        self.max_players = info.max_players
        self.players = range(info.min_players, info.max_players + 1)
        self.tile_count = info.tile_count
        self.tile_type_count = info.tile_type_count
        name, help_ = ffi.new("char **"), ffi.new("char **")
        a, b, c = ffi.new("int *"), ffi.new("int *"), ffi.new("int *")
        figs = []
        for i in range(info.figure_kind_count):
            _check(lib.carc_variant_figure(ptr, i, name, a), "carc_variant_figure")
            figs.append(FigureKind(i, _str(name[0]), a[0]))
        self.figures = tuple(figs)
        opts = []
        for i in range(info.option_count):
            _check(lib.carc_variant_option(ptr, i, name, help_, a, b, c), "carc_variant_option")
            opts.append(RuleOption(i, _str(name[0]), _str(help_[0]), a[0], b[0], c[0]))
        self.options = tuple(opts)
        cats = []
        for i in range(info.category_count):
            _check(lib.carc_variant_category(ptr, i, name), "carc_variant_category")
            cats.append(_str(name[0]))
        self.categories = tuple(cats)
        bags = []
        for i in range(getattr(info, "bag_count", 0)):
            _check(lib.carc_variant_bag(ptr, i, name, a), "carc_variant_bag")
            bag_name, toks = _str(name[0]), []
            for t in range(a[0]):
                _check(lib.carc_variant_bag_token(ptr, i, t, name, b), "carc_variant_bag_token")
                toks.append(Token(t, _str(name[0]), b[0]))
            bags.append(Bag(i, bag_name, tuple(toks)))
        self.bags = tuple(bags)
        self.kinds = self._kinds(info)
        code, args = ffi.new("unsigned *"), ffi.new("unsigned *")
        acts = []
        for i in range(getattr(info, "action_count", 0)):
            _check(lib.carc_variant_action(ptr, i, code, name, args, help_), "carc_variant_action")
            acts.append(ActionDesc(i, code[0], _str(name[0]), args[0], _str(help_[0])))
        self.actions = tuple(acts)
        views = []
        for i in range(getattr(info, "view_count", 0)):
            _check(lib.carc_variant_view(ptr, i, name, help_, a, b), "carc_variant_view")
            views.append(ViewDesc(i, _str(name[0]), _str(help_[0]), ViewShape(a[0]) if ViewShape else a[0], b[0]))
        self.views = tuple(views)
        self._tileset = None

    def _kinds(self, info):
        """Feature kinds in kind-id order, by the public call when the library has it."""
        name, color = ffi.new("char **"), ffi.new("char **")
        if hasattr(info, "kind_count"):
            out = []
            for k in range(info.kind_count):
                _check(lib.carc_variant_kind(self._ptr, k, name, color), "carc_variant_kind")
                out.append(Kind(k, _str(name[0]), _str(color[0])))
            return tuple(out)
        v = ffi.cast("struct carc_variant *", self._ptr)
        return tuple(Kind(k, ffi.string(v.kinds[k].name).decode(), None) for k in range(v.kind_count))

    @classmethod
    def _wrap(cls, ptr, registry=None):
        key = (int(ffi.cast("uintptr_t", ptr)), id(registry) if registry is not None else 0)
        v = cls._cache.get(key)
        if v is None:
            v = cls._cache[key] = cls(ptr, registry)
        return v

    @classmethod
    def get(cls, name, registry=None):
        """The variant called ``name`` (in ``registry``, default the built-ins)."""
        if isinstance(name, Variant):
            return name
        out = ffi.new("carc_variant **")
        r = lib.carc_registry_find(_registry_ptr(registry), _name(name, "a variant name"), out)
        if r == lib.CARC_E_NOT_FOUND:
            raise CarcError(r, "no variant %r; the variants are: %s" % (
                name, ", ".join(v.name for v in variants(registry))))
        _check(r, "variant %r" % name)
        return cls._wrap(out[0], registry)

    @property
    def tileset(self):
        """The variant's built-in tile set."""
        if self._tileset is None:
            v = ffi.cast("struct carc_variant *", self._ptr)
            self._tileset = TileSet.parse(self, ffi.unpack(v.tiles, v.tiles_len))
        return self._tileset

    def figure_index(self, name):
        for f in self.figures:
            if f.name == name:
                return f.index
        raise CarcError(lib.CARC_E_NOT_FOUND, "figure %r" % name)

    def view_index(self, view):
        if isinstance(view, int):
            return view
        for d in self.views:
            if d.name == view:
                return d.index
        raise CarcError(lib.CARC_E_NOT_FOUND, "view %r" % view)

    def bag_index(self, bag):
        if isinstance(bag, int):
            return bag
        for b in self.bags:
            if b.name == bag:
                return b.index
        raise CarcError(lib.CARC_E_NOT_FOUND, "bag %r" % bag)

    def __repr__(self):
        return "<Variant %s: %s, %d-%d players>" % (self.name, self.title, self.min_players, self.max_players)

    def _options_text(self):
        return ", ".join("%s=%d..%d (default %d)" % (o.name, o.min, o.max, o.default) for o in self.options) or "none"

    def _why_not(self, players, options):
        """What keeps carc_game_new from making a game of these settings: the
        bad value and what would be accepted, or None if none of them is."""
        if players not in self.players:
            return "players=%r: %s takes %d to %d players" % (players, self.name, self.min_players, self.max_players)
        by_name = {o.name: o for o in self.options}
        for k, val in options.items():
            o = by_name.get(str(k))
            if o is None:
                return "option %r: %s has no such option; its options: %s" % (k, self.name, self._options_text())
            if not o.min <= int(val) <= o.max:
                return "option %s=%r: allowed %d to %d" % (k, val, o.min, o.max)
        return None


def variants(registry=None):
    """Every variant of a registry (default: the built-ins)."""
    reg = _registry_ptr(registry)
    n = ffi.new("int *")
    _check(lib.carc_registry_count(reg, n), "carc_registry_count")
    out = ffi.new("carc_variant **")
    result = []
    for i in range(n[0]):
        _check(lib.carc_registry_at(reg, i, out), "carc_registry_at")
        result.append(Variant._wrap(out[0], registry))
    return result


# --------------------------------------------------------------------------
# Games

PlacedTile = namedtuple("PlacedTile", "index x y type rotation turn")
Feature = namedtuple("Feature", "tile_index feature local_id kind id tiles open_edges complete figures points_now")
Figure = namedtuple("Figure", "id owner kind on_board tile_index feature")
Event = namedtuple("Event", "turn player points category reason tile_index feature")
LogEntry = namedtuple("LogEntry", "kind turn player points category reason tile_index x y feature feature_id tiles "
                                  "complete")
Projection = namedtuple("Projection", "scores breakdown")
RemovedTile = namedtuple("RemovedTile", "type reason")

_INITIAL_MOVE_CAP = 1024
# read once: the per-decision calls (Game.moves, Game.apply_index) skip an
# attribute lookup on the library each
_carc_game_moves, _carc_game_apply = lib.carc_game_moves, lib.carc_game_apply
_E_BUFFER, _E_GAME_OVER = lib.CARC_E_BUFFER, lib.CARC_E_GAME_OVER
# ctypes resolved once: ffi.new with a type string parses it on every call
_T_INT2 = ffi.typeof("int[2]")
_T_SIZE = ffi.typeof("size_t *")
_T_MOVE = ffi.typeof("carc_move *")
_T_MOVES = ffi.typeof("carc_move[]")


class Game:
    """A game in progress.

    ``Game("base", 2, seed=42)``; ruleset options as keywords
    (``Game("discovery", 2, 1, hand=1)``). ``registry`` finds the variant in
    a :class:`Registry`; ``tileset`` plays a custom :class:`TileSet`.
    """

    __slots__ = ("_g", "variant", "players", "_registry", "_tileset_ref", "_buf", "_mem", "_cap", "_stamp",
                 "_n", "_one", "_onemem", "_int", "_phase", "_size", "_tileset", "__weakref__")

    def __init__(self, variant="base", players=2, seed=0, *, registry=None, tileset=None, **options):
        v = Variant.get(variant, registry) if not isinstance(variant, Variant) else variant
        o = _sized("carc_game_options")
        o.variant = v._ptr
        o.registry = _registry_ptr(registry)
        o.players = players
        o.seed = seed & 0xFFFFFFFFFFFFFFFF
        keep = []
        if options:
            rules = ffi.new("carc_option[]", len(options))
            for i, (k, val) in enumerate(options.items()):
                keep.append(ffi.new("char[]", _name(k, "an option name")))
                rules[i].name = keep[-1]
                rules[i].value = operator.index(val)
            o.rules = rules
            o.rule_count = len(options)
        if tileset is not None:
            o.tileset = tileset._ptr
        out = ffi.new("carc_game **")
        r = lib.carc_game_new(o, out)
        if r:
            raise CarcError(r, "carc_game_new: " + (v._why_not(players, options) or "%s, %r players" % (v.name, players)))
        self._adopt(out[0], v, registry, tileset)

    def _adopt(self, ptr, variant, registry, tileset):
        self._g = ffi.gc(ptr, lib.carc_game_free)
        self.variant = variant
        self._registry = registry
        self._tileset_ref = tileset
        n = ffi.new("int *")
        lib.carc_game_players(ptr, n)
        self.players = n[0]
        self._buf = None
        self._mem = None
        self._cap = 0
        self._stamp = 0
        self._n = 0
        self._one = ffi.new(_T_MOVE)
        self._onemem = ffi.buffer(self._one)
        self._int = ffi.new(_T_INT2)
        self._phase = ffi.cast("carc_phase *", self._int)
        self._size = ffi.new(_T_SIZE)
        self._tileset = tileset

    @classmethod
    def _from_ptr(cls, ptr, registry=None, tileset=None, variant=None):
        g = cls.__new__(cls)
        if variant is None:
            vp = ffi.new("carc_variant **")
            lib.carc_game_variant(ptr, vp)
            variant = Variant._wrap(vp[0], registry)
        g._adopt(ptr, variant, registry, tileset)
        return g

    # -- copies, saves -----------------------------------------------------

    def clone(self):
        """An independent copy."""
        out = ffi.new("carc_game **")
        _check(lib.carc_game_clone(self._g, out), "carc_game_clone")
        return Game._from_ptr(out[0], self._registry, self._tileset_ref, self.variant)

    __copy__ = clone

    def __deepcopy__(self, memo):
        return self.clone()

    def copy_from(self, other):
        """Makes this game a copy of ``other`` (same variant and tile set) without allocating."""
        _check(lib.carc_game_copy(self._g, _need(other, Game, "the game copied")._g), "carc_game_copy")
        self._n = 0

    def save(self):
        """The game as save text (docs/save-format.md)."""
        n = ffi.new("size_t *")
        r = lib.carc_game_save(self._g, ffi.NULL, 0, n)
        if r not in (0, lib.CARC_E_BUFFER):  # a size query may answer either
            raise CarcError(r, "carc_game_save")
        buf = ffi.new("char[]", n[0] + 1)
        _check(lib.carc_game_save(self._g, buf, n[0] + 1, n), "carc_game_save")
        return ffi.unpack(buf, n[0]).decode()

    def state_json(self):
        """The public state of the game as a JSON document (text; docs/state-json.md).
        The game is not changed: ``json.loads(game.state_json())`` for a dict."""
        return _json_text(lib.carc_game_state_json, self._g, "carc_game_state_json")

    @classmethod
    def load(cls, text, *, registry=None, tileset=None):
        """Rebuilds a saved game by replaying it."""
        data = _text_bytes(text, "save text")
        o = _sized("carc_load_options")
        o.registry = _registry_ptr(registry)
        if tileset is not None:
            o.tileset = tileset._ptr
        err = None
        if "err" in dict(ffi.typeof("carc_load_options").fields):  # the line at fault, where the library says it
            err = ffi.new("char[]", 256)
            o.err, o.err_cap = err, 256
        out = ffi.new("carc_game **")
        r = lib.carc_game_load(o, data, len(data), out)
        if r:
            raise CarcError(r, "carc_game_load: " + ffi.string(err).decode(errors="replace") if err else "carc_game_load")
        return cls._from_ptr(out[0], registry, tileset)

    def __reduce__(self):
        if self._registry is not None or self._tileset_ref is not None:
            raise TypeError("a game with its own registry or tile set pickles only by save text and load()")
        return (_load_builtin, (self.save(),))

    # -- turn --------------------------------------------------------------

    @property
    def state(self):
        """(phase, player to decide)."""
        p = self._int
        r = lib.carc_game_state(self._g, self._phase, p + 1)
        if r:
            raise CarcError(r, "carc_game_state")
        return _PHASE_OF[p[0]], p[1]

    @property
    def phase(self):
        return self.state[0]

    @property
    def player(self):
        """Seat of the player who decides now."""
        p = self._int
        r = lib.carc_game_state(self._g, ffi.NULL, p + 1)
        if r:
            raise CarcError(r, "carc_game_state")
        return p[1]

    @property
    def is_over(self):
        p = self._int
        _check(lib.carc_game_is_over(self._g, p), "carc_game_is_over")
        return bool(p[0])

    @property
    def winners(self):
        """Seats with the highest score (raises CARC_E_PHASE before the end)."""
        m = ffi.new("unsigned *")
        _check(lib.carc_game_winners(self._g, m), "carc_game_winners")
        return [p for p in range(self.players) if m[0] >> p & 1]

    @property
    def drawn_tile(self):
        """Tile type to place this turn, or None (placed already, or game over)."""
        p = self._int
        r = lib.carc_game_drawn_tile(self._g, p)
        if r in (lib.CARC_E_PHASE, lib.CARC_E_GAME_OVER):
            return None
        _check(r, "carc_game_drawn_tile")
        return p[0]

    def hand(self, player):
        """Tile types in a player's hand (see carc_game_hand)."""
        n = self._int
        buf = ffi.new("int[]", MAX_HAND)
        r = lib.carc_game_hand(self._g, player, buf, MAX_HAND, n)
        if r == lib.CARC_E_BUFFER:
            buf = ffi.new("int[]", n[0])
            r = lib.carc_game_hand(self._g, player, buf, n[0], n)
        _check(r, "carc_game_hand")
        return list(buf[0:n[0]])

    @property
    def hands(self):
        return [self.hand(p) for p in range(self.players)]

    def moves(self):
        """The legal moves of the current decision (empty once the game is over).
        The result views a buffer of this game, rewritten by the next call."""
        buf = self._buf
        if buf is None:
            self._grow(_INITIAL_MOVE_CAP)
            buf = self._buf
        n = self._size
        # the common outcome first, with the codes read once at import: each
        # lib attribute and helper call cost tens of ns on a 1.3 us decision
        r = _carc_game_moves(self._g, buf, self._cap, n)
        self._stamp = stamp = self._stamp + 1
        if r == 0:
            self._n = count = n[0]
            return Moves(self, count, stamp, self._mem)
        if r == _E_BUFFER:
            self._grow(n[0])
            r = _carc_game_moves(self._g, self._buf, self._cap, n)
        if r == _E_GAME_OVER:
            self._n = 0
            return Moves(self, 0, stamp, self._mem)
        _check(r, "carc_game_moves")
        self._n = n[0]
        return Moves(self, n[0], stamp, self._mem)

    def _grow(self, cap):
        self._cap = max(cap, _INITIAL_MOVE_CAP)
        self._buf = ffi.new(_T_MOVES, self._cap)
        self._mem = ffi.buffer(self._buf)

    def apply(self, move):
        """Plays a move: a :class:`Move` (or any sequence of the carc_move fields)."""
        _put_move(self._onemem, move)
        r = lib.carc_game_apply(self._g, self._one)
        if r:
            raise CarcError(r, "carc_game_apply")
        self._n = 0  # the listing is of the position before: apply_index needs a new one

    def apply_index(self, i):
        """Plays move ``i`` of the list the latest :meth:`moves` call returned,
        with no Move object made (the list must be of the current position)."""
        if not 0 <= i < self._n:
            raise IndexError("move index out of range (list the moves of this position first)")
        r = _carc_game_apply(self._g, self._buf + i)
        if r:
            raise CarcError(r, "carc_game_apply")
        self._n = 0

    def format_move(self, move):
        """A move as one line of text in the words of saves (``tile K 2 -1 1``, ``pass``, ``action grow 7``)."""
        _put_move(self._onemem, move)
        n = ffi.new("size_t *")
        buf = ffi.new("char[]", 128)
        r = lib.carc_move_format(self._g, self._one, buf, 128, n)
        if r == lib.CARC_E_BUFFER:
            buf = ffi.new("char[]", n[0] + 1)
            r = lib.carc_move_format(self._g, self._one, buf, n[0] + 1, n)
        _check(r, "carc_move_format")
        return ffi.unpack(buf, n[0]).decode()

    def parse_move(self, text):
        """The Move a line of move text names (legality is apply's business)."""
        data = _text_bytes(text, "move text")
        out = ffi.new("carc_move *")
        _check(lib.carc_move_parse(self._g, data, len(data), out), "carc_move_parse")
        return tuple.__new__(Move, _unpack_move(ffi.buffer(out), 0))

    def playouts(self, n, seed=0):
        """Final scores of ``n`` random games played to the end from here in C,
        as an (n, players) int32 array; the game is not changed."""
        n = operator.index(n)
        if not 0 <= n <= 0x7FFFFFFF:
            raise CarcError(lib.CARC_E_RANGE, "carc_game_playouts: n = %d, not 0 .. 2147483647" % n)
        out = np.empty((n, self.players), dtype=np.int32)
        _check(lib.carc_game_playouts(self._g, n, seed & 0xFFFFFFFFFFFFFFFF,
                                      ffi.from_buffer("int[]", out), out.size), "carc_game_playouts")
        return out

    def search(self, iterations=2000, **options):
        """The move libcarcassonne-search finds best here (the game is not
        changed); ``stats=True`` also gives the root statistics. Options and
        a search kept over a whole game: :mod:`carcassonne.search`."""
        from . import search
        return search.search(self, iterations, **options)

    # -- chance ------------------------------------------------------------

    def tile_type(self, tile):
        """Tile type index of a tile id (``"D"``) or an index."""
        return self.tileset.find(tile) if isinstance(tile, str) else int(tile)

    def set_next_tile(self, tile):
        """Fixes the next tile drawn (or replaces this turn's unplaced one); a tile id or type index."""
        _check(lib.carc_game_set_next_tile(self._g, self.tile_type(tile)), "carc_game_set_next_tile")

    def set_deck_order(self, tiles, deck=0):
        order = [self.tile_type(t) for t in tiles]
        _check(lib.carc_game_set_deck_order(self._g, deck, ffi.new("int[]", order), len(order)),
               "carc_game_set_deck_order")

    def set_next_token(self, bag, token):
        """Fixes the next token drawn from a bag; bag and token by name or index."""
        b = self.variant.bags[self.variant.bag_index(bag)]
        if isinstance(token, str):
            names = [t.name for t in b.tokens]
            if token not in names:
                raise CarcError(lib.CARC_E_NOT_FOUND, "token %r" % token)
            token = names.index(token)
        _check(lib.carc_game_set_next_token(self._g, b.name.encode(), token), "carc_game_set_next_token")

    def reseed(self, seed):
        _check(lib.carc_game_reseed(self._g, seed & 0xFFFFFFFFFFFFFFFF), "carc_game_reseed")

    def deck_remaining(self, deck=0):
        p = self._int
        _check(lib.carc_game_deck_remaining(self._g, deck, p), "carc_game_deck_remaining")
        return p[0]

    @property
    def decks_remaining(self):
        """Tiles left in every draw stack, main stack first."""
        out, p = [], self._int
        while lib.carc_game_deck_remaining(self._g, len(out), p) == 0:
            out.append(p[0])
        return out

    # -- board ---------------------------------------------------------------

    @property
    def tileset(self):
        if self._tileset is None:
            out = ffi.new("carc_tileset **")
            _check(lib.carc_game_tileset(self._g, out), "carc_game_tileset")
            self._tileset = TileSet(out[0], owner=self, variant=self.variant)
        return self._tileset

    @property
    def tile_count(self):
        p = self._int
        _check(lib.carc_game_tile_count(self._g, p), "carc_game_tile_count")
        return p[0]

    def tile(self, i):
        t = ffi.new("carc_placed_tile *")
        _check(lib.carc_game_tile(self._g, i, t), "carc_game_tile")
        return PlacedTile(i, t.x, t.y, t.type, t.rotation, t.turn)

    @property
    def tiles(self):
        """Every placed tile, start tile first."""
        t = ffi.new("carc_placed_tile *")
        out = []
        for i in range(self.tile_count):
            lib.carc_game_tile(self._g, i, t)
            out.append(PlacedTile(i, t.x, t.y, t.type, t.rotation, t.turn))
        return out

    def tile_at(self, x, y):
        """Index of the placed tile at (x, y), or None."""
        p = self._int
        _check(lib.carc_game_tile_at(self._g, x, y, p), "carc_game_tile_at")
        return None if p[0] < 0 else p[0]

    @property
    def last_tile(self):
        """Index of the tile placed this turn, or None."""
        p = self._int
        _check(lib.carc_game_last_tile(self._g, p), "carc_game_last_tile")
        return None if p[0] < 0 else p[0]

    def feature(self, tile_index, feature):
        """The feature that feature ``feature`` of placed tile ``tile_index`` belongs to."""
        info = _sized("carc_feature_info")
        _check(lib.carc_game_feature(self._g, tile_index, feature, info), "carc_game_feature")
        ttype = self.tileset.types[lib.carc_tile_type(self._g, tile_index)]
        return Feature(tile_index, feature, ttype.features[feature].id, _str(info.kind), info.id, info.tiles,
                       info.open_edges, bool(info.complete), tuple(info.figures[0:self.players]), info.points_now)

    def features(self, tile_index):
        """Every feature of a placed tile."""
        t = self.tile(tile_index)
        return [self.feature(tile_index, f) for f in range(len(self.tileset.types[t.type].features))]

    # -- figures, tokens ---------------------------------------------------

    @property
    def figures(self):
        p = self._int
        _check(lib.carc_game_figure_count(self._g, p), "carc_game_figure_count")
        f = ffi.new("carc_figure_info *")
        out = []
        for i in range(p[0]):
            lib.carc_game_figure(self._g, i, f)
            out.append(Figure(i, f.owner, f.kind, bool(f.on_board), f.tile_index, f.feature))
        return out

    def figure_points(self, figure):
        p = self._int
        _check(lib.carc_game_figure_points(self._g, figure, p), "carc_game_figure_points")
        return p[0]

    def supply(self, player, kind=0):
        """Figures of a kind (index or name) a player has in supply."""
        if isinstance(kind, str):
            kind = self.variant.figure_index(kind)
        p = self._int
        _check(lib.carc_game_supply(self._g, player, kind, p), "carc_game_supply")
        return p[0]

    @property
    def supplies(self):
        """{figure kind name: [count per player]}."""
        return {f.name: [self.supply(p, f.index) for p in range(self.players)] for f in self.variant.figures}

    def tokens(self, bag, player=None):
        """Tokens of a bag a player holds (player None: left in the bag or supply), one count per token kind."""
        b = self.variant.bags[self.variant.bag_index(bag)]
        p = self._int
        who = -1 if player is None else player
        out = []
        for t in b.tokens:
            _check(lib.carc_game_tokens(self._g, b.index, who, t.index, p), "carc_game_tokens")
            out.append(p[0])
        return out

    @property
    def removed(self):
        """Tiles out of play unplaced: RemovedTile(type or None if hidden, Removal)."""
        p = self._int
        _check(lib.carc_game_removed_count(self._g, p), "carc_game_removed_count")
        t, r = ffi.new("int *"), ffi.new("int *")
        out = []
        for i in range(p[0]):
            _check(lib.carc_game_removed(self._g, i, t, r), "carc_game_removed")
            out.append(RemovedTile(None if t[0] < 0 else t[0], Removal(r[0])))
        return out

    @property
    def options(self):
        """{option name: value} of the ruleset options in this game."""
        return {o.name: lib.carc_rule(self._g, o.index) for o in self.variant.options}

    def view(self, view):
        """A variant's view (see Variant.views) as a numpy int32 array: shape
        (length,) for a game view, (players, length), (figures, length),
        (tiles, length), or (tiles, features per tile, length) for a feature
        view (zero for features a tile does not have)."""
        d = self.variant.views[self.variant.view_index(view)]
        shape = int(d.shape)
        g, p = self._g, self._int
        if shape == 0:
            owners = [0]
        elif shape == 1:
            owners = list(range(self.players))
        elif shape == 2:
            lib.carc_game_figure_count(g, p)
            owners = list(range(p[0]))
        elif shape == 3:
            owners = list(range(self.tile_count))
        elif shape == 4:
            types = self.tileset.types
            fmax = max(len(t.features) for t in types)
            out = np.zeros((self.tile_count, fmax, d.length), dtype=np.int32)
            for i, t in enumerate(self.tiles):
                for f in range(len(types[t.type].features)):
                    for k in range(d.length):
                        _check(lib.carc_game_view(g, d.index, i * VIEW_FEATURE_STRIDE + f, k, p), "carc_game_view")
                        out[i, f, k] = p[0]
            return out
        else:
            raise CarcError(lib.CARC_E_RANGE, "view shape %d" % shape)
        out = np.zeros((len(owners), d.length), dtype=np.int32)
        for i, o in enumerate(owners):
            for k in range(d.length):
                _check(lib.carc_game_view(g, d.index, o, k, p), "carc_game_view")
                out[i, k] = p[0]
        return out[0] if shape == 0 else out

    @property
    def views(self):
        """{view name: values} of every view of the variant."""
        return {d.name: self.view(d.index) for d in self.variant.views}

    def variant_state(self):
        """The variant's raw per-game state bytes (layout defined by the variant)."""
        v = ffi.cast("struct carc_variant *", self.variant._ptr)
        p = lib.carc_variant_state(self._g)
        return b"" if p == ffi.NULL else bytes(ffi.buffer(p, v.state_size))

    # -- scores ------------------------------------------------------------

    def score(self, player):
        p = self._int
        r = lib.carc_game_score(self._g, player, p)
        if r:
            raise CarcError(r, "carc_game_score")
        return p[0]

    @property
    def scores(self):
        p, g = self._int, self._g
        out = []
        for s in range(self.players):
            lib.carc_game_score(g, s, p)
            out.append(p[0])
        return out

    def breakdown(self, player):
        """{category name: points} for a player."""
        cats = self.variant.categories
        buf = ffi.new("int[]", max(len(cats), 1))
        _check(lib.carc_game_score_breakdown(self._g, player, buf, len(cats)), "carc_game_score_breakdown")
        return {c: buf[i] for i, c in enumerate(cats)}

    @property
    def events(self):
        """Every scoring event so far, oldest first."""
        p = self._int
        _check(lib.carc_game_event_count(self._g, p), "carc_game_event_count")
        e = ffi.new("carc_event *")
        cats = self.variant.categories
        out = []
        for i in range(p[0]):
            lib.carc_game_event(self._g, i, e)
            cat = cats[e.category] if 0 <= e.category < len(cats) else e.category
            reason = Reason(e.reason) if e.reason in Reason._value2member_map_ else e.reason
            out.append(Event(e.turn, e.player, e.points, cat, reason, e.tile_index, e.feature))
        return out

    @property
    def log(self):
        """The full log: every award (0 points included), every completion nobody
        scored, every extra turn (see carc_game_log)."""
        p = self._int
        _check(lib.carc_game_log_count(self._g, p), "carc_game_log_count")
        e = _sized("carc_event_info")
        cats = self.variant.categories
        out = []
        for i in range(p[0]):
            _check(lib.carc_game_log(self._g, i, e), "carc_game_log")
            cat = cats[e.category] if 0 <= e.category < len(cats) else e.category
            kind = EventKind(e.kind) if EventKind and e.kind in EventKind._value2member_map_ else e.kind
            reason = Reason(e.reason) if e.reason in Reason._value2member_map_ else e.reason
            out.append(LogEntry(kind, e.turn, e.player, e.points, cat, reason, e.tile_index, e.x, e.y, e.feature,
                                _str(e.feature_id), e.tiles, bool(e.complete)))
        return out

    def projection(self):
        """Scores and breakdown if the game ended now (the game is not changed)."""
        P, cats = self.players, self.variant.categories
        totals = ffi.new("int[]", P)
        bd = ffi.new("int[]", max(P * len(cats), 1))
        _check(lib.carc_game_projection(self._g, totals, P, bd, P * len(cats)), "carc_game_projection")
        return Projection(list(totals), [{c: bd[p * len(cats) + i] for i, c in enumerate(cats)} for p in range(P)])

    def __repr__(self):
        if self.is_over:
            return "<Game %s, %d players, over, scores %s>" % (self.variant.name, self.players, self.scores)
        phase, player = self.state
        return "<Game %s, %d players, %s of player %d, scores %s>" % (
            self.variant.name, self.players, phase.name, player, self.scores)


def _load_builtin(text):
    return Game.load(text)
