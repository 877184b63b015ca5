"""Loads libcarcassonne through cffi's ABI mode.

The cffi declarations are not written by hand: they come from the public
headers (``_cdecl.py``). An installed package carries them in
``_declarations.json``, written at build time, so importing it needs neither a
compiler nor the header; a source checkout preprocesses its own ``include/``
at import, so a function, struct or enum appended to ``carcassonne.h`` is usable
from Python as soon as the library exporting it is loaded.

Where things are looked for (first hit wins):

library       ``$CARC_LIB`` (a file, or a directory holding ``libcarcassonne.so*``);
              the package's own folder (a wheel carries the library there); in a
              checkout, its ``build/`` folder; the libdir recorded at build time
              (``meson install``, the Debian package); ``pkg-config --variable=libdir
              carcassonne``; the dynamic loader (``libcarcassonne.so.0``).
declarations  ``$CARC_INCLUDE`` (a directory or the path of ``carcassonne.h``),
              preprocessed; the package's ``_declarations.json``; the checkout's
              ``include/`` or pkg-config's ``includedir`` (the one matching the
              library first), then ``/usr/local/include``, ``/usr/include``.
preprocessor  ``$CARC_CPP`` (a command line such as ``"gcc -E -P"``), else ``$CC``
              or ``cc`` with ``-E -P`` (only when headers are preprocessed).

Preprocessed declarations are cached per header content under
``$XDG_CACHE_HOME/carcassonne-python`` (``CARC_CDEF_CACHE=0`` turns it off).
"""

import ast
import json
import operator
import os
import pkgutil
import re
import shutil
import subprocess
import warnings
from pathlib import Path

import cffi

from . import _cdecl
from ._cdecl import HEADER, VARIANT_HEADER, public_headers  # noqa: F401  (re-exported)

SONAME = "libcarcassonne.so.0"
BUNDLE = "_declarations.json"

_PACKAGE_DIR = Path(__file__).resolve().parent
_SOURCE_ROOT = _PACKAGE_DIR.parents[2]
_IN_SOURCE_TREE = ((_SOURCE_ROOT / "include" / HEADER).is_file()
                   and _PACKAGE_DIR == _SOURCE_ROOT / "examples" / "python" / "carcassonne")


class LoadError(ImportError):
    """The library or its declarations could not be found or read, or they
    do not belong together."""


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


def _bundled():
    """The declarations shipped inside the package: written by the build
    (``meson install``, a wheel, the Debian package) or by
    ``selfplay_dask.py --upload``. None in a checkout."""
    try:
        data = pkgutil.get_data(__package__, BUNDLE)
    except OSError:
        return None
    if data is None:
        return None
    try:
        d = json.loads(data.decode())
        d["cdef"], d["macros"]
    except (ValueError, KeyError, TypeError) as e:
        raise LoadError("%s in the package %s is unreadable: %s" % (BUNDLE, _PACKAGE_DIR, e)) from e
    return d


def _candidates(bundle):
    """(where, folder) pairs searched for the library, in order."""
    out = [("the package folder", _PACKAGE_DIR)]
    if _IN_SOURCE_TREE:  # a checkout uses its own build before anything installed
        out.append(("the checkout's build folder", _SOURCE_ROOT / "build"))
    if bundle and bundle.get("libdir"):
        out.append(("the libdir it was installed with", Path(bundle["libdir"])))
    libdir = _pkg_config("libdir")
    out.append(("pkg-config's libdir", Path(libdir) if libdir else None))
    return out


_ORIGIN = {"the package folder": "package", "the checkout's build folder": "source",
           "the libdir it was installed with": "install", "pkg-config's libdir": "pkg-config"}


def find_library(bundle=None):
    """Returns (path or loader name, where it came from, [places looked])."""
    env = os.environ.get("CARC_LIB")
    if env:
        p = Path(env)
        lib = _library_in(p) if p.is_dir() else (str(p) if p.exists() else None)
        if not lib:
            raise LoadError("CARC_LIB=%s names no libcarcassonne shared library (a libcarcassonne.so* file "
                            "or a folder holding one, such as a meson build folder)" % env)
        return lib, "env", ["$CARC_LIB=" + env]
    looked = []
    for where, folder in _candidates(bundle):
        if folder is None:
            looked.append(where + " (pkg-config knows no carcassonne)")
            continue
        looked.append("%s %s" % (where, folder))
        lib = _library_in(folder)
        if lib:
            return lib, _ORIGIN[where], looked
    looked.append("the dynamic loader's path for %s (ld.so.cache, LD_LIBRARY_PATH)" % SONAME)
    return SONAME, "system", looked


