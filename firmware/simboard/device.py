# The virtual board as a device (`fireice sim --pty`): the hardware of
# simboard.hw, in real time, with the world's changes coming on file
# descriptor 3 as the lines of simboard.board ("r S", "b G V").
import os

from simboard.hw import Hardware


class Device(Hardware):
    """The virtual board as a device (`fireice sim --pty`): the firmware's
    own main.py, in real time, its console on the pseudo-terminal, and the
    world's changes ("r S" and "b G V" lines) on file descriptor 3."""

    def __init__(self, cfg):
        import select
        import time

        super().__init__(cfg, 0)
        # the mux inputs as built: slot k is hole k of the world, which
        # models wrong wiring itself (fireice sim --pty --fault swap:C5:C6)
        self.slot = bytes(range(49))
        self._clock = time.ticks_ms
        # the wall clock goes on through a soft reset (a new interpreter)
        # as a Pico's RTC does: kept in the file the host names, which goes
        # with the host (a power cut)
        self.rtc = os.getenv("FIREICE_SIM_RTC")
        self.now = self._clock()
        try:
            if self.rtc:
                with open(self.rtc) as f:
                    day, ms = f.read().split()
                self.wall = (int(day), int(ms))
        except (OSError, ValueError):
            pass  # never set
        self.world = open("/dev/fd/3", "rb")
        self.poller = select.poll()
        self.poller.register(self.world, select.POLLIN)

    def ticks_ms(self):
        """The clock; the world's news is taken in on the way."""
        self.now = self._clock()
        for _ in range(8):  # a few lines per pass at most
            ready = False
            for _ in self.poller.ipoll(0):
                ready = True
            if not ready:
                break
            text = self.world.readline()  # the host writes whole lines
            if not text:  # the host went away: the board is unplugged
                raise SystemExit(0)
            self.line(text.decode())
        return self.now

    def set_clock(self, y, mo, d, h, mi, s, wd):
        self.now = self._clock()
        super().set_clock(y, mo, d, h, mi, s, wd)
        if self.rtc:
            with open(self.rtc, "w") as f:
                f.write("%d %d" % self.wall)

    def clock(self):
        self.now = self._clock()
        return super().clock()

    def line(self, text):
        if text[:2] == "r ":
            for h in range(49):
                self.holes[h] = ord(text[2 + h]) - 48
        elif text[:2] == "b ":
            gpio, v = text[2:].split()
            self.pressed[int(gpio)] = int(v)
