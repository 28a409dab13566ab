"""The native core (fireice_tools._native) against the rules core and the
Python engine: perft, random positions (moves, the fill, control, results,
passes, handicap set-ups), whole random games, the engine's moves, and
malformed input, which must raise, never crash. A fixed seed throughout."""

import os
import random
import re

import pytest

from fireice.danger import win_move
from fireice.duel import Duel
from fireice.engine import Engine
from fireice.engine_opinions import gift, prior
from fireice.geom import LINE_OF, START, TARGETS
from fireice.moves import legal_moves
from fireice.seeded import handicap_position
from fireice_tools import native
from fireice_tools.perft import rules_perft

core = native.core()
pytestmark = pytest.mark.skipif(core is None, reason="the native core is not built")

SEED = 30
BUF = bytearray(600)


def moves_of(g):
    n = legal_moves(g, BUF)
    return sorted(BUF[2 * k] * 64 + BUF[2 * k + 1] for k in range(n))


def random_play(rng, g, plies):
    """Up to plies random moves on g (a Duel); the moves made."""
    made = []
    while len(made) < plies and not g.result:
        n = legal_moves(g, BUF)
        k = rng.randrange(n)
        g.push(BUF[2 * k], BUF[2 * k + 1])
        made.append((BUF[2 * k], BUF[2 * k + 1]))
    return made


def random_position(rng):
    """Pegs of each side (0..25 of them) on random holes, often many."""
    holes = list(range(49))
    rng.shuffle(holes)
    fire = rng.choice((rng.randint(0, 25), rng.randint(18, 25), 25))
    ice = min(rng.choice((rng.randint(0, 25), rng.randint(18, 25), 25)), 49 - fire)
    cells = ["-"] * 49
    for h in holes[:fire]:
        cells[h] = "#"
    for h in holes[fire : fire + ice]:
        cells[h] = "O"
    return "".join(cells)


def same_state(g, b):
    """The rules core's Duel g and the native Board b agree on everything."""
    assert b.position() == g.position()
    assert (b.to_move, b.result) == (g.to_move, g.result)
    for s in (1, 2):
        assert b.control(s) == g.ctrl[s] == g.control(s)
        assert b.count(s) == g.count[s]
        assert b.can_move(s) == g.can_move(s)
    assert b.moves() == moves_of(g)
    s = g.to_move
    if s:
        assert b.win_move(s) == win_move(g, s)
        for m in b.moves():
            frm, to = m >> 6, m & 63
            assert b.gift(frm, 3 - s) == gift(g, frm, 3 - s)
            for fill in (True, False):
                assert b.prior(frm, to, s, fill) == prior(g, frm, to, s, fill)


def test_tables():
    assert core.LINE_OF == LINE_OF
    assert core.TARGETS == TARGETS


def test_perft_start_to_depth_5():
    b = core.Board()
    g = Duel()
    for d in range(6):
        assert b.perft(d) == rules_perft(g, d), d
    assert [b.perft(d) for d in range(1, 4)] == [12, 132, 2712]


def test_perft_depth_3_from_middle_games():
    rng = random.Random(SEED)
    checked = 0
    while checked < 100:
        g = Duel()
        random_play(rng, g, rng.randint(8, 24))
        if g.result:
            continue
        b = core.Board(g.position(), g.to_move)
        assert b.perft(3) == rules_perft(g, 3), g.position()
        checked += 1


def test_perft_counts_ended_games_and_passes():
    # a finished game: only depth 0 counts
    rng = random.Random(SEED + 1)
    g = Duel()
    made = random_play(rng, g, 60)
    assert g.result
    b = core.Board()
    for frm, to in made:
        b.push(frm, to)
    assert b.result == g.result
    assert [b.perft(d) for d in range(3)] == [1, 0, 0]


def test_random_positions():
    rng = random.Random(SEED)
    kinds = set()
    for _ in range(4000):
        pos = random_position(rng)
        side = rng.choice((1, 2))
        g = Duel(pos, side)
        b = core.Board(pos, side)
        same_state(g, b)
        kinds.add((g.result, g.to_move == side))
        # a move, and the fill, compared again
        if g.to_move:
            m = rng.choice(b.moves())
            g.push(m >> 6, m & 63)
            b.push(m >> 6, m & 63)
            same_state(g, b)
            b.pop()
            g.pop()
            same_state(g, b)
    # decided positions, draws, forced passes and ordinary turns all came up
    assert {(1, False), (2, False), (0, True), (0, False)} <= kinds
    assert any(r == 3 for r, _ in kinds)


def test_supply_decides_passes():
    # Ice's 25 pegs are all on the board: Fire has no fill, so Ice moves
    rng = random.Random(SEED)
    seen = 0
    for _ in range(2000):
        pos = random_position(rng)
        if pos.count("O") != 25:
            continue
        g = Duel(pos, 1)
        b = core.Board(pos, 1)
        same_state(g, b)
        assert not b.can_move(1)
        seen += 1
    assert seen > 50


