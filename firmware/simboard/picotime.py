# Pico time on the virtual board (`fireice sim --pico-time`, simboard.board):
# what a pass of the main loop would take on a Pico. Loaded only then.
#
# The firmware's own work is timed here and multiplied by the Pico factor
# (fireice.pico.SLOWDOWN). The virtual board's hardware is not the Pico's:
# a pin read here is a Python method that looks up the hole and its peg,
# where on a Pico it is a call into C. So the time this interpreter spends
# in the virtual hardware is measured once (calibrate) and taken off each
# pass, and each hardware operation is charged instead what it costs on a
# Pico, in microseconds (estimates, each from the RP2040's figures):
#
#   PIN_US  a machine.Pin value() call from native code: the method lookup
#           and call through MicroPython's C API, a few hundred cycles at
#           125 MHz (about 3 us; a Python loop that only toggles a pin runs
#           at roughly 100-200 kHz on a Pico, loop included)
#   MEM_US  a machine.mem32 read or write from native code: a subscript on a
#           C object, about half a pin call
#   ADC_US  an ADC read_u16(): the call, and one conversion of 96 ADC clocks
#           at 48 MHz (2 us, RP2040 datasheet 4.9)
#   CALL_US the call of time.sleep_us (the colour front end's settle), the
#           wait itself aside: a call into C, as a pin call
#   CONV_US one conversion started through the ADC's registers and waited
#           for (the colour scan at Pico time): the conversion alone, 96 ADC
#           clocks at 48 MHz; the loads and stores through viper pointers
#           are an instruction each, a few cycles on the bus: counted
#           (REG_OPS), charged nothing beside the firmware's own time
#
# At Pico time the colour scan reads the ADC and waits out its settle
# through the registers, as on a Pico (fireboard.sense_colour.adc_registers
# sets them up): ADC CS and RESULT, CS's set alias and
# TIMERAWL are words here (_adc, _aset, _clk) and Adc acts as the hardware
# beside them (convert, elapse: viper, through pointers), so that the
# virtual hardware's own time, and what calibration misses of it, stays
# small beside the firmware's. A settle through TIMERAWL is charged its
# us and one (the scan waits for the counter to move on 13: 12 to 13 us on
# a Pico). The pin path (read_u16, settle) is modelled too, for boards
# that keep it.
#
# This machine is shared: time the process spends waiting for a CPU while
# others run (the kernel's run delay, /proc/thread-self/schedstat) is not
# the firmware's, and is taken off too (waited_ns). Other time the host
# takes (the hypervisor's, interrupts) is not seen here: bench_latency
# runs its input five times and takes each action's median.
#
# The garbage collector is C code, not the interpreter's: a collection
# that runs in a pass (MicroPython collects when an allocation finds the
# heap full) is charged at fireice.pico.C_SLOWDOWN instead. It is seen by
# freed() growing by more than GC_SEEN bytes (the bytes the collector has
# freed, not the firmware: a block given back smaller by realloc can move
# it by a few bytes; a collection MicroPython runs because the heap is
# full finds kilobytes), and timed by one more gc.collect() at once, outside the pass's clock, on
# the same heap (collect_ns: the live objects it marks and the blocks it
# sweeps are those of the collection just run, less the garbage that one
# freed, so the time is if anything short, and the rest of the pass's time
# stays at the Python factor). Two collections in one pass are charged as
# one at the C factor, the other at the Python one.
#
# A settle_us(us) wait costs its us as they are (a busy wait at the wire's
# speed), as an LED frame costs its wire time (simboard.board._WIRE_US).
from array import array
from time import ticks_diff, ticks_us
import gc

import micropython
from micropython import const

PIN_US = 3
GC_SEEN = 2048
MEM_US = 2
ADC_US = 5
CALL_US = 3
CONV_US = 2

# the RP2040's SIO registers, as fireboard.sense_digital_sio uses them
_GPIO_IN = const(0xD0000004)
_GPIO_OUT_XOR = const(0xD000001C)

