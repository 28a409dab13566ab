"""The virtual board as a USB device: `fireice sim --pty`.

The firmware's main.py (with the virtual board's backend) runs on the unix port with a
folder as its flash (its working folder and module path). Its console is a
pseudo-terminal; this process holds a second one, whose path it prints, and
copies bytes between the two, so a client keeps its port while the board
restarts (a soft reset: Ctrl-D at the REPL, the reboot command, or the
firmware ending with SystemExit). The interpreter dies with this process. Ctrl-C reaches the interpreter as on a board: the firmware
stops with KeyboardInterrupt and the REPL takes over, so mpremote works.

The world (pegs, buttons, faulty sensors) is simhost.World, changed by the
JSON lines of docs/protocol.md on this process's standard input (in real
time: "at" is not needed) and sent to the firmware on its file descriptor 3.
The board's events (its JSON lines with "ev", as a client reads them on the
port) are written on this process's standard output too, after the device
path: a program can be the player at the board (peg actions in, events
out) while another holds the port (`fireice link`).
A new flash folder gets the current firmware, as a board comes from its
maker; with --blank it stays empty: a board with MicroPython and nothing
else, a REPL waiting for `fireice flash`."""

import atexit
import errno
import fcntl
import json
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import termios
import time
import tty

from fireice.geom import FireIceError

from fireice.notation import parse_hole
from fireice_tools import firmware, simhost

FAULTS = ("stuck-on", "stuck-off", "noisy", "reversed", "swap")


def parse_fault(text):
    """stuck-on:C5 -> (hole, kind); swap:C5:C6 (the two holes' sensors
    wired the wrong way round) -> (hole, ("swap", other)); reversed:C5 is
    a sensor fitted upside down (the colour front end reads Fire as Ice).
    FireIceError naming what is wrong."""
    kind, _, hole = text.partition(":")
    if kind not in FAULTS:
        raise FireIceError("a fault is %s, not %r" % (", ".join(FAULTS), kind))
    if kind == "swap":
        a, _, b = hole.partition(":")
        return parse_hole(a), ("swap", parse_hole(b))
    return parse_hole(hole), kind


def install(flash, arch=None):
    """Put the current firmware (compiled for arch, by default the virtual
    board's: firmware.sim_arch) on a flash folder, as a board comes from
    the maker: what `fireice flash` would copy."""
    built = firmware.compile_firmware(arch or firmware.sim_arch())
    for rel in firmware.board_sources("unix"):
        dst = os.path.join(flash, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(built, rel[:-3] + ".mpy"), dst)
    with open(os.path.join(flash, "main.py"), "w") as f:
        f.write(firmware.main_py("unix"))


def _raw(fd, isig):
    tty.setraw(fd)
    if isig:  # Ctrl-C becomes SIGINT (KeyboardInterrupt) while code runs,
        # as on a board; no other byte is special (no quit, no suspend)
        a = termios.tcgetattr(fd)
        a[3] |= termios.ISIG
        for c in (termios.VQUIT, termios.VSUSP):
            a[6][c] = b"\0"
        termios.tcsetattr(fd, termios.TCSANOW, a)


# What the interpreter runs at each start: main.py, as a board does. When it
# ends with SystemExit (a soft reset: the reboot command, which calls
# machine.soft_reset(), or the host gone) the interpreter ends too, and
# PtyBoard.run starts it again, as a board restarts its firmware; the unix
# port would otherwise stay at its REPL (-i). Anything else that stops the
# firmware (Ctrl-C, an error) leaves the REPL, as on a board.
BOOT = """import os
try:
    with open("main.py") as f:
        main = f.read()
    f = None
    exec(main)
except SystemExit:
    os.system("kill -9 $PPID")
"""

# `fireice sim --pty`: the firmware shares its heap with the REPL that fireice
# flash and diag drive (raw REPL, file transfers), and runs its .mpy files
# from the heap as a stock Pico does (code, names and all: about 76 KB at
# the worst cases, bench/RESULTS.md "Memory"), so it gets more than the board's
# budget of simhost.HEAP, and less than a stock Pico's heap (about 190 KB)
PTY_HEAP = "128k"