def test_handicap_setups():
    for h in range(1, 7):
        for side in (1, 2):
            for seed in range(40):
                pos = handicap_position(h, side, seed)
                for first in (1, 2):
                    g = Duel(pos, first)
                    b = core.Board(pos, first)
                    same_state(g, b)
                    assert b.perft(2) == rules_perft(g, 2)


def test_whole_random_games():
    rng = random.Random(SEED)
    results = set()
    for _ in range(300):
        g = Duel()
        b = core.Board()
        while not g.result:
            m = rng.choice(b.moves())
            assert m in moves_of(g)
            g.push(m >> 6, m & 63)
            b.push(m >> 6, m & 63)
            assert (b.to_move, b.result, b.position()) == (g.to_move, g.result, g.position())
        assert b.moves() == []
        results.add(g.result)
    assert results == {1, 2}


@pytest.mark.parametrize("level", [1, 2, 3])
def test_engine_plays_the_python_engines_moves(level):
    # the same search: move, win chance, proof, work and line, move by move
    rng = random.Random(SEED + level)
    py = Engine(level, 1)
    nat = native.NativeEngine(level, 1)
    for _ in range(2):
        g = Duel()
        while not g.result:
            seed = rng.randrange(10**6)
            py.seed(seed)
            nat.seed(seed)
            a = py.think(g)
            b = nat.think(g)
            want = (a, py.score, py.proven, py.mate, py.work, tuple(py.pv[: py.pv_len]))
            assert (b, nat.score, nat.proven, nat.mate, nat.work, nat.pv) == want, g.position()
            random_play(rng, g, 1)


def test_engine_level_4_and_5_positions():
    rng = random.Random(SEED)
    for level in (4, 5):
        py = Engine(level, 1)
        nat = native.NativeEngine(level, 1)
        for _ in range(2):
            g = Duel()
            random_play(rng, g, rng.randint(6, 20))
            if g.result:
                continue
            a = py.think(g, 1500)
            b = nat.think(g, 1500)
            assert (b, nat.score, nat.proven, nat.mate, nat.work) == (
                a,
                py.score,
                py.proven,
                py.mate,
                py.work,
            )
            assert nat.prove(g, 5, 20000) == py.prove(g, 5, 20000)
            assert nat.proof_nodes == py.proof_nodes


def test_threads_and_stop():
    rng = random.Random(SEED)
    g = Duel()
    random_play(rng, g, 10)
    e = native.NativeEngine(6, 1, threads=2)
    mv = e.think(g, 4000)
    assert mv in moves_of(g)
    assert e.work >= 4000
    e.stop = True
    e.think(g, 10**6)
    assert e.work < 10**6  # a stopped search ends at once
    e.stop = False


def test_playouts_end_in_a_result():
    e = native.NativeEngine(1, 1)
    r = e.playouts_from(Duel(), 2000)
    assert r[0] == 0 and r[1] + r[2] + r[3] == 2000 and r[1] > 500 and r[2] > 500


def test_malformed_input_raises():
    with pytest.raises(ValueError):
        core.Board("x" * 49)
    with pytest.raises(ValueError):
        core.Board("#" * 26 + "-" * 23)
    with pytest.raises(ValueError):
        core.Board(START, 3)
    b = core.Board()
    with pytest.raises(ValueError):
        b.push(24, 24)
    with pytest.raises(ValueError):
        b.push(0, 1)  # no peg there
    with pytest.raises(ValueError):
        b.push(99, 1)
    with pytest.raises(ValueError):
        b.pop()
    with pytest.raises(ValueError):
        b.perft(-1)
    e = native.NativeEngine(1, 1)
    g = Duel()
    good = native._state(g)
    bad = [
        (bytes(48),) + good[1:],  # short cells
        (bytes([3] * 49),) + good[1:],  # a hole holding 3
        good[:1] + (bytes(50),) + good[2:],  # peg lists that do not match
        good[:2] + (2,) + good[3:],  # counts that do not match
        good[:4] + (2,) + good[5:],  # Ice to move at the start: it has no peg
        good[:4] + (0, 1) + good[6:],  # a result nobody reached
        good[:6] + (99,),  # ply out of range
    ]
    for state in bad:
        with pytest.raises(ValueError):
            e._e.think(*state, 10, 0, 1)
    with pytest.raises(ValueError):
        e._e.think(*good, 10, 0, 0)  # no threads
    with pytest.raises(ValueError):
        core.Engine.__new__(core.Engine).think(*good, 10, 0, 1)
    with pytest.raises(ValueError):
        core.Engine(1, 1, 1, 99, 100, 1)  # proofs too deep
    # random bytes never crash the core: they are refused or searched
    rng = random.Random(SEED)
    for _ in range(3000):
        cells = bytes(rng.choice((0, 0, 1, 2, 3)) for _ in range(49))
        pegs = bytes(rng.randrange(60) for _ in range(50))
        args = (cells, pegs, rng.randrange(27), rng.randrange(27), rng.randrange(4))
        try:
            e._e.think(*args, rng.randrange(4), rng.randrange(3), 5, 0, 1)
        except ValueError:
            pass


