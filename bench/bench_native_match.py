"""The native core's matches (`make bench-engine`): the host levels above 6
each against the one below (fixed playouts, so they play the same on any
machine), and the top level at a time a move against level 6 of the Python
engine at the same time. Paired games in-process (bench/inproc.py: each
opening twice, colours swapped).

    python bench/bench_native_match.py [--ladder-games N] [--top-games N] [--ms MS]

Prints "name: value" lines; a match is "points/games (per cent)", and each
its `_seconds`.
"""

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from fireice.engine import MAX_LEVEL, Engine  # noqa: E402
from fireice_tools import native  # noqa: E402
from inproc import paired  # noqa: E402


class Budget:
    """A player at a fixed number of playouts a move (0: its level's), or
    with ms, searching until the time is up (timed) or to its level's
    playouts within the time (the Python engine's go movetime)."""

    def __init__(self, engine, ms=0, timed=False):
        self.engine = engine
        self.ms = ms
        self.timed = timed

    def think(self, g, playouts=0, ms=0):
        e = self.engine
        e.seed(1009 * g.ply + 7)
        return e.think(g, (1 << 29) if self.timed else 0, self.ms)


def match(name, a, b, games):
    t = time.time()

    def progress(n, pts):
        print("%s: %.1f/%d after %.0f s" % (name, pts, n, time.time() - t), file=sys.stderr)

    pts, n = paired(a, b, games, 0, progress)
    print("%s: %.1f/%d (%.0f%%)" % (name, pts, n, 100 * pts / n), flush=True)
    print("%s_seconds: %.0f" % (name, time.time() - t), flush=True)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ladder-games", type=int, default=20)
    p.add_argument("--top-games", type=int, default=20)
    p.add_argument("--ms", type=int, default=1000, help="time a move in the top match")
    a = p.parse_args(argv)
    if native.core() is None:
        native.say_fallback()
        print("native_core: not built")
        return 1
    t0 = time.time()
    top = native.HOST_MAX_LEVEL
    if a.ladder_games:
        for lv in range(MAX_LEVEL + 1, top + 1):
            match(
                "native_level%d_vs_level%d" % (lv, lv - 1),
                Budget(native.NativeEngine(lv, 1)),
                Budget(native.NativeEngine(lv - 1, 2)),
                a.ladder_games,
            )
    if a.top_games:
        match(
            "native_level%d_at_%dms_vs_python_level%d_at_%dms" % (top, a.ms, MAX_LEVEL, a.ms),
            Budget(native.NativeEngine(top, 1), a.ms, timed=True),
            Budget(Engine(MAX_LEVEL, 2), a.ms),
            a.top_games,
        )
    print("native_match_seconds: %.0f" % (time.time() - t0), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
