"""The native core's figures (`make bench`): playouts a second on one core
against the Python engine on CPython and their ratio, the search's speed on
every core against one, the time to analyse a 40-ply game at the default
level, and perft's speed.

    python bench/bench_native.py [--seconds S] [--threads N]

Prints "name: value" lines. Playouts a second are CPU time (other programs
on a shared machine do not count); the threads' figures are wall-clock time,
which is what more cores buy.
"""

import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from fireice.duel import Duel  # noqa: E402
from fireice.moves import legal_moves  # noqa: E402
from fireice.record import Record  # noqa: E402
from fireice.geom import move_name  # noqa: E402
from fireice_tools import analyse, native  # noqa: E402
from playouts import playout_rate  # noqa: E402


def native_playout_rate(seconds):
    # the same playouts as playout_rate's (from the start, level 1's engine)
    e = native.NativeEngine(1, 5)
    g = Duel()
    n = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        e.playouts_from(g, 5000)
        n += 5000
    return n / (time.process_time() - t0)


def game_going(plies, seed):
    """A random game (uniform legal moves) still going after plies moves,
    the first from seed: the Duel and its moves."""
    rng = random.Random(seed)
    buf = bytearray(600)
    while True:
        g = Duel()
        moves = []
        while not g.result and len(moves) < plies:
            k = rng.randrange(legal_moves(g, buf))
            g.push(buf[2 * k], buf[2 * k + 1])
            moves.append((buf[2 * k], buf[2 * k + 1]))
        if not g.result:
            return g, moves


def search_rate(threads, nodes, rounds=3):
    """Tree playouts a second of wall-clock time at level 6's settings."""
    g, _ = game_going(10, 7)
    e = native.NativeEngine(6, 1, threads=threads)
    best = 0.0
    for _ in range(rounds):
        t = time.perf_counter()
        e.think(g, nodes)
        best = max(best, e.work / (time.perf_counter() - t))
    return best


def solver_reach(ms, ply, seed=3):
    """The deepest search the exact solver completes in ms milliseconds
    from a random position after ply moves."""
    g, _ = game_going(ply, seed)
    value, plies, _, _ = native.NativeEngine(7, 1).solve(g, 60, ms)
    return plies, value


def analyse_seconds(plies, level):
    _, moves = game_going(plies, 1)
    rec = Record(moves=[move_name(f, t) for f, t in moves])
    t = time.perf_counter()
    analyse.analyse(rec, moves, analyse.Analyser(level))
    return time.perf_counter() - t


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=2.0, help="for each playout rate")
    p.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="every core")
    p.add_argument("--nodes", type=int, default=60000, help="playouts a search, threads figure")
    a = p.parse_args(argv)
    if native.core() is None:
        native.say_fallback()
        print("native_core: not built")
        return 1
    t0 = time.time()
    nat = native_playout_rate(a.seconds)
    py = playout_rate(a.seconds, time.process_time)
    print("native_playouts_per_s_one_core: %d" % nat, flush=True)
    print("engine_playouts_per_s_cpython: %d" % py, flush=True)
    print("native_vs_cpython_playouts_ratio: %.0f" % (nat / py), flush=True)
    one = search_rate(1, a.nodes)
    every = search_rate(a.threads, a.nodes)
    print("native_search_playouts_per_s_1_thread: %d" % one, flush=True)
    print("native_search_playouts_per_s_%d_threads: %d" % (a.threads, every), flush=True)
    print("native_threads_%d_vs_1_ratio: %.2f" % (a.threads, every / one), flush=True)
    b = native.core().Board()
    t = time.perf_counter()
    n = b.perft(6)
    print("native_perft6_start_moves_per_s: %d" % (n / (time.perf_counter() - t)), flush=True)
    print(
        "native_analyse_40_plies_level%d_seconds: %.1f"
        % (analyse.DEFAULT_LEVEL, analyse_seconds(40, analyse.DEFAULT_LEVEL)),
        flush=True,
    )
    for ms in (1000, 10000):
        for ply in (16, 30):
            plies, value = solver_reach(ms, ply)
            print("native_solver_reach_%ds_from_ply%d_plies: %d" % (ms // 1000, ply, plies))
    print("native_bench_seconds: %.0f" % (time.time() - t0), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
