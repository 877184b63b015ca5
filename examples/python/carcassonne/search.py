"""The tree-search bot of libcarcassonne-search, from Python.

    >>> import carcassonne as cc
    >>> g = cc.Game("base", 2, seed=1)
    >>> move = g.search(iterations=500)            # one answer, a fresh tree
    >>> s = cc.search.Search(iterations=2000, seed=7)
    >>> while g.moves():                           # a whole game, the tree kept
    ...     g.apply(s.run(g))
    >>> s.root()                                   # [(Move, visits, mean value), ...]

The library is found beside libcarcassonne (the file the binding loaded:
a wheel carries both in the package folder), else in the source tree's
build, else by the system loader; ``$CARC_SEARCH_LIB`` names it outright.
Its declarations come with the binding's own (``carcassonne_search.h`` is
one of the public headers the package's declarations are made from); with
declarations made without it, the header beside ``carcassonne.h`` is read
by the C preprocessor.

``policy("search:N")`` (or ``"search-ms:T"``) is a policy for
:mod:`carcassonne.selfplay`, the environments and Dask self-play: each
seat that uses it keeps its own search, and so its tree, over a game.
"""

import ctypes.util
import os
import re
import subprocess
from pathlib import Path

import cffi

from . import _core

HEADER = "carcassonne_search.h"
SONAME = "libcarcassonne-search.so.0"
REWARDS = {"margin": 0, "win": 1}


def _find_library():
    env = os.environ.get("CARC_SEARCH_LIB")
    if env:
        p = Path(env)
        return str(p / SONAME) if p.is_dir() else env
    engine = Path(_core.LOAD_INFO["library"])
    here = engine.parent if engine.is_absolute() else None
    # installed beside the engine, or in a meson build folder under lib/search
    candidates = [here / SONAME, here / "lib" / "search" / SONAME] if here else []
    for c in candidates:
        if c.exists():
            return str(c)
    name = ctypes.util.find_library("carcassonne-search")
    if name:
        return name
    raise _core._ffi.LoadError("libcarcassonne-search not found beside %s: set CARC_SEARCH_LIB" % engine)


def _declarations():
    """The search header's declarations, preprocessed as C (its includes are
    the engine's header and system ones, whose types the binding has)."""
    inc = Path(_core.LOAD_INFO["include_dir"])
    path = inc / HEADER
    if not path.is_file():
        raise _core._ffi.LoadError("the binding's declarations lack %s and it is not found beside carcassonne.h "
                                   "in %s: set CARC_INCLUDE to the folder holding both" % (HEADER, inc))
    text = re.sub(r"^[ \t]*#[ \t]*include\b.*$", "", path.read_text(), flags=re.M)
    cmd = (os.environ.get("CARC_CPP") or os.environ.get("CC") or "cc").split()
    cmd += ["-E", "-P", "-DCARC_SEARCH_API=", "-x", "c", "-"]
    out = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=60)
    if out.returncode:
        raise _core._ffi.LoadError("the C preprocessor failed on %s:\n%s" % (path, out.stderr))
    return out.stdout


def _ffi():
    """The binding's FFI when its declarations cover the search header, else
    one that adds the header's."""
    try:
        _core.ffi.typeof("carc_search_options")
        return _core.ffi
    except (cffi.FFIError, cffi.CDefError):
        f = cffi.FFI()
        f.include(_core.ffi)
        f.cdef(_declarations())
        return f


ffi = _ffi()
lib = ffi.dlopen(_find_library())

_MOVE_SIZE = _core.MOVE_SIZE


def _move(cmove):
    return _core._move_from_tuple(_core._unpack_move(ffi.buffer(cmove), 0))


