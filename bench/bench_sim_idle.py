"""Idle virtual time on the headless virtual board (make bench): the wall
time of runs whose virtual time is mostly idle, with the scans that change
nothing skipped (as `fireice sim --headless` runs) and with every scan run
(FIREICE_SIM_EVERY_SCAN, as before idle time was skipped; each scan then
still loads the module that would skip, so it is slower than the loop
before). Each run includes starting the interpreter and the firmware. Prints "name: value"
lines (seconds of wall time on this machine)."""

import os
import random
import sys
import time

sys.path.insert(0, "tests/host")

from simrun import random_move, run_sim  # noqa: E402

from fireice.duel import Duel  # noqa: E402
from fireice.geom import START  # noqa: E402


def game(seed, moves=20):
    """A random game with the waits of people thinking (1 to 20 s)."""
    rnd = random.Random(seed)
    g = Duel()
    out = [{"at": 0, "board": START}]
    at = 0
    buf = bytearray(600)
    for _ in range(moves):
        inputs = random_move(g, rnd, buf)
        if inputs is None:
            break
        for d in inputs:
            at += rnd.choice((150, 1000, 5000, 20000))
            d["at"] = at
            out.append(d)
    return out


def timed(inputs, front, every):
    os.environ["FIREICE_SIM_EVERY_SCAN"] = "1" if every else ""
    t = time.monotonic()
    run_sim(inputs, front=front, timeout=3600)
    return time.monotonic() - t


def main():
    far = [{"at": 0, "board": START}, {"at": 100000000, "cmd": "status"}]
    for front in ("digital", "colour"):
        print("%s_idle_100000000_ms_wall_s: %.2f" % (front, timed(far, front, False)))
        inputs = game(3)
        virtual = inputs[-1]["at"] / 1000
        skip = timed(inputs, front, False)
        every = timed(inputs, front, True)
        print("%s_game_virtual_s: %.0f" % (front, virtual))
        print("%s_game_wall_s_skipping: %.2f" % (front, skip))
        print("%s_game_wall_s_every_scan: %.2f" % (front, every))
    os.environ.pop("FIREICE_SIM_EVERY_SCAN", None)


main()
