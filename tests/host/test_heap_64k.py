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

import json
import os
import subprocess
import sys

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


def _sim(inputs, code, heapsize, flash):
    argv = [os.path.join(os.path.dirname(sys.executable), "fireice"), "sim", "--headless"]
    argv += ["--code", code, "--heapsize", heapsize]
    argv += ["--flash", str(flash)] if flash else []
    text = "".join(json.dumps(i) + "\n" for i in inputs)
    return subprocess.run(argv, input=text, capture_output=True, text=True, timeout=120)


def _free_after_start(code):
    out = _sim([{"cmd": "status"}], code, "100k", None)
    assert out.returncode == 0, out.stderr[-2000:]
    return [json.loads(x) for x in out.stdout.splitlines() if '"heap_free"' in x][0]["heap_free"]


def test_kept_modules_stay_in_rom_and_dropping_frees_their_objects():
    # `--code keep` is the ROM board with no module ever dropped: its code
    # stays in ROM (far more heap free than with the code in the heap), and
    # the objects of the modules a job loaded stay (less free than when
    # they are dropped, the policy every MicroPython board runs:
    # fireboard.mem.DROP)
    rom, keep, heap = (_free_after_start(c) for c in ("rom", "keep", "heap"))
    assert heap < keep < rom, (heap, keep, rom)


def test_keeping_every_module_plays_the_same_game(tmp_path):
    _, lines, _ = load_with_heap("10_takeback.jsonl")
    inputs = [x for x in lines if not ({"expect", "never", "light"} & set(x))]
    dropped = _sim(inputs, "rom", HEAP, tmp_path / "a")
    roomy = _sim(inputs, "keep", "100k", tmp_path / "c")
    assert dropped.returncode == 0, dropped.stderr[-2000:]
    assert roomy.returncode == 0 and roomy.stdout == dropped.stdout
