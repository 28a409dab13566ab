# The Fire and Ice player: Monte Carlo tree search with a solver (MCTS-Solver)
# and a proof search for short forced wins. docs/engine.md explains the method,
# the levels and how they were measured.
#
# The tree lives in arrays made once per Engine (their size is the level's
# memory), so thinking allocates nothing: no lists, no floats (a float is a
# heap object on the board), no integers above 2**30.
import micropython
from micropython import const

from fireice.ticks import ticks_diff as _ticks_diff
from fireice.ticks import ticks_ms as _ticks_ms

from array import array

from fireice.danger import win_move
from fireice.duel import Duel
from fireice.geom import LINE_OF, LINES
from fireice.geom import TARGETS as _TARGETS
from fireice.moves import legal_moves

_DRAW = const(3)
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


# SQL[x]: int(1024 * 0.75 * sqrt(x / 16)) for x < 352 (x = 16 ln N);
# RSQ[n]: int(1024 / sqrt(n)) for 0 < n < 256, RSQ[0] = 1024. Written out
# (little-endian, as the RP2040 and the development machine are), not
# worked out as the module loads: in floats that took about 55 ms on a
# Pico by the estimate, most of loading this module (tests/core/
# test_engine.py checks the values against the formulas)
_SQL = array(
    "H",
    b"\x00\x00\xc0\x00\x0f\x01\x4c\x01\x80\x01\xad\x01\xd6\x01\xfb\x01\x1f\x02\x40\x02"
    b"\x5f\x02\x7c\x02\x99\x02\xb4\x02\xce\x02\xe7\x02\x00\x03\x17\x03\x2e\x03\x44\x03"
    b"\x5a\x03\x6f\x03\x84\x03\x98\x03\xac\x03\xc0\x03\xd3\x03\xe5\x03\xf7\x03\x09\x04"
    b"\x1b\x04\x2d\x04\x3e\x04\x4e\x04\x5f\x04\x6f\x04\x80\x04\x8f\x04\x9f\x04\xaf\x04"
    b"\xbe\x04\xcd\x04\xdc\x04\xeb\x04\xf9\x04\x07\x05\x16\x05\x24\x05\x32\x05\x40\x05"
    b"\x4d\x05\x5b\x05\x68\x05\x75\x05\x82\x05\x8f\x05\x9c\x05\xa9\x05\xb6\x05\xc2\x05"
    b"\xcf\x05\xdb\x05\xe7\x05\xf3\x05\x00\x06\x0b\x06\x17\x06\x23\x06\x2f\x06\x3a\x06"
    b"\x46\x06\x51\x06\x5d\x06\x68\x06\x73\x06\x7e\x06\x89\x06\x94\x06\x9f\x06\xaa\x06"
    b"\xb5\x06\xc0\x06\xca\x06\xd5\x06\xdf\x06\xea\x06\xf4\x06\xfe\x06\x09\x07\x13\x07"
    b"\x1d\x07\x27\x07\x31\x07\x3b\x07\x45\x07\x4f\x07\x59\x07\x62\x07\x6c\x07\x76\x07"
    b"\x80\x07\x89\x07\x93\x07\x9c\x07\xa6\x07\xaf\x07\xb8\x07\xc2\x07\xcb\x07\xd4\x07"
    b"\xdd\x07\xe6\x07\xef\x07\xf8\x07\x01\x08\x0a\x08\x13\x08\x1c\x08\x25\x08\x2e\x08"
    b"\x37\x08\x40\x08\x48\x08\x51\x08\x5a\x08\x62\x08\x6b\x08\x73\x08\x7c\x08\x84\x08"
    b"\x8d\x08\x95\x08\x9d\x08\xa6\x08\xae\x08\xb6\x08\xbf\x08\xc7\x08\xcf\x08\xd7\x08"
    b"\xdf\x08\xe7\x08\xef\x08\xf7\x08\x00\x09\x07\x09\x0f\x09\x17\x09\x1f\x09\x27\x09"
    b"\x2f\x09\x37\x09\x3f\x09\x46\x09\x4e\x09\x56\x09\x5e\x09\x65\x09\x6d\x09\x75\x09"
    b"\x7c\x09\x84\x09\x8b\x09\x93\x09\x9a\x09\xa2\x09\xa9\x09\xb1\x09\xb8\x09\xc0\x09"
    b"\xc7\x09\xce\x09\xd6\x09\xdd\x09\xe4\x09\xeb\x09\xf3\x09\xfa\x09\x01\x0a\x08\x0a"
    b"\x0f\x0a\x17\x0a\x1e\x0a\x25\x0a\x2c\x0a\x33\x0a\x3a\x0a\x41\x0a\x48\x0a\x4f\x0a"
    b"\x56\x0a\x5d\x0a\x64\x0a\x6b\x0a\x72\x0a\x79\x0a\x80\x0a\x86\x0a\x8d\x0a\x94\x0a"
    b"\x9b\x0a\xa2\x0a\xa8\x0a\xaf\x0a\xb6\x0a\xbd\x0a\xc3\x0a\xca\x0a\xd1\x0a\xd7\x0a"
    b"\xde\x0a\xe4\x0a\xeb\x0a\xf2\x0a\xf8\x0a\xff\x0a\x05\x0b\x0c\x0b\x12\x0b\x19\x0b"
    b"\x1f\x0b\x26\x0b\x2c\x0b\x33\x0b\x39\x0b\x40\x0b\x46\x0b\x4c\x0b\x53\x0b\x59\x0b"
    b"\x5f\x0b\x66\x0b\x6c\x0b\x72\x0b\x79\x0b\x7f\x0b\x85\x0b\x8b\x0b\x92\x0b\x98\x0b"
    b"\x9e\x0b\xa4\x0b\xaa\x0b\xb0\x0b\xb7\x0b\xbd\x0b\xc3\x0b\xc9\x0b\xcf\x0b\xd5\x0b"
    b"\xdb\x0b\xe1\x0b\xe7\x0b\xed\x0b\xf3\x0b\xf9\x0b\x00\x0c\x05\x0c\x0b\x0c\x11\x0c"
    b"\x17\x0c\x1d\x0c\x23\x0c\x29\x0c\x2f\x0c\x35\x0c\x3b\x0c\x41\x0c\x47\x0c\x4d\x0c"
    b"\x52\x0c\x58\x0c\x5e\x0c\x64\x0c\x6a\x0c\x6f\x0c\x75\x0c\x7b\x0c\x81\x0c\x87\x0c"
    b"\x8c\x0c\x92\x0c\x98\x0c\x9d\x0c\xa3\x0c\xa9\x0c\xaf\x0c\xb4\x0c\xba\x0c\xc0\x0c"
    b"\xc5\x0c\xcb\x0c\xd0\x0c\xd6\x0c\xdc\x0c\xe1\x0c\xe7\x0c\xec\x0c\xf2\x0c\xf7\x0c"
    b"\xfd\x0c\x03\x0d\x08\x0d\x0e\x0d\x13\x0d\x19\x0d\x1e\x0d\x24\x0d\x29\x0d\x2f\x0d"
    b"\x34\x0d\x39\x0d\x3f\x0d\x44\x0d\x4a\x0d\x4f\x0d\x55\x0d\x5a\x0d\x5f\x0d\x65\x0d"
    b"\x6a\x0d\x6f\x0d\x75\x0d\x7a\x0d\x80\x0d\x85\x0d\x8a\x0d\x8f\x0d\x95\x0d\x9a\x0d"
    b"\x9f\x0d\xa5\x0d\xaa\x0d\xaf\x0d\xb4\x0d\xba\x0d\xbf\x0d\xc4\x0d\xc9\x0d\xcf\x0d"
    b"\xd4\x0d\xd9\x0d\xde\x0d\xe3\x0d\xe9\x0d\xee\x0d\xf3\x0d\xf8\x0d\xfd\x0d\x02\x0e"
    b"\x07\x0e\x0d\x0e",
)
_RSQ = array(
    "H",
    b"\x00\x04\x00\x04\xd4\x02\x4f\x02\x00\x02\xc9\x01\xa2\x01\x83\x01\x6a\x01\x55\x01"
    b"\x43\x01\x34\x01\x27\x01\x1c\x01\x11\x01\x08\x01\x00\x01\xf8\x00\xf1\x00\xea\x00"
    b"\xe4\x00\xdf\x00\xda\x00\xd5\x00\xd1\x00\xcc\x00\xc8\x00\xc5\x00\xc1\x00\xbe\x00"
    b"\xba\x00\xb7\x00\xb5\x00\xb2\x00\xaf\x00\xad\x00\xaa\x00\xa8\x00\xa6\x00\xa3\x00"
    b"\xa1\x00\x9f\x00\x9e\x00\x9c\x00\x9a\x00\x98\x00\x96\x00\x95\x00\x93\x00\x92\x00"
    b"\x90\x00\x8f\x00\x8e\x00\x8c\x00\x8b\x00\x8a\x00\x88\x00\x87\x00\x86\x00\x85\x00"
    b"\x84\x00\x83\x00\x82\x00\x81\x00\x80\x00\x7f\x00\x7e\x00\x7d\x00\x7c\x00\x7b\x00"
    b"\x7a\x00\x79\x00\x78\x00\x77\x00\x77\x00\x76\x00\x75\x00\x74\x00\x73\x00\x73\x00"
    b"\x72\x00\x71\x00\x71\x00\x70\x00\x6f\x00\x6f\x00\x6e\x00\x6d\x00\x6d\x00\x6c\x00"
    b"\x6b\x00\x6b\x00\x6a\x00\x6a\x00\x69\x00\x69\x00\x68\x00\x67\x00\x67\x00\x66\x00"
    b"\x66\x00\x65\x00\x65\x00\x64\x00\x64\x00\x63\x00\x63\x00\x62\x00\x62\x00\x62\x00"
    b"\x61\x00\x61\x00\x60\x00\x60\x00\x5f\x00\x5f\x00\x5f\x00\x5e\x00\x5e\x00\x5d\x00"
    b"\x5d\x00\x5d\x00\x5c\x00\x5c\x00\x5b\x00\x5b\x00\x5b\x00\x5a\x00\x5a\x00\x5a\x00"
    b"\x59\x00\x59\x00\x59\x00\x58\x00\x58\x00\x58\x00\x57\x00\x57\x00\x57\x00\x56\x00"
    b"\x56\x00\x56\x00\x55\x00\x55\x00\x55\x00\x55\x00\x54\x00\x54\x00\x54\x00\x53\x00"
    b"\x53\x00\x53\x00\x53\x00\x52\x00\x52\x00\x52\x00\x51\x00\x51\x00\x51\x00\x51\x00"
    b"\x50\x00\x50\x00\x50\x00\x50\x00\x4f\x00\x4f\x00\x4f\x00\x4f\x00\x4f\x00\x4e\x00"
    b"\x4e\x00\x4e\x00\x4e\x00\x4d\x00\x4d\x00\x4d\x00\x4d\x00\x4c\x00\x4c\x00\x4c\x00"
    b"\x4c\x00\x4c\x00\x4b\x00\x4b\x00\x4b\x00\x4b\x00\x4b\x00\x4a\x00\x4a\x00\x4a\x00"
    b"\x4a\x00\x4a\x00\x49\x00\x49\x00\x49\x00\x49\x00\x49\x00\x48\x00\x48\x00\x48\x00"
    b"\x48\x00\x48\x00\x48\x00\x47\x00\x47\x00\x47\x00\x47\x00\x47\x00\x47\x00\x46\x00"
    b"\x46\x00\x46\x00\x46\x00\x46\x00\x45\x00\x45\x00\x45\x00\x45\x00\x45\x00\x45\x00"
    b"\x45\x00\x44\x00\x44\x00\x44\x00\x44\x00\x44\x00\x44\x00\x43\x00\x43\x00\x43\x00"
    b"\x43\x00\x43\x00\x43\x00\x43\x00\x42\x00\x42\x00\x42\x00\x42\x00\x42\x00\x42\x00"
    b"\x42\x00\x41\x00\x41\x00\x41\x00\x41\x00\x41\x00\x41\x00\x41\x00\x41\x00\x40\x00"
    b"\x40\x00\x40\x00\x40\x00\x40\x00\x40\x00\x40\x00",
)


