# Resuming the saved game at start (which needs the record reader), or
# starting a board's first game. Loaded at start and forgotten after.
#
# The record is read a line at a time and each move played as it is read,
# so the heap holds one line, never the whole text, however long the game.
from fireboard.records_games import ARCHIVE, CURRENT, NEXT
from fireboard.records_store import MISSING
from fireice.geom import RESULT_NAMES, FireIceError
from fireboard.mem import run


def start(games):
    """The saved game a board starts with: (game, problem, new), with new
    False; (None, problem, True) when there is none to resume (a new
    board, or a record set aside): fireboard.records_newgame.first then
    makes the first game, loaded once this module and the record reader
    have gone (fireboard.board)."""
    vs = games.vs  # the new game's opponent (the configuration's)
    games.vs = None
    games.remote = None
    try:
        game, problem = resume(games)
    except OSError as e:  # the flash itself failed: the record stays for later
        game, problem = None, "saved game not read: %s" % e
    if game is not None:
        return game, problem, False
    games.vs = vs
    return None, problem, True


def resume(games):
    """The saved game, replayed: (game or None, problem or None). A bad last
    word (a write cut short) is dropped; a record that cannot be read at all
    (no tag and not one move among them)
    is kept as games/NNNN-bad.txt, an entry that is no record at all (a
    folder, a huge file, bytes that are not text) set aside as
    game.txt.WHY, and None returned."""
    store = games.store
    if store.size(CURRENT) == MISSING and store.size(NEXT) >= 0:
        store.rename(NEXT, CURRENT)  # a new game cut off before it took over
    if store.size(CURRENT) == MISSING:
        return None, None  # a new board
    from fireboard import records_files as files

    lines = None
    try:
        lines = files.lines(store, CURRENT, 4096)
        return _replay(games, lines)
    except files.Unusable as e:
        lines = None
        return None, "saved game set aside as %s (%s)" % (files.set_aside(store, CURRENT, e.why), e)
    except FireIceError as e:
        if lines is not None:
            lines.close()  # the file closed before it is renamed
        files.folder(store, ARCHIVE)
        name = "%s/%04d-bad.txt" % (ARCHIVE, run("archive number", store))
        store.rename(CURRENT, name)
        return None, "saved game unreadable (%s), kept as %s" % (e, name)


# the tags whose values resuming needs (recread.check_tags, new_game)
_READ = (
    "Game",
    "Mode",
    "Setup",
    "ToMove",
    "Result",
    "Fire",
    "Ice",
    "Remote",
    "RemoteGame",
    "Termination",
)


def _opponent(get, tags, duel, levels):
    # who the board plays, from the tag Fire or Ice "board level N"
    # (fireboard.records_newgame.record): (side, level 1..levels), or None
    for side in (1, 2):
        v = get(tags, ("Fire", "Ice")[side - 1]) if duel else None
        if v is not None and v[:12] == "board level " and v[12:].isdigit():
            level = int(v[12:])
            if 1 <= level <= levels:
                return (side, level)
    return None


def _remote(games, get, tags, game):
    # a remote game's opponent, from the tags Remote, RemoteGame and the
    # remote side's Fire or Ice (fireboard.records_newgame.record): games.remote
    side = get(tags, "Remote") if game.duel else None
    gid = get(tags, "RemoteGame")
    if side in ("fire", "ice") and gid:
        s = 1 if side == "fire" else 2
        games.remote = (s, gid, get(tags, ("Fire", "Ice")[s - 1]) or "")
        games.vs = None


def _replay(games, lines):
    # the number of levels (for _opponent) taken before the game grows,
    # and its module dropped at once: loaded at the end of a long game's
    # replay, it set start-up's peak
    levels = run("levels")
    from fireice import recread
    from fireice.notation import parse_move

    tags = []
    game = None
    n = 0  # line number
    ply = 0
    err = None  # (ply, move, reason) of the first bad word
    dropped = 0
    cut = 0  # the line of a comment cut short (a hint's: Games.hinted)
    for line in lines:
        n += 1
        s = line.strip()
        if n == 1 and s.startswith("\ufeff"):  # a byte order mark
            s = s[1:]
        if cut and s:  # more after it: not a write cut short
            raise recread.RecordError("a comment opened on line %d is not closed" % cut)
        k = s.rfind("{")
        if k >= 0 and not s.startswith("["):
            games.noted += s.count("{hint")  # (Games.hinted)
            if k > s.rfind("}"):
                s = s[:k]  # a power cut in a hint's append: dropped, if it is the last line
                cut = n
        if game is None:
            if s.startswith("["):
                tag = recread.tag(s, n)
                if recread.get(tags, tag[0], 0) != 0:
                    raise recread.RecordError("tag %s appears twice" % tag[0])
                if tag[0] not in _READ:
                    tag[1] = None  # its name only: the value stays on flash
                tags.append(tag)
                continue
            if not s:
                continue
            recread.check_tags(tags)
            game = recread.new_game(tags)
        for word in recread.tokens(s, n):
            if word == "*":
                continue  # PGN's marker of a game that goes on
            ply += 1
            if err is not None:
                dropped += 1
                continue
            try:
                frm, to = parse_move(word)
                why = game.check(frm, to)
            except FireIceError as e:
                why = str(e)
            if why:
                err = (ply, word, why)
                dropped = 1
            else:
                game.push(frm, to)
    if err is not None and err[0] == 1 and not tags:
        # no tag and not one move: dropping the bad word would keep nothing
        # of the text (a flash page written as zeros), so it is unreadable
        raise recread.RecordError("no tag and no move in it")
    if game is None:
        recread.check_tags(tags)
        game = recread.new_game(tags)
    return game, _settle(games, game, tags, recread.get, err, dropped, cut, levels)


def _settle(games, game, tags, get, err, dropped, cut, levels):
    # the replayed game's opponent and end from its tags, and the problem
    # the record had (None, or said and fixed: the game saved as it was
    # read). err, dropped: the first bad word and the words dropped from
    # it; cut: the line of a hint's note cut short
    games.recorded = True
    games.vs = _opponent(get, tags, game.duel, levels)
    _remote(games, get, tags, game)
    said = get(tags, "Result")
    ended = get(tags, "Termination") is not None and games.remote is not None
    if ended and not game.result and err is None:
        # a remote game its server ended (fireboard.track_remote.end): over
        # as the Result tag says (* or draw: over, nobody won)
        game.result = 1 if said == "fire" else 2 if said == "ice" else 3
        game.to_move = 0
    got = RESULT_NAMES[game.result]
    problem = None
    if err is None and not ended and said is not None and said != "*" and said != got:
        if got is None:
            why = "tag Result is %s but the game is not over" % said
        else:
            why = "tag Result is %s but the moves give %s" % (said, got)
        problem = "saved game: %s; fixed" % why
    if cut and err is None and problem is None:
        problem = "saved game: a hint's note cut short; dropped"
    if err is not None:
        problem = "saved game: ply %d (%s) %s; %d word%s dropped" % (
            err[0],
            err[1],
            err[2],
            dropped,
            "" if dropped == 1 else "s",
        )
    if problem is not None:
        try:
            games.save(game)
        except OSError as e:
            problem += " (on flash at the next start: %s)" % e
    return problem
