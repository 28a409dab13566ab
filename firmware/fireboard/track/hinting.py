# A hint in a duel (App.hint: the takeback button held, the `hint` command)
# when no part of the loop gives one: the engine's move for the side to
# move, at HINT_LEVEL, said as a "hint" event and lit on the board (the peg
# to lift blinks in its colour, the hole to go to glows; fireboard.lights)
# until the position changes, and counted in the record's Hints tag.
# Loaded for the hint and dropped after it (App.hint, fireboard.mem.job),
# with the engine: its memory (about 17 KB at level 2) is there only while
# it thinks, so a board without that room says so and the game goes on.
#
# The `hints` setting rations them, a solitaire's too (App.hint): null no
# limit (the default), 0 off, N a game (the record's Hints tag counts them,
# so a restart keeps the count).
# The search runs within the pass (through hw.aside where the backend has
# it: the virtual board charges its Pico time as a delay); at level 2 it
# takes about 0.5 s on a Pico by the estimate (README, engine figures).
from micropython import const

from fireice.geom import move_name

HINT_LEVEL = const(2)


def hint(app):
    """The hint, or a "hint" event with no move and the reason."""
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
    from fireice.engine import Engine

    e = Engine(HINT_LEVEL, app.seed * 64 + g.ply)
    run = getattr(app.hw, "aside", None)
    mv = e.think(g) if run is None else run(e.think, g)[0]
    e = None
    if mv < 0:
        app._out({"ev": "hint", "move": None, "reason": "no move found"})
        return
    app.lights.hint = mv + 1
    app.lights.hint_ply = g.ply
    app.lights.redraw()
    try:
        app.games.hinted(g)
    except (OSError, MemoryError, ValueError) as x:
        app._out({"ev": "error", "reason": "the hint is not in the record (%s)" % x})
    app._out({"ev": "hint", "move": move_name(mv >> 6, mv & 63)})
