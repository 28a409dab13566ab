from fireice.geom import FireIceError, IllegalMoveError
from fireice.geom import parse_position
from fireice.seeded import deal
from fireice.solo import Solitaire
from fireice.moves import legal_moves
from support import raises
from test_duel import moves, pos


def test_deal_is_14_and_14_and_seeded():
    seen = set()
    for seed in range(50):
        p = deal(seed)
        assert p.count("#") == 14 and p.count("O") == 14 and p.count("-") == 21
        assert deal(seed) == p
        seen.add(p)
    assert len(seen) == 50
    # the same deal on both interpreters (fireice.seeded)
    assert deal(1) == "--#O##O#-##---O--O-----O##O-OOOOO#-O#--#-O#--##-O"
    raises(FireIceError, deal, 1, 30, 30)


def test_either_colour_may_start_then_colours_alternate():
    g = Solitaire(pos(fire="A1 B2", ice="A2 B1"))
    assert g.to_move == 0 and g.result == 0
    assert moves(g) == ["A1-A2", "A1-B1", "A2-A1", "A2-B2", "B1-A1", "B1-B2", "B2-A2", "B2-B1"]
    g.play_str("A2-A1")  # Ice starts
    assert g.to_move == 1
    assert g.position() == pos(fire="B2", ice="A1 B1")
    e = raises(IllegalMoveError, g.play_str, "A1-B1")
    assert "ice peg and fire is to move" in str(e)
    g.pop()
    assert g.to_move == 0 and g.position() == pos(fire="A1 B2", ice="A2 B1")


def test_captures_only():
    g = Solitaire(pos(fire="A1 A3", ice="A2"))
    e = raises(IllegalMoveError, g.play_str, "A1-A4")
    assert "A4 is empty: a solitaire move must capture" in str(e)
    e = raises(IllegalMoveError, g.play_str, "A1-A3")
    assert "capture the other colour" in str(e)
    e = raises(IllegalMoveError, g.play_str, "C1-A1")
    assert "C1 is empty" in str(e)


def test_won_with_one_peg_left():
    g = Solitaire(pos(fire="A1", ice="A2"))
    g.play_str("A1-A2")
    assert g.result == 4 and g.to_move == 0
    assert g.position() == pos(fire="A2")
    assert "game is over" in g.check(8, 9)


def test_lost_when_stuck_with_pegs_left():
    g = Solitaire(pos(fire="A1", ice="A2 B3"))
    g.play_str("A1-A2")  # Ice to move: B3 reaches nothing Fire
    assert g.result == 5 and g.to_move == 0
    g.pop()
    assert g.result == 0 and g.to_move == 0


def test_to_move_fixes_the_first_colour():
    g = Solitaire(pos(fire="A1", ice="A2 B3"), 2)
    assert g.to_move == 2
    g.play_str("A2-A1")
    assert g.position() == pos(ice="A1 B3")
    assert g.result == 5  # Fire has no peg, so no capture: two pegs left
    g.pop()
    assert g.to_move == 2


def test_ends_at_once_without_captures():
    assert Solitaire(pos(fire="A1", ice="B2")).result == 5
    assert Solitaire(pos(fire="A1")).result == 4
    assert Solitaire("-" * 49).result == 5
    # Ice must start: it can capture A1 from A2, then not at all from C3 or B2
    g = Solitaire(pos(fire="A1 B2", ice="A2 C3"), 2)
    assert g.result == 0
    g = Solitaire(pos(fire="A1", ice="C3 B2"), 2)
    assert g.result == 5


def test_a_full_deal_can_be_played_out():
    g = Solitaire(deal(3))
    buf = bytearray(600)
    while not g.result:
        n = legal_moves(g, buf)
        assert n > 0
        g.push(buf[0], buf[1])
    left = g.count[1] + g.count[2]
    assert (g.result == 4) == (left == 1)
    while g.ply:
        g.pop()
    assert g.position() == deal(3) and g.to_move == 0
    assert parse_position(deal(3)) == g.cells
