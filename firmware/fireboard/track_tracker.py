# The move tracker: turns what the sensors see into game actions.
#
# It compares whole positions: the pegs standing (debounced sensor states)
# against the game's position, and from the difference decides what the
# player is doing: nothing, lifting a peg, having put it on a legal hole,
# having completed a move, or something wrong, with the way back. Only what a
# presence-only front end cannot see (which peg went where) is remembered
# between updates: the move on its way (moving_from -> moving_to), and while a new
# game is set up, the holes seen empty since it began (seen): a digital
# board cannot tell a Fire peg from an Ice one, so a peg counts for the new
# game only once it has been put into its hole after the game began. A peg
# still standing from before is lifted and put back in the colour lit
# under it (FIX_COLOUR, as a wrong colour on the colour front end).
import micropython
from micropython import const

from fireice.geom import RESULT_NAMES, SIDE_NAMES, hole_name, islands_str, move_name

from fireboard.track_phases import (
    IDLE,
    LIFTED,
    LANDED,
    ERROR,
    RESTORE,
    SETUP,
    OVER,
    THINKING,
    WAITING,
    FIX_REMOVE,
    FIX_PUT,
    FIX_COLOUR,
)

_NONE = const(255)
FREE = const(-1)  # Tracker.forced: no move is the board's (or THINKING)
_A_PEG = ("a", "a fire", "an ice")


