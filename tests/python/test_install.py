"""The package as installed: declarations made at build time, an import with
no compiler, the version checks, the library search, python -m carcassonne."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import carcassonne
from carcassonne import _cdecl, _ffi

from conftest import ROOT

PACKAGE = Path(carcassonne.__file__).parent
LIB = carcassonne.LOAD_INFO["library"]
INCLUDE = Path(ROOT) / "include"
# the meson build folder the tests run against (CARC_LIB names it, or the library in it)
BUILD = Path(LIB).parent if os.path.isabs(LIB) else None
BUILT_DECLARATIONS = BUILD / "examples" / "python" / "_declarations.json" if BUILD else None


def built_declarations():
    if BUILT_DECLARATIONS is None or not BUILT_DECLARATIONS.is_file():
        pytest.skip("the library does not sit in a meson build folder with the Python declarations")
    return json.loads(BUILT_DECLARATIONS.read_text())


def installed_copy(tmp_path, bundle):
    """A copy of the package, as meson or pip installs it, away from the checkout."""
    dest = tmp_path / "site" / "carcassonne"
    shutil.copytree(PACKAGE, dest, ignore=shutil.ignore_patterns("__pycache__", "*.so*"))
    if bundle is not None:
        (dest / _ffi.BUNDLE).write_text(json.dumps(bundle))
    return dest.parent


def run_python(site, code, tmp_path, **env):
    """Runs code in a fresh interpreter that sees only the copied package: no
    compiler on PATH, no CARC_* or pkg-config settings unless given."""
    bare = tmp_path / "bin"
    bare.mkdir(exist_ok=True)
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("CARC_", "PKG_CONFIG", "CC", "PYTHON", "LD_LIBRARY_PATH"))}
    base.update(PATH=str(bare), PYTHONPATH=str(site), PYTHONDONTWRITEBYTECODE="1",
                PKG_CONFIG_PATH=str(tmp_path), PKG_CONFIG_LIBDIR=str(tmp_path))
    base.update(env)
    return subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path), env=base, capture_output=True,
                          text=True, timeout=120)


def test_build_declarations_equal_the_headers():
    """What the build installs is what the checkout's headers give now: a
    header changed without a rebuild, or a public header meson does not list,
    shows up here."""
    built = built_declarations()
    cdef, macros = _cdecl.preprocess(INCLUDE, use_cache=False)
    assert built["cdef"] == cdef
    assert built["macros"] == macros
    assert built["headers"] == [p.name for p in _cdecl.public_headers(INCLUDE)]
    assert set(_ffi.api_functions(INCLUDE)) <= set(built["functions"])


def test_package_version_is_the_library_version():
    built = built_declarations()
    assert built["version"] == built["header_version"] == carcassonne.version()
    assert carcassonne.__version__ == carcassonne.version()
    n = carcassonne.lib.carc_version_number()
    assert carcassonne.__version__ == "%d.%d.%d" % (n // 10000, n // 100 % 100, n % 100)


def test_installed_package_imports_without_a_compiler(tmp_path):
    site = installed_copy(tmp_path, built_declarations())
    # nothing on PATH and a preprocessor that would fail: the declarations must come from the package
    out = run_python(site, "import carcassonne as c, shutil; assert shutil.which('cc') is None; "
                           "print(c.__version__); print(c.LOAD_INFO['include_dir']); "
                           "g = c.Game('base', 2, seed=3); n = 0\n"
                           "while g.moves(): g.apply_index(0); n += 1\n"
                           "print(n, g.scores)",
                     tmp_path, CARC_LIB=LIB, CARC_CPP="false")
    assert out.returncode == 0, out.stderr
    version, origin, played = out.stdout.splitlines()
    assert version == carcassonne.version()
    assert "bundled" in origin
    g = carcassonne.Game("base", 2, seed=3)
    n = 0
    while g.moves():
        g.apply_index(0)
        n += 1
    assert played == "%d %s" % (n, g.scores)


def test_without_declarations_or_header_the_error_says_what_to_do(tmp_path):
    site = installed_copy(tmp_path, None)
    out = run_python(site, "import carcassonne", tmp_path, CARC_LIB=LIB)
    assert out.returncode != 0
    last = out.stderr.strip().splitlines()[-1]
    if "LoadError" not in last:
        pytest.skip("a carcassonne.h is installed on this machine: " + last)
    assert "CARC_INCLUDE" in last and _ffi.BUNDLE in last


def test_library_not_found_names_every_place_looked(tmp_path):
    import ctypes.util
    if ctypes.util.find_library("carcassonne"):
        pytest.skip("a libcarcassonne is installed on this machine, so the loader finds it")
    bundle = dict(built_declarations(), libdir=str(tmp_path / "nowhere"))
    site = installed_copy(tmp_path, bundle)
    out = run_python(site, "import carcassonne", tmp_path)
    assert out.returncode != 0
    last = out.stderr.strip().splitlines()[-1]
    assert "libcarcassonne not found" in last
    for place in (str(site / "carcassonne"), str(tmp_path / "nowhere"), "pkg-config", "libcarcassonne.so.0",
                  "CARC_LIB"):
        assert place in last, place


def _with_version(bundle, major, minor):
    b = dict(bundle, macros=dict(bundle["macros"]))
    b["macros"]["CARC_VERSION_MAJOR"] = str(major)
    b["macros"]["CARC_VERSION_MINOR"] = str(minor)
    patch = carcassonne.lib.carc_version_number() % 100
    b["macros"]["CARC_VERSION_NUMBER"] = "(%d * 10000 + %d * 100 + %d)" % (major, minor, patch)
    return b


def test_another_major_version_is_refused_with_both_versions(tmp_path):
    bundle = built_declarations()
    n = carcassonne.lib.carc_version_number()
    site = installed_copy(tmp_path, _with_version(bundle, n // 10000 + 1, 0))
    out = run_python(site, "import carcassonne", tmp_path, CARC_LIB=LIB)
    assert out.returncode != 0
    last = out.stderr.strip().splitlines()[-1]
    assert "LoadError" in last and "major" in last
    assert carcassonne.version() in last and "%d.0.%d" % (n // 10000 + 1, n % 100) in last
    assert "Segmentation" not in out.stderr


def test_a_library_older_than_its_header_loads_with_a_warning(tmp_path):
    bundle = built_declarations()
    n = carcassonne.lib.carc_version_number()
    newer = _with_version(bundle, n // 10000, n // 100 % 100 + 1)
    site = installed_copy(tmp_path, newer)
    code = ("import warnings; warnings.simplefilter('always')\n"
            "with warnings.catch_warnings(record=True) as w:\n"
            "    import carcassonne\n"
            "print([str(x.message) for x in w if x.category is RuntimeWarning])")
    out = run_python(site, code, tmp_path, CARC_LIB=LIB)
    assert out.returncode == 0, out.stderr
    assert "older than its declarations" in out.stdout and carcassonne.version() in out.stdout
    # and an older header than the library is no news: the library only adds
    older = _with_version(bundle, n // 10000, max(n // 100 % 100 - 1, 0))
    site = installed_copy(tmp_path / "older", older)
    out = run_python(site, code, tmp_path, CARC_LIB=LIB)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stdout + out.stderr


def _carc_play():
    exe = BUILD / "examples" / "carc-play" if BUILD else None
    if exe is None or not exe.is_file():
        pytest.skip("carc-play is not built beside the library")
    return exe


@pytest.mark.parametrize("args", [["--seed", "42"], ["--variant", "discovery", "--rule", "hand=1", "--players", "3"],
                                  ["--variant", "over-hill-and-dale", "--bot", "random", "--seed", "7"],
                                  ["--variant", "hills-sheep", "--players", "4", "--seed", "5", "--quiet"]],
                         ids=["base", "discovery-hand", "ohad-random", "hills-sheep-quiet"])
def test_python_m_carcassonne_plays_carc_plays_game(args, tmp_path):
    exe = _carc_play()
    env = dict(os.environ, CARC_LIB=LIB, PYTHONPATH=str(PACKAGE.parent))
    py = subprocess.run([sys.executable, "-m", "carcassonne"] + args + ["--save", str(tmp_path / "py.sav")],
                        capture_output=True, text=True, env=env, timeout=600)
    c = subprocess.run([str(exe)] + args + ["--save", str(tmp_path / "c.sav")], capture_output=True, text=True,
                       timeout=600)
    assert py.returncode == 0, py.stderr
    assert py.stdout == c.stdout  # every turn, the scores, the winners
    assert py.stdout.splitlines()[-1].startswith("final: ")
    assert (tmp_path / "py.sav").read_text() == (tmp_path / "c.sav").read_text()


def test_python_m_carcassonne_bad_input(tmp_path):
    env = dict(os.environ, CARC_LIB=LIB, PYTHONPATH=str(PACKAGE.parent))

    def run(*args):
        return subprocess.run([sys.executable, "-m", "carcassonne"] + list(args), capture_output=True, text=True,
                              env=env, timeout=120)
    r = run("--rule", "hand")
    assert r.returncode == 2 and "bad --rule hand (want NAME=VALUE" in r.stderr
    r = run("--variant", "no-such-game")
    assert r.returncode == 1 and "CARC_E_NOT_FOUND" in r.stderr
    r = run("--load", str(tmp_path / "missing.sav"))
    assert r.returncode == 1 and "missing.sav" in r.stderr
    r = run("--help")
    assert r.returncode == 0 and "Variants: " in r.stdout and "greedy" in r.stdout


@pytest.mark.parametrize("program", ["carc-play", "carc-render", "carc-bench", "carc-arena"])
def test_every_program_answers_version_and_lists_it_in_help(program):
    exe = _carc_play().parent / program
    if not exe.exists():
        pytest.skip("%s is not built next to carc-play" % program)
    r = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "%s (libcarcassonne) %s\n" % (program, carcassonne.version())
    h = subprocess.run([str(exe), "--help"], capture_output=True, text=True, timeout=60)
    assert h.returncode == 0 and "\n  --version " in h.stdout
