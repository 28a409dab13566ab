# The solitaire variant: every move captures a peg of the other colour.
import micropython
from micropython import const


from fireice.geom import (
    SIDE_NAMES,
    FireIceError,
    hole_name,
)
from fireice.position import Position

_WON = const(4)
_LOST = const(5)
_MAXPLY = const(48)  # every capture removes a peg


class Solitaire(Position):
    """Solitaire: to_move is 0 before the first move (either colour may
    start) and once the game is over; result is 0, 4 (won) or 5 (lost)."""

    def __init__(self, position, to_move=0):
        Position.__init__(self)
        self.hist = bytearray(2 * _MAXPLY)
        self.ply = 0
        self.fixed = 0  # colour that must make the first move, 0 for either
        self.to_move = 0
        self.result = 0
        self.reset(position, to_move)

    def reset(self, position, to_move=0):
        if to_move not in (0, 1, 2):
            raise FireIceError("to_move must be 0 (either), 1 (fire) or 2 (ice)")
        self.set_position(position)
        self.ply = 0
        self.fixed = to_move
        self._settle(to_move)

    @micropython.native
    def has_capture(self, side):
        """side has a peg that can capture (same island or same position)."""
        im = self.im
        pm = self.pm
        a = 8 * side
        b = 8 * (3 - side)
        for i in range(7):
            if im[a + i] and im[b + i]:
                return True
            if pm[a + i] and pm[b + i]:
                return True
        return False

    @micropython.native
    def _settle(self, side):
        # side: the colour to move now, 0 when either may (before the first move)
        if side:
            over = not self.has_capture(side)
        else:
            over = not (self.has_capture(1) or self.has_capture(2))
        if over:
            self.to_move = 0
            self.result = _WON if self.count[1] + self.count[2] == 1 else _LOST
        else:
            self.to_move = side
            self.result = 0

    @micropython.native
    def push(self, frm, to):
        """The peg on frm captures the peg on to (a legal capture)."""
        s = self.cells[frm]
        self._take(to)
        self._take(frm)
        self._put(to, s)
        n = self.ply
        self.hist[2 * n] = frm
        self.hist[2 * n + 1] = to
        self.ply = n + 1
        self._settle(3 - s)

    @micropython.native
    def pop(self):
        n = self.ply - 1
        if n < 0:
            raise FireIceError("no move to take back")
        self.ply = n
        frm = self.hist[2 * n]
        to = self.hist[2 * n + 1]
        s = self.cells[to]
        self._take(to)
        self._put(frm, s)
        self._put(to, 3 - s)
        self.result = 0
        self.to_move = s if n else self.fixed
        return frm * 64 + to

    def check(self, frm, to):
        """Why the capture frm -> to is illegal now, or None when it is legal."""
        why = self.check_peg(frm, to)
        if why is None:
            c = self.cells[to]
            if not c:
                return "%s is empty: a solitaire move must capture" % hole_name(to)
            if c == self.cells[frm]:
                return "%s holds a %s peg: capture the other colour" % (
                    hole_name(to),
                    SIDE_NAMES[c],
                )
        return why
