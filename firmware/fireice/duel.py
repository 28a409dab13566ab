# The two-player game.
import micropython
from micropython import const


from fireice.geom import (
    LINE_OF,
    LINES,
    SIDE_NAMES,
    START,
    FireIceError,
    hole_name,
)
from fireice.position import Position

_PEGS = const(25)  # pegs per side
_DRAW = const(3)
_MAXPLY = const(49)  # every move adds a peg to the board


class Duel(Position):
    """A two-player game: position, whose turn, control, result, history.

    to_move is 1 (Fire) or 2 (Ice), 0 once the game is over; result is 0
    while it runs, then 1 (Fire won), 2 (Ice won) or 3 (draw).
    ctrl[side] is the 7-bit mask of islands that side controls.

    push()/pop() make and take back a move without checking it and without
    allocating; play() checks first and raises IllegalMoveError.
    """

    duel = True

    def __init__(self, position=START, to_move=1):
        Position.__init__(self)
        self.ctrl = bytearray(3)
        self.hist = bytearray(2 * _MAXPLY)
        self.ply = 0
        # Pegs of each side as a list of holes (Fire at 0.., Ice at 25..) and
        # the index of each hole's peg in it: random playouts draw from them.
        self.pegs = bytearray(2 * _PEGS)
        self.slot = bytearray(49)
        self.to_move = 0
        self.result = 0
        self.reset(position, to_move)

    def reset(self, position=START, to_move=1):
        """Start again from position with to_move to play (forced passes and
        an already decided position are applied at once)."""
        if to_move != 1 and to_move != 2:
            raise FireIceError("to_move must be 1 (fire) or 2 (ice)")
        self.set_position(position)
        for side in (1, 2):
            if self.count[side] > _PEGS:
                raise FireIceError(
                    "%d %s pegs on the board: a side has only 25"
                    % (self.count[side], SIDE_NAMES[side])
                )
        k = [0, 0, _PEGS]
        for h in range(49):
            s = self.cells[h]
            if s:
                self.pegs[k[s]] = h
                self.slot[h] = k[s]
                k[s] += 1
        self.ply = 0
        c = self.ctrl
        c[1] = self.control(1)
        c[2] = self.control(2)
        self._settle(3 - to_move, to_move)

    def supply(self, side):
        """Pegs of side not yet on the board."""
        return _PEGS - self.count[side]

    @micropython.native
    def can_move(self, side):
        """side has a peg with an empty destination, and the opponent a peg
        in the supply for the fill."""
        if self.count[3 - side] >= _PEGS:
            return False
        im = self.im
        b = 8 * side
        for i in range(7):
            if im[b + i] and im[i] != 0x7F:
                return True
        pm = self.pm
        for p in range(7):
            if pm[b + p] and pm[p] != 0x7F:
                return True
        return False

    @micropython.native
    def _settle(self, s, o):
        # After a move by s (or at the start, with o to move): result and turn.
        c = self.ctrl
        if LINE_OF[c[1]]:
            self.result = 1
        elif LINE_OF[c[2]]:
            self.result = 2
        elif self.can_move(o):
            self.result = 0
            self.to_move = o
            return
        elif self.can_move(s):
            self.result = 0
            self.to_move = s
            return
        else:
            self.result = _DRAW
        self.to_move = 0

    @micropython.native
    def _recontrol(self, i):
        im = self.im
        c = self.ctrl
        b = 1 << i
        if LINE_OF[im[8 + i]]:
            c[1] |= b
        else:
            c[1] &= 0x7F ^ b
        if LINE_OF[im[16 + i]]:
            c[2] |= b
        else:
            c[2] &= 0x7F ^ b

    @micropython.native
    def push(self, frm, to):
        """Move the peg on frm to to and fill frm from the opponent's supply.
        The move must be legal (see check())."""
        cells = self.cells
        im = self.im
        pm = self.pm
        s = cells[frm]
        o = 3 - s
        i = frm // 7
        p = frm - 7 * i
        j = to // 7
        q = to - 7 * j
        cells[to] = s
        cells[frm] = o
        bp = 1 << p
        bq = 1 << q
        bi = 1 << i
        bj = 1 << j
        im[j] |= bq
        im[8 * s + i] &= 0x7F ^ bp
        im[8 * s + j] |= bq
        im[8 * o + i] |= bp
        pm[q] |= bj
        pm[8 * s + p] &= 0x7F ^ bi
        pm[8 * s + q] |= bj
        pm[8 * o + p] |= bi
        self.count[o] += 1
        # peg lists: the mover's peg changes hole, the fill joins the end
        pegs = self.pegs
        slot = self.slot
        k = slot[frm]
        pegs[k] = to
        slot[to] = k
        k = _PEGS * (o - 1) + self.count[o] - 1
        pegs[k] = frm
        slot[frm] = k
        n = self.ply
        self.hist[2 * n] = frm
        self.hist[2 * n + 1] = to
        self.ply = n + 1
        self._recontrol(i)
        if j != i:
            self._recontrol(j)
        self._settle(s, o)

    @micropython.native
    def pop(self):
        """Take back the last move; returns (frm, to) packed as frm * 64 + to."""
        n = self.ply - 1
        if n < 0:
            raise FireIceError("no move to take back")
        self.ply = n
        frm = self.hist[2 * n]
        to = self.hist[2 * n + 1]
        cells = self.cells
        im = self.im
        pm = self.pm
        s = cells[to]
        o = 3 - s
        i = frm // 7
        p = frm - 7 * i
        j = to // 7
        q = to - 7 * j
        cells[frm] = s
        cells[to] = 0
        bp = 1 << p
        bq = 1 << q
        bi = 1 << i
        bj = 1 << j
        im[j] &= 0x7F ^ bq
        im[8 * s + i] |= bp
        im[8 * s + j] &= 0x7F ^ bq
        im[8 * o + i] &= 0x7F ^ bp
        pm[q] &= 0x7F ^ bj
        pm[8 * s + p] |= bi
        pm[8 * s + q] &= 0x7F ^ bj
        pm[8 * o + p] &= 0x7F ^ bi
        self.count[o] -= 1
        k = self.slot[to]
        self.pegs[k] = frm
        self.slot[frm] = k
        self._recontrol(i)
        if j != i:
            self._recontrol(j)
        # a move was possible, so the game was running with s to move
        self.result = 0
        self.to_move = s
        return frm * 64 + to

    def check(self, frm, to):
        """Why the move frm -> to is illegal now, or None when it is legal."""
        why = self.check_peg(frm, to)
        if why is None and self.cells[to]:
            return "%s is not empty" % hole_name(to)
        return why

    def winning_line(self):
        """7-bit mask of the line of islands that won, 0 while nobody has."""
        r = self.result
        if r == 1 or r == 2:
            k = LINE_OF[self.ctrl[r]]
            if k:
                return LINES[k - 1]
        return 0
