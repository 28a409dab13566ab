# The colour-aware front end: linear hall sensors through analog muxes into
# the ADC. Loaded only on a board built with it.
import micropython

from array import array

from micropython import const

from fireboard.sense.mux import GRAY, GRAY_BACK, select, slot_table

# the RP2040's SIO register that flips the GPIO outputs whose bits are set
# (datasheet, 2.3.1.7), as fireboard.sense.digital_sio uses it; the scan
# stores into it through a viper pointer (one store instruction, where a
# machine.mem32 subscript is a call)
_GPIO_OUT_XOR = const(0xD000001C)

# The wait after the select lines move, before the ADC reads (us). The
# input is R3 (1 k) into C3 (1 nF) behind two CD74HC4051 switches (their
# data sheet: at most 180 ohm at 4.5 V; more at 3.3 V, taken here as 250):
# a time constant of at most 1.5 us. A DRV5053 sources at most 300 uA (it
# sinks 2.3 mA), so a rise from one hole's reading to the next (0.2 to
# 1.8 V at most) first slews at 0.3 V/us, for at most 4 us, until the RC
# takes over with at most 0.45 V to go; 12 us leaves then at most
# 0.45 V * e^-5.3, about 2 mV (40 counts of read_u16), against a threshold
# of 6000 counts and calibration's tolerance of an eighth of it
# (fireboard.sense.calib). A fall settles sooner (the RC alone). The wait
# was 20 us before, with no such reckoning.
_SETTLE_US = const(12)


def scanner(hw, cfg):
    """The colour front end on hardware hw, as the configuration wires it."""
    pins = cfg["pins"]
    scan = ColourScanner(
        [hw.output(p) for p in pins["mux_select"]],
        [hw.output(p) for p in pins["analog_island_select"]],
        hw.adc(pins["adc"]),
        cfg["threshold"],
        cfg["fire_sign"],
        cfg["sensor_map"],
        hw.settle_us,
    )
    registers = getattr(hw, "gpio_registers", None)
    mem = registers() if registers is not None else None
    if mem is not None:  # a Pico on MicroPython: the select lines through SIO
        # (the register's address; a stand-in's word where the registers
        # are a fake's: the virtual board, the tests). A stand-in without
        # its word keeps the pins: a store at the address anywhere but on
        # an RP2040 would write to memory that is not the register
        import sys

        xor = getattr(mem, "out_xor", None)
        if xor is None and sys.platform == "rp2":
            xor = _GPIO_OUT_XOR
        if xor is not None:
            scan.registers(xor, pins["mux_select"], pins["analog_island_select"])
    return scan


class ColourScanner:
    """Linear bipolar hall sensors through one 8:1 analog mux per island
    (CD74HC4051, select S0..S2 shared) into a top mux (select T0..T2) and the
    ADC. A reading above the hole's baseline by more than the threshold is
    one colour, below it the other; between them the hole is empty. A hole
    keeps its state until the reading is back within three quarters of the
    threshold (hysteresis against noise at the edge)."""

    colour = True
    # its scan may run in a hard timer interrupt (fireboard.sense.irqscan):
    # viper, pin or register writes, the ADC's read and sleep_us (a busy
    # wait on rp2), no allocation; the whole scan each tick (README,
    # "timer interrupt": why not an island a tick)
    irq = True

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
        # the wait after a select change (_SETTLE_US): none when the
        # lines stay (a scan starts on the hole the last one ended on)
        self.settle_us = settle_us
        self.regs = 0  # 1 when the select lines go through SIO (registers)
        # the register masks that move the lines (registers: one read in
        # each sample's step, through a pointer)
        self.flips = array("I", bytes(4 * 16))
        # where the scan stores a mask (registers): until then any word,
        # never stored into (the pins move the lines)
        self.xor = array("I", bytes(4))
        for k in range(3):
            select[k].value(0)
            island_select[k].value(0)

    def registers(self, out_xor, select_gpios, island_gpios):
        """Move the select lines through the SIO's GPIO_OUT_XOR register:
        out_xor is its address on a Pico (a viper pointer stores into it),
        or a 32-bit word standing in for it (array("I"): the virtual board,
        the tests, which apply what is stored there when the ADC reads).
        One store a sample, however many lines change, where the pins take
        a call each. The
        ADC stays a read_u16() a sample: its round-robin and FIFO are for
        sampling several inputs, or one input freely; here each sample
        needs the muxes moved and the input settled first."""
        self.xor = out_xor
        self.regs = 1
        # the mask that flips the lines by d = old ^ new: the channel's
        # (S) lines at d, the island's (T) lines at 8 + d
        for d in range(8):
            for k in range(3):
                if d >> k & 1:
                    self.flips[d] |= 1 << select_gpios[k]
                    self.flips[8 + d] |= 1 << island_gpios[k]

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
        wait = 1 if settle else 0  # (truth tested once, not a sample)
        xor = ptr32(self.xor)
        regs = int(self.regs)
        flips = ptr32(self.flips)
        ch = int(self.ch)
        island = int(self.island)
        forward = 1 if ch == 0 else 0
        up = 1 if island == 0 else 0
        m = 0  # the mask stored into GPIO_OUT_XOR to move the lines
        moved = 0  # the lines moved since the last sample
        for step in range(7):
            i = step if up else 6 - step
            if i != island:
                if not regs:
                    select(self.isel, island, i)
                else:
                    m = int(flips[8 + (island ^ i)])
                island = i
                moved = 1
            gray = ptr8(GRAY if forward else GRAY_BACK)
            for k in range(7):
                c = gray[k]
                if c != ch:
                    if not regs:
                        select(self.sel, ch, c)
                    else:
                        m |= int(flips[c ^ ch])
                    ch = c
                    moved = 1
                if m:
                    xor[0] = m
                    m = 0
                if moved:
                    moved = 0
                    if wait:  # (settle None: no wait)
                        settle(_SETTLE_US)
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
