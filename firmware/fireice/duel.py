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
# A duel's result (Duel.result): 1 Fire won, 2 Ice won, _DRAW. The engine's
# modules copy _DRAW as a const of their own: a const is folded into the
# code where it is compiled, and the engine's native loops compare with it
# at every node, where a name imported from here would be a lookup each time.
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
        # position with to_move to play (forced passes and an already
        # decided position are applied at once). (Here, not a method of
        # its own: nothing else starts a game again, and each method costs
        # the board's heap a function and a slot in the class's table.)
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

    @micropython.viper
    def _control(self, i: int, j: int):
        # each side's control of islands i and j (the islands a move touched)
        im = ptr8(self.im)
        c = ptr8(self.ctrl)
        line_of = ptr8(LINE_OF)
        x = i
        while True:
            b = 1 << x
            if line_of[im[8 + x]]:
                c[1] |= b
            else:
                c[1] &= 0x7F ^ b
            if line_of[im[16 + x]]:
                c[2] |= b
            else:
                c[2] &= 0x7F ^ b
            if x == j:
                break
            x = j

    @micropython.viper  # machine integers and byte pointers: the playouts' hot path
    def push(self, frm: int, to: int):
        """Move the peg on frm to to and fill frm from the opponent's supply.
        The move must be legal (see check()); a hole out of range, an empty
        frm, no peg left for the fill or a 50th ply raise FireIceError (the
        byte pointers have no bounds)."""
        if frm < 0 or frm > 48 or to < 0 or to > 48:
            raise FireIceError("push: a hole is 0 to 48")
        cells = ptr8(self.cells)
        s = cells[frm]
        if s == 0 or s > 2:
            raise FireIceError("push: no peg on the hole moved from")
        o = 3 - s
        count = ptr8(self.count)
        if count[o] >= _PEGS or int(self.ply) >= _MAXPLY:
            raise FireIceError("push: no peg for the fill, or the game is too long")
        im = ptr8(self.im)
        pm = ptr8(self.pm)
        i = frm // 7
        p = frm - 7 * i
        j = to // 7
        q = to - 7 * j
        cells[to] = s
        cells[frm] = o
        bp = 1 << p
        bq = 1 << q
        bj = 1 << j
        im[j] |= bq
        im[8 * s + i] &= 0x7F ^ bp
        im[8 * s + j] |= bq
        im[8 * o + i] |= bp
        pm[q] |= bj
        pm[8 * s + p] &= 0x7F ^ (1 << i)
        pm[8 * s + q] |= bj
        pm[8 * o + p] |= 1 << i
        count[o] += 1
        # peg lists: the mover's peg changes hole, the fill joins the end
        pegs = ptr8(self.pegs)
        slot = ptr8(self.slot)
        k = slot[frm]
        pegs[k] = to
        slot[to] = k
        k = _PEGS * (o - 1) + count[o] - 1
        pegs[k] = frm
        slot[frm] = k
        n = int(self.ply)
        hist = ptr8(self.hist)
        hist[2 * n] = frm
        hist[2 * n + 1] = to
        self.ply = n + 1
        self._control(i, j)
        self._settle(s, o)

    @micropython.viper  # machine integers and byte pointers, as push
    def pop(self) -> int:
        """Take back the last move; returns (frm, to) packed as frm * 64 + to."""
        n = int(self.ply) - 1
        if n < 0:
            raise FireIceError("no move to take back")
        self.ply = n
        hist = ptr8(self.hist)
        frm = hist[2 * n]
        to = hist[2 * n + 1]
        cells = ptr8(self.cells)
        im = ptr8(self.im)
        pm = ptr8(self.pm)
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
        bj = 1 << j
        im[j] &= 0x7F ^ bq
        im[8 * s + i] |= bp
        im[8 * s + j] &= 0x7F ^ bq
        im[8 * o + i] &= 0x7F ^ bp
        pm[q] &= 0x7F ^ bj
        pm[8 * s + p] |= 1 << i
        pm[8 * s + q] &= 0x7F ^ bj
        pm[8 * o + p] &= 0x7F ^ (1 << i)
        count = ptr8(self.count)
        count[o] -= 1
        slot = ptr8(self.slot)
        k = slot[to]
        pegs = ptr8(self.pegs)
        pegs[k] = frm
        slot[frm] = k
        self._control(i, j)
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