@micropython.native
def gift(g, frm, o):
    """True when the peg of o that fills frm completes a line of islands for
    o: the move hands o the game."""
    i = frm // 7
    bi = 1 << i
    co = g.ctrl[o]
    if co & bi or not LINE_OF[co | bi]:
        return False
    return LINE_OF[g.im[8 * o + i] | (1 << (frm - 7 * i))] != 0


@micropython.native
def prior(g, frm, to, s, fill=True):
    """A quick opinion of the move frm -> to for s, 1..255 (64 is neutral):
    islands gained, kept, handed over or blocked, lines of two made. With
    fill False it forgets the opponent's peg that fills frm, as a beginner."""
    im = g.im
    ctrl = g.ctrl
    o = 3 - s
    i = frm // 7
    p = frm - 7 * i
    j = to // 7
    q = to - 7 * j
    bp = 1 << p
    bq = 1 << q
    bi = 1 << i
    bj = 1 << j
    cs = ctrl[s]
    co = ctrl[o]
    v = 64
    ms = im[8 * s + j]
    occ = im[j] | bq
    if i == j:
        ms ^= bp
    ms |= bq
    if not cs & bj and LINE_OF[ms]:
        v += 50
        if LINE_OF[cs | bj]:
            v += 60
    if i != j and cs & bi and not LINE_OF[im[8 * s + i] ^ bp]:
        v -= 40
    mo = im[8 * o + i] | bp
    if fill and not co & bi and LINE_OF[mo]:
        v -= 40
        if LINE_OF[co | bi]:
            return 1
    if not co & bj and LINE_OF[im[8 * o + j] | bq]:
        v += 30
        if LINE_OF[co | bj]:
            v += 60
    for k in range(7):
        ln = LINES[k]
        if ln & bq:
            x = ms & ln
            if x != bq and x != ln and not (occ & (ln ^ x)):
                v += 8
    if v < 1:
        return 1
    if v > 255:
        return 255
    return v


