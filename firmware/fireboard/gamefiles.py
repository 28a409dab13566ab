# The rare jobs on the game records: resuming the saved game at start (which
# needs the record reader), archiving a finished one, setting up a new game.
# Loaded for the job and forgotten after (fireice.lazy).
from fireboard.games import ARCHIVE, CURRENT
from fireice.geom import RESULT_NAMES, START, FireIceError
from fireice import forget


def archive(store):
    """Keep the current game, if it has moves, as games/NNNN.txt."""
    text = store.read(CURRENT)
    if text is None:
        return
    # a record with moves (or one that cannot be read) is kept
    k = text.find("\n\n")
    if k < 0 or text[k:].strip():
        store.mkdir(ARCHIVE)
        store.rename(CURRENT, "%s/%04d.txt" % (ARCHIVE, next_number(store)))
    else:
        store.remove(CURRENT)


def next_number(store):
    n = 0
    for name in store.listdir(ARCHIVE):
        if name.endswith(".txt") and name[:4].isdigit():
            n = max(n, int(name[:4]))
    return n + 1


def start(games, seed=0):
    """The game a board starts with: (game, problem, new). The saved one
    (see resume), or, without one, a new two-player game, recorded."""
    game, problem = resume(games)
    if game is not None:
        return game, problem, False
    game, tags = new_game("duel", seed=seed)
    games.new(game, tags)
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
        store.mkdir(ARCHIVE)
        name = "%s/%04d-bad.txt" % (ARCHIVE, next_number(store))
        store.rename(CURRENT, name)
        forget("fireice.record")
        return None, "saved game unreadable (%s), kept as %s" % (e, name)
    game, err = record.replay(rec, game)
    forget("fireice.record")
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


def new_game(mode, handicap=0, side=1, seed=0, position=None, to_move=None):
    """(game, tags) for a new game; raises FireIceError on bad settings."""
    tags = []
    if mode == "solitaire":
        from fireice.solo import Solitaire

        if position is None:
            from fireice.seeded import deal

            position = deal(seed)
            forget("fireice.seeded")
            tags.append(["Seed", str(seed)])
        if to_move:
            tags.append(["ToMove", "fire" if to_move == 1 else "ice"])
        return Solitaire(position, to_move or 0), tags
    from fireice.duel import Duel

    if mode != "duel":
        raise FireIceError("mode must be duel or solitaire, not %r" % mode)
    if position is None:
        if handicap:
            from fireice.seeded import handicap_position

            position = handicap_position(handicap, side, seed)
            forget("fireice.seeded")
            tags.append(["Handicap", str(handicap)])
            tags.append(["HandicapSide", "fire" if side == 1 else "ice"])
            tags.append(["Seed", str(seed)])
        else:
            position = START
    if to_move:
        tags.append(["ToMove", "fire" if to_move == 1 else "ice"])
    return Duel(position, to_move or 1), tags
