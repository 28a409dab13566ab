"""Talking to a board over USB: finding its port, its command protocol
(docs/protocol.md), and putting the firmware on it with the raw REPL
(mpremote's transport)."""

import contextlib
import datetime
import hashlib
import json
import os
import sys
import time

import serial

from fireice.version import VERSION
from fireice_tools import firmware

# USB vendor IDs of the boards we know: Raspberry Pi (Pico), Adafruit,
# MicroPython's own
VENDORS = (0x2E8A, 0x239A, 0xF055)
# sys.implementation._mpy >> 10: the native code architecture (mpy-cross -march)
ARCHES = (
    None,
    "x86",
    "x64",
    "armv6",
    "armv6m",
    "armv7m",
    "armv7em",
    "armv7emsp",
    "armv7emdp",
    "xtensa",
    "xtensawin",
    "rv32imc",
    "rv64imc",
)
MPY_VERSION = 6  # what mpy-cross 1.29 writes
# on the board's flash and never touched by flash unless asked to wipe
KEEP = ("config.json", "calib.json", "game.txt", "game.setup", "games")


class DeviceError(Exception):
    pass


def find_port(port=None):
    """--port, else $FIREICE_PORT, else the one board attached."""
    port = port or os.environ.get("FIREICE_PORT")
    if port:
        return port
    from serial.tools import list_ports

    found = [p.device for p in list_ports.comports() if p.vid in VENDORS]
    if len(found) == 1:
        return found[0]
    if not found:
        raise DeviceError(
            "no board found: plug it in, or say --port (or set FIREICE_PORT); "
            "`fireice sim --pty` starts a virtual one"
        )
    raise DeviceError("several boards attached (%s): say which with --port" % ", ".join(found))


def usb_serial_number(port):
    """The USB serial number of the device behind port (a Pico's is its
    flash chip's unique id), or None: a port that is no USB device (the
    virtual board's pseudo-terminal) or one that reports none."""
    from serial.tools import list_ports

    real = os.path.realpath(port)
    for p in list_ports.comports():
        if os.path.realpath(p.device) == real:
            return p.serial_number or None
    return None


def safe_name(text):
    """text as one file name: letters, digits, - and _ only."""
    out = "".join(c if c.isalnum() or c in "-_" else "-" for c in text.strip())
    return out.strip("-") or "board"


class Board:
    """The board's command protocol: one line out, one JSON reply back.
    Events that come in between are kept in events."""

    def __init__(self, port, timeout=5.0):
        self.port = port
        self.timeout = timeout
        try:
            self.serial = serial.Serial(port, 115200, timeout=0.05)
        except (serial.SerialException, OSError) as e:
            raise DeviceError("cannot open %s: %s" % (port, e)) from None
        self.serial.reset_input_buffer()
        # what an earlier client left unread may still be on its way: drop it
        until = time.monotonic() + 0.5
        while self.serial.read(4096) and time.monotonic() < until:
            pass
        self.events = []
        self.pending = b""

    def close(self):
        self.serial.close()

    def _lines(self, until):
        """JSON objects read until the time until (None while waiting)."""
        while True:
            while b"\n" in self.pending:
                line, self.pending = self.pending.split(b"\n", 1)
                line = line.strip()
                if line.startswith(b"{"):
                    try:
                        yield json.loads(line)
                    except ValueError:
                        pass  # not ours (a traceback, the REPL)
            if time.monotonic() >= until:
                return
            data = self.serial.read(max(1, self.serial.in_waiting))
            if data:
                self.pending += data
            else:
                yield None

    def command(self, line, timeout=None):
        """Send a command line; return its reply (a dict with "re"). An
        error reply raises DeviceError with the board's words."""
        reply = self.ask(line, timeout)
        if "error" in reply:
            raise DeviceError("%s: %s" % (line.split(" ", 1)[0], reply["error"]))
        return reply

    def ask(self, line, timeout=None):
        """Send a line; the reply as it is (error replies too)."""
        self.serial.write(line.encode() + b"\n")
        return self.ask_read(timeout, line)

    def ask_read(self, timeout=None, line=None):
        """The next reply (for a line already sent)."""
        until = time.monotonic() + (timeout or self.timeout)
        for msg in self._lines(until):
            if msg is None:
                continue
            if "re" in msg:
                return msg
            self.events.append(msg)
        raise DeviceError(
            "no answer from %s to %r: is the firmware running? (`fireice flash` puts it on)"
            % (self.port, line)
        )

    def running(self, timeout=8.0, set_clock=True):
        """Make sure the firmware answers: if the board sits at the REPL
        (after mpremote, say), a soft reset starts it. Then, unless
        set_clock is False, the board's clock is set (set_clock). Returns
        status."""
        status = self._running(timeout)
        if set_clock:
            self.set_clock()
        return status

    def set_clock(self, when=None):
        """Set the board's clock to when (a datetime; the host's local time
        by default), as `mpremote rtc --set` does, so that the board dates
        its game records. Returns the board's reply, or None when it
        refuses (a firmware without the clock command, a host clock the
        board takes for unset)."""
        when = when or datetime.datetime.now()
        reply = self.ask("clock " + when.strftime("%Y-%m-%dT%H:%M:%S"))
        return None if "error" in reply else reply

    def _running(self, timeout):
        try:
            return self.command("status", timeout=1.0)
        except DeviceError:
            pass
        self.serial.write(b"\r\x02\x04")  # leave a raw REPL; soft reset
        until = time.monotonic() + timeout
        while time.monotonic() < until:
            time.sleep(0.3)
            self.serial.reset_input_buffer()
            try:
                return self.command("status", timeout=1.0)
            except DeviceError:
                pass
        raise DeviceError(
            "the board at %s does not answer: is the firmware on it? (`fireice flash`)" % self.port
        )


