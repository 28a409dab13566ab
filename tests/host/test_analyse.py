"""`fireice analyse` and `fireice replay --ply/--step`: the engine finds the
move that throws away a proven win in real records (tests/host/records:
engine games in which the side that could win at once played a move that
loses at once instead), its text and JSON, a bad file named clearly; and
stepping through a record. Small engine budgets keep it quick."""

import json
import os
import subprocess
import sys

import pytest

from fireice import record
from fireice.duel import Duel
from fireice.notation import parse_move
from fireice_tools import analyse

HERE = os.path.dirname(os.path.abspath(__file__))
RECORDS = os.path.join(HERE, "records")
FIXTURES = os.path.join(os.path.dirname(HERE), "reference", "fixtures")
FIREICE = os.path.join(os.path.dirname(sys.executable), "fireice")
QUICK = ("--level", "3", "--nodes", "60")
# the record, the ply of the move that threw the win away, and how
THROWN = {
    "thrown_win_1.txt": 40,  # the fill hands Fire the game
    "thrown_win_2.txt": 40,  # leaves Fire a win at once
    "thrown_win_3.txt": 40,  # the fill
    "thrown_win_4.txt": 33,  # leaves Ice a win at once
}


def run(*args, stdin=None):
    return subprocess.run([FIREICE, *args], input=stdin, capture_output=True, text=True, timeout=60)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


@pytest.mark.parametrize("name", sorted(THROWN))
def test_the_move_that_throws_away_a_proven_win_is_found(name):
    rec, moves = analyse.load(read(os.path.join(RECORDS, name)))
    report = analyse.analyse(rec, moves, analyse.Analyser(level=3, nodes=60))
    ply = THROWN[name]
    row = report["moves"][ply - 1]
    assert row["ply"] == ply and row["move"] == rec.moves[ply - 1].upper()
    # before: a proven win for the mover (a win at once); after: proven lost
    assert row["proven_before"]["winner"] == row["side"], row
    assert row["before"] == 1.0 and row["after"] == 0.0 and row["loss"] == 1.0
    assert row["mark"] == "blunder" and row["lost_win"], row
    assert row["best"] != row["move"]
    # the engine's move wins at once: play it and see
    g = Duel()
    for text in rec.moves[: ply - 1]:
        g.push(*parse_move(text))
    side = g.to_move
    g.push(*parse_move(row["best"]))
    assert g.result == side
    # no other move threw a proven win away
    assert [r["ply"] for r in report["moves"] if r["lost_win"]] == [ply]
    assert report["summary"][row["side"]]["blunders"] >= 1
    assert report["result"] == rec.get("Result")


def test_text_and_json_of_a_record():
    path = os.path.join(RECORDS, "thrown_win_4.txt")
    p = run("analyse", *QUICK, "--json", path)
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""  # no progress unless asked (not a terminal)
    out = json.loads(p.stdout)
    assert out["level"] == 3 and out["nodes"] == 60 and out["first"] == "fire"
    assert out["result"] == "ice" and len(out["moves"]) == 34
    for k, r in enumerate(out["moves"]):
        assert r["ply"] == k + 1 and r["side"] in ("fire", "ice")
        assert 0 <= r["after"] <= 1 and 0 <= r["before"] <= 1 and r["loss"] >= 0
        assert r["mark"] in (None, "mistake", "blunder")
        if r["mark"] == "mistake":
            assert analyse.MISTAKE <= r["loss"] < analyse.BLUNDER
        if r["best"] == r["move"]:
            assert r["loss"] == 0
    last = out["moves"][-1]
    assert last["proven_after"] == {"winner": "ice", "plies": 0}
    p = run("analyse", *QUICK, "--progress", path)
    assert p.returncode == 0, p.stderr
    assert "analysing: position 35 of 35" in p.stderr
    lines = p.stdout.splitlines()
    row = [ln for ln in lines if ln.split()[:1] == ["33"]][0]
    assert "E1-F1" in row and "BLUNDER" in row and "throws away a proven win" in row
    assert "100%" in row and "0%" in row
    assert "Result: Ice wins" in p.stdout
    assert "Fire: 17 moves" in p.stdout


