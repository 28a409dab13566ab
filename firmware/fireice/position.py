# Pegs on the 49 holes, with the small masks every rule is checked on.
import micropython
from micropython import const


from fireice.geom import (
    LINE_OF,
    SIDE_NAMES,
    FireIceError,
    IllegalMoveError,
    hole_name,
    move_name,
    parse_position,
)

_NHOLES = const(49)


class Position:
    """Which peg stands in which hole, and masks derived from it.

    cells[h]: 0 empty, 1 Fire, 2 Ice.
    im[i] (i < 7): bit p set when hole p of island i is taken;
    im[8 * side + i]: the same for one side's pegs.
    pm[p], pm[8 * side + p]: bit i set when position p of island i is taken
    (the transposed view, for moves to the same position).
    count[side]: that side's pegs on the board.
    A bare position is no game: nobody to move, no result.
    """

    to_move = 0
    result = 0
    duel = False  # a two-player game (fireice.duel.Duel)

    def __init__(self, position=None):
        self.cells = bytearray(_NHOLES)
        self.im = bytearray(24)
        self.pm = bytearray(24)
        self.count = bytearray(3)
        if position is not None:
            self.set_position(position)

    def set_position(self, position):
        """Put the pegs of a 49-char string (or bytes-like of 0/1/2 cells)."""
        if isinstance(position, str):
            cells = parse_position(position)
        else:
            cells = position
            if len(cells) != _NHOLES:
                raise FireIceError("a position has 49 holes, not %d" % len(cells))
        c = self.cells
        for k in range(24):
            self.im[k] = 0
            self.pm[k] = 0
        for k in range(3):
            self.count[k] = 0
        for h in range(_NHOLES):
            c[h] = 0
            v = cells[h]
            if v:
                if v > 2:
                    raise FireIceError("hole %d holds %d, not 0, 1 or 2" % (h, v))
                self._put(h, v)

    @micropython.native
    def _put(self, h, side):
        # An empty hole receives a peg of side.
        i = h // 7
        p = h - i * 7
        self.cells[h] = side
        im = self.im
        pm = self.pm
        im[i] |= 1 << p
        im[8 * side + i] |= 1 << p
        pm[p] |= 1 << i
        pm[8 * side + p] |= 1 << i
        self.count[side] += 1

    @micropython.native
    def _take(self, h):
        # A peg leaves hole h.
        i = h // 7
        p = h - i * 7
        side = self.cells[h]
        self.cells[h] = 0
        im = self.im
        pm = self.pm
        im[i] &= ~(1 << p)
        im[8 * side + i] &= ~(1 << p)
        pm[p] &= ~(1 << i)
        pm[8 * side + p] &= ~(1 << i)
        self.count[side] -= 1

    def position(self):
        # (imported here: the module's table of names then stays within 12
        # slots, where one name more takes it to 17, in the heap of every
        # board for good. Not parse_position: set_position runs on the
        # Pico's second core, as the engine makes its game, and nothing
        # imports there: docs/versus.md)
        from fireice.geom import position_str

        return position_str(self.cells)

    @micropython.native
    def control(self, side):
        """7-bit mask of the islands on which side holds a line."""
        im = self.im
        b = 8 * side
        m = 0
        for i in range(7):
            if LINE_OF[im[b + i]]:
                m |= 1 << i
        return m

    def check_peg(self, frm, to):
        """The checks every move shares (game over, the peg, the shape), as a
        reason, or None; the game's check() adds what its destination needs."""
        if self.result:
            return "the game is over"
        s = self.cells[frm]
        if not s:
            return "%s is empty" % hole_name(frm)
        if self.to_move and s != self.to_move:
            return "%s holds a %s peg and %s is to move" % (
                hole_name(frm),
                SIDE_NAMES[s],
                SIDE_NAMES[self.to_move],
            )
        if frm == to:
            return "the peg must move"
        if frm // 7 != to // 7 and frm % 7 != to % 7:
            return "%s is neither on the island of %s nor at its position" % (
                hole_name(to),
                hole_name(frm),
            )
        return None

    def check(self, frm, to):
        return self.check_peg(frm, to)

    def play(self, frm, to):
        """Check the move and make it; IllegalMoveError says why not."""
        why = self.check(frm, to)
        if why:
            raise IllegalMoveError("%s: %s" % (move_name(frm, to), why))
        self.push(frm, to)  # type: ignore[attr-defined]  # Duel, Solitaire

    def play_str(self, text):
        """play('F6-C6')."""
        from fireice.notation import parse_move

        frm, to = parse_move(text)
        self.play(frm, to)
