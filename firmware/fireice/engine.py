# The Fire and Ice player: Monte Carlo tree search with a solver (MCTS-Solver)
# and a proof search for short forced wins. docs/engine.md explains the method,
# the levels and how they were measured.
#
# The tree lives in arrays made once per Engine (their size is the level's
# memory), so thinking allocates nothing: no lists, no floats (a float is a
# heap object on the board), no integers above 2**30.
#
# Its code is in five modules besides this one, each needing only those
# before it here, so that the board can load them one a pass and keep
# scanning meanwhile (fireboard.track_hinting; fireboard.mem.ENGINE_CODE;
# the passes' times: bench/RESULTS.md, "The hint's passes"): fireice.engine_tables
# (the selection's square-root tables), engine_opinions (the move opinions gift and
# prior, the random numbers), engine_playout (the playouts, the proof search's
# step), engine_tree (the tree's growth, selection and proofs), engine_descent (one
# descent). The methods among them are Engine's (assigned below).
import micropython
from micropython import const

from fireice.ticks import ticks_diff as _ticks_diff
from fireice.ticks import ticks_ms as _ticks_ms

from array import array

from fireice.danger import win_move
from fireice.duel import Duel
from fireice import engine_opinions, engine_playout, engine_tree, engine_descent

_DRAW = const(3)  # a duel's result: fireice.duel says why a copy
_PATH = const(52)  # a game has at most 49 plies
_SMALL = const(32000)  # visits (and twice the wins) fit in two bytes
_ROOT = const(301)  # the root and its children (at most 300 moves)

# Levels: (playouts per move, tree nodes, proof-search plies, care, grow).
# Level 1..BOARD_LEVELS fit the board (32 KB, 2 s a move on a Pico by the
# estimate of fireice.pico: level 3's worst move of a whole game measured
# 1.57 s, its heap with the code 28.6 KB, docs/engine.md "Results"); the
# others are for the host. care (0..100) is the per cent of new tree nodes
# on which the engine looks at what the opponent gets (the fill that
# completes their line of islands, their win at once); below 100 its move
# ordering also forgets the fill (a beginner). grow is how many playouts a
# leaf gets before its children join the tree: at 2 the tree of level 6
# takes about half the nodes, and it stays under its cap (when it is full,
# further playouts no longer deepen it).
LEVELS = (
    None,
    (4, 301, 1, 30, 1),
    (15, 400, 1, 100, 1),
    (60, 800, 3, 100, 1),
    (400, 20000, 5, 100, 1),
    (2000, 100000, 5, 100, 1),
    (8000, 200000, 5, 100, 2),
)
BOARD_LEVELS = 3
MAX_LEVEL = 6

# Proof search: at most this many positions per ply of depth and playout.
_PROOF_NODES = const(40)


@micropython.viper
def _copy(dst, src, n: int):
    # the first n bytes of the bytearray src into dst
    d = ptr8(dst)
    s = ptr8(src)
    for k in range(n):
        d[k] = s[k]


