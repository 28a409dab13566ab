# Game records: tags and moves in a small PGN-like text (docs/records.md).
from fireice.geom import RESULT_NAMES, SIDE_NAMES, islands_str, FireIceError
from fireice.notation import parse_move

from fireice.rec import GAME, pieces
from fireice.recread import RecordError, check_tags as check, new_game as start
from fireice.recread import tag as _tag, tokens as _tokens


class Record:
    """tags: list of [name, value] in file order; moves: the move texts."""

    def __init__(self, tags=None, moves=None):
        self.tags = tags if tags is not None else [["Game", GAME]]
        self.moves = moves if moves is not None else []

    def get(self, name, default=None):
        for t in self.tags:
            if t[0] == name:
                return t[1]
        return default

    def set(self, name, value):
        for t in self.tags:
            if t[0] == name:
                if value is None:
                    self.tags.remove(t)
                else:
                    t[1] = value
                return
        if value is not None:
            self.tags.append([name, value])


def format(rec, width=72):
    """Record -> text (Game tag first, then the others in order, then moves)."""
    return "".join(pieces(rec.tags, rec.moves, width))


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
    check(rec.tags)


def new_game(rec):
    """The game a record starts from (before its first move)."""
    return start(rec.tags)


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
