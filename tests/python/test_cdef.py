"""The cffi declarations come from the headers, and keep doing so as they grow."""

import re
from pathlib import Path

import cffi
import pytest

import carcassonne
from carcassonne import _ffi

from conftest import ROOT

INCLUDE = Path(carcassonne.LOAD_INFO["include_dir"])


def test_every_carc_api_function_is_declared_and_callable():
    names = _ffi.api_functions(INCLUDE)
    assert len(names) > 50
    assert len(set(names)) == len(names)
    for name in names:
        fn = getattr(carcassonne.lib, name)  # AttributeError if undeclared or not exported
        assert carcassonne.ffi.typeof(fn).kind == "function", name


def test_declarations_match_the_exported_symbol_map():
    """Every symbol the shared library exports (lib/carcassonne.map) is declared."""
    mapfile = Path(ROOT) / "lib" / "carcassonne.map"
    if not mapfile.is_file():
        pytest.skip("not in the source tree")
    exported = set(re.findall(r"^\s+(carc_[a-z0-9_]+);", mapfile.read_text(), re.M))
    declared = set(_ffi.api_functions(INCLUDE))
    assert exported <= declared, exported - declared


def test_define_constants_come_from_the_header():
    text = (INCLUDE / "carcassonne.h").read_text()
    assert carcassonne.CONSTANTS["CARC_MAX_PLAYERS"] == int(re.search(r"#define CARC_MAX_PLAYERS (\d+)", text).group(1))
    major = int(re.search(r"#define CARC_VERSION_MAJOR (\d+)", text).group(1))
    minor = int(re.search(r"#define CARC_VERSION_MINOR (\d+)", text).group(1))
    patch = int(re.search(r"#define CARC_VERSION_PATCH (\d+)", text).group(1))
    assert carcassonne.CONSTANTS["CARC_VERSION_NUMBER"] == major * 10000 + minor * 100 + patch
    # sizes written with offsetof() are worked out from the cdef itself
    assert carcassonne.CONSTANTS["CARC_VARIANT_INFO_SIZE_V1"] == carcassonne.ffi.offsetof(
        "carc_variant_info", "bag_count")


def test_enums_follow_the_header():
    text = (INCLUDE / "carcassonne.h").read_text()
    for name in re.findall(r"\b(CARC_E_[A-Z_]+)\s*=", text):
        assert carcassonne.Status[name[len("CARC_"):]] == getattr(carcassonne.lib, name)
    assert [p.name for p in carcassonne.Phase][:4] == ["TILE", "FIGURE", "ACTION", "OVER"]


def test_appended_declarations_are_picked_up(tmp_path):
    """A function, struct, enum and #define appended to the header reach cffi
    with no change to the binding; attributes, static assertions and inline
    helpers do not get in the way."""
    for name in (_ffi.HEADER, _ffi.VARIANT_HEADER):
        src = INCLUDE / name
        if src.is_file():
            (tmp_path / name).write_text(src.read_text())
    header = tmp_path / _ffi.HEADER
    text = header.read_text()
    addition = """
#define CARC_PYTEST_LIMIT (CARC_MAX_PLAYERS * 3 + 1)
typedef enum carc_pytest_colour { CARC_PYTEST_RED = 1, CARC_PYTEST_BLUE = 1u << 3 } carc_pytest_colour;
typedef struct carc_pytest_thing { uint32_t struct_size; int values[CARC_MAX_PLAYERS]; } carc_pytest_thing;
CARC_API int carc_pytest_appended(const carc_game *g, carc_pytest_thing *out);
CARC_API int carc_pytest_old(void) __attribute__((deprecated("use carc_pytest_appended")));
_Static_assert(sizeof(carc_pytest_thing) > 4, "a check a header may carry");
static inline int carc_pytest_helper(int x) { if (x) { return x + 1; } return 0; }
"""
    tail = text.rindex("#ifdef __cplusplus")  # just before the closing extern "C"
    header.write_text(text[:tail] + addition + text[tail:])

    cdef, macros = _ffi.preprocess(tmp_path, use_cache=False)
    ffi = cffi.FFI()
    ffi.cdef(cdef)
    assert {"carc_pytest_appended", "carc_pytest_old"} <= set(_ffi.api_functions(tmp_path))
    assert "carc_pytest_helper" not in cdef  # an inline helper is not in the library: left out
    assert ffi.typeof("carc_pytest_thing").fields[1][1].type.length == carcassonne.MAX_PLAYERS
    assert ffi.typeof("carc_pytest_colour").elements == {1: "CARC_PYTEST_RED", 8: "CARC_PYTEST_BLUE"}
    assert ffi.typeof("int(*)(const carc_game *, carc_pytest_thing *)")
    consts = _ffi.evaluate_macros(macros, ffi)
    assert consts["CARC_PYTEST_LIMIT"] == carcassonne.MAX_PLAYERS * 3 + 1
    # the loaded library lacks it, so a call would fail cleanly, not crash
    lib = ffi.dlopen(carcassonne.LOAD_INFO["library"])
    with pytest.raises(AttributeError):
        lib.carc_pytest_appended


def test_cache_is_keyed_by_header_content(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("CARC_CDEF_CACHE", "1")
    first = _ffi.preprocess(INCLUDE)
    files = list((tmp_path / "cache" / "carcassonne-python").iterdir())
    assert len(files) == 1
    assert _ffi.preprocess(INCLUDE) == first