def find_include_dir(lib_origin):
    env = os.environ.get("CARC_INCLUDE")
    if env:
        p = Path(env)
        d = p.parent if p.is_file() else p
        if not (d / HEADER).is_file():
            raise LoadError("CARC_INCLUDE=%s holds no %s" % (env, HEADER))
        return d
    pc = _pkg_config("includedir")
    pc_dir = Path(pc) if pc else None
    src_dir = _SOURCE_ROOT / "include" if _IN_SOURCE_TREE else None
    # the header should describe the library actually loaded
    candidates = [pc_dir, src_dir] if lib_origin == "pkg-config" else [src_dir, pc_dir]
    candidates += [Path("/usr/local/include"), Path("/usr/include")]
    for d in candidates:
        if d is not None and (d / HEADER).is_file():
            return d
    raise LoadError("no declarations: the package carries no %s and %s was not found (looked in %s); "
                    "set CARC_INCLUDE to the folder holding it, or install the package with pip or meson"
                    % (BUNDLE, HEADER, ", ".join(str(d) for d in candidates if d is not None)))


def preprocess(include_dir, use_cache=True):
    """Returns (declarations for ffi.cdef, {macro name: expansion text}) of the
    public headers in ``include_dir``."""
    try:
        return _cdecl.preprocess(include_dir, use_cache)
    except _cdecl.DeclarationError as e:
        raise LoadError(str(e)) from e


def api_functions(include_dir, headers=(HEADER, VARIANT_HEADER)):
    """Names of the functions the headers mark CARC_API (by default those of
    libcarcassonne itself: carcassonne.h and carcassonne_variant.h)."""
    paths = [Path(include_dir) / h for h in headers] if headers else public_headers(include_dir)
    return _cdecl.api_functions([p for p in paths if p.is_file()])


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


def _declarations(origin):
    """(cdef, macros, where they came from, package version or None)."""
    bundle = _bundled()
    if bundle is not None and not os.environ.get("CARC_INCLUDE"):
        return bundle["cdef"], bundle["macros"], "(declarations bundled with the package)", bundle.get("version")
    try:
        include_dir = find_include_dir(origin)
        cdef, macros = preprocess(include_dir)
    except LoadError:
        if bundle is None:
            raise
        return bundle["cdef"], bundle["macros"], "(declarations bundled with the package)", bundle.get("version")
    return cdef, macros, include_dir, None


def _open(ffi, lib_path, looked):
    try:
        return ffi.dlopen(lib_path)
    except OSError as e:
        if lib_path != SONAME:
            raise LoadError("cannot load %s: %s" % (lib_path, e)) from e
        raise LoadError("libcarcassonne not found. Looked in: %s. Set CARC_LIB to the shared library (or its "
                        "folder), install it (meson install, then ldconfig; or the Debian package "
                        "libcarcassonne0), or build the checkout into build/" % "; ".join(looked)) from e


def check_version(lib_version, constants, info):
    """Library and declarations must agree: the same major version (the ABI),
    and a library at least as new as its header (else calls the library lacks
    fail). Raises LoadError or warns; returns the header's version number."""
    header = constants.get("CARC_VERSION_NUMBER")
    if header is None:
        return None
    if lib_version // 10000 != header // 10000:
        raise LoadError("library %s is version %s but the declarations (%s) are of version %s: the major "
                        "versions differ, so their ABIs do; install a matching library or point CARC_LIB at one"
                        % (info["library"], _dotted(lib_version), info["include_dir"], _dotted(header)))
    if lib_version < header:
        warnings.warn("library %s is version %s, older than its declarations (%s, version %s): functions "
                      "added since raise AttributeError" % (info["library"], _dotted(lib_version),
                                                            info["include_dir"], _dotted(header)),
                      RuntimeWarning, stacklevel=3)
    return header


def _dotted(n):
    return "%d.%d.%d" % (n // 10000, n // 100 % 100, n % 100)


def load():
    """Returns (ffi, lib, {constant: value}, load info)."""
    bundle = _bundled()
    lib_path, origin, looked = find_library(bundle)
    cdef, macros, include_dir, version = _declarations(origin)
    ffi = cffi.FFI()
    try:
        ffi.cdef(cdef)
    except cffi.CDefError as e:
        raise LoadError("cffi could not read the declarations of %s: %s" % (include_dir, e)) from e
    lib = _open(ffi, lib_path, looked)
    constants = evaluate_macros(macros, ffi)
    info = {"library": lib_path, "library_origin": origin, "include_dir": str(include_dir), "cdef": cdef,
            "macros": macros, "looked": looked}
    try:
        lib_version = lib.carc_version_number()
    except AttributeError as e:
        raise LoadError("%s is not libcarcassonne (no carc_version_number)" % lib_path) from e
    header = check_version(lib_version, constants, info)
    # the package's version is the library's it was built with; a checkout's is its header's
    info["package_version"] = version or (_dotted(header) if header is not None else _dotted(lib_version))
    return ffi, lib, constants, info
