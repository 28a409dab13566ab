# The colour-aware front end: linear hall sensors through analog muxes into
# the ADC. Loaded only on a board built with it.
import micropython

from array import array

from micropython import const

from fireboard.sense_mux import GRAY, GRAY_BACK, select, slot_table

# The RP2040's registers the scan uses on a Pico (RP2040 datasheet; the
# same names in pico-sdk's hardware/regs/*.h), each reached through a
# viper pointer: one load or store instruction, where a machine.mem32
# subscript or a method (read_u16, sleep_us) is a call.
# - SIO GPIO_OUT_XOR (2.3.1.7, SIO_BASE 0xd0000000 + 0x1c): a write flips
#   the GPIO outputs whose bits are set, as fireboard.sense_digital_sio
#   uses it (the select lines)
_GPIO_OUT_XOR = const(0xD000001C)
# - ADC CS (4.9.6, ADC_BASE 0x4004c000 + 0x00): EN bit 0, START_ONCE bit 2
#   (self-clearing), READY bit 8 (low while a conversion runs), AINSEL bits
#   12-14 (the input); RESULT (+0x04): the last conversion, 12 bits. A
#   write to CS + 0x2000 sets the bits written and leaves the rest (the
#   atomic set alias of every peripheral register, 2.1.2)
_ADC_CS = const(0x4004C000)
_ADC_CS_SET = const(0x4004E000)
_START_ONCE = const(0x4)
_READY = const(0x100)
_AINSEL = const(0x7000)
# - TIMER TIMERAWL (4.6.5, TIMER_BASE 0x40054000 + 0x28): the microsecond
#   counter's low 32 bits, read without latching the high word
_TIMERAWL = const(0x40054028)

# The wait after the select lines move, before the ADC reads (us). The
# input is R3 (1 k) into C3 (1 nF) behind two CD74HC4051 switches (their
# data sheet: at most 180 ohm at 4.5 V; more at 3.3 V, taken here as 250):
# a time constant of at most 1.5 us. A DRV5053 sources at most 300 uA (it
# sinks 2.3 mA), so a rise from one hole's reading to the next (0.2 to
# 1.8 V at most) first slews at 0.3 V/us, for at most 4 us, until the RC
# takes over with at most 0.45 V to go; 12 us leaves then at most
# 0.45 V * e^-5.3, about 2 mV (40 counts of read_u16), against a threshold
# of 6000 counts and calibration's tolerance of an eighth of it
# (fireboard.sense_calib). A fall settles sooner (the RC alone). The wait
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
    if mem is not None:  # a Pico on MicroPython: the registers
        # (their addresses; a stand-in's words where the registers are a
        # fake's: the virtual board at Pico time, the tests). A stand-in
        # without its words keeps the pins and read_u16: a store at the
        # address anywhere but on an RP2040 would write to memory that is
        # not the register
        import sys

        xor = getattr(mem, "out_xor", None)
        # the ADC's CS and RESULT, CS's set alias and TIMERAWL; a
        # stand-in's words come with what acts as the hardware there
        # (adc_sim: ColourScanner.adc_registers)
        sim = getattr(mem, "adc_sim", None)
        adc = getattr(mem, "adc_words", None) if sim is not None else None
        if adc is None and sys.platform == "rp2" and not hasattr(mem, "adc_words"):
            adc = (_ADC_CS, _ADC_CS_SET, _TIMERAWL)
        if xor is None and sys.platform == "rp2":
            xor = _GPIO_OUT_XOR
        if xor is not None:
            scan.registers(xor, pins["mux_select"], pins["analog_island_select"])
        if adc is not None:
            # (the machine.ADC made above has powered the ADC and set the
            # pin's pad to analog: MicroPython's rp2 ADC() does both)
            scan.adc_registers(adc[0], adc[1], adc[2], pins["adc"] - 26, sim)
    return scan


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
    # scan each tick (README, "timer interrupt": why not an island a tick)
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
        self.regs = 0  # 1 when the select lines go through SIO (registers)
        # the register masks that move the lines (registers: one read in
        # each sample's step, through a pointer)
        self.flips = array("I", bytes(4 * 16))
        # where the scan stores a mask (registers): until then any word,
        # never stored into (the pins move the lines)
        self.xor = array("I", bytes(4))
        # the ADC and the settle through registers (adc_registers): 1 then;
        # until then any words, never touched (read_u16 and settle_us)
        self.aregs = 0
        self.ainsel = 0
        self.cs = self.cs_set = self.clk = self.xor
        self.sim = None
        for k in range(3):
            select[k].value(0)
            island_select[k].value(0)

    def registers(self, out_xor, select_gpios, island_gpios):
        """Move the select lines through the SIO's GPIO_OUT_XOR register:
        out_xor is its address on a Pico (a viper pointer stores into it),
        or a 32-bit word standing in for it (array("I"): the virtual board,
        the tests, which apply what is stored there when the ADC reads).
        One store a sample, however many lines change, where the pins take
        a call each."""
        self.xor = out_xor
        self.regs = 1
        # the mask that flips the lines by d = old ^ new: the channel's
        # (S) lines at d, the island's (T) lines at 8 + d
        for d in range(8):
            for k in range(3):
                if d >> k & 1:
                    self.flips[d] |= 1 << select_gpios[k]
                    self.flips[8 + d] |= 1 << island_gpios[k]

    def adc_registers(self, cs, cs_set, timerawl, channel, sim=None):
        """Read the ADC through its registers, and wait for the input to
        settle on the TIMER's microsecond counter, from the scan itself (no
        call a sample): cs is the address of the ADC's CS register (RESULT
        the word after it), cs_set that of CS's set alias, timerawl that of
        TIMERAWL, on a Pico; channel the ADC input (AINSEL: GPIO 26 + n),
        chosen now and again at each scan's start (one read and one write
        of CS: a read_u16 of another input between two scans cannot leave
        the scan reading it).
        Elsewhere (the virtual board at Pico time, the tests) they are
        words standing in for the registers (array("I"): CS and RESULT,
        the alias, the counter) and sim acts as the hardware beside them:
        sim.convert() after each conversion is started (it fills RESULT
        from the lines as stored, sets READY), sim.elapse(us) as a settle
        begins (the counter moves on by us and one). A reading keeps
        read_u16's scale: 12 bits to 16 as MicroPython's rp2 port scales
        them (r << 4 | r >> 8), so the thresholds and the baselines stand.
        The ADC's round-robin and FIFO are for sampling several inputs, or
        one freely: here each sample needs the muxes moved and the input
        settled first, so it is one conversion started and waited for."""
        if not 0 <= channel <= 3:
            raise ValueError("the ADC has no input %d" % channel)
        self.cs = cs
        self.cs_set = cs_set
        self.clk = timerawl
        self.sim = sim
        self.ainsel = channel << 12  # (read_u16 of this ADC sets the same)
        _ainsel(cs, self.ainsel)
        self.aregs = 1

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


@micropython.viper
def _ainsel(cs, sel: int):
    # the ADC's input (CS's AINSEL bits) set to sel, the other bits kept
    r = ptr32(cs)
    r[0] = (r[0] & (_AINSEL ^ -1)) | sel
