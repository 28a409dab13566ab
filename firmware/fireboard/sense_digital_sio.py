# The digital front end's scanner on a Pico running MicroPython
# (fireboard.sense_digital builds it where the backend offers the GPIO
# registers): the island muxes (fireboard.sense_mux) read through the
# RP2040's SIO registers.
from array import array

import micropython
from micropython import const

from fireboard.sense_mux import GRAY, GRAY_BACK, slot_table

_PRESENT = const(3)
# the RP2040's SIO registers (datasheet, 2.3.1.7): all 30 GPIO inputs in one
# read, and a write that flips the outputs whose bits are set
_GPIO_IN = const(0xD0000004)
_GPIO_OUT_XOR = const(0xD000001C)


class RegisterScanner:
    """The digital scan at the hardware's limit: the pins are made (and the
    select lines set low) as for the scan through pin objects
    (fireboard.sense_digital_pins), then each of the 7 select states is one write of the GPIO_OUT_XOR
    register (the Gray-code order flips one select line a step, and a scan
    starts where the last one ended, so 6 writes), and each state's 7
    island outputs are one read of GPIO_IN: 13 register operations a scan,
    where the pin objects take 55 calls. mem32 is machine.mem32 (a fake in
    the tests, which count the operations)."""

    colour = False
    # its scan may run in a hard timer interrupt (fireboard.sense_irqscan):
    # viper, register reads and writes and byte stores only, no allocation
    irq = True

    def __init__(
        self, mem32, select_gpios, out_gpios, select, outputs, active_low=True, sensor_map=None
    ):
        self.on = 0 if active_low else 1
        self.slot = slot_table(sensor_map)
        self.raw = array("H", bytes(98))  # last pin level per hole (diagnostics)
        self.ch = 0  # channel the select lines point at
        for k in range(3):
            select[k].value(0)
        self.mem = mem32
        self.bit = bytes(out_gpios)  # island i's output is GPIO_IN bit bit[i]
        # the select line each step of either order flips, as a register mask
        # (GPIO 28 at most: below 2**30, a small int)
        self.flips = array("I", bytes(4 * 14))
        for k in range(1, 7):
            for n, order in ((0, GRAY), (7, GRAY_BACK)):
                line = order[k - 1] ^ order[k]
                self.flips[n + k] = 1 << select_gpios[0 if line == 1 else 1 if line == 2 else 2]

    @micropython.viper  # machine integers and pointers: the registers' time, little more
    def scan(self, out):
        mem = self.mem
        o = ptr8(out)
        slot = ptr8(self.slot)
        raw = ptr16(self.raw)  # (the arrays through pointers: no Python subscripts)
        bit = ptr8(self.bit)
        flips = ptr32(self.flips)
        on = int(self.on)
        back = 0 if int(self.ch) == 0 else 7
        gray = ptr8(GRAY if back == 0 else GRAY_BACK)
        for k in range(7):
            if k:
                mem[_GPIO_OUT_XOR] = flips[back + k]
            c = gray[k]
            levels = int(mem[_GPIO_IN])
            for i in range(7):
                v = (levels >> bit[i]) & 1
                h = slot[7 * i + c]
                raw[h] = v
                o[h] = _PRESENT if v == on else 0
        self.ch = gray[6]
