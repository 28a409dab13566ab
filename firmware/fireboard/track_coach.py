# The coach's danger lights on the board: a part of the loop (app.parts,
# docs/architecture.md) in duels. When a peg is lifted, the holes it may go
# to are judged with fireice.danger, a few a pass: one that hands the
# opponent the game through the fill (GIFT) glows violet, one that leaves
# them a win at once on their next move (THREAT) violet at half strength;
# the safe ones keep the side's colour (fireboard.lights). The lights show
# each judgement as it comes, within a few scans of the lift.
#
# The `danger` setting (fireboard.track_started.coach): true or false, or null (the default): on
# in a game against the board at its lowest level (a beginner's game), off
# otherwise. The module is loaded only while a game has the lights.
from micropython import const

from fireice.danger import danger
from fireice.geom import TARGETS

from fireboard.track_phases import LIFTED

# destinations judged a pass: a judgement takes about 9 us here (41,674 of
# them over 20 random games, bench of issue 15), about 2 ms at a Pico's
# speed (fireice.pico), so a pass stays within its scan period
_PER_PASS = const(2)

# the marks (Lights.danger[hole]): 0 not judged, 1 safe, 2 GIFT, 3 THREAT
SAFE_MARK = const(1)


class Coach:
    def __init__(self, app):
        self.marks = bytearray(49)
        self.h = -1  # the lifted peg judged, at ply
        self.ply = -1
        self.k = 0  # the next of its 12 destinations to judge
        self.busy = False  # destinations left to judge (the virtual board skips no scan)
        app.lights.danger = self.marks

    def tick(self, app, now):
        t = app.tracker
        g = t.game
        if g is None or not g.duel or g.result or t.phase != LIFTED:
            if self.h >= 0:
                self._clear(app)
            return
        h = t.from_hole
        if h != self.h or g.ply != self.ply:
            self._clear(app)
            self.h = h
            self.ply = g.ply
            self.k = 12 * h
        end = 12 * h + 12
        if self.k >= end or g.cells[h] != g.to_move:
            self.busy = False
            return
        self.busy = True
        cells = g.cells
        n = 0
        while self.k < end and n < _PER_PASS:
            x = TARGETS[self.k]
            self.k += 1
            if not cells[x]:
                self.marks[x] = SAFE_MARK + danger(g, h, x)
                n += 1
        app.lights.redraw()

    def _clear(self, app):
        self.busy = False
        m = self.marks
        for x in range(49):
            m[x] = 0
        self.h = -1
        app.lights.redraw()

    def drop(self, app):
        app.lights.danger = None


def attach(app, on):
    """A Coach in app.parts for the game in play when on (started.coach decides),
    none otherwise. Returns on (the "coach" job of fireboard.mem keeps
    this code while it coaches)."""
    parts = app.parts
    for p in parts:
        if isinstance(p, Coach):
            parts.remove(p)
            p.drop(app)
            break
    if on:
        parts.append(Coach(app))
    return on
