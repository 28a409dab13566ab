"""The world around the virtual board: pegs in holes, hands that lift and
put them (with bounces), buttons, and virtual time.

`fireice sim --headless` reads the JSON lines of docs/protocol.md, checks
them, and drives the board firmware, which runs on the MicroPython unix port
(firmware/fireboard/simboard.py), with short lines on its standard input.
The board writes its events to standard output itself."""

import atexit
import json
import os
import shutil
import subprocess
import tempfile

from fireice.geom import FireIceError

from fireice.geom import parse_position

from fireice.notation import parse_hole, parse_side
from fireice_tools import firmware

RUN_ON_MS = 2000  # after the end of input
PRESS_MS = 80
BOUNCE_FLIP_MS = 2  # a bouncing contact changes this often
BUTTONS = {"undo": 20, "new": 21}  # default GPIOs (fireboard.defaults)
# the board's heap budget (README, "Memory"): every mode runs in it
HEAP = "64k"
# the .py sources are compiled in the heap itself, so they need more
HEAP_SOURCE = "256k"


class World:
    """The physical board. raw(t) is what each hole's sensor reports at
    virtual time t: 0 empty, 1 Fire, 2 Ice, 3 noise."""

    def __init__(self):
        self.pegs = bytearray(49)
        self.bounce_until = [0] * 49
        self.faults = {}  # hole -> "stuck-on", "stuck-off", "noisy"
        self.wired = list(range(49))  # sensor of hole h sits under hole wired[h]

    def raw(self, t):
        out = []
        for h in range(49):
            v = self.pegs[self.wired[h]]
            f = self.faults.get(h)
            if f == "stuck-on":
                v = 1
            elif f == "stuck-off":
                v = 0
            elif f == "noisy":
                v = 3
            elif t < self.bounce_until[h] and ((t // BOUNCE_FLIP_MS + h) & 1):
                v = 0 if v else 1
            out.append(chr(48 + v))
        return "".join(out)

    def next_change(self, t, end):
        """The next time after t (up to end) at which raw() may change."""
        nxt = end
        for u in self.bounce_until:
            if u > t:
                nxt = min(nxt, u, (t // BOUNCE_FLIP_MS + 1) * BOUNCE_FLIP_MS)
        return nxt


class Host:
    def __init__(self, board_in, front="digital", pins=None):
        self.out = board_in  # the board's standard input
        self.front = front
        self.world = World()
        self.now = 0
        self.sent_raw = None
        self.releases = []  # [time, gpio]
        self.buttons = pins or BUTTONS

    def send(self, line):
        self.out.write(line + "\n")

    def sync(self):
        raw = self.world.raw(self.now)
        if raw != self.sent_raw:
            self.send("r " + raw)
            self.sent_raw = raw

    def run_to(self, at):
        """Let time run to at, telling the board every change on the way."""
        while self.now < at:
            nxt = self.world.next_change(self.now, at)
            if self.releases and self.releases[0][0] < nxt:
                nxt = max(self.releases[0][0], self.now + 1)
            self.send("t %d" % nxt)
            self.now = nxt
            while self.releases and self.releases[0][0] <= self.now:
                self.send("b %d 0" % self.releases.pop(0)[1])
            self.sync()

    def line(self, text):
        """One JSON input line: bad ones are reported by the board as error
        events at the current time, and change nothing."""
        try:
            msg = json.loads(text)
            if not isinstance(msg, dict):
                raise FireIceError("an input line is a JSON object")
            at = msg.get("at", self.now)
            if not isinstance(at, int) or isinstance(at, bool) or at < self.now:
                raise FireIceError("'at' must be a whole number of ms, not before %d" % self.now)
            self.check(msg)
        except (ValueError, FireIceError) as e:
            return self.error("%s: %s" % (e, text.strip()[:80]))
        self.run_to(at)
        self.apply(msg)

    def error(self, reason):
        self.send("e " + reason.replace("\n", " "))

    @staticmethod
    def _ms(msg, key, default, top):
        v = msg.get(key, default)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= top:
            raise FireIceError("%r must be 0..%d ms" % (key, top))
        return v

    def check(self, msg):
        """Raise FireIceError if msg cannot be applied now."""
        pegs = self.world.pegs
        kinds = [k for k in ("board", "lift", "put", "press", "cmd") if k in msg]
        if not kinds and "bounce" in msg:
            kinds = ["bounce"]  # else "bounce" is the chatter of a lift or put
        if len(kinds) != 1:
            raise FireIceError("an input has one of board, lift, put, bounce, press, cmd")
        kind = kinds[0]
        for key in msg:
            if key not in ("at", kind, "peg", "bounce", "ms") and kind != "cmd":
                raise FireIceError("unknown key %r" % key)
        if kind == "board":
            parse_position(msg["board"])
        elif kind == "lift":
            if not pegs[parse_hole(msg["lift"])]:
                raise FireIceError("no peg in %s to lift" % msg["lift"])
            self._ms(msg, "bounce", 0, 1000)
        elif kind == "put":
            if pegs[parse_hole(msg["put"])]:
                raise FireIceError("%s already holds a peg" % msg["put"])
            if "peg" in msg:
                parse_side(msg["peg"])
            elif self.front == "colour":
                raise FireIceError('the colour front end needs "peg": "fire" or "ice"')
            self._ms(msg, "bounce", 0, 1000)
        elif kind == "bounce":
            parse_hole(msg["bounce"])
            self._ms(msg, "ms", 15, 1000)
        elif kind == "press":
            if msg["press"] not in self.buttons:
                raise FireIceError("press undo or new, not %r" % (msg["press"],))
            self._ms(msg, "ms", PRESS_MS, 10000)
        elif kind == "cmd" and not isinstance(msg["cmd"], str):
            raise FireIceError("cmd is a name")

    def apply(self, msg):
        w = self.world
        if "board" in msg:
            cells = parse_position(msg["board"])
            w.pegs[:] = cells
            w.bounce_until = [0] * 49
            raw = w.raw(self.now)
            self.send("i " + raw)
            self.sent_raw = raw
            return
        if "lift" in msg:
            h = parse_hole(msg["lift"])
            w.pegs[h] = 0
            w.bounce_until[h] = self.now + msg.get("bounce", 0)
        elif "put" in msg:
            h = parse_hole(msg["put"])
            w.pegs[h] = parse_side(msg["peg"]) if "peg" in msg else 1
            w.bounce_until[h] = self.now + msg.get("bounce", 0)
        elif "press" in msg:
            gpio = self.buttons[msg["press"]]
            self.send("b %d 1" % gpio)
            self.releases.append([self.now + msg.get("ms", PRESS_MS), gpio])
            self.releases.sort()
        elif "cmd" in msg:
            self.send("j " + json.dumps(msg))
        elif "bounce" in msg:
            h = parse_hole(msg["bounce"])
            w.bounce_until[h] = self.now + msg.get("ms", 15)
        self.sync()

    def finish(self):
        self.run_to(self.now + RUN_ON_MS)


def board_command(front=None, flash=None, seed=0, heapsize=None, source=False):
    """(argv, env, cwd) of the MicroPython process that is the board (heapsize:
    HEAP by default, HEAP_SOURCE for the sources)."""
    heapsize = heapsize or (HEAP_SOURCE if source else HEAP)
    argv, env, cwd = firmware.micropython_cmd(heapsize, source=source)
    argv += ["-m", "fireboard.simboard", "--seed", str(seed)]
    if flash:
        os.makedirs(flash, exist_ok=True)
    else:
        # a flash of its own, forgotten at exit: a folder, as on a board the
        # flash holds the files, not the heap
        flash = tempfile.mkdtemp(prefix="fireice-flash-")
        atexit.register(shutil.rmtree, flash, True)
    argv += ["--flash", os.path.abspath(flash)]
    if front:
        argv += ["--front", front]
    return argv, env, cwd


def flash_config(flash):
    """(front, button GPIOs) of a board whose flash folder holds a
    config.json, else the defaults."""
    front = "digital"
    pins = dict(BUTTONS)
    try:
        with open(os.path.join(flash, "config.json")) as f:
            cfg = json.load(f)
        front = cfg.get("front", front)
        for name in pins:
            pins[name] = cfg.get("pins", {}).get("button_" + name, pins[name])
    except (OSError, ValueError, AttributeError, TypeError):
        pass  # the board reports a bad config.json itself
    return front, pins


def run_headless(stdin, front=None, flash=None, seed=0, heapsize=None, source=False):
    """JSON lines from stdin to the board; returns the board's exit status."""
    argv, env, cwd = board_command(front, flash, seed, heapsize, source)
    board = subprocess.Popen(argv, env=env, cwd=cwd, stdin=subprocess.PIPE, text=True, bufsize=1)
    cfg_front, pins = flash_config(flash) if flash else ("digital", BUTTONS)
    host = Host(board.stdin, front or cfg_front, pins)
    try:
        for text in stdin:
            if text.strip():
                host.line(text)
        host.finish()
        board.stdin.close()
    except BrokenPipeError:
        pass  # the board stopped; its status says why
    return board.wait()
