# Debouncing: a hole's reading counts once it has held still for a while;
# the two push buttons (undo, new game), with a long press told from a
# short one.
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

    @micropython.viper  # every pass: machine integers and pointers
    def update(self, raw, now: int) -> int:
        cand = ptr8(self.cand)
        stable = ptr8(self.stable)
        r8 = ptr8(raw)
        since = self.since
        ms = int(self.ms)
        changed = 0
        for h in range(49):
            r = r8[h]
            if r != cand[h]:
                cand[h] = r
                since[h] = now
            elif r != stable[h] and int(ticks_diff(now, since[h])) >= ms:
                stable[h] = r
                changed += 1
        return changed


# button events
NONE = 0
SHORT = 1
LONG = 2


class Button:
    debounce_ms = 30

    def __init__(self, pin, long_ms=1000):
        self.pin = pin
        self.long_ms = long_ms
        self.down = False  # debounced state
        self.level = 1
        self.since = 0  # when the level last changed
        self.pressed_at = 0
        self.fired_long = False

    @micropython.native  # a small frame on the C stack: no heap at all
    def poll(self, now):
        """NONE, SHORT (released after a short press) or LONG (held)."""
        v = self.pin.value()
        if v != self.level:
            self.level = v
            self.since = now
            return NONE
        if v and not self.down:  # up, and known to be up: the idle pass's way out
            return NONE
        if ticks_diff(now, self.since) < self.debounce_ms:
            return NONE
        down = v == 0
        if down != self.down:
            self.down = down
            if down:
                self.pressed_at = self.since
                self.fired_long = False
                return NONE
            return NONE if self.fired_long else SHORT
        if down and not self.fired_long and ticks_diff(now, self.pressed_at) >= self.long_ms:
            self.fired_long = True
            return LONG
        return NONE
