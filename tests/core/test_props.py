# Property tests: random games checked move by move against brute force
# written straight from the rules (no masks, no tables).
import random

from fireice.duel import Duel
from fireice.geom import LINES, START
from fireice.position import Position
from fireice.seeded import deal, handicap_position
from fireice.solo import Solitaire
from fireice.moves import legal_moves, random_move
from support import MICROPYTHON

GAMES = 12 if MICROPYTHON else 60


def brute_control(cells, side):
    m = 0
    for i in range(7):
        for line in LINES:
            if all(cells[7 * i + p] == side for p in range(7) if line >> p & 1):
                m |= 1 << i
    return m


def brute_has_line(mask):
    return any(mask & line == line for line in LINES)


def brute_moves(game):
    out = []
    for h in range(49):
        for t in range(49):
            if game.check(h, t) is None:
                out.append(h * 64 + t)
    return out


def brute_duel_can_move(cells, side):
    if sum(1 for c in cells if c == 3 - side) >= 25:
        return False
    for h in range(49):
        if cells[h] == side:
            for t in range(49):
                if t != h and (t // 7 == h // 7 or t % 7 == h % 7) and not cells[t]:
                    return True
    return False


def snapshot(g):
    return (bytes(g.cells), bytes(g.im), bytes(g.pm), bytes(g.count), g.to_move, g.result, g.ply)


def assert_masks(g):
    fresh = Position(bytes(g.cells))
    assert fresh.im == g.im and fresh.pm == g.pm and fresh.count == g.count


def assert_duel(g):
    assert_masks(g)
    cells = g.cells
    f, i = brute_control(cells, 1), brute_control(cells, 2)
    assert g.ctrl[1] == f and g.ctrl[2] == i
    assert f & i == 0  # never both on one island
    assert not (brute_has_line(f) and brute_has_line(i))
    # the peg lists hold exactly each side's holes
    for side in (1, 2):
        held = sorted(g.pegs[25 * (side - 1) + k] for k in range(g.count[side]))
        assert held == [h for h in range(49) if cells[h] == side]
        for h in held:
            assert g.pegs[g.slot[h]] == h
    if brute_has_line(f):
        assert g.result == 1 and g.to_move == 0
    elif brute_has_line(i):
        assert g.result == 2 and g.to_move == 0
    elif g.result == 3:
        assert not brute_duel_can_move(cells, 1) and not brute_duel_can_move(cells, 2)
    else:
        assert g.result == 0 and brute_duel_can_move(cells, g.to_move)


def play_duel(g, rnd):
    buf = bytearray(600)
    last = None
    while True:
        assert_duel(g)
        if last is not None and g.result == 0 and g.to_move == last:
            assert not brute_duel_can_move(g.cells, 3 - last)  # a forced pass
        n = legal_moves(g, buf)
        got = sorted(buf[2 * k] * 64 + buf[2 * k + 1] for k in range(n))
        assert got == brute_moves(g)
        if not n:
            assert g.result != 0
            return
        mv = random_move(g, rnd.randrange)
        assert mv in got
        before = snapshot(g)
        last = g.to_move
        g.push(mv >> 6, mv & 63)
        after = snapshot(g)
        assert g.pop() == mv
        assert snapshot(g) == before
        g.push(mv >> 6, mv & 63)
        assert snapshot(g) == after


def random_setup(rnd, fire, ice):
    holes = list(range(49))
    for k in range(48, 0, -1):  # shuffle (MicroPython's random has none)
        j = rnd.randrange(k + 1)
        holes[k], holes[j] = holes[j], holes[k]
    cells = bytearray(49)
    for k in range(fire + ice):
        cells[holes[k]] = 1 if k < fire else 2
    return cells


def test_random_duels_from_the_start():
    rnd = random.Random(1) if hasattr(random, "Random") else random
    rnd.seed(1)
    for _ in range(GAMES):
        g = Duel()
        play_duel(g, rnd)
        plies = g.ply
        assert 17 <= plies <= 48  # 9 to 24 moves a player
        while g.ply:
            g.pop()
        assert g.position() == START and g.to_move == 1


def test_random_duels_with_handicap():
    rnd = random.Random(2) if hasattr(random, "Random") else random
    rnd.seed(2)
    for k in range(GAMES):
        g = Duel(handicap_position(1 + k % 6, 1 + k % 2, k), 1)
        play_duel(g, rnd)


def test_random_duels_from_random_setups():
    rnd = random.Random(3) if hasattr(random, "Random") else random
    rnd.seed(3)
    for k in range(GAMES):
        fire = rnd.randrange(26)
        ice = rnd.randrange(min(25, 49 - fire) + 1)
        g = Duel(bytes(random_setup(rnd, fire, ice)), 1 + k % 2)
        play_duel(g, rnd)


def test_random_solitaire_games():
    rnd = random.Random(4) if hasattr(random, "Random") else random
    rnd.seed(4)
    buf = bytearray(600)
    for k in range(GAMES):
        g = Solitaire(deal(k) if k % 2 else bytes(random_setup(rnd, 1 + k % 9, 1 + k % 7)))
        while True:
            assert_masks(g)
            n = legal_moves(g, buf)
            got = sorted(buf[2 * j] * 64 + buf[2 * j + 1] for j in range(n))
            assert got == brute_moves(g)
            if g.result:
                assert n == 0
                left = g.count[1] + g.count[2]
                assert g.result == (4 if left == 1 else 5)
                break
            assert n > 0
            mv = got[rnd.randrange(n)]
            before = snapshot(g)
            g.push(mv >> 6, mv & 63)
            after = snapshot(g)
            g.pop()
            assert snapshot(g) == before
            g.push(mv >> 6, mv & 63)
            assert snapshot(g) == after
