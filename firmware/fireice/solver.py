# The solitaire solver: can this position still be won, and how?
#
# For solitaire only the island and the position of a hole matter: a peg
# captures along its island (a row) or its position (a column) of a 7 x 7
# grid, so the moves are those of rooks. Every capture lands on a hole that was
# taken, so the set of taken holes only shrinks, and two pegs that share no
# row or column, directly or through other pegs, never will. The search:
#
# - depth-first, without recursion (an explicit stack of move lists), so it
#   can stop after any number of nodes and go on later: run(nodes) is one
#   slice, and a board runs slices between scans;
# - children ordered by the number of captures they leave the other colour,
#   most first (keeping pegs in reach of each other; measured in
#   docs/solitaire.md against the plain order and other orders);
# - pruned when the taken holes fall apart into two groups that share no row
#   or column (they can never meet again, so more than one peg stays);
# - positions proved lost are remembered: exactly (a set of 98-bit keys,
#   colours relative to the side to move) when table is 0, as on the host; or
#   in a fixed table of `table` slots keyed by two 30-bit hashes (small ints
#   on a Pico) when table > 0, as on the board. A table slot holds a lost
#   position only, so a slot overwritten costs time and never a wrong answer;
#   a wrong "lost" needs two positions to agree in 30 + 29 - log2(slots) bits;
# - restarted from the root after 128 x (1 1 2 1 1 2 4 ...) nodes with another
#   tie-break, every third time in the reverse order: depth-first search has
#   a heavy tail on these deals. The attempts grow without end and the lost
#   positions stay known, so the answer stays exact.
#
# A won search leaves its line (every capture, from the position given); a
# line can be checked by replaying it, see fireice.solo.
import micropython
from micropython import const

from array import array

from fireice.geom import FireIceError, move_name, parse_position

RUNNING = const(0)
WON = const(1)
LOST = const(2)
UNKNOWN = const(3)  # the budget ran out (solve) or the move stack is full

_MAXD = const(50)
_HOST_MOVES = const(4096)  # move stack of the exact solver (table 0), 12 KB
_BOARD_MOVES = const(1024)  # move stack of the bounded solver, 3 KB with scores
_M30 = const(0x3FFFFFFF)
_M29 = const(0x1FFFFFFF)
_ZERO = const(256)  # table slots emptied in one copy (clear)
_FIRST_TRY = const(128)  # nodes of an attempt: this times the Luby sequence
# The work of a step of run(), in units of about a microsecond on the
# MicroPython unix port of the development machine (x fireice.pico.SLOWDOWN
# on a Pico: 0.2 ms): the worst over the positions of deals, each step timed
# as the least of many repeats (bench/bench_solver.py "steps" measures them
# again), rounded up with a margin. A board (Solver.work) bounds a call's
# work by them.
W_ORDER = const(5)  # a child scored (_insert)
W_SHIFTS = const(6)  # a unit per so many places a child is moved to its place in order
_SHIFTS = const(24)  # places moved at most a step (a child moved further goes on next step)
W_NODE = const(16)  # a capture made and the position checked (undone if it ends there)
W_GEN = const(12)  # the captures along the rows, or along the columns (_rows, _cols)
W_BACK = const(8)  # a position remembered as lost and the capture to it undone
W_UNDO = const(7)  # a capture undone on the way back to the root (a restart)
W_PREP = const(16)  # a step of a bounded start: an island's pegs put, or half the root's captures

# POP[m]: bits set in the 7-bit mask m
_POP = (
    b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x02\x03\x03\x04\x03\x04\x04\x05\x03\x04\x04\x05\x04\x05\x05\x06"
    b"\x03\x04\x04\x05\x04\x05\x05\x06\x04\x05\x05\x06\x05\x06\x06\x07"
)


def _luby(i):
    # the Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (i from 1): restart lengths
    # within a factor of the best fixed length for any run-time distribution
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def can_start(fire, ice, side):
    """Whether side (1 Fire, 2 Ice) to move can ever leave one peg, by the
    colour counts alone: the side to move needs as many pegs as the other, or
    one fewer (the last peg is of the colour that made the last capture)."""
    a, b = (fire, ice) if side == 1 else (ice, fire)
    return b - a == 0 or b - a == 1


