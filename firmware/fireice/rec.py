# A game record's text, written a piece at a time: the part of
# fireice.record a board needs while a game runs (writing a new record,
# rewriting it after a takeback or at the end). Reading, and a record in
# memory (Record), are in fireice.record.

from fireice.geom import GAME, move_name


def _escape(value):
    return value.replace("\\", "\\\\").replace('"', '\\"')


def pieces(tags, moves, width=72):
    """The text of a record a piece at a time (a tag line, a move and its
    separator): a board writes it to flash as it comes, so the whole text
    is never in the heap. moves: any iterable of move texts."""
    yield '[Game "%s"]\n' % GAME
    for name, value in tags:
        if name != "Game":
            yield '[%s "%s"]\n' % (name, _escape(value))
    for piece in movetext(moves, width):
        yield piece


def rewrite(head, add, result, moves, width=72, last=()):
    """A record's text once more, a piece at a time, from the lines of its
    old text (head: the file it is in, read only to the end of its tags,
    then closed): the Game tag, its other tag lines as written (never
    parsed, so tags a reader does not know stay as they are), but its
    Result; add ([name, value], such as a Date, Time) after Game and Mode;
    last ([name, value], the Hints) after the others, in place of a tag of
    the same name; the Result (None: the game goes on); then moves."""
    yield '[Game "%s"]\n' % GAME
    for line in head:
        if isinstance(line, bytes):
            line = line.decode()
        line = line.strip()
        if line and line[0] == "\ufeff":  # a byte order mark
            line = line[1:]
        if not line:
            continue  # a blank line between tags, or before them
        if line[0] != "[":
            break  # the moves
        name = line[1 : line.find('"')].strip()
        if name == "Game" or name == "Result" or [t for t in last if t[0] == name]:
            continue
        if add and name != "Mode":
            for t in add:
                yield '[%s "%s"]\n' % (t[0], _escape(t[1]))
            add = ()
        yield line + "\n"
    head.close()
    for t in add:
        yield '[%s "%s"]\n' % (t[0], _escape(t[1]))
    for t in last:
        yield '[%s "%s"]\n' % (t[0], _escape(t[1]))
    if result is not None:
        yield '[Result "%s"]\n' % result
    for piece in movetext(moves, width):
        yield piece


def movetext(moves, width=72):
    """What follows the tags, a piece at a time: the blank line, then the
    moves in lines of at most width characters."""
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
