# Solitaire solver benchmark (make bench, make bench-solver). Runs on CPython
# and on MicroPython; prints one measured figure per line as "name: value".
#
#   bench_solver.py count N BUDGET   decide deals 0..N-1 (exact solver;
#                                    BUDGET nodes each, 0 for no limit)
#   bench_solver.py board N          the board's bounded solver on deals 0..N-1
#   bench_solver.py grades N         statistics of N graded deals per grade
import sys

try:
    from time import ticks_diff, ticks_ms, ticks_us
except ImportError:  # CPython
    import time

    def ticks_ms():
        return int(time.perf_counter() * 1000)

    def ticks_us():
        return int(time.perf_counter() * 1000000)

    def ticks_diff(a, b):
        return a - b


from fireice.seeded import Rng, deal
from fireice.solver import (
    BOARD_TABLE,
    GRADES,
    LOST,
    WON,
    Solver,
    grade_deal,
    safe_depth,
)

# Estimated Pico time = unix-port MicroPython time x PICO_FACTOR. 200x is this
# module's own assumption (a 133 MHz Cortex-M0+ running .mpy against one x86-64
# core); the engine work defines the project's shared factor and the lead
# unifies the two at merge.
PICO_FACTOR = 200
BOARD_BUDGET = 20000  # nodes per board solve (the board's "unknown" beyond)

IMPL = sys.implementation.name


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else 0


def count(n, budget):
    try:
        from fireice.solver import SymSolver

        sv = SymSolver() if IMPL == "cpython" else Solver()
    except ImportError:
        sv = Solver()
    won = lost = unknown = 0
    times = []
    worst_seed = 0
    for seed in range(n):
        sv.clear()
        sv.start(deal(seed))
        t0 = ticks_us()
        left = budget if budget else 1 << 29
        st = sv.run(left)
        while not budget and st not in (WON, LOST):
            st = sv.run(1 << 29)
        dt = ticks_diff(ticks_us(), t0)
        if times and dt > max(times):
            worst_seed = seed
        times.append(dt)
        if st == WON:
            won += 1
        elif st == LOST:
            lost += 1
            print("lost_seed: %d" % seed)
        else:
            unknown += 1
            print("unknown_seed: %d" % seed)
    p = IMPL + "_solver_"
    print(p + "seeds: %d" % n)
    print(p + "budget_nodes: %s" % (budget or "none"))
    print(p + "winnable: %d" % won)
    print(p + "cannot_be_won: %d" % lost)
    print(p + "undecided: %d" % unknown)
    print(p + "decide_ms_median: %.2f" % (median(times) / 1000))
    print(p + "decide_ms_worst: %.1f (seed %d)" % (max(times) / 1000, worst_seed))


def board(n):
    sv = Solver(BOARD_TABLE)
    worst = 0
    worst_nodes = 0
    unknown = 0
    for seed in range(n):
        sv.clear()
        sv.start(deal(seed))
        t0 = ticks_us()
        st = sv.run(BOARD_BUDGET)
        dt = ticks_diff(ticks_us(), t0)
        worst = max(worst, dt)
        worst_nodes = max(worst_nodes, sv.nodes)
        unknown += st != WON and st != LOST
    print("board_solver_deals: %d" % n)
    print("board_solver_table_bytes: %d" % (8 * BOARD_TABLE))
    print("board_solver_budget_nodes: %d" % BOARD_BUDGET)
    print("board_solver_unknown: %d" % unknown)
    print("board_solver_worst_nodes: %d" % worst_nodes)
    print("board_solver_worst_ms_%s: %.1f" % (IMPL, worst / 1000))
    if IMPL == "micropython":
        print(
            "board_solver_worst_pico_s_estimated: %.1f (x%d)"
            % (worst / 1e6 * PICO_FACTOR, PICO_FACTOR)
        )
        print("board_solver_us_per_node_%s: %.1f" % (IMPL, worst / max(1, worst_nodes)))


def grades(n):
    # Grades are chosen on safe depths from one set of random walks; here the
    # walks of other seeds (Rng(10**6 + seed)), and the exact solver's effort.
    for g in GRADES[:3]:
        sv = Solver(BOARD_TABLE)
        walker = Solver(1, 400)
        depth = 0
        ms = []
        for seed in range(n):
            pos, line, safe = grade_deal(seed, g, sv)
            sv.clear()
            depth += safe_depth(pos, Rng(1000000 + seed), 8, 300, sv, walker)
            ex = Solver()
            ex.start(pos)
            t0 = ticks_us()
            ex.run(1 << 29)
            ms.append(ticks_diff(ticks_us(), t0) / 1000)
        print("grade_%s_deals: %d" % (g, n))
        print("grade_%s_random_player_safe_captures: %.2f" % (g, depth / (8.0 * n)))
        print("grade_%s_exact_solve_ms_median: %.2f" % (g, median(ms)))


def main(argv):
    what = argv[1] if len(argv) > 1 else "count"
    n = int(argv[2]) if len(argv) > 2 else 1000
    if what == "count":
        count(n, int(argv[3]) if len(argv) > 3 else 0)
    elif what == "board":
        board(n)
    elif what == "grades":
        grades(n)
    else:
        print("usage: bench_solver.py count|board|grades N [BUDGET]")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
