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
