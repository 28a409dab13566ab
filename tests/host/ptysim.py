"""The virtual board as a USB device (`fireice sim --pty`) for the tests."""

import json
import os
import signal
import subprocess
import sys

from fireice_tools import simdev
from simrun import spawn

# the USB device shares its heap with the REPL that flash and diag drive
PTY_HEAP = os.environ.get("FIREICE_PTY_HEAP", simdev.PTY_HEAP)

BIN = os.path.dirname(sys.executable)


def fireice(*args, port=None, timeout=120, input=None):
    """Run the fireice command; returns the CompletedProcess (text)."""
    env = dict(os.environ)
    env.pop("FIREICE_PORT", None)
    if port:
        env["FIREICE_PORT"] = port
    return subprocess.run(
        [os.path.join(BIN, "fireice"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        input=input,
    )


class PtySim:
    """fireice sim --pty on a flash folder; world inputs go to its stdin."""

    def __init__(self, flash=None, faults=(), heapsize=PTY_HEAP, blank=False, net=False):
        args = ["sim", "--pty", "--heapsize", heapsize]
        if blank:
            args.append("--blank")
        if net:  # a Pico W: the network stand-in (tests/host/test_net_*.py)
            args.append("--net")
        if flash is not None:
            args += ["--flash", str(flash)]
        for f in faults:
            args += ["--fault", f]
        self.p = spawn(args)
        self.port = self.p.stdout.readline().strip()
        assert self.port.startswith("/dev/"), self.p.stderr.read()

    def world(self, **msg):
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()

    def board(self, timeout=10.0):
        from fireice_tools.device import Board

        b = Board(self.port, timeout=timeout)
        b.running(timeout=30.0)
        return b

    def close(self):
        os.killpg(self.p.pid, signal.SIGTERM)
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.p.pid, signal.SIGKILL)
            self.p.wait()
        return self.p.stderr.read()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
