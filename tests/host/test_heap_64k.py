"""The board in a 64 KB heap (issue: every mode fits in 64 KB): every
scripted scenario on the virtual board with -X heapsize=64k, which must give
exactly the events it gives in 72 KB (simrun.ROOMY: more room, and none yet
for the solitaire's solver, which needs 96 KB; an out-of-memory error, or
anything else that differs, fails). The firmware is the .mpy build, as on a board.

That covers play on both front ends, with lifts, illegal moves, fixes,
takebacks, bounces and bad input, and new games started while one is in
play, from the buttons and over USB, in both modes (bench/bench_heap.py
measures the smallest heap of each). A scenario that names its heap (a
duel's hints: the engine's room too) runs in it, against 8 KB more."""

import os

import pytest
from simrun import HEAP, ROOMY, run_sim
from test_scenarios import DIR, load, load_with_heap


def cases():
    out = []
    for name in sorted(n for n in os.listdir(DIR) if n.endswith(".jsonl")):
        fronts, _ = load(name)
        out += [pytest.param(name, f, id="%s-%s" % (name[:2], f)) for f in fronts]
    return out


@pytest.mark.parametrize("name,front", cases())
def test_scenario_fits_in_64k(name, front, tmp_path):
    _, lines, heap = load_with_heap(name)
    roomy = ROOMY if heap == HEAP else "%dk" % (int(heap[:-1]) + 8)
    inputs = [x for x in lines if not ({"expect", "never", "light"} & set(x))]
    want = run_sim(inputs, front=front, flash=tmp_path / "big", heapsize=roomy)
    got = run_sim(inputs, front=front, flash=tmp_path / "small", heapsize=heap)
    assert [e for e in got if e.get("ev") == "error"] == [e for e in want if e.get("ev") == "error"]
    assert got == want
