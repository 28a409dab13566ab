# Fire and Ice board geometry, notation and errors.
#
# A hole is a small integer: island * 7 + position, both 0-based, so A1 is 0,
# D4 is 24 and G7 is 48. Islands A..G and positions 1..7 share one layout:
#
#          1           A
#        2   3       B   C
#          4           D
#        5 6 7       E F G
#
# The seven lines of that layout (a Fano plane) are 7-bit masks; the same table
# serves for the holes of one island and for the islands of the board.
try:
    from micropython import const
except ImportError:  # CPython
    from fireice.compat import const


_NHOLES = const(49)
_FIRE = const(1)
_ICE = const(2)

# Sides: 1 Fire, 2 Ice. Results: 0 running, 1 Fire won, 2 Ice won, 3 draw,
# 4 solitaire won, 5 solitaire lost.
SIDE_NAMES = (None, "fire", "ice")
RESULT_NAMES = (None, "fire", "ice", "draw", "won", "lost")

ISLANDS = "ABCDEFG"
PEG_CHARS = "-#O"

# Lines by position index (0-based): 1-2-5, 1-3-7, 5-6-7, 1-4-6, 3-4-5, 2-4-7, 2-3-6.
LINES = (0x13, 0x45, 0x70, 0x29, 0x1C, 0x4A, 0x26)


# LINE_OF[mask]: 0 when the 7-bit mask holds no line, else 1 + index in LINES
# (the first line it holds). Generated once; tests check it against LINES.
LINE_OF = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x01\x05\x05\x05\x01"
    b"\x00\x00\x00\x00\x00\x00\x07\x07\x00\x04\x00\x04\x00\x04\x07\x04"
    b"\x00\x00\x00\x01\x00\x00\x07\x01\x00\x04\x00\x01\x05\x04\x05\x01"
    b"\x00\x00\x00\x00\x00\x02\x00\x02\x00\x00\x06\x06\x00\x02\x06\x02"
    b"\x00\x00\x00\x01\x00\x02\x00\x01\x00\x00\x06\x01\x05\x02\x05\x01"
    b"\x00\x00\x00\x00\x00\x02\x07\x02\x00\x04\x06\x04\x00\x02\x06\x02"
    b"\x03\x03\x03\x01\x03\x02\x03\x01\x03\x03\x03\x01\x03\x02\x03\x01"
)

# TARGETS[h * 12 + k], k < 12: the holes a peg on h may go to (six on its own
# island, then the same position on the six other islands). Generated once;
# tests check it against the rule.
TARGETS = (
    b"\x01\x02\x03\x04\x05\x06\x07\x0e\x15\x1c\x23\x2a"
    b"\x00\x02\x03\x04\x05\x06\x08\x0f\x16\x1d\x24\x2b"
    b"\x00\x01\x03\x04\x05\x06\x09\x10\x17\x1e\x25\x2c"
    b"\x00\x01\x02\x04\x05\x06\x0a\x11\x18\x1f\x26\x2d"
    b"\x00\x01\x02\x03\x05\x06\x0b\x12\x19\x20\x27\x2e"
    b"\x00\x01\x02\x03\x04\x06\x0c\x13\x1a\x21\x28\x2f"
    b"\x00\x01\x02\x03\x04\x05\x0d\x14\x1b\x22\x29\x30"
    b"\x08\x09\x0a\x0b\x0c\x0d\x00\x0e\x15\x1c\x23\x2a"
    b"\x07\x09\x0a\x0b\x0c\x0d\x01\x0f\x16\x1d\x24\x2b"
    b"\x07\x08\x0a\x0b\x0c\x0d\x02\x10\x17\x1e\x25\x2c"
    b"\x07\x08\x09\x0b\x0c\x0d\x03\x11\x18\x1f\x26\x2d"
    b"\x07\x08\x09\x0a\x0c\x0d\x04\x12\x19\x20\x27\x2e"
    b"\x07\x08\x09\x0a\x0b\x0d\x05\x13\x1a\x21\x28\x2f"
    b"\x07\x08\x09\x0a\x0b\x0c\x06\x14\x1b\x22\x29\x30"
    b"\x0f\x10\x11\x12\x13\x14\x00\x07\x15\x1c\x23\x2a"
    b"\x0e\x10\x11\x12\x13\x14\x01\x08\x16\x1d\x24\x2b"
    b"\x0e\x0f\x11\x12\x13\x14\x02\x09\x17\x1e\x25\x2c"
    b"\x0e\x0f\x10\x12\x13\x14\x03\x0a\x18\x1f\x26\x2d"
    b"\x0e\x0f\x10\x11\x13\x14\x04\x0b\x19\x20\x27\x2e"
    b"\x0e\x0f\x10\x11\x12\x14\x05\x0c\x1a\x21\x28\x2f"
    b"\x0e\x0f\x10\x11\x12\x13\x06\x0d\x1b\x22\x29\x30"
    b"\x16\x17\x18\x19\x1a\x1b\x00\x07\x0e\x1c\x23\x2a"
    b"\x15\x17\x18\x19\x1a\x1b\x01\x08\x0f\x1d\x24\x2b"
    b"\x15\x16\x18\x19\x1a\x1b\x02\x09\x10\x1e\x25\x2c"
    b"\x15\x16\x17\x19\x1a\x1b\x03\x0a\x11\x1f\x26\x2d"
    b"\x15\x16\x17\x18\x1a\x1b\x04\x0b\x12\x20\x27\x2e"
    b"\x15\x16\x17\x18\x19\x1b\x05\x0c\x13\x21\x28\x2f"
    b"\x15\x16\x17\x18\x19\x1a\x06\x0d\x14\x22\x29\x30"
    b"\x1d\x1e\x1f\x20\x21\x22\x00\x07\x0e\x15\x23\x2a"
    b"\x1c\x1e\x1f\x20\x21\x22\x01\x08\x0f\x16\x24\x2b"
    b"\x1c\x1d\x1f\x20\x21\x22\x02\x09\x10\x17\x25\x2c"
    b"\x1c\x1d\x1e\x20\x21\x22\x03\x0a\x11\x18\x26\x2d"
    b"\x1c\x1d\x1e\x1f\x21\x22\x04\x0b\x12\x19\x27\x2e"
    b"\x1c\x1d\x1e\x1f\x20\x22\x05\x0c\x13\x1a\x28\x2f"
    b"\x1c\x1d\x1e\x1f\x20\x21\x06\x0d\x14\x1b\x29\x30"
    b"\x24\x25\x26\x27\x28\x29\x00\x07\x0e\x15\x1c\x2a"
    b"\x23\x25\x26\x27\x28\x29\x01\x08\x0f\x16\x1d\x2b"
    b"\x23\x24\x26\x27\x28\x29\x02\x09\x10\x17\x1e\x2c"
    b"\x23\x24\x25\x27\x28\x29\x03\x0a\x11\x18\x1f\x2d"
    b"\x23\x24\x25\x26\x28\x29\x04\x0b\x12\x19\x20\x2e"
    b"\x23\x24\x25\x26\x27\x29\x05\x0c\x13\x1a\x21\x2f"
    b"\x23\x24\x25\x26\x27\x28\x06\x0d\x14\x1b\x22\x30"
    b"\x2b\x2c\x2d\x2e\x2f\x30\x00\x07\x0e\x15\x1c\x23"
    b"\x2a\x2c\x2d\x2e\x2f\x30\x01\x08\x0f\x16\x1d\x24"
    b"\x2a\x2b\x2d\x2e\x2f\x30\x02\x09\x10\x17\x1e\x25"
    b"\x2a\x2b\x2c\x2e\x2f\x30\x03\x0a\x11\x18\x1f\x26"
    b"\x2a\x2b\x2c\x2d\x2f\x30\x04\x0b\x12\x19\x20\x27"
    b"\x2a\x2b\x2c\x2d\x2e\x30\x05\x0c\x13\x1a\x21\x28"
    b"\x2a\x2b\x2c\x2d\x2e\x2f\x06\x0d\x14\x1b\x22\x29"
)


