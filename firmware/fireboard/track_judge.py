# The solitaire's help on the board, two parts of the main loop (app.parts,
# docs/architecture.md), both working between scans in slices of the
# solver (fireice.solver), which is loaded for one solve and dropped after
# it (fireboard.mem): the game's 64 KB stay free of it while it is not
# running, and a board needs ROOM of heap for it (docs/protocol.md,
# "Solitaire help").
#
# The module of the solver stays loaded while solitaires are played (from
# the first solve until a duel starts): MicroPython keeps the native code
# of every load of a .mpy alive, so loading fireice.solver again for each
# solve would cost heap each time for good. The solver itself (its 16 KB table) is made at the first solve and
# kept while the solitaire lasts, its table emptied between solves (made
# again each time, its 8 KB blocks found no room after a capture on the
# colour board in 96 KB).
#
# - Judge, while a solitaire is played: after every capture (and at the
#   start, and after a takeback) it solves the position, WORK units of the
#   solver's work a pass, BUDGET nodes at most, and says whether it can still be won (a
#   "winnable" event; the turn LED's colour, fireboard.lights); the capture
#   that turned a winnable position into a lost one is named ("losing").
#   hint() lights the first capture of the winning line found (a "hint"
#   event) and counts it in the record's Hints tag.
# - Dealer, for a new graded deal: fireice.solver.Grader in slices, then the
#   new game (App.new_game), while the game in play goes on.
import gc
from micropython import const

from fireboard.mem import done
from fireboard.track_phases import DEALER, JUDGE

SLICE = const(1)  # solver nodes a pass of the Dealer (bench/bench_solver.py "part")
# the solver's work a pass (fireice.solver.Solver.work): units of about 0.2 ms
# on a Pico (fireice.pico) by their measured worst, so a slice of the Judge's
# solve takes at most about 3.2 ms of the 5 ms scan period, a margin for the
# noise in the measured costs (bench/bench_solver.py "steps" and "part")
WORK = const(16)
BUDGET = const(2000)  # nodes a solve; "unknown" after them
_KEYS = const(40)  # keys of a new solver's table made a pass (about 3 ms at Pico speed)
# free heap a board needs beside the game for the solver with its module and
# for the record's jobs (the solver's peak beside the game: bench/RESULTS.md,
# "The solitaire's solver on the board"); a 96 KB heap has it after start-up
ROOM = const(36864)
MODULE = const(6144)  # of it, the solver's module: room already taken once it is loaded

# the sign (Judge.sign)
UNKNOWN = const(0)  # not known (being solved, or the budget ran out)
WINNABLE = const(1)
LOST = const(2)

# a solitaire's result (fireice.solo's Solo.result; 1 to 3 are a duel's)
_SOLO_WON = const(4)
_SOLO_LOST = const(5)

_SOLVER = "fireice.solver"


def room():
    """Whether the heap has room for the solver beside the game: ROOM bytes
    free, collected, less the module's share when it is loaded already
    (CPython: always)."""
    import sys

    gc.collect()
    try:
        free = gc.mem_free()  # type: ignore[attr-defined]
    except AttributeError:
        return True
    return free >= ROOM - (MODULE if _SOLVER in sys.modules else 0)


def attach(app, game, sure=False):
    """A Judge in app.parts while game is a solitaire on a board with room,
    none otherwise (called when a game is started or resumed). sure: the
    room was found already (a graded deal, made with the solver). True when
    it attached one (the "judge" job of fireboard.mem keeps this code, and
    the solver's, then; drops them otherwise)."""
    parts = app.parts
    for p in parts:
        if isinstance(p, Judge):
            parts.remove(p)
            p.release()
            break
    app.lights.judge = None
    if not game.duel and (sure or room()):
        parts.append(Judge(app))
        return True
    return False


