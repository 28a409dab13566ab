# The USB serial console: command lines read a byte at a time, without
# waiting, between two scans of the main loop. Complete lines go to
# fireboard.links_commands (loaded when a line comes, forgotten when the console has
# been quiet a while). Ctrl-C is not a byte the firmware sees: MicroPython
# turns it into KeyboardInterrupt, so the REPL (and mpremote) still work.
from micropython import const
from fireice.ticks import ticks_diff

import gc
import select

# longest line taken (bytes, without the newline): a remote game's longest
# sync, 49 moves of 5 characters (fireboard.track_remote), fits
_MAX = const(320)
_PER_TICK = const(512)  # bytes read at most per pass of the main loop


class Console:
    quiet_ms = 3000  # the command code is dropped after this long without input

    def __init__(self, stream, out):
        """stream: bytes in (sys.stdin.buffer); out: the App's reply writer."""
        self.stream = stream
        self.out = out
        self.buf = bytearray(_MAX)
        self.one = bytearray(1)
        self.n = 0
        self.long = False  # the line being read is too long: drop it
        self.poller = select.poll()
        self.poller.register(stream, select.POLLIN)
        # ipoll gives no list to the heap (CPython, in tests, has only poll)
        self._poll = getattr(self.poller, "ipoll", self.poller.poll)
        for _ in self._poll(0):  # its first call makes the tuple it yields
            pass
        self.last = 0  # when the last line came
        self.handler = None  # fireboard.links_commands while it is loaded

    def poll(self, app, now):
        """Read what has come; answer each complete line."""
        k = 0
        while k < _PER_TICK:
            ready = False
            for _ in self._poll(0):
                ready = True
            if not ready or not self.stream.readinto(self.one):
                break
            k += 1
            c = self.one[0]
            if c == 10 or c == 13:
                if self.long:
                    self.long = False
                    self.out({"re": None, "error": "line too long (at most %d bytes)" % _MAX})
                elif self.n:
                    self.line(app, now)
                    if getattr(app, "asked", None) is not None or getattr(app, "reboot", False):
                        # a new game to make or a restart: that comes first,
                        # the lines after it at the next pass
                        self.n = 0
                        break
                self.n = 0
            elif self.n < _MAX and not self.long:
                self.buf[self.n] = c
                self.n += 1
            else:
                self.long = True
                self.n = 0
        if self.handler is not None and ticks_diff(now, self.last) > self.quiet_ms:
            self.unload()

    def load(self):
        gc.collect()  # the garbage of play gone: the command code loads packed
        from fireboard import links_commands

        self.handler = links_commands

    def unload(self, failed=False):
        # the command code out of the heap (loaded again by the next line);
        # failed: after memory ran out (fireboard.mem.forget)
        from fireboard.mem import done

        self.handler = None
        done("command", failed)

    def line(self, app, now):
        self.last = now
        try:
            text = bytes(self.buf[: self.n]).decode()
        except UnicodeError:
            self.out({"re": None, "error": "a command line is UTF-8 text"})
            return
        try:
            if self.handler is None:
                self.load()
            self.handler.handle(app, text, self.out)
            if getattr(app, "asked", None) is not None:  # a new game: made at the next
                # scan, without this code
                self.unload()
        except MemoryError:  # (the command code did not even load)
            self.unload(True)
            self.out({"re": None, "error": "out of memory for %r" % text[:40]})
        except Exception as e:  # a bug of ours: say so, keep the game going
            self.out({"re": None, "error": "internal error %r on %r" % (e, text[:40])})
