"""Names and numbering of the board: islands, holes, LED chain, drawing positions.

Islands A (top), B C (second row), D (centre), E F G (bottom row). Inside an
island the holes use the same pattern: 1 top, 2 3, 4 centre, 5 6 7 bottom row.
Geometrically (the Fano plane drawing) 1, 5 and 7 are the corners of a
triangle, 2, 3 and 6 the midpoints of its edges and 4 its centre; the same
holds for the islands on the board.
"""

import math

ISLANDS = "ABCDEFG"
POSITIONS = (1, 2, 3, 4, 5, 6, 7)

# Hole names in board order: A1..A7, B1..B7, ... G7 (index 0..48).
HOLES = tuple(f"{i}{p}" for i in ISLANDS for p in POSITIONS)

# LED chain (default order): one pixel per hole in board order, then the two
# turn indicators.
FIRE_TURN_LED = 49
ICE_TURN_LED = 50
LED_NAMES = HOLES + ("Fire turn", "Ice turn")
N_LEDS = len(LED_NAMES)  # 51


def hole_index(hole):
    """``"D4"`` -> 24 (position in the 49-character board string and LED index)."""
    return ISLANDS.index(hole[0]) * 7 + int(hole[1:]) - 1


def mux_channel(hole):
    """Mux input / channel of a hole on its island's mux: position k+1 is channel k."""
    return int(hole[1:]) - 1


def triangle_points(cx, cy, side):
    """The seven Fano points of an upward triangle with centroid (cx, cy).

    Returns {1..7: (x, y)}: 1 top corner, 5 bottom left, 7 bottom right,
    2 and 3 the midpoints of the left and right edges, 6 of the bottom edge,
    4 the centre. y grows downwards (SVG).
    """
    h = side * math.sqrt(3) / 2
    p1 = (cx, cy - 2 * h / 3)
    p5 = (cx - side / 2, cy + h / 3)
    p7 = (cx + side / 2, cy + h / 3)

    def mid(a, b):
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    return {1: p1, 2: mid(p1, p5), 3: mid(p1, p7), 4: (cx, cy), 5: p5, 6: mid(p5, p7), 7: p7}
