"""`fireice play --vs SIDE --level N`: a game on the terminal against the
engine, with hints, played to its end by following the hints."""

import datetime
import os
import subprocess
import sys

from fireice import record
from fireice_tools import play

FIREICE = os.path.join(os.path.dirname(sys.executable), "fireice")
WHEN = datetime.datetime(2026, 11, 23, 18, 5, 9)


def test_a_whole_game_against_the_engine_by_its_hints(monkeypatch):
    monkeypatch.setattr(play, "HINT_LEVEL", 3)  # quick hints for the test
    out = []
    s = play.Session(seed=4, out=out.append, clock=lambda: WHEN, vs=2, level=1)
    n = 0
    while not s.game.result:
        assert s.game.to_move == 1  # the engine answered every move
        s.command("hint")
        assert out[-1].startswith("hint: "), out[-1]
        move = out[-1].split()[1]
        s.command(move)
        n += 1
        assert n < 30
        if n == 3:
            # undo takes back your move and the engine's answer
            moves = list(s.record.moves)
            s.command("undo")
            assert s.record.moves == moves[:-2] and s.game.to_move == 1
            s.command(move)
            assert s.record.moves == moves
    assert s.hints == n
    text = record.format(s.record)
    rec = record.parse(text)
    assert rec.get("Ice") == "engine level 1" and rec.get("Fire") is None
    game, err = record.replay(rec)
    assert err is None and game.result == s.game.result
    plays = [line for line in out if line.startswith("Ice (the engine, level 1) plays ")]
    assert len(plays) == len(rec.moves) - n + 1  # its answer to the move played again
    # the hints (level 3) beat level 1
    assert rec.get("Result") == "fire", text


def test_the_engine_moves_first_and_undo_gives_the_turn_back():
    p = subprocess.run(
        [FIREICE, "play", "--vs", "fire", "--level", "2", "--seed", "1"],
        input="moves\nundo\nrecord\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert p.returncode == 0, p.stderr
    assert "The engine plays Fire at level 2." in p.stdout
    assert "Fire (the engine, level 2) plays " in p.stdout
    assert "ice> moves" in p.stdout
    # nothing of the player's to take back: the engine plays its move again
    first = p.stdout.split("Fire (the engine, level 2) plays ")[1].split()[0]
    assert p.stdout.count("Fire (the engine, level 2) plays " + first) == 2
    assert "(no move of yours to take back)" in p.stdout
    assert '[Fire "engine level 2"]' in p.stdout
    assert first in p.stdout.split('[Fire "engine level 2"]')[1]
    p = subprocess.run(
        [FIREICE, "play", "--vs", "ice", "--solitaire"], capture_output=True, text=True
    )
    assert p.returncode == 2 and "--vs is for the two-player game" in p.stderr
    p = subprocess.run(
        [FIREICE, "play", "--vs", "ice", "--level", "7"], capture_output=True, text=True
    )
    assert p.returncode == 2 and "--level is 1 to 6" in p.stderr
