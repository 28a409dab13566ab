# Fakes of the board modules the hardware backends import, and the helpers the
# backend tests share on CPython (pytest) and MicroPython (tests/mprun.py).
#
# A fake "module" is any object put in sys.modules for the time of one
# import: both interpreters take a module from sys.modules before looking for
# it anywhere else, built-in modules included. The fakes record what the
# backend asks of them, and behave like the real ones where a backend could
# get it wrong (a pin used twice, a value written to an input, a pad without
# an ADC).
import sys

# the helpers shared by every both-interpreter test (tests/core/support.py)
from support import MICROPYTHON, raises, skip  # noqa: F401 (re-exported)


class Namespace:
    """A stand-in module: attributes only."""

    def __init__(self, **attrs):
        for k in attrs:
            setattr(self, k, attrs[k])


def load(name, fakes, fresh=()):
    """Import module `name` anew while each fakes[k] stands in sys.modules for
    module k, and the modules named in `fresh` are imported anew too. Then
    sys.modules is put back as it was; the module keeps what it imported."""
    touched = [name] + list(fresh) + list(fakes)
    saved = {}
    for k in touched:
        saved[k] = sys.modules.get(k)
    for k in [name] + list(fresh):
        sys.modules.pop(k, None)
    for k in fakes:
        sys.modules[k] = fakes[k]
    try:
        __import__(name)
        return sys.modules[name]
    finally:
        for k in touched:
            if saved[k] is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = saved[k]


def micropython_module():
    """The real micropython module, or the firmware's CPython stand-in
    (firmware/cpython/micropython.py)."""
    import micropython

    return micropython


def grb(rgb):
    """What a WS2812B chain must receive for a frame of R, G, B per LED."""
    out = bytearray(len(rgb))
    for k in range(0, len(rgb), 3):
        out[k] = rgb[k + 1]
        out[k + 1] = rgb[k]
        out[k + 2] = rgb[k + 2]
    return bytes(out)


def distinct_frame(n):
    """A frame in which every byte differs from its neighbours in the same
    LED, so that any mix-up of the three channels shows."""
    f = bytearray(3 * n)
    for j in range(n):
        f[3 * j] = (7 * j + 1) & 0xFF  # R
        f[3 * j + 1] = (7 * j + 90) & 0xFF  # G
        f[3 * j + 2] = (7 * j + 180) & 0xFF  # B
    return f


