"""Engine figures on the host (`make bench`, `make bench-engine`): playouts
per second on CPython, the level ladder (each level against the one below,
paired games on the MicroPython interpreter, which is the quicker), and the
matches against the plain baseline (bench/baseline.py, on CPython).

    python bench/bench_engine_host.py [--ladder-games N] [--ladder-top L]
        [--board-games N] [--top-games N] [--top-ms MS | --top-nodes N]
        [--top-baseline N] [--skip P] [--no-playouts]

Prints "name: value" lines; a match is "points/games (per cent)".
"""

import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from fireice.engine import BOARD_LEVELS, MAX_LEVEL, Engine  # noqa: E402
from playouts import playout_rate  # noqa: E402

MP = os.path.join(ROOT, ".venv", "bin", "micropython")


def ladder(games, top, jobs=2):
    # each level up to top against the one below, on MicroPython, jobs at a time
    env = dict(
        os.environ,
        MICROPYPATH=os.path.join(ROOT, "firmware") + ":" + os.path.join(ROOT, "host_tools"),
    )
    todo = list(range(2, top + 1))
    running = []
    out = {}
    while todo or running:
        while todo and len(running) < jobs:
            lv = todo.pop()
            cmd = [MP, "-X", "heapsize=32m", os.path.join(HERE, "ladder.py"), str(lv), str(lv - 1)]
            p = subprocess.Popen(cmd + [str(games)], stdout=subprocess.PIPE, text=True, env=env)
            running.append((lv, p))
        lv, p = running.pop(0)
        text = p.communicate()[0]
        out[lv] = text.strip().split(": ")[-1]
    for lv in sorted(out):
        pts, n = out[lv].split("/")
        print(
            "engine_ladder_level%d_vs_level%d: %s (%.0f%%)"
            % (lv, lv - 1, out[lv], 100 * float(pts) / int(n)),
            flush=True,
        )


class Fixed:
    """An engine at a fixed time a move (ms, playouts unlimited) or a fixed
    number of playouts a move (nodes)."""

    def __init__(self, engine, ms=0, nodes=0):
        self.engine = engine
        self.ms = ms
        self.nodes = nodes
        self.work = []

    def think(self, g, playouts=0, ms=0):
        mv = self.engine.think(g, self.nodes or 1 << 28, self.ms)
        self.work.append(self.engine.work)
        return mv


def versus_baseline(name, player, baseline_playouts, games, skip=0):
    from baseline import Baseline
    from inproc import paired

    t = time.time()

    def progress(n, pts):
        # progress on stderr: stdout keeps to name: value lines
        print("%s: %.1f/%d after %.0f s" % (name, pts, n, time.time() - t), file=sys.stderr)

    pts, n = paired(player, Baseline(baseline_playouts, 7), games, 0, progress, skip)
    print("%s: %.1f/%d (%.0f%%)" % (name, pts, n, 100 * pts / n), flush=True)
    print("%s_seconds: %.0f" % (name, time.time() - t), flush=True)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ladder-games", type=int, default=10)
    p.add_argument("--ladder-top", type=int, default=MAX_LEVEL, help="highest level in it")
    p.add_argument("--board-games", type=int, default=10)
    p.add_argument("--top-games", type=int, default=0)
    p.add_argument("--top-ms", type=int, default=1000)
    p.add_argument(
        "--top-nodes",
        type=int,
        default=0,
        help="play the top level at this many playouts a move instead of --top-ms",
    )
    p.add_argument("--top-baseline", type=int, default=10000)
    p.add_argument("--skip", type=int, default=0, help="start after this many opening pairs")
    p.add_argument("--no-playouts", action="store_true", help="skip the playouts figure")
    a = p.parse_args(argv)
    t0 = time.time()
    if not a.no_playouts:
        print("engine_playouts_per_s_cpython: %d" % playout_rate(2, time.process_time), flush=True)
    t = time.time()
    if a.ladder_games:
        ladder(a.ladder_games, a.ladder_top)
        print("engine_ladder_seconds: %.0f" % (time.time() - t), flush=True)
    if a.board_games:
        versus_baseline(
            "engine_level%d_vs_baseline200" % BOARD_LEVELS,
            Engine(BOARD_LEVELS, 3),
            200,
            a.board_games,
            a.skip,
        )
    if a.top_games:
        if a.top_nodes:
            top = Fixed(Engine(MAX_LEVEL, 3), nodes=a.top_nodes)
            at = "%dnodes" % a.top_nodes
        else:
            top = Fixed(Engine(MAX_LEVEL, 3), ms=a.top_ms)
            at = "%dms" % a.top_ms
        versus_baseline(
            "engine_level%d_at_%s_vs_baseline%d" % (MAX_LEVEL, at, a.top_baseline),
            top,
            a.top_baseline,
            a.top_games,
            a.skip,
        )
        w = sorted(top.work)
        print("engine_level%d_at_%s_median_work: %d" % (MAX_LEVEL, at, w[len(w) // 2]))
    print("engine_host_bench_seconds: %.0f" % (time.time() - t0), flush=True)


if __name__ == "__main__":
    main()
