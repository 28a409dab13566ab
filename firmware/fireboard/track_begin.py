# The board's first steps once the App is made (App.begin): the colour front
# end's baselines (measured at start, fireboard.sense_calib), the first scan, then
# the game to play on or to set up. Loaded for that, forgotten after.
from fireboard.records_games import SETTING
from fireboard.track_started import coach, play_board, replace, say, started


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
        started(app, game)
        _judge(app, game)
        return _replace(app)
    # (the phases, a leaf, loaded where they are needed: a new game on the
    # colour front end never loads them here, at the end of start-up's peak)
    from fireboard.track_phases import ERROR, SETUP

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
        if t.phase == ERROR:
            # many pegs away (a board set up from scratch): show them all
            t.events.clear()
            t.start(game, setup=True, trust=True)
    play_board(app)  # a game against the board: it plays on
    coach(app)  # the danger lights
    if t.phase == SETUP:
        t.update(app.deb.stable)
    say(app, {"ev": "resumed", "moves": game.ply})
    _judge(app, game)
    _replace(app)


def _judge(app, game):
    # a solitaire's judge, on a board with room for the solver
    if not game.duel:
        from fireboard.mem import run

        run("judge", app, game, False)


def _replace(app):
    # a digital board setting up: the pegs from before named
    t = app.tracker
    if t.seen is None:  # the colour front end sees the pegs' colours
        return
    from fireboard.track_phases import SETUP

    if t.phase == SETUP and not min(t.seen):  # a hole not seen empty
        replace(app)
