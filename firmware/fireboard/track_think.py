# Thinking beside the loop: the engine's move for the game in play, found
# where it holds up no scan. The one home of it, for the board's own moves
# (fireboard.track_versus) and a duel's hints (fireboard.track_hinting).
#
# On a board with a second core (a Pico: hw.cores == 2) the search runs on
# it (_thread), on a copy of the game, while the first core goes on
# scanning, tracking and lighting; its answer is taken in by a later pass.
# Elsewhere it runs within the pass that starts it (the virtual board: the
# same moves from the same inputs), through hw.aside when the backend has
# it: the virtual board's Pico time gives the search's time at Pico speed,
# and the answer counts only that much later, as if it came from the
# second core. CircuitPython (no _thread) runs it within the pass.
#
# The Pico has one second core, so one search runs at a time: app.aside is
# the search that holds it, from its start until its answer is taken in,
# or until a search told to stop has stopped. A search whose turn comes
# while the core still ends another (one stopped: a takeback, a new game)
# waits for it, trying again each pass.
#
# The engine (its memory: the level's arrays) is made for the search,
# on the second core when there is one, and given back after it: its
# garbage, collected in a pass of its own by whoever asked (the board's
# move: fireboard.track_versus; a hint: fireboard.track_hinting, its last pass).
from micropython import const

from fireice.engine import Engine
from fireice.ticks import ticks_diff

NO_ROOM = const(-2)  # no move: the engine had no room
NO_MOVE = const(-3)  # no move: the search failed
_WAIT = const(0)  # not started (the core is busy)
_BUSY = const(1)  # on the second core
_DONE = const(2)  # the answer is in (it counts from self.at)


class Think:
    """A search of the engine at level with seed, for the game g as it is
    at its ply now. The owner polls it each pass, and stops it when the game
    changes under it (its answer is then dropped)."""

    def __init__(self, level, seed, g):
        self.level = level
        self.seed = seed
        self.game = g  # the game in play, and the ply thought about
        self.ply = g.ply
        self.state = _WAIT
        self.stopped = False
        self.engine = None  # while it searches
        self.move = -1  # the answer: frm * 64 + to, or -1, NO_ROOM, NO_MOVE
        self.proven = 0  # the engine's proof with it: the winner (1, 2, 3 a draw)
        self.mate = 0  # and the plies to the end
        self.at = 0  # when the answer counts
        self.app = None  # while it holds the core: to give it back when stopped

    def about(self, g):
        """Whether it is about game g as it stands."""
        return g is self.game and g.ply == self.ply

    def poll(self, app, now):
        """True once the answer is in and its time has come (the core is
        then free again); starts the search when the core is free. The
        engine's memory is garbage then, not collected here: a collection
        at Pico speed is longer than a scan period (about 13 ms on the
        96 KB heap by the estimate), so whoever asked collects it in a
        pass of its own (the board's move: versus; a hint: hinting)."""
        s = self.state
        if s == _WAIT:
            if app.aside is not None:
                return False  # the core still ends another search
            self._start(app, now)
            s = self.state
        if s != _DONE or ticks_diff(now, self.at) < 0:
            return False
        if app.aside is self:
            app.aside = None
            self.app = None
        return True

    def stop(self, app):
        """Its answer is not wanted: a search on the second core is told to
        stop, and gives the core back when it has."""
        self.stopped = True
        e = self.engine
        if e is not None:
            e.stop = True
        if self.state != _BUSY and app.aside is self:
            app.aside = None
            self.app = None

    def _start(self, app, now):
        app.aside = self
        self.at = now
        g = self.game
        try:
            if getattr(app.hw, "cores", 1) > 1:
                import _thread

                from fireice.duel import Duel

                copy = Duel(g.position(), g.to_move)  # the first core keeps the game
                self.app = app
                self.state = _BUSY
                try:
                    _thread.start_new_thread(self._work, (copy,))
                except OSError:  # the core is still ending the last search
                    self.state = _WAIT
                    self.app = None
                    app.aside = None
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
        self.app = app  # its memory given back as the answer is taken in, as on a Pico
        self.move = mv
        self.at = now + ms
        self.state = _DONE

    def _search(self, g):
        # the engine made and its move found; on a Pico on the second core,
        # so that the first is held up by neither
        e = self.engine = Engine(self.level, self.seed)
        if self.stopped:  # (stopped as it began)
            e.stop = True
        mv = e.think(g)
        self.proven = e.proven
        self.mate = e.mate
        return mv

    def _work(self, g):
        # the second core: think, say it is done (the first core reads it),
        # and give the core back if nobody wants the answer
        try:
            mv = self._search(g)
        except MemoryError:
            mv = NO_ROOM
        except Exception:  # noqa: BLE001 (no move: said by the owner)
            mv = NO_MOVE
        self.engine = None
        self.move = mv
        self.state = _DONE
        app = self.app
        if self.stopped and app is not None and app.aside is self:
            app.aside = None
            self.app = None
