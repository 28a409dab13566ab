# The coach's danger test (fireice.danger), on both interpreters: the moves
# it marks are exactly those that lose at once when every move is played,
# on hand-made positions where the fill hands over the win and on random
# ones; and it allocates nothing (MicroPython).
from fireice.danger import GIFT, SAFE, THREAT, danger, win_at_once
from fireice.duel import Duel
from fireice.geom import TARGETS
from fireice.moves import legal_moves
from fireice.notation import parse_hole
from fireice.seeded import Rng
from support import MICROPYTHON, skip


def position(fire, ice):
    cells = ["-"] * 49
    for names, c in ((fire, "#"), (ice, "O")):
        for name in names.split():
            cells[parse_hole(name)] = c
    return "".join(cells)


# Ice holds A and B (lines 1-2-5) and has E1 E2: E5 completes A-B-E for Ice.
ICE_NEAR = "A1 A2 A5 B1 B2 B5 E1 E2 C5"


def h(name):
    return parse_hole(name)


def test_the_fill_that_hands_over_the_win_is_a_gift():
    # Fire stands on E5: lifting it lets the fill put Ice there
    g = Duel(position("D4 E5 F1 G1", ICE_NEAR), 1)
    before = g.position()
    assert danger(g, h("E5"), h("E6")) == GIFT
    assert danger(g, h("E5"), h("G5")) == GIFT
    # elsewhere nothing is given: Ice still cannot reach E5
    assert danger(g, h("D4"), h("D1")) == SAFE
    assert g.position() == before and g.ply == 0 and g.to_move == 1


def test_leaving_a_win_at_once_is_a_threat():
    # E5 is empty: Ice wins with C5-E5 unless Fire blocks the hole
    g = Duel(position("D4 F1 G1", ICE_NEAR), 1)
    assert win_at_once(Duel(g.position(), 2), 2) == h("C5") * 64 + h("E5")
    assert danger(g, h("D4"), h("D1")) == THREAT
    assert danger(g, h("D4"), h("E4")) == THREAT
    assert danger(g, h("D4"), h("D5")) == THREAT  # the fill on D4 does not help
    assert danger(g, h("G1"), h("G5")) == THREAT
    g2 = Duel(position("D4 F1 G1 A4", ICE_NEAR), 1)
    assert danger(g2, h("A4"), h("E4")) == THREAT
    # the block on E5 leaves Ice no win at once
    g3 = Duel(position("D4 F5 G1", ICE_NEAR), 1)
    assert danger(g3, h("F5"), h("E5")) == SAFE


def test_a_winning_move_is_safe():
    # Fire holds D and F (lines), A1 A4 on A: A6 completes A-D-F
    g = Duel(position("D1 D4 D6 F1 F4 F6 A1 A4 B6", "G1 G2 G5 E1 E2 E5"), 1)
    assert win_at_once(g, 1) == h("B6") * 64 + h("A6")
    assert danger(g, h("B6"), h("A6")) == SAFE
    g.push(h("B6"), h("A6"))
    assert g.result == 1


def brute(g, buf):
    # what each legal move gives, by playing every move and every answer
    s = g.to_move
    o = 3 - s
    n = legal_moves(g, buf)
    moves = [(buf[2 * k], buf[2 * k + 1]) for k in range(n)]
    out = {}
    inner = bytearray(600)
    for frm, to in moves:
        g.push(frm, to)
        if g.result == o:
            kind = GIFT
        elif not g.result and g.to_move == o and wins(g, inner):
            kind = THREAT
        else:
            kind = SAFE
        g.pop()
        out[frm * 64 + to] = kind
    return out


def wins(g, buf):
    s = g.to_move
    n = legal_moves(g, buf)
    for k in range(n):
        g.push(buf[2 * k], buf[2 * k + 1])
        r = g.result
        g.pop()
        if r == s:
            return True
    return False


def test_danger_agrees_with_playing_every_move():
    rng = Rng(5)
    buf = bytearray(600)
    counts = [0, 0, 0]
    games = 6 if MICROPYTHON else 8
    for _ in range(games):
        g = Duel()
        while not g.result:
            if g.ply >= 10:
                want = brute(g, buf)
                for mv, kind in want.items():
                    got = danger(g, mv >> 6, mv & 63)
                    assert got == kind, (g.position(), g.to_move, mv, got, kind)
                    counts[kind] += 1
                assert (win_at_once(g, g.to_move) >= 0) == wins(g, buf), g.position()
            n = legal_moves(g, buf)
            r = rng.below(n)
            g.push(buf[2 * r], buf[2 * r + 1])
    # every kind did occur
    assert counts[SAFE] > 100 and counts[GIFT] > 3 and counts[THREAT] > 20, counts


def test_danger_allocates_nothing():
    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    import micropython

    g = Duel(position("D4 F1 G1", ICE_NEAR), 1)
    frm = h("D4")
    micropython.heap_lock()
    try:
        kinds = 0
        for k in range(12):
            to = TARGETS[12 * frm + k]
            if not g.cells[to]:
                kinds += danger(g, frm, to)
    finally:
        micropython.heap_unlock()
    assert kinds > 0
