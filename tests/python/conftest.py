"""Runs the binding from the source tree against the library named by CARC_LIB
(set it to a fresh build folder, e.g. CARC_LIB=build-py); without it the
package's own search applies (pkg-config, then the tree's build/)."""

import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))

# the declarations must come from the header as it is now, not from a cache
os.environ["CARC_CDEF_CACHE"] = "0"

import carcassonne  # noqa: E402


def variant_setups():
    """Every registered variant with its defaults, then each ruleset option
    moved off its default on its own, so variants and options added later
    are covered without editing the tests."""
    setups = []
    for v in carcassonne.variants():
        setups.append((v.name, {}))
        for o in v.options:
            value = o.max if o.default != o.max else o.min
            setups.append((v.name, {o.name: value}))
    return setups


VARIANT_SETUPS = variant_setups()


def setup_id(setup):
    name, opts = setup
    return name + "".join("-%s=%d" % kv for kv in opts.items())


def pytest_report_header(config):
    info = carcassonne.LOAD_INFO
    return "libcarcassonne %s from %s (%s), headers from %s" % (
        carcassonne.version(), info["library"], info["library_origin"], info["include_dir"])


def pytest_configure(config):
    # tornado, under Debian's dask, warns about its own event-loop calls
    config.addinivalue_line("filterwarnings", "ignore:make_current is deprecated:DeprecationWarning")
    config.addinivalue_line("filterwarnings", "ignore:There is no current event loop:DeprecationWarning")