class Solver:
    """solver.start(position, to_move); then solver.run(nodes) until it
    returns WON or LOST (or the caller gives up). to_move: 0 when either
    colour may make the first move (a fresh deal), 1 Fire, 2 Ice.

    table: 0 for the exact solver (unbounded memory, the host), or the number
    of slots (8 bytes each) of the bounded table of lost positions (a board)."""

    def __init__(self, table=0, moves=0, keys=True):
        self.table = table
        if not moves:
            moves = _BOARD_MOVES if table else _HOST_MOVES
        self.mv = bytearray(2 * moves)  # frm, to pairs
        self.sc = bytearray(moves)  # ordering scores
        self.cap = moves
        self.lo = array("H", bytes(2 * _MAXD))
        self.at = array("H", bytes(2 * _MAXD))
        self.hi = array("H", bytes(2 * _MAXD))
        self.cells = bytearray(49)
        self.rows = bytearray(24)  # rows[8 * side + island]: bits of positions
        self.cols = bytearray(24)  # cols[8 * side + position]: bits of islands
        self.cnt = bytearray(3)
        if table:
            self.t1 = array("i", bytes(4 * table))
            self.t2 = array("i", bytes(4 * table))
            # Zobrist keys: a 30-bit and a 29-bit number for each hole and
            # colour, from the same generator everywhere; made here, or with
            # keys False by keys() a few at a time (a board, between scans)
            from fireice.seeded import Rng

            self.rng = Rng(16)
            self.z = array("i", bytes(4 * 200))
            self.keyed = 0
            if keys:
                self.keys(200)
            self.h1 = self.h2 = 0
        else:
            self.lost = set()
            self.kf = self.ki = 0
        self.status = RUNNING
        self.nodes = 0
        self.depth = 0
        self.root = 0
        self.salt = 0  # breaks ties in the move order when not 0
        # the methods, all on by default (off to measure what each brings):
        self.order = 1  # 0 as generated, 1 most replies first, 2 fewest first
        self.prune = True  # cut positions that fell apart
        self.remember = True  # the table of lost positions
        self.restarts = True
        self.limit = _FIRST_TRY  # nodes of this attempt before a restart
        self.used = 0
        # run() goes in steps of bounded work (W_*: a child put in order, a
        # node, half of its captures, a step back), so that a board can bound
        # the time of one call: work, the units a call may spend (0: no
        # bound); ok, the next child of the top depth to order
        self.work = 0
        self.spent = 0  # the units the last call of run() spent
        self.ok = 0
        self.iv = -1  # the score of a child being put in order, -1 none (_insert)
        self.jf = self.jt = self.ij = 0  # that child, and where it has come
        self.gs = 0  # the side whose captures are being generated (a node's next steps), or 0
        self.ge = -1  # their end so far: -1 before the rows, then after the rows
        self.back = 0  # a restart under way (going back to the root)
        # a bounded start (work set) made by run() in steps (_prep): prep 1
        # until it ends; src the position, fill the next hole to put, rg the
        # sides whose captures at the root are still to make
        self.prep = self.fill = self.rg = 0
        self.src = bytearray(49)
        if table:
            # zeros to empty the table with (clear), a block at a time
            self.zero = array("i", bytes(4 * (_ZERO if table % _ZERO == 0 else table)))

    # -- setting up ---------------------------------------------------------

    def keys(self, n):
        """Make n more of the bounded table's keys; True once all 200 are
        made (a solver made with keys False needs them before start)."""
        z = self.z
        rng = self.rng
        k = self.keyed
        end = k + n if k + n < 200 else 200
        while k < end:
            # h1 keys of 30 bits, h2 keys of 29 (stored plus one)
            z[k] = rng.next() & (_M30 if k < 100 else _M29)
            k += 1
        self.keyed = k
        return k == 200

    def start(self, position, to_move=0):
        """A new search from position (49-char string or 49 cells 0/1/2).
        The table of lost positions is kept: it holds facts about positions,
        not about the search that found them."""
        if to_move not in (0, 1, 2):
            raise FireIceError("to_move must be 0 (either), 1 (fire) or 2 (ice)")
        cells = parse_position(position) if isinstance(position, str) else position
        if len(cells) != 49:
            raise FireIceError("a position has 49 holes, not %d" % len(cells))
        for k in range(24):
            self.rows[k] = 0
            self.cols[k] = 0
        self.cnt[1] = self.cnt[2] = 0
        if self.table:
            self.h1 = self.h2 = 0
        else:
            self.kf = self.ki = 0
        self.root = to_move
        self.gs = self.back = self.prep = 0
        self.ge = self.iv = -1
        self.nodes = 0
        self.depth = 0
        self.salt = 0
        self.limit = _FIRST_TRY
        self.used = 0
        self.at[0] = self.lo[0] = self.hi[0] = 0
        if self.work:
            # a board: the pegs put and the root's captures made by run(),
            # a step at a time (_prep); here only read
            src = self.src
            for h in range(49):
                v = cells[h]
                if v > 2:
                    raise FireIceError("hole %d holds %d, not 0, 1 or 2" % (h, v))
                src[h] = v
            self.prep = 1
            self.fill = 0
            self.rg = 0
            self.status = RUNNING
            return
        for h in range(49):
            self.cells[h] = 0
            v = cells[h]
            if v:
                if v > 2:
                    raise FireIceError("hole %d holds %d, not 0, 1 or 2" % (h, v))
                self._put(h, v)
        n = 0
        if self.cnt[1] + self.cnt[2] == 1:
            self.status = WON  # nothing to do
            self.hi[0] = 0
            return
        if self._connected():
            for s in (1, 2):
                if (to_move == 0 or to_move == s) and can_start(self.cnt[1], self.cnt[2], s):
                    n = self._gen(s, n)
                    if n < 0:
                        raise FireIceError("too many captures for the move stack")
        self.hi[0] = n
        self.ok = 0 if self.order else n  # the root's order: made by run()
        self.status = RUNNING if n else LOST

    @micropython.native
    def _put(self, h, s):
        i = h // 7
        p = h - 7 * i
        self.cells[h] = s
        self.rows[8 * s + i] |= 1 << p
        self.cols[8 * s + p] |= 1 << i
        self.cnt[s] += 1
        self._flip(h, s)

    @micropython.native
    def _take(self, h):
        s = self.cells[h]
        i = h // 7
        p = h - 7 * i
        self.cells[h] = 0
        self.rows[8 * s + i] &= 0x7F ^ (1 << p)
        self.cols[8 * s + p] &= 0x7F ^ (1 << i)
        self.cnt[s] -= 1
        self._flip(h, s)

    @micropython.native
    def _flip(self, h, s):
        # the key of the position: a peg of s comes to h or leaves it
        if self.table:
            k = 2 * h + s - 1
            z = self.z
            self.h1 ^= z[k]
            self.h2 ^= z[100 + k]
        elif s == 1:
            self.kf ^= 1 << h
        else:
            self.ki ^= 1 << h

    # -- the position -------------------------------------------------------

    def _gen(self, s, n):
        # the captures of side s into mv from move n on; the new end, or -1
        # when the stack is full
        n = self._rows(s, n)
        return n if n < 0 else self._cols(s, n)

    @micropython.native
    def _rows(self, s, n):
        # _gen's first half: the captures along the islands (rows)
        rows = self.rows
        mv = self.mv
        cap = self.cap
        o = 3 - s
        for i in range(7):
            a = rows[8 * s + i]
            b = rows[8 * o + i]
            if a and b:
                for p in range(7):
                    if a >> p & 1:
                        for q in range(7):
                            if b >> q & 1:
                                if n >= cap:
                                    return -1
                                mv[2 * n] = 7 * i + p
                                mv[2 * n + 1] = 7 * i + q
                                n += 1
        return n

    @micropython.native
    def _cols(self, s, n):
        # _gen's second half: the captures along the positions (columns)
        cols = self.cols
        mv = self.mv
        cap = self.cap
        o = 3 - s
        for p in range(7):
            a = cols[8 * s + p]
            b = cols[8 * o + p]
            if a and b:
                for i in range(7):
                    if a >> i & 1:
                        for j in range(7):
                            if b >> j & 1:
                                if n >= cap:
                                    return -1
                                mv[2 * n] = 7 * i + p
                                mv[2 * n + 1] = 7 * j + p
                                n += 1
        return n

    @micropython.native
    def _count(self, s):
        # how many captures side s has
        rows = self.rows
        cols = self.cols
        pop = _POP
        o = 3 - s
        n = 0
        for k in range(7):
            n += pop[rows[8 * s + k]] * pop[rows[8 * o + k]]
            n += pop[cols[8 * s + k]] * pop[cols[8 * o + k]]
        return n

    @micropython.native
    def _connected(self):
        # the taken holes form one group through shared rows and columns
        rows = self.rows
        cols = self.cols
        occ = 0
        for i in range(7):
            if rows[8 + i] | rows[16 + i]:
                occ |= 1 << i
        if not occ:
            return True
        reach = occ & -occ
        while True:
            c = 0
            for i in range(7):
                if reach >> i & 1:
                    c |= rows[8 + i] | rows[16 + i]
            r = 0
            for p in range(7):
                if c >> p & 1:
                    r |= cols[8 + p] | cols[16 + p]
            if r == reach:
                return r == occ
            reach = r

    @micropython.native
    def _make(self, frm, to):
        s = self.cells[frm]
        self._take(to)
        self._take(frm)
        self._put(to, s)
        return s

    @micropython.native
    def _unmake(self, frm, to):
        s = self.cells[to]
        self._take(to)
        self._put(frm, s)
        self._put(to, 3 - s)

    @micropython.native
    def _score(self, f, t, s):
        # the captures the other colour has after s captures f -> t: the
        # masks changed, counted and put back (no key, no cells)
        rows = self.rows
        cols = self.cols
        o = 3 - s
        fi = f // 7
        fp = f - 7 * fi
        ti = t // 7
        tp = t - 7 * ti
        rows[8 * s + fi] ^= 1 << fp
        cols[8 * s + fp] ^= 1 << fi
        rows[8 * o + ti] ^= 1 << tp
        cols[8 * o + tp] ^= 1 << ti
        rows[8 * s + ti] |= 1 << tp
        cols[8 * s + tp] |= 1 << ti
        v = self._count(o)
        rows[8 * s + ti] ^= 1 << tp
        cols[8 * s + tp] ^= 1 << ti
        rows[8 * o + ti] |= 1 << tp
        cols[8 * o + tp] |= 1 << ti
        rows[8 * s + fi] |= 1 << fp
        cols[8 * s + fp] |= 1 << fi
        return v

    @micropython.native
    def _insert(self, a, k, m):
        # the move order, a child at a time: move k scored by the captures
        # it leaves the other colour (most first; every third restart turns
        # that round: a deal that defeats one order rarely defeats the
        # other), ties broken by the salt, then put among a..k-1 (in order
        # already): an insertion sort, the same however the work is cut.
        # At most m places moved a call: a child not in place yet (self.iv
        # not -1) goes on at the next call. Returns the places moved.
        mv = self.mv
        sc = self.sc
        v = self.iv
        if v < 0:
            salt = self.salt
            f = mv[2 * k]
            t = mv[2 * k + 1]
            v = self._score(f, t, self.cells[f])
            if self.order == 2 or (self.restarts and salt % 3 == 2):
                v = 127 - v if v < 127 else 0
            if salt:
                x = (f * 49 + t) * (2 * salt + 1)
                v = 2 * v + ((x >> 3 ^ x >> 6) & 1)
            else:
                v = 2 * v
            if v > 255:
                v = 255
            j = k - 1
        else:
            f = self.jf
            t = self.jt
            j = self.ij
        moved = 0
        while j >= a and sc[j] < v:
            if moved >= m:
                self.iv = v
                self.jf = f
                self.jt = t
                self.ij = j
                return moved
            sc[j + 1] = sc[j]
            mv[2 * j + 2] = mv[2 * j]
            mv[2 * j + 3] = mv[2 * j + 1]
            j -= 1
            moved += 1
        sc[j + 1] = v
        mv[2 * j + 2] = f
        mv[2 * j + 3] = t
        self.iv = -1
        return moved

    # -- the table of lost positions -----------------------------------------

    @micropython.native
    def _seen(self, s):
        if self.table:
            h1 = self.h1 ^ (s - 1)  # the side to move is part of the key
            k = h1 % self.table
            return self.t2[k] == self.h2 + 1 and self.t1[k] == h1
        if s == 1:
            return self.kf | self.ki << 49 in self.lost
        return self.ki | self.kf << 49 in self.lost

    @micropython.native
    def _add(self, s):
        if self.table:
            h1 = self.h1 ^ (s - 1)
            k = h1 % self.table
            self.t1[k] = h1
            self.t2[k] = self.h2 + 1  # 0 marks an empty slot
        elif s == 1:
            self.lost.add(self.kf | self.ki << 49)
        else:
            self.lost.add(self.ki | self.kf << 49)

    def clear(self):
        """Forget the lost positions (the exact solver's set grows without
        bound; the bounded table needs no clearing)."""
        if self.table:
            # (a block of zeros copied at a time: C speed, a few Python steps)
            t2 = self.t2
            z = self.zero
            n = len(z)
            for k in range(0, self.table, n):
                t2[k : k + n] = z
        else:
            self.lost = set()

    def known_lost(self):
        """How many lost positions the table holds (the exact solver)."""
        if self.table:
            return sum(1 for k in range(self.table) if self.t2[k])
        return len(self.lost)

    # -- the search ---------------------------------------------------------

    def run(self, budget):
        """Search up to budget more nodes (captures made); return the status:
        RUNNING (call again), WON (see line()) or LOST. With work set (a
        board), a call also stops before a step of the search whose cost
        would take the call's past work units (W_*: about a microsecond
        of the unix port each, 0.2 ms on a Pico by fireice.pico), and
        makes at least one step: its time is then bounded by work units,
        and the search, its nodes and its answer are the same however the
        calls cut it."""
        self.spent = 0  # work units of this call
        if self.status != RUNNING:
            return self.status
        # Each step below returns the status to stop with, or None to go
        # on; one that would spend past the call's work stops it (_afford)
        while True:
            if self.prep:
                st = self._step_start()  # the start, a step at a time
            elif self.gs:
                st = self._step_captures()
            elif budget <= 0:
                return RUNNING
            elif self.back or (self.used >= self.limit and self.restarts):
                st = self._step_restart()
            elif self.ok < self.hi[self.depth]:
                st = self._step_order()
            elif self.at[self.depth] >= self.hi[self.depth]:
                st = self._step_back()
            else:
                st = self._step_node()
                budget -= 1
            if st is not None:
                return st

    def _afford(self, cost):
        # True when this call may take a step of cost work units (and they
        # are counted): the first step always, then as long as the call's
        # work allows
        spent = self.spent
        if spent and spent + cost > (self.work or _M30):
            return False
        self.spent = spent + cost
        return True

    def _step_start(self):
        if not self._afford(W_PREP):
            return RUNNING
        st = self._prep()
        return None if st == RUNNING else st

    def _step_captures(self):
        # the captures of the node just made, a half at a time (the node's
        # own step, even when it spent the budget)
        if not self._afford(W_GEN):
            return RUNNING
        at = self.at
        hi = self.hi
        mv = self.mv
        d = self.depth
        i = at[d]
        if self.ge < 0:
            e = self._rows(self.gs, hi[d])
            if e >= 0:
                self.ge = e
                return None
        else:
            e = self._cols(self.gs, self.ge)
        self.gs = 0
        self.ge = -1
        if e < 0:
            self._unmake(mv[2 * i], mv[2 * i + 1])
            self.status = UNKNOWN
            return UNKNOWN
        n = hi[d]
        if e > n:
            d += 1
            self.depth = d
            self.lo[d] = at[d] = n
            hi[d] = e
            self.ok = n if self.order else e  # ordered before the first is made
        else:
            self._unmake(mv[2 * i], mv[2 * i + 1])
            at[d] = i + 1
        return None

    def _step_restart(self):
        # a restart, a capture undone a step (_restart)
        if not self._afford(W_UNDO):
            return RUNNING
        self._restart()
        return None

    def _step_order(self):
        # the children of this depth not in order yet: one more
        spent = self.spent
        if spent and spent + W_ORDER + _SHIFTS // W_SHIFTS > (self.work or _M30):
            return RUNNING
        k = self.ok
        if self.iv < 0:
            spent += W_ORDER  # (scored)
        moved = self._insert(self.lo[self.depth], k, _SHIFTS if self.work else _M30)
        self.spent = spent + (moved + W_SHIFTS - 1) // W_SHIFTS
        if self.iv < 0:
            self.ok = k + 1
        return None

    def _step_back(self):
        # every capture from here loses: remember the position, go up
        d = self.depth
        if d == 0:
            self.status = LOST
            return LOST
        if not self._afford(W_BACK):
            return RUNNING
        at = self.at
        mv = self.mv
        if self.remember:
            self._add(self.cells[mv[2 * self.lo[d]]])
        d -= 1
        self.depth = d
        i = at[d]
        self._unmake(mv[2 * i], mv[2 * i + 1])
        at[d] = i + 1
        return None

    def _step_node(self):
        # the next capture at this depth made: a node
        if not self._afford(W_NODE):
            return RUNNING
        at = self.at
        d = self.depth
        i = at[d]
        f = self.mv[2 * i]
        t = self.mv[2 * i + 1]
        s = 3 - self._make(f, t)
        self.nodes += 1
        self.used += 1
        cnt = self.cnt
        if cnt[1] + cnt[2] == 1:
            self.status = WON
            return WON
        if (self._connected() or not self.prune) and not (self.remember and self._seen(s)):
            self.gs = s  # its captures: the next steps
            self.ge = -1
            return None
        self._unmake(f, t)
        at[d] = i + 1
        return None

    def _prep(self):
        # a step of a bounded start: an island's holes put (and the checks
        # of the whole position after the last), or half of a side's
        # captures at the root. Returns the status (RUNNING, or the answer
        # when the start decides it).
        cnt = self.cnt
        hi = self.hi
        f = self.fill
        if f < 49:
            cells = self.cells
            src = self.src
            for h in range(f, f + 7):
                cells[h] = 0
                v = src[h]
                if v:
                    self._put(h, v)
            f += 7
            self.fill = f
            if f < 49:
                return RUNNING
            if cnt[1] + cnt[2] == 1:
                self.prep = 0
                self.status = WON  # nothing to do
                return WON
            rg = 0
            if self._connected():
                for s in (1, 2):
                    if (self.root == 0 or self.root == s) and can_start(cnt[1], cnt[2], s):
                        rg |= s
            self.rg = rg
        else:
            s = 1 if self.rg & 1 else 2
            if self.ge < 0:
                e = self._rows(s, hi[0])
                if e >= 0:
                    self.ge = e
                    return RUNNING
            else:
                e = self._cols(s, self.ge)
                self.ge = -1
            if e < 0:
                self.status = UNKNOWN  # the move stack is full
                return UNKNOWN
            hi[0] = e
            self.rg ^= s
        if self.rg:
            return RUNNING
        self.prep = 0
        n = hi[0]
        self.ok = 0 if self.order else n  # the root's order: made by run()
        self.status = RUNNING if n else LOST
        return self.status

    def _restart(self):
        # Back to the root with another tie-break and twice the nodes, a
        # capture undone a call (the last call gets the root ready): a
        # depth-first search that went wrong near the root can spend very
        # long below it (measured in docs/solitaire.md). The lost positions
        # found stay known; the attempts grow without end, so a position
        # that cannot be won is still proved so.
        d = self.depth
        if d:
            self.back = 1
            d -= 1
            i = self.at[d]
            self._unmake(self.mv[2 * i], self.mv[2 * i + 1])
            self.depth = d
            return
        self.back = 0
        self.at[0] = 0
        self.salt += 1
        self.limit = _FIRST_TRY * _luby(self.salt + 1)
        self.used = 0
        self.ok = 0 if self.order else self.hi[0]  # the root ordered anew

    def line(self):
        """The winning line found, as (frm, to) pairs from the position given."""
        if self.status != WON:
            return []
        mv = self.mv
        at = self.at
        if not self.nodes:
            return []  # one peg from the start
        return [(mv[2 * at[d]], mv[2 * at[d] + 1]) for d in range(self.depth + 1)]


