# The virtual board's hardware (MicroPython unix port): pins, ADC and LED
# strip behind the interface every backend gives the firmware (as
# fireboard.hw_rp2 on a Pico), the sensors reading what the host says
# stands in each hole. Driven by simboard.board (headless) or
# simboard.device (`fireice sim --pty`).
import micropython

from array import array

# ADC model of the colour front end (16-bit readings, DRV5053EA on 3.3 V):
# an empty hole reads about 1.0 V, a magnet moves it by about 0.7 V, up for
# Fire (north pole up), down for Ice.
_MID = 19900
_SWING = 14000


class Hardware:
    """Pins, ADC and LED strip of the virtual board, behind the interface
    every backend gives the firmware (output, input, adc, strip)."""

    def __init__(self, cfg, seed):
        self.cfg = cfg
        self.holes = bytearray(49)  # what the host says stands there
        self.sel = 0  # island mux channel (S lines)
        self.isel = 0  # top mux channel (T lines)
        self.pressed = bytearray(32)  # by GPIO
        self.pin_ops = 0
        self.adc_reads = 0  # (of the pin_ops)
        self.settled_us = 0  # asked of settle_us, in all
        self.settles = 0  # settle_us calls
        self.mem32 = None  # with Pico time: simboard.picotime.Mem32
        self.latched = None  # with Pico time: the ADC's readings by T*8+S (Mem32.latch)
        self.now = 0
        self.on_frame = None
        self.on_aside = None  # simboard.board's Pico time (aside)
        # the wall clock, a board's RTC: unknown until the clock command sets
        # it, then (day number, ms of that day at virtual time 0), running
        # with virtual time (fireboard.clock has the calendar)
        self.wall = None
        self.slot = bytes(cfg["sensor_map"] or range(49))
        # each sensor's empty reading differs a little, as real ones do
        self.base = array("H", range(49))
        x = seed * 7919 + 17
        for h in range(49):
            x = (x * 75 + 74) % 65537
            self.base[h] = _MID - 900 + x % 1800

    def aside(self, fn, arg):
        """Work a Pico runs beside its loop (the engine, on its second core:
        fireboard.track_think), run here within the pass, so that the
        same inputs give the same moves: (fn(arg), the virtual ms it
        takes; 0 unless the board keeps Pico time)."""
        if self.on_aside is None:
            return fn(arg), 0
        return self.on_aside(fn, arg)

    def output(self, gpio):
        return Pin(self, gpio)

    input = output

    def adc(self, gpio):
        return self

    def gpio_registers(self):
        """machine.mem32, as a Pico's backend has it (fireboard.hw_rp2):
        only with Pico time (simboard.board), when the virtual board runs
        what a Pico runs; else None and the front end uses pin objects."""
        return self.mem32

    @micropython.native
    def read_u16(self):  # the ADC
        self.pin_ops += 1
        self.adc_reads += 1
        m = self.mem32
        if m is not None and m.out_xor[0]:  # the select lines stored since
            m.stored()
        lat = self.latched
        if lat is not None:
            return lat[(int(self.isel) << 3) | int(self.sel)]
        h = self.hole()
        return _MID if h == 255 else min(65535, max(0, self.reading(h, False)))

    @micropython.native
    def settle_us(self, us):
        self.settled_us += us  # no RC at the virtual ADC input: only counted
        self.settles += 1

    def strip(self, gpio, n):
        return self

    def clock(self):
        w = self.wall
        if w is None:
            return None
        from fireboard.mem import run

        return run("clock", w[0], w[1] + self.now)

    def set_clock(self, y, mo, d, h, mi, s, wd):
        from fireboard.clock import day_number

        self.wall = (day_number(y, mo, d), 1000 * (3600 * h + 60 * mi + s) - self.now)

    def write(self, rgb):  # the LED strip
        if self.on_frame is not None:
            self.on_frame(rgb)

    @micropython.native
    def hole(self):
        """The hole the muxes select now, or 255."""
        c = int(self.sel)
        i = int(self.isel)
        return self.slot[7 * i + c] if c < 7 and i < 7 else 255

    @micropython.native
    def reading(self, h, present):
        v = int(self.holes[h])
        if v == 3:  # a noisy sensor
            x = (int(self.now) * 37 + h * 11) & 0xFF
            return x & 1 if present else _MID - 12000 + x * 94
        if present:
            return v != 0
        n = (int(self.now) * 13 + h * 7) & 63
        r = int(self.base[h]) + n - 32
        if v:
            r += _SWING if (v == 1) == (self.cfg["fire_sign"] > 0) else -_SWING
        return r


class Pin:
    """A GPIO; code = role * 8 + index from the pin map: role 1 S line, 2 T
    line, 3 island mux output, 4.. a button (code - 32 = GPIO)."""

    def __init__(self, hw, gpio):
        self.hw = hw
        pins = hw.cfg["pins"]
        code = 32 + gpio if gpio in (pins["button_undo"], pins["button_new"]) else 0
        for role, key in ((1, "mux_select"), (2, "analog_island_select"), (3, "digital_mux_out")):
            if gpio in pins[key]:
                code = 8 * role + pins[key].index(gpio)
        self.code = code

    @micropython.native
    def value(self, v=None):
        hw = self.hw
        hw.pin_ops += 1
        code = int(self.code)
        role = code >> 3
        if v is not None:
            m = 1 << (code & 7)
            if role == 1:
                hw.sel = (hw.sel | m) if v else (hw.sel & ~m)
            elif role == 2:
                hw.isel = (hw.isel | m) if v else (hw.isel & ~m)
            return None
        if role == 3:  # the output of island (code & 7)'s mux
            c = int(hw.sel)
            h = hw.slot[7 * (code & 7) + c] if c < 7 else 255
            on = 0 if hw.cfg["active_low"] else 1
            return on if h != 255 and hw.reading(h, True) else 1 - on
        if role >= 4:
            return 0 if hw.pressed[code - 32] else 1
        return 0
