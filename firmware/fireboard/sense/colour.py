# The colour-aware front end: linear hall sensors through analog muxes into
# the ADC. Loaded only on a board built with it.
import micropython

from array import array

from fireboard.sense.mux import GRAY, GRAY_BACK, select, slot_table


def ptr8(buf):
    """In a @micropython.viper function MicroPython compiles ptr8(x) (and
    ptr16) as a pointer to x's items (these functions are not called
    there); elsewhere (CPython, CircuitPython) x is indexed itself."""
    return buf


ptr16 = ptr8


def scanner(hw, cfg):
    """The colour front end on hardware hw, as the configuration wires it."""
    pins = cfg["pins"]
    return ColourScanner(
        [hw.output(p) for p in pins["mux_select"]],
        [hw.output(p) for p in pins["analog_island_select"]],
        hw.adc(pins["adc"]),
        cfg["threshold"],
        cfg["fire_sign"],
        cfg["sensor_map"],
        hw.settle_us,
    )


class ColourScanner:
    """Linear bipolar hall sensors through one 8:1 analog mux per island
    (CD74HC4051, select S0..S2 shared) into a top mux (select T0..T2) and the
    ADC. A reading above the hole's baseline by more than the threshold is
    one colour, below it the other; between them the hole is empty. A hole
    keeps its state until the reading is back within three quarters of the
    threshold (hysteresis against noise at the edge)."""

    colour = True

    def __init__(
        self, select, island_select, adc, threshold, fire_sign=1, sensor_map=None, settle_us=None
    ):
        self.sel = select
        self.isel = island_select
        self.adc = adc
        self.threshold = threshold
        self.fire_sign = fire_sign
        self.slot = slot_table(sensor_map)
        self.raw = array("H", bytes(98))  # last ADC reading per hole
        self.base = array("H", bytes(98))  # empty-hole reading per hole (calib)
        self.ch = 0
        self.island = 0
        # wait after a select change: the ADC input's RC settles in ~12 us
        self.settle_us = settle_us
        for k in range(3):
            select[k].value(0)
            island_select[k].value(0)

    @micropython.viper  # per sample: the select lines, the read, integer work
    def scan(self, out):
        adc = self.adc
        o = ptr8(out)
        slot = ptr8(self.slot)
        raw = ptr16(self.raw)
        base = ptr16(self.base)
        th = int(self.threshold)
        low = (th * 3) >> 2
        sign = int(self.fire_sign)
        settle = self.settle_us
        ch = int(self.ch)
        island = int(self.island)
        forward = 1 if ch == 0 else 0
        up = 1 if island == 0 else 0
        for step in range(7):
            i = step if up else 6 - step
            if i != island:
                select(self.isel, island, i)
                island = i
            gray = ptr8(GRAY if forward else GRAY_BACK)
            for k in range(7):
                c = gray[k]
                if c != ch:
                    select(self.sel, ch, c)
                    ch = c
                if settle:  # (None: no wait)
                    settle(20)
                h = slot[7 * i + c]
                v = int(adc.read_u16())
                raw[h] = v
                d = (v - base[h]) * sign
                old = o[h]
                if d > th or (old == 1 and d > low):
                    o[h] = 1
                elif d < -th or (old == 2 and d < -low):
                    o[h] = 2
                else:
                    o[h] = 0
            forward = 1 - forward
        self.ch = ch
        self.island = island
