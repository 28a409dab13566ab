# Taking back the last move (App.undo): loaded for the job, forgotten after.
from fireboard.track_phases import SETUP
from fireice.geom import FireIceError


def undo(app):
    """Take back the last move: saved first, then announced; if the
    record cannot be rewritten, the move stays and that is said."""
    t = app.tracker
    g = t.game
    if app.games.remote is not None:
        # the server has no takebacks: its game would differ from the board's
        app._out({"ev": "error", "reason": "no takeback in a remote game"})
        return
    if t.phase == SETUP:
        app._out({"ev": "error", "reason": "no move to take back before the game starts"})
        return
    app._drain()
    if g is None or not g.ply:
        app._out({"ev": "error", "reason": "no move to take back"})
        return
    was = g.ctrl[1] | g.ctrl[2] << 7 if g.duel else 0
    mv = g.pop()
    try:
        app._save(app.games.save, g)
    except (OSError, MemoryError, FireIceError) as e:
        g.push(mv >> 6, mv & 63)
        app._out({"ev": "error", "reason": "the takeback cannot be saved: %s" % e})
        return
    t.took_back(mv, was)
    t.update(app.deb.stable)
    app._drain()
