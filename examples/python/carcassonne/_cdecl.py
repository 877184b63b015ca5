"""The cffi declarations of libcarcassonne, made from its public headers.

One body of code serves two moments:

- at build time (meson runs this file as a script, see examples/python/meson.build),
  it writes ``_declarations.json`` into the installed package, so an installed
  ``import carcassonne`` needs no compiler and no header;
- at import time in a source checkout (``PYTHONPATH=examples/python``), the
  binding calls :func:`preprocess` on the checkout's ``include/`` so the
  declarations always follow the header being edited.

The headers are every ``carcassonne*.h`` of the include folder, ``carcassonne.h``
first: a public header added to ``include/`` (and to ``public_headers`` in the
top-level meson.build) reaches Python with no edit here. Their ``#include``
lines are removed (the system headers would bring declarations cffi cannot
parse; ``size_t``, ``uint32_t`` and the like are built into cffi), the C
preprocessor expands the rest, and every object-like ``#define CARC_...`` is
expanded by the same run so its value can be evaluated later.

Only the standard library is used here: the build needs neither cffi nor numpy.
"""

import argparse
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

HEADER = "carcassonne.h"
VARIANT_HEADER = "carcassonne_variant.h"
FORMAT = 1  # of _declarations.json; a reader ignores keys it does not know

# A line the preprocessor passes through untouched, so that the expansions of
# the #define constants can be told apart from the declarations.
_MARK = "__carc_python_define__"
_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(CARC_[A-Za-z0-9_]*)(?=[ \t]|$)", re.M)
_INCLUDE = re.compile(r"^[ \t]*#[ \t]*include\b.*$", re.M)


class DeclarationError(Exception):
    """The headers could not be found, preprocessed or read."""


def public_headers(include_dir):
    """The public headers in ``include_dir``: carcassonne.h, then every other
    carcassonne*.h by name."""
    d = Path(include_dir)
    others = sorted(p.name for p in d.glob("carcassonne*.h") if p.name != HEADER)
    return [d / name for name in [HEADER] + others if (d / name).is_file()]


def cpp_command(cpp=None):
    """The preprocessor command line: ``cpp`` (a string or list), else
    ``$CARC_CPP``, else ``$CC`` or ``cc``/``gcc``/``clang`` with ``-E``."""
    if cpp:
        base = shlex.split(cpp) if isinstance(cpp, str) else list(cpp)
        explicit = True
    elif os.environ.get("CARC_CPP"):
        return shlex.split(os.environ["CARC_CPP"])
    else:
        base = shlex.split(os.environ.get("CC", "")) or ["cc"]
        explicit = False
    if not explicit and not shutil.which(base[0]):
        for alt in ("cc", "gcc", "clang"):
            if shutil.which(alt):
                base = [alt]
                break
    # compiler extensions a later header might use on declarations mean
    # nothing to cffi's parser, so they are defined away
    return base + ["-E", "-P", "-D__attribute__(x)=", "-D__extension__=", "-D__restrict=", "-D__inline=inline",
                   "-x", "c", "-"]


def source_text(headers):
    """The headers as one translation unit without #include lines, followed by
    one marked line per CARC_ macro asking the preprocessor for its expansion."""
    text = "\n".join(_INCLUDE.sub("", Path(h).read_text()) for h in headers)
    names = sorted(set(_DEFINE.findall(text)))
    # the quoted name survives; the bare one is expanded
    tail = "\n".join('%s "%s" %s' % (_MARK, n, n) for n in names)
    return text + "\n" + tail + "\n"


