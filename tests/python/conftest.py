"""Runs the binding from the source tree against the library named by CARC_LIB
(set it to a fresh build folder, e.g. CARC_LIB=build-py); without it the
package's own search applies (pkg-config, then the tree's build/)."""

import faulthandler
import os
import signal
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))

# the declarations must come from the header as it is now, not from a cache
os.environ["CARC_CDEF_CACHE"] = "0"

import carcassonne  # noqa: E402


def _test_seconds():
    """CARC_TEST_SECONDS, as the C suite reads it: 300 unless set, 0 for none."""
    text = os.environ.get("CARC_TEST_SECONDS", "")
    return int(text) if text.isdigit() and int(text) <= 86400 else 300


TEST_SECONDS = _test_seconds()


class TimeLimitExceeded(Exception):
    """A test ran past CARC_TEST_SECONDS."""


def _ring(signum, frame):
    raise TimeLimitExceeded("this test ran past its time limit (CARC_TEST_SECONDS, %d s): "
                            "a game that never ends?" % TEST_SECONDS)


@pytest.fixture(autouse=True)
def _time_limit():
    """A test that runs past TEST_SECONDS (say, a loop over a game that never
    ends) fails there, with its traceback, instead of holding the run until
    CI's limit; the slowest test takes about 1.2 s. The alarm's exception is
    raised between two Python steps, so a single call into the library that
    never returns is stopped by faulthandler a minute later instead: it
    ends the whole run with exit status 1, which tests/run.sh counts as a
    failed suite."""
    if not TEST_SECONDS:
        yield
        return
    old = signal.signal(signal.SIGALRM, _ring)
    signal.alarm(TEST_SECONDS)
    faulthandler.dump_traceback_later(TEST_SECONDS + 60, exit=True, file=_TERMINAL[0] or sys.stderr)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        faulthandler.cancel_dump_traceback_later()


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


# the terminal's stderr, for faulthandler: a copy of fd 2 made while pytest
# captures nothing (in pytest_configure), since a test's fd 2 is a capture
# file that nobody reads once the process has exited
_TERMINAL = [None]


def pytest_unconfigure(config):
    if _TERMINAL[0]:
        _TERMINAL[0].close()
        _TERMINAL[0] = None


def pytest_configure(config):
    _TERMINAL[0] = os.fdopen(os.dup(2), "w")
    # tornado, under Debian's dask, warns about its own event-loop calls
    config.addinivalue_line("filterwarnings", "ignore:make_current is deprecated:DeprecationWarning")
    config.addinivalue_line("filterwarnings", "ignore:There is no current event loop:DeprecationWarning")
