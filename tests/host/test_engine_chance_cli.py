"""The engine's win chance as a protocol client gets it: a whole game's
script piped into `fireice engine` (with `quit` at its end) gets a real
estimate for every position, not 0.500 throughout."""

import os
import subprocess
import sys

from fireice import record

HERE = os.path.dirname(os.path.abspath(__file__))
FIREICE = os.path.join(os.path.dirname(sys.executable), "fireice")
GAME = os.path.join(HERE, "records", "thrown_win_4.txt")


def game_moves(plies):
    with open(GAME, encoding="utf-8") as f:
        return record.parse(f.read()).moves[:plies]


def test_a_piped_game_gets_a_chance_for_every_position():
    moves = game_moves(12)
    lines = ["fie"]
    for k in range(len(moves) + 1):
        lines.append("position startpos" + (" moves " + " ".join(moves[:k]) if k else ""))
        lines.append("go level 3")
    lines.append("quit")
    p = subprocess.run(
        [FIREICE, "engine"],
        input="".join(x + "\n" for x in lines),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    infos = [x for x in p.stdout.splitlines() if x.startswith("info ")]
    assert len(infos) == len(moves) + 1, p.stdout
    chances = [float(x.split()[3]) for x in infos if x.split()[2] == "chance"]
    assert len(chances) >= 10, infos
    # the level's own search (60 playouts) ran: nodes are counted in full
    assert all(int(x.split()[x.split().index("nodes") + 1]) >= 60 for x in infos), infos
    assert len(set(chances)) >= 5, chances
    assert all(0 < c < 1 for c in chances), chances
