# A part of the engine (fireice.engine), in a module of its own so that
# the board can load the engine a small module a pass
# (fireboard.track_hinting: one import at Pico speed is held to about a
# scan period);
# the playouts and the proof search's step, Engine's methods.
import micropython

from fireice.danger import win_move
from fireice.engine_opinions import gift
from fireice.geom import TARGETS as _TARGETS
from fireice.moves import legal_moves
from fireice.ticks import ticks_diff as _ticks_diff
from fireice.ticks import ticks_ms as _ticks_ms


@micropython.native
def playout(self, g):
    """Play to the end: a side that can win at once does; otherwise a
    random move that does not hand the opponent the win through the fill.
    Returns the result. The moves are played on a copy: g is left as it was."""
    if g.result:
        return g.result
    g = self._clone(g)
    pegs = g.pegs
    cells = g.cells
    targets = _TARGETS
    while not g.result:
        s = g.to_move
        mv = win_move(g, s)
        if mv < 0:
            n = 12 * g.count[s]
            b = 25 * (s - 1)
            o = 3 - s
            tries = 0
            while True:
                r = self.below(n)
                k = r // 12
                h = pegs[b + k]
                t = targets[12 * h + r - 12 * k]
                if not cells[t]:
                    mv = h * 64 + t
                    tries += 1
                    if tries > 4 or not gift(g, h, o):
                        break
        g.push(mv >> 6, mv & 63)
    return g.result


@micropython.native
def _wins(self, g, d, s):
    # does s win within d plies whatever the other side does? Where s is
    # to move, one move that wins is enough (an OR node); where the other
    # side is, every move must lose (an AND node).
    t = g.to_move
    if t == s:
        if win_move(g, s) >= 0:
            return True
        if d < 3:
            return False
    elif d < 2 or win_move(g, t) >= 0:
        return False
    if self.proof_nodes >= self.proof_limit:
        return False
    if t != s and not self.proof_nodes & 63:
        if self.stop or (
            self.limit_ms and _ticks_diff(_ticks_ms(), self.started_ms) > self.limit_ms // 3
        ):
            self.proof_limit = 0
            return False
    buf = self.proof_lists[d]
    n = legal_moves(g, buf)
    o = 3 - t
    for k in range(n):
        frm = buf[2 * k]
        to = buf[2 * k + 1]
        if gift(g, frm, o):
            # a move that hands the game over: s never plays it, and
            # the other side loses with it anyway
            continue
        self.proof_nodes += 1
        g.push(frm, to)
        r = g.result
        ok = r == s if r else self._wins(g, d - 1, s)
        g.pop()
        if ok == (t == s):
            if ok and d == self.proof_depth:
                self.proof_move = frm * 64 + to
            return ok
    return t != s
