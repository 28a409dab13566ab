"""Options for the whole test tree: --port runs the hardware-in-the-loop
tests (tests/hil) against a board on that serial port; without it they are
skipped. The tests that time the host are marked serial (SERIAL), those
that wait on the clock paired (PAIRED). A run whose page tests took
screenshots ends with a line saying where they are (tests/chromium.py)."""

import chromium
import pytest

# Tests that time the host, and so must not share its 2 cores with another
# test (make test-py runs the rest two at a time, then these alone): those
# at Pico time, where a pass costs its CPU time here x 200; those of a
# latency bound; those that wait in wall-clock time for a subprocess's
# answer with little to spare, or stop one with Ctrl-C or a kill at a
# moment. Each entry is a node id's beginning: a file, or a file and a test.
SERIAL = (
    "tests/host/test_sim_host.py::test_pico_time",
    "tests/host/test_sim_host.py::test_a_moves_long_pass",
    "tests/host/test_hint_host.py",
    "tests/host/test_versus_host.py",
    "tests/host/test_edges.py::test_the_longest_game_with_the_scans_from_the_timer_in_64k",
    "tests/host/test_debounce.py",
    "tests/host/test_device.py::test_wiring_map_stops_cleanly",
    "tests/host/test_selftest.py::test_the_terminal_player_at_the_command_line",
    "tests/host/test_engine_cli.py",
    "tests/host/test_sim_kill.py",
)

# Tests that mostly wait (a browser, a server's live clock and streams, a
# board over a pseudo-terminal): two of them at a time leave each other the
# CPU they need, but beside the CPU-bound tests their waits ran out on a
# loaded machine. make test-py runs them two at a time, after the rest.
PAIRED = (
    "tests/host/test_net_game.py",
    "tests/host/test_web.py",
    "tests/host/test_web_play.py",
    "tests/host/test_screenshot.py",
    "tests/server/test_server_time.py",
    "tests/server/test_server_streams.py",
    "tests/server/test_mail.py",
)


def pytest_addoption(parser):
    parser.addoption(
        "--port",
        default=None,
        help="serial port of a board running our firmware (e.g. /dev/ttyACM0): "
        "runs the hardware-in-the-loop tests",
    )


def pytest_configure(config):
    config.addinivalue_line("markers", "hil: hardware in the loop; needs --port")
    config.addinivalue_line("markers", "serial: times the host: run alone (SERIAL)")
    config.addinivalue_line(
        "markers", "paired: waits on the clock: run beside one like it (PAIRED)"
    )


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid.startswith(SERIAL):
            item.add_marker(pytest.mark.serial)
        elif item.nodeid.startswith(PAIRED):
            item.add_marker(pytest.mark.paired)
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
