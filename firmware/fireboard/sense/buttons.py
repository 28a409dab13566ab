# The board's two push buttons (undo, new game), debounced, with a long
# press told from a short one.
import micropython

from fireice.ticks import ticks_diff

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
