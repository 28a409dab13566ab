"""The board at a USB serial port, for the bridge (fireice_tools.link):
its JSON lines read in a thread, command lines written, and the port opened
again by itself when the cable comes back (or a virtual board restarts
behind the same path).

Opening goes through device.Board.running: a board found at the
MicroPython REPL is soft-reset into its firmware (Ctrl-B, Ctrl-D); the
bridge never writes Ctrl-C (0x03), which would stop the firmware with
KeyboardInterrupt: every line it sends is printable ASCII
(link.check_line), checked again here before it is written.
"""

import json
import threading

import serial

from fireice_tools import device
from fireice_tools.link import BoardGone, check_line

REOPEN_S = 1.0  # between two tries to open a port that is gone


class SerialBoard:
    def __init__(self, port=None, out=None):
        self.port = port  # None: the one board attached, looked for at each open
        self.out = out
        self.serial = None
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.thread = None

    def start(self, on_message, on_state):
        self.on_message = on_message
        self.on_state = on_state
        self.thread = threading.Thread(target=self._run, name="link-usb", daemon=True)
        self.thread.start()

    def send(self, line):
        check_line(line)
        with self.lock:
            s = self.serial
            if s is None:
                raise BoardGone("no board")
            try:
                s.write(line.encode("ascii") + b"\n")
                s.flush()
            except (serial.SerialException, OSError) as e:
                raise BoardGone(str(e)) from None

    def close(self):
        self.stopped.set()
        with self.lock:
            if self.serial is not None:
                self.serial.close()
                self.serial = None
        if self.thread and self.thread is not threading.current_thread():
            self.thread.join(3)

    def _say(self, text):
        if self.out:
            self.out.write("fireice link: %s\n" % text)
            self.out.flush()

    def _open(self):
        """The port's serial object with the firmware answering, or None."""
        try:
            port = device.find_port(self.port)
            board = device.Board(port)
        except device.DeviceError as e:
            return None, str(e)
        try:
            board.running(timeout=8.0)
        except device.DeviceError as e:
            board.close()
            return None, str(e)
        return board.serial, None

    def _run(self):
        said = None
        while not self.stopped.is_set():
            s, why = self._open()
            if s is None:
                if why != said:
                    self._say(why)
                    said = why
                self.stopped.wait(REOPEN_S)
                continue
            said = None
            with self.lock:
                self.serial = s
            self.on_state("up")
            self._read(s)
            with self.lock:
                self.serial = None
            try:
                s.close()
            except (serial.SerialException, OSError):
                pass
            if not self.stopped.is_set():
                self.on_state("gone")
                self.stopped.wait(REOPEN_S)

    def _read(self, s):
        pending = b""
        while not self.stopped.is_set():
            try:
                data = s.read(max(1, s.in_waiting))
            except (serial.SerialException, OSError, TypeError):
                return  # the cable is out (TypeError: pyserial's closed port)
            if not data:
                continue
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                line = line.strip()
                if line.startswith(b"{"):
                    try:
                        msg = json.loads(line)
                    except ValueError:
                        continue  # not the firmware's (a traceback, the REPL)
                    if isinstance(msg, dict):
                        self.on_message(msg)
            if len(pending) > 65536:
                pending = b""  # no line of the firmware's is this long
