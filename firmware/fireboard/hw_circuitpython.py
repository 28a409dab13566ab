# The hardware backend of an RP2040 board running CircuitPython (a Pico, a
# Feather RP2040, ...): the interface of fireboard/hw.py, on
# digitalio, analogio (AnalogIn.value) and neopixel; settle_us is
# microcontroller.delay_us, and ticks_ms extends supervisor.ticks_ms (which
# wraps at 2**29) to MicroPython's period of 2**30.
#
# Pins: a number in the configuration is the RP2040's GPIO number, taken as
# microcontroller.pin.GPIO<n>. On a Pico that is the GP<n> printed on the
# board (board.GP<n> is the same pin). On other RP2040 boards the pads carry
# board names (a Feather RP2040's D5 is GPIO7, its A0 GPIO26): look each pad
# up in the board's pinout and write its GPIO number into config.json. A
# GPIO the board keeps for itself (a Pico W's GPIO23..25 drive its radio) is
# not offered, and naming it stops the start with a ValueError.
#
# Needs on the board: Adafruit's neopixel library (the bundle's neopixel.mpy);
# adafruit_pixelbuf, digitalio, analogio, neopixel_write, rtc, time are in CircuitPython.
import analogio
import digitalio
import microcontroller
import neopixel
import rtc
import supervisor
import time
from micropython import const

# supervisor.ticks_ms() wraps at 2**29 ms (and starts 65 s before its first
# wrap); ticks_ms() below counts those wraps in one more bit
_WRAP = const(1 << 29)


def gpio_pin(gpio):
    """The pin object of an RP2040 GPIO number."""
    pin = getattr(microcontroller.pin, "GPIO%d" % gpio, None)
    if pin is None:
        raise ValueError("GP%d: this board has no microcontroller.pin.GPIO%d" % (gpio, gpio))
    return pin


class Output:
    """A push-pull output with MicroPython's pin.value(v)."""

    def __init__(self, pin):
        io = digitalio.DigitalInOut(pin)
        io.switch_to_output(value=False)
        self.io = io

    def value(self, v=None):
        if v is None:
            return 1 if self.io.value else 0
        self.io.value = v  # CircuitPython takes any truth value


class Input:
    """An input with the internal pull-up; value() is 0 or 1, as on MicroPython."""

    def __init__(self, pin):
        io = digitalio.DigitalInOut(pin)
        io.switch_to_input(pull=digitalio.Pull.UP)
        self.io = io

    def value(self):
        return 1 if self.io.value else 0


class Adc:
    """analogio.AnalogIn, whose value is the 12-bit reading stretched to 16
    bits the same way as MicroPython's read_u16() on the RP2040."""

    def __init__(self, pin):
        self.ain = analogio.AnalogIn(pin)

    def read_u16(self):
        return self.ain.value


class Strip:
    """n WS2812B LEDs through Adafruit's neopixel library: GRB, brightness 1.0
    (the firmware has dimmed and capped the frame already), no auto-write.
    write() sets each pixel from a packed 0xRRGGBB int (no tuples, and no
    allocation in CircuitPython's built-in adafruit_pixelbuf), then show()."""

    def __init__(self, pin, n):
        self.n = n
        self.np = neopixel.NeoPixel(
            pin, n, bpp=3, brightness=1.0, auto_write=False, pixel_order=neopixel.GRB
        )
        # dark to begin with: after a reload the LEDs still show the old
        # frame, while the firmware takes a new strip as dark and sends only
        # frames that change
        self.np.show()

    def write(self, rgb):
        n = self.n
        if len(rgb) != 3 * n:
            raise ValueError("a frame is 3 bytes per LED")
        np = self.np
        k = 0
        for i in range(n):
            np[i] = (rgb[k] << 16) | (rgb[k + 1] << 8) | rgb[k + 2]
            k += 3
        np.show()


class Hardware:
    """Pins, ADC, LED strip and time of an RP2040 board on CircuitPython."""

    def __init__(self, cfg=None):
        # cfg (the configuration, as fireboard.board.start passes it) is not
        # needed: the firmware names every pin when it asks for it
        self.settle_us = microcontroller.delay_us
        self._last = supervisor.ticks_ms()
        self._high = 0

    def ticks_ms(self):
        """supervisor.ticks_ms() extended from 2**29 to 2**30 ms: a wrap of
        it is seen as a step back, so this must be called at least once
        every 2**29 ms (6.2 days); the firmware calls it every scan."""
        t = supervisor.ticks_ms()
        if t < self._last:
            self._high ^= _WRAP
        self._last = t
        return t + self._high  # below 2**30: a small int, no allocation

    def output(self, gpio):
        return Output(gpio_pin(gpio))

    def input(self, gpio):
        return Input(gpio_pin(gpio))

    def adc(self, gpio):
        return Adc(gpio_pin(gpio))

    def strip(self, gpio, n):
        return Strip(gpio_pin(gpio), n)

    def clock(self):
        t = time.localtime()
        return tuple(t) if 2025 <= t[0] <= 2099 else None

    def set_clock(self, y, mo, d, h, mi, s, wd):
        rtc.RTC().datetime = time.struct_time((y, mo, d, h, mi, s, wd, -1, -1))
