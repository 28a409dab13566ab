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


EMPTY = const(0)
FIRE = const(1)
ICE = const(2)

_NHOLES = const(49)
_FULL = const(0x7F)

SIDE_NAMES = (None, "fire", "ice")
RESULT_NAMES = (None, "fire", "ice", "draw", "won", "lost")
# Result codes: 0 running, FIRE or ICE (duel winner), then these three.
DRAW = const(3)
WON = const(4)
LOST = const(5)

ISLANDS = "ABCDEFG"
PEG_CHARS = "-#O"

# Lines by position index (0-based): 1-2-5, 1-3-7, 5-6-7, 1-4-6, 3-4-5, 2-4-7, 2-3-6.
LINES = (0x13, 0x45, 0x70, 0x29, 0x1C, 0x4A, 0x26)


def _line_table():
    t = bytearray(128)
    for m in range(128):
        for k in range(7):
            if m & LINES[k] == LINES[k]:
                t[m] = k + 1
                break
    return bytes(t)


# LINE_OF[mask]: 0 when the 7-bit mask holds no line, else 1 + index in LINES.
LINE_OF = _line_table()

# POPCOUNT[mask] for 7-bit masks.
POPCOUNT = bytes(bin(m).count("1") for m in range(128))


def _targets():
    t = bytearray(_NHOLES * 12)
    k = 0
    for h in range(_NHOLES):
        i, p = h // 7, h % 7
        for q in range(7):
            if q != p:
                t[k] = i * 7 + q
                k += 1
        for j in range(7):
            if j != i:
                t[k] = j * 7 + p
                k += 1
    return bytes(t)


# TARGETS[h * 12 + k], k < 12: the holes a peg on h may go to (six on its own
# island, then the same position on the six other islands).
TARGETS = _targets()


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


def hole_name(h):
    return ISLANDS[h // 7] + chr(49 + h % 7)


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
            cells[h] = FIRE
        elif c == "O" or c == "o" or c == "0":
            cells[h] = ICE
        elif c != "-" and c != ".":
            raise NotationError(
                "position character %d (%s) is %r, not one of # O -" % (h + 1, hole_name(h), c)
            )
    return cells


def position_str(cells):
    return "".join(PEG_CHARS[c] for c in cells)


START = "-" * 24 + "#" + "-" * 24


def parse_side(text):
    if text == "fire":
        return FIRE
    if text == "ice":
        return ICE
    raise NotationError("not a side: %r (fire or ice)" % text)


def islands_str(mask):
    """7-bit island mask -> letters in order, e.g. 0b0010011 -> 'ABE'."""
    return "".join(ISLANDS[i] for i in range(7) if mask >> i & 1)
