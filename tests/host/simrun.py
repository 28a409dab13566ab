"""Running the virtual board from tests: feed JSON lines, read events."""

import json
import os
import subprocess
import sys

from fireice_tools import simhost

# The virtual board's heap in the tests: the board's budget (bench/RESULTS.md,
# "Memory"), as `fireice sim` gives it
HEAP = os.environ.get("FIREICE_SIM_HEAP", simhost.HEAP)
# The heap the small runs are compared with: more room than HEAP, and not
# room enough for the solitaire's solver (fireboard.track_judge.ROOM: 36 KB
# free beside the game, which 96 KB give), so that both runs play the same
# board (the solver's signs and deals are tested in 96 KB:
# tests/host/test_solitaire_help.py)
ROOMY = "72k"


def spawn(args):
    """`fireice ARGS...` with pipes, in a session of its own (so a kill can
    take the host and the board together)."""
    return subprocess.Popen(
        [os.path.join(os.path.dirname(sys.executable), "fireice"), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def run_sim(
    inputs, front="digital", flash=None, seed=0, heapsize=HEAP, timeout=120, pico_time=False
):
    """Run `fireice sim --headless` on the input dicts; returns the events."""
    argv = [os.path.join(os.path.dirname(sys.executable), "fireice"), "sim", "--headless"]
    argv += ["--front", front, "--seed", str(seed), "--heapsize", heapsize]
    if pico_time:  # True, or the Pico factor (fireice sim --pico-factor)
        argv.append("--pico-time")
        if pico_time is not True:
            argv += ["--pico-factor", str(pico_time)]
    if flash:
        argv += ["--flash", str(flash)]
    text = "".join(json.dumps(i) + "\n" for i in inputs)
    p = subprocess.run(argv, input=text, capture_output=True, text=True, timeout=timeout)
    assert p.returncode == 0, p.stderr[-3000:]
    return [json.loads(line) for line in p.stdout.splitlines()]


def move_inputs(h, t, side):
    """The three inputs of a duel move as a player makes it: lift the peg on
    h, put it on t, put the opponent's peg into h (no times)."""
    from fireice.geom import hole_name

    mine, theirs = ("fire", "ice") if side == 1 else ("ice", "fire")
    return [
        {"lift": hole_name(h)},
        {"put": hole_name(t), "peg": mine},
        {"put": hole_name(h), "peg": theirs},
    ]


def random_move(game, rnd, buf):
    """A random legal move of the duel game, made: its three inputs
    (move_inputs, no times), or None when there is none. buf: 600 bytes."""
    from fireice.moves import legal_moves

    n = legal_moves(game, buf)
    if not n:
        return None
    k = rnd.randrange(n)
    h, t = buf[2 * k], buf[2 * k + 1]
    inputs = move_inputs(h, t, game.cells[h])
    game.push(h, t)
    return inputs


def hue(rgb):
    """A name for an LED colour: off, fire, ice, error, white (the
    simulator page's names, with off for an LED that is dark)."""
    from fireice_tools.web import hue as page_hue

    return page_hue(rgb) or "off"


def lights_at(events, at):
    """{led name: hue} of the last frame sent at or before at."""
    names = next(e["leds"] for e in events if e.get("ev") == "hello")
    frame = None
    for e in events:
        if e.get("ev") == "leds" and e["at"] <= at:
            frame = e["rgb"]
    if frame is None:
        return {n: "off" for n in names}
    return {names[k]: hue(frame[k]) for k in range(len(names))}


def matches(event, want):
    return all(event.get(k) == v for k, v in want.items())


class LiveSim:
    """The virtual board as a process, fed line by line. status() asks the
    board for its game (an answer at once), so a test can react to it."""

    def __init__(self, front="digital", flash=None, seed=0, heapsize=HEAP):
        args = ["sim", "--headless", "--front", front, "--seed", str(seed), "--heapsize", heapsize]
        if flash:
            args += ["--flash", str(flash)]
        self.p = spawn(args)
        self.events = []
        self.at = 0

    def send(self, d):
        self.at = max(self.at, d.get("at", self.at))
        d["at"] = self.at
        self.p.stdin.write(json.dumps(d) + "\n")
        self.p.stdin.flush()

    def status(self):
        self.send({"cmd": "status"})
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise AssertionError("the virtual board stopped: " + self.p.stderr.read()[-3000:])
            e = json.loads(line)
            self.events.append(e)
            if e.get("re") == "status":
                return e

    def close(self):
        self.p.stdin.close()
        for line in self.p.stdout:
            self.events.append(json.loads(line))
        err = self.p.stderr.read()
        assert self.p.wait(timeout=60) == 0, err[-3000:]
        return self.events
