# Debouncing: a hole's reading counts once it has held still for a while.
from array import array

import micropython

from fireice.ticks import ticks_diff


class Debouncer:
    """A hole's state is accepted once its raw state has stayed the same for
    ms milliseconds. update() returns how many accepted states changed."""

    def __init__(self, ms):
        self.ms = ms
        self.stable = bytearray(49)
        self.cand = bytearray(49)
        self.since = array("i", bytes(4 * 49))

    def prime(self, raw):
        for h in range(49):
            self.stable[h] = raw[h]
            self.cand[h] = raw[h]

    @micropython.native
    def update(self, raw, now):
        cand = self.cand
        stable = self.stable
        since = self.since
        ms = int(self.ms)
        changed = 0
        for h in range(49):
            r = raw[h]
            if r != cand[h]:
                cand[h] = r
                since[h] = now
            elif r != stable[h] and ticks_diff(now, since[h]) >= ms:
                stable[h] = r
                changed += 1
        return changed
