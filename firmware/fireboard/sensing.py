# Reading the 49 holes through multiplexers, and debouncing the readings.
#
# A scan fills a bytearray of 49 hole states: 0 empty, 1 Fire, 2 Ice (colour
# front end), 3 occupied by a peg of unknown colour (digital front end).
# Select lines step in Gray-code order so one pin changes per step.
try:
    import micropython
    from micropython import const
except ImportError:  # CPython
    from fireice.compat import const, micropython  # type: ignore[no-redef]
try:
    from time import ticks_diff  # type: ignore[attr-defined]
except ImportError:  # CPython
    from fireice.compat import ticks_diff

from array import array

PRESENT = const(3)
# mux channels 0..6 in Gray-code order, forwards and backwards
_GRAY = b"\x00\x01\x03\x02\x06\x04\x05"
_GRAY_BACK = b"\x05\x04\x06\x02\x03\x01\x00"


def slot_table(sensor_map):
    """scan slot (island mux * 7 + channel) -> hole, from the configuration."""
    return bytes(sensor_map) if sensor_map else bytes(range(49))


class DigitalScanner:
    """Presence switches through one 8:1 digital mux per island (74HC151),
    select lines shared, each island's mux output on its own input pin."""

    colour = False

    def __init__(self, select, outputs, active_low=True, sensor_map=None):
        self.sel = select  # 3 output pins S0..S2
        self.outs = outputs  # 7 input pins, islands A..G
        self.on = 0 if active_low else 1
        self.slot = slot_table(sensor_map)
        self.raw = array("H", bytes(98))  # last pin level per hole (diagnostics)
        self.ch = 0  # channel the select lines point at
        for k in range(3):
            select[k].value(0)

    @micropython.native
    def _select(self, c):
        # move the select lines from self.ch to c
        diff = self.ch ^ c
        sel = self.sel
        if diff & 1:
            sel[0].value(c & 1)
        if diff & 2:
            sel[1].value((c >> 1) & 1)
        if diff & 4:
            sel[2].value((c >> 2) & 1)
        self.ch = c

    @micropython.native
    def scan(self, out):
        outs = self.outs
        slot = self.slot
        raw = self.raw
        on = self.on
        gray = _GRAY if self.ch == 0 else _GRAY_BACK
        for k in range(7):
            c = gray[k]
            self._select(c)
            for i in range(7):
                v = outs[i].value()
                h = slot[7 * i + c]
                raw[h] = v
                out[h] = PRESENT if v == on else 0


class ColourScanner:
    """Linear bipolar hall sensors through one 8:1 analog mux per island
    (CD74HC4051, select S0..S2 shared) into a top mux (select T0..T2) and the
    ADC. A reading above the hole's baseline by more than the threshold is
    one colour, below it the other; between them the hole is empty. A hole
    keeps its state until the reading is back within three quarters of the
    threshold (hysteresis against noise at the edge)."""

    colour = True

    def __init__(self, select, island_select, adc, threshold, fire_sign=1, sensor_map=None):
        self.sel = select
        self.isel = island_select
        self.adc = adc
        self.threshold = threshold
        self.fire_sign = fire_sign
        self.slot = slot_table(sensor_map)
        self.raw = array("H", bytes(98))  # last ADC reading per hole
        self.base = array("H", [32768] * 49)  # empty-hole reading per hole
        self.ch = 0
        self.island = 0
        for k in range(3):
            select[k].value(0)
            island_select[k].value(0)

    @micropython.native
    def _select(self, pins, old, c):
        diff = old ^ c
        if diff & 1:
            pins[0].value(c & 1)
        if diff & 2:
            pins[1].value((c >> 1) & 1)
        if diff & 4:
            pins[2].value((c >> 2) & 1)

    @micropython.native
    def scan(self, out):
        adc = self.adc
        slot = self.slot
        raw = self.raw
        base = self.base
        th = int(self.threshold)
        low = (th * 3) >> 2
        sign = int(self.fire_sign)
        forward = self.ch == 0
        up = self.island == 0
        for step in range(7):
            i = step if up else 6 - step
            if i != self.island:
                self._select(self.isel, self.island, i)
                self.island = i
            gray = _GRAY if forward else _GRAY_BACK
            for k in range(7):
                c = gray[k]
                if c != self.ch:
                    self._select(self.sel, self.ch, c)
                    self.ch = c
                h = slot[7 * i + c]
                v = int(adc.read_u16())
                raw[h] = v
                d = (v - int(base[h])) * sign
                old = out[h]
                if d > th or (old == 1 and d > low):
                    out[h] = 1
                elif d < -th or (old == 2 and d < -low):
                    out[h] = 2
                else:
                    out[h] = 0
            forward = not forward

    def calibrate(self, samples, stored=None):
        """Take the empty-hole baselines: samples is a list of scans of raw
        readings (arrays of 49). A hole whose average is far from its stored
        baseline (a peg stands there) keeps the stored value."""
        n = len(samples)
        for h in range(49):
            avg = sum(s[h] for s in samples) // n
            if stored is not None and abs(avg - stored[h]) > self.threshold // 2:
                self.base[h] = stored[h]
            else:
                self.base[h] = avg


class Debouncer:
    """A hole's state is accepted once its raw state has stayed the same for
    ms milliseconds. update() returns how many accepted states changed."""

    def __init__(self, ms):
        self.ms = ms
        self.stable = bytearray(49)
        self.cand = bytearray(49)
        self.since = array("i", [0] * 49)
        self.last_raw_change = 0

    def prime(self, raw):
        for h in range(49):
            self.stable[h] = raw[h]
            self.cand[h] = raw[h]

    @micropython.native
    def update(self, raw, now):
        cand = self.cand
        stable = self.stable
        since = self.since
        ms = int(self.ms)
        changed = 0
        for h in range(49):
            r = raw[h]
            if r != cand[h]:
                cand[h] = r
                since[h] = now
                self.last_raw_change = now
            elif r != stable[h] and ticks_diff(now, since[h]) >= ms:
                stable[h] = r
                changed += 1
        return changed
