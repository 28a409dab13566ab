# Game records: tags and moves in a small PGN-like text (docs/records.md).
from fireice.geom import RESULT_NAMES, SIDE_NAMES, islands_str, START, FireIceError
from fireice.geom import parse_position
from fireice.notation import parse_move, parse_side

from fireice.rec import GAME, Record, format  # noqa: F401 (part of this module's API)


class RecordError(FireIceError):
    """A record whose tags or text cannot be used."""


def _tag(line, n):
    # '[Name "value"]' -> [name, value]
    if not line.endswith("]") or len(line) < 5:
        raise RecordError('line %d: a tag is [Name "value"]' % n)
    q = line.find('"')
    name = line[1:q].strip() if q > 0 else ""
    if not (name and name[0].isalpha()) or not all(
        c.isalpha() or c.isdigit() or c == "_" for c in name
    ):
        raise RecordError('line %d: a tag is [Name "value"]' % n)
    body = line[q + 1 : -1].rstrip()
    if not body.endswith('"'):
        raise RecordError("line %d: the value of tag %s has no closing quote" % (n, name))
    out = []
    k = 0
    body = body[:-1]
    while k < len(body):
        c = body[k]
        if c == "\\" and k + 1 < len(body) and body[k + 1] in '"\\':
            c = body[k + 1]
            k += 1
        elif c == '"':
            raise RecordError('line %d: stray quote in tag %s (write \\")' % (n, name))
        out.append(c)
        k += 1
    return [name, "".join(out)]


def _tokens(text, n):
    # Move text -> move strings, without comments and move numbers.
    out = []
    depth = 0
    start = n
    for word in text.replace("{", " { ").replace("}", " } ").split():
        if word == "{":
            if depth:
                raise RecordError("comments cannot nest")
            depth = 1
            continue
        if word == "}":
            if not depth:
                raise RecordError("'}' without '{'")
            depth = 0
            continue
        if depth:
            continue
        k = 0
        while k < len(word) and word[k].isdigit():
            k += 1
        if k and k < len(word) and word[k] == ".":
            while k < len(word) and word[k] == ".":
                k += 1
            word = word[k:]
            if not word:
                continue
        out.append(word)
    if depth:
        raise RecordError("a comment opened after line %d is not closed" % start)
    return out


def parse(text):
    """Record text -> Record. Raises RecordError naming the first problem."""
    tags = []  # type: list[list[str]]
    if text.startswith("\ufeff"):  # a byte order mark from some editors
        text = text[1:]
    lines = text.split("\n")
    k = 0
    while k < len(lines):
        line = lines[k].strip()
        if line.startswith("["):
            name, value = _tag(line, k + 1)
            for t in tags:
                if t[0] == name:
                    raise RecordError("tag %s appears twice" % name)
            tags.append([name, value])
        elif line:
            break
        k += 1
    moves = _tokens("\n".join(lines[k:]), k + 1)
    if moves and moves[-1] == "*":
        moves.pop()  # PGN's marker of a game that goes on
    rec = Record(tags, moves)
    check_tags(rec)
    return rec


def check_tags(rec):
    game = rec.get("Game")
    if game is not None and game != GAME:
        raise RecordError("tag Game is %r, not %r" % (game, GAME))
    mode = rec.get("Mode", "duel")
    if mode not in ("duel", "solitaire"):
        raise RecordError("tag Mode is %r, not duel or solitaire" % mode)
    setup = rec.get("Setup")
    if setup is not None:
        try:
            parse_position(setup)
        except FireIceError as e:
            raise RecordError("tag Setup: %s" % e)
    elif mode == "solitaire":
        raise RecordError("a solitaire record needs a Setup tag (the deal)")
    to_move = rec.get("ToMove")
    if to_move is not None:
        try:
            parse_side(to_move)
        except FireIceError:
            raise RecordError("tag ToMove is %r, not fire or ice" % to_move)
    result = rec.get("Result")
    if result is not None and result != "*":
        ok = ("fire", "ice", "draw") if mode == "duel" else ("won", "lost")
        if result not in ok:
            raise RecordError("tag Result is %r; a %s ends %s" % (result, mode, " or ".join(ok)))


def new_game(rec):
    """The game a record starts from (before its first move)."""
    mode = rec.get("Mode", "duel")
    setup = rec.get("Setup")
    to_move = rec.get("ToMove")
    side = parse_side(to_move) if to_move is not None else 0
    try:
        if mode == "solitaire":
            from fireice.solo import Solitaire

            return Solitaire(setup, side)
        from fireice.duel import Duel

        return Duel(setup if setup is not None else START, side or 1)
    except RecordError:
        raise
    except FireIceError as e:
        raise RecordError("tag Setup: %s" % e)


def replay(rec, game=None):
    """Play a record's moves. Returns (game, error): error is None or
    (ply, move, reason), ply counting from 1; ply and move are None for an
    error that is not about one move (a Result tag the moves contradict).
    With an error, game is the position before it."""
    if game is None:
        game = new_game(rec)
    ply = 0
    for text in rec.moves:
        ply += 1
        try:
            frm, to = parse_move(text)
        except FireIceError as e:
            return game, (ply, text, str(e))
        why = game.check(frm, to)
        if why:
            return game, (ply, text, why)
        game.push(frm, to)
    result = rec.get("Result")
    got = RESULT_NAMES[game.result]
    if result == "*":
        if got is not None:
            why = "tag Result is * (the game goes on) but the moves give %s" % got
            return game, (None, None, why)
    elif result is not None and result != got:
        if got is None:
            why = "tag Result is %s but the game is not over" % result
        else:
            why = "tag Result is %s but the moves give %s" % (result, got)
        return game, (None, None, why)
    return game, None


def summary(game, error=None):
    """What a replay reached, as the dict `fireice replay --json` prints."""
    return {
        "result": RESULT_NAMES[game.result],
        "position": game.position(),
        "control": {
            "fire": islands_str(game.control(1)),
            "ice": islands_str(game.control(2)),
        },
        "to_move": SIDE_NAMES[game.to_move],
        "error": None if error is None else {"ply": error[0], "move": error[1], "reason": error[2]},
    }


def winning_islands(game):
    """The line of islands that won a duel ('ACG'), or '' when none."""
    return islands_str(game.winning_line()) if game.duel else ""
