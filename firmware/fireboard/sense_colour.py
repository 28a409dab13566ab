# The colour-aware front end: linear hall sensors through analog muxes into
# the ADC. This module is the front end's entry (fireboard.sense_fronts): it
# builds the scanner (fireboard.sense_colour_scan's ColourScanner, which
# stays for the game) and sets it to read through the RP2040's registers
# where there are some, and it is dropped after start-up
# (fireboard.mem.LEAVES). Loaded only on a board built with it.
from micropython import const

from fireboard.sense_colour_scan import ColourScanner

# The RP2040's registers the scan (fireboard.sense_colour_scan) uses on a
# Pico (RP2040 datasheet; the same names in pico-sdk's hardware/regs/*.h),
# each reached through a viper pointer: one load or store instruction,
# where a machine.mem32 subscript or a method (read_u16, sleep_us) is a
# call.
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
# - TIMER TIMERAWL (4.6.5, TIMER_BASE 0x40054000 + 0x28): the microsecond
#   counter's low 32 bits, read without latching the high word
_TIMERAWL = const(0x40054028)


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
    gpio = getattr(hw, "gpio_registers", None)
    mem = gpio() if gpio is not None else None
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
        # (adc_sim: adc_registers)
        sim = getattr(mem, "adc_sim", None)
        adc = getattr(mem, "adc_words", None) if sim is not None else None
        if adc is None and sys.platform == "rp2" and not hasattr(mem, "adc_words"):
            adc = (_ADC_CS, _ADC_CS_SET, _TIMERAWL)
        if xor is None and sys.platform == "rp2":
            xor = _GPIO_OUT_XOR
        if xor is not None:
            registers(scan, xor, pins["mux_select"], pins["analog_island_select"])
        if adc is not None:
            # (the machine.ADC made above has powered the ADC and set the
            # pin's pad to analog: MicroPython's rp2 ADC() does both)
            adc_registers(scan, adc[0], adc[1], adc[2], pins["adc"] - 26, sim)
    return scan


def registers(scan, out_xor, select_gpios, island_gpios):
    """Move the colour scanner scan's select lines through the SIO's GPIO_OUT_XOR register:
    out_xor is its address on a Pico (a viper pointer stores into it),
    or a 32-bit word standing in for it (array("I"): the virtual board,
    the tests, which apply what is stored there when the ADC reads).
    One store a sample, however many lines change, where the pins take
    a call each."""
    scan.xor = out_xor
    scan.regs = 1
    from array import array

    scan.flips = flips = array("I", bytes(4 * 16))
    # the mask that flips the lines by d = old ^ new: the channel's
    # (S) lines at d, the island's (T) lines at 8 + d
    for d in range(8):
        for k in range(3):
            if d >> k & 1:
                flips[d] |= 1 << select_gpios[k]
                flips[8 + d] |= 1 << island_gpios[k]


def adc_registers(scan, cs, cs_set, timerawl, channel, sim=None):
    """The colour scanner scan reads the ADC through its registers, and wait for the input to
    settle on the TIMER's microsecond counter, from the scan itself (no
    call a sample): cs is the address of the ADC's CS register (RESULT
    the word after it), cs_set that of CS's set alias, timerawl that of
    TIMERAWL, on a Pico; channel the ADC input (AINSEL: GPIO 26 + n),
    chosen at each scan's start, by the scan (one read and one write of
    CS: a read_u16 of another input between two scans cannot leave the
    scan reading it).
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
    scan.cs = cs
    scan.cs_set = cs_set
    scan.clk = timerawl
    scan.sim = sim
    scan.ainsel = channel << 12  # (read_u16 of this ADC sets the same)
    scan.aregs = 1
