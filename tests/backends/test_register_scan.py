# The front ends through the RP2040's SIO registers: the digital one
# (fireboard.sense_digital_sio.RegisterScanner) on a fake machine.mem32 that is
# the board's seven island muxes: it counts every register operation, knows
# only the two registers the scan may use, and answers GPIO_IN from the pegs
# and the select lines as the wiring makes them; the colour one
# (fireboard.sense_colour_scan, set by fireboard.sense_colour.registers)
# moving its S and T lines with GPIO_OUT_XOR writes, on a fake ADC that
# reads the hole they select.
# Both interpreters.
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
    """A backend with gpio_registers(), as fireboard.hw_rp2."""

    def __init__(self, mux):
        self.mux = mux

    def output(self, gpio):
        return Pin(self.mux, gpio)

    def input(self, gpio):
        return Pin(self.mux, gpio)

    def gpio_registers(self):
        return self.mux


def board(sensor_map=None):
    from fireboard.config_defaults import DEFAULTS
    from fireboard.sense_digital import scanner
    from fireboard.sense_mux import slot_table

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


ISLAND_SELECT = [13, 14, 15]  # the colour board's T lines (hardware/pinmap.json)


class AnalogMuxes:
    """GPIO_OUT_XOR (out_xor: no machine.mem32 subscript, which the scan no
    longer makes) and the ADC of a colour board: the ADC reads the hole
    that the S lines (channel) and T lines (island) select, 20000 empty,
    20000 +- 8000 with a Fire or Ice peg; writes counts the stores."""

    def __init__(self, slot):
        from array import array

        self.slot = slot
        self.pegs = bytearray(49)
        self.out = 0
        self.writes = self.reads = 0
        # GPIO_OUT_XOR as the scan stores into it (a viper pointer on a
        # Pico): the mask stored, applied when the ADC next reads
        self.out_xor = array("I", [0])
        self.noise = bytes(49)

    def reading(self):
        # the 12 bits the ADC converts, as read_u16 of MicroPython's rp2
        # port scales them to 16 (r << 4 | r >> 8); a hole's own offset
        # (noise) on top of its peg's
        if self.out_xor[0]:
            self.writes += 1
            self.out ^= self.out_xor[0]
            self.out_xor[0] = 0
        c = self.lines(SELECT)
        i = self.lines(ISLAND_SELECT)
        assert c < 7 and i < 7, "the muxes select no hole"
        h = self.slot[7 * i + c]
        p = self.pegs[h]
        return (20000 + (8000 if p == 1 else -8000 if p == 2 else 0)) // 16 + self.noise[h]

    def lines(self, gpios):
        return sum(((self.out >> g) & 1) << k for k, g in enumerate(gpios))

    def read_u16(self):
        self.reads += 1
        r = self.reading()
        return r << 4 | r >> 8


class AdcRegisters:
    """The ADC's CS and RESULT, CS's set alias and TIMERAWL of a colour
    board (adc_words), as the scan reaches them through viper pointers,
    and what the hardware does beside them (adc_sim: convert, elapse):
    counts the conversions started (each checked: START_ONCE through the
    set alias, the ADC on, input 0) and the settles."""

    def __init__(self, mux):
        from array import array

        self.mux = mux
        self.cs = array("I", [0x101 | 0x3000])  # on, ready, AINSEL 3 (made right by the scan)
        self.cs.append(0)  # RESULT
        self.adc_words = (self.cs, array("I", [0]), array("I", [7]))
        self.adc_sim = self
        self.out_xor = mux.out_xor
        self.conversions = self.settles = 0

    def convert(self):
        cs, cs_set, _ = self.adc_words
        assert cs_set[0] == 0x4 and cs[0] & 0x7001 == 0x0001, (cs_set[0], cs[0])
        cs_set[0] = 0
        self.conversions += 1
        cs[1] = self.mux.reading()
        cs[0] |= 0x100

    def elapse(self, us):
        self.adc_words[2][0] += us + 1
        self.settles += 1


def colour_board(sensor_map=None, adc_registers=False):
    from fireboard.config_defaults import DEFAULTS
    from fireboard import sense_colour as colour
    from fireboard.sense_mux import slot_table

    mux = AnalogMuxes(slot_table(sensor_map))
    regs = AdcRegisters(mux) if adc_registers else mux

    class Hw:
        def output(self, gpio):
            return Pin(mux, gpio)

        def adc(self, gpio):
            return mux

        def gpio_registers(self):
            return regs

        settle_us = None

    cfg = dict(DEFAULTS)
    cfg["sensor_map"] = sensor_map
    scan = colour.scanner(Hw(), cfg)
    for h in range(49):
        scan.base[h] = 20000
    if adc_registers:
        mux.regs = regs
    return mux, scan


def test_the_colour_scan_moves_its_lines_with_one_register_write_a_sample():
    import random

    wiring = list(range(49))
    wiring[3], wiring[30] = wiring[30], wiring[3]
    mux, scan = colour_board(wiring)
    assert scan.regs == 1
    rng = random.Random(9) if hasattr(random, "Random") else None
    out = bytearray(49)
    for _ in range(12):
        for h in range(49):
            mux.pegs[h] = (rng.getrandbits(2) if rng else random.getrandbits(2)) % 3
        mux.writes = mux.reads = 0
        scan.scan(out)
        assert list(out) == list(mux.pegs)  # every hole, Fire and Ice told apart
        assert mux.reads == 49
        # 6 channel steps in each of 7 islands, and 6 island steps (each
        # with no channel step: the next island starts where the last ended)
        assert mux.writes == 48
        assert (mux.lines(SELECT), mux.lines(ISLAND_SELECT)) == (scan.ch, scan.island)


