# Reading the 49 holes through multiplexers, and debouncing the readings.
#
# A scan fills a bytearray of 49 hole states: 0 empty, 1 Fire, 2 Ice (colour
# front end), 3 occupied by a peg of unknown colour (digital front end).
# Select lines step in Gray-code order so one pin changes per step.
import micropython
from micropython import const
from fireice.ticks import ticks_diff

from array import array

_PRESENT = const(3)
# mux channels 0..6 in Gray-code order, forwards and backwards
_GRAY = b"\x00\x01\x03\x02\x06\x04\x05"
_GRAY_BACK = b"\x05\x04\x06\x02\x03\x01\x00"


@micropython.native
def select(pins, old, new):
    """Move three select lines (S0..S2) from channel old to new, writing
    only the lines that change."""
    diff = old ^ new
    if diff & 1:
        pins[0].value(new & 1)
    if diff & 2:
        pins[1].value((new >> 1) & 1)
    if diff & 4:
        pins[2].value((new >> 2) & 1)


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
    def scan(self, out):
        outs = self.outs
        slot = self.slot
        raw = self.raw
        on = self.on
        gray = _GRAY if self.ch == 0 else _GRAY_BACK
        for k in range(7):
            c = gray[k]
            select(self.sel, self.ch, c)
            self.ch = c
            for i in range(7):
                v = outs[i].value()
                h = slot[7 * i + c]
                raw[h] = v
                out[h] = _PRESENT if v == on else 0


class Debouncer:
    """A hole's state is accepted once its raw state has stayed the same for
    ms milliseconds. update() returns how many accepted states changed."""

    def __init__(self, ms):
        self.ms = ms
        self.stable = bytearray(49)
        self.cand = bytearray(49)
        self.since = array("i", bytes(4 * 49))

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
            elif r != stable[h] and ticks_diff(now, since[h]) >= ms:
                stable[h] = r
                changed += 1
        return changed
