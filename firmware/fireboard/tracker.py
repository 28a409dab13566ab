# The move tracker: turns what the sensors see into game actions.
#
# It compares whole positions: the pegs standing (debounced sensor states)
# against the game's position, and from the difference decides what the
# player is doing: nothing, lifting a peg, having put it on a legal hole,
# having completed a move, or something wrong, with the way back. Only what a
# presence-only front end cannot see (which peg went where) is remembered
# between updates.
try:
    from micropython import const
except ImportError:  # CPython
    from fireice.compat import const

from fireice.duel import Duel
from fireice.geom import SIDE_NAMES, TARGETS, hole_name, islands_str

# phases
IDLE = const(0)  # the pegs match the game
LIFTED = const(1)  # one peg of the side to move is up (arg h)
LANDED = const(2)  # duel: it stands on a legal hole t, h waits for the fill
BOTH = const(3)  # solitaire: capturer and captured are both up (h, t)
VICTIM = const(4)  # solitaire: a peg that can be captured is up (h)
ERROR = const(5)  # something is wrong: fix shows the first thing to put right
RESTORE = const(6)  # after a takeback, back to the game's position
SETUP = const(7)  # a new game: put the pegs where they belong
OVER = const(8)  # the game has ended

PHASE_NAMES = ("idle", "lifted", "landed", "both", "victim", "error", "restore", "setup", "over")

NONE = const(255)
A_PEG = ("a", "a fire", "an ice")
PRESENT = const(3)