def run_preprocessor(source, cpp=None, where="the headers"):
    """Returns (declarations for ffi.cdef, {macro name: expansion text})."""
    cmd = cpp_command(cpp)
    try:
        out = subprocess.run(cmd, input=source, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        raise DeclarationError("cannot run the C preprocessor %r (set CARC_CPP): %s" % (cmd, e)) from e
    if out.returncode != 0:
        raise DeclarationError("the C preprocessor %r failed on %s:\n%s" % (cmd, where, out.stderr))
    decls, macros = [], {}
    for line in out.stdout.splitlines():
        if line.startswith(_MARK):
            m = re.match(r'\S+\s+"(\w+)"\s*(.*)$', line)
            if m:
                macros[m.group(1)] = m.group(2)
        else:
            decls.append(line)
    return strip_definitions("\n".join(decls)), macros


def strip_definitions(text):
    """Removes what cffi cannot declare and the library does not export:
    function bodies (static inline helpers) and static assertions."""
    text = re.sub(r"\b_Static_assert\s*\((?:[^()]|\([^()]*\))*\)\s*;", "", text)
    out, i = [], 0
    body = re.compile(r"\)\s*\{")
    while True:
        m = body.search(text, i)
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


def api_functions(headers):
    """Names of the functions the headers mark CARC_API, read from the text."""
    names = []
    for path in headers:
        text = re.sub(r"/\*.*?\*/", " ", Path(path).read_text(), flags=re.S)
        names += re.findall(r"\bCARC_API\b[^;{]*?\b(carc_[A-Za-z0-9_]+)\s*\(", text)
    return names


def header_version(macros):
    """"X.Y.Z" from the CARC_VERSION_MAJOR/MINOR/PATCH expansions, or None."""
    try:
        return "%d.%d.%d" % tuple(int(macros["CARC_VERSION_" + p].strip().rstrip("uUlL"))
                                  for p in ("MAJOR", "MINOR", "PATCH"))
    except (KeyError, ValueError):
        return None


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "carcassonne-python"


def preprocess(include_dir, use_cache=True, headers=None):
    """Declarations and macro expansions of the public headers in
    ``include_dir`` (or of ``headers``), cached per header content under
    ``$XDG_CACHE_HOME/carcassonne-python`` unless ``CARC_CDEF_CACHE=0``."""
    headers = headers or public_headers(include_dir)
    if not headers:
        raise DeclarationError("no %s in %s" % (HEADER, include_dir))
    source = source_text(headers)
    key = hashlib.sha256(source.encode()).hexdigest()[:32]
    if os.environ.get("CARC_CDEF_CACHE", "1") == "0":
        use_cache = False
    cache = cache_dir() / (key + ".json")
    if use_cache and cache.is_file():
        try:
            data = json.loads(cache.read_text())
            return data["cdef"], data["macros"]
        except (OSError, ValueError, KeyError):
            pass
    cdef, macros = run_preprocessor(source, where=str(include_dir))
    if use_cache:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(".%d.tmp" % os.getpid())
            tmp.write_text(json.dumps({"cdef": cdef, "macros": macros}))
            os.replace(tmp, cache)
        except OSError:
            pass  # a read-only home only costs a preprocessor run per import
    return cdef, macros


def declarations(headers, cpp=None, version=None, libdir=None):
    """The content of _declarations.json for these headers."""
    headers = [Path(h) for h in headers]
    # carcassonne.h first whatever order the build lists them in
    headers.sort(key=lambda p: (p.name != HEADER, 0))
    cdef, macros = run_preprocessor(source_text(headers), cpp, ", ".join(str(h) for h in headers))
    return {"format": FORMAT, "version": version or header_version(macros),
            "header_version": header_version(macros), "headers": [h.name for h in headers],
            "functions": api_functions(headers), "libdir": libdir, "cdef": cdef, "macros": macros}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Writes the cffi declarations of the given public headers as JSON.")
    ap.add_argument("headers", nargs="+", help="public headers (carcassonne.h and the others)")
    ap.add_argument("-o", "--output", required=True, help="the JSON file to write")
    ap.add_argument("--cpp", help="the C compiler or preprocessor command (-E -P is added)")
    ap.add_argument("--version", help="package version to record (default: the header's)")
    ap.add_argument("--libdir", help="folder the library is installed in, tried first at import")
    a = ap.parse_args(argv)
    try:
        data = declarations(a.headers, a.cpp, a.version, a.libdir)
    except (OSError, DeclarationError) as e:
        print("_cdecl.py: %s" % e, file=sys.stderr)
        return 1
    if a.version and data["header_version"] and a.version != data["header_version"]:
        print("_cdecl.py: the package version %s differs from the header's %s (CARC_VERSION_*)"
              % (a.version, data["header_version"]), file=sys.stderr)
        return 1
    tmp = a.output + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=0, sort_keys=True)
        f.write("\n")
    os.replace(tmp, a.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