# The colour front end's ADC and settle at Pico time (Adc, settle), in
# words viper reaches through pointers: the virtual hardware's own time is
# taken off each pass by calibration, and what calibration misses is
# charged to the firmware at the Pico factor; a read_u16 that looked up
# six attributes took about 480 ns here, ten times a bare call, and 49 of
# them a scan left a colour pass's estimate off by ms from run to run. Here
# a read costs about a call.
_xor = array("I", bytes(4))  # GPIO_OUT_XOR, stored into (Mem32.out_xor)
# ADC reads, the select word (the S and T lines' bits of GPIO_OUT), settle
# calls, us settled, stores applied, the S lines' GPIOs, the T lines'
# (and 1 once latch has fixed the readings: before, the holes are read),
# conversions through the registers, register operations through pointers
# (REG_OPS), settles on TIMERAWL, and the CS bits a conversion needs (the
# board's ADC input in AINSEL, EN)
_st = array("i", bytes(4 * 16))
# the ADC's CS and RESULT, CS's set alias, TIMERAWL (as the colour scan
# reaches them through pointers on a Pico; Adc.convert and elapse act)
_adc = array("I", bytes(8))
_aset = array("I", bytes(4))
_clk = array("I", bytes(4))
_EN = const(0x1)
_START_ONCE = const(0x4)
_READY = const(0x100)
_AINSEL = const(0x7000)
# register operations through pointers: a conversion's start (a store), its
# READY read and its RESULT read; a settle's two TIMERAWL reads (its first,
# and a poll that finds 13 us gone: here at once, on a Pico after more)
_CONV_OPS = const(3)
_SETTLE_OPS = const(2)
_lat = array("H", bytes(2 * 64))  # the ADC's readings by T * 8 + S (latch)


class Mem32:
    """machine.mem32 of the virtual board: the SIO registers a Pico's digital
    front end reads the muxes through (fireboard.sense_digital_sio
    .RegisterScanner): GPIO_IN (the island outputs and the buttons) and
    GPIO_OUT_XOR (the select lines, S and T). Counts its operations in ops,
    the writes of them also in writes. The colour front end stores into
    GPIO_OUT_XOR through a viper pointer instead (fireboard.sense_colour):
    here into out_xor, a word the virtual ADC applies before it reads
    (stored; counted in stores); and reads the ADC and TIMERAWL so
    (adc_words, with adc_sim the Adc that acts as their hardware: set by
    the board where the colour front end runs)."""

    def __init__(self, hw):
        self.hw = hw
        self.ops = self.writes = 0
        self.out_xor = _xor  # GPIO_OUT_XOR, stored into (Adc applies it)
        self.adc_words = (_adc, _aset, _clk)  # ADC CS and RESULT, CS's set alias, TIMERAWL
        self.adc_sim = None
        self.stores = 0
        self.flip = 0  # what calibrate writes
        self.buf = bytearray(3 * 51)  # the LED driver's buffer (grb)
        self.words = array("I", bytes(4 * 8))  # GPIO_IN by select state (latch)
        pins = hw.cfg["pins"]
        self.sel = bytes(pins["mux_select"])
        self.isel = bytes(pins["analog_island_select"])
        self.outs = bytes(pins["digital_mux_out"])
        self.buttons = bytes((pins["button_undo"], pins["button_new"]))
        for k in range(5):  # (the module's words: a board's own from its start)
            _st[k] = 0
        for k in range(11, 15):
            _st[k] = 0
        _xor[0] = 0
        _aset[0] = _clk[0] = 0
        # the ADC as machine.ADC leaves it: on, ready, the board's input
        # chosen (the scan sets AINSEL to it again)
        ch = pins["adc"] - 26
        _adc[0] = _EN | _READY | ch << 12
        _st[15] = _EN | ch << 12
        for k in range(3):
            _st[5 + k] = self.sel[k]
            _st[8 + k] = self.isel[k]

    def latch(self):
        """What GPIO_IN reads for each select state, now, and what the ADC
        reads for each state of the S and T lines (hw.latched): done before
        a pass, outside its time, so that a read here costs about what it
        costs on a Pico (the sensors read the same all through a pass)."""
        hw = self.hw
        if hw.cfg["front"] == "colour":
            lat = _lat
            hw.latched = None  # (read afresh)
            # the lines as the stores left them (Adc: the select word)
            w = _st[1]
            sel = (w >> _st[5] & 1) | (w >> _st[6] & 1) << 1 | (w >> _st[7] & 1) << 2
            isel = (w >> _st[8] & 1) | (w >> _st[9] & 1) << 1 | (w >> _st[10] & 1) << 2
            for t in range(8):
                hw.isel = t
                for c in range(8):
                    hw.sel = c
                    lat[8 * t + c] = hw.read_u16()
            hw.sel = sel
            hw.isel = isel
            hw.pin_ops -= 64
            hw.adc_reads -= 64
            hw.latched = lat
            _st[11] = 1
        on = 0 if hw.cfg["active_low"] else 1
        up = 0
        for g in self.buttons:
            if not hw.pressed[g]:
                up |= 1 << g  # (pulled up)
        for c in range(8):
            word = up
            for i in range(7):
                h = hw.slot[7 * i + c] if c < 7 else 255
                v = on if h != 255 and hw.reading(h, True) else 1 - on
                word |= v << self.outs[i]
            for k in range(3):
                if c >> k & 1:
                    word |= 1 << self.sel[k]
            self.words[c] = word

    def __getitem__(self, addr):
        self.ops += 1
        if addr != _GPIO_IN:
            raise ValueError("no register at 0x%x on the virtual board" % addr)
        return self.words[self.hw.sel]

    @micropython.native
    def stored(self):
        # what the colour scan stored into GPIO_OUT_XOR (out_xor), applied
        # (by the virtual ADC, before it reads); the lines as __setitem__
        # flips them (each its own code: one call, no more, in either)
        v = self.out_xor[0]
        self.out_xor[0] = 0
        self.stores += 1
        s = self.sel
        t = self.isel
        hw = self.hw
        hw.sel ^= (v >> s[0] & 1) | (v >> s[1] & 1) << 1 | (v >> s[2] & 1) << 2
        hw.isel ^= (v >> t[0] & 1) | (v >> t[1] & 1) << 1 | (v >> t[2] & 1) << 2

    @micropython.native
    def __setitem__(self, addr, v):
        self.ops += 1
        self.writes += 1
        if addr != _GPIO_OUT_XOR:
            raise ValueError("no register at 0x%x on the virtual board" % addr)
        s = self.sel
        t = self.isel
        hw = self.hw
        hw.sel ^= (v >> s[0] & 1) | (v >> s[1] & 1) << 1 | (v >> s[2] & 1) << 2
        hw.isel ^= (v >> t[0] & 1) | (v >> t[1] & 1) << 1 | (v >> t[2] & 1) << 2


