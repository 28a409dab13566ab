# The virtual board's hardware: pegs in holes, the sensors under them, the
# multiplexers, buttons and the LED strip, behind the same small interfaces
# as the real board's pins. The firmware drives these pins exactly as it
# drives a Pico's: select lines out, mux outputs or the ADC in.
try:
    import micropython
except ImportError:  # CPython
    from fireice.compat import micropython  # type: ignore[no-redef]

from array import array

# ADC model of the colour front end (16-bit readings): an empty hole reads
# about mid-scale, a magnet moves it by about SWING, up for Fire.
MID = 32768
SWING = 14000


class Board:
    """The physical state: which peg stands where, and how each sensor
    reads. Bounces, noise and faults are modelled here."""

    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.now = 0
        self.pegs = bytearray(49)  # 0 empty, 1 Fire, 2 Ice
        self.bounce_until = array("i", [0] * 49)
        self.fault = bytearray(49)  # 0 none, 1 stuck on, 2 stuck off, 3 noisy
        self.sel = 0  # island mux channel (S lines)
        self.isel = 0  # top mux channel (T lines)
        self.pressed = bytearray(32)  # by GPIO: 1 while held
        self.pin_ops = 0
        self.frames = []  # frames written to the strip (by the sim driver)
        self.strip_writes = 0
        self.on_frame = None
        # each sensor's empty reading differs a little, as real ones do
        x = seed * 7919 + 17
        self.base = array("H", [0] * 49)
        for h in range(49):
            x = (x * 75 + 74) % 65537
            self.base[h] = MID - 900 + x % 1800
        self._noise = seed & 0xFF
        slots = cfg["sensor_map"] or list(range(49))
        self.slot = bytes(slots)

    @micropython.native
    def occupied(self, h):
        f = self.fault[h]
        if f == 1:
            return True
        if f == 2:
            return False
        if f == 3:
            return ((self.now * 13 + h * 7) >> 2) & 1 == 1
        if self.now < self.bounce_until[h]:
            # a peg settling: the switch chatters
            return ((self.now + h) >> 1) & 1 == 1
        return self.pegs[h] != 0

    @micropython.native
    def reading(self, h):
        f = self.fault[h]
        base = int(self.base[h])
        sign = int(self.cfg["fire_sign"])
        self._noise = (self._noise * 109 + 89) & 0xFF
        v = base + (self._noise >> 2) - 32  # +-32 counts of noise
        if f == 1:
            return min(65535, v + SWING)
        if f == 2:
            return v
        if f == 3:
            return v + ((self.now * 37 + h * 11) % 24000) - 12000
        peg = self.pegs[h]
        if self.now < self.bounce_until[h] and ((self.now + h) >> 1) & 1:
            peg = 0
        if peg == 1:
            v += SWING * sign
        elif peg == 2:
            v -= SWING * sign
        return min(65535, max(0, v))

    def hole_at(self, island, channel):
        return self.slot[7 * island + channel] if channel < 7 and island < 7 else 255


class Pin:
    """A GPIO of the virtual board. Its role comes from the pin map."""

    def __init__(self, board, gpio):
        self.board = board
        self.gpio = gpio
        pins = board.cfg["pins"]
        self.role = 0  # 0 unused, 1 S line, 2 T line, 3 mux output, 4 button
        self.bit = 0
        if gpio in pins["mux_select"]:
            self.role, self.bit = 1, pins["mux_select"].index(gpio)
        elif gpio in pins["analog_island_select"]:
            self.role, self.bit = 2, pins["analog_island_select"].index(gpio)
        elif gpio in pins["digital_mux_out"]:
            self.role, self.bit = 3, pins["digital_mux_out"].index(gpio)
        elif gpio in (pins["button_undo"], pins["button_new"]):
            self.role = 4
        self.level = 0

    @micropython.native
    def value(self, v=None):
        b = self.board
        b.pin_ops += 1
        if v is not None:
            self.level = 1 if v else 0
            m = 1 << self.bit
            if self.role == 1:
                b.sel = (b.sel | m) if v else (b.sel & ~m)
            elif self.role == 2:
                b.isel = (b.isel | m) if v else (b.isel & ~m)
            return None
        if self.role == 3:
            h = b.hole_at(self.bit, b.sel)
            present = h != 255 and b.occupied(h)
            on = 0 if b.cfg["active_low"] else 1
            return on if present else 1 - on
        if self.role == 4:
            return 0 if b.pressed[self.gpio] else 1
        return self.level


class ADC:
    def __init__(self, board):
        self.board = board

    @micropython.native
    def read_u16(self):
        b = self.board
        b.pin_ops += 1
        h = b.hole_at(b.isel, b.sel)
        return MID if h == 255 else b.reading(h)


class Strip:
    def __init__(self, board, n):
        self.board = board
        self.n = n

    def write(self, rgb):
        b = self.board
        b.strip_writes += 1
        if b.on_frame is not None:
            b.on_frame(rgb)


class Hardware:
    """The backend the firmware is given: pins, ADC and strip by GPIO."""

    def __init__(self, board):
        self.board = board

    def output(self, gpio):
        return Pin(self.board, gpio)

    def input(self, gpio):
        return Pin(self.board, gpio)

    def adc(self, gpio):
        return ADC(self.board)

    def strip(self, gpio, n):
        return Strip(self.board, n)
