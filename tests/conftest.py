"""Options for the whole test tree: --port runs the hardware-in-the-loop
tests (tests/hil) against a board on that serial port; without it they are
skipped. A run whose page tests took screenshots ends with a line saying
where they are (tests/chromium.py)."""

import chromium
import pytest


def pytest_addoption(parser):
    parser.addoption(
        "--port",
        default=None,
        help="serial port of a board running our firmware (e.g. /dev/ttyACM0): "
        "runs the hardware-in-the-loop tests",
    )


def pytest_configure(config):
    config.addinivalue_line("markers", "hil: hardware in the loop; needs --port")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--port"):
        return
    skip = pytest.mark.skip(reason="hardware in the loop: run with --port /dev/ttyACM0")
    for item in items:
        if "hil" in item.keywords:
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter):
    # where the page tests' screenshots are (tests/chromium.py)
    line = chromium.summary()
    if line:
        terminalreporter.write_line(line)
