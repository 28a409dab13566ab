# MicroPython's millisecond clock arithmetic on every interpreter: the
# built-in functions of its time module, or the stand-ins of fireice.ticks30
# where time has none (CPython on the host, CircuitPython). The board's code
# and the engine take them from here.
try:
    from time import ticks_add, ticks_diff, ticks_ms  # type: ignore[attr-defined, unused-ignore]  # noqa: F401
except ImportError:  # CPython, CircuitPython
    from fireice.ticks30 import ticks_add, ticks_diff, ticks_ms  # type: ignore[assignment, no-redef, unused-ignore]  # noqa: F401

# A count the board keeps for as long as it runs (its scans: 2**30 of them
# in about 62 days at 5 ms) must stay a small int, or each step would
# allocate: it runs 1..COUNTS and then starts again at 1 (count_next), so
# that 0 still means none yet; count_diff is how far it has gone from one
# reading to a later one, across the wrap (less than COUNTS steps apart).
# COUNTS is 2**30 - 1, the largest small int of a 32-bit port.
COUNTS = 0x3FFFFFFF


def count_next(n):
    return n % COUNTS + 1


def count_diff(a, b):
    return (a - b) % COUNTS
