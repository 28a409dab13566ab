# A game comes into play: a new one (fireboard.track_newgame) or a saved
# one played on (fireboard.track_begin). What it wants of the loop's parts
# is attached here: the board's opponent (fireboard.track_versus) and the
# danger lights (fireboard.track_coach). Loaded for that, with the job that
# starts the game, and forgotten after it (App.new_game, App.begin): these
# ran once a game, and as the App's methods they stayed in the heap for
# nothing between games (bench/RESULTS.md, "Memory: the 64 KB heap").
import gc


def started(app, game):
    """A new game in play: tracked from its set-up, its parts attached, then
    its "new" event said (and what the tracker says already)."""
    app.games.began = app.now
    app.tracker.start(game, setup=True)
    app.lights.proven = None
    play_board(app)
    coach(app)
    gc.collect()  # the old game gone, and its code if it was the other kind
    app.tracker.update(app.deb.stable)
    say(
        app,
        {
            "ev": "new",
            "mode": app.mode,
            "position": game.position(),
            "to_move": "fire" if game.to_move == 1 else "ice" if game.to_move == 2 else None,
        },
    )


def say(app, ev):
    """A game's "new" or "resumed" event said, with the side the board
    plays and its level in a game against it; then what the tracker says."""
    vs = app.games.vs
    if vs is not None:
        ev["vs"] = "fire" if vs[0] == 1 else "ice"
        ev["level"] = vs[1]
    r = app.games.remote
    if r is not None:
        ev["remote"] = "fire" if r[0] == 1 else "ice"
        ev["game"] = r[1]
        ev["opponent"] = r[2]
    app._out(ev)
    app._drain()


def coach(app):
    """The danger lights (fireboard.track_coach) in the game in play when
    it wants them: the danger setting, or when it is null, a game against
    the board at level 1; the coach's code dropped otherwise."""
    g = app.tracker.game
    v = app.cfg.get("danger")
    vs = app.games.vs
    on = g is not None and g.duel and (v if v is not None else vs is not None and vs[1] == 1)
    if on or app.lights.danger is not None:
        from fireboard.mem import run

        run("coach", app, on)


def play_board(app):
    """The board plays the game's opponent (games.vs, from its record): the
    part that does it (fireboard.track_versus) in app.parts, loaded for it;
    none, and its code dropped, in a game of two players."""
    from fireboard.mem import done, run

    play_remote(app)
    vs = app.games.vs
    op = app.opponent
    if op is not None:
        if vs is not None and op.side == vs[0] and op.level == vs[1]:
            op.stop(app.tracker, app)  # a new game: it thinks afresh
            return
        op.stop(app.tracker, app)
        app.parts.remove(op)
        app.opponent = op = None
    if vs is None:
        # (a search still stopping keeps what it runs until it ends)
        done("opponent")
        if app.games.remote is None:
            done("plays")
        return
    try:
        run("opponent", app, vs)
    except MemoryError:
        app._out(
            {
                "ev": "error",
                "reason": "the board cannot play (out of memory): move its pegs for it",
            }
        )


def play_remote(app):
    """A remote opponent plays the game's other side (games.remote, from
    its record): its part (fireboard.track_remote) in app.parts, loaded for
    it; out, and its code dropped, in any other game."""
    r = app.games.remote
    _stop_remote(app)
    if r is None:
        from fireboard.mem import done

        done("remote")
        return
    from fireboard.track_remote_part import Remote

    app.tracker.plies = True
    app.parts.append(Remote(r[0], r[1], r[2]))


def _stop_remote(app):
    # the remote opponent's part, if one plays, stopped and out of the loop
    from fireboard.track_phases import REMOTE

    for part in app.parts:
        if getattr(part, "kind", 0) == REMOTE:
            part.stop(app)
            app.parts.remove(part)
            return


def replace(app):
    """A digital board setting up a game: name the pegs standing from before
    where the game wants one. They count once lifted and put back in, in
    the colour lit (the board cannot see colours): a "replace" event. (A
    new game's, and a saved one's set-up after a restart.)"""
    from fireboard.track_phases import SETUP
    from fireice.geom import hole_name

    t = app.tracker
    seen = t.seen
    if seen is None or t.phase != SETUP:  # colour, or not setting up
        return
    p = t.pegs
    cells = t.game.cells
    old = None
    for k in range(49):
        if p[k] and cells[k] and not seen[k]:
            old = (old + " " if old else "") + hole_name(k)
    if old:
        app._out({"ev": "replace", "holes": old})