class Engine:
    """A player for Fire and Ice duels.

    think(game) returns the chosen move as frm * 64 + to (-1 when the game is
    over) and leaves what it found in: score (per mille win chance for the side
    to move), proven (0, or the side a proof says wins: 1 Fire, 2 Ice, 3 draw),
    mate (plies to the proven end, 0 when not proven), work (playouts and proof
    positions), pv (the expected moves, packed, pv_len of them).
    The game is left as it was. The same seed gives the same moves.
    """

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
        # two bytes a number for a small tree (the board's levels; a search
        # is then held to _SMALL playouts), four for a big one
        t = "i" if cap > 65535 else "H"
        w = 4 if cap > 65535 else 2
        self.mv = array("H", bytes(2 * cap))
        self.kid = array(t, bytes(w * cap))
        self.nk = array("H", bytes(2 * cap))
        self.vis = array(t, bytes(w * cap))
        self.win = array(t, bytes(w * cap))
        self.most = _SMALL if w == 2 else 1 << 29
        self.prf = bytearray(cap)
        self.pri = bytearray(cap)
        self.buf = bytearray(600)
        # the playouts' own game: a playout starts from a copy of the
        # position and is never taken back move by move (that took about
        # 40% of a playout's time)
        self.sc = Duel()
        # proof search: one move list per ply of depth (plies 2.. use them)
        self.pbuf = [bytearray(600 if d >= 2 else 0) for d in range(self.depth + 1)]
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
        self.pnodes = 0
        self.plimit = 0
        self.stop = False
        self.ms = 0
        self.t0 = _ticks_ms()
        self.proot = 0
        self.pmove = -1

    # -- random numbers: Wichmann-Hill, three small generators (small ints) --
    def seed(self, seed):
        seed = int(seed) & 0x3FFFFFFF
        self.r1 = 1 + seed % 30268
        self.r2 = 1 + (seed // 30268 + 7919 * (seed % 101)) % 30306
        self.r3 = 1 + (seed // 917 + 104729 % 30322 * (seed % 7)) % 30322

    @micropython.native
    def below(self, n):
        """A random integer in 0..n-1 (n below 30000)."""
        a = 171 * self.r1 % 30269
        b = 172 * self.r2 % 30307
        c = 170 * self.r3 % 30323
        self.r1 = a
        self.r2 = b
        self.r3 = c
        return (a + b + c) % n

    # -- playouts --
    def _clone(self, g):
        # the scratch game set to g's position (what push reads and writes)
        d = self.sc
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

    # -- proof search --
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
        if self.pnodes >= self.plimit:
            return False
        if t != s and not self.pnodes & 63:
            if self.stop or (self.ms and _ticks_diff(_ticks_ms(), self.t0) > self.ms // 3):
                self.plimit = 0
                return False
        buf = self.pbuf[d]
        n = legal_moves(g, buf)
        o = 3 - t
        for k in range(n):
            frm = buf[2 * k]
            to = buf[2 * k + 1]
            if gift(g, frm, o):
                # a move that hands the game over: s never plays it, and
                # the other side loses with it anyway
                continue
            self.pnodes += 1
            g.push(frm, to)
            r = g.result
            ok = r == s if r else self._wins(g, d - 1, s)
            g.pop()
            if ok == (t == s):
                if ok and d == self.proot:
                    self.pmove = frm * 64 + to
                return ok
        return t != s

    def prove(self, g, depth, limit):
        """A move with which the side to move wins within depth plies (odd),
        as frm * 64 + to, or -1 when none was found in limit positions."""
        self.pnodes = 0
        self.plimit = limit
        self.proot = depth
        self.pmove = -1
        s = g.to_move
        if not s:
            return -1
        mv = win_move(g, s)
        if mv >= 0:
            return mv
        if self._wins(g, depth, s) and self.pnodes < limit:
            return self.pmove
        return -1

    # -- the tree --
    @micropython.native
    def _expand(self, g, k):
        # children of node k, ordered by prior (insertion sort); False if full
        buf = self.buf
        n = legal_moves(g, buf)
        first = self.used
        if first + n > self.cap:
            return False
        s = g.to_move
        mv = self.mv
        pri = self.pri
        fill = self.care >= 100
        for c in range(n):
            frm = buf[2 * c]
            to = buf[2 * c + 1]
            m = frm * 64 + to
            v = prior(g, frm, to, s, fill)
            x = first + c
            while x > first and pri[x - 1] < v:
                mv[x] = mv[x - 1]
                pri[x] = pri[x - 1]
                x -= 1
            mv[x] = m
            pri[x] = v
        for c in range(first, first + n):
            self.kid[c] = 0
            self.nk[c] = 0
            self.vis[c] = 0
            self.win[c] = 0
            self.prf[c] = 0
        self.kid[k] = first
        self.nk[k] = n
        self.used = first + n
        return True

    @micropython.native
    def _select(self, k, s):
        # the child of k to follow (s to move at k), -1 when all are lost
        vis = self.vis
        win = self.win
        prf = self.prf
        pri = self.pri
        nv = vis[k] + 1
        e = _log2(nv)
        lnx = ((16 * e + ((nv << 4) >> e) - 16) * 177) >> 8
        if lnx > 351:
            lnx = 351
        sl = _SQL[lnx]
        rsq = _RSQ
        best = -1
        bv = -1
        first = self.kid[k]
        for c in range(first, first + self.nk[k]):
            pr = prf[c]
            if pr:
                if pr == s:
                    return c
                if pr != _DRAW:
                    continue
                v = 512
            else:
                n = vis[c]
                if n == 0:
                    v = 256 + pri[c] * 2 + (sl >> 1)
                else:
                    if n < 256:
                        r = rsq[n]
                    elif n < 65536:
                        r = rsq[n >> 8] >> 4
                    else:
                        r = 1
                    v = win[c] * 512 // n + ((sl * r) >> 10) + pri[c] * 4 // (n + 1)
            if v > bv:
                bv = v
                best = c
        return best

    @micropython.native
    def _prove_up(self, depth):
        # a node on the path got a proof: carry it up while it decides a parent
        path = self.path
        side = self.side
        prf = self.prf
        d = depth - 1
        while d >= 0:
            c = path[d]
            p = path[d - 1] if d else 0
            s = side[d]
            r = prf[c]
            if r == s:
                prf[p] = s
            else:
                best = 0
                first = self.kid[p]
                for x in range(first, first + self.nk[p]):
                    rx = prf[x]
                    if not rx:
                        return
                    if rx == s:
                        best = s
                        break
                    if rx == _DRAW:
                        best = _DRAW
                    elif not best:
                        best = rx
                prf[p] = best
            d -= 1

    @micropython.native
    def _iterate(self, g):
        # one descent, evaluation and update; returns the result found
        path = self.path
        side = self.side
        vis = self.vis
        prf = self.prf
        k = 0
        depth = 0
        ply0 = g.ply
        r = 0
        proved = False
        while True:
            if prf[k]:
                r = prf[k]
                break
            if k and vis[k] == 0:
                # first visit: the end, a win at once, else a playout.
                # A beginner (care < 100) sometimes overlooks what the
                # opponent gets: the fill that gives them the game, or
                # their win at once.
                look = self.care >= 100 or self.below(100) < self.care
                r = g.result
                if r:
                    if look or r == side[depth - 1]:
                        prf[k] = r
                        proved = True
                    break
                t = g.to_move
                if look:
                    if win_move(g, t) >= 0:
                        prf[k] = t
                        r = t
                        proved = True
                        break
                r = self.playout(g)
                break
            r = g.result
            if r:
                # the end, overlooked on the first visit
                break
            if self.nk[k] == 0:
                if vis[k] < self.grow or not self._expand(g, k):
                    r = self.playout(g)
                    break
            s = g.to_move
            c = self._select(k, s)
            if c < 0:
                r = 3 - s
                break
            m = self.mv[c]
            g.push(m >> 6, m & 63)
            path[depth] = c
            side[depth] = s
            depth += 1
            k = c
        while g.ply > ply0:
            g.pop()
        vis[0] += 1
        win = self.win
        for d in range(depth):
            c = path[d]
            vis[c] += 1
            if r == side[d]:
                win[c] += 2
            elif r == _DRAW:
                win[c] += 1
        if proved:
            self._prove_up(depth)
        return r

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
        if budget > self.most:
            budget = self.most
        t0 = _ticks_ms()
        self.t0 = t0
        self.ms = ms
        mv = win_move(g, s)
        if mv >= 0:
            return self._proved(g, mv, s, 1)
        # proof search: a short forced win, deepening while the budget lasts
        limit = _PROOF_NODES * budget
        d = 3
        while d <= self.depth:
            mv = self.prove(g, d, limit)
            self.work += self.pnodes
            if mv >= 0:
                return self._proved(g, mv, s, d)
            if self.pnodes >= limit or (ms and _ticks_diff(_ticks_ms(), t0) > ms // 4):
                break
            d += 2
        # the tree
        self.used = 1
        self.kid[0] = 0
        self.nk[0] = 0
        self.vis[0] = 0
        self.win[0] = 0
        self.prf[0] = 0
        if not self._expand(g, 0):
            raise MemoryError("the engine's tree has no room for the moves")
        if self.nk[0] == 1:
            self.work += 1
            return self._finish(g, s)
        n = 0
        while n < budget and not self.prf[0] and not self.stop:
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
        first = self.kid[0]
        n = self.nk[0]
        prf = self.prf
        vis = self.vis
        best = -1
        for c in range(first, first + n):
            if prf[c] == s:
                best = c
                break
            if best < 0:
                best = c
                continue
            bp = prf[best]
            cp = prf[c]
            lost_b = bp and bp != s and bp != _DRAW
            lost_c = cp and cp != s and cp != _DRAW
            if lost_b and not lost_c:
                best = c
            elif lost_b == lost_c and vis[c] > vis[best]:
                best = c
        if self.level == 1 and not prf[best]:
            best = self._human(first, n, best, s)
        pr = prf[best]
        if pr:
            self.proven = pr
            self.score = 1000 if pr == s else (500 if pr == _DRAW else 0)
        elif vis[best]:
            self.score = self.win[best] * 500 // vis[best]
        self._pv(g, best)
        return self.mv[best]

    def _human(self, first, n, best, s):
        # a beginner: any move seen as about as good as the best, at random
        vis = self.vis
        prf = self.prf
        top = vis[best]
        cands = 0
        for c in range(first, first + n):
            if not prf[c] and 2 * vis[c] >= top:
                cands += 1
        pick = self.below(cands) if cands else 0
        for c in range(first, first + n):
            if not prf[c] and 2 * vis[c] >= top:
                if pick == 0:
                    return c
                pick -= 1
        return best

    def _pv(self, g, c):
        # the most visited line from the root's child c
        k = 0
        while c > 0 and k < _PATH:
            self.pv[k] = self.mv[c]
            k += 1
            if not self.nk[c]:
                break
            first = self.kid[c]
            b = -1
            for x in range(first, first + self.nk[c]):
                if b < 0 or self.vis[x] > self.vis[b]:
                    b = x
            if self.vis[b] == 0:
                break
            c = b
        self.pv_len = k


@micropython.native
def _log2(x):
    e = 0
    while x > 1:
        x >>= 1
        e += 1
    return e
