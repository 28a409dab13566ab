# fireice.graded, the board's table of graded solitaire deals, against the
# definition it was made from (fireice.solver.grade_deal). Every entry is
# checked by `bench/bench_solver.py table` (minutes); here a sample, one of
# each grade, so that a change of the solver or the grades that moves the
# deals shows.
import pytest

from fireice import graded
from fireice.seeded import deal
from fireice.solver import GRADES, grade_deal


def test_the_table_has_a_candidate_for_every_grade_and_seed():
    assert set(graded.GRADES) | {"any"} == set(GRADES)
    for g in graded.GRADES:
        for seed in range(graded.SEEDS):
            k = graded.candidate(seed, g)
            assert seed * 64 <= k < seed * 64 + 64
    assert graded.candidate(graded.SEEDS, "easy") == -1
    assert graded.candidate(-1, "easy") == -1
    assert graded.candidate(3, "any") == -1


@pytest.mark.parametrize("seed,grade", [(7, "easy"), (33, "medium"), (62, "hard")])
def test_a_sample_of_the_table_is_what_grade_deal_makes(seed, grade):
    pos, line, safe = grade_deal(seed, grade)
    assert deal(graded.candidate(seed, grade)) == pos
    assert line, "a graded deal is winnable"


def test_every_deal_of_the_table_is_won_by_replaying_its_line():
    # the 192 graded deals a board deals at once: each is the candidate deal
    # the bounded solver proved winnable (DEAL_BUDGET nodes, its table
    # cleared: the proof grade_deal makes), and its line wins by the rules
    from fireice.solo import Solitaire
    from fireice.solver import BOARD_TABLE, DEAL_BUDGET, WON, Solver

    sv = Solver(BOARD_TABLE)
    for g in graded.GRADES:
        for seed in range(graded.SEEDS):
            pos = deal(graded.candidate(seed, g))
            sv.clear()
            sv.start(pos)
            assert sv.run(DEAL_BUDGET) == WON, (g, seed)
            game = Solitaire(pos)
            for f, t in sv.line():
                game.play(f, t)
            assert game.result == 4, (g, seed)
