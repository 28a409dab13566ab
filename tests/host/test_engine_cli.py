"""fireice engine (both protocols) and fireice match (the referee), with
deliberately broken bots and the awk example bot."""

import math
import os
import shutil
import subprocess
import sys

import pytest

from fireice import record
from fireice.duel import Duel
from fireice.notation import parse_move
from fireice_tools import match

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIREICE = os.path.join(os.path.dirname(sys.executable), "fireice")
BADBOT = os.path.join(ROOT, "tests", "host", "bots", "badbot.py")
START = "-" * 24 + "#" + "-" * 24


def engine(lines, *args):
    p = subprocess.run(
        [FIREICE, "engine", *args],
        input="".join(x + "\n" for x in lines),
        capture_output=True,
        text=True,
        timeout=60,
    )
    return p.stdout.splitlines()


def test_handshake_options_and_readiness():
    out = engine(["fie", "isready", "quit"], "--level", "2")
    assert out[0] == "id name fireice-engine"
    assert out[1].startswith("id version ")
    assert "option name Level type spin default 2 min 1 max 8" in out
    assert out[-2:] == ["fieok", "readyok"]


def test_go_gives_a_legal_move_with_info_and_moves_in_any_case():
    out = engine(["position startpos moves d4-c4 D4-d5", "go nodes 20", "quit"], "--level", "2")
    assert out[0].startswith("info score ") and " nodes " in out[0] and " pv " in out[0]
    assert out[1].startswith("bestmove ")
    g = Duel()
    g.play_str("D4-C4")
    g.play_str("D4-D5")
    frm, to = parse_move(out[1].split()[1])
    assert g.check(frm, to) is None


def test_position_duel_and_a_won_game():
    # Fire to move holds A, B (lines 1-2-5) and wins by G5-E5 (line A-B-E)
    pos = list("-" * 49)
    for h in (0, 1, 4, 7, 8, 11, 28, 29, 46):  # A1 A2 A5 B1 B2 B5 E1 E2 G5
        pos[h] = "#"
    for h in (2, 3, 9, 10, 14, 15, 16):
        pos[h] = "O"
    pos = "".join(pos)
    out = engine(["position duel %s fire" % pos, "go", "quit"], "--level", "1")
    assert out[0].startswith("info score win 1")
    assert out[1] == "bestmove G5-E5"
    # after the winning move the game is over: bestmove none
    mv = out[1].split()[1]
    out = engine(["position duel %s FIRE moves %s" % (pos, mv), "go"], "--level", "1")
    assert out == ["bestmove none"]


def test_bad_lines_get_one_error_each_and_the_engine_goes_on():
    bad = [
        "hello",
        "position",
        "position duel ####",
        "position duel %s water" % START,
        "position startpos moves D4-C4 D4-C4",
        "position startpos moves E1-E2",
        "position startpos moves D4C4",
        "setoption name Level value 99",
        "setoption name Colour value 1",
        "setoption name Level",
        "go nodes",
        "go level 0",
        "go depth 3",
    ]
    out = engine(bad + ["position startpos", "go nodes 5", "quit"], "--level", "1")
    assert len(out) == len(bad) + 2
    for line in out[: len(bad)]:
        assert line.startswith("error ")
    assert "not 99" in out[7] and "Colour" in out[8]
    assert out[-1].startswith("bestmove ")
    # the bad position lines kept the previous one (the start): Fire's move
    assert out[-1].split()[1].startswith("D4-")


def test_setoption_level_and_seed_give_the_same_move_again():
    lines = ["setoption name Level value 2", "setoption name Seed value 7"]
    lines += ["position startpos moves D4-C4", "go"] * 2
    out = engine(lines)
    moves = [x for x in out if x.startswith("bestmove")]
    assert len(moves) == 2 and moves[0] == moves[1]


def test_simple_protocol_plays_both_sides():
    out = engine(["fire"], "--simple", "--level", "1")
    assert len(out) == 1 and out[0].startswith("D4-")
    # ice, after an opening and Fire's move: one move per line received
    out = engine(["ice D4-C4 D4-D5 C4-C1", "C1-C2"], "--simple", "--level", "1")
    assert len(out) == 2
    g = Duel()
    for m in ["D4-C4", "D4-D5", "C4-C1", out[0], "C1-C2"]:
        g.play_str(m)
    assert g.check(*parse_move(out[1])) is None
    out = engine(["2 D4-C4"], "--simple", "--level", "1")
    assert len(out) == 1 and out[0].startswith("D4-")
    out = engine(["water"], "--simple")
    assert out[0].startswith("error ")


def player(mode=None, level=None, name=None):
    if mode:
        return match.Player("%s %s %s" % (sys.executable, BADBOT, mode), name=name or mode)
    return match.Player("%s engine --level %d" % (FIREICE, level), name=name or "L%d" % level)


