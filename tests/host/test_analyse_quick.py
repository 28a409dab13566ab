"""`fireice analyse --quick` (level 4, as the page's analysis) and the marks
of a game with clear swings: level 4 against the beginner's level 1, whose
lead is thrown away from ply 18 on (tests/host/records)."""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIREICE = os.path.join(os.path.dirname(sys.executable), "fireice")
SWINGS = os.path.join(HERE, "records", "swings_level4_vs_level1.txt")


def analyse(*args):
    return subprocess.run([FIREICE, "analyse", *args], capture_output=True, text=True, timeout=600)


def test_quick_is_level_4_and_the_default_level_5():
    p = analyse("--quick", "--nodes", "30", "--json", SWINGS)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["level"] == 4
    p = analyse("--nodes", "30", "--json", SWINGS)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["level"] == 5
    p = analyse("--quick", "--level", "3", SWINGS)
    assert p.returncode == 2 and "--quick is level 4" in p.stderr, p.stderr


def test_a_game_with_clear_swings_has_its_mistakes_marked():
    p = analyse("--quick", "--json", SWINGS)
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout)
    marks = {r["ply"]: r["mark"] for r in report["moves"] if r["mark"]}
    ice = report["summary"]["ice"]
    fire = report["summary"]["fire"]
    # the beginner's side: at least three marked moves, one of them the
    # blunder of ply 26 (after it Fire wins by force)
    assert ice["mistakes"] + ice["blunders"] >= 3, marks
    assert marks.get(26) == "blunder", marks
    # the stronger side's moves are not marked
    assert fire["mistakes"] + fire["blunders"] <= 1, marks
    # the chance follows the game: Ice's rises past Fire's before it falls
    ice_rows = [r for r in report["moves"] if r["side"] == "ice"]
    assert max(r["before"] for r in ice_rows) >= 0.75
