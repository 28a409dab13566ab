# The virtual board's hardware: pegs in holes, the sensors under them, the
# multiplexers, buttons and the LED strip, behind the same small interfaces
# as the real board's pins. The firmware drives these pins exactly as it
# drives a Pico's: select lines out, mux outputs or the ADC in.
try:
    import micropython
except ImportError:  # CPython
    from fireice.compat import micropython  # type: ignore[no-redef]

from array import array

# ADC model of the colour front end (16-bit readings, DRV5053EA on 3.3 V):
# an empty hole reads about 1.0 V, a peg's magnet moves it by about 0.7 V,
# up for Fire (north pole up), down for Ice.
_MID = 19900
_SWING = 14000


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
        self.strip_writes = 0
        self.on_frame = None
        # each sensor's empty reading differs a little, as real ones do
        x = seed * 7919 + 17
        self.base = array("H", [0] * 49)
        for h in range(49):
            x = (x * 75 + 74) % 65537
            self.base[h] = _MID - 900 + x % 1800
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
            return min(65535, v + _SWING)
        if f == 2:
            return v
        if f == 3:
            return v + ((self.now * 37 + h * 11) % 24000) - 12000
        peg = self.pegs[h]
        if self.now < self.bounce_until[h] and ((self.now + h) >> 1) & 1:
            peg = 0
        if peg == 1:
            v += _SWING * sign
        elif peg == 2:
            v -= _SWING * sign
        return min(65535, max(0, v))

    def hole_at(self, island, channel):
        return self.slot[7 * island + channel] if channel < 7 and island < 7 else 255


class Pin:
    """A GPIO of the virtual board; its role comes from the pin map:
    code = role * 8 + index, roles 1 S line, 2 T line, 3 mux output (island
    index), 4 button (index = GPIO), 0 anything else."""

    def __init__(self, board, gpio):
        self.board = board
        pins = board.cfg["pins"]
        code = 32 + gpio if gpio in (pins["button_undo"], pins["button_new"]) else 0
        for role, key in ((1, "mux_select"), (2, "analog_island_select"), (3, "digital_mux_out")):
            if gpio in pins[key]:
                code = 8 * role + pins[key].index(gpio)
        self.code = code

    @micropython.native
    def value(self, v=None):
        b = self.board
        b.pin_ops += 1
        code = int(self.code)
        role = code >> 3
        if v is not None:
            m = 1 << (code & 7)
            if role == 1:
                b.sel = (b.sel | m) if v else (b.sel & ~m)
            elif role == 2:
                b.isel = (b.isel | m) if v else (b.isel & ~m)
            return None
        if role == 3:
            h = b.hole_at(code & 7, b.sel)
            present = h != 255 and b.occupied(h)
            on = 0 if b.cfg["active_low"] else 1
            return on if present else 1 - on
        if role >= 4:
            return 0 if b.pressed[code - 32] else 1
        return 0


class ADC:
    def __init__(self, board):
        self.board = board

    @micropython.native
    def read_u16(self):
        b = self.board
        b.pin_ops += 1
        h = b.hole_at(b.isel, b.sel)
        return _MID if h == 255 else b.reading(h)


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
