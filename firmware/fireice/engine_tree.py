# A part of the engine (fireice.engine), in a module of its own so that
# the board can load the engine a small module a pass
# (fireboard.track_hinting: one import at Pico speed is held to about a
# scan period);
# the tree's growth, selection and proofs, Engine's methods.
import micropython
from micropython import const

from fireice.engine_opinions import prior
from fireice.engine_tables import _RSQ, _SQL
from fireice.moves import legal_moves

_DRAW = const(3)  # a duel's result: fireice.duel says why a copy


@micropython.native
def _expand(self, g, k):
    # children of node k, ordered by prior (insertion sort); False if full
    buf = self.move_list
    n = legal_moves(g, buf)
    first = self.used
    if first + n > self.cap:
        return False
    s = g.to_move
    move = self.move
    priors = self.priors
    fill = self.care >= 100
    for c in range(n):
        frm = buf[2 * c]
        to = buf[2 * c + 1]
        m = frm * 64 + to
        v = prior(g, frm, to, s, fill)
        x = first + c
        while x > first and priors[x - 1] < v:
            move[x] = move[x - 1]
            priors[x] = priors[x - 1]
            x -= 1
        move[x] = m
        priors[x] = v
    for c in range(first, first + n):
        self.first_child[c] = 0
        self.child_count[c] = 0
        self.visits[c] = 0
        self.points[c] = 0
        self.proof[c] = 0
    self.first_child[k] = first
    self.child_count[k] = n
    self.used = first + n
    return True


@micropython.native
def _select(self, k, s):
    # the child of k to follow (s to move at k), -1 when all are lost
    visits = self.visits
    points = self.points
    proof = self.proof
    priors = self.priors
    nv = visits[k] + 1
    e = _log2(nv)
    lnx = ((16 * e + ((nv << 4) >> e) - 16) * 177) >> 8
    if lnx > 351:
        lnx = 351
    sl = _SQL[lnx]
    rsq = _RSQ
    best = -1
    bv = -1
    first = self.first_child[k]
    for c in range(first, first + self.child_count[k]):
        pr = proof[c]
        if pr:
            if pr == s:
                return c
            if pr != _DRAW:
                continue
            v = 512
        else:
            n = visits[c]
            if n == 0:
                v = 256 + priors[c] * 2 + (sl >> 1)
            else:
                if n < 256:
                    r = rsq[n]
                elif n < 65536:
                    r = rsq[n >> 8] >> 4
                else:
                    r = 1
                v = points[c] * 512 // n + ((sl * r) >> 10) + priors[c] * 4 // (n + 1)
        if v > bv:
            bv = v
            best = c
    return best


@micropython.native
def _prove_up(self, depth):
    # a node on the path got a proof: carry it up while it decides a parent
    path = self.path
    side = self.side
    proof = self.proof
    d = depth - 1
    while d >= 0:
        c = path[d]
        p = path[d - 1] if d else 0
        s = side[d]
        r = proof[c]
        if r == s:
            proof[p] = s
        else:
            best = 0
            first = self.first_child[p]
            for x in range(first, first + self.child_count[p]):
                rx = proof[x]
                if not rx:
                    return
                if rx == s:
                    best = s
                    break
                if rx == _DRAW:
                    best = _DRAW
                elif not best:
                    best = rx
            proof[p] = best
        d -= 1


@micropython.native
def _log2(x):
    e = 0
    while x > 1:
        x >>= 1
        e += 1
    return e
