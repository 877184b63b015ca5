"""Loads libcarcassonne through cffi's ABI mode.

The cffi declarations are not written by hand: they are produced from the
public headers at import time by the C preprocessor, so a function, struct or
enum appended to ``carcassonne.h`` is usable from Python as soon as the
library exporting it is loaded. Object-like ``#define`` constants are read by
letting the same preprocessor expand them and evaluating the result.

Where things are looked for (first hit wins):

library   ``$CARC_LIB`` (a file, or a directory holding ``libcarcassonne.so*``),
          the ``build/`` folder of the source tree this package sits in (if
          built), ``pkg-config --variable=libdir carcassonne``, the system loader.
headers   ``$CARC_INCLUDE`` (a directory or the path of ``carcassonne.h``), then
          the place matching where the library came from (pkg-config's
          ``includedir`` or the source tree's ``include/``), then the other.
compiler  ``$CARC_CPP`` (a command line such as ``"gcc -E -P"``), else ``$CC``
          or ``cc`` with ``-E -P``.

The preprocessed declarations are cached per header content under
``$XDG_CACHE_HOME/carcassonne-python`` so that processes started later (Dask
workers, for instance) need no compiler once a machine has seen the header;
``CARC_CDEF_CACHE=0`` turns the cache off.
"""

import ast
import ctypes.util
import hashlib
import json
import operator
import os
import pkgutil
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import cffi

HEADER = "carcassonne.h"
VARIANT_HEADER = "carcassonne_variant.h"
SONAME = "libcarcassonne.so.0"

_SOURCE_ROOT = Path(__file__).resolve().parents[3]
_IN_SOURCE_TREE = (_SOURCE_ROOT / "include" / HEADER).is_file()

# A line the preprocessor passes through untouched, so that the expansions of
# the #define constants can be told apart from the declarations.
_MARK = "__carc_python_define__"


class LoadError(ImportError):
    """The library or its headers could not be found or read."""