class Tracker:
    def __init__(self, colour):
        self.colour = colour  # the front end tells Fire from Ice
        self.game = None
        self.phase = SETUP
        self.h = NONE  # lifted / moving peg's hole
        self.t = NONE  # destination, or the second hole
        self.fix = NONE  # ERROR, RESTORE, SETUP: the hole to put right first
        self.fix_kind = 0  # 1 remove a peg, 2 put a peg, 3 wrong colour
        self.reason = None
        self.target = bytearray(49)  # the position guided to in ERROR etc.
        self.waypoint = None  # a position to pass through first (takeback)
        self.diff = bytearray(8)
        # what a presence-only front end cannot see again: the move landed
        # (duel) or the two holes of a capture (solitaire)
        self.pend_h = NONE
        self.pend_t = NONE
        self.all_fixes = False
        self._last_p = self.target
        self.events = []
        self.version = 0  # counts display changes

    # --- starting -----------------------------------------------------------

    def start(self, game, setup=True):
        """A game to track. setup: guide the pegs to its position first (a new
        game); otherwise play on from what stands (a resumed game)."""
        self.game = game
        self.waypoint = None
        self.h = self.t = NONE
        self.pend_h = self.pend_t = NONE
        self.phase = SETUP if setup else IDLE
        self.reason = None
        self.version += 1

    # --- helpers --------------------------------------------------------------

    def _same(self, want, got):
        if self.colour:
            return want == got
        return (want != 0) == (got != 0)

    def _diff(self, want, p):
        # holes where p differs from want, at most 8 listed; returns the count
        d = self.diff
        n = 0
        for h in range(49):
            if not self._same(want[h], p[h]):
                if n < 8:
                    d[n] = h
                n += 1
        return n

    def _emit(self, ev):
        self.events.append(ev)

    def _set(self, phase, h=NONE, t=NONE):
        if phase != self.phase or h != self.h or t != self.t:
            self.phase = phase
            self.h = h
            self.t = t
            self.version += 1

    # --- the update -----------------------------------------------------------

    def update(self, p):
        """p: the 49 debounced hole states (0 empty, 1 Fire, 2 Ice, 3 a peg)."""
        g = self.game
        if g is None:
            return
        self._last_p = p
        if g.result and self.phase != SETUP:
            self._set(OVER)
            return
        if self.waypoint is not None:
            if self._diff(self.waypoint, p):
                self._guide(RESTORE, self.waypoint, p, False)
                return
            self.waypoint = None
        n = self._diff(g.cells, p)
        if self.phase in (SETUP, RESTORE):
            if n:
                self._guide(self.phase, g.cells, p, self.phase == SETUP)
                return
            self._set(IDLE)
            self._emit({"ev": "ready", "to": SIDE_NAMES[g.to_move]})
            if g.result:
                self._set(OVER)
                return
            self._emit_turn()
            return
        if isinstance(g, Duel):
            self._duel(g, p, n)
        else:
            self._solitaire(g, p, n)

    def _duel(self, g, p, n):
        s = g.to_move
        o = 3 - s
        cells = g.cells
        d = self.diff
        if n == 0:
            self.pend_h = self.pend_t = NONE
            self._set(IDLE)
            return
        if n == 1:
            x = d[0]
            if cells[x] == s and p[x] == 0:
                self.pend_h = self.pend_t = NONE
                self._set(LIFTED, x)
                return
            if not self.colour and x == self.pend_t:
                # the fill is in: the hole left reads occupied again
                self._commit(self.pend_h, x)
                return
        elif n == 2:
            a = d[0]
            b = d[1]
            if cells[a] == 0:
                a, b = b, a
            # a: a hole the game has a peg of the mover on; b: an empty one
            if cells[a] == s and cells[b] == 0 and p[b] != 0:
                why = g.check(a, b)
                if p[a] == 0:
                    if why:
                        return self._error(b, why)
                    if self.colour and p[b] != s:
                        return self._error(
                            b, "%s has %s peg: %s moves" % (hole_name(b), A_PEG[p[b]], SIDE_NAMES[s])
                        )
                    self.pend_h = a
                    self.pend_t = b
                    self._set(LANDED, a, b)
                    return
                if self.colour and p[a] == o and p[b] == s and not why:
                    self._commit(a, b)
                    return
        self._duel_error(g, p, n)

    def _duel_error(self, g, p, n):
        s = g.to_move
        o = 3 - s
        cells = g.cells
        d = self.diff
        h = self.pend_h
        t = self.pend_t
        if h != NONE:
            # a move was on its way: is this a wrong fill?
            if p[t] != 0 and p[h] != o:
                for k in range(min(n, 8)):
                    x = d[k]
                    if x != h and x != t and cells[x] == 0 and p[x] != 0:
                        return self._error(
                            x, "the %s peg goes in %s, not %s" % (SIDE_NAMES[o], hole_name(h), hole_name(x)), True
                        )
                if self.colour and p[h] == s:
                    return self._error(h, "%s needs %s peg" % (hole_name(h), A_PEG[o]), True)
        lifted_own = 0
        for k in range(min(n, 8)):
            x = d[k]
            if cells[x] == o and p[x] == 0:
                return self._error(x, "%s holds %s peg and %s is to move" % (hole_name(x), A_PEG[o], SIDE_NAMES[s]))
            if cells[x] == s and p[x] == 0:
                lifted_own += 1
        if lifted_own > 1:
            return self._error(d[0], "lift one peg at a time")
        return self._error(NONE, None)

    def _solitaire(self, g, p, n):
        cells = g.cells
        d = self.diff
        if n == 0:
            self.pend_h = self.pend_t = NONE
            self._set(IDLE)
            return
        if n == 1:
            x = d[0]
            if p[x] == 0:
                if not self.colour and (x == self.pend_h or x == self.pend_t):
                    # the other hole of the pair was filled: the peg from x captured there
                    y = self.pend_t if x == self.pend_h else self.pend_h
                    why = g.check(x, y)
                    if why:
                        return self._error(y, why)
                    self._commit(x, y)
                    return
                if self._captures_from(g, x):
                    self._set(LIFTED, x)
                    return
                if self._captures_of(g, x):
                    self._set(VICTIM, x)
                    return
                return self._error(x, "%s can neither capture nor be captured now" % hole_name(x))
        elif n == 2:
            a = d[0]
            b = d[1]
            if p[a] == 0 and p[b] == 0:
                if g.check(a, b) is None or g.check(b, a) is None:
                    self.pend_h = a
                    self.pend_t = b
                    self._set(BOTH, a, b)
                    return
                return self._error(b, "%s and %s cannot capture each other" % (hole_name(a), hole_name(b)))
            if self.colour:
                y, x = (a, b) if p[a] == 0 else (b, a)
                if p[y] == 0 and p[x] == cells[y]:
                    why = g.check(y, x)
                    if why:
                        return self._error(x, why)
                    self._commit(y, x)
                    return
        return self._error(NONE, None)

    def _captures_from(self, g, h):
        s = g.cells[h]
        if g.to_move and s != g.to_move:
            return False
        for k in range(12 * h, 12 * h + 12):
            if g.cells[TARGETS[k]] == 3 - s:
                return True
        return False

    def _captures_of(self, g, h):
        for k in range(12 * h, 12 * h + 12):
            y = TARGETS[k]
            if g.cells[y] and g.check(y, h) is None:
                return True
        return False

    # --- outcomes -------------------------------------------------------------

    def _commit(self, h, t):
        g = self.game
        side = g.cells[h]
        duel = isinstance(g, Duel)
        if duel:
            before1 = g.ctrl[1]
            before2 = g.ctrl[2]
        g.push(h, t)
        self.pend_h = self.pend_t = NONE
        self._emit({"ev": "move", "move": hole_name(h) + "-" + hole_name(t), "by": SIDE_NAMES[side]})
        if duel:
            self._emit_control(before1, before2)
        self._set(IDLE)
        self.reason = None
        if g.result:
            self._emit_result()
            self._set(OVER)
        else:
            self._emit_turn()

    def _emit_control(self, before1, before2):
        g = self.game
        for i in range(7):
            b = 1 << i
            was = 1 if before1 & b else 2 if before2 & b else 0
            now = 1 if g.ctrl[1] & b else 2 if g.ctrl[2] & b else 0
            if was != now:
                self._emit({"ev": "control", "island": "ABCDEFG"[i], "by": SIDE_NAMES[now]})

    def _emit_turn(self):
        g = self.game
        self._emit({"ev": "turn", "to": SIDE_NAMES[g.to_move]})

    def _emit_result(self):
        from fireice.geom import RESULT_NAMES

        g = self.game
        line = g.winning_line() if isinstance(g, Duel) else 0
        self._emit({"ev": "result", "result": RESULT_NAMES[g.result], "islands": islands_str(line)})

    def _error(self, hole, reason, landed=False):
        # Something is wrong. Guide back to the nearest good position, one fix
        # at a time, and say why once per new problem.
        g = self.game
        target = self.target
        for k in range(49):
            target[k] = g.cells[k]
        if landed and self.pend_h != NONE:
            # a move on its way: the goal is the position with it made
            target[self.pend_h] = 0
            target[self.pend_t] = g.to_move
        self._guide(ERROR, target, self._last_p, False)
        if reason is None:
            reason = self._describe()
            hole = self.fix
        if reason != self.reason:
            self.reason = reason
            ev = {"ev": "illegal", "reason": reason}
            if hole != NONE:
                ev["hole"] = hole_name(hole)
            self._emit(ev)

    def _describe(self):
        h = self.fix
        if h == NONE:
            return "the pegs do not match the game"
        if self.fix_kind == 1:
            return "no peg belongs in %s" % hole_name(h)
        if self.fix_kind == 2:
            return "%s peg is missing from %s" % (A_PEG[self.target[h]], hole_name(h))
        return "%s needs %s peg" % (hole_name(h), A_PEG[self.target[h]])

    def _guide(self, phase, want, p, all_at_once):
        # first fix: a peg to remove, else one to put, else a colour to change
        if want is not self.target:
            for k in range(49):
                self.target[k] = want[k]
        want = self.target
        fix = NONE
        kind = 0
        for k in range(49):
            if want[k] == 0 and p[k] != 0:
                fix = k
                kind = 1
                break
        if fix == NONE:
            for k in range(49):
                if want[k] != 0 and p[k] == 0:
                    fix = k
                    kind = 2
                    break
        if fix == NONE and self.colour:
            for k in range(49):
                if want[k] != p[k]:
                    fix = k
                    kind = 3
                    break
        self.all_fixes = all_at_once
        if phase != self.phase or fix != self.fix or kind != self.fix_kind:
            self.phase = phase
            self.fix = fix
            self.fix_kind = kind
            self.version += 1

    # --- buttons --------------------------------------------------------------

    def undo(self):
        """Take back the last move; the board then guides the pegs back."""
        g = self.game
        if g is None or not g.ply:
            self._emit({"ev": "error", "reason": "no move to take back"})
            return False
        mv = g.pop()
        h = mv >> 6
        t = mv & 63
        self.h = self.t = NONE
        self.pend_h = self.pend_t = NONE
        self.reason = None
        self._emit({"ev": "undo", "move": hole_name(h) + "-" + hole_name(t)})
        if not self.colour:
            # Presence alone cannot tell which peg stands where: have both holes
            # emptied first, then the pegs put back.
            w = bytearray(g.cells)
            w[h] = 0
            w[t] = 0
            self.waypoint = w
        self.phase = RESTORE
        self.version += 1
        return True

    # --- display helpers --------------------------------------------------------

    def status(self):
        g = self.game
        return {
            "phase": PHASE_NAMES[self.phase],
            "fix": hole_name(self.fix) if self.fix != NONE else None,
            "control": {"fire": islands_str(g.control(1)), "ice": islands_str(g.control(2))} if g else None,
        }
