# The other side's move shown on the board: the one path for a move that
# comes from outside the player's hands, the board's engine's
# (fireboard.track_versus) or a remote player's (fireboard.track_remote).
# The tracker then takes only that move (Tracker.forced): the peg to lift
# blinks in its side's colour, the hole it goes to glows, anything else is
# guided back; the player carries it out and puts the fill, and the move
# is saved and announced (a "move" event) as any other.
#
# Shown in one pass, said (the "plays" event) in the next: each is a
# pass's work at Pico speed, and the frame answers first.
from fireice.geom import SIDE_NAMES, move_name


def show(t, mv):
    """The move mv (frm * 64 + to) shown by the tracker t. True when it
    waits for the hand, to be said (say) in the next pass; False when the
    pegs stood as it already (a colour board: the player made it while it
    was awaited), so that force() made it at once: say it now, before the
    move's own events."""
    t.force(mv)
    return t.forced == mv


def say(app, mv, side, remote=False, then=None):
    """The "plays" event of the move shown (side: 1 Fire, 2 Ice; remote: a
    remote player's), then the event then (the engine's proof) if any, then
    what the tracker says of the pegs as they stand."""
    ev = {"ev": "plays", "move": move_name(mv >> 6, mv & 63), "by": SIDE_NAMES[side]}
    if remote:
        ev["remote"] = True
    app._out(ev)
    if then is not None:
        app._out(then)
    app._drain()