def _pkg_config(variable):
    exe = shutil.which("pkg-config")
    if not exe:
        return None
    try:
        out = subprocess.run([exe, "--variable=" + variable, "carcassonne"], capture_output=True, text=True,
                             timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    value = out.stdout.strip()
    return value if out.returncode == 0 and value else None


def _library_in(directory):
    d = Path(directory)
    for name in (SONAME, "libcarcassonne.so"):
        if (d / name).exists():
            return str(d / name)
    found = sorted(d.glob("libcarcassonne.so*"))
    return str(found[0]) if found else None


def find_library():
    """Returns (path or loader name, where it came from)."""
    env = os.environ.get("CARC_LIB")
    if env:
        p = Path(env)
        lib = _library_in(p) if p.is_dir() else (str(p) if p.exists() else None)
        if not lib:
            raise LoadError("CARC_LIB=%s names no libcarcassonne shared library" % env)
        return lib, "env"
    if _IN_SOURCE_TREE:  # a checkout uses its own build before anything installed
        lib = _library_in(_SOURCE_ROOT / "build")
        if lib:
            return lib, "source"
    libdir = _pkg_config("libdir")
    if libdir:
        lib = _library_in(libdir)
        if lib:
            return lib, "pkg-config"
    name = ctypes.util.find_library("carcassonne")
    if name:
        return name, "system"
    raise LoadError("libcarcassonne not found: set CARC_LIB to the shared library (or its folder), "
                    "install it where pkg-config sees it, or build the source tree into build/")


def find_include_dir(lib_origin):
    env = os.environ.get("CARC_INCLUDE")
    if env:
        p = Path(env)
        d = p.parent if p.is_file() else p
        if not (d / HEADER).is_file():
            raise LoadError("CARC_INCLUDE=%s holds no %s" % (env, HEADER))
        return d
    candidates = []
    pc = _pkg_config("includedir")
    pc_dir = Path(pc) if pc else None
    src_dir = _SOURCE_ROOT / "include" if _IN_SOURCE_TREE else None
    # the header should describe the library actually loaded
    if lib_origin == "pkg-config":
        candidates = [pc_dir, src_dir]
    else:
        candidates = [src_dir, pc_dir]
    candidates += [Path("/usr/local/include"), Path("/usr/include")]
    for d in candidates:
        if d is not None and (d / HEADER).is_file():
            return d
    raise LoadError("%s not found: set CARC_INCLUDE to the folder holding it" % HEADER)


def _cpp_command():
    env = os.environ.get("CARC_CPP")
    if env:
        return shlex.split(env)
    cc = shlex.split(os.environ.get("CC", "")) or ["cc"]
    if not shutil.which(cc[0]):
        for alt in ("cc", "gcc", "clang"):
            if shutil.which(alt):
                cc = [alt]
                break
    # compiler extensions a later header might use on declarations mean
    # nothing to cffi's parser, so they are defined away
    return cc + ["-E", "-P", "-D__attribute__(x)=", "-D__extension__=", "-D__restrict=", "-D__inline=inline",
                 "-x", "c", "-"]


_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(CARC_[A-Za-z0-9_]*)(?=[ \t]|$)", re.M)
_INCLUDE = re.compile(r"^[ \t]*#[ \t]*include\b.*$", re.M)


def _source_text(include_dir):
    """The headers as one translation unit, with every #include removed: the
    system headers would bring declarations cffi cannot parse, and the types
    they provide (size_t, uint32_t, ...) are built into cffi anyway."""
    parts = []
    for name in (HEADER, VARIANT_HEADER):
        path = include_dir / name
        if path.is_file():
            parts.append(_INCLUDE.sub("", path.read_text()))
    text = "\n".join(parts)
    names = sorted(set(_DEFINE.findall(text)))
    # ask the preprocessor for every object-like macro's expansion
    # the quoted name survives; the bare one is expanded
    tail = "\n".join('%s "%s" %s' % (_MARK, n, n) for n in names)
    return text + "\n" + tail + "\n"


def _cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "carcassonne-python"


def preprocess(include_dir, use_cache=True):
    """Returns (declarations for ffi.cdef, {macro name: expansion text})."""
    source = _source_text(include_dir)
    key = hashlib.sha256(source.encode()).hexdigest()[:32]
    if os.environ.get("CARC_CDEF_CACHE", "1") == "0":
        use_cache = False
    cache = _cache_dir() / (key + ".json")
    if use_cache and cache.is_file():
        try:
            data = json.loads(cache.read_text())
            return data["cdef"], data["macros"]
        except (OSError, ValueError, KeyError):
            pass
    cmd = _cpp_command()
    try:
        out = subprocess.run(cmd, input=source, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        raise LoadError("cannot run the C preprocessor %r (set CARC_CPP): %s" % (cmd, e)) from e
    if out.returncode != 0:
        raise LoadError("the C preprocessor %r failed on %s:\n%s" % (cmd, include_dir, out.stderr))
    decls, macros = [], {}
    for line in out.stdout.splitlines():
        if line.startswith(_MARK):
            m = re.match(r'\S+\s+"(\w+)"\s*(.*)$', line)
            if m:
                macros[m.group(1)] = m.group(2)
        else:
            decls.append(line)
    cdef = _strip_definitions("\n".join(decls))
    if use_cache:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(".%d.tmp" % os.getpid())
            tmp.write_text(json.dumps({"cdef": cdef, "macros": macros}))
            os.replace(tmp, cache)
        except OSError:
            pass  # a read-only home only costs a preprocessor run per import
    return cdef, macros


def _strip_definitions(text):
    """Removes what cffi cannot declare and the library does not export:
    function bodies (static inline helpers) and static assertions."""
    text = re.sub(r"\b_Static_assert\s*\((?:[^()]|\([^()]*\))*\)\s*;", "", text)
    out, i = [], 0
    while True:
        m = re.compile(r"\)\s*\{").search(text, i)
        if not m:
            break
        # a ')' followed by '{' at file scope opens a function body; find the
        # start of that definition (after the previous ';' or '}') and its end
        start = max(text.rfind(";", 0, m.start()), text.rfind("}", 0, m.start())) + 1
        depth, j = 0, m.end() - 1
        while j < len(text):
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        out.append(text[i:start])
        i = j + 1
    out.append(text[i:])
    return "".join(out)


_BINOPS = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Mod: operator.mod,
    ast.LShift: operator.lshift, ast.RShift: operator.rshift, ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_, ast.BitXor: operator.xor,
    # C integer division truncates toward zero
    ast.Div: lambda a, b: int(a / b) if b else 0,
}
_UNOPS = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}