class FireIceError(ValueError):
    """Base of every error this package raises on bad input."""


class NotationError(FireIceError):
    """A hole, move or position string that cannot be read."""


class IllegalMoveError(FireIceError):
    """A well-formed move that the rules do not allow in this position."""


def parse_hole(text):
    """'D4' (or 'd4') -> 24. Raises NotationError."""
    if len(text) == 2:
        i = ISLANDS.find(text[0].upper())
        p = ord(text[1]) - 49
        if i >= 0 and 0 <= p < 7:
            return i * 7 + p
    raise NotationError("not a hole: %r (islands A-G, positions 1-7, e.g. D4)" % text)


_HOLE_NAMES = "".join(i + p for i in "ABCDEFG" for p in "1234567")


def hole_name(h):
    return _HOLE_NAMES[2 * h : 2 * h + 2]


def reachable(frm, to):
    """True when a peg may go from frm to to (same island or same position)."""
    return frm != to and (frm // 7 == to // 7 or frm % 7 == to % 7)


def parse_move(text):
    """'F6-C6' -> (frm, to). Checks the shape of the move, not the position."""
    if len(text) != 5 or text[2] != "-":
        raise NotationError("not a move: %r (write it as F6-C6)" % text)
    frm = parse_hole(text[:2])
    to = parse_hole(text[3:])
    if frm == to:
        raise NotationError("not a move: %r goes nowhere" % text)
    if not reachable(frm, to):
        raise NotationError(
            "not a move: %r, %s is neither on the same island nor at the same position"
            % (text, text[3:].upper())
        )
    return frm, to


def move_name(frm, to):
    return hole_name(frm) + "-" + hole_name(to)


def parse_position(text):
    """49 characters A1..G7 of '#' (Fire), 'O' (Ice), '-' (empty) -> bytearray.

    Also accepted: 'o' or '0' for Ice, '.' for empty.
    """
    if len(text) != _NHOLES:
        raise NotationError("a position has 49 characters, not %d" % len(text))
    cells = bytearray(_NHOLES)
    for h in range(_NHOLES):
        c = text[h]
        if c == "#":
            cells[h] = _FIRE
        elif c == "O" or c == "o" or c == "0":
            cells[h] = _ICE
        elif c != "-" and c != ".":
            raise NotationError(
                "position character %d (%s) is %r, not one of # O -" % (h + 1, hole_name(h), c)
            )
    return cells


def position_str(cells):
    out = bytearray(b"-" * _NHOLES)
    for h in range(_NHOLES):
        c = cells[h]
        if c:
            out[h] = 35 if c == _FIRE else 79  # '#', 'O'
    return out.decode()


START = "-" * 24 + "#" + "-" * 24


def parse_side(text):
    if text == "fire":
        return _FIRE
    if text == "ice":
        return _ICE
    raise NotationError("not a side: %r (fire or ice)" % text)


def islands_str(mask):
    """7-bit island mask -> letters in order, e.g. 0b0010011 -> 'ABE'."""
    return "".join(ISLANDS[i] for i in range(7) if mask >> i & 1)