@micropython.viper
def grb(rgb, mem):
    """What a Pico's backend does with a frame before it goes on the wire
    (fireboard.hw_rp2.Strip.write, the same code): copied into the
    driver's buffer as G, R, B. Its time counts as the firmware's."""
    n3 = int(len(mem.buf))
    if int(len(rgb)) != n3:
        raise ValueError("a frame is 3 bytes per LED")
    buf = ptr8(mem.buf)  # noqa: F821 (viper's own: this module runs on MicroPython only)
    src = ptr8(rgb)  # noqa: F821
    for k in range(0, n3, 3):
        buf[k] = src[k + 1]
        buf[k + 1] = src[k]
        buf[k + 2] = src[k + 2]


class Adc:
    """The colour front end's ADC at Pico time (hw.adc gives it): applies
    the word stored into GPIO_OUT_XOR since the last read to the select
    word, and reads the virtual sensors as Mem32.latch fixed them for the
    pass, counting both in _st. mem32: the Mem32 (calibrate's)."""

    def __init__(self, mem):
        self.mem32 = mem

    def _read(self):
        # before the first pass (the firmware's start): the holes themselves
        w = _st[1]
        hw = self.mem32.hw
        hw.sel = (w >> _st[5] & 1) | (w >> _st[6] & 1) << 1 | (w >> _st[7] & 1) << 2
        hw.isel = (w >> _st[8] & 1) | (w >> _st[9] & 1) << 1 | (w >> _st[10] & 1) << 2
        return hw.read_u16()

    @micropython.viper
    def _sample(self, count: int) -> int:
        # the select word as the scan stored it since the last sample
        # applied (its store counted, with count), then what the sensors
        # read there (16 bits): the holes themselves before the first pass
        st = ptr32(_st)  # noqa: F821
        x = ptr32(_xor)  # noqa: F821
        v = x[0]
        if v:
            x[0] = 0
            st[1] = st[1] ^ v
            if count:
                st[4] = st[4] + 1
        if not st[11]:
            return int(self._read())
        w = st[1]
        i = (w >> st[5] & 1) | (w >> st[6] & 1) << 1 | (w >> st[7] & 1) << 2
        i |= (w >> st[8] & 1) << 3 | (w >> st[9] & 1) << 4 | (w >> st[10] & 1) << 5
        return int(ptr16(_lat)[i])  # noqa: F821

    @micropython.viper
    def read_u16(self) -> int:
        st = ptr32(_st)  # noqa: F821
        on = st[11]  # (from the first pass: counted)
        if on:
            st[0] = st[0] + 1
        return int(self._sample(on))

    @micropython.viper
    def convert(self):
        """A conversion started through CS's set alias (the scan's store of
        START_ONCE, checked and cleared, with the board's input in AINSEL
        and the ADC on): the select lines as stored applied, RESULT set to
        the 12 bits of what the sensors read, READY set; counted."""
        st = ptr32(_st)  # noqa: F821
        a = ptr32(_aset)  # noqa: F821
        cs = ptr32(_adc)  # noqa: F821
        if a[0] != _START_ONCE or (cs[0] & (_AINSEL | _EN)) != st[15]:
            raise ValueError("no conversion started on the board's ADC input")
        a[0] = 0
        st[12] = st[12] + 1
        st[13] = st[13] + _CONV_OPS
        cs[1] = int(self._sample(1)) >> 4
        cs[0] = cs[0] | _READY

    @micropython.viper
    def elapse(self, us: int):
        """A settle on TIMERAWL begins: the counter moves on by us and one
        (what the scan's wait needs), its us counted as settled."""
        st = ptr32(_st)  # noqa: F821
        c = ptr32(_clk)  # noqa: F821
        c[0] = c[0] + us + 1
        st[3] = st[3] + us + 1
        st[13] = st[13] + _SETTLE_OPS
        st[14] = st[14] + 1


