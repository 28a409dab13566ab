# Reading the game's notation: holes (D4), moves (F6-C6) and sides (the
# reader of positions, needed for every new game, is fireice.geom's).
# Needed when a record is read or a command comes, so kept apart from
# fireice.geom, which the board holds in its heap all game.
from micropython import const

from fireice.geom import ISLANDS, NotationError

_FIRE = const(1)
_ICE = const(2)


def parse_hole(text):
    """'D4' (or 'd4') -> 24. Raises NotationError."""
    if len(text) == 2:
        i = ISLANDS.find(text[0].upper())
        p = ord(text[1]) - 49
        if i >= 0 and 0 <= p < 7:
            return i * 7 + p
    raise NotationError("not a hole: %r (islands A-G, positions 1-7, e.g. D4)" % text)


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


def parse_side(text):
    if text == "fire":
        return _FIRE
    if text == "ice":
        return _ICE
    raise NotationError("not a side: %r (fire or ice)" % text)
