# Setting up a new game: dealing or placing its start position, starting
# its record and archiving the game before it. Loaded for a new game,
# forgotten after.

from fireboard.records_games import ARCHIVE, CURRENT, NEXT, SETTING
from fireboard.records_store import FULL
from fireice.geom import START, FireIceError
from fireboard.mem import forget
from fireboard.track_phases import SETUP

LAST = 9999  # games/0001.txt .. games/9999.txt
# (Names used by one function are imported in it: this module's table of
# names stays at 23 entries or fewer, the size MicroPython gives it without
# a last growth to 29, a 464-byte block on the 64-bit virtual board that a
# new game's load needed where the heap was tightest.)


def record(games, game, tags, when=None, vs=None):
    """Start the record of a new game (tags: list of [name, value], as
    new_game makes them; when: the board's clock, hw.clock(), None when it
    does not know the time; vs: None, or (the side the board plays, its
    level), kept as games.vs). The tags go in the order of docs/records.md:
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
    pieces = None
    try:
        archive(store, number)
        store.rename(NEXT, CURRENT)
    except BaseException:
        store.remove(NEXT)
        raise
    games.recorded = True
    games.vs = vs
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
    if n == -1:
        return
    if n >= 2:
        with store.open(CURRENT) as f:
            f.seek(n - 2)
            tail = f.read(2)
        if tail == b"\n\n":
            store.remove(CURRENT)
            return
    if store.size(ARCHIVE) != -2:
        from fireboard.records_files import folder

        folder(store, ARCHIVE)
    store.rename(CURRENT, "%s/%04d.txt" % (ARCHIVE, number))


def _drop_seeded():
    # the dealing code out of the heap before the game's code loads
    forget("fireice.seeded")


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
            from fireice.seeded import deal

            position = deal(seed)
            deal = None
            _drop_seeded()
            tags.append(["Seed", str(seed)])
        if to_move:
            tags.append(["ToMove", "fire" if to_move == 1 else "ice"])
        from fireice.solo import Solitaire

        return Solitaire(position, to_move or 0), tags
    if mode != "duel":
        raise FireIceError("mode must be duel or solitaire, not %r" % mode)
    if position is None:
        if handicap:
            from fireice.seeded import handicap_position

            position = handicap_position(handicap, side, seed)
            handicap_position = None
            _drop_seeded()
            tags.append(["Handicap", str(handicap)])
            tags.append(["HandicapSide", "fire" if side == 1 else "ice"])
            tags.append(["Seed", str(seed)])
        else:
            position = START
    if to_move:
        tags.append(["ToMove", "fire" if to_move == 1 else "ice"])
    from fireice.duel import Duel

    return Duel(position, to_move or 1), tags


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
):
    """App.new_game's work: the new game made and recorded, then set up on
    the board; or, if it cannot be, said, with the game in play going on.
    A graded solitaire deal is dealt from fireice.graded's table; for a
    seed beyond it (asked for over USB), on a board with room for the
    solver, it is handed to a Dealer part, which comes back here with its
    position. vs: the opponent (None: two players; (side, level): the board
    plays side), -1 for the last game's (app.vs); a solitaire has none."""
    mode = app.mode if mode is None else mode
    if vs == -1:
        vs = app.vs
    handicap = app.handicap[0] if handicap is None else handicap
    side = app.handicap[1] if side is None else side
    given = seed is not None
    seed = app.seed if seed is None else seed
    dealt = grade is not None and position is not None  # the Dealer's deal
    found = dealt  # with the solver: there is room for it
    grade = app.grade if grade is None else grade
    if mode == "solitaire" and grade != "any" and position is None and to_move is None:
        # a graded deal from the table made on the host (fireice.graded), at
        # once; the board's own seeds go round it
        from fireice.graded import SEEDS, candidate

        if not given:
            seed %= SEEDS
        k = candidate(seed, grade)
        candidate = None
        forget("fireice.graded")
        if k >= 0:
            from fireice.seeded import deal

            position = deal(k)
            deal = None
            _drop_seeded()
            dealt = True
            app.grade = grade
    for p in app.parts:
        if getattr(p, "solo", 0) == 2:  # a deal under way (fireboard.track_judge.Dealer)
            p.stop(app)  # this game instead
            break
    p = None
    if mode == "solitaire" and grade != "any" and position is None:
        from fireboard import track_judge as judge

        for p in app.parts:
            if isinstance(p, judge.Judge):
                p.release()  # the solitaire in play's solver: room for the deal's
        p = None
        if judge.room() and to_move is None:
            app.grade = grade
            app.parts.append(judge.Dealer((mode, handicap, side, seed), grade))
            app._out({"ev": "dealing", "grade": grade, "seed": seed})
            return
        # no room for the solver (or a colour to start asked): the rulebook's deal
        judge = None
    elif mode == "solitaire" and not dealt:
        app.grade = grade
    try:
        game, tags = new_game(
            mode, handicap, side, seed, position, to_move, grade if dealt else None
        )
        record(app.games, game, tags, app.games.hw.clock(), vs if game.duel else None)
    except (OSError, FireIceError) as e:
        app._out({"ev": "error", "reason": "no new game: %s" % e})
        return
    app.mode = mode
    app.handicap = (handicap, side)
    app.seed = seed + 1
    if game.duel:
        app.vs = vs  # (a solitaire keeps it for the next duel)
    # the other kind of game's code goes (loaded again when it is played)
    # and the record's code, done with, before the game's parts load
    # (fireboard.track_started: the board's opponent, the danger lights)
    if game.duel:
        forget("fireice.solo", "fireboard.track_solo", "fireice.rec", "fireboard.records_files")
    else:
        forget("fireice.duel", "fireice.rec", "fireboard.records_files")
    from fireboard.track_started import started  # (App.new_game forgets it)

    started(app, game)
    if game.duel:
        _detach(app)
    else:
        from fireboard.track_judge import attach

        if not attach(app, game, found):
            forget("fireboard.track_judge")
        attach = None
    replace(app)


def _detach(app):
    # a duel: the solitaire's judge and the solver out (no code loaded for it)
    for p in app.parts:
        if getattr(p, "solo", 0) == 1:  # fireboard.track_judge.Judge
            app.parts.remove(p)
            p.release()
            app.lights.judge = None
            p = None
            forget("fireboard.track_judge", "fireice.solver", "fireice.seeded")
            return


def replace(app):
    """A digital board setting up a game: name the pegs standing from before
    where the game wants one. They count once lifted and put back in, in
    the colour lit (the board cannot see colours): a "replace" event. (For
    fireboard.track_begin too, after a restart.)"""
    from fireice.geom import hole_name

    t = app.tracker
    seen = t.seen
    if seen is None or t.phase != SETUP:  # colour, or not setting up
        return
    p = t.p
    cells = t.game.cells
    old = None
    for k in range(49):
        if p[k] and cells[k] and not seen[k]:
            old = (old + " " if old else "") + hole_name(k)
    if old:
        app._out({"ev": "replace", "holes": old})
