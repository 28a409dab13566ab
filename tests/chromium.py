"""Headless Chromium for the tests of the pages (the simulator's and the game
server's): Debian's /usr/bin/chromium (`make browser`), driven by
Playwright's Python API, and the screenshots they take, kept as the test
run's artefacts. (tests/ is on sys.path: the directory of the top-level
conftest.py.)"""

import contextlib
import os
import re
import shutil
import time

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@contextlib.contextmanager
def launched():
    """A Chromium browser for a test module; fails clearly without it."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail("%s is missing: `make browser` installs Debian's chromium" % CHROMIUM)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The run's screenshots, all in one folder (not in git) that CI keeps and a
# developer opens: FIREICE_ARTEFACTS, else test-artefacts/ in the clone.
# Each test module's go to a folder of its own (test-artefacts/test_web/),
# emptied as the module takes its first one in a run, so that a folder
# holds one run's pictures only.
ARTEFACTS = os.environ.get("FIREICE_ARTEFACTS") or os.path.join(ROOT, "test-artefacts")
_taken = {}  # module folder -> screenshots taken by this process
# when this run began: summary counts the pictures taken since, whichever
# process took them (make test-py's parallel part takes them in pytest-xdist's
# workers, and the line is written by the process that started them)
_BEGUN = time.time()


def _module():
    # the test running now (pytest sets it for each test's setup, call and
    # teardown): "tests/host/test_web.py::test_win (call)" -> "test_web"
    current = os.environ.get("PYTEST_CURRENT_TEST", "")
    name = os.path.basename(current.split("::")[0])[: -len(".py")]
    return re.sub(r"[^A-Za-z0-9_]", "_", name) or "other"


def shot(page, name, **kw):
    """Screenshot of page (Playwright's page.screenshot, **kw passed on)
    into the run's artefacts folder, as NAME in the test module's folder;
    returns its path."""
    module = _module()
    folder = os.path.join(ARTEFACTS, module)
    if module not in _taken:
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder, exist_ok=True)
        _taken[module] = 0
    path = os.path.join(folder, name)
    page.screenshot(path=path, **kw)
    _taken[module] += 1
    return path


def summary():
    """The line that ends a test run which took screenshots, or None: the
    pictures in the artefacts folder taken since the run began."""
    counts = {}
    if os.path.isdir(ARTEFACTS):
        for module in os.listdir(ARTEFACTS):
            folder = os.path.join(ARTEFACTS, module)
            if os.path.isdir(folder):
                n = sum(
                    1
                    for name in os.listdir(folder)
                    if os.path.getmtime(os.path.join(folder, name)) >= _BEGUN
                )
                if n:
                    counts[module] = n
    if not counts:
        return None
    return "Screenshots of the page tests (%d, %s): %s" % (
        sum(counts.values()),
        ", ".join(sorted(counts)),
        ARTEFACTS,
    )
