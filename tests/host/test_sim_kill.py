"""Killing the virtual board at random moments and starting it again on the
same flash folder never loses a completed move."""

import json
import os
import random
import signal
import time

from simrun import LiveSim, random_move

from fireice import record
from fireice.duel import Duel
from fireice.geom import position_str

KILLS = 30


def drain(sim):
    """Kill the board (and its host) now; the events written before."""
    os.killpg(sim.p.pid, signal.SIGKILL)
    sim.p.wait(timeout=30)
    out = sim.p.stdout.read()
    return sim.events + [json.loads(line) for line in out.splitlines() if line.endswith("}")]


def test_kill_and_resume(tmp_path):
    rnd = random.Random(5)
    flash = tmp_path / "flash"
    announced = []  # moves the board said it made, in order
    for trial in range(KILLS):
        # What was saved decides the game; moves made on the pegs but never
        # taken in (the board died first) are put back, as the lights would
        # ask a player to.
        saved = []
        if (flash / "game.txt").exists():
            saved = record.parse((flash / "game.txt").read_text()).moves
        game = Duel()
        for m in saved:
            game.play_str(m)
        sim = LiveSim(flash=flash, seed=trial)
        sim.send({"at": 0, "board": position_str(game.cells)})
        st = sim.status()
        assert st["moves"] == len(saved) and st["position"] == game.position()
        # nothing announced was lost; at most one move was saved but not yet
        # announced when the process died
        assert saved[: len(announced)] == announced, (trial, saved, announced)
        assert len(saved) - len(announced) <= 1
        if len(saved) > len(announced):
            announced = saved
        if st["result"]:
            break
        # play on, and pull the plug somewhere in the next moves
        buf = bytearray(600)
        for _ in range(rnd.randint(1, 4)):
            inputs = random_move(game, rnd, buf)
            if inputs is None:
                break
            for d in inputs:
                d["at"] = sim.at + 50
                sim.send(d)
            # time runs on only as far as the next input: let the board see it
            sim.send({"at": sim.at + rnd.choice((20, 25, 30, 60)), "cmd": "status"})
        time.sleep(rnd.choice((0, 0.001, 0.003, 0.01, 0.03)))
        events = drain(sim)
        for e in events:
            if e.get("ev") == "move":
                announced.append(e["move"])
    assert len(announced) >= KILLS // 3