class Tracker:
    def __init__(self, colour):
        self.colour = colour  # the front end tells Fire from Ice
        self.game = None
        self.phase = SETUP
        # the holes of the phase (track_phases): the peg up, where it landed
        self.from_hole = _NONE
        self.to_hole = _NONE
        # a duel's move on its way: lifted from, put in (the fill goes back
        # to moving_from); a solitaire's pair of pegs both up
        self.moving_from = _NONE
        self.moving_to = _NONE
        self.fix = _NONE  # ERROR, RESTORE, SETUP: the hole to put right first
        self.fix_kind = 0  # FIX_REMOVE, FIX_PUT or FIX_COLOUR (0: none)
        self.all_fixes = False  # SETUP shows every fix at once
        self.reason = None
        self.target = bytearray(49)  # the position the lights guide to
        self.pegs = self.target  # the pegs last seen (update)
        self.waypoint = None  # a position to pass through first (takeback)
        self.diff = bytearray(8)
        # digital: 1 for a hole seen empty since the set-up began (all 1
        # outside a set-up); the colour front end sees colours instead
        self.seen = None if colour else bytearray(49)
        self.events = []
        # a move's events built later (say): the App sets it, so that the
        # frame that answers the hand goes out before them; in events the
        # move stands until then as (frm, to, side, controls before)
        self.later = False
        self.version = 0  # counts display changes
        # the board's own move (fireboard.track_versus): FREE (the player
        # moves), THINKING (nothing may move), or the move shown, frm * 64 + to
        self.forced = FREE
        # a remote game (fireboard.track_remote): its move events carry the
        # ply (plies), the wait names the opponent, and a move shown from
        # outside that is the local side's (a sync's) is marked synced
        self.plies = False
        self.wait = None
        self.synced = False

    def start(self, game, setup=True, trust=None):
        """A game to track. setup: guide the pegs to its position first (a new
        game); otherwise play on from what stands (a resumed game). trust:
        the pegs standing count as placed; by default only when play goes
        on (a digital board then has each peg of a set-up put in afresh)."""
        self.game = game
        self.waypoint = None
        self.forced = FREE
        self.from_hole = self.to_hole = self.moving_from = self.moving_to = _NONE
        self.phase = SETUP if setup else IDLE
        self.reason = None
        self.version += 1
        self._trust(not setup if trust is None else trust)

    def force(self, mv):
        """The board's move (FREE, THINKING, or frm * 64 + to): only that
        move may be made; anything else is guided back as an error. The
        pegs are looked at again with it (update)."""
        if mv != self.forced:
            self.forced = mv
            self.version += 1
            if self.phase != SETUP and self.phase != RESTORE and self.phase != OVER:
                self.reason = None
                self.moving_from = self.moving_to = _NONE
                self.update(self.pegs)

    def _trust(self, yes):
        s = self.seen
        if s is not None:
            v = 1 if yes else 0
            for k in range(49):
                s[k] = v

    @micropython.viper  # in every update, the move's too: before its frame
    def _diff(self, want, p) -> int:
        # holes where p differs from want (up to 8 listed in diff); the count.
        # Colour: any difference; presence only (seen): a peg where none is
        # wanted or none where one is, or a wanted peg not put in since the
        # set-up began
        d = ptr8(self.diff)
        w = ptr8(want)
        q = ptr8(p)
        if self.colour:
            s = w  # (not read)
            c = 1
        else:
            s = ptr8(self.seen)
            c = 0
        n = 0
        for h in range(49):
            a = w[h]
            b = q[h]
            if c:
                if a == b:
                    continue
            else:
                e = 1 if a == 0 else 0
                if e == (1 if b == 0 else 0) and (e or s[h]):
                    continue
            if n < 8:
                d[n] = h
            n += 1
        return n

    def _set(self, phase, h=_NONE, t=_NONE):
        if phase != self.phase or h != self.from_hole or t != self.to_hole:
            self.phase = phase
            self.from_hole = h
            self.to_hole = t
            self.version += 1

    def update(self, p):
        """p: the 49 debounced hole states (0 empty, 1 Fire, 2 Ice, 3 a peg)."""
        g = self.game
        if g is None:
            return
        self.pegs = p
        if g.result and self.phase != SETUP:
            return self._set(OVER)
        if self.waypoint is not None:
            if self._diff(self.waypoint, p):
                return self._guide(RESTORE, self.waypoint, False)
            self.waypoint = None
        seen = self.seen
        if self.phase == SETUP and seen is not None:
            for k in range(49):  # the holes empty now (a digital set-up)
                if p[k] == 0:
                    seen[k] = 1
        n = self._diff(g.cells, p)
        if self.phase == SETUP or self.phase == RESTORE:
            if n:
                return self._guide(self.phase, g.cells, self.phase == SETUP)
            self._trust(True)
            self._set(IDLE)
            self.events.append({"ev": "ready", "to": SIDE_NAMES[g.to_move]})
            if g.result:
                return self._set(OVER)
            self.events.append({"ev": "turn", "to": SIDE_NAMES[g.to_move]})
            return
        if n == 0:
            self.moving_from = self.moving_to = _NONE
            return self._set(IDLE)
        if g.duel:
            self._duel(g, p, n)
        else:
            from fireboard.track_solo import track

            track(self, g, p, n)

    def _duel(self, g, p, n):
        s = g.to_move
        o = 3 - s
        cells = g.cells
        d = self.diff
        f = self.forced
        if f == THINKING:
            return self._error(d[0], "wait: the board is thinking")
        if f == WAITING:
            return self._error(d[0], self.wait)
        fh = f >> 6 if f >= 0 else _NONE  # the board's move: lift fh, put it in ft
        ft = f & 63 if f >= 0 else _NONE
        if n == 1:
            x = d[0]
            if cells[x] == s and p[x] == 0:
                if fh != _NONE and x != fh:
                    return self._error(
                        x, "the board plays %s: lift %s" % (move_name(fh, ft), hole_name(fh))
                    )
                self.moving_from = self.moving_to = _NONE
                return self._set(LIFTED, x)
            if not self.colour and x == self.moving_to:
                # the fill is in: the hole left reads occupied again
                return self._commit(self.moving_from, x)
        elif n == 2:
            a = d[0]
            b = d[1]
            if cells[a] == 0:
                a, b = b, a
            # a: the mover's peg in the game, b: an empty hole with a peg now
            if cells[a] == s and cells[b] == 0 and p[b] != 0:
                if fh != _NONE and (a != fh or b != ft):
                    return self._error(
                        b, "the board plays %s, not %s" % (move_name(fh, ft), move_name(a, b))
                    )
                why = g.check(a, b)
                if p[a] == 0:
                    if why:
                        return self._error(b, why)
                    if self.colour and p[b] != s:
                        return self._error(
                            b,
                            "%s has %s peg: %s moves" % (hole_name(b), _A_PEG[p[b]], SIDE_NAMES[s]),
                        )
                    self.moving_from = a
                    self.moving_to = b
                    return self._set(LANDED, a, b)
                if self.colour and p[a] == o and p[b] == s and not why:
                    return self._commit(a, b)
        # Something else. A move on its way, and a peg where its fill is not?
        h = self.moving_from
        t = self.moving_to
        if h != _NONE and p[t] != 0 and p[h] != o:
            for k in range(min(n, 8)):
                x = d[k]
                if x != h and x != t and cells[x] == 0 and p[x] != 0:
                    why = "the %s peg goes in %s, not %s" % (
                        SIDE_NAMES[o],
                        hole_name(h),
                        hole_name(x),
                    )
                    return self._error(x, why, True)
            if self.colour and p[h] == s:
                return self._error(h, "%s needs %s peg" % (hole_name(h), _A_PEG[o]), True)
        lifted = 0
        for k in range(min(n, 8)):
            x = d[k]
            if p[x] == 0:
                if cells[x] == o:
                    why = "%s holds %s peg and %s is to move" % (
                        hole_name(x),
                        _A_PEG[o],
                        SIDE_NAMES[s],
                    )
                    return self._error(x, why)
                lifted += cells[x] == s
        if lifted > 1:
            return self._error(d[0], "lift one peg at a time")
        self._error(_NONE, None)

    def _commit(self, h, t):
        g = self.game
        side = g.cells[h]
        ev = self.events
        duel = g.duel
        was = g.ctrl[1] | g.ctrl[2] << 7 if duel else 0
        # the move's ply for a remote game's events (-1: none), and whether
        # it is a local move shown from outside (a sync's: the link posts it not)
        ply = g.ply + 1 if self.plies else -1
        if self.synced and self.forced >= 0:
            ply = -2 - ply
        g.push(h, t)
        self.moving_from = self.moving_to = _NONE
        self.forced = FREE  # (the board's move, made)
        self.reason = None
        self._set(OVER if g.result else IDLE)
        if self.later:
            ev.append((h, t, side, was, ply))
        else:
            self._say(h, t, side, was, ev, ply)

    def say(self):
        """Build the events of a move made with later set (its move, the
        islands' control, the turn or the result), where it stands in
        events. Nothing to do without one. Memory that runs out while they
        are built leaves the move as it stood, to be built at the next try
        (App.tick)."""
        ev = self.events
        k = 0
        while k < len(ev):  # (another move, the board's, may stand behind it)
            m = ev[k]
            if type(m) is tuple:
                said = []
                self._say(m[0], m[1], m[2], m[3], said, m[4])
                ev[k : k + 1] = said
                k += len(said)
            else:
                k += 1

    def _say(self, h, t, side, was, ev, ply=-1):
        g = self.game
        e = {"ev": "move", "move": move_name(h, t), "by": SIDE_NAMES[side]}
        if ply != -1:  # a remote game's (_commit)
            if ply < -1:
                ply = -2 - ply
                e["synced"] = True
            e["ply"] = ply
        ev.append(e)
        self._control(was, ev)
        if g.result:
            line = g.winning_line() if g.duel else 0
            ev.append(
                {"ev": "result", "result": RESULT_NAMES[g.result], "islands": islands_str(line)}
            )
        else:
            ev.append({"ev": "turn", "to": SIDE_NAMES[g.to_move]})

    def _control(self, was, ev):
        # a control event for each island whose controller changed; was:
        # Fire's mask | Ice's mask << 7 before
        g = self.game
        if not g.duel:
            return
        for i in range(7):
            b = 1 << i
            old = 1 if was & b else 2 if was >> 7 & b else 0
            now = 1 if g.ctrl[1] & b else 2 if g.ctrl[2] & b else 0
            if old != now:
                ev.append({"ev": "control", "island": "ABCDEFG"[i], "by": SIDE_NAMES[now]})

    def _error(self, hole, reason, landed=False):
        # Something is wrong. Guide back to the nearest good position (the
        # game's, or with the move on its way made), one fix at a time, and
        # say why once for each new problem.
        g = self.game
        target = self.target
        for k in range(49):
            target[k] = g.cells[k]
        if landed:
            target[self.moving_from] = 0
            target[self.moving_to] = g.to_move
        self._guide(ERROR, target, False)
        if reason is None:
            hole = h = self.fix
            if h == _NONE:
                reason = "the pegs do not match the game"
            elif self.fix_kind == FIX_REMOVE:
                reason = "no peg belongs in %s" % hole_name(h)
            elif self.fix_kind == FIX_PUT:
                reason = "%s peg is missing from %s" % (_A_PEG[target[h]], hole_name(h))
            else:
                reason = "%s needs %s peg" % (hole_name(h), _A_PEG[target[h]])
        if reason != self.reason:
            self.reason = reason
            ev = {"ev": "illegal", "reason": reason}
            if hole != _NONE:
                ev["hole"] = hole_name(hole)
            self.events.append(ev)

    def _guide(self, phase, want, all_at_once):
        # the first fix: a peg to remove, else one to put, else a colour
        target = self.target
        if want is not target:
            for k in range(49):
                target[k] = want[k]
        p = self.pegs
        fix = _NONE
        kind = 0
        for k in range(49):
            if target[k] == 0 and p[k] != 0:
                fix = k
                kind = FIX_REMOVE
                break
        if fix == _NONE:
            for k in range(49):
                if target[k] != 0 and p[k] == 0:
                    fix = k
                    kind = FIX_PUT
                    break
        if fix == _NONE:
            # a colour to change; digital, setting up: a peg from before
            seen = self.seen
            for k in range(49):
                if target[k] != p[k] if seen is None else target[k] and not seen[k]:
                    fix = k
                    kind = FIX_COLOUR
                    break
        self.all_fixes = all_at_once
        if phase != self.phase or fix != self.fix or kind != self.fix_kind:
            self.phase = phase
            self.fix = fix
            self.fix_kind = kind
            self.version += 1

    def took_back(self, mv, was, undo=True):
        """The last move mv (frm * 64 + to) has been taken off the game
        (game.pop(), its record saved); was: the control masks before, as
        _control takes them. The board then guides the pegs back. undo:
        announce it as a takeback; otherwise the move was never announced
        (it could not be saved) and is only put right."""
        g = self.game
        h = mv >> 6
        t = mv & 63
        self.from_hole = self.to_hole = self.moving_from = self.moving_to = _NONE
        self.forced = FREE
        self.reason = None
        if undo:
            self.events.append({"ev": "undo", "move": move_name(h, t)})
            self._control(was, self.events)
            self.events.append({"ev": "turn", "to": SIDE_NAMES[g.to_move]})
        if not self.colour:
            # Presence alone cannot tell which peg stands where: have both
            # holes emptied first, then the pegs put back.
            w = bytearray(g.cells)
            w[h] = 0
            w[t] = 0
            self.waypoint = w
        self.phase = RESTORE
        self.version += 1
