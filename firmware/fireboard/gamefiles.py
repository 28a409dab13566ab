# Resuming the saved game at start (which needs the record reader), or
# starting a board's first game. Loaded at start and forgotten after.
from fireboard.games import ARCHIVE, CURRENT
from fireice.geom import RESULT_NAMES, FireIceError
from fireice import forget


def start(games, seed=0):
    """The game a board starts with: (game, problem, new). The saved one
    (see resume), or, without one, a new two-player game, recorded."""
    game, problem = resume(games)
    if game is not None:
        return game, problem, False
    from fireboard.newgame import new_game

    game, tags = new_game("duel", seed=seed)
    games.new(game, tags)
    forget("fireboard.newgame")
    return game, problem, True


def resume(games):
    """The saved game, replayed: (game or None, problem or None). A bad last
    word (a write cut short) is dropped; a record that cannot be read at all
    is kept as games/NNNN-bad.txt and None returned."""
    store = games.store
    text = store.read(CURRENT)
    if text is None:
        return None, None
    from fireice import record

    try:
        rec = record.parse(text)
        game = record.new_game(rec)
    except FireIceError as e:
        from fireboard import newgame

        store.mkdir(ARCHIVE)
        name = "%s/%04d-bad.txt" % (ARCHIVE, newgame.next_number(store))
        store.rename(CURRENT, name)
        forget("fireboard.newgame")
        forget("fireice.record")
        forget("fireice.notation")
        return None, "saved game unreadable (%s), kept as %s" % (e, name)
    game, err = record.replay(rec, game)
    forget("fireice.record")
    forget("fireice.notation")
    games.tags = rec.tags
    problem = None
    if err is not None:
        if err[0] is None:
            rec.set("Result", RESULT_NAMES[game.result] if game.result else None)
            problem = "saved game: %s; fixed" % err[2]
        else:
            dropped = len(rec.moves) - err[0] + 1
            problem = "saved game: ply %d (%s) %s; %d word%s dropped" % (
                err[0],
                err[1],
                err[2],
                dropped,
                "" if dropped == 1 else "s",
            )
        games.save(game)
    return game, problem
