# The digital front end: a presence switch (hall or reed) under each hole,
# read through the island muxes (fireboard.sense.mux). A scan fills a
# bytearray of 49 hole states: 0 empty, 3 occupied by a peg of unknown
# colour (the colour front end, fireboard.sense.colour, tells 1 Fire, 2 Ice).
from array import array

import micropython
from micropython import const

from fireboard.sense.mux import GRAY, GRAY_BACK, select, slot_table

_PRESENT = const(3)


def scanner(hw, cfg):
    """The digital front end on hardware hw, as the configuration wires it."""
    pins = cfg["pins"]
    return DigitalScanner(
        [hw.output(p) for p in pins["mux_select"]],
        [hw.input(p) for p in pins["digital_mux_out"]],
        cfg["active_low"],
        cfg["sensor_map"],
    )


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
