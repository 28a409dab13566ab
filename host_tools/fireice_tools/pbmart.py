"""The board as the play-by-mail server of 2003 drew it in its e-mails:
the seven islands in their places, the dotted lines of islands between
them, the keys to islands and positions, and the pegs left in each supply.
`fireice remote show` prints it.

Each island is `fireice show`'s island (fireice.art); the places and the
dots below are where that server's picture had them.
"""

from fireice.art import _ISLAND as ISLAND
from fireice.geom import PEG_CHARS, parse_position

# Top-left corner (row, column) of each island A..G's 17-column picture.
# D comes last when drawing: its bottom edge lies over F's top.
PLACES = {
    0: (0, 21),
    1: (10, 11),
    2: (10, 31),
    4: (20, 2),
    5: (20, 21),
    6: (20, 40),
    3: (13, 21),
}
# The dotted lines between islands: the columns of the dots on each row.
DOTS = {
    8: (22, 29, 36),
    9: (21, 29, 37),
    10: (20, 25, 27, 29, 31, 33, 38),
    11: (23, 29, 35),
    12: (22, 29, 36),
    18: (13, 17, 41, 45),
    19: (12, 17, 41, 46),
    20: (11, 18, 21, 37, 40, 47),
    21: (19, 39),
    22: (17, 20, 38, 41),
    23: (15, 22, 36, 43),
    24: (24, 34),
    26: (17, 19, 21, 37, 39, 41),
}
# The keys: island letters on the left, hole numbers on the right.
KEYS = (
    (4, 9, "A"),
    (4, 47, "1"),
    (6, 7, "B   C"),
    (6, 45, "2   3"),
    (7, 9, "D"),
    (7, 47, "4"),
    (8, 5, "E   F   G"),
    (8, 43, "5   6   7"),
)
ROWS = 28
COLS = 58
PEGS = 25  # each side's pegs, on the board and in the supply


def draw(position):
    """The picture of a position (49 characters, or 49 values 0/1/2), with
    the pegs each side has left in its supply at the top."""
    cells = parse_position(position) if isinstance(position, str) else list(position)
    canvas = [[" "] * COLS for _ in range(ROWS)]
    for row, cols in DOTS.items():
        for c in cols:
            canvas[row][c] = "."
    for island, (r0, c0) in PLACES.items():
        for dr, line in enumerate(ISLAND):
            for dc, ch in enumerate(line):
                if ch == " ":
                    continue
                if "1" <= ch <= "7":
                    ch = PEG_CHARS[cells[7 * island + int(ch) - 1]]
                canvas[r0 + dr][c0 + dc] = ch
    fire = PEGS - sum(1 for c in cells if c == 1)
    ice = PEGS - sum(1 for c in cells if c == 2)
    _put(canvas, 0, 5, "FIRE (#): %2d" % fire)
    _put(canvas, 0, 41, "ICE (O): %2d" % ice)
    for row, col, text in KEYS:
        _put(canvas, row, col, text)
    return "\n".join("".join(row).rstrip() for row in canvas)


def _put(canvas, row, col, text):
    for k, ch in enumerate(text):
        canvas[row][col + k] = ch