def check_wire(sent, rgb):
    """Fail unless the bytes sent are the frame in GRB order, unchanged."""
    want = grb(rgb)
    sent = bytes(sent)
    if sent != want:
        for k in range(len(want)):
            if k >= len(sent) or sent[k] != want[k]:
                break
        raise AssertionError(
            "wire bytes differ from the frame in GRB order at byte %d (LED %d): sent %r, want %r"
            % (k, k // 3, sent[k - k % 3 : k - k % 3 + 3], want[k - k % 3 : k - k % 3 + 3])
        )


# --- MicroPython on a Pico: machine, neopixel, time -------------------------------


class PicoFakes:
    """Fake machine, neopixel (micropython-lib's, which rp2 freezes) and time
    modules. pins: every machine.Pin made, in order; adcs, strips likewise;
    now: what time.ticks_ms() returns; slept: the time.sleep_us() calls;
    rtc: the RTC's datetime tuple (year, month, day, weekday, hour, minute,
    second, subseconds), 2021-01-01 as a Pico powers up."""

    def __init__(self):
        self.pins = []
        self.adcs = []
        self.strips = []
        self.now = 0
        self.slept = []
        self.rtc = (2021, 1, 1, 4, 0, 0, 0, 0)
        # machine.Timer: every timer made; interrupts off (disable_irq), and
        # how many times they were turned off
        self.timers = []
        self.irq_off = False
        self.irq_offs = 0
        fakes = self

        class Pin:
            IN = 0
            OUT = 1
            OPEN_DRAIN = 2
            PULL_UP = 1
            PULL_DOWN = 2

            def __init__(self, id, mode=-1, pull=-1, *, value=None):
                # rp2: Pin(id) alone leaves the pad as it is; any other
                # argument configures it
                self.id = id
                self.mode = mode
                self.pull = pull
                # a pad with the pull-up and nothing pulling it down reads 1
                self.level = value if value is not None else 1 if pull == Pin.PULL_UP else 0
                self.init_value = value
                self.writes = 0
                fakes.pins.append(self)

            def init(self, mode=-1, pull=-1, *, value=None):
                if mode != -1:
                    self.mode = mode
                if pull != -1:
                    self.pull = pull
                if value is not None:
                    self.level = value

            def value(self, v=None):
                if v is None:
                    return self.level
                if self.mode != Pin.OUT:
                    raise AssertionError("GP%d written while not an output" % self.id)
                self.level = 1 if v else 0
                self.writes += 1

        class ADC:
            def __init__(self, source):
                self.source = source
                self.reading = 0
                fakes.adcs.append(self)

            def read_u16(self):
                x = fakes.mem32.out_xor
                if x[0]:  # the select lines stored since the last read
                    fakes.mem32.flip(x[0])
                    x[0] = 0
                return self.reading

        class NeoPixel:
            # micropython-lib's driver: buf holds G, R, B per LED and write()
            # sends it as it is
            ORDER = (1, 0, 2, 3)

            def __init__(self, pin, n, bpp=3, timing=1):
                self.pin = pin
                self.n = n
                self.bpp = bpp
                self.buf = bytearray(n * bpp)
                self.sent = bytearray(n * bpp)  # buf as the last write() found it
                self.writes = 0
                pin.init(pin.OUT)
                fakes.strips.append(self)

            def write(self):
                # copies without allocating, so it may run under heap_lock()
                buf = self.buf
                sent = self.sent
                for k in range(len(buf)):
                    sent[k] = buf[k]
                self.writes += 1

        def ticks_ms():
            return fakes.now

        def sleep_us(us):
            # the last few waits (a scan makes 49: keep the list short)
            if len(fakes.slept) >= 8:
                fakes.slept.pop(0)
            fakes.slept.append(us)

        class Mem32:
            # the SIO registers the digital front end uses (RP2040
            # datasheet, 2.3.1.7), on the pins above: GPIO_IN gathers every
            # pad's level, GPIO_OUT_XOR flips outputs; any other address fails
            def __init__(self):
                from array import array

                self.reads = self.writes = 0
                # GPIO_OUT_XOR as the colour scan stores into it through a
                # viper pointer (on a Pico, at the register's address): the
                # mask stored, applied when the ADC next reads (as a write)
                self.out_xor = array("I", [0])
                # the ADC's CS and RESULT, CS's set alias and TIMERAWL, as
                # the colour scan reaches them through viper pointers (on a
                # Pico, at their addresses: fireboard.sense_colour); the ADC
                # on (EN) and ready, as machine.ADC leaves it; adc_sim acts
                # as their hardware
                self.adc_words = (array("I", [0x101, 0]), array("I", [0]), array("I", [0]))
                self.adc_sim = AdcRegisters(self)
                self.conversions = self.settles = 0

            def __getitem__(self, addr):
                if addr != 0xD0000004:
                    raise AssertionError("read of register %x" % addr)
                self.reads += 1
                levels = 0
                for p in fakes.pins:
                    levels |= p.level << p.id
                return levels

            def __setitem__(self, addr, mask):
                if addr != 0xD000001C:
                    raise AssertionError("write of register %x" % addr)
                self.flip(mask)

            def flip(self, mask):
                self.writes += 1
                for p in fakes.pins:
                    if mask >> p.id & 1:
                        if p.mode != Pin.OUT:
                            raise AssertionError("GP%d flipped while not an output" % p.id)
                        p.level ^= 1

        class AdcRegisters:
            # what the ADC and the TIMER do beside their words (Mem32):
            # a conversion started (START_ONCE through CS's set alias, on the
            # ADC's input 0: GP26) reads the last ADC made (its reading's 12
            # bits) with the select lines as stored; a settle moves TIMERAWL
            def __init__(self, mem):
                self.mem = mem

            def convert(self):
                cs, cs_set, _ = self.mem.adc_words
                if cs_set[0] != 0x4 or cs[0] & 0x7001 != 0x0001:
                    raise AssertionError("no conversion started on ADC input 0")
                cs_set[0] = 0
                x = self.mem.out_xor
                if x[0]:
                    self.mem.flip(x[0])
                    x[0] = 0
                self.mem.conversions += 1
                cs[1] = fakes.adcs[-1].reading >> 4
                cs[0] |= 0x100

            def elapse(self, us):
                clk = self.mem.adc_words[2]
                clk[0] += us + 1
                self.mem.settles += 1

        class Timer:
            # rp2's machine.Timer: the test fires the callback (fire), as
            # the alarm's interrupt would while the timer runs
            PERIODIC = 1
            ONE_SHOT = 0

            def __init__(self, id=-1, *, mode=1, period=-1, callback=None, hard=False):
                self.id = id
                self.running = False
                self.inits = 0
                fakes.timers.append(self)
                if callback is not None:
                    self.init(mode=mode, period=period, callback=callback, hard=hard)

            def init(self, *, mode=1, period=-1, callback=None, hard=False):
                self.mode = mode
                self.period = period
                self.callback = callback
                self.hard = hard
                self.running = True
                self.inits += 1

            def deinit(self):
                self.running = False

            def fire(self):
                if self.running and not fakes.irq_off:
                    self.callback(self)

        def disable_irq():
            if fakes.irq_off:
                raise AssertionError("interrupts turned off twice")
            fakes.irq_off = True
            fakes.irq_offs += 1
            return 5

        def enable_irq(state):
            if state != 5 or not fakes.irq_off:
                raise AssertionError("enable_irq without its disable_irq")
            fakes.irq_off = False

        class RTC:
            def datetime(self, t=None):
                if t is None:
                    return fakes.rtc
                if len(t) != 8:
                    raise TypeError("an RTC datetime is 8 numbers")
                fakes.rtc = tuple(t)

        def localtime():
            y, mo, d, wd, h, mi, s, _ = fakes.rtc
            return (y, mo, d, h, mi, s, wd, 1)

        self.Pin = Pin
        self.mem32 = Mem32()
        self.Timer = Timer
        self.machine = Namespace(
            Pin=Pin,
            ADC=ADC,
            RTC=RTC,
            mem32=self.mem32,
            Timer=Timer,
            disable_irq=disable_irq,
            enable_irq=enable_irq,
        )
        self.neopixel = Namespace(NeoPixel=NeoPixel)
        self.time = Namespace(ticks_ms=ticks_ms, sleep_us=sleep_us, localtime=localtime)

    def modules(self, real_time=False):
        m = {"machine": self.machine, "neopixel": self.neopixel}
        if not real_time:
            m["time"] = self.time
        if not MICROPYTHON:
            m["micropython"] = micropython_module()
        return m


# --- CircuitPython: digitalio, analogio, board, microcontroller, supervisor, ------
# --- neopixel_write (the Adafruit neopixel and adafruit_pixelbuf are real) -------


class CircuitPythonFakes:
    """The CircuitPython core modules the backend and Adafruit's neopixel
    library use, for an RP2040 board. missing: GPIO numbers the board does
    not offer (a Pico W keeps GPIO23..25 for its radio). ios: every
    DigitalInOut made; analog: every AnalogIn; wire: (pin, bytes, buffer) of
    every neopixel_write() call; raw_ticks: what supervisor.ticks_ms() returns;
    delays: the microcontroller.delay_us() calls; clock: the time
    time.localtime() gives (a 9-tuple as struct_time holds it), 2000-01-01 as
    CircuitPython starts."""

    def __init__(self, missing=()):
        self.ios = []
        self.analog = []
        self.wire = []
        self.delays = []
        self.clock = (2000, 1, 1, 0, 0, 0, 5, 1, -1)
        self.raw_ticks = 0x1FFF0000  # where CircuitPython starts it
        self.claimed = []
        fakes = self

        class McuPin:
            def __init__(self, number):
                self.number = number

            def __repr__(self):
                return "board.GP%d" % self.number

        pins = Namespace()
        gp = Namespace()
        self.gpio = {}
        for n in range(30):
            if n in missing:
                continue
            p = McuPin(n)
            self.gpio[n] = p
            setattr(pins, "GPIO%d" % n, p)
            setattr(gp, "GP%d" % n, p)

        def claim(pin):
            if pin in fakes.claimed:
                raise ValueError("%r in use" % pin)
            fakes.claimed.append(pin)

        class Direction:
            INPUT = "Direction.INPUT"
            OUTPUT = "Direction.OUTPUT"

        class Pull:
            UP = "Pull.UP"
            DOWN = "Pull.DOWN"

        class DriveMode:
            PUSH_PULL = "DriveMode.PUSH_PULL"
            OPEN_DRAIN = "DriveMode.OPEN_DRAIN"

        class DigitalInOut:
            # starts as an input without pull, as the real one does
            def __init__(self, pin):
                claim(pin)
                self.pin = pin
                self._direction = Direction.INPUT
                self._pull = None
                self.drive_mode = None
                self.level = False  # what an input reads / an output drives
                self.writes = 0
                fakes.ios.append(self)

            def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
                self._direction = Direction.OUTPUT
                self._pull = None
                self.drive_mode = drive_mode
                self.level = bool(value)

            def switch_to_input(self, pull=None):
                self._direction = Direction.INPUT
                self._pull = pull
                self.drive_mode = None
                self.level = pull == Pull.UP  # an open input with a pull-up reads high

            @property
            def direction(self):
                return self._direction

            @direction.setter
            def direction(self, d):
                if d == Direction.OUTPUT:
                    self.switch_to_output()
                else:
                    self.switch_to_input()

            @property
            def pull(self):
                if self._direction == Direction.OUTPUT:
                    raise AttributeError("Pull not used when direction is output.")
                return self._pull

            @property
            def value(self):
                return self.level

            @value.setter
            def value(self, v):
                if self._direction == Direction.INPUT:
                    raise AttributeError("Cannot set value when direction is input.")
                self.level = bool(v)
                self.writes += 1

        class AnalogIn:
            def __init__(self, pin):
                if not 26 <= pin.number <= 29:
                    raise ValueError("Invalid pin")
                claim(pin)
                self.pin = pin
                self.value = 32768
                fakes.analog.append(self)

        def neopixel_write(pin, buf):
            fakes.wire.append((pin, bytes(buf), buf))

        def ticks_ms():
            return fakes.raw_ticks

        def delay_us(us):
            fakes.delays.append(us)

        self.Direction = Direction
        self.Pull = Pull
        self.DriveMode = DriveMode
        self.digitalio = Namespace(
            DigitalInOut=DigitalInOut, Direction=Direction, Pull=Pull, DriveMode=DriveMode
        )
        self.analogio = Namespace(AnalogIn=AnalogIn)
        self.microcontroller = Namespace(Pin=McuPin, pin=pins, delay_us=delay_us)
        self.board = gp  # a Pico's board module: GP0.. GP29, no NEOPIXEL
        self.supervisor = Namespace(ticks_ms=ticks_ms)

        def struct_time(t):
            if len(t) != 9:
                raise TypeError("a struct_time is 9 numbers")
            return tuple(t)

        class RTC:
            # rtc.RTC().datetime: a property, set with a struct_time
            @property
            def datetime(self):
                return fakes.clock

            @datetime.setter
            def datetime(self, t):
                fakes.clock = t

        self.rtc = Namespace(RTC=RTC)
        self.time = Namespace(localtime=lambda: fakes.clock, struct_time=struct_time)
        self.neopixel_write = Namespace(neopixel_write=neopixel_write)

    def modules(self):
        m = {
            "digitalio": self.digitalio,
            "analogio": self.analogio,
            "board": self.board,
            "microcontroller": self.microcontroller,
            "supervisor": self.supervisor,
            "neopixel_write": self.neopixel_write,
            "rtc": self.rtc,
            "time": self.time,
        }
        if not MICROPYTHON:
            m["micropython"] = micropython_module()
        return m