def solve(position, to_move=0, budget=0, table=0):
    """Decide position: (True, line) when it can be won, line as move names
    ['A1-A2', ...]; (False, []) when it cannot; (None, []) when budget (> 0)
    nodes were not enough. Also returns the nodes searched: (verdict, line,
    nodes)."""
    sv = Solver(table)
    sv.start(position, to_move)
    st = sv.run(budget if budget > 0 else _M30)
    while st == RUNNING and budget <= 0:
        st = sv.run(_M30)
    if st == WON:
        return True, [move_name(f, t) for f, t in sv.line()], sv.nodes
    if st == LOST:
        return False, [], sv.nodes
    return None, [], sv.nodes


def safe_depth(position, rng, walks, budget, sv=None, walker=None):
    """How long a random player stays on a winnable path, summed over walks:
    each walk picks captures at random among those that leave the other
    colour a capture (one move ahead) and counts the captures made while the
    position is still proved winnable by sv (a bounded solver, budget nodes
    per proof; a position not proved in time counts as lost)."""
    if sv is None:
        sv = Solver(2048)
    if walker is None:
        walker = Solver(1, 400)
    total = 0
    cells = bytearray(49)
    for _ in range(walks):
        walker.start(position, 0)
        to_move = 0
        while True:
            for h in range(49):
                cells[h] = walker.cells[h]
            sv.start(cells, to_move)
            if sv.run(budget) != WON or walker.cnt[1] + walker.cnt[2] == 1:
                break
            s = _step(walker, rng, to_move)
            if not s:
                break
            total += 1
            to_move = 3 - s
    return total


