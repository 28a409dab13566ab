# Stand-ins for MicroPython's ticks functions where time has none (CPython,
# CircuitPython): a millisecond clock that wraps at 2**30, as MicroPython's
# does. Use them through fireice.ticks.
import time

_PERIOD = 1 << 30


def ticks_diff(a, b):
    """b to a in ms, the wrap taken into account (no intermediate above
    2**30: small ints on a 32-bit CircuitPython too)."""
    d = (a - b) & (_PERIOD - 1)
    return d - _PERIOD if d >= _PERIOD // 2 else d


def ticks_add(a, b):
    return (a + b) & (_PERIOD - 1)


def ticks_ms():
    clock = getattr(time, "monotonic_ns", None)
    if clock is not None:
        return (clock() // 1000000) & (_PERIOD - 1)
    clock = getattr(time, "monotonic", None)  # (a float: no heap to spare on a board)
    return int(clock() * 1000) & (_PERIOD - 1) if clock else 0
