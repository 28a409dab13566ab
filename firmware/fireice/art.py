# A text picture of the board: seven triangular islands laid out as on the
# wooden board, each hole shown as # (Fire), O (Ice) or - (empty).
from fireice.geom import PEG_CHARS

# One island, 17 columns wide; digits mark where holes 1..7 go.
_ISLAND = (
    "        _",
    "       / \\",
    "      / 1 \\",
    "     /     \\",
    "    / 2   3 \\",
    "   /    4    \\",
    "  / 5   6   7 \\",
    "  \\___________/",
)
# Top-left corner (row, column) of each island A..G on the canvas.
_PLACE = ((2, 22), (9, 10), (9, 34), (14, 22), (21, 0), (21, 22), (21, 44))
_ROWS = 29
_COLS = 62


def render(cells, supplies=None):
    """cells: 49 values 0/1/2 (or a 49-char position string).
    supplies: optional (fire, ice) pegs left in the pockets, shown on top."""
    if isinstance(cells, str):
        from fireice.geom import parse_position

        cells = parse_position(cells)
    canvas = [bytearray(b" " * _COLS) for _ in range(_ROWS)]
    for i in range(7):
        r0, c0 = _PLACE[i]
        for dr in range(len(_ISLAND)):
            row = canvas[r0 + dr]
            line = _ISLAND[dr]
            for dc in range(len(line)):
                ch = line[dc]
                if ch == " ":
                    continue
                if "1" <= ch <= "7":
                    ch = PEG_CHARS[cells[7 * i + ord(ch) - 49]]
                row[c0 + dc] = ord(ch)
    _text(canvas, 0, 0, "FIRE #" + ("" if supplies is None else ": %d" % supplies[0]))
    _text(canvas, 0, 44, "ICE O" + ("" if supplies is None else ": %d" % supplies[1]))
    # keys: island letters (left) and hole numbers (right)
    for r, left, right in (
        (3, "  A", "  1"),
        (4, "B   C", "2   3"),
        (5, "  D", "  4"),
        (6, "E F G", "5 6 7"),
    ):
        _text(canvas, r, 1, left)
        _text(canvas, r, 52, right)
    return "\n".join(row.decode().rstrip() for row in canvas)


def _text(canvas, r, c, s):
    row = canvas[r]
    for k in range(len(s)):
        row[c + k] = ord(s[k])
