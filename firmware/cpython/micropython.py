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


def ptr8(buf):
    """In a @micropython.viper function MicroPython compiles ptr8(x) (and
    ptr16, ptr32) as a pointer to x's items, whatever the module's names
    hold; here the viper functions run as plain Python, and the buffer is
    indexed itself. Put among the builtins when this module is imported
    (every module with a viper function imports micropython first), so
    that the firmware defines them nowhere and a board holds none of them
    (tests/host/test_shape.py). CircuitPython gets them from its build
    (fireice_tools.firmware.circuitpython_tree)."""
    return buf


ptr16 = ptr32 = ptr8


def _builtins():
    import builtins

    for name in ("ptr8", "ptr16", "ptr32"):
        setattr(builtins, name, ptr8)


_builtins()
del _builtins
