from fireice import geom
from fireice.geom import LINE_OF, LINES, TARGETS, hole_name, position_str
from fireice.geom import parse_position
from fireice.notation import NotationError, parse_hole, parse_move
from support import raises

ALL_MASKS = range(128)


def bits(m):
    return [k for k in range(7) if m >> k & 1]


def test_hole_names_round_trip():
    names = [hole_name(h) for h in range(49)]
    assert names[0] == "A1" and names[24] == "D4" and names[42] == "G1" and names[48] == "G7"
    for h in range(49):
        assert parse_hole(names[h]) == h
        assert parse_hole(names[h].lower()) == h
    assert len(set(names)) == 49


def test_bad_holes_are_named():
    for bad in ("Z9", "A8", "A0", "H1", "", "D", "D44", "4D", "-4"):
        e = raises(NotationError, parse_hole, bad)
        assert repr(bad) in str(e), str(e)
        assert isinstance(e, ValueError)


def test_lines_form_a_fano_plane():
    assert len(LINES) == 7 and len(set(LINES)) == 7
    for a in LINES:
        assert len(bits(a)) == 3
        for b in LINES:
            if a != b:
                assert len(bits(a & b)) == 1  # two lines meet in one point
    for p in range(7):  # every point lies on three lines
        assert len([m for m in LINES if m >> p & 1]) == 3


def test_lines_match_the_rules_text():
    # 1-2-5, 1-3-7, 5-6-7, 1-4-6, 3-4-5, 2-4-7, 2-3-6 (1-based positions)
    want = ((1, 2, 5), (1, 3, 7), (5, 6, 7), (1, 4, 6), (3, 4, 5), (2, 4, 7), (2, 3, 6))
    got = [tuple(b + 1 for b in bits(m)) for m in LINES]
    assert sorted(got) == sorted(want)


def test_line_table_against_brute_force():
    for m in ALL_MASKS:
        holds = [k for k in range(7) if m & LINES[k] == LINES[k]]
        if holds:
            assert LINE_OF[m] == holds[0] + 1
        else:
            assert LINE_OF[m] == 0
    # a 2-colouring of the whole plane always gives one colour a line
    for m in ALL_MASKS:
        assert LINE_OF[m] or LINE_OF[0x7F ^ m]


def test_targets_are_the_twelve_destinations():
    for h in range(49):
        ts = [TARGETS[12 * h + k] for k in range(12)]
        assert len(set(ts)) == 12 and h not in ts
        want = [t for t in range(49) if t != h and (t // 7 == h // 7 or t % 7 == h % 7)]
        assert sorted(ts) == want
        for t in ts:  # symmetric
            assert h in [TARGETS[12 * t + k] for k in range(12)]


def test_parse_move():
    assert parse_move("F6-C6") == (parse_hole("F6"), parse_hole("C6"))
    assert parse_move("d4-c4") == (24, 17)
    assert parse_move("D4-D7") == (24, 27)


def test_bad_moves_say_why():
    cases = (
        ("D4C4", "F6-C6"),
        ("D4--C4", "F6-C6"),
        ("Z9-A1", "Z9"),
        ("A1-A9", "A9"),
        ("D4-D4", "nowhere"),
        ("A1-B2", "neither on the same island nor at the same position"),
        ("", "not a move"),
    )
    for text, words in cases:
        e = raises(NotationError, parse_move, text)
        assert words in str(e), (text, str(e))


def test_position_round_trip():
    s = "OOO#O#O###OO#-#OO##O#-#OOO--OO--######O-O#-###OOO"
    assert position_str(parse_position(s)) == s
    assert position_str(parse_position(s.replace("O", "o").replace("-", "."))) == s
    assert position_str(parse_position(geom.START)) == "-" * 24 + "#" + "-" * 24


def test_bad_positions_are_named():
    e = raises(NotationError, parse_position, "-" * 48)
    assert "49" in str(e) and "48" in str(e)
    e = raises(NotationError, parse_position, "-" * 30 + "X" + "-" * 18)
    assert "31" in str(e) and "E3" in str(e) and "'X'" in str(e)


def test_islands_str():
    assert geom.islands_str(0) == ""
    assert geom.islands_str(0x7F) == "ABCDEFG"
    assert geom.islands_str(0b1000101) == "ACG"
