# The engine (fireice.engine), on both interpreters: its quick tactical tests
# against playing every move, legal moves everywhere, proven wins kept,
# determinism, and no allocation while it thinks (MicroPython).
from fireice.duel import Duel
from fireice.engine import BOARD_LEVELS, LEVELS, MAX_LEVEL, Engine, win_move
from fireice.engine_opinions import gift
from fireice.moves import legal_moves
from fireice.seeded import Rng, handicap_position
from support import MICROPYTHON, raises, skip


def random_positions(games, seed, setup=None, first=1, every=1):
    # (position, side to move) of every running position of random games
    # (or of every every-th), one by one: a list of them is too big for 256 KB
    rng = Rng(seed)
    buf = bytearray(600)
    k = 0
    for _ in range(games):
        g = Duel(setup or "-" * 24 + "#" + "-" * 24, first)
        while not g.result:
            if k % every == 0:
                yield g.position(), g.to_move
            k += 1
            n = legal_moves(g, buf)
            r = rng.below(n)
            g.push(buf[2 * r], buf[2 * r + 1])


def near_full(count, seed):
    # positions with 40 to 46 pegs where the game still runs
    rng = Rng(seed)
    made = 0
    while made < count:
        holes = list(range(49))
        rng.shuffle(holes)
        pegs = 40 + rng.below(7)
        cells = bytearray(b"-" * 49)
        for k in range(pegs):
            cells[holes[k]] = ord("#" if k % 2 else "O")
        side = 1 + rng.below(2)
        g = Duel(cells.decode(), side)
        if not g.result:
            made += 1
            yield g.position(), g.to_move


def wins_now(g, buf):
    # the moves with which the side to move wins at once, by playing them all
    s = g.to_move
    n = legal_moves(g, buf)
    out = []
    for k in range(n):
        g.push(buf[2 * k], buf[2 * k + 1])
        if g.result == s:
            out.append(buf[2 * k] * 64 + buf[2 * k + 1])
        g.pop()
    return out


def test_win_move_and_gift_agree_with_playing_every_move():
    buf = bytearray(600)
    seen = wins = gifts = 0
    for pos, side in random_positions(40 if MICROPYTHON else 120, 7, every=2):
        g = Duel(pos, side)
        s = g.to_move
        winning = wins_now(g, buf)
        m = win_move(g, s)
        assert (m >= 0) == bool(winning), pos
        assert m < 0 or m in winning
        wins += m >= 0
        n = legal_moves(g, buf)
        for k in range(n):
            f = buf[2 * k]
            t = buf[2 * k + 1]
            g.push(f, t)
            handed = g.result == 3 - s
            g.pop()
            assert gift(g, f, 3 - s) == handed, (pos, f, t)
            gifts += handed
        seen += 1
    assert wins > 20 and gifts > 20 and seen > 400  # the cases did occur


def check_legal(positions, level, playouts):
    e = Engine(level, 11)
    n = 0
    for pos, side in positions:
        n += 1
        g = Duel(pos, side)
        before = g.position()
        mv = e.think(g, playouts)
        assert g.position() == before and g.ply == 0
        assert 0 <= mv < 64 * 49, (pos, mv)
        why = g.check(mv >> 6, mv & 63)
        assert why is None, (pos, side, level, mv, why)
    return n


def test_every_move_is_legal_in_random_games():
    games = 30 if MICROPYTHON else 60
    assert check_legal(random_positions(games, 21), 1, 2) > 1000
    assert check_legal(random_positions(games, 21, every=15), BOARD_LEVELS, 0) > 60


def handicap_positions(every):
    for seed in range(12):
        setup = handicap_position(1 + seed % 6, 1 + seed % 2, seed)
        for x in random_positions(4, seed, setup, 1, every):
            yield x


def test_every_move_is_legal_after_handicaps():
    assert check_legal(handicap_positions(1), 1, 3) > 200
    assert check_legal(handicap_positions(9), 2, 0) > 20


