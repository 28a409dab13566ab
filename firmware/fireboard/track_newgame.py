# A new game comes into play (App.new_game, the "new game" job of
# fireboard.mem): its settings taken from the App's, a graded deal made
# (from the board's table, or by a Dealer part that comes back here), the
# game made and recorded (fireboard.records_newgame, the files), the old
# game's parts out and the new one's in (fireboard.track_started), and a
# digital board told which pegs from before to place again. Loaded for the
# job, forgotten after.
from fireboard.mem import done, run
from fireboard.records_newgame import new_game, record
from fireboard.track_phases import DEALER, JUDGE
from fireice.geom import FireIceError


def start(
    app,
    mode=None,
    handicap=None,
    side=None,
    seed=None,
    position=None,
    to_move=None,
    grade=None,
    vs=-1,
    remote=None,
):
    """App.new_game's work: the new game made and recorded, then set up on
    the board; or, if it cannot be, said, with the game in play going on.
    A graded solitaire deal is dealt from fireice.graded's table; for a
    seed beyond it (asked for over USB), on a board with room for the
    solver, it is handed to a Dealer part, which comes back here with its
    position. vs: the opponent (None: two players; (side, level): the board
    plays side), -1 for the last game's (app.vs); a solitaire has none.
    remote: a duel against a remote opponent, (its side, the server's game
    id, its name): no engine then (fireboard.track_remote)."""
    mode = app.mode if mode is None else mode
    if vs == -1:
        vs = app.vs
    if remote is not None:
        vs = None  # (the next new games keep the last opponent: app.vs)
    handicap = app.handicap[0] if handicap is None else handicap
    side = app.handicap[1] if side is None else side
    given = seed is not None
    seed = app.seed if seed is None else seed
    dealt = grade is not None and position is not None  # the Dealer's deal
    found = dealt  # with the solver: there is room for it
    grade = app.grade if grade is None else grade
    if mode == "solitaire" and grade != "any" and position is None and to_move is None:
        seed, position = _from_table(app, seed, grade, given)
        dealt = position is not None
    _stop_dealer(app)
    if mode == "solitaire" and grade != "any" and position is None:
        if _deal_aside(app, (mode, handicap, side, seed), grade, to_move):
            return
    elif mode == "solitaire" and not dealt:
        app.grade = grade
    graded = grade if dealt else None
    game = _made(app, (mode, handicap, side, seed, position, to_move, graded), vs, remote)
    if game is None:
        return
    app.mode = mode
    app.handicap = (handicap, side)
    app.seed = seed + 1
    if game.duel and remote is None:
        app.vs = vs  # (a solitaire, a remote game keep it for the next duel)
    _into_play(app, game, found)


def _from_table(app, seed, grade, given):
    # a graded deal from the table made on the host (fireice.graded), at
    # once; the board's own seeds go round it. (seed, its position), the
    # position None when the table has none for it
    if not given:
        seed %= run("graded seeds")
    k = run("graded", seed, grade)
    if k < 0:
        return seed, None
    position = run("deal", k)
    app.grade = grade
    return seed, position


def _stop_dealer(app):
    for p in app.parts:
        if getattr(p, "kind", 0) == DEALER:  # a deal under way
            p.stop(app)  # this game instead
            return


def _deal_aside(app, settings, grade, to_move):
    # a graded deal the table has not: made by a Dealer part, between
    # scans, on a board with room for the solver (True); else, or with a
    # colour to start asked, the rulebook's deal (False)
    from fireboard import track_judge as judge

    for p in app.parts:
        if isinstance(p, judge.Judge):
            p.release()  # the solitaire in play's solver: room for the deal's
    if not judge.room() or to_move is not None:
        return False
    app.grade = grade
    app.parts.append(judge.Dealer(settings, grade))
    app._out({"ev": "dealing", "grade": grade, "seed": settings[3]})
    return True


def _made(app, settings, vs, remote):
    # the game made and recorded (fireboard.records_newgame); None, said,
    # when it cannot be
    try:
        game, tags = new_game(*settings)
        record(
            app.games,
            game,
            tags,
            app.games.hw.clock(),
            vs if game.duel else None,
            remote if game.duel else None,
        )
    except (OSError, FireIceError) as e:
        app._out({"ev": "error", "reason": "no new game: %s" % e})
        return None
    return game


def _into_play(app, game, found):
    # the other kind of game's code goes (loaded again when it is played)
    # and the record's code, done with, before the game's parts load
    # (fireboard.track_started: the board's opponent, the danger lights)
    done("into a duel" if game.duel else "into a solitaire")
    from fireboard.track_started import replace, started  # (the job forgets it)

    started(app, game)
    if game.duel:
        if _detach(app):
            done("judge")  # its code and the solver's
    else:
        run("judge", app, game, found)
    replace(app)


def _detach(app):
    # a duel: the solitaire's judge out, and its solver (True when there
    # was one)
    for p in app.parts:
        if getattr(p, "kind", 0) == JUDGE:
            app.parts.remove(p)
            p.release()
            app.lights.judge = None
            return True
    return False