def _step(sv, rng, to_move):
    # one capture of the one-move-ahead random player; its colour, or 0
    mv = sv.mv
    cnt = sv.cnt
    n = 0
    for s in (1, 2):
        if to_move == 0 or to_move == s:
            n = sv._gen(s, n)
    k = 0
    for j in range(n):
        f = mv[2 * j]
        t = mv[2 * j + 1]
        s = sv._make(f, t)
        if cnt[1] + cnt[2] == 1 or sv._count(3 - s):
            mv[2 * k] = f
            mv[2 * k + 1] = t
            k += 1
        sv._unmake(f, t)
    if not k:
        return 0
    j = rng.below(k)
    return sv._make(mv[2 * j], mv[2 * j + 1])


# Grades of a solitaire deal: "any" is the rulebook's random deal (it may not
# be winnable); the others are winnable deals graded by SAFE, the summed
# safe_depth of _WALKS walks with proofs of _PROOF nodes. The bounds split the
# first deals in three about equal parts (docs/solitaire.md).
GRADES = ("easy", "medium", "hard", "any")
_WALKS = const(8)
_PROOF = const(300)
_EASY = const(88)  # safe depth sum >= 88 (of at most 8 * 27): easy
_MEDIUM = const(80)  # 80..87: medium; below: hard
_TRIES = const(64)  # candidate deals per seed
_DEAL = const(1)  # Grader.todo: a candidate dealt
_WALK = const(2)  # the random player's position set up
_CHOOSE = const(3)  # its capture chosen
_PROVE = const(4)  # a proof that its position is still winnable started
_DONE = const(5)  # a search over: its answer taken
_NEXT = const(6)  # the first candidate's shuffle started
SWAPS = const(6)  # swaps of a candidate's shuffle a piece
TRIED = const(3)  # the random player's captures tried a piece
DEAL_BUDGET = const(3000)  # nodes to prove a candidate winnable
BOARD_TABLE = const(2048)  # slots of the board's table: 16 KB