def test_bad_files_are_named(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "Fire and Ice"]\n1. D4-C4 D4-D5 2. C4-C1 Z9-A1\n', encoding="utf-8")
    p = run("analyse", *QUICK, str(bad))
    assert p.returncode == 1 and p.stdout == ""
    assert "bad.txt: ply 4, Z9-A1: not a hole" in p.stderr, p.stderr
    bad.write_text('[Game "Fire and Ice"]\n1. D4-C4 D4-C4\n', encoding="utf-8")
    p = run("analyse", *QUICK, str(bad))
    assert p.returncode == 1 and "ply 2, D4-C4: C4 is not empty" in p.stderr, p.stderr
    p = run("analyse", *QUICK, os.path.join(FIXTURES, "solitaire_won.txt"))
    assert p.returncode == 1 and "solitaire" in p.stderr
    bad.write_bytes(b"\x89PNG\r\n")
    p = run("analyse", str(bad))
    assert p.returncode == 2 and "not UTF-8 text" in p.stderr
    p = run("analyse", str(tmp_path / "none.txt"))
    assert p.returncode == 2 and "cannot read" in p.stderr and "none.txt" in p.stderr
    bad.write_text("", encoding="utf-8")
    p = run("analyse", str(bad))
    assert p.returncode == 1 and "the record is empty" in p.stderr
    p = run("analyse", "--level", "9", os.path.join(FIXTURES, "fill_win.txt"))
    assert p.returncode == 1 and "level is 1 to 8" in p.stderr


# --- replay, step by step ---------------------------------------------------------------


def position_after(path, n):
    rec = record.parse(read(path))
    g = record.new_game(rec)
    for text in rec.moves[:n]:
        g.push(*parse_move(text))
    return g


def test_replay_shows_the_position_after_any_ply():
    path = os.path.join(FIXTURES, "seed002.txt")
    for n in (0, 5, 31):
        p = run("replay", "--json", "--ply", str(n), path)
        assert p.returncode == 0, p.stderr
        out = json.loads(p.stdout)
        g = position_after(path, n)
        assert out["position"] == g.position() and out["ply"] == n and out["plies"] == 31
        assert out["to_move"] == (None if g.result else ("fire", "ice")[g.to_move - 1])
    assert out["move"] == "E3-B3" and out["by"] == "fire" and out["result"] == "fire"
    p = run("replay", "--ply", "3", path)
    assert p.returncode == 0
    assert p.stdout.startswith("Ply 3 of 31: D4-F4 (Fire)\n")
    assert "Game goes on: Ice to move" in p.stdout
    p = run("replay", "--ply", "-1", "--json", path)
    assert json.loads(p.stdout)["ply"] == 31
    p = run("replay", "--ply", "32", path)
    assert p.returncode == 2 and "the record has 31 moves" in p.stderr


def test_replay_steps_forward_and_back(tmp_path):
    path = os.path.join(FIXTURES, "seed002.txt")
    p = run("replay", "--step", path, stdin="n\n\np\n30\ne\nn\nbogus\ns\nq\n")
    assert p.returncode == 0, p.stderr
    heads = [ln for ln in p.stdout.replace("> ", "\n").splitlines() if ln.startswith("Ply ")]
    assert [h.split(":")[0] for h in heads] == [
        "Ply 0 of 31",
        "Ply 1 of 31",
        "Ply 2 of 31",
        "Ply 1 of 31",
        "Ply 30 of 31",
        "Ply 31 of 31",
        "Ply 0 of 31",
    ]
    assert "(ply 32 is not in the game: 0 to 31)" in p.stdout
    assert "? n (or Enter) next" in p.stdout
    # a record with a bad move steps up to it, then names the error
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "Fire and Ice"]\nD4-C4 D4-C4\n', encoding="utf-8")
    p = run("replay", "--step", str(bad), stdin="e\nn\nq\n")
    assert p.returncode == 1
    assert "Ply 1 of 1: D4-C4 (Fire)" in p.stdout and "(ply 2 is not in the game" in p.stdout
    assert "error: ply 2, D4-C4: C4 is not empty" in p.stderr
