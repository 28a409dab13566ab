# The `micropython` module for CPython, so that the firmware imports
# unchanged on the host (as Adafruit's Blinka does for CircuitPython code).
# Installed on the host only (pyproject.toml), never on a board, where
# MicroPython has the real one. The time functions of MicroPython that
# CPython lacks are in fireice.ticks.


def const(x):
    """The compiler's constants: on the board const() values are folded
    into the code; here they are plain values."""
    return x


def native(f):
    """@micropython.native compiles a function to machine code on the board;
    here it leaves it as it is."""
    return f


viper = native


def heap_lock():
    """No allocation is caught on CPython (the tests prove it on MicroPython)."""
    return 0


def heap_unlock():
    return 0