class Search:
    """A search (``carc_search``): options once, then :meth:`run` on each
    position. The tree is kept from one run to the next of the same game
    (``reuse=False`` starts each afresh). ``iterations`` and/or
    ``milliseconds`` bound a run; with ``iterations`` alone the answers
    follow the seed on every machine and thread count. ``preallocate``
    takes all of ``memory_limit`` (bytes; 256 MiB when 0) at once."""

    def __init__(self, iterations=2000, *, milliseconds=0.0, seed=0, threads=1, reward="margin", exploration=0.0,
                 margin_scale=0.0, memory_limit=0, reuse=True, preallocate=False):
        if reward not in REWARDS:
            raise ValueError("reward must be one of %s, not %r" % (", ".join(REWARDS), reward))
        o = ffi.new("carc_search_options *")
        o.struct_size = ffi.sizeof("carc_search_options")
        o.iterations = int(iterations or 0)
        o.milliseconds = float(milliseconds or 0)
        o.seed = int(seed) & 0xFFFFFFFFFFFFFFFF
        o.threads = int(threads)
        o.reward = REWARDS[reward]
        o.exploration = float(exploration)
        o.margin_scale = float(margin_scale)
        o.memory_limit = int(memory_limit)
        o.no_reuse = 0 if reuse else 1
        o.preallocate = 1 if preallocate else 0
        out = ffi.new("carc_search **")
        _core._check(lib.carc_search_new(o, out), "carc_search_new")
        self._s = ffi.gc(out[0], lib.carc_search_free)
        self._best = ffi.new("carc_move *")

    def run(self, game):
        """The move the search finds best for the player to decide in ``game``
        (not changed). Raises CarcError (GAME_OVER for a finished game)."""
        _core._check(lib.carc_search_run(self._s, game._g, self._best), "carc_search_run")
        return _move(self._best)

    def root(self):
        """The last run's root moves, in the order :meth:`Game.moves` lists
        them: a list of (Move, visits, mean value of the player to decide)."""
        n = ffi.new("size_t *")
        _core._check(lib.carc_search_root(self._s, ffi.NULL, 0, n), "carc_search_root")
        buf = ffi.new("carc_search_stat[]", n[0])
        _core._check(lib.carc_search_root(self._s, buf, n[0], n), "carc_search_root")
        return [(_move(ffi.addressof(buf[i], "move")), int(buf[i].visits), float(buf[i].value)) for i in range(n[0])]

    def policy_target(self):
        """The root visits as a probability vector over the listed moves
        (a numpy array), the usual target for a learned policy."""
        import numpy as np
        visits = np.array([v for _, v, _ in self.root()], dtype=np.float64)
        total = visits.sum()
        return visits / total if total > 0 else np.full(len(visits), 1.0 / max(len(visits), 1))

    @property
    def info(self):
        """What the last run did: a dict of iterations, root visits, visits
        reused from the run before, nodes, bytes, milliseconds, threads, full."""
        i = ffi.new("carc_search_info *")
        i.struct_size = ffi.sizeof("carc_search_info")
        _core._check(lib.carc_search_describe(self._s, i), "carc_search_describe")
        return {"iterations": i.iterations, "root_visits": i.root_visits, "reused": i.reused, "nodes": i.nodes,
                "bytes": i.bytes, "milliseconds": i.milliseconds, "threads": i.threads, "full": bool(i.full)}

    def reset(self):
        """Forgets the tree (as before a new game)."""
        _core._check(lib.carc_search_reset(self._s), "carc_search_reset")


def search(game, iterations=2000, *, stats=False, **options):
    """One search of ``game``'s position with a fresh tree: the move, or with
    ``stats=True`` the pair (move, root statistics as :meth:`Search.root`)."""
    s = Search(iterations, **options)
    move = s.run(game)
    return (move, s.root()) if stats else move


def parse(name):
    """Options of a policy name: ``search`` (2000 iterations), ``search:N``,
    ``search-ms:T``, each with optional ``,threads=T``, ``,win`` (the win-share
    reward instead of the margin), ``,c=X``."""
    head, *extras = name.split(",")
    if head == "search":
        opts = {"iterations": 2000}
    elif head.startswith("search:"):
        opts = {"iterations": int(head[7:])}
    elif head.startswith("search-ms:"):
        opts = {"iterations": 0, "milliseconds": float(head[10:])}
    else:
        raise ValueError("not a search policy: %r (search:N or search-ms:T)" % name)
    for e in extras:
        if e in REWARDS:
            opts["reward"] = e
        elif e.startswith("threads="):
            opts["threads"] = int(e[8:])
        elif e.startswith("c="):
            opts["exploration"] = float(e[2:])
        else:
            raise ValueError("unknown search option %r in %r (threads=T, win, margin, c=X)" % (e, name))
    return opts


def policy(name):
    """A self-play policy (game, moves, rng, scratch) -> index into ``moves``
    that asks a search of its own, kept over the game for its tree; its seed
    comes from ``rng`` at the first decision."""
    opts = parse(name)
    state = {}

    def choose(game, moves, rng, scratch):
        if len(moves) == 1:
            return 0
        s = state.get("search")
        if s is None:
            s = state["search"] = Search(seed=rng.getrandbits(63), **opts)
        i = moves.index(s.run(game))
        if i < 0:
            raise RuntimeError("the search answered a move not in the listing")
        return i

    return choose
