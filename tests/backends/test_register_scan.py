# The digital front end through the RP2040's SIO registers
# (fireboard.sense.digital.RegisterScanner), on a fake machine.mem32 that is
# the board's seven island muxes: it counts every register operation, knows
# only the two registers the scan may use, and answers GPIO_IN from the pegs
# and the select lines as the wiring makes them. Both interpreters.
from support import raises

GPIO_IN = 0xD0000004
GPIO_OUT_XOR = 0xD000001C
SELECT = [2, 3, 4]  # hardware/pinmap.json
OUTS = [6, 7, 8, 9, 10, 11, 12]


class Muxes:
    """machine.mem32 on a board whose holes hold pegs: island i's mux output
    (GPIO OUTS[i]) shows the hole of slot 7*i + channel, low when a peg
    stands there (active low)."""

    def __init__(self, slot):
        self.slot = slot
        self.pegs = bytearray(49)
        self.out = 0  # the GPIO outputs' levels
        self.reads = self.writes = 0

    def channel(self):
        return sum(((self.out >> g) & 1) << k for k, g in enumerate(SELECT))

    def __getitem__(self, addr):
        if addr != GPIO_IN:
            raise AssertionError("read of %x" % addr)
        self.reads += 1
        c = self.channel()
        levels = self.out
        for i, g in enumerate(OUTS):
            levels |= (0 if self.pegs[self.slot[7 * i + c]] else 1) << g
        return levels

    def __setitem__(self, addr, value):
        if addr != GPIO_OUT_XOR:
            raise AssertionError("write of %x" % addr)
        self.writes += 1
        self.out ^= value


class Pin:
    def __init__(self, mux, gpio):
        self.mux = mux
        self.gpio = gpio

    def value(self, v=None):
        if v is None:
            return 0
        mask = 1 << self.gpio
        self.mux.out = self.mux.out | mask if v else self.mux.out & ~mask


class Hardware:
    """A backend with gpio_registers(), as fireboard.hw.rp2."""

    def __init__(self, mux):
        self.mux = mux

    def output(self, gpio):
        return Pin(self.mux, gpio)

    def input(self, gpio):
        return Pin(self.mux, gpio)

    def gpio_registers(self):
        return self.mux


def board(sensor_map=None):
    from fireboard.config.defaults import DEFAULTS
    from fireboard.sense.digital import scanner
    from fireboard.sense.mux import slot_table

    cfg = dict(DEFAULTS)
    cfg["sensor_map"] = sensor_map
    mux = Muxes(slot_table(sensor_map))
    return mux, scanner(Hardware(mux), cfg)


def test_a_scan_is_thirteen_register_operations_and_reads_every_hole():
    import random

    mux, scan = board()
    assert type(scan).__name__ == "RegisterScanner"
    assert mux.channel() == 0  # the select lines start low
    rng = random.Random(5) if hasattr(random, "Random") else None
    out = bytearray(49)
    for n in range(20):
        for h in range(49):
            mux.pegs[h] = (rng.getrandbits(1) if rng else random.getrandbits(1)) if n else 1
        mux.reads = mux.writes = 0
        scan.scan(out)
        assert list(out) == [3 if p else 0 for p in mux.pegs]
        assert (mux.reads, mux.writes) == (7, 6)  # the hardware's limit, less the first state
        assert mux.channel() == scan.ch  # the scan ends where the select lines point


def test_the_sensor_map_is_followed():
    wiring = list(range(49))
    wiring[5], wiring[40] = wiring[40], wiring[5]  # two sensors wired the other way round
    mux, scan = board(wiring)
    mux.pegs[40] = 1
    out = bytearray(49)
    scan.scan(out)
    assert [h for h in range(49) if out[h]] == [40]
    assert scan.raw[40] == 0 and scan.raw[5] == 1  # levels, for the sensors command


def test_the_fake_refuses_any_other_register():
    mux, scan = board()
    raises(AssertionError, lambda: mux[0xD0000010])
    raises(AssertionError, lambda: mux.__setitem__(0xD0000014, 1))