@pytest.mark.parametrize(
    "mode,reason",
    [
        ("late", "late: no bestmove within the time limit"),
        ("illegal", "illegal: A1-A2: A1 is empty"),
        ("garbage", "illegal: not a move: 'hello'"),
        ("hog", "memory: over 20 MB of resident memory"),
        ("exit", "the bot exited"),
    ],
)
def test_a_broken_bot_loses_with_its_reason(tmp_path, mode, reason):
    done = match.run_match(player(mode), player(level=1), 2, 0.6, 20, str(tmp_path))
    assert [gm["result"] for gm in done] == [2, 1]  # the bot lost as Fire and as Ice
    for gm in done:
        assert reason in gm["termination"], gm["termination"]
        assert gm["record"].get("Winner") == ("ice", "fire")[gm["a_side"] - 1]
    # the records are written and replay (the forfeit has no Result tag)
    names = sorted(os.listdir(tmp_path))
    assert names == ["game001.txt", "game002.txt"]
    for n in names:
        rec = record.parse(open(tmp_path / n).read())
        assert rec.get("Termination") and rec.get("Result") is None
        game = record.new_game(rec)
        _, err = record.replay(rec, game)
        assert err is None


def test_the_good_control_bot_finishes_its_games(tmp_path):
    done = match.run_match(player("good"), player(level=1), 2, 2.0, 20, str(tmp_path))
    for gm in done:
        assert gm["termination"] == "normal"
        assert gm["record"].get("Result") in ("fire", "ice", "draw")


def test_match_command_prints_score_elo_and_sprt(tmp_path):
    p = subprocess.run(
        [
            FIREICE,
            "match",
            "%s engine --level 2" % FIREICE,
            "%s engine --level 1" % FIREICE,
            "--games",
            "4",
            "--records",
            str(tmp_path),
            "--sprt",
            "0,100",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert out.count("game ") >= 4 and "game 4/4:" in out
    assert "games: 4" in out and "score: A " in out and "elo: " in out
    assert "sprt: elo0 0 elo1 100 llr " in out and "verdict " in out
    assert len(os.listdir(tmp_path)) == 4
    bad = subprocess.run(
        [FIREICE, "match", "a", "b", "--games", "3"], capture_output=True, text=True, timeout=30
    )
    assert bad.returncode == 2 and "even" in bad.stderr


def test_simple_protocol_through_the_referee(tmp_path):
    a = match.Player("%s engine --simple --level 1" % FIREICE, "simple", name="simple")
    done = match.run_match(a, player(level=1), 2, 2.0, 20, str(tmp_path))
    for gm in done:
        assert gm["termination"] == "normal"


def test_the_awk_example_bot_plays_a_whole_match(tmp_path):
    awk = shutil.which("awk")
    if not awk:
        pytest.skip("no awk")
    flags = " -W interactive" if "mawk" in os.path.realpath(awk) else ""
    bot = match.Player(
        "%s%s -f %s" % (awk, flags, os.path.join(ROOT, "examples", "bot.awk")), name="awkbot"
    )
    done = match.run_match(bot, player(level=1), 4, 2.0, 20, str(tmp_path))
    assert len(done) == 4
    for gm in done:
        assert gm["termination"] == "normal", gm["termination"]
        assert len(gm["record"].moves) > 4


def test_elo_and_sprt_figures():
    assert match.elo(0.5) == 0
    assert abs(match.elo(0.75) - 190.85) < 0.1
    e, lo, hi = match.elo_interval([1, 0] * 50)
    assert e == 0 and lo < -60 and hi > 60 and math.isclose(lo, -hi)
    e, lo, hi = match.elo_interval([1.0] * 20)  # all won: a finite lower bound
    assert 200 < lo < 700 and hi > 2000
    assert match.sprt([1.0] * 60 + [0.0] * 10, 0, 50)[3] == "H1"
    assert match.sprt([0.0] * 60 + [1.0] * 10, 0, 50)[3] == "H0"
    assert match.sprt([1.0, 0.0] * 3, 0, 50)[3] == "continue"


def test_openings_are_distinct_and_playable():
    ops = match.openings(50)
    assert len({tuple(m) for _, m in ops}) == 50
    for setup, moves in ops:
        g = Duel(setup, 1)
        for m in moves:
            g.play_str(m)
        assert not g.result


def test_stop_ends_a_long_search():
    import time

    p = subprocess.Popen(
        [FIREICE, "engine", "--level", "6"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    p.stdin.write("position startpos\ngo nodes 100000000\n")
    p.stdin.flush()
    time.sleep(1.0)
    t = time.perf_counter()
    p.stdin.write("stop\n")
    p.stdin.flush()
    info = p.stdout.readline()
    best = p.stdout.readline()
    assert time.perf_counter() - t < 5
    assert info.startswith("info ") and best.startswith("bestmove D4-")
    p.stdin.write("quit\n")
    p.stdin.flush()
    assert p.wait(timeout=10) == 0


def test_the_baseline_speaks_fie():
    p = subprocess.run(
        [sys.executable, os.path.join(ROOT, "bench", "baseline.py"), "--playouts", "50"],
        input="fie\nposition startpos moves D4-C4\ngo\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    out = p.stdout.splitlines()
    assert "fieok" in out and out[-1].startswith("bestmove ")
    g = Duel()
    g.play_str("D4-C4")
    assert g.check(*parse_move(out[-1].split()[1])) is None


def test_help_of_both_commands():
    for cmd in ("engine", "match"):
        p = subprocess.run([FIREICE, cmd, "--help"], capture_output=True, text=True, timeout=30)
        assert p.returncode == 0 and "usage: fireice " + cmd in p.stdout, p.stderr
