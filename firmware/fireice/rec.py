# A game record in memory and its text: the part of fireice.record a board
# needs while a game runs (writing). Reading is in fireice.record.

from fireice.geom import GAME, move_name


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


def _escape(value):
    return value.replace("\\", "\\\\").replace('"', '\\"')


def format(rec, width=72):
    """Record -> text (Game tag first, then the others in order, then moves)."""
    return "".join(pieces(rec.tags, rec.moves, width))


def pieces(tags, moves, width=72):
    """The text of a record a piece at a time (a tag line, a move and its
    separator): a board writes it to flash as it comes, so the whole text
    is never in the heap. moves: any iterable of move texts."""
    yield '[Game "%s"]\n' % GAME
    for name, value in tags:
        if name != "Game":
            yield '[%s "%s"]\n' % (name, _escape(value))
    yield "\n"
    n = 0  # length of the line so far
    for m in moves:
        if n and n + 1 + len(m) > width:
            yield "\n"
            n = 0
        if n:
            yield " "
            n += 1
        yield m
        n += len(m)
    if n:
        yield "\n"


def moves(game):
    """The move texts of a game's history, one at a time."""
    hist = game.hist
    for k in range(game.ply):
        yield move_name(hist[2 * k], hist[2 * k + 1])
