# The colour front end's scanner (fireboard.sense_colour builds it, and sets
# it to read through the RP2040's registers where there are some): linear
# hall sensors through analog muxes into the ADC.
import micropython

from array import array

from micropython import const

from fireboard.sense_mux import GRAY, GRAY_BACK, select, slot_table

# The registers of the RP2040 the scan reads and writes, when
# fireboard.sense_colour has set it to (their addresses are there; RP2040
# datasheet 4.9.6): the ADC's CS, START_ONCE bit 2 (self-clearing), READY
# bit 8 (low while a conversion runs), AINSEL bits 12-14 (the input)
_START_ONCE = const(0x4)
_READY = const(0x100)
_AINSEL = const(0x7000)

# The wait after the select lines move, before the ADC reads (us). The
# input is R3 (1 k) into C3 (1 nF) behind two CD74HC4051 switches (their
# data sheet: at most 180 ohm at 4.5 V; more at 3.3 V, taken here as 250):
# a time constant of at most 1.5 us. A DRV5053 sources at most 300 uA (it
# sinks 2.3 mA), so a rise from one hole's reading to the next (0.2 to
# 1.8 V at most) first slews at 0.3 V/us, for at most 4 us, until the RC
# takes over with at most 0.45 V to go; 12 us leaves then at most
# 0.45 V * e^-5.3, about 2 mV (40 counts of read_u16), against a threshold
# of 6000 counts and calibration's tolerance of an eighth of it
# (fireboard.sense_calib). A fall settles sooner (the RC alone).
_SETTLE_US = const(12)


class ColourScanner:
    """Linear bipolar hall sensors through one 8:1 analog mux per island
    (CD74HC4051, select S0..S2 shared) into a top mux (select T0..T2) and the
    ADC. A reading above the hole's baseline by more than the threshold is
    one colour, below it the other; between them the hole is empty. A hole
    keeps its state until the reading is back within three quarters of the
    threshold (hysteresis against noise at the edge)."""

    colour = True
    # its scan may run in a hard timer interrupt (fireboard.sense_irqscan):
    # viper, pin or register writes, the ADC's registers and TIMERAWL (or
    # read_u16 and sleep_us, a busy wait on rp2), no allocation; the whole
    # scan each tick (bench/RESULTS.md, "The scans from a timer interrupt":
    # why not an island a tick)
    irq = True
    # the least period of those ticks (ms): the scan takes about 2 ms of a
    # Pico's time, and a shorter scan_ms (the configuration allows 1) would
    # leave the main loop no time between them
    irq_ms = 4

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
        # set by fireboard.sense_colour (registers, adc_registers) where the
        # scan goes through the RP2040's registers:
        self.regs = 0  # 1 when the select lines go through SIO (registers)
        # the register masks that move the lines (registers: one read in
        # each sample's step, through a pointer), and where the scan stores
        # a mask: until then 0, a pointer the scan never reads or stores
        # through (the pins move the lines), and no buffer in the heap
        self.flips = self.xor = 0
        # the ADC and the settle through registers (adc_registers): 1 then;
        # until then 0, pointers never touched (read_u16 and settle_us)
        self.aregs = 0
        self.ainsel = 0
        self.cs = self.cs_set = self.clk = 0
        self.sim = None
        for k in range(3):
            select[k].value(0)
            island_select[k].value(0)

    # One function, longer than a screen: the hot path of the timer
    # interrupt (about 2 ms of each 5 ms period on a Pico, bench/RESULTS.md,
    # "The colour scan through the ADC's registers"), where a call a sample
    # or an island would add to each of its 49 samples.
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
        aregs = int(self.aregs)
        cs = ptr32(self.cs)  # CS, RESULT (aregs)
        cs_set = ptr32(self.cs_set)
        clk = ptr32(self.clk)  # TIMERAWL
        sim = self.sim
        fake = 1 if sim else 0  # registers standing in (adc_registers)
        if aregs:  # the scan's input chosen again (the other bits kept)
            cs[0] = (cs[0] & (_AINSEL ^ -1)) | int(self.ainsel)
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
                    if aregs:  # until TIMERAWL has moved on 13 from here: 12 us at least
                        t0 = int(clk[0])
                        if fake:
                            sim.elapse(_SETTLE_US)  # type: ignore[union-attr]
                        while int(clk[0]) - t0 <= _SETTLE_US:
                            pass
                    elif wait:  # (settle None: no wait)
                        settle(_SETTLE_US)
                h = slot[7 * i + c]
                if aregs:  # one conversion, started and waited for
                    cs_set[0] = _START_ONCE
                    if fake:
                        sim.convert()  # type: ignore[union-attr]
                    while not (int(cs[0]) & _READY):
                        pass
                    v = int(cs[1]) & 0xFFF
                    v = (v << 4) | (v >> 8)  # (read_u16's scale)
                else:
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
