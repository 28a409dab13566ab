# fireice solve and fireice deal, and the big checks of the solver on the
# host: deals replayed to a win by their lines on thousands of seeds.
import json
import os
import subprocess
import sys

from fireice.seeded import deal
from fireice.solo import Solitaire
from fireice.solver import GRADES, WON, Solver, grade_deal

FIREICE = os.path.join(os.path.dirname(sys.executable), "fireice")


def run(*args, stdin=None):
    return subprocess.run(
        [FIREICE, *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def wins(position, to_move, names):
    g = Solitaire(position, to_move)
    for m in names:
        g.play_str(m)
    return g.result == 4


def test_solve_json_of_a_deal():
    p = run("solve", "--json", "--", deal(7))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert sorted(out) == ["line", "ms", "nodes", "position", "to_move", "winnable"]
    assert out["position"] == deal(7) and out["to_move"] is None and out["winnable"] is True
    assert len(out["line"]) == 27 and out["nodes"] >= 27 and out["ms"] >= 0
    assert wins(deal(7), 0, out["line"])


def test_solve_cannot_be_won_and_unknown():
    apart = "#" + "-" * 7 + "O" + "-" * 40  # A1 and B2: no shared line
    out = json.loads(run("solve", "--json", apart).stdout)
    assert out["winnable"] is False and out["line"] == []
    p = run("solve", apart)
    assert "Cannot be won" in p.stdout and "nodes" in p.stdout
    out = json.loads(run("solve", "--json", "--budget", "3", "--", deal(1)).stdout)
    assert out["winnable"] is None and out["nodes"] == 3
    out = json.loads(run("solve", "--json", "--to-move", "ice", "##O" + "-" * 46).stdout)
    assert out["to_move"] == "ice" and out["winnable"] is True and len(out["line"]) == 2
    assert wins("##O" + "-" * 46, 2, out["line"])
    out = json.loads(run("solve", "--json", "--to-move", "fire", "##O" + "-" * 46).stdout)
    assert out["winnable"] is False


def test_solve_a_record_file_from_where_it_ends(tmp_path):
    pos = deal(3)
    line = json.loads(run("solve", "--json", "--", pos).stdout)["line"]
    rec = tmp_path / "g.txt"
    rec.write_text('[Mode "solitaire"]\n[Setup "%s"]\n%s\n' % (pos, " ".join(line[:5])))
    out = json.loads(run("solve", "--json", str(rec)).stdout)
    assert out["winnable"] is True and len(out["line"]) == 22
    g = Solitaire(pos)
    for m in line[:5]:
        g.play_str(m)
    assert out["position"] == g.position() and out["to_move"] == ("fire", "ice")[g.to_move - 1]
    assert wins(g.position(), g.to_move, out["line"])
    (tmp_path / "p.txt").write_text(pos + "\n")
    assert json.loads(run("solve", "--json", str(tmp_path / "p.txt")).stdout)["winnable"] is True


def test_solve_bad_input_says_what_is_wrong(tmp_path):
    p = run("solve", "#O-")
    assert p.returncode == 1 and "neither a 49-character position" in p.stderr
    p = run("solve", "--", "x" * 49)
    assert p.returncode == 1 and "not one of # O -" in p.stderr
    duel = tmp_path / "d.txt"
    duel.write_text('[Mode "duel"]\n1. D4-C4\n')
    p = run("solve", str(duel))
    assert p.returncode == 1 and "duel" in p.stderr
    p = run("solve", "--budget", "-1", "--", deal(1))
    assert p.returncode == 1 and "--budget" in p.stderr


def test_deal_json_is_seeded_and_won_by_its_line():
    for grade in GRADES:
        p = run("deal", "--grade", grade, "--seed", "12", "--json")
        assert p.returncode == 0, p.stderr
        out = json.loads(p.stdout)
        assert sorted(out) == ["grade", "line", "position", "seed"]
        assert out["seed"] == 12 and out["grade"] == grade
        assert run("deal", "--grade", grade, "--seed", "12", "--json").stdout == p.stdout
        if grade == "any":
            assert out["position"] == deal(12)
        assert wins(out["position"], 0, out["line"])
    p = run("deal", "--seed", "3")
    assert p.returncode == 0 and "grade medium" in p.stdout and "A winning line:" in p.stdout
    p = run("deal", "--seed", "-3")
    assert p.returncode == 1 and "-3" in p.stderr


def test_rulebook_deals_won_by_their_lines_on_2000_seeds():
    sv = Solver(2048)
    for seed in range(2000):
        pos, line, _ = grade_deal(seed, "any", sv)
        assert line, seed  # every one of these deals is proved winnable in the budget
        g = Solitaire(pos)
        for f, t in line:
            g.play(f, t)
        assert g.result == 4, seed


def test_graded_deals_won_by_their_lines():
    sv = Solver(2048)
    for grade in GRADES[:3]:
        for seed in range(5):
            pos, line, safe = grade_deal(seed, grade, sv)
            assert sorted(pos.count(c) for c in "#O") == [14, 14]
            g = Solitaire(pos)
            for f, t in line:
                g.play(f, t)
            assert g.result == 4, (grade, seed)


def test_exact_symmetric_and_board_solvers_agree_on_mid_size_positions():
    # 10..14 pegs on the first six islands and positions, both verdicts
    # common: the exact solver and the symmetric one agree (and their lines
    # win); the board's bounded one agrees or runs out of its budget
    from fireice.seeded import Rng
    from fireice.solver import LOST
    from fireice.solvesym import SymSolver

    rng = Rng(77)
    lost = won = board_unknown = 0
    for _ in range(150):
        holes = [7 * i + p for i in range(6) for p in range(6)]
        rng.shuffle(holes)
        cells = bytearray(49)
        n = 10 + rng.below(5)
        for k, h in enumerate(holes[:n]):
            cells[h] = 1 + k % 2
        verdicts = []
        for sv in (Solver(), SymSolver(), Solver(2048)):
            sv.start(cells)
            st = sv.run(1 << 24 if sv.table == 0 else 20000)
            verdicts.append(st)
            if st == WON:
                assert wins(bytes(cells), 0, _names(sv.line()))
        assert verdicts[0] == verdicts[1] != 0, verdicts
        assert verdicts[2] in (verdicts[0], 0), verdicts
        board_unknown += verdicts[2] == 0
        lost += verdicts[0] == LOST
        won += verdicts[0] == WON
    assert lost > 20 and won > 20, (lost, won)
    assert board_unknown < 15, board_unknown


def _names(line):
    from fireice.geom import move_name

    return [move_name(f, t) for f, t in line]