@micropython.viper
def settle(us: int):
    """hw.settle_us at Pico time: counted (no RC at the virtual ADC's input)."""
    st = ptr32(_st)  # noqa: F821
    st[2] = st[2] + 1
    st[3] = st[3] + us


_stat = None
_buf = bytearray(80)
text = bytearray(51 * 17 + 4)  # an LED frame's text (frame_text)


@micropython.native
def frame_text(out, rgb):
    """The rgb part of a leds event, "[r, g, b], ... ]}" and the line's
    end, written into out without allocating; returns its length."""
    n = 0
    for k in range(153):
        if k % 3 == 0:
            out[n] = 91  # [
            n += 1
        v = rgb[k]
        if v >= 100:
            out[n] = 48 + v // 100
            n += 1
        if v >= 10:
            out[n] = 48 + v // 10 % 10
            n += 1
        out[n] = 48 + v % 10
        n += 1
        if k % 3 == 2:
            out[n] = 93  # ]
            n += 1
        if k < 152:
            out[n] = 44  # ,
            out[n + 1] = 32
            n += 2
    out[n] = 93
    out[n + 1] = 125
    out[n + 2] = 10
    return n + 3


def freed():
    """Bytes freed by the garbage collector so far (and by nothing else):
    the bytes allocated and not freed by hand (micropython.mem_current:
    a collection does not lower it) less the heap in use. A collection
    raises it by the garbage it found; an allocation lowers it by the
    rounding to a whole heap block. 0 where the port keeps no such count."""
    return _current() - gc.mem_alloc() if _current else 0


_current = getattr(micropython, "mem_current", None)


def collect_ns():
    """(ns of one gc.collect() now, the run delay taken off, the ns it took
    in all): the time of the collection a pass just ran, measured on the
    same heap."""
    w0 = waited_ns()
    t0 = ticks_us()
    gc.collect()
    ns = 1000 * ticks_diff(ticks_us(), t0)
    return max(0, ns - (waited_ns() - w0)), ns


