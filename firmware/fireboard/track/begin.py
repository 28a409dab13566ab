# The board's first steps once the App is made (App.begin): the colour front
# end's baselines (measured at start, fireboard.sense.calib), the first scan, then
# the game to play on or to set up. Loaded for that, forgotten after.
from fireboard.track.phases import ERROR


def begin(app, now, game, problem, new):
    """App.begin's work: the first scan, then the game to play on (guided
    back into place if many pegs are away) or the new one to set up."""

    app.now = now
    app.scanner.scan(app.raw)
    app.deb.prime(app.raw)
    if problem:
        app._out({"ev": "error", "reason": problem})
    app.mode = "duel" if game.duel else "solitaire"
    t = app.tracker
    if new:
        app.seed += 1
        return app._started(game)
    t.start(game, setup=False)
    t.update(app.deb.stable)
    if t.phase == ERROR:
        # many pegs away (a board set up from scratch): show them all
        t.events.clear()
        t.start(game, setup=True)
        t.update(app.deb.stable)
    app._out({"ev": "resumed", "moves": game.ply})
    app._drain()
