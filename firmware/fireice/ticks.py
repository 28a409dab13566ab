# MicroPython's millisecond clock arithmetic on every interpreter: the
# built-in functions of its time module, or the stand-ins of fireice.ticks30
# where time has none (CPython on the host, CircuitPython). The board's code
# and the engine take them from here.
try:
    from time import ticks_add, ticks_diff, ticks_ms  # type: ignore[attr-defined, unused-ignore]  # noqa: F401
except ImportError:  # CPython, CircuitPython
    from fireice.ticks30 import ticks_add, ticks_diff, ticks_ms  # type: ignore[assignment, no-redef, unused-ignore]  # noqa: F401