def waited_ns():
    """ns this thread has waited to run since it began (Linux's run delay:
    the second figure of /proc/thread-self/schedstat), or 0 where there is
    none."""
    global _stat
    if _stat is None:
        try:
            _stat = open("/proc/thread-self/schedstat", "rb")
        except OSError:
            _stat = False
    if not _stat:
        return 0
    _stat.seek(0)
    n = _stat.readinto(_buf)
    return _second(_buf, n)


@micropython.native
def _second(buf, n):
    v = 0
    field = 0
    for k in range(n):
        c = buf[k]
        if c == 32:
            field += 1
            if field > 1:
                break
        elif field == 1:
            v = 10 * v + c - 48
    return v


# Each operation timed as the scanners call it: from machine code (viper), n
# times in a loop, less the same loop empty. (Timed from a Python function
# instead, the call's own variance is larger than the operation.)
@micropython.viper
def _op(kind: int, x, n: int) -> int:
    t = int(ticks_us())
    if kind == 0:
        for _ in range(n):
            x.value()
    elif kind == 1:
        for _ in range(n):
            x[_GPIO_IN]
    elif kind == 2:
        for _ in range(n):
            x.read_u16()
    elif kind == 4:
        v = int(x.flip)  # (an even number of times: the lines as they were)
        for _ in range(n):
            x[_GPIO_OUT_XOR] = v
    elif kind == 5:
        for _ in range(n):
            x(20)
    elif kind == 7:  # a conversion through the registers (its start stored)
        a = ptr32(_aset)  # noqa: F821
        for _ in range(n):
            a[0] = _START_ONCE
            x.convert()
    elif kind == 8:
        for _ in range(n):
            x.elapse(12)
    elif kind == 6:  # a store into out_xor, then the read that applies it
        cell = ptr32(_xor)  # noqa: F821
        v = int(x.mem32.flip)
        for _ in range(n):
            cell[0] = v
            x.read_u16()
    else:
        for _ in range(n):
            pass
    return int(ticks_diff(ticks_us(), t))


def _ns(kind, x, n=400):
    # ns per operation: the least of a few tries, less the least of the
    # empty loop's. (Each the least of its own: a try less its own empty
    # loop is too small when the empty loop is the one the host
    # interrupted, on a loaded machine down to 0, and the operation's time
    # here is then charged to every pass at the Pico factor.)
    best = empty = 1 << 30
    for _ in range(7):
        best = min(best, _op(kind, x, n))
        empty = min(empty, _op(3, None, n))
    return max(0, 1000 * (best - empty) // n)


# the Pico's us per operation, in the order of simboard.picoboard's counts:
# pin calls, register reads, ADC reads, (the settle waits: counted in us),
# register writes, settle_us calls, stores into GPIO_OUT_XOR through a
# pointer (one store instruction: nothing to speak of), conversions through
# the ADC's registers, settles on TIMERAWL (their us counted with the
# others), and register operations through pointers (REG_OPS)
UNIT_US = array("i", (PIN_US, MEM_US, ADC_US, 0, MEM_US, CALL_US, 0, CONV_US, 0, 0))
REG_OPS = 9  # (that last count's index)
NCOUNTS = 10


def calibrate(hw, mem):
    """This interpreter's ns per operation of the virtual hardware, in the
    order of UNIT_US, the call included (a register write flipping one
    line, as most of a scan's do)."""
    pins = hw.cfg["pins"]
    ops = hw.pin_ops
    settled = hw.settled_us
    mem.latch()
    mem.flip = 1 << mem.sel[0]
    got = array("i", bytes(4 * NCOUNTS))
    kinds = [
        (0, hw.input(pins["digital_mux_out"][0])),
        (1, mem),
        (2, hw.adc(pins["adc"])),
        (4, mem),
        (5, hw.settle_us),
        (6, hw.adc(pins["adc"])),
    ]
    if mem.adc_sim is not None:
        kinds += [(7, mem.adc_sim), (8, mem.adc_sim)]
    for kind, x in kinds:
        got[kind] = _ns(kind, x)
    # a store's cost here is what its read costs more than a read alone
    got[6] = max(0, got[6] - got[2])
    hw.pin_ops = ops
    mem.ops = mem.writes = mem.stores = 0
    hw.adc_reads = 0
    hw.settled_us = settled
    hw.settles = 0
    for k in (0, 2, 3, 4, 12, 13, 14):
        _st[k] = 0
    _clk[0] = 0
    return got
