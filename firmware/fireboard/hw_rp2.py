# The hardware backend of a Raspberry Pi Pico (RP2040) running MicroPython:
# what the firmware is given as `hw` (fireboard.simhw has the virtual one).
#
#   hw.output(gpio)      push-pull output, starts low; .value(v)   (mux select lines)
#   hw.input(gpio)       input with the internal pull-up; .value() -> 0/1
#                        (island mux outputs, the two buttons to GND)
#   hw.adc(gpio)         .read_u16() -> 0..65535 (GP26..GP29)
#   hw.strip(gpio, n)    .write(rgb): rgb is 3*n bytes R, G, B per LED in chain
#                        order, already dimmed and capped; sent as GRB (WS2812B)
#   hw.settle_us(us)     busy-waits at least us microseconds (time.sleep_us)
#   hw.ticks_ms()        time.ticks_ms(): the firmware takes differences with
#                        time.ticks_diff, which uses the same period (2**30 on
#                        the Pico, a 32-bit port)
#   hw.clock()           the RTC's local time as a tuple (year, month, day,
#                        hour, minute, second, ...), or None while nobody has
#                        set it (a year before 2025: a Pico's RTC starts at
#                        2021-01-01 at power-up and goes on through a soft reset)
#   hw.set_clock(y, mo, d, h, mi, s, wd)   sets the RTC (wd 0 = Monday)
#
# GPIO numbers are the Pico's GP numbers (hardware/pinmap.json).
import time

import machine
import micropython
import neopixel


class Strip:
    """n WS2812B LEDs on one pin, driven by MicroPython's neopixel module
    (machine.bitstream: the CPU clocks the bits out with interrupts off,
    about 30 us per LED, 1.5 ms for 51). write() copies the frame straight
    into the driver's GRB buffer: no allocation, no per-pixel tuples."""

    def __init__(self, gpio, n):
        self.n3 = 3 * n
        self.np = neopixel.NeoPixel(machine.Pin(gpio, machine.Pin.OUT, value=0), n)
        buf = self.np.buf  # G, R, B per LED, as it goes on the wire
        if len(buf) != self.n3:
            raise ValueError("the NeoPixel buffer is not 3 bytes per LED")
        self.buf = buf
        # dark to begin with: after a soft reset the LEDs still show the old
        # frame, while the firmware takes a new strip as dark and sends only
        # frames that change
        for k in range(self.n3):
            buf[k] = 0
        self.np.write()

    @micropython.native
    def write(self, rgb):
        n3 = int(self.n3)
        if len(rgb) != n3:
            raise ValueError("a frame is 3 bytes per LED")
        buf = self.buf
        for k in range(0, n3, 3):
            buf[k] = rgb[k + 1]  # G
            buf[k + 1] = rgb[k]  # R
            buf[k + 2] = rgb[k + 2]  # B
        self.np.write()


class Hardware:
    """Pins, ADC, LED strip and time of a Pico on MicroPython."""

    def __init__(self, cfg=None):
        # cfg (the configuration, as fireboard.board.start passes it) is not
        # needed: the firmware names every pin when it asks for it.
        # The functions themselves, so the hot paths call no Python frame
        self.settle_us = time.sleep_us
        self.ticks_ms = time.ticks_ms

    def output(self, gpio):
        return machine.Pin(gpio, machine.Pin.OUT, value=0)

    def input(self, gpio):
        return machine.Pin(gpio, machine.Pin.IN, machine.Pin.PULL_UP)

    def adc(self, gpio):
        # a Pin, not the number: ADC(0..4) would be a channel, not a GPIO.
        # The ADC puts the pad in analog mode (no pulls, digital input off).
        if not 26 <= gpio <= 29:
            raise ValueError("GP%d has no ADC (GP26..GP29 have)" % gpio)
        return machine.ADC(machine.Pin(gpio))

    def strip(self, gpio, n):
        return Strip(gpio, n)

    def clock(self):
        t = time.localtime()
        return t if 2025 <= t[0] <= 2099 else None

    def set_clock(self, y, mo, d, h, mi, s, wd):
        machine.RTC().datetime((y, mo, d, wd, h, mi, s, 0))
