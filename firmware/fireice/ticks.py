# MicroPython's millisecond clock arithmetic on every interpreter: the
# built-in functions of its time module, and stand-ins where time has none
# (CPython on the host, CircuitPython). The board's code and the engine
# take them from here.
import time

_PERIOD = 1 << 30  # MicroPython's ticks wrap at 2**30


def diff30(a, b):
    """ticks_diff of a clock that wraps at 2**30, as MicroPython's does
    (the stand-in; no intermediate above 2**30, so small ints on a 32-bit
    CircuitPython too)."""
    d = (a - b) & (_PERIOD - 1)
    return d - _PERIOD if d >= _PERIOD // 2 else d


def _add30(a, b):
    return (a + b) & (_PERIOD - 1)


def _ms30():
    clock = getattr(time, "monotonic_ns", None)
    if clock is not None:
        return (clock() // 1000000) & (_PERIOD - 1)
    clock = getattr(time, "monotonic", None)  # (a float: no heap to spare on a board)
    return int(clock() * 1000) & (_PERIOD - 1) if clock else 0


ticks_diff = getattr(time, "ticks_diff", diff30)
ticks_add = getattr(time, "ticks_add", _add30)
ticks_ms = getattr(time, "ticks_ms", _ms30)
