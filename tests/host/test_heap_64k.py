"""The board in a 64 KB heap (issue: every mode fits in 64 KB): scripted
scenarios on the virtual board with -X heapsize=64k, which must give exactly
the events they give in 512 KB (an out-of-memory error, or anything else
that differs, fails). The firmware is the .mpy build, as on a board.

Covered: play on both front ends from a set-up position, with lifts,
illegal moves, fixes, takebacks, bounces and bad input. Not yet: a new game
started while one is in play (buttons or USB), which still peaks above
64 KB on this 64-bit host (bench/bench_heap.py measures every scenario)."""

import pytest
from simrun import run_sim
from test_scenarios import load

PLAY = [
    "01_lift_and_put_back.jsonl",
    "02_a_move_and_its_fill.jsonl",
    "03_illegal_destination.jsonl",
    "05_wrong_fill_hole.jsonl",
    "06_wrong_fill_colour.jsonl",
    "10_takeback.jsonl",
    "13_bounces_and_bad_input.jsonl",
]


def cases():
    out = []
    for name in PLAY:
        fronts, _ = load(name)
        out += [pytest.param(name, f, id="%s-%s" % (name[:2], f)) for f in fronts]
    return out


@pytest.mark.parametrize("name,front", cases())
def test_play_fits_in_64k(name, front, tmp_path):
    _, lines = load(name)
    inputs = [x for x in lines if not ({"expect", "never", "light"} & set(x))]
    want = run_sim(inputs, front=front, flash=tmp_path / "big", heapsize="512k")
    got = run_sim(inputs, front=front, flash=tmp_path / "small", heapsize="64k")
    assert [e for e in got if e.get("ev") == "error"] == [e for e in want if e.get("ev") == "error"]
    assert got == want
