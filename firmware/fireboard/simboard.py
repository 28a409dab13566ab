# The virtual board's MicroPython side: the board firmware, unchanged, on a
# hardware shim whose sensors read what stands in each hole. The world around
# the board (pegs, hands, buttons, virtual time) is simulated by the host
# (`fireice sim`, host_tools/fireice_tools/simhost.py), which sends one short
# line per change on standard input:
#
#   t N       run the board on to virtual time N ms (a scan every scan_ms)
#   r S       what the holes hold now: 49 digits, 0 empty, 1 Fire, 2 Ice,
#             3 a sensor that reads noise
#   i S       the same, taken in at once without debounce (set-up)
#   b G V     button on GPIO G pressed (V=1) or released (V=0)
#   j JSON    a command ({"cmd": "new", ...}), as over USB
#   e TEXT    report TEXT as an error event now (bad input the host found)
#
# Events go to standard output as JSON lines (docs/protocol.md).
try:
    import micropython
except ImportError:  # CPython
    from fireice.compat import micropython  # type: ignore[no-redef]

import json
import sys
from array import array

from fireice import forget

# ADC model of the colour front end (16-bit readings, DRV5053EA on 3.3 V):
# an empty hole reads about 1.0 V, a magnet moves it by about 0.7 V, up for
# Fire (north pole up), down for Ice.
_MID = 19900
_SWING = 14000


class Hardware:
    """Pins, ADC and LED strip of the virtual board, behind the interface
    every backend gives the firmware (output, input, adc, strip)."""

    def __init__(self, cfg, seed):
        self.cfg = cfg
        self.holes = bytearray(49)  # what the host says stands there
        self.sel = 0  # island mux channel (S lines)
        self.isel = 0  # top mux channel (T lines)
        self.pressed = bytearray(32)  # by GPIO
        self.pin_ops = 0
        self.now = 0
        self.on_frame = None
        self.slot = bytes(cfg["sensor_map"] or range(49))
        # each sensor's empty reading differs a little, as real ones do
        self.base = array("H", range(49))
        x = seed * 7919 + 17
        for h in range(49):
            x = (x * 75 + 74) % 65537
            self.base[h] = _MID - 900 + x % 1800

    def output(self, gpio):
        return Pin(self, gpio)

    input = output

    def adc(self, gpio):
        return self

    @micropython.native
    def read_u16(self):  # the ADC
        self.pin_ops += 1
        h = self.hole()
        return _MID if h == 255 else min(65535, max(0, self.reading(h, False)))

    def settle_us(self, us):
        pass  # no RC at the virtual ADC input

    def strip(self, gpio, n):
        return self

    def write(self, rgb):  # the LED strip
        if self.on_frame is not None:
            self.on_frame(rgb)

    @micropython.native
    def hole(self):
        """The hole the muxes select now, or 255."""
        c = int(self.sel)
        i = int(self.isel)
        return self.slot[7 * i + c] if c < 7 and i < 7 else 255

    @micropython.native
    def reading(self, h, present):
        v = int(self.holes[h])
        if v == 3:  # a noisy sensor
            x = (int(self.now) * 37 + h * 11) & 0xFF
            return x & 1 if present else _MID - 12000 + x * 94
        if present:
            return v != 0
        n = (int(self.now) * 13 + h * 7) & 63
        r = int(self.base[h]) + n - 32
        if v:
            r += _SWING if (v == 1) == (self.cfg["fire_sign"] > 0) else -_SWING
        return r


class Device(Hardware):
    """The virtual board as a device (`fireice sim --pty`): the firmware's
    own main.py, in real time, its console on the pseudo-terminal, and the
    world's changes ("r S" and "b G V" lines, as above) on file descriptor 3."""

    def __init__(self, cfg):
        import select
        import time

        super().__init__(cfg, 0)
        # the mux inputs as built: slot k is hole k of the world, which
        # models wrong wiring itself (fireice sim --pty --fault swap:C5:C6)
        self.slot = bytes(range(49))
        self._clock = time.ticks_ms
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

    def line(self, text):
        if text[:2] == "r ":
            for h in range(49):
                self.holes[h] = ord(text[2 + h]) - 48
        elif text[:2] == "b ":
            gpio, v = text[2:].split()
            self.pressed[int(gpio)] = int(v)


