# The digital front end's scanner through pin objects (fireboard.sense_digital
# builds it where the backend offers no GPIO registers: CircuitPython, the
# virtual board): a presence switch under each hole, read through the island
# muxes (fireboard.sense_mux).
from array import array

import micropython
from micropython import const

from fireboard.sense_mux import GRAY, GRAY_BACK, select, slot_table

_PRESENT = const(3)


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
        gray = GRAY if self.ch == 0 else GRAY_BACK
        for k in range(7):
            c = gray[k]
            select(self.sel, self.ch, c)
            self.ch = c
            for i in range(7):
                v = outs[i].value()
                h = slot[7 * i + c]
                raw[h] = v
                out[h] = _PRESENT if v == on else 0
