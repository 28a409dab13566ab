# The board's first steps once the App is made (App.begin): the colour front
# end's baselines (measured at start, fireboard.calib), the first scan, then
# the game to play on or to set up. Loaded for that, forgotten after.

from fireboard.games import SETTING
from fireice.geom import hole_name


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
        app._started(game)
        return replace(app)
    games = app.games
    again = False  # a set-up cut off by a restart
    if games.store.size(SETTING) >= 0:
        games.setting = True
        if game.ply == 0 and not t.colour:
            again = True
        else:  # set up after all (a move was made), or seen in colour
            games.placed()
    if again:
        # which of the pegs standing were put after the new game began is
        # not known: each is put in afresh, as the lights show
        t.start(game, setup=True, trust=False)
    else:
        t.start(game, setup=False)
        t.update(app.deb.stable)
        if t.phase == 5:  # error
            # many pegs away (a board set up from scratch): show them all
            t.events.clear()
            t.start(game, setup=True, trust=True)
    if t.phase == 7:  # setup
        t.update(app.deb.stable)
    app._out({"ev": "resumed", "moves": game.ply})
    app._drain()
    replace(app)


def replace(app):
    """A digital board setting up a game: name the pegs standing from before
    where the game wants one. They count once lifted and put back in, in
    the colour lit (the board cannot see colours); a "replace" event."""
    t = app.tracker
    seen = t.seen
    if seen is None or t.phase != 7:  # colour, or not setting up
        return
    p = t.p
    cells = t.game.cells
    old = None
    for k in range(49):
        if p[k] and cells[k] and not seen[k]:
            old = (old + " " if old else "") + hole_name(k)
    if old:
        app._out({"ev": "replace", "holes": old})
