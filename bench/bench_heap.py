"""The smallest heap each mode of the board runs in (make bench).

Every scripted scenario (tests/scenarios), on each front end it is written
for, runs on the virtual board (`fireice sim --headless`, the firmware as
.mpy, on the MicroPython unix port: 64-bit, so objects are bigger than on
the board's 32-bit CPU). The run in a 512 KB heap gives the reference
events. Printed for each: the smallest heap (to 1 KB) from which every
larger one up to 96 KB gives exactly those events (no out-of-memory, nothing
else different); then the runs that fail in 64 KB, the target (README,
"Memory").

    python bench/bench_heap.py [SCENARIO-NAME-PART ...]
"""

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests", "host"))

from test_scenarios import DIR, load  # noqa: E402

FIREICE = os.path.join(os.path.dirname(sys.executable), "fireice")
TARGET_KB = 64


def run(inputs, front, kb):
    """The board's output lines for the inputs, in a kb KB heap (None when it
    stopped with an error status)."""
    text = "".join(json.dumps(i) + "\n" for i in inputs)
    argv = [FIREICE, "sim", "--headless", "--front", front, "--heapsize", "%dk" % kb]
    with tempfile.TemporaryDirectory() as flash:  # a board with its flash, as the tests
        argv += ["--flash", flash]
        p = subprocess.run(argv, input=text, capture_output=True, text=True, timeout=300)
    return p.stdout if p.returncode == 0 else None


def smallest(inputs, front, lo=48, hi=96):
    """The smallest heap (KB) from which every size up to hi KB gives the
    reference events. (Not a bisection: what fits depends on how the free
    space is cut up, so a heap can fail where a smaller one passed.)"""
    want = run(inputs, front, 512)
    assert want is not None, "the board fails even in 512 KB"
    sizes = list(range(hi, lo - 1, -1))
    with ThreadPoolExecutor(2) as pool:
        ok = list(pool.map(lambda kb: run(inputs, front, kb) == want, sizes))
    good = hi + 1
    for kb, passed in zip(sizes, ok):
        if not passed:
            break
        good = kb
    return good, ok[sizes.index(TARGET_KB)]


def main(parts):
    worst = 0
    over = []
    for name in sorted(os.listdir(DIR)):
        if not name.endswith(".jsonl") or (parts and not any(p in name for p in parts)):
            continue
        fronts, lines = load(name)
        inputs = [x for x in lines if not ({"expect", "never", "light"} & set(x))]
        for front in fronts:
            kb, at_target = smallest(inputs, front)
            worst = max(worst, kb)
            if not at_target:
                over.append("%s-%s" % (name[:-6], front))
            print("heap_kb_%s_%s: %d" % (name[:-6], front, kb), flush=True)
    print("heap_kb_worst: %d" % worst)
    print("heap_fails_at_%dk: %s" % (TARGET_KB, " ".join(over) if over else "none"))


if __name__ == "__main__":
    main(sys.argv[1:])
