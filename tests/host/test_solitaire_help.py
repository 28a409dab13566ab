"""The solitaire's help on the virtual board (issue 16, fireboard.track_judge),
in the heap a board needs for the solver beside the game (96 KB), on both
front ends: a graded deal made on the board and played to a win by
following its hints only; a losing capture named as soon as the position
after it is proved lost; and in the 64 KB heap, the board without the
solver (rulebook deals, no signs).

The board's solves are deterministic (node counts, the seeded deal), so the
host knows the hints the board will give: the test plays them and checks
that each capture it makes is the hint the board gave just before."""

import pytest
from simrun import HEAP, run_sim

from fireice.geom import hole_name
from fireice.solo import Solitaire
from fireice.solver import BOARD_TABLE, LOST, WON, Solver, grade_deal

FRONTS = ["digital", "colour"]
ROOM = "96k"  # the game's 64 KB and the solver's 32 KB
CLOCK = {"at": 0, "cmd": "clock 2026-11-23T10:00:00"}
BUDGET = 2000  # fireboard.track_judge.BUDGET
SEED, GRADE = 3, "hard"  # in fireice.graded's table: dealt at once
SOLVE_MS = 12000  # time enough for a solve (each capture's here: at most a few hundred passes)


def board_solve(game):
    """What the board's judge finds for the game's position: (status, first
    capture of its line or None)."""
    sv = Solver(BOARD_TABLE)
    sv.start(game.cells, game.to_move)
    st = sv.run(BUDGET)
    return st, (sv.line()[0] if st == WON else None)


def capture_inputs(game, frm, to, at):
    # the capturing peg lifted, its victim lifted, the peg in the victim's hole
    side = "fire" if game.cells[frm] == 1 else "ice"
    return [
        {"at": at, "lift": hole_name(frm)},
        {"at": at + 100, "lift": hole_name(to)},
        {"at": at + 200, "put": hole_name(to), "peg": side},
    ]


@pytest.mark.parametrize("front", FRONTS)
def test_a_graded_deal_is_won_by_following_the_boards_hints_only(front, tmp_path):
    deal_ms = 5000  # the pegs put in once the deal is announced
    pos, _, _ = grade_deal(SEED, GRADE)
    game = Solitaire(pos)
    inputs = [
        CLOCK,
        {"at": 10, "cmd": 'new {"mode": "solitaire", "grade": "%s", "seed": %d}' % (GRADE, SEED)},
    ]
    inputs.append({"at": deal_ms, "board": pos})
    at = deal_ms + SOLVE_MS
    captures = []
    while not game.result:
        st, move = board_solve(game)
        assert st == WON, "the board's solver proves each position after a hint winnable"
        inputs.append({"at": at, "cmd": "hint"})
        inputs += capture_inputs(game, move[0], move[1], at + 500)
        captures.append("%s-%s" % (hole_name(move[0]), hole_name(move[1])))
        game.push(*move)
        at += SOLVE_MS
    assert game.result == 4  # won
    events = run_sim(inputs, front=front, flash=tmp_path, heapsize=ROOM, timeout=600)
    assert not [e for e in events if e.get("ev") == "error" or "error" in e]
    assert not [e for e in events if e.get("ev") == "dealing"]  # from the table, at once
    new = [e for e in events if e.get("ev") == "new"][-1]
    assert new["mode"] == "solitaire" and new["position"] == pos and new["at"] < deal_ms
    # every capture made was the hint just given, and each hint came before it
    play = [e for e in events if e.get("ev") in ("hint", "move")]
    assert [e["move"] for e in play if e["ev"] == "hint"] == captures
    assert [e["move"] for e in play if e["ev"] == "move"] == captures
    assert [e["ev"] for e in play] == ["hint", "move"] * len(captures)
    signs = [e["winnable"] for e in events if e.get("ev") == "winnable"]
    assert signs == [True] * len(captures)  # (the last capture ends the game: no solve)
    assert [e["result"] for e in events if e.get("ev") == "result"] == ["won"]
    assert not [e for e in events if e.get("ev") == "losing"]
    text = (tmp_path / "game.txt").read_text()
    assert '[Seed "%d"]' % SEED in text and '[Grade "%s"]' % GRADE in text
    assert '[Hints "%d"]' % len(captures) in text


