# The hardware backend of a Raspberry Pi Pico (RP2040) running MicroPython:
# the interface of fireboard/hw.py, on machine.Pin, machine.ADC and
# neopixel; settle_us is time.sleep_us, ticks_ms is time.ticks_ms (period
# 2**30 on the Pico, a 32-bit port).
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

    @micropython.viper  # machine integers and byte pointers
    def write(self, rgb):
        n3 = int(self.n3)
        if int(len(rgb)) != n3:
            raise ValueError("a frame is 3 bytes per LED")
        buf = ptr8(self.buf)
        src = ptr8(rgb)
        for k in range(0, n3, 3):
            buf[k] = src[k + 1]  # G
            buf[k + 1] = src[k]  # R
            buf[k + 2] = src[k + 2]  # B
        self.np.write()


class Hardware:
    """Pins, ADC, LED strip and time of a Pico on MicroPython."""

    # the RP2040's second core runs the engine while the first scans
    # (fireboard.track_think, _thread: the board's moves and a duel's hints)
    cores = 2

    def __init__(self, cfg=None):
        # cfg (the configuration, as fireboard.board.start passes it) is not
        # needed: the firmware names every pin when it asks for it.
        # The functions themselves, so the hot paths call no Python frame
        self.settle_us = time.sleep_us
        self.ticks_ms = time.ticks_ms
        # what the loop reads of the timer interrupt's work is fenced by
        # these (fireboard.sense_irqscan); on core 0, where the timer's
        # interrupt runs (the engine on core 1 never touches it)
        self.disable_irq = machine.disable_irq
        self.enable_irq = machine.enable_irq

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

    def gpio_registers(self):
        """machine.mem32: the digital front end reads the muxes through the
        SIO registers (fireboard.sense_digital_sio.RegisterScanner); the colour
        one, seeing a Pico's (no words of a stand-in), stores its select
        lines at GPIO_OUT_XOR's address, reads the ADC through its CS and
        RESULT registers and waits out each settle on TIMERAWL, through
        viper pointers (fireboard.sense_colour)."""
        return machine.mem32

    def timer(self, ms, fn, t=None):
        """A hard periodic interrupt every ms ms (the scans:
        fireboard.sense_irqscan): fn runs from the timer's interrupt,
        during a garbage collection too, and must not allocate. t: the
        timer of an earlier call, started again (init allocates nothing);
        without it one is made. Returns the timer (deinit stops it)."""
        if t is None:
            t = machine.Timer(-1)
        t.init(mode=machine.Timer.PERIODIC, period=ms, callback=fn, hard=True)
        return t

    def clock(self):
        t = time.localtime()
        return t if 2025 <= t[0] <= 2099 else None

    def set_clock(self, y, mo, d, h, mi, s, wd):
        machine.RTC().datetime((y, mo, d, wd, h, mi, s, 0))
