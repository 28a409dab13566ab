"""The hardware-in-the-loop tests (tests/hil), which a maker runs with
--port against a real board, run here against the virtual one: they pass,
and without --port they are skipped."""

import os
import subprocess
import sys

from ptysim import PtySim

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def pytest_run(*args):
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests/hil", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_hil_tests_pass_on_the_virtual_board(tmp_path):
    with PtySim(tmp_path / "flash") as sim:
        sim.board().close()
        p = pytest_run("--port", sim.port)
    assert p.returncode == 0, p.stdout[-3000:]
    assert "6 passed" in p.stdout and "skipped" not in p.stdout


def test_hil_tests_skip_without_a_port():
    p = pytest_run("-rs")
    assert p.returncode == 0 and "6 skipped" in p.stdout