def test_fallback_is_said_once(capsys, monkeypatch):
    monkeypatch.setattr(native, "_native", None)
    monkeypatch.setattr(native, "_said", [])
    a = native.host_engine(2, 1)
    b = native.host_engine(7, 1)
    assert type(a) is Engine and isinstance(b, native.PythonHostEngine)
    assert b.playouts == native.HOST_LEVELS[7][0]
    err = capsys.readouterr().err
    assert err.count("native core is not built") == 1


def test_fie_threads_option():
    import io

    from fireice_tools.engine import Server

    out = io.StringIO()
    s = Server(out, level=4)
    for line in (
        "fie",
        "setoption name Threads value 2",
        "position startpos moves D4-C4",
        "go nodes 3000",
        "setoption name Threads value 0",
        "setoption name Threads value 1",
        "go nodes 3000",
    ):
        s.handle(line)
    lines = out.getvalue().splitlines()
    assert "option name Threads type spin default 1 min 1 max 64" in lines
    assert "option name Level type spin default 4 min 1 max %d" % native.HOST_MAX_LEVEL in lines
    best = [x for x in lines if x.startswith("bestmove ")]
    assert len(best) == 2 and all(b != "bestmove none" for b in best)
    assert any(x.startswith("error setoption: Threads is 1 to 64") for x in lines)
    # one thread: the Python engine's answer, word for word but the time
    py = io.StringIO()
    srv = Server(py, player=Engine(4, 1), level=4)
    srv.handle("position startpos moves D4-C4")
    srv.handle("go nodes 3000")
    nat = io.StringIO()
    srv = Server(nat, level=4)
    srv.handle("position startpos moves D4-C4")
    srv.handle("go nodes 3000")

    def untimed(text):
        return re.sub(r" time \d+", "", text)

    assert "pv " in nat.getvalue()
    assert untimed(nat.getvalue()) == untimed(py.getvalue())


@pytest.mark.skipif(
    bool(os.environ.get("FIREICE_NATIVE")),
    reason="another build: AddressSanitizer keeps freed memory in quarantine",
)
def test_engines_free_their_trees():
    def rss_kb():
        with open("/proc/self/status") as f:
            return int(next(x for x in f if x.startswith("VmRSS:")).split()[1])

    g = Duel()
    random_play(random.Random(SEED), g, 8)
    for _ in range(10):
        native.NativeEngine(4, 1, threads=2).think(g, 300)
    before = rss_kb()
    for _ in range(200):  # 0.7 MB of trees each: a leak would show
        native.NativeEngine(4, 1, threads=2).think(g, 300)
    assert rss_kb() - before < 20000


def exact(g, d):
    """The reference of the native solver: the side to move's result within
    d plies (1 win, -1 loss, 0 draw, None undecided), by trying everything."""
    s = g.to_move
    buf = bytearray(600)
    undecided = draw = False
    for k in range(legal_moves(g, buf)):
        g.push(buf[2 * k], buf[2 * k + 1])
        if g.result:
            v = 1 if g.result == s else 0 if g.result == 3 else -1
        elif d == 1:
            v = None
        else:
            v = exact(g, d - 1)
            if v is not None and g.to_move != s:
                v = -v
        g.pop()
        if v == 1:
            return 1
        if v is None:
            undecided = True
        elif v == 0:
            draw = True
    return None if undecided else 0 if draw else -1


def test_solver_agrees_with_trying_everything():
    rng = random.Random(SEED)
    e = native.NativeEngine(7, 1)
    decided = checked = 0
    while checked < 40:
        g = Duel()
        random_play(rng, g, rng.randint(14, 44))
        if g.result:
            continue
        d = rng.randint(1, 3 if g.ply >= 34 else 2)
        v, plies, mv, _ = e.solve(g, d)
        assert v == exact(g, d), (g.position(), g.to_move, d)
        if v is not None:
            decided += 1
            assert exact(g, plies) == v  # decided at the first depth that does
            if v == 1:
                g.push(mv >> 6, mv & 63)  # the move it gives wins
                assert g.result == g.to_move or exact(g, plies - 1) is not None
                g.pop()
        checked += 1
    assert decided > 5


def test_engine_without_the_core_says_so_once():
    import subprocess
    import sys

    env = dict(os.environ, FIREICE_NATIVE="none")
    cmd = [sys.executable, "-m", "fireice_tools.cli", "engine", "--level", "2"]
    lines = "position startpos\ngo nodes 20\nsetoption name Level value 3\ngo nodes 20\nquit\n"
    p = subprocess.run(cmd, input=lines, capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 0
    assert p.stdout.count("bestmove D4-") == 2
    assert p.stderr.count("native core is not built") == 1


def test_perft_command(capsys):
    from fireice_tools import cli

    assert cli.main(["perft", "3", "--check"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "perft 1: 12  rules core: 12 ok",
        "perft 2: 132  rules core: 132 ok",
        "perft 3: 2712  rules core: 2712 ok",
    ]
    pos = "." * 23 + "#O" + "." * 24
    assert cli.main(["perft", "2", pos, "ice"]) == 0
    assert capsys.readouterr().out.splitlines() == ["perft 1: 11", "perft 2: 226"]
    assert cli.main(["perft", "2", "x" * 49]) == 2
    assert "position character 1" in capsys.readouterr().err
