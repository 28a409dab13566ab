"""The board drawn as the play-by-mail server drew it (fireice remote show)."""

import random

from fireice.art import _ISLAND
from fireice.geom import START, position_str
from fireice_tools import pbmart


def read_back(picture):
    """The 49-character position a picture shows, read from each island's place."""
    rows = picture.split("\n")
    out = []
    for island in range(7):
        r0, c0 = pbmart.PLACES[island]
        for digit in "1234567":
            for dr, line in enumerate(_ISLAND):
                dc = line.find(digit)
                if dc >= 0:
                    row = rows[r0 + dr]
                    out.append(row[c0 + dc] if c0 + dc < len(row) else " ")
    return "".join(out)


def test_the_start_with_full_supplies():
    pic = pbmart.draw(START).split("\n")
    assert len(pic) == 28
    assert pic[0].startswith("     FIRE (#): 24 ")
    assert pic[0].endswith("ICE (O): 25")
    # the keys: islands on the left, holes on the right
    assert pic[4].split() == ["A", "/", "-", "-", "\\", "1"]
    assert pic[8].split()[:3] == ["E", "F", "G"] and pic[8].split()[-3:] == ["5", "6", "7"]
    # D's bottom edge drawn over F's top, the dotted lines either side
    assert pic[20] == "          _.      .  . \\___________/ .  .      ._"
    assert pic[18] == "             .   .      /    #    \\      .   ."
    assert read_back("\n".join(pic)) == START


def test_every_hole_shows_its_peg():
    rng = random.Random(7)
    for _ in range(50):
        cells = [rng.choice((0, 0, 1, 2)) for _ in range(49)]
        pos = position_str(cells)
        pic = pbmart.draw(pos)
        assert read_back(pic) == pos
        first = pic.split("\n")[0]
        assert "FIRE (#): %2d" % (25 - cells.count(1)) in first
        assert "ICE (O): %2d" % (25 - cells.count(2)) in first


def test_the_sample_game_of_the_help_text():
    # Ice's win on A, C and G as the old help text showed it: the bottom row
    pos = "OOO#O#O###OO#-#OO##O#-#OOO--OO--######O-O#-###OOO"
    pic = pbmart.draw(pos).split("\n")
    assert pic[0] == "     FIRE (#):  4            _           ICE (O):  5"
    assert pic[26] == "    / #   #   # \\. . . / -   O   # \\ . . ./ O   O   O \\"
    assert pic[27] == "    \\___________/      \\___________/      \\___________/"