class PtyBoard:
    def __init__(self, flash, heapsize=None, faults=(), log=None, net=False):
        self.flash = os.path.abspath(flash)
        # --net: the WiFi stand-in found as `network` (a folder of its own
        # on the module path, not on the board's flash)
        self.net = None
        if net:
            self.net = tempfile.mkdtemp(prefix="fireice-net-")
            atexit.register(shutil.rmtree, self.net, True)
            src = os.path.join(firmware.firmware_dir(), "simboard", "network.py")
            shutil.copyfile(src, os.path.join(self.net, "network.py"))
        self.heapsize = heapsize or PTY_HEAP
        self.log = log or sys.stderr
        # the client's side: we keep its slave open too, so that the master
        # never sees a hang-up between clients
        self.user, self.user_slave = pty.openpty()
        _raw(self.user_slave, False)
        os.set_blocking(self.user, False)
        self.path = os.ttyname(self.user_slave)
        self.front, pins = simhost.flash_config(self.flash)
        self.world_w = None
        self.host = simhost.Host(self, self.front, pins)
        self.host.error = self._error
        self.world = self.host.world
        for hole, kind in faults:
            if isinstance(kind, tuple):  # swap
                w = self.world.wired
                w[hole], w[kind[1]] = w[kind[1]], w[hole]
            else:
                self.world.faults[hole] = kind
        self.t0 = time.monotonic()
        # the board's wall clock, kept through its soft resets (as a Pico's
        # RTC) and gone with this process (a power cut): the firmware keeps
        # it in this file (simboard.device)
        rtc = tempfile.mkdtemp(prefix="fireice-rtc-")
        atexit.register(shutil.rmtree, rtc, True)
        self.rtc = os.path.join(rtc, "rtc")
        self.proc = None
        self.dev = None

    # --- the firmware process -------------------------------------------------

    def start(self):
        self.dev, slave = pty.openpty()
        os.set_blocking(self.dev, False)
        _raw(slave, True)
        r, w = os.pipe()
        env = dict(os.environ)
        env["MICROPYPATH"] = os.pathsep.join(
            [self.flash] + ([self.net] if self.net else []) + [".frozen"]
        )
        env["FIREICE_SIM_RTC"] = self.rtc
        argv = [firmware.interpreter(), "-X", "heapsize=" + self.heapsize]
        if os.path.exists(os.path.join(self.flash, "main.py")):
            argv += ["-i", "-c", BOOT]
        die = simhost.die_with_parent()
        self.proc = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=self.flash,
            env=env,
            pass_fds=(3,),
            start_new_session=True,
            preexec_fn=lambda: _child_setup(r, die),
        )
        os.close(slave)
        os.close(r)
        self.world_w = w
        self.host.sent_raw = None
        self.host.sync()  # the pegs as they stand, first thing

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for fd in (self.dev, self.world_w):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self.dev = self.world_w = None

    # --- the world --------------------------------------------------------------

    def write(self, line):
        """simhost.Host's output: the lines for fd 3 (r and b matter here)."""
        if self.world_w is None or line[0] not in "rib":
            return
        if line[0] == "i":
            line = "r" + line[1:]
        try:
            os.write(self.world_w, line.encode())
        except OSError:
            pass  # the firmware is restarting; the next start syncs

    def _error(self, reason):
        print("fireice sim: %s" % reason, file=self.log, flush=True)

    def ms(self):
        return int((time.monotonic() - self.t0) * 1000)

    def world_line(self, text):
        self.host.now = max(self.host.now, self.ms())
        self.host.line(text)

    # --- running ----------------------------------------------------------------

    # bytes waiting for a reader that is slow; beyond this, output to the
    # client is dropped (as a board drops USB output nobody reads) and input
    # from the client waits in the client's terminal
    BUFFER = 1 << 16

    def run(self, stdin=None, events=None):
        """Copy bytes between the two terminals, take world lines from
        stdin, restart the firmware when it ends; until killed. events: a
        stream (its file descriptor is used) the board's event lines are
        written to as well, without ever waiting for its reader: beyond
        BUFFER bytes unread, events are dropped for it (the board goes on)."""
        self.start()
        said = bytearray()  # the board's output since its last line end
        out = events.fileno() if events is not None else None
        if out is not None:
            events.flush()  # (the device path, before any event)
            if not os.isatty(out):
                os.set_blocking(out, False)
        to_out = bytearray()
        inputs = stdin
        pending = b""
        to_dev = bytearray()
        to_user = bytearray()
        while True:
            rd = [self.dev]
            if len(to_dev) < self.BUFFER:
                rd.append(self.user)
            if inputs is not None:
                rd.append(inputs)
            wr = ([self.dev] if to_dev else []) + ([self.user] if to_user else [])
            if to_out:
                wr.append(out)
            ready, writable, _ = select.select(rd, wr, [], 0.02)
            if self.user in ready:
                try:
                    to_dev += os.read(self.user, 4096)
                except OSError:
                    pass
            if self.dev in writable:
                n = _write_some(self.dev, to_dev)
                del to_dev[: max(n, 0)]
            if to_out and out in writable:
                n = _write_some(out, to_out)
                del to_out[: n if n >= 0 else len(to_out)]
            if self.user in writable:
                n = _write_some(self.user, to_user)
                del to_user[: n if n >= 0 else len(to_user)]
            if self.dev in ready:
                try:
                    data = os.read(self.dev, 4096)
                except OSError as e:  # EIO: the interpreter has ended
                    if e.errno != errno.EIO:
                        raise
                    data = None
                if data:
                    if len(to_user) < self.BUFFER:
                        to_user += data
                    if out is not None:
                        said += data
                        said = _events(said, to_out, self.BUFFER)
                elif self.proc.poll() is not None or data is None:
                    self.proc.wait()
                    self.stop()
                    to_dev.clear()
                    self.start()  # a soft reset
            if inputs is not None and inputs in ready:
                chunk = os.read(inputs.fileno(), 4096)
                if not chunk:
                    inputs = None
                pending += chunk
                while b"\n" in pending:
                    line, pending = pending.split(b"\n", 1)
                    if line.strip():
                        self.world_line(line.decode(errors="replace"))
            self.host.run_to(max(self.host.now, self.ms()))