def grade_of(safe):
    """The grade of a winnable deal from its safe depth sum."""
    if safe >= _EASY:
        return "easy"
    if safe >= _MEDIUM:
        return "medium"
    return "hard"


def grade_deal(seed, grade="medium", sv=None):
    """A deal of that grade from seed, the same on every machine: returns
    (position, line, safe) with line the winning captures as (frm, to) pairs
    ([] when a deal of grade "any" was not proved winnable in DEAL_BUDGET
    nodes) and safe the safe depth sum (-1 for "any"). A graded deal is the
    first of the candidates deal(seed * 64 + k), k = 0, 1 ..., proved winnable
    by the bounded solver (BOARD_TABLE slots, DEAL_BUDGET nodes) whose safe
    depth sum falls in the grade. Grader does the same in slices."""
    g = Grader(seed, grade, sv)
    while g.step(_M30) is None:
        pass
    return g.result


class Grader:
    """grade_deal in slices, for a board that must keep scanning:
    step(nodes) searches about that many more nodes (a little more or less:
    it stops at the end of a search) and returns None, or the result of
    grade_deal once the deal is found.

    The work between the searches goes in pieces too (self.todo): a
    candidate dealt (SWAPS swaps of its shuffle a piece, as
    fireice.seeded.deal), the random player's position set up (a step of
    Solver._prep a piece) and its capture chosen (a half of one colour's
    captures generated, or TRIED of them tried, a piece: _step), each proof
    started, each search's answer taken. With the
    solver's work set (a board), a call of step makes one piece or one
    call of Solver.run, and nothing longer."""

    def __init__(self, seed, grade="medium", sv=None, walker=None):
        if grade not in GRADES:
            raise FireIceError("a grade is easy, medium, hard or any, not %r" % (grade,))
        seed = int(seed)
        if seed < 0:
            raise FireIceError("a seed is 0 or more, not %d" % seed)
        self.seed = seed
        self.grade = grade
        self.sv = sv if sv is not None else Solver(BOARD_TABLE)
        # the random player of the safe depth (its keys not made: it
        # remembers nothing; its start made in steps: _prep); walker: one
        # made already, Solver(1, 400, False)
        self.walker = walker if walker is not None else Solver(1, 400, False)
        self.walker.work = 1
        self.dc = bytearray(49)  # the candidate's cells
        self.holes = list(range(49))
        self.result = None
        self.k = -1
        self.todo = 0  # the piece of work due: _NEXT, _DEAL, _WALK, _CHOOSE, _PROVE, _DONE
        self.walking = False
        self.todo = _NEXT  # the first candidate: the first piece
        self.won = False

    def _next(self):
        # the next candidate: its shuffle started (dealt by the next pieces)
        from fireice.seeded import Rng

        self.k += 1
        if self.k >= _TRIES:
            raise FireIceError(
                "no %s deal among %d candidates of seed %d" % (self.grade, _TRIES, self.seed)
            )
        self.cand = self.seed if self.grade == "any" else self.seed * _TRIES + self.k
        h = self.holes
        for j in range(49):
            h[j] = j
        self.rng = Rng(self.cand)
        self.i = 48
        self.todo = _DEAL
        self.walking = False

    def step(self, nodes):
        sv = self.sv
        while self.result is None and nodes > 0:
            if self.todo:
                self._piece()
                if sv.work:
                    break  # (a piece a call on a board)
                continue
            n = nodes if nodes < self.left else self.left
            before = sv.nodes
            st = sv.run(n)
            used = sv.nodes - before
            nodes -= used
            self.left -= used
            if st == RUNNING and self.left > 0:
                if not used:
                    break  # its work a call is spent (Solver.work): next time
                continue  # the slice is spent; this search goes on next time
            # the search is over: what it means, the next piece
            self.won = st == WON
            self.todo = _DONE
            if sv.work:
                break
        return self.result

    def _piece(self):
        # one piece of the work between searches (self.todo)
        todo = self.todo
        if todo == _DEAL:
            # fireice.seeded.deal's shuffle, SWAPS swaps a piece, then the
            # candidate's cells (14 Fire, 14 Ice) and the search that
            # proves it winnable
            h = self.holes
            i = self.i
            if i > 0:
                rng = self.rng
                end = i - SWAPS if i > SWAPS else 0
                while i > end:
                    j = rng.below(i + 1)
                    h[i], h[j] = h[j], h[i]
                    i -= 1
                self.i = i
                return
            dc = self.dc
            if i == 0:
                for j in range(49):
                    dc[j] = 0
                for j in range(28):
                    dc[h[j]] = 1 if j < 14 else 2
                self.i = -1
                return
            if i == -1:
                self.pos = bytes(b"-#O"[v] for v in dc).decode()
                self.i = -2
                return
            self.sv.clear()
            self.sv.start(dc)
            self.left = DEAL_BUDGET
            self.todo = 0
        elif todo == _WALK:
            # the random player's position, a step of its start a piece
            w = self.walker
            if w.prep:
                w._prep()
            if not w.prep:
                self.todo = _PROVE
        elif todo == _NEXT:
            self._next()
        elif todo == _DONE:
            self.todo = 0
            if self.walking:
                self._checked(self.won)
            else:
                self._proved(self.won)
        elif todo == _PROVE:
            # is the walker's position still winnable? (_PROOF nodes at most)
            self.sv.start(self.walker.cells, self.to_move)  # (a copy: Solver.src)
            self.left = _PROOF
            self.todo = 0
        else:
            self._choose()

    def _walk(self):
        # a walk from the candidate: the random player set up (_WALK)
        self.walker.start(self.dc, 0)
        self.to_move = 0
        self.todo = _WALK

    def _proved(self, won):
        if self.grade == "any":
            self.result = (self.pos, self.sv.line() if won else [], -1)
        elif not won:
            self._next()
        else:
            from fireice.seeded import Rng

            self.line = self.sv.line()
            self.rng = Rng(self.cand)
            self.safe = 0
            self.walks = 0
            self.walking = True
            self._walk()

    def _checked(self, won):
        w = self.walker
        if won and w.cnt[1] + w.cnt[2] > 1:
            # the random player's capture (_step), in pieces (_choose)
            self.ph = 0
            self.n = 0
            self.todo = _CHOOSE
            return
        self._walked()

    def _choose(self):
        # a piece of _step: one half of a colour's captures generated (ph
        # 0..3), or TRIED of them tried (ph 4: those that leave the other
        # colour a capture kept, in order), or the choice made (ph 5)
        w = self.walker
        ph = self.ph
        if ph < 4:
            s = 1 + (ph >> 1)
            if self.to_move == 0 or self.to_move == s:
                n = self.n
                if ph & 1 == 0:
                    n = w._rows(s, n)
                elif n >= 0:
                    n = w._cols(s, n)
                self.n = n
            self.ph = ph + 1
            if self.ph == 4:
                self.j = self.kept = 0
            return
        mv = w.mv
        n = self.n
        if ph == 4:
            two = w.cnt[1] + w.cnt[2] == 2  # (a capture then leaves one peg)
            cells = w.cells
            j = self.j
            k = self.kept
            end = j + TRIED if j + TRIED < n else n
            while j < end:
                f = mv[2 * j]
                t = mv[2 * j + 1]
                if two or w._score(f, t, cells[f]):
                    mv[2 * k] = f
                    mv[2 * k + 1] = t
                    k += 1
                j += 1
            self.j = j
            self.kept = k
            if j >= n:
                self.ph = 5
            return
        k = self.kept
        if k:
            j = self.rng.below(k)
            s = w._make(mv[2 * j], mv[2 * j + 1])
            self.safe += 1
            self.to_move = 3 - s
            self.todo = _PROVE
            return
        self.todo = 0
        self._walked()

    def _walked(self):
        self.walks += 1  # this walk is over
        if self.walks < _WALKS:
            self._walk()
        elif grade_of(self.safe) == self.grade:
            self.result = (self.pos, self.line, self.safe)
        else:
            self._next()
