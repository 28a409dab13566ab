# Reading a game record's tags and move words, and the game its tags start
# from: the part of fireice.record a board needs to resume its game
# (fireboard.records_resume reads the record a line at a time with these), so
# that the rest of the reader and the writer stay off the board's heap.
from fireice.geom import GAME, START, FireIceError, parse_position
from fireice.notation import parse_side


class RecordError(FireIceError):
    """A record whose tags or text cannot be used."""


def get(tags, name, default=None):
    """The value of tag name in tags (a list of [name, value])."""
    for t in tags:
        if t[0] == name:
            return t[1]
    return default


def tag(line, n):
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


def tokens(text, n):
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


def check_tags(tags):
    """Raise RecordError naming the first tag that cannot be used."""
    game = get(tags, "Game")
    if game is not None and game != GAME:
        raise RecordError("tag Game is %r, not %r" % (game, GAME))
    mode = get(tags, "Mode", "duel")
    if mode not in ("duel", "solitaire"):
        raise RecordError("tag Mode is %r, not duel or solitaire" % mode)
    setup = get(tags, "Setup")
    if setup is not None:
        try:
            parse_position(setup)
        except FireIceError as e:
            raise RecordError("tag Setup: %s" % e)
    elif mode == "solitaire":
        raise RecordError("a solitaire record needs a Setup tag (the deal)")
    to_move = get(tags, "ToMove")
    if to_move is not None:
        try:
            parse_side(to_move)
        except FireIceError:
            raise RecordError("tag ToMove is %r, not fire or ice" % to_move)
    result = get(tags, "Result")
    if result is not None and result != "*":
        ok = ("fire", "ice", "draw") if mode == "duel" else ("won", "lost")
        if result not in ok:
            raise RecordError("tag Result is %r; a %s ends %s" % (result, mode, " or ".join(ok)))


def new_game(tags):
    """The game a record's tags start from (before its first move)."""
    mode = get(tags, "Mode", "duel")
    setup = get(tags, "Setup")
    to_move = get(tags, "ToMove")
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
