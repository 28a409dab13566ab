# The sensor front ends, and the contract each keeps. A front end is a
# module with scanner(hw, cfg), which builds its scanner on the hardware
# backend hw as the configuration wires it. The scanner:
#
#   .colour     True if it tells Fire from Ice, False if it sees pegs only
#   .scan(out)  fills out, a bytearray(49) in hole order (A1..G7), with
#               0 empty, 1 Fire, 2 Ice, or 3 a peg of unknown colour; it
#               allocates nothing (it runs every scan period)
#   .raw        an array of each hole's last raw reading (the sensors command)
#
# and, if it needs its empty readings measured (calib=True below), what
# fireboard.sense.calib uses: .base, .threshold, .measure().
#
# Each entry: name, module, the most of the USB budget its LEDs may draw
# (mA, hardware/power.json: the sensors' own draw differs), and calib. A
# new front end is one register() (or one entry), with nothing else of the
# board changed: the configuration takes its name (front) and its LED cap
# (led_cap_ma.NAME).
_FRONTS = [
    "digital", "fireboard.sense.digital", 390, False,
    "colour", "fireboard.sense.colour", 250, True,
]  # fmt: skip

# Each front end's debounce (ms), when the configuration leaves debounce_ms
# at null: the shortest with which the virtual board's bounced and knocked
# pegs still read right (tests/host/test_debounce.py, MIN_MS: 6 ms on the
# digital front end, 8 on the colour one at Pico speed), and 2 ms more. A
# Hall switch does not bounce; the 2 ms chatter of the virtual board's
# bounce (a reed contact, a peg that wobbles) sets the figure.
_DEBOUNCE_MS = {"digital": 8, "colour": 10}
DEBOUNCE_MS = 20  # a front end registered without its own figure


def register(name, module, cap_ma, calib=False, debounce=DEBOUNCE_MS):
    """Add a front end (or replace the one of that name)."""
    k = _at(name)
    entry = [name, module, cap_ma, calib]
    if k < 0:
        _FRONTS.extend(entry)
    else:
        _FRONTS[k : k + 4] = entry
    _DEBOUNCE_MS[name] = debounce


def _at(name):
    for k in range(0, len(_FRONTS), 4):
        if _FRONTS[k] == name:
            return k
    return -1


def names():
    return _FRONTS[::4]


def cap_ma(name):
    """The most the LEDs may draw beside this front end (mA)."""
    return _FRONTS[_at(name) + 2]


def debounce_ms(name):
    """How long a hole's reading must hold still on this front end (ms)."""
    return _DEBOUNCE_MS.get(name, DEBOUNCE_MS)


def calibrates(name):
    """Whether the front end measures its empty readings at start."""
    return _FRONTS[_at(name) + 3]


def scanner(hw, cfg):
    """The scanner of the configuration's front end, on hardware hw."""
    k = _at(cfg["front"])
    if k < 0:
        raise ValueError("no front end %r" % (cfg["front"],))
    import sys

    module = _FRONTS[k + 1]
    __import__(module)
    return sys.modules[module].scanner(hw, cfg)