class Engine:
    """A player for Fire and Ice duels.

    think(game) returns the chosen move as frm * 64 + to (-1 when the game is
    over) and leaves what it found in: score (per mille win chance for the side
    to move), proven (0, or the side a proof says wins: 1 Fire, 2 Ice, 3 draw),
    mate (plies to the proven end, 0 when not proven), work (playouts and proof
    positions), pv (the expected moves, packed, pv_len of them).
    The game is left as it was. The same seed gives the same moves.
    """

    below = engine_opinions.below
    playout = engine_playout.playout
    _wins = engine_playout._wins
    _expand = engine_tree._expand
    _select = engine_tree._select
    _prove_up = engine_tree._prove_up
    _iterate = engine_descent._iterate

    def __init__(self, level=3, seed=1, nodes=0):
        lv = LEVELS[level] if 1 <= level <= MAX_LEVEL else None
        if lv is None:
            raise ValueError("level must be 1 to %d, not %r" % (MAX_LEVEL, level))
        self.level = level
        self.playouts = lv[0]
        self.depth = lv[2]
        self.care = lv[3]
        self.grow = lv[4]
        cap = nodes or lv[1]
        if cap < _ROOT:
            cap = _ROOT
        self.cap = cap
        # The tree: node k's entry in each array. Node 0 is the root; a
        # node's children are consecutive, child_count of them from
        # first_child. Two bytes a number for a small tree (the board's
        # levels; a search is then held to _SMALL playouts), four for a big
        # one.
        t = "i" if cap > 65535 else "H"
        w = 4 if cap > 65535 else 2
        self.move = array("H", bytes(2 * cap))  # the move into node k, frm * 64 + to
        self.first_child = array(t, bytes(w * cap))
        self.child_count = array("H", bytes(2 * cap))
        self.visits = array(t, bytes(w * cap))  # playouts through k
        self.points = array(t, bytes(w * cap))  # 2 a win, 1 a draw, for who moved into k
        self.max_playouts = _SMALL if w == 2 else 1 << 29
        self.proof = bytearray(cap)  # 0, or the proven result: 1 Fire, 2 Ice, 3 draw
        self.priors = bytearray(cap)  # the move's opinion (engine_opinions.prior)
        self.move_list = bytearray(600)  # the legal moves of a node being expanded
        # the playouts' own game: a playout starts from a copy of the
        # position and is never taken back move by move (that took about
        # 40% of a playout's time)
        self.scratch = Duel()
        # proof search: one move list per ply of depth (plies 2.. use them)
        self.proof_lists = [bytearray(600 if d >= 2 else 0) for d in range(self.depth + 1)]
        # a descent: the nodes it went through and who moved at each
        self.path = array("i", bytes(4 * _PATH))
        self.side = bytearray(_PATH)
        self.pv = array("H", bytes(2 * _PATH))
        self.pv_len = 0
        self.used = 1
        self.seed(seed)
        self.score = 500
        self.proven = 0
        self.mate = 0
        self.work = 0
        # the proof search under way: positions searched, the most it may,
        # the depth it started from and the winning move it found there
        self.proof_nodes = 0
        self.proof_limit = 0
        self.proof_depth = 0
        self.proof_move = -1
        self.stop = False  # set from outside: the search ends at once
        # think's time limit (0: none), from when it started
        self.limit_ms = 0
        self.started_ms = _ticks_ms()

    # -- random numbers: Wichmann-Hill, three small generators (small ints) --
    def seed(self, seed):
        seed = int(seed) & 0x3FFFFFFF
        self.r1 = 1 + seed % 30268
        self.r2 = 1 + (seed // 30268 + 7919 * (seed % 101)) % 30306
        self.r3 = 1 + (seed // 917 + 104729 % 30322 * (seed % 7)) % 30322

    # -- playouts --
    def _clone(self, g):
        # the scratch game set to g's position (what push reads and writes)
        d = self.scratch
        _copy(d.cells, g.cells, 49)
        _copy(d.im, g.im, 24)
        _copy(d.pm, g.pm, 24)
        _copy(d.count, g.count, 3)
        _copy(d.ctrl, g.ctrl, 3)
        _copy(d.pegs, g.pegs, 50)
        _copy(d.slot, g.slot, 49)
        d.ply = g.ply
        d.to_move = g.to_move
        d.result = g.result
        return d

    # -- proof search --
    def prove(self, g, depth, limit):
        """A move with which the side to move wins within depth plies (odd),
        as frm * 64 + to, or -1 when none was found in limit positions."""
        self.proof_nodes = 0
        self.proof_limit = limit
        self.proof_depth = depth
        self.proof_move = -1
        s = g.to_move
        if not s:
            return -1
        mv = win_move(g, s)
        if mv >= 0:
            return mv
        if self._wins(g, depth, s) and self.proof_nodes < limit:
            return self.proof_move
        return -1

    # -- the tree --
    def think(self, g, playouts=0, ms=0):
        """Choose a move for the side to move in game g (a Duel). playouts:
        the work budget (0: the level's); ms: a time limit in milliseconds
        as well (0: none)."""
        self.proven = 0
        self.mate = 0
        self.work = 0
        self.pv_len = 0
        self.score = 500
        s = g.to_move
        if not s:
            return -1
        budget = playouts or self.playouts
        if budget > self.max_playouts:
            budget = self.max_playouts
        t0 = _ticks_ms()
        self.started_ms = t0
        self.limit_ms = ms
        mv = win_move(g, s)
        if mv >= 0:
            return self._proved(g, mv, s, 1)
        # proof search: a short forced win, deepening while the budget lasts
        limit = _PROOF_NODES * budget
        d = 3
        while d <= self.depth:
            mv = self.prove(g, d, limit)
            self.work += self.proof_nodes
            if mv >= 0:
                return self._proved(g, mv, s, d)
            if self.proof_nodes >= limit or (ms and _ticks_diff(_ticks_ms(), t0) > ms // 4):
                break
            d += 2
        # the tree
        self.used = 1
        self.first_child[0] = 0
        self.child_count[0] = 0
        self.visits[0] = 0
        self.points[0] = 0
        self.proof[0] = 0
        if not self._expand(g, 0):
            raise MemoryError("the engine's tree has no room for the moves")
        # an only move is searched too: the search gives the win chance
        n = 0
        while n < budget and not self.proof[0] and not self.stop:
            self._iterate(g)
            n += 1
            if ms and not n & 7 and _ticks_diff(_ticks_ms(), t0) >= ms:
                break
        self.work += n
        return self._finish(g, s)

    def _proved(self, g, mv, s, plies):
        self.proven = s
        self.mate = plies
        self.score = 1000
        self.pv[0] = mv
        self.pv_len = 1
        return mv

    def _finish(self, g, s):
        # the move: a proven win, else the most visited move not proven lost
        first = self.first_child[0]
        n = self.child_count[0]
        proof = self.proof
        visits = self.visits
        best = -1
        for c in range(first, first + n):
            if proof[c] == s:
                best = c
                break
            if best < 0:
                best = c
                continue
            bp = proof[best]
            cp = proof[c]
            lost_b = bp and bp != s and bp != _DRAW
            lost_c = cp and cp != s and cp != _DRAW
            if lost_b and not lost_c:
                best = c
            elif lost_b == lost_c and visits[c] > visits[best]:
                best = c
        if self.level == 1 and not proof[best]:
            best = self._human(first, n, best, s)
        pr = proof[best]
        if pr:
            self.proven = pr
            self.score = 1000 if pr == s else (500 if pr == _DRAW else 0)
        else:
            self.score = self._chance(first, n)
        self._pv(g, best)
        return self.move[best]

    def _chance(self, first, n):
        # The win chance of the side to move, per mille: the mean result of
        # all the search's playouts (every root child's wins over its
        # visits, a win 2 and a draw 1). Not the chosen move's own rate:
        # that is a maximum over moves and reads high for the side to move,
        # so a side's chance would rise and fall with the turn. From level 3
        # on, the mean is too timid (playouts spent on the moves the tree
        # rejects pull it to one half): its odds are squared,
        # p = x^2 / (x^2 + (1 - x)^2). docs/engine.md "Calibration" has
        # the measurements.
        w = 0
        v = 0
        for c in range(first, first + n):
            w += self.points[c]
            v += self.visits[c]
        if not v:
            return 500
        while v > 1 << 20:  # w * 500 stays a small int (below 2**30)
            v >>= 1
            w >>= 1
        x = w * 500 // v
        if self.level < 3:
            return x
        y = 1000 - x
        return 1000 * x * x // (x * x + y * y)

    def _human(self, first, n, best, s):
        # a beginner: any move seen as about as good as the best, at random
        visits = self.visits
        proof = self.proof
        top = visits[best]
        cands = 0
        for c in range(first, first + n):
            if not proof[c] and 2 * visits[c] >= top:
                cands += 1
        pick = self.below(cands) if cands else 0
        for c in range(first, first + n):
            if not proof[c] and 2 * visits[c] >= top:
                if pick == 0:
                    return c
                pick -= 1
        return best

    def _pv(self, g, c):
        # the most visited line from the root's child c
        k = 0
        while c > 0 and k < _PATH:
            self.pv[k] = self.move[c]
            k += 1
            if not self.child_count[c]:
                break
            first = self.first_child[c]
            b = -1
            for x in range(first, first + self.child_count[c]):
                if b < 0 or self.visits[x] > self.visits[b]:
                    b = x
            if self.visits[b] == 0:
                break
            c = b
        self.pv_len = k
