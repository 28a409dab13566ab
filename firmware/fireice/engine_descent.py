# A part of the engine (fireice.engine), in a module of its own so that
# the board can load the engine a small module a pass
# (fireboard.track_hinting: one import at Pico speed is held to about a
# scan period);
# one descent of the tree, Engine's method.
import micropython
from micropython import const

from fireice.danger import win_move

_DRAW = const(3)  # a duel's result: fireice.duel says why a copy


@micropython.native
def _iterate(self, g):
    # one descent, evaluation and update; returns the result found
    path = self.path
    side = self.side
    visits = self.visits
    proof = self.proof
    k = 0
    depth = 0
    ply0 = g.ply
    r = 0
    proved = False
    while True:
        if proof[k]:
            r = proof[k]
            break
        if k and visits[k] == 0:
            # first visit: the end, a win at once, else a playout.
            # A beginner (care < 100) sometimes overlooks what the
            # opponent gets: the fill that gives them the game, or
            # their win at once.
            look = self.care >= 100 or self.below(100) < self.care
            r = g.result
            if r:
                if look or r == side[depth - 1]:
                    proof[k] = r
                    proved = True
                break
            t = g.to_move
            if look:
                if win_move(g, t) >= 0:
                    proof[k] = t
                    r = t
                    proved = True
                    break
            r = self.playout(g)
            break
        r = g.result
        if r:
            # the end, overlooked on the first visit
            break
        if self.child_count[k] == 0:
            if visits[k] < self.grow or not self._expand(g, k):
                r = self.playout(g)
                break
        s = g.to_move
        c = self._select(k, s)
        if c < 0:
            r = 3 - s
            break
        m = self.move[c]
        g.push(m >> 6, m & 63)
        path[depth] = c
        side[depth] = s
        depth += 1
        k = c
    while g.ply > ply0:
        g.pop()
    visits[0] += 1
    points = self.points
    for d in range(depth):
        c = path[d]
        visits[c] += 1
        if r == side[d]:
            points[c] += 2
        elif r == _DRAW:
            points[c] += 1
    if proved:
        self._prove_up(depth)
    return r