def _events(said, out, most):
    """The complete lines of the board's output in said added to out (at
    most most bytes waiting there) if they are events (a JSON object with
    "ev": replies, the REPL and anything else are not); what is left of
    said, the line not yet ended (dropped if longer than most)."""
    while True:
        k = said.find(b"\n")
        if k < 0:
            return said if len(said) < most else bytearray()
        line = bytes(said[:k]).strip()
        del said[: k + 1]
        if line.startswith(b"{") and line.endswith(b"}") and len(out) < most:
            try:
                msg = json.loads(line)
            except ValueError:
                continue  # not the board's (the REPL's, a traceback)
            if isinstance(msg, dict) and "ev" in msg:
                out += line + b"\n"


def _child_setup(r, die=None):
    # the terminal becomes the interpreter's controlling terminal (Ctrl-C
    # is then SIGINT for it), and the world's pipe its fd 3; the
    # interpreter dies with this process
    if die is not None:
        die()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    if r != 3:
        os.dup2(r, 3)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _write_some(fd, data):
    """Bytes written; 0 when the reader is full, -1 when it is gone."""
    try:
        return os.write(fd, data[:4096])
    except BlockingIOError:
        return 0
    except OSError:
        return -1


def serve(flash=None, heapsize=None, faults=(), stdin=None, out=None, blank=False, net=False):
    """`fireice sim --pty`: print the device path, then run until killed.
    A flash folder without the firmware gets it first, unless blank."""
    out = out or sys.stdout
    tmp = None
    if flash is None:
        tmp = flash = tempfile.mkdtemp(prefix="fireice-flash-")
    os.makedirs(flash, exist_ok=True)
    if not blank and not os.path.exists(os.path.join(flash, "main.py")):
        install(flash)
    board = PtyBoard(flash, heapsize, faults, net=net)
    print(board.path, file=out, flush=True)
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
    try:
        board.run(stdin, out)
    except KeyboardInterrupt:
        pass
    finally:
        board.stop()
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0
