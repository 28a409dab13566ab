# The board as an opponent: a part of the loop (app.parts, docs/architecture.md)
# that plays one side of a duel with the engine (fireice.engine). Loaded
# while a game against the board is played (App.play_board).
#
# On the board's turn, once the pegs match the game, it thinks: the tracker
# then takes no move (Tracker.forced is THINKING: a peg lifted is guided
# back) and the board's turn LED pulses. Then it announces its move (a
# "plays" event, and "proven" the first time the engine has solved the
# game) and shows it: the peg to lift blinks in its colour, the hole it goes
# to glows. The player carries it out and puts the fill, as in any move;
# any other move is guided back (fireboard.track.tracker).
#
# Where the thinking runs (docs/engine.md, "On the board"): on a board with a
# second core (a Pico: hw.cores == 2), on that core (_thread), on a copy of
# the game, while the first core goes on scanning and lighting; elsewhere
# within the pass (the virtual board: the same moves from the same inputs),
# through hw.aside when the backend has it (the virtual board's Pico time
# charges the thinking to virtual time as if it ran beside the loop).
#
# The engine's code is loaded with this module (in the pass that starts or
# resumes the game: loading it takes about 100 ms on a Pico by estimate,
# twenty scans) and dropped with it (App.play_board). The engine itself,
# its memory (at most 32 KB), is made for each move beside the loop (on the
# second core, or within hw.aside) and given back after it.
import gc

from fireice.engine import Engine
from fireice.geom import RESULT_NAMES, SIDE_NAMES, move_name
from fireice.ticks import ticks_diff

from fireboard.track.phases import IDLE
from fireboard.track.tracker import FREE, THINKING

NO_ROOM = -2  # no move: the engine had no room
NO_MOVE = -3  # no move: the search failed


class Opponent:
    def __init__(self, side, level):
        self.side = side  # the side the board plays: 1 Fire, 2 Ice
        self.level = level
        self.game = None  # the game, and its ply, the board thinks or thought about
        self.ply = -1
        self.move = -1  # the move found, to be shown at self.at
        self.at = 0
        self.engine = None  # while it thinks
        self.busy = False  # the second core thinks
        self.done = False
        self.found = -1  # the second core's answer
        self.proved = None  # the game a proven result was announced for
        self.proven = 0  # the engine's proof with the move found: the winner (1, 2, 3 a draw)
        self.mate = 0  # and the plies to the end
        self.seed = 0

    def stop(self, t):
        """The board does not play here (any more): the tracker takes any
        move again; a search on the second core is told to stop."""
        if t.forced != FREE:
            t.force(FREE)
        self.game = None
        self.move = -1
        e = self.engine
        if e is not None and self.busy:
            e.stop = True

    def tick(self, app, now):
        t = app.tracker
        g = t.game
        if self.busy:
            if not self.done:
                if g is not self.game or g.ply != self.ply:
                    self.stop(t)
                return
            self.busy = False
            mv = self.found
            self.engine = None
            gc.collect()  # the engine's memory given back
            if g is self.game and g.ply == self.ply:
                self.move = mv
                self.at = now
        if g is None or not g.duel or g.result or g.to_move != self.side:
            if self.game is not None:
                self.stop(t)
            return
        if g is not self.game or g.ply != self.ply:
            if self.game is not None:
                self.stop(t)
            if t.phase == IDLE:  # the pegs match the game: think
                self._think(app, g, now)
            return
        if self.move != -1 and t.forced == THINKING and ticks_diff(now, self.at) >= 0:
            self._show(app, t)

    def _think(self, app, g, now):
        self.game = g
        self.ply = g.ply
        self.move = -1
        t = app.tracker
        t.force(THINKING)
        app._out({"ev": "thinking", "by": SIDE_NAMES[self.side], "level": self.level})
        self.proven = self.mate = 0
        self.seed = app.seed * 64 + g.ply
        try:
            if getattr(app.hw, "cores", 1) > 1:
                import _thread

                from fireice.duel import Duel

                copy = Duel(g.position(), g.to_move)
                self.done = False
                self.busy = True
                _thread.start_new_thread(self._work, (copy,))
                return
            run = getattr(app.hw, "aside", None)
            if run is None:
                mv = self._search(g)
                ms = 0
            else:
                mv, ms = run(self._search, g)
        except MemoryError:
            mv = NO_ROOM
            ms = 0
        self.engine = None
        gc.collect()  # the engine's memory given back
        self.move = mv
        self.at = now + ms

    def _search(self, g):
        # the engine made (its memory: the level's arrays) and its move found;
        # on a Pico on the second core, so the first is not held up by either
        e = self.engine = Engine(self.level, self.seed)
        mv = e.think(g)
        self.proven = e.proven
        self.mate = e.mate
        return mv

    def _work(self, g):
        # the second core: think, then say it is done (the first core reads it)
        try:
            self.found = self._search(g)
        except MemoryError:
            self.found = NO_ROOM
        except Exception:  # noqa: BLE001 (no move: the player moves for the board)
            self.found = NO_MOVE
        self.done = True

    def _show(self, app, t):
        mv = self.move
        self.move = -1
        if mv < 0:
            t.force(FREE)  # the player moves for it
            why = "cannot think (out of memory)" if mv == NO_ROOM else "found no move"
            app._out({"ev": "error", "reason": "the board %s: move its pegs for it" % why})
            app._drain()
            return
        t.force(mv)
        app._out({"ev": "plays", "move": move_name(mv >> 6, mv & 63), "by": SIDE_NAMES[self.side]})
        if self.proven and self.proved is not self.game:
            self.proved = self.game
            app._out({"ev": "proven", "winner": RESULT_NAMES[self.proven], "plies": self.mate})
            # and shown: the winner's turn LED (fireboard.lights), while the
            # game is at or past this ply (a takeback before it: not proven)
            app.lights.proven = (self.proven, self.ply)
        app._drain()  # what the tracker says of the pegs as they stand
