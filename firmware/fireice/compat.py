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
