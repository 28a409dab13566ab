"""Scripted scenarios (tests/scenarios/*.jsonl) on the virtual board.

A scenario is JSON lines: inputs for the virtual board (docs/protocol.md),
and checks:
  {"fronts": ["digital", "colour"]}        which front ends (first line),
  {"heap": "96k"}                          and in which heap (the board's
                                           64 KB unless it says; 96 KB is a
                                           board that has the engine's room)
  {"expect": {...}, "by": T}               the next event matching these keys
                                           (after the one the previous expect
                                           matched), at or before T ms
  {"never": {...}, "from": T1, "to": T2}   no such event in [T1, T2]
  {"light": {"D4": "ice", ...}, "at": T}   LED colours in the frame shown at T
                                           (off, fire, ice, error, white)
"""

import json
import os

import pytest
from simrun import HEAP, lights_at, matches, run_sim

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.join(os.path.dirname(HERE), "scenarios")


def load(name):
    """(the front ends, the lines), the first line's settings taken off."""
    return load_with_heap(name)[:2]


def load_with_heap(name):
    """(the front ends, the lines, the heap) of scenario name."""
    with open(os.path.join(DIR, name)) as f:
        lines = [json.loads(line) for line in f if line.strip() and not line.startswith("//")]
    fronts = ["digital", "colour"]
    heap = HEAP
    if lines and ({"fronts", "heap"} & set(lines[0])):
        first = lines.pop(0)
        fronts = first.get("fronts", fronts)
        heap = first.get("heap", heap)
    return fronts, lines, heap


def cases():
    out = []
    for name in sorted(os.listdir(DIR)):
        if name.endswith(".jsonl"):
            fronts, _ = load(name)
            out += [pytest.param(name, f, id="%s-%s" % (name[:-6], f)) for f in fronts]
    return out


@pytest.mark.parametrize("name,front", cases())
def test_scenario(name, front, tmp_path):
    _, lines, heap = load_with_heap(name)
    inputs = [x for x in lines if not ({"expect", "never", "light"} & set(x))]
    events = run_sim(inputs, front=front, flash=tmp_path, heapsize=heap)
    errors = [e for e in events if e.get("ev") == "error"]
    pos = 0
    for check in lines:
        if "expect" in check:
            want = check["expect"]
            while pos < len(events) and not matches(events[pos], want):
                pos += 1
            assert pos < len(events), "no event %s after the previous check\n%s" % (
                want,
                "\n".join(json.dumps(e) for e in events if e.get("ev") != "leds"),
            )
            if "by" in check:
                assert events[pos]["at"] <= check["by"], (want, events[pos])
            pos += 1
        elif "never" in check:
            lo, hi = check.get("from", 0), check.get("to", 10**9)
            bad = [e for e in events if lo <= e["at"] <= hi and matches(e, check["never"])]
            assert not bad, bad
        elif "light" in check:
            seen = lights_at(events, check["at"])
            for led, hue in check["light"].items():
                assert seen[led] == hue, "at %d %s is %s, not %s" % (
                    check["at"],
                    led,
                    seen[led],
                    hue,
                )
    if not any("error" in c.get("expect", {}).get("ev", "") for c in lines):
        assert not errors, errors
