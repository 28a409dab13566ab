"""Headless Chromium for the tests of the pages (the simulator's and the game
server's): Debian's /usr/bin/chromium (`make browser`), driven by
Playwright's Python API. (tests/ is on sys.path: the directory of the
top-level conftest.py.)"""

import contextlib
import os

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
