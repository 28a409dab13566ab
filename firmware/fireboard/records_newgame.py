# A new game's files: its start position dealt or placed, its record
# started and the game before it archived. Loaded for a new game
# (fireboard.track_newgame, the game's side of it), forgotten after.

from fireboard.records_games import ARCHIVE, CURRENT, NEXT, SETTING
from fireboard.records_store import FOLDER, FULL, MISSING
from fireice.geom import START, FireIceError
from fireboard.mem import run

LAST = 9999  # games/0001.txt .. games/9999.txt
# (Names used by one function are imported in it: this module's table of
# names stays small, loaded where a new game's heap is tightest.)


def record(games, game, tags, when=None, vs=None, remote=None):
    """Start the record of a new game (tags: list of [name, value], as
    new_game makes them; when: the board's clock, hw.clock(), None when it
    does not know the time; vs: None, or (the side the board plays, its
    level), kept as games.vs; remote: None, or (the remote side, the
    server's game id, the opponent's name), kept as games.remote). The tags go in the order of docs/records.md:
    Game, Mode, Date, Time, the board's side (Fire or Ice), how the game
    was made, Setup, ToMove. The new
    record is written before the old one is archived, and the flash must
    have room for it and for the game to be played to its end; if
    anything fails, the old game and its record stay as they were."""
    from fireice.geom import GAME

    head = [["Game", GAME], ["Mode", "duel" if game.duel else "solitaire"]]
    if when is not None:
        head.append(["Date", "%04d.%02d.%02d" % (when[0], when[1], when[2])])
        head.append(["Time", "%02d:%02d:%02d" % (when[3], when[4], when[5])])
    if vs is not None:
        head.append([("Fire", "Ice")[vs[0] - 1], "board level %d" % vs[1]])
    if remote is not None:
        if remote[2]:  # the opponent's name as its side's tag
            head.append([("Fire", "Ice")[remote[0] - 1], remote[2]])
        head.append(["Remote", ("fire", "ice")[remote[0] - 1]])
        head.append(["RemoteGame", remote[1]])
    tags = head + tags
    if not game.duel or game.position() != START:
        k = len(tags) - 1 if tags[-1][0] == "ToMove" else len(tags)
        tags.insert(k, ["Setup", game.position()])
    store = games.store
    number = archive_number(store)
    # first the mark of a set-up under way (digital front end): a restart
    # before the new game has taken over finds the old game and the mark,
    # which is then harmless (fireboard.track_begin); never the new game without it
    if games.marks:
        store.append(SETTING, "")
        games.setting = True
    from fireice.rec import pieces

    store.write(NEXT, pieces(tags, ()), 3)  # itself, a rewrite, a spare
    try:
        archive(store, number)
        store.rename(NEXT, CURRENT)
    except BaseException:
        store.remove(NEXT)
        raise
    games.recorded = True
    games.vs = vs
    games.remote = remote
    games.noted = 0


def first(games, seed, problem):
    """A board's first game, when it has none to resume
    (fireboard.records_resume.start): a new two-player game, recorded;
    (game, problem, True). A new game that cannot be recorded (a full
    flash) is played all the same; it says so, and its moves are refused
    until there is room."""
    vs = games.vs  # the configuration's opponent
    games.vs = None
    game, tags = new_game("duel", seed=seed)
    try:
        record(games, game, tags, None, vs)
    except OSError as e:
        games.recorded = False
        why = "the new game cannot be saved: %s" % e
        problem = why if problem is None else problem + "; " + why
    return game, problem, True


def archive_number(store):
    """The number the game in play gets in the archive: one above the
    highest, or once 9999 is taken, the lowest free one; OSError when the
    archive has no number left."""
    n = 0
    for name in store.names(ARCHIVE):
        k = _number(name)
        if k > n:
            n = k
    if n < LAST:
        return n + 1
    # a bit a number, 1,000 numbers a pass: 125 bytes, however many games
    used = bytearray(125)
    for base in range(0, LAST + 1, 1000):
        for k in range(125):
            used[k] = 0
        for name in store.names(ARCHIVE):
            k = _number(name) - base
            if 0 <= k < 1000:
                used[k >> 3] |= 1 << (k & 7)
        for k in range(1 if base == 0 else 0, min(1000, LAST + 1 - base)):
            if not used[k >> 3] & 1 << (k & 7):
                return base + k
    raise OSError("the archive is full (%d games)%s" % (LAST, FULL[FULL.index(":") :]))


def _number(name):
    # games/NNNN.txt or NNNN-bad.txt -> NNNN, else 0
    if len(name) >= 8 and name.endswith(".txt") and name[:4].isdigit():
        return int(name[:4])
    return 0


def archive(store, number):
    """Keep the current game, if it has moves, as games/NNNN.txt. A record
    without moves ends at the blank line after its tags: only its last two
    bytes are read (whatever the file holds, it is never read whole)."""
    n = store.size(CURRENT)
    if n == MISSING:
        return
    if n >= 2:
        with store.open(CURRENT) as f:
            f.seek(n - 2)
            tail = f.read(2)
        if tail == b"\n\n":
            store.remove(CURRENT)
            return
    if store.size(ARCHIVE) != FOLDER:
        from fireboard.records_files import folder

        folder(store, ARCHIVE)
    store.rename(CURRENT, "%s/%04d.txt" % (ARCHIVE, number))


def new_game(mode, handicap=0, side=1, seed=0, position=None, to_move=None, grade=None):
    """(game, tags) for a new game; raises FireIceError on bad settings.
    A solitaire's grade (easy, medium, hard) with its position: the graded
    deal of seed (fireboard.track_judge.Dealer made it)."""
    tags = []
    # the dealing code comes and goes before the game's own code loads
    if mode == "solitaire":
        if position is not None and grade and grade != "any":
            tags.append(["Seed", str(seed)])
            tags.append(["Grade", grade])
        elif position is None:
            position = run("deal", seed)
            tags.append(["Seed", str(seed)])
        if to_move:
            tags.append(["ToMove", "fire" if to_move == 1 else "ice"])
        from fireice.solo import Solitaire

        return Solitaire(position, to_move or 0), tags
    if mode != "duel":
        raise FireIceError("mode must be duel or solitaire, not %r" % mode)
    if position is None:
        if handicap:
            position = run("handicap", handicap, side, seed)
            tags.append(["Handicap", str(handicap)])
            tags.append(["HandicapSide", "fire" if side == 1 else "ice"])
            tags.append(["Seed", str(seed)])
        else:
            position = START
    if to_move:
        tags.append(["ToMove", "fire" if to_move == 1 else "ice"])
    from fireice.duel import Duel

    return Duel(position, to_move or 1), tags
