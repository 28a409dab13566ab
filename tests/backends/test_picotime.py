# The virtual board's Pico time (simboard.picotime): its calibration of the
# virtual hardware's own time, and the colour front end's ADC at Pico time
# (Adc), which applies the select lines stored into GPIO_OUT_XOR and reads
# the sensors as latched for the pass. MicroPython only (viper).
from support import MICROPYTHON, skip


def _pt():
    if not MICROPYTHON:
        skip("simboard.picotime is viper code: MicroPython only")
    import simboard.picotime as pt

    return pt


def test_calibration_is_not_undone_by_an_interrupted_empty_loop():
    """An operation's ns are the least of its tries less the least of the
    empty loop's: on a loaded machine the empty loop of a try is now and then
    the one interrupted, and a try less its own empty loop then came out at
    0, which charged the operation's time here to every pass."""
    pt = _pt()
    real = pt._op
    tries = [0]

    def op(kind, x, n):
        if kind == 3:  # the empty loop: 40 us, and every other try 500 (a stall)
            tries[0] += 1
            return 500 if tries[0] % 2 else 40
        return 240  # 400 operations of 500 ns, the loop's 40 us included

    pt._op = op
    try:
        assert pt._ns(2, None, 400) == 500
    finally:
        pt._op = real


class _Hw:
    # what Mem32 needs of simboard.hw.Hardware
    def __init__(self):
        pins = {
            "mux_select": [2, 3, 4],
            "analog_island_select": [13, 14, 15],
            "digital_mux_out": [6, 7, 8, 9, 10, 11, 12],
            "button_undo": 20,
            "button_new": 21,
            "adc": 26,
        }
        self.cfg = {"pins": pins, "front": "digital", "active_low": True}
        self.pressed = bytearray(32)
        self.sel = self.isel = 0
        self.slot = bytes(range(49))

    def reading(self, h, present):
        return False


def test_the_colour_adc_reads_the_lines_stored_and_counts():
    pt = _pt()
    mem = pt.Mem32(_Hw())
    adc = pt.Adc(mem)
    st = pt._st
    for k in range(len(st)):
        if k < 5 or k == 11:
            st[k] = 0
    for k in range(64):  # a reading for each state of T and S
        pt._lat[k] = 1000 + k
    st[11] = 1  # (latched)
    assert adc.read_u16() == 1000
    # S1 (GPIO 3) and T0, T2 (GPIO 13, 15) flipped by one store
    mem.out_xor[0] = 1 << 3 | 1 << 13 | 1 << 15
    assert adc.read_u16() == 1000 + (5 << 3 | 2)
    assert mem.out_xor[0] == 0  # applied once
    assert adc.read_u16() == 1000 + (5 << 3 | 2)
    mem.out_xor[0] = 1 << 3  # S1 back
    assert adc.read_u16() == 1000 + (5 << 3)
    pt.settle(12)
    pt.settle(12)
    assert (st[0], st[4], st[2], st[3]) == (4, 2, 2, 24)
    st[1] = 0


def test_the_adc_registers_convert_and_the_counter_moves_as_counted():
    # the colour scan at Pico time reads the ADC through CS, its set alias
    # and RESULT, and settles on TIMERAWL (fireboard.sense_colour_scan, set
    # by fireboard.sense_colour.adc_registers): Adc acts as their hardware
    # and counts what each costs on a Pico
    pt = _pt()
    from fireboard.sense_colour import ColourScanner, adc_registers

    hw = _Hw()
    mem = pt.Mem32(hw)
    adc = pt.Adc(mem)
    cs, cs_set, clk = mem.adc_words
    st = pt._st
    assert cs[0] == 0x101  # on, ready, input 0 (GP26): as machine.ADC leaves it
    for k in range(64):
        pt._lat[k] = 16 * (100 + k) + 7  # (the low 4 bits: not converted)
    st[11] = 1
    # a conversion not started (nothing stored through the set alias) fails
    raises = None
    try:
        adc.convert()
    except ValueError as e:
        raises = e
    assert raises is not None
    cs_set[0] = 0x4  # START_ONCE
    mem.out_xor[0] = 1 << 3 | 1 << 13  # S1, T0
    adc.convert()
    assert cs_set[0] == 0 and cs[0] & 0x100 and cs[1] == 100 + (1 << 3 | 2)
    assert (st[12], st[13], st[4]) == (1, 3, 1)
    adc.elapse(12)
    assert clk[0] == 13 and st[3] == 13 and (st[13], st[14]) == (5, 1)
    # a scanner on these words (no read_u16, no settle_us)
    s = ColourScanner([_Line()] * 3, [_Line()] * 3, None, 6000)
    adc_registers(s, cs, cs_set, clk, 0, adc)
    assert s.aregs == 1 and cs[0] & 0x7000 == 0
    st[1] = 0
    for k in (3, 4, 12, 13, 14):
        st[k] = 0


class _Line:
    def value(self, v=None):
        return 0
