import json
import os
import subprocess
import sys

import pytest

from fireice_tools import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "reference", "fixtures")
FIREICE = os.path.join(os.path.dirname(sys.executable), "fireice")
SEED000 = "OOO#O#O###OO#-#OO##O#-#OOO--OO--######O-O#-###OOO"


def run(*args, stdin=None):
    return subprocess.run([FIREICE, *args], input=stdin, capture_output=True, text=True, timeout=60)


def test_replay_json_of_the_seed_000_game():
    p = run("replay", "--json", os.path.join(FIXTURES, "seed000.txt"))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out == {
        "result": "ice",
        "position": SEED000,
        "control": {"fire": "BEF", "ice": "ACDG"},
        "to_move": None,
        "error": None,
    }


def test_replay_text_of_the_seed_002_game():
    p = run("replay", os.path.join(FIXTURES, "seed002.txt"))
    assert p.returncode == 0, p.stderr
    assert "Result: Fire wins on islands BCF" in p.stdout
    assert "FIRE #:" in p.stdout and "ICE O:" in p.stdout
    lines = p.stdout.splitlines()
    assert any(line.startswith("Fire controls: ") and "B" in line for line in lines)


def test_replay_from_standard_input_and_illegal_move():
    p = run("replay", "-", stdin="D4-C4 D4-D5 C4-C1 D4-D2\n")
    assert p.returncode == 1
    assert "error: ply 4, D4-D2: D4 holds a fire peg and ice is to move" in p.stderr
    assert "Game goes on: Ice to move" in p.stdout
    p = run("replay", "--json", "-", stdin="D4-C4 D4-D5 C4-C1 D4-D2\n")
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["error"]["ply"] == 4 and out["error"]["move"] == "D4-D2"
    assert out["to_move"] == "ice" and out["result"] is None


def test_replay_header_error_and_missing_file(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text('[Mode "chess"]\nD4-C4\n')
    p = run("replay", "--json", str(bad))
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["error"]["ply"] is None and "chess" in out["error"]["reason"]
    p = run("replay", str(tmp_path / "nothing.txt"))
    assert p.returncode == 2 and "cannot read" in p.stderr


def test_show_draws_a_position():
    p = run("show", SEED000)
    assert p.returncode == 0
    assert p.stdout.count("#") == 21 + 1 and p.stdout.count("O") == 20 + 1  # + the key
    p = run("show", "xyz")
    assert p.returncode == 1 and "49 characters" in p.stderr


def test_play_on_the_terminal():
    script = "D4-C4\nZ9-A1\nmoves\nundo\nundo\nD4-D7\nrecord\nquit\n"
    p = run("play", "--seed", "1", stdin=script)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "not played: not a hole: 'Z9'" in out
    assert "ice> moves" in out and "D4-A4" in out
    assert "nothing to take back" in out
    assert '[Mode "duel"]\n\nD4-D7' in out


def test_play_solitaire_and_handicap():
    p = run("play", "--solitaire", "--seed", "3", stdin="moves\nquit\n")
    assert p.returncode == 0 and "Either colour may start." in p.stdout
    p = run("play", "--handicap", "3", "--side", "ice", "--seed", "3", stdin="record\n")
    assert '[Handicap "3"]' in p.stdout and '[HandicapSide "ice"]' in p.stdout
    p = run("play", "--handicap", "9", stdin="")
    assert p.returncode == 2


def test_main_in_process(capsys):
    assert cli.main(["replay", "--json", os.path.join(FIXTURES, "seed000.txt")]) == 0
    assert json.loads(capsys.readouterr().out)["result"] == "ice"
    with pytest.raises(SystemExit):
        cli.main(["frobnicate"])