class Judge:
    kind = JUDGE

    def __init__(self, app):
        self.game = None  # the game and ply the sign is for
        self.ply = -1
        self.sign = UNKNOWN
        self.best = 0  # the first capture of the winning line: frm * 64 + to
        self.lit = 0  # the capture lit as a hint: frm * 64 + to + 1; 0 none
        self.asked = False  # a hint waits for the solve
        self.blame = False  # the last capture left a winnable position
        self.sv = None  # the solver, made at the first solve, kept for the session
        self.step = 0  # 0 nothing to do, 1 load, 2 make (or empty) the solver, 3 start, 4 run
        self.left = 0  # nodes left of the budget
        self.busy = False  # a solve is under way (the virtual board skips no scan)
        app.lights.judge = self

    def drop(self):
        """The solve under way abandoned; the solver itself stays, made once
        for the session: made again for each solve, its table's 8 KB blocks
        found no room in a heap cut up by the game in between (the colour
        board in 96 KB, after a capture)."""
        self.step = 0
        self.busy = False

    def release(self):
        """The solver out of the heap (the solitaire is over; the module
        stays, see above)."""
        self.drop()
        self.sv = None
        gc.collect()

    def shed(self, app):
        """The solver and its module given back to a command that ran out of
        memory (fireboard.links_commands): a solve under way ends "unknown", as one that
        finds no room does; an answer found already stays. The next capture
        makes the solver again, if there is room then."""
        if self.sv is None and not self.step:
            return
        if self.step:
            self._failed(app)
        else:
            self.release()
            done("solver")

    def tick(self, app, now):
        g = app.tracker.game
        if g is not self.game or g.ply != self.ply:
            self._moved(app, g)
        step = self.step
        if not step:
            return
        # one piece of work a pass: the module, the solver, its start, a slice
        if step == 1:
            try:
                __import__(_SOLVER)  # (at once when loaded already)
            except MemoryError:
                return self._failed(app)
            self.step = 2
        elif step == 2:
            if self.sv is None:
                import sys

                gc.collect()  # (the pass's garbage: the table's 8 KB blocks want one piece each)
                try:
                    m = sys.modules[_SOLVER]
                    self.sv = m.Solver(m.BOARD_TABLE, 0, False)  # (its keys: the next passes)
                except MemoryError:
                    self.sv = None
                    return self._failed(app)
                self.sv.work = WORK
                return
            elif self.sv.keyed < 200:  # its keys, _KEYS a pass
                self.sv.keys(_KEYS)
                return
            else:  # as a new one: its table emptied (a block of zeros copied at a time)
                self.sv.clear()
            self.step = 3
        elif step == 3:
            self.sv.start(g.cells, g.to_move)
            self.step = 4
        else:
            sv = self.sv
            n = sv.nodes
            st = sv.run(self.left)  # (as many nodes as WORK allows)
            self.left -= sv.nodes - n  # (a pass that only put children in order made none)
            if st == 0 and self.left > 0:  # running
                return
            self._solved(app, g, st)

    def _moved(self, app, g):
        # the position changed: a capture, a takeback, another game
        # a capture from a position known winnable: if it lost, it is named
        blame = g is self.game and g.ply == self.ply + 1 and self.sign == WINNABLE
        self.drop()
        self.game = g
        self.ply = g.ply if g is not None else -1
        self.sign = UNKNOWN
        self.lit = 0
        self.blame = blame
        app.lights._seen = -1  # drawn again
        if g is None:
            return
        if g.result:  # the end: no capture is left
            if g.result == _SOLO_LOST and blame:
                self._losing(app, g)
            self.sign = WINNABLE if g.result == _SOLO_WON else LOST
            if self.asked:
                self._give(app)
            return
        self.step = 1
        self.left = BUDGET
        self.busy = True

    def _failed(self, app):
        # no room after all: "unknown", the game goes on
        self.release()
        done("solver", failed=True)
        self._say(app, UNKNOWN)

    def _solved(self, app, g, st):
        sv = self.sv
        if st == 1:  # won: its line's first capture
            f, t = sv.line()[0]
            self.best = f * 64 + t
            sign = WINNABLE
        elif st == 2:
            sign = LOST
        else:
            sign = UNKNOWN
        self.drop()
        if sign == LOST and self.blame:
            self._losing(app, g)
        self._say(app, sign)

    def _say(self, app, sign):
        self.sign = sign
        app.lights._seen = -1
        app._out({"ev": "winnable", "winnable": (None, True, False)[sign]})
        if self.asked:
            self._give(app)

    def _losing(self, app, g):
        from fireice.geom import move_name

        k = 2 * g.ply - 2
        app._out({"ev": "losing", "move": move_name(g.hist[k], g.hist[k + 1])})

    def hint(self, app):
        """The hint asked for (App.hint: the undo button held, the hint
        command): given once the position is solved."""
        self.asked = True
        g = app.tracker.game
        if not self.step and g is self.game and g.ply == self.ply:  # solved already
            self._give(app)

    def _give(self, app):
        self.asked = False
        g = self.game
        if self.sign != WINNABLE or g is None or g.result:
            app._out({"ev": "hint", "move": None, "winnable": (None, True, False)[self.sign]})
            return
        from fireice.geom import move_name

        b = self.best
        name = move_name(b >> 6, b & 63)
        if not app.games.hint_saved(g, name, app._out):  # saved before it is shown and said
            return
        self.lit = b + 1
        app.lights._seen = -1
        app._out({"ev": "hint", "move": name})


class Dealer:
    """A graded deal made in slices (fireice.solver.Grader), then started
    as the new game, a piece of work a pass: the module (step 0), the
    solver (1), its keys (2, _KEYS a pass), the grader's random player (3),
    the grader (4), then slices (5).
    busy: the virtual board skips no scan meanwhile."""

    kind = DEALER

    def __init__(self, settings, grade):
        self.settings = settings  # App.new_game's (mode, handicap, side, seed)
        self.grade = grade
        self.step = 0
        self.gr = None  # the solver, then the grader
        self.walker = None  # the grader's random player, until the grader is made
        self.busy = True

    def tick(self, app, now):
        import sys

        step = self.step
        if step == 0:
            __import__(_SOLVER)
        elif step == 1:
            self.gr = sys.modules[_SOLVER].Solver(sys.modules[_SOLVER].BOARD_TABLE, 0, False)
            self.gr.work = WORK
        elif step == 2:
            if not self.gr.keys(_KEYS):
                return
        elif step == 3:
            self.walker = sys.modules[_SOLVER].Solver(1, 400, False)
        elif step == 4:
            m = sys.modules[_SOLVER]
            self.gr = m.Grader(self.settings[3], self.grade, self.gr, self.walker)
            self.walker = None
        else:
            r = self.gr.step(SLICE)
            if r is None:
                return
            self.stop(app)
            s = self.settings
            app.new_game(s[0], s[1], s[2], s[3], r[0], None, self.grade)
            return
        self.step = step + 1

    def stop(self, app):
        if self in app.parts:
            app.parts.remove(self)
        self.gr = self.walker = None
        gc.collect()  # (the module stays for the solitaire: see above)