def test_the_colour_scan_waits_once_for_each_move_of_its_lines():
    # 48 waits of 12 us a scan: none before the first sample, whose hole
    # is the one the last scan ended on (the lines have not moved), and
    # each after the write that moves the lines, before the read
    mux, scan = colour_board()
    log = []

    def settle(us):
        # (a store waiting in out_xor counts as written: the lines move at once)
        log.append((us, mux.writes + (1 if mux.out_xor[0] else 0), mux.reads))

    scan.settle_us = settle
    out = bytearray(49)
    for _ in range(3):
        del log[:]
        mux.writes = mux.reads = 0
        scan.scan(out)
        assert len(log) == 48
        assert [w[0] for w in log] == [12] * 48
        assert [(w[1], w[2]) for w in log] == [(k + 1, k + 1) for k in range(48)]


def test_the_colour_scan_reads_the_adc_and_waits_through_registers():
    # per sample one conversion started through CS's set alias and waited
    # for, per move of the lines one wait on TIMERAWL: no read_u16, no
    # settle_us, and every hole told as the pins' path tells it
    import random

    wiring = list(range(49))
    wiring[3], wiring[30] = wiring[30], wiring[3]
    mux, scan = colour_board(wiring, adc_registers=True)
    regs = mux.regs
    assert (scan.regs, scan.aregs) == (1, 1)
    # AINSEL (input 3 as the board left it) is chosen by each scan, below
    assert regs.cs[0] & 0x7101 == 0x3101
    scan.settle_us = lambda us: 1 / 0  # (not called)
    rng = random.Random(4) if hasattr(random, "Random") else None
    out = bytearray(49)
    for _ in range(8):
        for h in range(49):
            mux.pegs[h] = (rng.getrandbits(2) if rng else random.getrandbits(2)) % 3
        mux.writes = mux.reads = regs.conversions = regs.settles = 0
        t0 = regs.adc_words[2][0]
        # another input chosen between two scans (a read_u16 of another
        # ADC object): the scan chooses its own again (each conversion
        # checks it), the ADC left on
        regs.cs[0] = regs.cs[0] & 0xFFFF8FFF | 0x2000
        scan.scan(out)
        assert regs.cs[0] & 0x7101 == 0x0101
        assert list(out) == list(mux.pegs)
        assert mux.reads == 0
        assert (regs.conversions, regs.settles, mux.writes) == (49, 48, 48)
        assert regs.adc_words[2][0] - t0 == 48 * 13  # each wait 12 us at least
        assert (mux.lines(SELECT), mux.lines(ISLAND_SELECT)) == (scan.ch, scan.island)


def test_the_register_readings_are_read_u16s():
    # the same sensors, read through the registers and through read_u16:
    # the same raw readings (read_u16's scale kept), so the thresholds and
    # the baselines stand
    import random

    pins_mux, pins_scan = colour_board()
    reg_mux, reg_scan = colour_board(adc_registers=True)
    assert (pins_scan.aregs, reg_scan.aregs) == (0, 1)
    rng = random.Random(11) if hasattr(random, "Random") else None
    out = bytearray(49)
    for _ in range(5):
        noise = bytes((rng.getrandbits(4) if rng else random.getrandbits(4)) for _ in range(49))
        pegs = bytes((rng.getrandbits(2) if rng else random.getrandbits(2)) % 3 for _ in range(49))
        for mux in (pins_mux, reg_mux):
            mux.noise = noise
            mux.pegs[:] = pegs
        pins_scan.scan(out)
        first = bytes(out)
        reg_scan.scan(out)
        assert bytes(out) == first == pegs
        assert list(reg_scan.raw) == list(pins_scan.raw)
    # the top of the scale too: 4095 reads 65535, as read_u16 gives it
    reg_mux.noise = [4095 - 28000 // 16] * 49
    reg_mux.pegs[:] = bytes([1] * 49)
    pins_mux.noise = reg_mux.noise
    pins_mux.pegs[:] = reg_mux.pegs
    reg_scan.scan(out)
    pins_scan.scan(out)
    assert list(reg_scan.raw) == list(pins_scan.raw) == [65535] * 49


def test_a_stand_in_without_its_hardware_keeps_read_u16():
    # words for the ADC but nothing acting as its hardware: the scan would
    # wait for READY for ever; it keeps read_u16 and settle_us instead
    mux, scan = colour_board(adc_registers=True)
    from fireboard.config_defaults import DEFAULTS
    from fireboard import sense_colour as colour

    class Regs:
        out_xor = mux.out_xor
        adc_words = mux.regs.adc_words
        adc_sim = None

    class Hw:
        def output(self, gpio):
            return Pin(mux, gpio)

        def adc(self, gpio):
            return mux

        def gpio_registers(self):
            return Regs()

        settle_us = None

    scan = colour.scanner(Hw(), dict(DEFAULTS))
    assert (scan.regs, scan.aregs) == (1, 0)
