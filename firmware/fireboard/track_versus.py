# The board as an opponent: a part of the loop (app.parts, docs/architecture.md)
# that plays one side of a duel with the engine (fireice.engine). Loaded
# while a game against the board is played (fireboard.track_started.play_board).
#
# On the board's turn, once the pegs match the game, it thinks: the tracker
# then takes no move (Tracker.forced is THINKING: a peg lifted is guided
# back) and the board's turn LED pulses. Then it announces its move (a
# "plays" event, and "proven" the first time the engine has solved the
# game) and shows it: the peg to lift blinks in its colour, the hole it goes
# to glows. The player carries it out and puts the fill, as in any move;
# any other move is guided back (fireboard.track_tracker).
#
# Where the thinking runs (docs/engine.md, "On the board"): beside the
# loop, on the Pico's second core where there is one (fireboard.track_think,
# shared with a duel's hints: one search at a time).
#
# The engine's code is loaded with this module (in the pass that starts or
# resumes the game, which is long anyway: about 45 ms on a Pico by the
# estimate from the ROM image) and dropped with it (started.play_board). The
# engine itself, its memory (at most 32 KB), is made for each move beside
# the loop (on the second core, or within hw.aside) and given back after
# it: collected in the pass after the one that says the move (_tell).
import gc

from fireice.geom import RESULT_NAMES, SIDE_NAMES

from fireboard.track_phases import IDLE
from fireboard.track_plays import say, show
from fireboard.track_think import NO_ROOM, Think
from fireboard.track_phases import THINKING
from fireboard.track_tracker import FREE


def attach(app, vs):
    """The board plays side vs[0] at level vs[1]: its part in app.parts
    (the "opponent" job of fireboard.mem, started.play_board)."""
    app.opponent = Opponent(vs[0], vs[1])
    app.parts.append(app.opponent)
    return True


class Opponent:
    def __init__(self, side, level):
        self.side = side  # the side the board plays: 1 Fire, 2 Ice
        self.level = level
        self.game = None  # the game, and its ply, the board thinks or thought about
        self.ply = -1
        self.think = None  # its search, until the answer is taken in (Think)
        self.proved = None  # the game a proven result was announced for
        self.collect = False  # a search's garbage to collect in the next pass
        self.told = None  # the search whose move is shown, to be said in the next pass

    def stop(self, t, app):
        """The board does not play here (any more): the tracker takes any
        move again; its search is told to stop (its answer dropped)."""
        if t.forced != FREE:
            t.force(FREE)
        self.game = None
        self.told = None
        th = self.think
        if th is not None:
            self.think = None
            th.stop(app)

    def tick(self, app, now):
        if self.told is not None:
            self._say(app, self.told)
            return
        if self.collect:
            # the pass after the move is said: the engine's memory, its
            # garbage now, collected in a pass of its own (at Pico speed a
            # collection takes about 13 ms on the 96 KB heap by the
            # estimate, more than a scan period by itself)
            self.collect = False
            gc.collect()
            return
        t = app.tracker
        g = t.game
        th = self.think
        if th is not None:
            if not th.about(g):
                self.stop(t, app)  # the game changed under it
            elif th.poll(app, now):
                self.think = None
                self._show(app, t, th)
                return
            else:
                return  # it thinks (or waits for the core)
        if g is None or not g.duel or g.result or g.to_move != self.side:
            if self.game is not None:
                self.stop(t, app)
            return
        if g is not self.game or g.ply != self.ply:
            if self.game is not None:
                self.stop(t, app)
            if t.phase == IDLE:  # the pegs match the game: think
                self._think(app, g, now)

    def _think(self, app, g, now):
        self.game = g
        self.ply = g.ply
        app.tracker.force(THINKING)
        app._out({"ev": "thinking", "by": SIDE_NAMES[self.side], "level": self.level})
        th = self.think = Think(self.level, app.seed * 64 + g.ply, g)
        th.poll(app, now)  # started (if the core is free), its answer taken in later

    def _show(self, app, t, th):
        # the answer in: shown in this pass (the tracker takes only it, the
        # lights guide the hand), said in the next (_say), collected in the
        # one after (tick): each a pass's work at Pico speed
        self.collect = True
        mv = th.move
        if mv < 0:
            t.force(FREE)  # the player moves for it
            why = "cannot think (out of memory)" if mv == NO_ROOM else "found no move"
            app._out({"ev": "error", "reason": "the board %s: move its pegs for it" % why})
            app._drain()
            return
        waits = show(t, mv)
        if th.proven and self.proved is not self.game:
            # shown: the winner's turn LED (fireboard.lights), while the
            # game is at or past this ply (a takeback before it: not proven)
            app.lights.proven = (th.proven, self.ply)
        if waits:
            self.told = th
        else:  # made at once (a colour board): said now, before the move is
            self._tell(app, th)

    def _say(self, app, th):
        # the move shown a pass before, said now (if the board still waits
        # for it: a takeback or a new game meanwhile drops it)
        self.told = None
        t = app.tracker
        if t.forced != th.move or not th.about(t.game):
            return
        self._tell(app, th)

    def _tell(self, app, th):
        # the board's move said: plays (and proven, the first time), then
        # what the tracker says of the pegs as they stand
        proof = None
        if th.proven and self.proved is not self.game:
            self.proved = self.game
            proof = {"ev": "proven", "winner": RESULT_NAMES[th.proven], "plies": th.mate}
        say(app, th.move, self.side, False, proof)