def _eval_int(node):
    if isinstance(node, ast.Expression):
        return _eval_int(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        return _BINOPS[type(node.op)](_eval_int(node.left), _eval_int(node.right))
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNOPS:
        return _UNOPS[type(node.op)](_eval_int(node.operand))
    raise ValueError("not an integer constant expression")


def _balanced(text, start):
    """Index just past the parenthesis group opening at text[start]."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError("unbalanced parentheses")


def _resolve_layout(expr, ffi):
    """Replaces offsetof(T, m) and sizeof(T) by their values under this cdef."""
    for word, fn in (("offsetof", lambda a: ffi.offsetof(*[s.strip() for s in a.split(",", 1)])),
                     ("sizeof", lambda a: ffi.sizeof(a.strip()))):
        while True:
            m = re.search(r"\b%s\s*\(" % word, expr)
            if not m:
                break
            end = _balanced(expr, m.end() - 1)
            expr = expr[:m.start()] + str(fn(expr[m.end():end - 1])) + expr[end:]
    return expr


def evaluate_macros(macros, ffi):
    """Integer values of the object-like macros; others are left out."""
    values = {}
    for name, text in macros.items():
        if not text.strip():
            continue
        try:
            expr = _resolve_layout(text, ffi)
            expr = re.sub(r"\b(0[xX][0-9A-Fa-f]+|\d+)[uUlL]*\b", lambda m: str(int(m.group(1), 0)), expr)
            values[name] = _eval_int(ast.parse(expr.strip(), mode="eval"))
        except (ValueError, SyntaxError, TypeError, KeyError, cffi.FFIError, cffi.CDefError):
            continue
    return values


def api_functions(include_dir):
    """Names of the functions the headers mark CARC_API, read from the text."""
    names = []
    for name in (HEADER, VARIANT_HEADER):
        path = include_dir / name
        if path.is_file():
            text = re.sub(r"/\*.*?\*/", " ", path.read_text(), flags=re.S)
            names += re.findall(r"\bCARC_API\b[^;{]*?\b(carc_[A-Za-z0-9_]+)\s*\(", text)
    return names


BUNDLE = "_declarations.json"


def _bundled():
    """Declarations shipped inside the package (selfplay_dask.py --upload writes
    them), for a machine that has the library but not its header."""
    try:
        data = pkgutil.get_data(__package__, BUNDLE)
    except OSError:
        return None
    if data is None:
        return None
    d = json.loads(data.decode())
    return d["cdef"], d["macros"]


def load():
    lib_path, origin = find_library()
    try:
        include_dir = find_include_dir(origin)
        cdef, macros = preprocess(include_dir)
    except LoadError:
        bundle = _bundled()
        if bundle is None:
            raise
        include_dir, (cdef, macros) = "(declarations bundled with the package)", bundle
    ffi = cffi.FFI()
    try:
        ffi.cdef(cdef)
    except cffi.CDefError as e:
        raise LoadError("cffi could not read the declarations of %s: %s" % (include_dir / HEADER, e)) from e
    try:
        lib = ffi.dlopen(lib_path)
    except OSError as e:
        raise LoadError("cannot load %s: %s" % (lib_path, e)) from e
    constants = evaluate_macros(macros, ffi)
    return ffi, lib, constants, {"library": lib_path, "library_origin": origin, "include_dir": str(include_dir),
                                 "cdef": cdef, "macros": macros}
