# CPython stand-ins for MicroPython's compiler markers, so that the firmware
# modules import unchanged on the host. Not needed on the board.


def const(x):
    return x


class micropython:
    """@micropython.native compiles a function to machine code on the board;
    on CPython it leaves the function as it is."""

    const = staticmethod(const)

    @staticmethod
    def native(f):
        return f


_PERIOD = 1 << 30  # MicroPython's ticks wrap at 2**30


def ticks_diff(a, b):
    # (no intermediate above 2**30: small ints on a 32-bit CircuitPython too)
    d = (a - b) & (_PERIOD - 1)
    return d - _PERIOD if d >= _PERIOD // 2 else d
