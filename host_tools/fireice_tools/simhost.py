"""The world around the virtual board: pegs in holes, hands that lift and
put them (with bounces), buttons, and virtual time.

`fireice sim --headless` reads the JSON lines of docs/protocol.md, checks
them, and drives the board firmware, which runs on the MicroPython unix port
(firmware/simboard/board.py), with short lines on its standard input.
The board writes its events to standard output itself."""

import atexit
import json
import os
import shlex
import shutil
import signal
import subprocess
import tempfile

from fireice.geom import FireIceError

from fireice.geom import parse_position

from fireice.notation import parse_hole, parse_side
from fireice_tools import firmware

PR_SET_PDEATHSIG = 1  # prctl(2)
RUN_ON_MS = 2000  # after the end of input
PRESS_MS = 80
BOUNCE_FLIP_MS = 2  # a bouncing contact changes this often
BUTTONS = {"undo": 20, "new": 21}  # default GPIOs (fireboard.config_defaults)
# the board's heap budget (bench/RESULTS.md, "Memory"): every mode runs in it
HEAP = "64k"
# a game against the board: the engine's 32 KB beside the game's 64 KB
# (docs/versus.md); with HEAP the board says it cannot think
HEAP_ENGINE = "96k"
# with the code in the heap (fireice_tools.firmware.micropython_cmd): the
# .mpy files as a Pico running `fireice flash`'s files has them, and the .py
# sources compiled there
HEAP_CODE = {"heap": "96k", "source": "256k"}
MAX_LINE = 1 << 16  # bytes in an input line; the rest of a longer one is skipped unread
# ms of virtual time, about 23 days: the firmware keeps its times in 32-bit
# arrays, and the unix port's ticks_diff does not wrap them as a Pico's does
MAX_AT = 2 * 10**9
COMMAND_MAX = 320  # bytes in a USB command line (fireboard.links_console)
CONFIG_MAX = 1 << 20  # a config.json the host reads (the board has its own checks)


class InputError(FireIceError):
    """An input line that cannot be used (reported as an error event)."""