class Pin:
    """A GPIO; code = role * 8 + index from the pin map: role 1 S line, 2 T
    line, 3 island mux output, 4.. a button (code - 32 = GPIO)."""

    def __init__(self, hw, gpio):
        self.hw = hw
        pins = hw.cfg["pins"]
        code = 32 + gpio if gpio in (pins["button_undo"], pins["button_new"]) else 0
        for role, key in ((1, "mux_select"), (2, "analog_island_select"), (3, "digital_mux_out")):
            if gpio in pins[key]:
                code = 8 * role + pins[key].index(gpio)
        self.code = code

    @micropython.native
    def value(self, v=None):
        hw = self.hw
        hw.pin_ops += 1
        code = int(self.code)
        role = code >> 3
        if v is not None:
            m = 1 << (code & 7)
            if role == 1:
                hw.sel = (hw.sel | m) if v else (hw.sel & ~m)
            elif role == 2:
                hw.isel = (hw.isel | m) if v else (hw.isel & ~m)
            return None
        if role == 3:  # the output of island (code & 7)'s mux
            c = int(hw.sel)
            h = hw.slot[7 * (code & 7) + c] if c < 7 else 255
            on = 0 if hw.cfg["active_low"] else 1
            return on if h != 255 and hw.reading(h, True) else 1 - on
        if role >= 4:
            return 0 if hw.pressed[code - 32] else 1
        return 0


class Board:
    def __init__(self, flash, seed, front):
        self.args = (flash, seed, front)
        if flash:
            from fireboard.store import Store

            store = Store(flash)
        else:
            from fireboard.memstore import MemStore

            store = MemStore()
        from fireboard.board import start

        self.now = 0
        self.app, self.hw, started = start(
            store, lambda cfg: Hardware(cfg, seed), self.emit, seed, front
        )
        forget("fireboard.board")
        self.hw.on_frame = self.frame
        self.hello(self.app.cfg)
        self.app.begin(0, *started)

    def emit(self, ev):
        if "at" not in ev:
            ev["at"] = self.now
        w = sys.stdout.write
        w(json.dumps(ev))
        w("\n")

    def command(self, arg):
        # a command line, as over USB (docs/protocol.md): {"cmd": "status"},
        # {"cmd": "leds walk 100"}; other keys go with it as a JSON object:
        # {"cmd": "new", "mode": "solitaire"} is the line new {"mode": ...}
        msg = json.loads(arg)
        line = msg.pop("cmd")
        msg.pop("at", None)
        if msg:
            line += " " + json.dumps(msg)
        from fireboard import usb

        usb.handle(self.app, line, self.emit)
        forget("fireboard.usb")
        if self.app.reboot:
            self.app = self.hw = None
            import gc

            gc.collect()
            self.__init__(*self.args)

    def hello(self, cfg):
        # written a piece at a time: no list of 51 names in the heap
        from fireice.geom import hole_name
        from fireice.version import VERSION

        w = sys.stdout.write
        w(
            '{"ev": "hello", "at": 0, "version": "%s", "front": "%s", "leds": ['
            % (VERSION, cfg["front"])
        )
        m = cfg["led_map"]
        for k in range(51):
            h = m[k] if m else k
            w(
                '"%s"%s'
                % (
                    hole_name(h) if h < 49 else "turn-fire" if h == 49 else "turn-ice",
                    ", " if k < 50 else "]}\n",
                )
            )

    def frame(self, rgb):
        w = sys.stdout.write
        w('{"ev": "leds", "at": %d, "rgb": [' % self.now)
        for k in range(51):
            w(
                "[%d, %d, %d]%s"
                % (rgb[3 * k], rgb[3 * k + 1], rgb[3 * k + 2], ", " if k < 50 else "]}\n")
            )

    def run_to(self, at):
        app = self.app
        hw = self.hw
        period = app.cfg["scan_ms"]
        while self.now < at:
            self.now += 1
            hw.now = self.now
            if self.now % period == 0:
                app.tick(self.now)
        app.now = self.now

    def line(self, text):
        op = text[0]
        arg = text[2:].rstrip()
        if op == "t":
            self.run_to(int(arg))
        elif op == "r" or op == "i":
            holes = self.hw.holes
            for h in range(49):
                holes[h] = ord(arg[h]) - 48
            if op == "i":
                self.app.settle()
        elif op == "b":
            gpio, v = arg.split()
            self.hw.pressed[int(gpio)] = int(v)
        elif op == "j":
            self.command(arg)
        elif op == "e":
            self.emit({"ev": "error", "reason": arg})


def main(argv):
    opts = {"--front": None, "--flash": None, "--seed": "0"}
    for k in range(0, len(argv) - 1, 2):
        opts[argv[k]] = argv[k + 1]
    board = Board(opts["--flash"], int(opts["--seed"]), opts["--front"])
    while True:
        text = sys.stdin.readline()
        if not text:
            break
        if len(text) > 1:
            try:
                board.line(text)
            except MemoryError:
                # never stop over one input: say so, and carry on
                import gc

                gc.collect()
                board.emit({"ev": "error", "reason": "out of memory: %s" % text[:40].strip()})


if __name__ == "__main__":
    main(sys.argv[1:])