def losing_capture(game):
    """A capture from game's position after which the board's solver proves
    the position lost (the game not over), or None."""
    for frm in range(49):
        for to in range(49):
            c = game.cells
            if c[frm] and c[to] and c[frm] != c[to] and game.check(frm, to) is None:
                game.push(frm, to)
                st = board_solve(game)[0] if not game.result else None
                game.pop()
                if st == LOST:
                    return frm, to
    return None


@pytest.mark.parametrize("front", FRONTS)
def test_a_losing_capture_is_named_at_once(front, tmp_path):
    # the graded deal played along the board's winning lines until a capture
    # it proves lost within its budget exists; then that capture
    pos, _, _ = grade_deal(SEED, GRADE)
    game = Solitaire(pos)
    inputs = [
        CLOCK,
        {"at": 10, "cmd": 'new {"mode": "solitaire", "position": "%s"}' % pos},
        {"at": 20, "board": pos},
    ]
    at = SOLVE_MS
    good = 0
    while True:
        lose = losing_capture(game)
        if lose:
            break
        move = board_solve(game)[1]
        inputs += capture_inputs(game, move[0], move[1], at)
        game.push(*move)
        good += 1
        at += SOLVE_MS
    inputs += capture_inputs(game, lose[0], lose[1], at)
    events = run_sim(inputs, front=front, flash=tmp_path, heapsize=ROOM, timeout=600)
    name = "%s-%s" % (hole_name(lose[0]), hole_name(lose[1]))
    move = [e for e in events if e.get("ev") == "move"]
    assert len(move) == good + 1 and move[-1]["move"] == name
    losing = [e for e in events if e.get("ev") == "losing"]
    assert [e["move"] for e in losing] == [name]
    signs = [e["winnable"] for e in events if e.get("ev") == "winnable"]
    assert signs == [True] * (good + 1) + [False]
    # named once the position after it is proved lost: within the solve's passes
    assert 0 <= losing[0]["at"] - move[-1]["at"] <= 5 * (BUDGET + 4)
    print(
        "losing capture %s after %d captures, named %d ms after it"
        % (name, good, losing[0]["at"] - move[-1]["at"])
    )


def test_the_64k_board_deals_graded_deals_from_its_table_but_has_no_solver(tmp_path):
    # seeds in fireice.graded's table: the graded deal at once, as fireice
    # deal gives it, recorded with its seed and grade; beyond the table (no
    # room to find it) the rulebook's deal; no sign and no hint in 64 KB
    from fireice import graded
    from fireice.seeded import deal

    medium = grade_deal(4, "medium")[0]
    far = graded.SEEDS + 4
    inputs = [
        CLOCK,
        {"at": 10, "cmd": 'new {"mode": "solitaire", "seed": 4}'},
        {"at": 20, "board": medium},
        {"at": 500, "cmd": "hint"},
    ]
    events = run_sim(inputs, front="colour", flash=tmp_path, heapsize=HEAP)
    assert [e["position"] for e in events if e.get("ev") == "new"][-1] == medium
    assert not [e for e in events if e.get("ev") in ("dealing", "winnable", "hint")]
    assert "no hints" in [e for e in events if e.get("re") == "hint"][0]["error"]
    text = (tmp_path / "game.txt").read_text()
    assert '[Seed "4"]\n[Grade "medium"]' in text, text
    inputs = [CLOCK, {"at": 10, "cmd": 'new {"mode": "solitaire", "seed": %d}' % far}]
    events = run_sim(inputs, front="colour", flash=tmp_path / "far", heapsize=HEAP)
    assert [e["position"] for e in events if e.get("ev") == "new"][-1] == deal(far)
    assert not [e for e in events if e.get("ev") in ("dealing", "winnable")]