def _whole(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _kind(v):
    """What v is, for an error message: short, whatever v holds."""
    if isinstance(v, (dict, list)):
        return "a JSON " + ("object" if isinstance(v, dict) else "array")
    return _shown(json.dumps(v), 40)


def _shown(text, n):
    """text cut to n characters, on one line of printable ASCII."""
    text = text[:n] + ("..." if len(text) > n else "")
    return "".join(c if " " <= c <= "~" else ascii(c)[1:-1] for c in text)


def command_line(msg):
    """The USB command line of a {"cmd": ...} input: the name, then the
    other keys but "at" as a JSON object. InputError if it cannot be one."""
    name = msg["cmd"]
    if not isinstance(name, str) or not name.strip():
        raise InputError("'cmd' is a command line such as status, not %s" % _kind(name))
    rest = {k: v for k, v in msg.items() if k not in ("cmd", "at")}
    line = name
    if rest:
        try:
            line += " " + json.dumps(rest)
        except (ValueError, RecursionError):
            raise InputError("the command's arguments are nested too deep") from None
    if any((c < " " and c != "\t") or c == "\x7f" for c in line):
        raise InputError("a command line has no line ends or control characters")
    try:
        n = len(line.encode())
    except UnicodeError:
        raise InputError("a command line is UTF-8 text") from None
    if n > COMMAND_MAX:
        raise InputError("a command line is at most %d bytes, not %d" % (COMMAND_MAX, n))
    return line


def read_lines(stream, limit=MAX_LINE):
    """The lines of a binary stream: (text, None) for each, or (None, why)
    for one that is too long (its rest skipped unread) or not UTF-8."""
    while True:
        b = stream.readline(limit + 1)
        if not b:
            return
        if isinstance(b, str):  # a text stream
            b = b.encode("utf-8", "surrogateescape")
        if len(b) > limit and not b.endswith(b"\n"):
            while b and not b.endswith(b"\n"):
                b = stream.readline(limit)
            yield None, "an input line is at most %d bytes" % limit
            continue
        try:
            yield b.decode(), None
        except UnicodeError:
            yield None, "an input line is UTF-8 text: %s" % _shown(repr(b.strip())[2:-1], 80)


class World:
    """The physical board. raw(t) is what each hole's sensor reports at
    virtual time t: 0 empty, 1 Fire, 2 Ice, 3 noise."""

    def __init__(self):
        self.pegs = bytearray(49)
        self.bounce_until = [0] * 49
        # the sensor under hole h -> "stuck-on", "stuck-off", "noisy", or
        # "reversed" (colour front end: fitted upside down, so Fire reads
        # as Ice and Ice as Fire; a presence sensor does not care)
        self.faults = {}
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
            elif f == "reversed" and v:
                v = 3 - v
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
        if line[:2] == "j ":  # a command as JSON (as the simulator page asks): its line
            line = "c " + command_line(json.loads(line[2:]))
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
        """One JSON input line: an unusable one (whatever its type, depth or
        size) is reported by the board as one error event at the current
        time, and changes nothing."""
        try:
            msg = self.parse(text)
        except InputError as e:
            return self.error("%s: %s" % (e, _shown(text.strip(), 80)))
        self.run_to(msg.get("at", self.now))
        self.apply(msg)

    def parse(self, text):
        """The input object of a line, checked; InputError says what is wrong."""
        if len(text) > MAX_LINE:
            raise InputError("an input line is at most %d bytes" % MAX_LINE)
        try:
            msg = json.loads(text)
        except RecursionError:
            raise InputError("JSON nested too deep") from None
        except ValueError as e:
            raise InputError("not JSON (%s)" % e) from None
        if not isinstance(msg, dict):
            raise InputError("an input line is a JSON object")
        at = msg.get("at", self.now)
        if not _whole(at) or not self.now <= at <= MAX_AT:
            raise InputError("'at' must be a whole number of ms, %d..%d" % (self.now, MAX_AT))
        try:
            self.check(msg)
        except (FireIceError, ValueError, TypeError, KeyError, IndexError, RecursionError) as e:
            raise InputError(str(e)) from None
        return msg

    def error(self, reason):
        self.send("e " + _shown(reason, 240))

    @staticmethod
    def _ms(msg, key, default, top):
        v = msg.get(key, default)
        if not _whole(v) or not 0 <= v <= top:
            raise InputError("%r must be 0..%d ms" % (key, top))
        return v

    @staticmethod
    def _hole(msg, key):
        v = msg[key]
        if not isinstance(v, str):
            raise InputError("%r is a hole such as C4, not %s" % (key, _kind(v)))
        return parse_hole(v)

    def check(self, msg):
        """Raise InputError (or FireIceError) if msg cannot be applied now."""
        pegs = self.world.pegs
        kinds = [k for k in ("board", "lift", "put", "press", "cmd") if k in msg]
        if not kinds and "bounce" in msg:
            kinds = ["bounce"]  # else "bounce" is the chatter of a lift or put
        if not kinds and list(msg) == ["at"]:
            return  # time runs on to at; nothing else happens
        if len(kinds) != 1:
            raise InputError("an input has one of board, lift, put, bounce, press, cmd")
        kind = kinds[0]
        if kind == "cmd":
            command_line(msg)
            return
        for key in msg:
            if key not in ("at", kind, "peg", "bounce", "ms"):
                raise InputError("unknown key %r" % (key[:40],))
        if "peg" in msg and msg["peg"] not in ("fire", "ice"):
            raise InputError("'peg' is fire or ice, not %s" % _kind(msg["peg"]))
        if kind != "bounce":
            self._ms(msg, "bounce", 0, 1000)
        self._ms(msg, "ms", 0, 10000)
        if kind == "board":
            if not isinstance(msg["board"], str):
                raise InputError(
                    "'board' is a position of 49 characters, not %s" % _kind(msg["board"])
                )
            parse_position(msg["board"])
        elif kind == "lift":
            if not pegs[self._hole(msg, "lift")]:
                raise InputError("no peg in %s to lift" % msg["lift"])
        elif kind == "put":
            if pegs[self._hole(msg, "put")]:
                raise InputError("%s already holds a peg" % msg["put"])
            if "peg" not in msg and self.front == "colour":
                raise InputError('the colour front end needs "peg": "fire" or "ice"')
        elif kind == "bounce":
            self._hole(msg, "bounce")
            self._ms(msg, "ms", 15, 1000)
        else:  # press
            p = msg["press"]
            if not isinstance(p, str) or p not in self.buttons:
                raise InputError("press undo or new, not %s" % _kind(p))

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
            self.send("c " + command_line(msg))
        elif "bounce" in msg:
            h = parse_hole(msg["bounce"])
            w.bounce_until[h] = self.now + msg.get("ms", 15)
        self.sync()

    def finish(self):
        self.run_to(self.now + RUN_ON_MS)


def board_command(front=None, flash=None, seed=0, heapsize=None, code="rom", pico_time=False):
    """(argv, env, cwd) of the MicroPython process that is the board, its
    code where `code` says (fireice_tools.firmware.micropython_cmd); heapsize:
    HEAP by default, or HEAP_CODE's for the code in the heap; pico_time:
    False, True (at fireice/pico.py's factor) or the factor (a number)."""
    heapsize = heapsize or HEAP_CODE.get(code, HEAP)
    # each pass costs its Pico time with pico_time (simboard.picoboard, fireice.pico)
    module = "simboard.picoboard" if pico_time else "simboard.board"
    argv, env, cwd = firmware.micropython_cmd(heapsize, module, code)
    argv += ["--seed", str(seed)]
    if pico_time is not True and pico_time:
        argv += ["--pico-factor", str(int(pico_time))]
    if flash:
        os.makedirs(flash, exist_ok=True)
    else:
        # a flash of its own, forgotten at exit: a folder, as on a board the
        # flash holds the files, not the heap
        flash = tempfile.mkdtemp(prefix="fireice-flash-")
        atexit.register(shutil.rmtree, flash, True)
    # The board sees its flash through a short link of the same length every
    # time (a board's paths are short: "game.txt"): the paths it builds live
    # in its heap, so a long folder name would change what fits in 64 KB.
    link = tempfile.mkdtemp(prefix="fi", dir="/tmp" if os.path.isdir("/tmp") else None)
    atexit.register(shutil.rmtree, link, True)  # the link goes, not what it points to
    os.symlink(os.path.abspath(flash), os.path.join(link, "f"))
    argv += ["--flash", os.path.join(link, "f")]
    if front:
        argv += ["--front", front]
    # after a soft reset the board runs this again, in a fresh interpreter
    # (simboard.board, Board.start), which dies with the one before it
    setpriv = shutil.which("setpriv")
    env["FIREICE_SIM_RESTART"] = shlex.join(
        ([setpriv, "--pdeathsig", "KILL"] if setpriv else []) + argv
    )
    return argv, env, cwd


def flash_config(flash):
    """(front, button GPIOs) of a board whose flash folder holds a
    config.json, else the defaults; a config.json that cannot be read
    (whatever its size, depth or bytes) gives the defaults too: the board
    reports it itself."""
    front = "digital"
    pins = dict(BUTTONS)
    try:
        with open(os.path.join(flash, "config.json"), "rb") as f:
            data = f.read(CONFIG_MAX + 1)
        if len(data) > CONFIG_MAX:
            return front, pins
        cfg = json.loads(data.decode())
    except (OSError, ValueError, RecursionError):
        return front, pins
    if not isinstance(cfg, dict):
        return front, pins
    if cfg.get("front") in ("digital", "colour"):
        front = cfg["front"]
    given = cfg.get("pins")
    if isinstance(given, dict):
        for name in pins:
            gpio = given.get("button_" + name)
            if _whole(gpio) and 0 <= gpio <= 29:
                pins[name] = gpio
    return front, pins


def die_with_parent():
    """A preexec_fn for a child process that must not outlive this one (Linux:
    the kernel kills it when the thread that started it ends), or None
    where that cannot be asked for. Start the child from the main thread."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        prctl = libc.prctl
    except (ImportError, OSError, AttributeError):
        return None
    parent = os.getpid()

    def setup():
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # the parent is already gone
            os._exit(1)

    return setup


def run_headless(stdin, front=None, flash=None, seed=0, heapsize=None, code="rom", pico_time=False):
    """JSON lines from stdin to the board; returns the board's exit status."""
    argv, env, cwd = board_command(front, flash, seed, heapsize, code, pico_time)
    board = subprocess.Popen(
        argv,
        env=env,
        cwd=cwd,
        stdin=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        bufsize=1,
        preexec_fn=die_with_parent(),
    )
    cfg_front, pins = flash_config(flash) if flash else ("digital", BUTTONS)
    host = Host(board.stdin, front or cfg_front, pins)
    try:
        for text, why in read_lines(getattr(stdin, "buffer", stdin)):
            if why:
                host.error(why)
            elif text.strip():
                host.line(text)
        host.finish()
        board.stdin.close()
    except BrokenPipeError:
        pass  # the board stopped; its status says why
    return board.wait()
