# The sensor front ends, and the contract each keeps. A front end is a
# module with scanner(hw, cfg), which builds its scanner on the hardware
# backend hw as the configuration wires it. The scanner:
#
#   .colour     True if it tells Fire from Ice, False if it sees pegs only
#   .scan(out)  fills out, a bytearray(49) in hole order (A1..G7), with
#               0 empty, 1 Fire, 2 Ice, or 3 a peg of unknown colour; it
#               allocates nothing (it runs every scan period)
#   .raw        an array of each hole's last raw reading (the sensors command)
#   .irq        (optional) True if scan may run in a hard timer interrupt:
#               no allocation, nothing a hard interrupt may not call; then,
#               where the hardware has a timer, it scans from the interrupt
#               (fireboard.sense_irqscan), else from the main loop
#
# and, if it needs its empty readings measured (calib=True below), what
# fireboard.sense_calib uses: .base and .threshold (the base measured
# from .scan and .raw).
#
# The entries (five each: name, module, LED cap in mA, calib, debounce in
# ms) are the board's package's (fireboard/__init__.py), which stays loaded:
# this module is loaded for start-up and the jobs that read the registry,
# and dropped after them (fireboard.mem.LEAVES). A new front end is one
# register() (or one entry), with nothing else of the board changed: the
# configuration takes its name (front) and its LED cap (led_cap_ma.NAME).
from micropython import const

from fireboard import FRONT_CALIB, FRONT_CAP_MA, FRONT_DEBOUNCE_MS, FRONT_MODULE, FRONTS, front

_N = const(5)  # items an entry
DEBOUNCE_MS = 20  # a front end registered without its own figure


def register(name, module, cap_ma, calib=False, debounce=DEBOUNCE_MS):
    """Add a front end (or replace the one of that name)."""
    k = _at(name)
    entry = [name, module, cap_ma, calib, debounce]
    if k < 0:
        FRONTS.extend(entry)
    else:
        FRONTS[k : k + _N] = entry


def _at(name):
    for k in range(0, len(FRONTS), _N):
        if FRONTS[k] == name:
            return k
    return -1


def names():
    return FRONTS[::_N]


def cap_ma(name):
    """The most the LEDs may draw beside this front end (mA)."""
    return front(name, FRONT_CAP_MA)


def debounce_ms(name):
    """How long a hole's reading must hold still on this front end (ms)."""
    ms = front(name, FRONT_DEBOUNCE_MS)
    return DEBOUNCE_MS if ms is None else ms


def calibrates(name):
    """Whether the front end measures its empty readings at start."""
    return front(name, FRONT_CALIB)


def scanner(hw, cfg):
    """The scanner of the configuration's front end, on hardware hw."""
    k = _at(cfg["front"])
    if k < 0:
        raise ValueError("no front end %r" % (cfg["front"],))
    import sys

    module = FRONTS[k + FRONT_MODULE]
    __import__(module)
    return sys.modules[module].scanner(hw, cfg)