# --- flashing -------------------------------------------------------------------

_HASHES = """
import sys, gc
for _m in [_m for _m in sys.modules if _m.startswith('fire')]:
    del sys.modules[_m]
gc.collect()
import os, hashlib, binascii
_b = bytearray(256)
def _h(p):
    h = hashlib.sha256()
    with open(p, 'rb') as f:
        while True:
            n = f.readinto(_b)
            if not n:
                break
            h.update(memoryview(_b)[:n])
    print(p, binascii.hexlify(h.digest()).decode())
def _w(d):
    try:
        _n = os.listdir(d)
    except OSError:
        return
    for _f in _n:
        if os.stat(d + '/' + _f)[0] & 0x4000:
            _w(d + '/' + _f)
        else:
            _h(d + '/' + _f)
for _d in ('fireice', 'fireboard', 'simboard'):
    _w(_d)
try:
    _h('main.py')
except OSError:
    pass
"""


def local_image(arch, kind="micropython"):
    """{path on the board: bytes}: the firmware a board of this kind runs
    (firmware.board_sources), compiled for arch."""
    built = firmware.compile_firmware(arch)
    files = {}
    for rel in firmware.board_sources(kind):
        name = rel[:-3] + ".mpy"
        with open(os.path.join(built, name), "rb") as f:
            files[name] = f.read()
    files["main.py"] = firmware.main_py(kind).encode()
    return files


