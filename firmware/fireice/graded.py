# Graded solitaire deals at once: for each grade and each seed below SEEDS,
# which candidate fireice.solver.grade_deal(seed, grade) settles on (the k
# of the rulebook deal seed * 64 + k). grade_deal finds it by proving each
# candidate winnable and grading it, which takes a board minutes (issue 16's
# measurement: 2 to 43 minutes at Pico speed); this table was made by it on
# the host (`bench/bench_solver.py table` makes it again and counts the
# mismatches, tests/host/test_graded.py checks a sample), so a board deals a
# graded, winnable deal at once, with or without room for the solver.
from micropython import const

SEEDS = const(64)
_TRIES = const(64)  # candidates a seed (fireice.solver._TRIES)
GRADES = ("easy", "medium", "hard")
_K = (
    # easy
    b"\x03\x03\x01\x13\x0a\x02\x07\x01\x02\x00\x01\x06\x00\x01\x01\x09"
    b"\x10\x01\x00\x02\x00\x02\x01\x05\x02\x00\x03\x00\x00\x04\x04\x02"
    b"\x00\x00\x03\x01\x07\x01\x0f\x0c\x04\x0c\x03\x0c\x06\x08\x08\x01"
    b"\x01\x06\x00\x02\x01\x00\x02\x01\x01\x0b\x0f\x01\x02\x01\x00\x05",
    # medium
    b"\x01\x02\x04\x01\x03\x00\x00\x00\x05\x04\x06\x04\x02\x02\x00\x00"
    b"\x01\x12\x07\x00\x02\x01\x07\x02\x01\x04\x00\x01\x01\x07\x00\x05"
    b"\x04\x03\x01\x02\x02\x04\x01\x02\x07\x04\x00\x01\x02\x01\x05\x00"
    b"\x0e\x01\x02\x01\x00\x01\x00\x00\x02\x01\x06\x02\x03\x05\x02\x02",
    # hard
    b"\x00\x00\x00\x00\x00\x01\x01\x02\x00\x01\x00\x00\x05\x00\x02\x01"
    b"\x00\x00\x01\x01\x01\x00\x00\x00\x00\x01\x01\x03\x02\x00\x01\x00"
    b"\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x02"
    b"\x00\x00\x01\x00\x03\x02\x01\x05\x00\x00\x00\x00\x00\x00\x01\x00",
)


def candidate(seed, grade):
    """The rulebook deal number (fireice.seeded.deal) of the graded deal of
    seed and grade, or -1 where the table has none (a seed of SEEDS or more,
    or a table still to be made)."""
    if grade not in GRADES or not 0 <= seed < SEEDS:
        return -1
    ks = _K[GRADES.index(grade)]
    if seed >= len(ks):
        return -1
    return seed * _TRIES + ks[seed]
