# A game record in memory and its text: the part of fireice.record a board
# needs while a game runs (writing). Reading is in fireice.record.

GAME = "Fire and Ice"


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
    out = ['[Game "%s"]' % GAME]
    for name, value in rec.tags:
        if name != "Game":
            out.append('[%s "%s"]' % (name, _escape(value)))
    out.append("")
    line = ""
    for m in rec.moves:
        if line and len(line) + 1 + len(m) > width:
            out.append(line)
            line = m
        else:
            line = line + " " + m if line else m
    if line:
        out.append(line)
    return "\n".join(out) + "\n"