def test_every_move_is_legal_on_near_full_boards():
    count = 300 if MICROPYTHON else 600
    assert check_legal(near_full(count, 3), 1, 3) == count
    assert check_legal(near_full(count // 10, 4), BOARD_LEVELS, 0) == count // 10


def test_a_finished_game_has_no_move():
    g = Duel()
    e = Engine(1, 1)
    while not g.result:
        mv = e.think(g)
        g.play(mv >> 6, mv & 63)
    assert e.think(g) == -1


def forced_win3(g, buf3, buf2, buf1):
    # by playing everything: the moves of the side to move after which every
    # reply leaves it a win at once (a forced win in three plies)
    s = g.to_move
    out = []
    n = legal_moves(g, buf3)
    for k in range(n):
        g.push(buf3[2 * k], buf3[2 * k + 1])
        ok = g.result == s
        if not g.result:
            ok = True
            if g.to_move == s:
                ok = bool(wins_now(g, buf1))
            else:
                m = legal_moves(g, buf2)
                for x in range(m):
                    g.push(buf2[2 * x], buf2[2 * x + 1])
                    if g.result != s and (g.result or g.to_move != s or not wins_now(g, buf1)):
                        ok = False
                    g.pop()
                    if not ok:
                        break
        g.pop()
        if ok:
            out.append(buf3[2 * k] * 64 + buf3[2 * k + 1])
    return out


def test_a_proven_win_is_played():
    bufs = [bytearray(600) for _ in range(3)]
    buf = bytearray(600)
    won1 = won3 = 0
    engines = [Engine(level, 5) for level in range(1, BOARD_LEVELS + 1)]
    engines.append(Engine(MAX_LEVEL, 5, nodes=1500))  # the host's, in a small tree
    for pos, side in random_positions(8 if MICROPYTHON else 12, 99, every=2):
        g = Duel(pos, side)
        now = wins_now(g, buf)
        if now:
            # a win at once: every level takes one
            for e in engines:
                mv = e.think(g, 10 if e.level > BOARD_LEVELS else 0)
                assert mv in now, (pos, e.level)
                assert e.proven == side and e.mate == 1
            won1 += 1
            continue
        if g.count[1] + g.count[2] < 12:
            continue
        wins = forced_win3(g, *bufs)
        if not wins:
            continue
        # a forced win in three plies: every level whose proof search looks
        # three plies deep keeps it
        for e in engines:
            if LEVELS[e.level][2] < 3:
                continue
            mv = e.think(g, 10 if e.level > BOARD_LEVELS else 0)
            assert mv in wins, (pos, side, e.level, mv, wins)
            assert e.proven == side and e.mate == 3
        won3 += 1
    assert won1 >= 5 and won3 >= 3, (won1, won3)


def test_same_seed_same_moves():
    g = Duel()
    a = Engine(2, 9)
    b = Engine(2, 9)
    while not g.result:
        ma = a.think(g)
        mb = b.think(g)
        assert ma == mb
        g.play(ma >> 6, ma & 63)


# A level-3 game against itself (seed 1009 * seed + ply, as bench/bench_engine.py
# plays it), recorded before the playouts moved to a copy of the game and push
# and pop to byte pointers: a change that only makes the engine faster plays it
# again move for move, on both interpreters.
LEVEL3_SEED1 = (
    1561,
    1553,
    1626,
    1098,
    1683,
    1686,
    1685,
    648,
    1559,
    1435,
    1232,
    519,
    1033,
    460,
    653,
    779,
    527,
    1230,
    1108,
    750,
    978,
    1581,
    1516,
    1003,
    1386,
    1776,
    606,
    1026,
    476,
    2948,
    866,
)


def test_a_level3_game_is_played_as_recorded():
    e = Engine(3, 1)
    g = Duel()
    got = []
    while not g.result:
        e.seed(1009 + g.ply)
        mv = e.think(g)
        got.append(mv)
        g.play(mv >> 6, mv & 63)
    assert tuple(got) == LEVEL3_SEED1, got


def test_a_playout_leaves_the_game_as_it_was():
    rng = Rng(4)
    e = Engine(1, 4)
    g = Duel()
    buf = bytearray(600)
    while not g.result:
        state = (bytes(g.cells), bytes(g.im), bytes(g.pm), bytes(g.ctrl), bytes(g.count))
        state += (g.ply, g.to_move, g.result)
        for _ in range(3):
            assert e.playout(g) in (1, 2, 3)
        assert state == (
            bytes(g.cells),
            bytes(g.im),
            bytes(g.pm),
            bytes(g.ctrl),
            bytes(g.count),
            g.ply,
            g.to_move,
            g.result,
        )
        n = legal_moves(g, buf)
        r = rng.below(n)
        g.push(buf[2 * r], buf[2 * r + 1])
    # a finished game is its own result
    assert e.playout(g) == g.result


def test_levels():
    assert len(LEVELS) == MAX_LEVEL + 1 and 1 <= BOARD_LEVELS < MAX_LEVEL
    raises(ValueError, Engine, 0)
    raises(ValueError, Engine, MAX_LEVEL + 1)
    # each level does more work than the one below
    for level in range(2, MAX_LEVEL + 1):
        assert LEVELS[level][0] > LEVELS[level - 1][0]


def test_the_tree_does_not_fill():
    # a level's playouts all deepen its tree: in the middle game the tree
    # still has room when the level's budget is spent (level 6 once filled
    # its tree halfway through its playouts, and played no better than 5)
    if MICROPYTHON:
        skip("the host levels' tables do not fit the test heap")
    g = Duel()
    e = Engine(2, 1)
    while g.ply < 12:
        mv = e.think(g)
        g.play(mv >> 6, mv & 63)
    for level in range(BOARD_LEVELS + 1, MAX_LEVEL + 1):
        e = Engine(level, 1)
        e.depth = 1  # the tree alone
        e.think(g)
        # a node has at most 300 moves: with that much room left, no
        # expansion was ever refused
        assert e.work == LEVELS[level][0] and e.cap - e.used >= 300, (level, e.used, e.cap)


def think_locked(e, g):
    import micropython

    micropython.heap_lock()
    try:
        return e.think(g)
    finally:
        micropython.heap_unlock()


def test_thinking_allocates_nothing():
    # a whole game at every board level with the heap locked
    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    for level in range(1, BOARD_LEVELS + 1):
        e = Engine(level, level)
        g = Duel()
        while not g.result:
            mv = think_locked(e, g)
            g.play(mv >> 6, mv & 63)


def test_the_written_out_tables_are_the_formulas():
    # the engine keeps its square-root tables written out (working them
    # out in floats made loading it long on a Pico), in fireice.engine_tables
    from fireice import engine_tables as engine

    assert len(engine._SQL) == 352 and len(engine._RSQ) == 256
    for x in range(352):
        assert engine._SQL[x] == int(1024 * 0.75 * (x / 16) ** 0.5), x
    assert engine._RSQ[0] == 1024
    for n in range(1, 256):
        assert engine._RSQ[n] == int(1024 / n**0.5), n


def test_the_engine_makes_its_game_and_thinks_without_importing():
    # On a Pico the engine is made and thinks on the second core, where
    # nothing may import: the first core adds and drops modules at any time
    # (docs/versus.md). Its code is loaded before (fireboard.mem.ENGINE_CODE)
    import builtins

    g = Duel()
    seen = []
    real = builtins.__import__

    def spy(name, *args, **kw):
        seen.append(name)
        return real(name, *args, **kw)

    builtins.__import__ = spy
    try:
        e = Engine(1, 0)
        mv = e.think(g)
    finally:
        builtins.__import__ = real
    assert mv is not None
    assert seen == [], seen