def _bar(done, total, width=30):
    k = width * done // max(total, 1)
    return "[%s%s] %3d%%" % ("#" * k, "." * (width - k), 100 * done // max(total, 1))


def flash(port, wipe=False, out=sys.stdout, tty=None):
    from mpremote.transport import TransportError

    try:
        return _flash(port, wipe, out, tty)
    except TransportError as e:
        words = str(e.args[-1] if e.args else e).strip().splitlines() or ["?"]
        raise DeviceError("flashing failed: %s" % words[-1]) from None


def _flash(port, wipe, out, tty):
    """Put the firmware on the board at port: compile for its architecture,
    copy what changed, keep its configuration and games (unless wipe),
    restart it and check that it answers with the new version. Returns a
    summary dict."""
    tty = out.isatty() if tty is None else tty
    with _raw_repl(port) as t:
        arch = _board_arch(t)
        image = local_image(arch, _board_kind(t))
        remote = _board_files(t)
        changed = [n for n in sorted(image) if remote.get(n) != _digest(image[n])]
        stale = sorted(n for n in remote if n not in image)
        total = sum(len(image[n]) for n in changed)
        print(
            "%s: MicroPython for %s; %d of %d files changed (%d bytes), %d to remove"
            % (port, arch, len(changed), len(image), total, len(stale)),
            file=out,
        )
        _make_folders(t, changed, remote)
        _write_files(t, image, changed, total, out, tty)
        _remove_files(t, stale, image)
        if wipe:
            _wipe(t, out)
        t.exit_raw_repl()
        t.serial.write(b"\x04")  # soft reset: the new firmware starts
    status = _check_version(port)
    print("the board runs fireice %s (%s front end)" % (VERSION, status.get("front")), file=out)
    return {"arch": arch, "changed": changed, "removed": stale, "version": status["version"]}


@contextlib.contextmanager
def _raw_repl(port):
    """mpremote's transport to the board at port, in its raw REPL; closed
    at the end of the with block."""
    from mpremote.transport import TransportError
    from mpremote.transport_serial import SerialTransport

    try:
        t = SerialTransport(port)
    except TransportError as e:
        raise DeviceError("cannot open %s (%s)" % (port, e)) from None
    try:
        try:
            t.enter_raw_repl(soft_reset=False)
        except TransportError:
            raise DeviceError("%s does not give a MicroPython REPL" % port) from None
        yield t
    finally:
        t.close()


def _board_arch(t):
    """The board's native code architecture (mpy-cross -march), once its
    MicroPython is known to load the .mpy files we build."""
    mpy = t.eval("__import__('sys').implementation._mpy")
    arch = ARCHES[mpy >> 10] if 0 <= mpy >> 10 < len(ARCHES) else None
    if (mpy & 0xFF) != MPY_VERSION or arch is None:
        raise DeviceError(
            "the board's MicroPython takes .mpy version %d, arch %s; we build version %d:"
            " update MicroPython on the board" % (mpy & 0xFF, arch, MPY_VERSION)
        )
    return arch


def _board_kind(t):
    """firmware.board_sources' kind: a MicroPython board, or the unix port
    behind `fireice sim --pty`."""
    platform = t.eval("__import__('sys').platform")
    return "unix" if platform in ("linux", "darwin") else "micropython"


def _digest(data):
    return hashlib.sha256(data).hexdigest()


def _board_files(t):
    """{path: sha256 in hex} of the firmware's files on the board."""
    text = []
    t.exec(_HASHES, data_consumer=text.append)
    files = {}
    for line in b"".join(text).replace(b"\x04", b"").decode().splitlines():
        name, _, digest = line.strip().partition(" ")
        if name:
            files[name] = digest
    return files


def _make_folders(t, names, remote):
    """The packages' folders the files names go to, parents first; those
    the board has files in (remote) are there already."""
    folders = {n.rpartition("/")[0] for n in names} - {""}
    for d in sorted(folders | {f.rpartition("/")[0] for f in folders} - {""}):
        if not any(n.startswith(d + "/") for n in remote):
            t.exec("import os\ntry:\n os.mkdir(%r)\nexcept OSError:\n pass" % d)


def _write_files(t, image, names, total, out, tty):
    """Copy the files names of image (total bytes) to the board: on a
    terminal one progress bar, redrawn; else a line a file."""
    done = 0
    for name in names:
        data = image[name]

        def progress(n, size, name=name, base=done):
            if tty:
                out.write("\r%s %-26s" % (_bar(base + n, total), name))
                out.flush()

        t.fs_writefile(name, data, chunk_size=1024, progress_callback=progress)
        done += len(data)
        if not tty:
            print("%s %s" % (_bar(done, total), name), file=out)
    if tty and names:
        out.write("\n")


def _remove_files(t, names, image):
    """Remove the files names from the board, then the folders that leaves
    empty, deepest first (a board flashed with another layout of the
    modules has folders the image has no file in); a folder that holds
    anything else stays."""
    for name in names:
        t.fs_rmfile(name)
    kept = {n.rpartition("/")[0] for n in image}
    for d in sorted({n.rpartition("/")[0] for n in names} - kept - {""}, reverse=True):
        t.exec("import os\ntry:\n os.rmdir(%r)\nexcept OSError:\n pass" % d)


def _wipe(t, out):
    """Remove the board's configuration, calibration and games (KEEP)."""
    t.exec(
        "import os\nfor _n in %r:\n try:\n  os.remove(_n)\n except OSError:\n  pass\n"
        "try:\n for _n in os.listdir('games'):\n  os.remove('games/' + _n)\n"
        "except OSError:\n pass" % (KEEP[:4],)
    )
    print("configuration, calibration and games wiped", file=out)


def _check_version(port):
    """The status of the board at port once it runs; DeviceError unless it
    runs this version."""
    board = Board(port)
    try:
        status = board.running(timeout=15.0)
    finally:
        board.close()
    if status.get("version") != VERSION:
        raise DeviceError(
            "the board answers with version %s, not %s" % (status.get("version"), VERSION)
        )
    return status
