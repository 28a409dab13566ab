# A hint in a duel (App.hint: the takeback button held, the `hint` command)
# when no part of the loop gives one: the engine's move for the side to
# move, at HINT_LEVEL, said as a "hint" event and lit on the board (the peg
# to lift blinks in its colour, the hole to go to glows; fireboard.lights)
# until the position changes, and counted in the record's Hints tag.
#
# The search runs beside the loop as the board's own moves do
# (fireboard.track.think: on a Pico's second core, so that no scan waits
# for it; at level 2 it takes about 0.5 s there by the estimate): hint()
# starts it and puts a Hinting part in app.parts, which takes the answer in
# on a later pass, gives the hint, and takes itself out. The module is
# loaded for hint() and dropped after it (App.hint, fireboard.mem.job); the
# part keeps its code until it goes. The engine's memory (about 17 KB at
# level 2) is there only while it thinks, so a board without that room
# says so and the game goes on.
#
# While it thinks the player may go on: a move, a takeback or a new game
# stops the search and drops its answer (a "hint" event with no move says
# so). Asked again meanwhile, the one hint comes. A power cut loses it:
# nothing was lit or counted yet. On a Pico whose second core is still
# ending the board's own search (stopped by a takeback), it starts when the
# core is free.
#
# The `hints` setting rations them, a solitaire's too (App.hint): null no
# limit (the default), 0 off, N a game (the record's Hints tag counts them,
# so a restart keeps the count).
from micropython import const

from fireice.geom import move_name

from fireboard.track.think import NO_ROOM, Think

HINT_LEVEL = const(2)


class Hinting:
    """A part of the loop while a hint is worked out."""

    hinting = True  # (App.hint's parts are asked for this by name)

    def __init__(self, app, g):
        self.think = Think(HINT_LEVEL, app.seed * 64 + g.ply, g)

    def tick(self, app, now):
        th = self.think
        if not th.about(app.tracker.game):
            th.stop(app)
            self._end(app)
            app._out({"ev": "hint", "move": None, "reason": "the position changed"})
            return
        if th.poll(app, now):
            self._end(app)
            _give(app, th.game, th.move)

    def _end(self, app):
        app.parts.remove(self)
        self.think = None


def hint(app):
    """Starts the hint, or says there is none (a "hint" event with no move
    and the reason)."""
    t = app.tracker
    g = t.game
    why = None  # (rationed by App.hint, the hints setting)
    if g is None or g.result or not g.to_move:
        why = "the game is over"
    elif app.games.vs is not None and app.games.vs[0] == g.to_move:
        why = "the board is to move"
    if why is not None:
        app._out({"ev": "hint", "move": None, "reason": why})
        return
    for p in app.parts:
        if getattr(p, "hinting", False):
            return  # asked again while it thinks: the one hint comes
    # started by the part's first tick, in the next pass: the command or
    # the button's job that asked for it has given its memory back by then
    app.parts.append(Hinting(app, g))


def _give(app, g, mv):
    if mv < 0:
        why = "no room to think (out of memory)" if mv == NO_ROOM else "no move found"
        app._out({"ev": "hint", "move": None, "reason": why})
        return
    app.lights.hint = mv + 1
    app.lights.hint_ply = g.ply
    app.lights.redraw()
    try:
        app.games.hinted(g)
    except (OSError, MemoryError, ValueError) as x:
        app._out({"ev": "error", "reason": "the hint is not in the record (%s)" % x})
    app._out({"ev": "hint", "move": move_name(mv >> 6, mv & 63)})
