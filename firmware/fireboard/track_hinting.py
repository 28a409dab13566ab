# A hint in a duel (App.hint: the takeback button held, the `hint` command)
# when no part of the loop gives one: the engine's move for the side to
# move, at HINT_LEVEL, saved in the record (Games.hinted: a note appended
# to its move text), then lit on the board (the peg to lift blinks in its
# colour, the hole to go to glows; fireboard.lights) until the position
# changes, and said as a "hint" event. One that cannot be saved is not
# given.
#
# The search runs beside the loop as the board's own moves do
# (fireboard.track_think: on a Pico's second core, so that no scan waits
# for it). hint() loads this module only (App.hint), collects the garbage
# of play and puts a Hinting part in app.parts; from the next pass the
# part loads the hint's code a module a pass (_LOAD, the engine's six
# modules among them: all in one pass would hold the scans back for many
# periods), then starts the search, and on later passes takes the answer
# in and saves it, lights it, says it, drops its code and the engine's a
# few modules a pass (in a game against the board the engine's code
# stays: fireboard.track_versus has it), and goes with a collection: each
# a pass's work, and no collection between the first pass and the last (a
# collection alone is more than two scan periods at Pico speed; the
# passes' times: bench/RESULTS.md, "The hint's passes"; docs/versus.md).
# The engine's memory is there only while it thinks, so a board without
# that room says so and the game goes on.
#
# While it thinks the player may go on: a move, a takeback or a new game
# stops the search and drops its answer (a "hint" event with no move says
# so). Asked again meanwhile, the one hint comes. A power cut loses it:
# nothing was lit or counted yet. On a Pico whose second core is still
# ending the board's own search (stopped by a takeback), it starts when the
# core is free.
#
# The `hints` setting rations them, a solitaire's too (App.hint): null no
# limit (the default), 0 off, N a game (the record counts them, so a
# restart keeps the count).
from micropython import const

from fireice.geom import move_name

from fireboard.mem import ENGINE_CODE

HINT_LEVEL = const(2)
_NO_ROOM = "no room to think (out of memory)"
# The code the search needs, in the order it is loaded: one module a pass,
# so that no pass loads them all (each needs only those before it)
_LOAD = ("fireice.moves", "fireice.danger") + ENGINE_CODE + ("fireboard.track_think",)
# the ones a game of two players drops again after its hint
_DROP = ("fireboard.track_think",) + ENGINE_CODE


class Hinting:
    """A part of the loop while a hint is worked out."""

    hinting = True  # (App.hint's parts are asked for this by name)

    def __init__(self, app, g):
        self.game = g  # the game, and the ply, the hint is for
        self.ply = g.ply
        self.seed = app.seed * 64 + g.ply
        self.k = -1  # the modules of _LOAD loaded so far (-1: none, in the next pass)
        self.think = None  # the search, once its code is loaded (Think)
        # the answer, a pass for each step: saved in the record (name,
        # move), lit (lit), said (said); then its code dropped a few
        # modules a pass (ending: how many of the modules to drop are
        # gone), and the garbage collected in a pass of its own (_drop)
        self.name = None
        self.move = -1
        self.lit = self.said = False
        self.ending = -1

    def tick(self, app, now):
        if self.ending >= 0:
            self._drop(app)
            return
        if self.said:
            self._end(app)
            return
        if self.lit:
            app._out({"ev": "hint", "move": self.name})  # lit a pass before: said now
            self.said = True
            return
        if self.name is not None:
            self._light(app)  # saved a pass before: lit now
            return
        g = app.tracker.game
        if g is not self.game or g.ply != self.ply:
            if self.think is not None:
                self.think.stop(app)
            self._end(app)
            app._out({"ev": "hint", "move": None, "reason": "the position changed"})
            return
        th = self.think
        if th is None:
            self._load(app)
            return
        if th.poll(app, now):
            self._save(app, th.game, th.move)

    def _save(self, app, g, mv):
        # the answer in: the hint saved in the record (Games.hint_saved), to
        # be lit and said by the next pass; or its refusal said
        if mv < 0:
            from fireboard.track_think import NO_ROOM  # (loaded: the search has answered)

            why = _NO_ROOM if mv == NO_ROOM else "no move found"
            app._out({"ev": "hint", "move": None, "reason": why})
            self._end(app)
            return
        name = move_name(mv >> 6, mv & 63)
        if not app.games.hint_saved(g, name, app._out):  # saved before it is shown and said
            self._end(app)
            return
        self.name = name
        self.move = mv

    def _light(self, app):
        # the hint saved: lit while the game is at its ply (and said in the
        # next pass even if a move came meanwhile: it is counted)
        g = app.tracker.game
        if g is self.game and g.ply == self.ply:
            app.lights.hint = self.move + 1
            app.lights.hint_ply = self.ply
            app.lights.redraw()
        self.lit = True

    def _load(self, app):
        # the next module of _LOAD not loaded yet, or the search made
        import sys

        mods = sys.modules
        if self.k < 0:  # (not in the pass that asked)
            self.k = 0
            return
        name = None
        try:
            while self.k < len(_LOAD):
                name = _LOAD[self.k]
                self.k += 1
                if name not in mods:
                    __import__(name)
                    return  # one a pass
            name = None
            self.think = mods["fireboard.track_think"].Think(HINT_LEVEL, self.seed, self.game)
        except MemoryError:
            self._end(app, name)
            app._out({"ev": "hint", "move": None, "reason": _NO_ROOM})

    def _end(self, app, failed=None):
        # the part ends: its code goes, and the engine's unless the board's
        # opponent has it, a few modules a pass (_drop), then the part with
        # the collection: each a pass's work at Pico speed (bench/RESULTS.md,
        # "The hint's passes"). failed: the module
        # whose import ran out of memory (or None): all done at once then
        self.think = None
        self.ending = 0
        if failed is not None:
            from fireboard.mem import forget

            app.parts.remove(self)
            drop = _DROP if app.opponent is None else ()
            forget(failed, __name__, *drop, failed=True)

    def _drop(self, app):
        from fireboard.mem import forget

        k = self.ending
        drop = (_DROP if app.opponent is None else ()) + (__name__,)
        if k < len(drop):
            self.ending = k + 3
            forget(*drop[k : k + 3], collect=False)
            return
        app.parts.remove(self)
        import gc

        gc.collect()  # the engine's memory, the code dropped


def hint(app):
    """Starts the hint (True), or says there is none (a "hint" event with
    no move and the reason)."""
    t = app.tracker
    g = t.game
    why = None  # (rationed by App.hint, the hints setting)
    if g is None or g.result or not g.to_move:
        why = "the game is over"
    elif app.games.vs is not None and app.games.vs[0] == g.to_move:
        why = "the board is to move"
    elif app.games.remote is not None and app.games.remote[0] == g.to_move:
        why = "the remote opponent is to move"
    if why is not None:
        app._out({"ev": "hint", "move": None, "reason": why})
        return False
    for p in app.parts:
        if getattr(p, "hinting", False) and p.ending < 0 and not p.said:
            return True  # asked again before it is said: the one hint comes
    # its code loaded by the part's next ticks, one module a pass, and
    # its search started once it is in (Hinting._load); the garbage of
    # play collected first, in this pass, so that no collection falls in
    # those passes (each a scan period's work at Pico speed, where a
    # collection alone is longer: bench/RESULTS.md, "The hint's passes")
    import gc

    gc.collect()
    app.parts.append(Hinting(app, g))
    return True
