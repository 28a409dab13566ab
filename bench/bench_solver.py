# Solitaire solver benchmark (make bench, make bench-solver). Runs on CPython
# and on MicroPython; prints one measured figure per line as "name: value".
#
#   bench_solver.py count N BUDGET   decide deals 0..N-1 (exact solver;
#                                    BUDGET nodes each, 0 for no limit)
#   bench_solver.py board N          the board's bounded solver on deals 0..N-1
#   bench_solver.py grades N         statistics of N graded deals per grade
#   bench_solver.py methods N BUDGET each search method on deals 0..N-1
#   bench_solver.py backward K       positions K reverse captures from one peg
#   bench_solver.py random N P       wins of random players, P games a deal
#   bench_solver.py table            fireice.graded's table made again with
#                                    fireice.solver.grade_deal: mismatches, time
#   bench_solver.py replay N         the lines of the deals 0..N-1 proved winnable, replayed
#   bench_solver.py sim N [FRONT..]  the Judge on the virtual board at Pico speed,
#                                    N games on each front end (CPython): worst solve
#   bench_solver.py part N           the board's solver parts (fireboard.track_judge):
#                                    the Judge after every capture of N games, a Dealer
#                                    for a deal of each grade; peak heap, worst pass
#   bench_solver.py dealer N         the Dealer alone, a deal of each grade for seeds
#                                    0..N-1: its worst pass, the share over one period
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
    sv = Solver()  # the exact solver (symmetry does not pay on deals)
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
    print(p + "winnable_share: %.2f %%" % (100.0 * won / (n or 1)))
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
    # in a game: after every capture of a random player (one move ahead) the
    # board solves the position (the quiet sign): worst over n // 10 games
    from fireice.solver import _step

    walker = Solver(1, 400)
    g_worst = g_nodes = g_unknown = g_solves = 0
    cells = bytearray(49)
    for seed in range(n // 10):
        rng = Rng(seed)
        walker.start(deal(seed))
        to_move = 0
        while True:
            s = _step(walker, rng, to_move)
            if not s:
                break
            to_move = 3 - s
            for h in range(49):
                cells[h] = walker.cells[h]
            sv.start(cells, to_move)
            t0 = ticks_us()
            st = sv.run(BOARD_BUDGET)
            dt = ticks_diff(ticks_us(), t0)
            g_solves += 1
            g_worst = max(g_worst, dt)
            g_nodes = max(g_nodes, sv.nodes)
            g_unknown += st != WON and st != LOST
            if walker.cnt[1] + walker.cnt[2] == 1:
                break
    print("board_game_solves: %d in %d games" % (g_solves, n // 10))
    print("board_game_unknown: %d" % g_unknown)
    print("board_game_worst_nodes: %d" % g_nodes)
    print("board_game_worst_ms_%s: %.1f" % (IMPL, g_worst / 1000))
    if IMPL == "micropython":
        print(
            "board_game_worst_pico_s_estimated: %.1f (x%d)"
            % (g_worst / 1e6 * PICO_FACTOR, PICO_FACTOR)
        )
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


def methods(n, budget):
    # each method's effort on deals 0..n-1, budget nodes per deal
    from fireice.solvesym import SymSolver

    plans = (
        ("plain", 0, False, False, False, 0),
        ("connected", 0, True, False, False, 0),
        ("connected_table", 0, True, True, False, 0),
        ("fewest_replies_first", 2, True, True, False, 0),
        ("most_replies_first", 1, True, True, False, 0),
        ("most_first_restarts", 1, True, True, True, 0),
        ("most_first_restarts_symmetry", 1, True, True, True, -1),
        ("board_table_%d" % BOARD_TABLE, 1, True, True, True, BOARD_TABLE),
    )
    for name, order, prune, remember, restarts, table in plans:
        sv = SymSolver() if table < 0 else Solver(table)
        sv.order = order
        sv.prune = prune
        sv.remember = remember
        sv.restarts = restarts
        total = worst = undecided = 0
        t0 = ticks_ms()
        for seed in range(n):
            sv.clear()
            sv.start(deal(seed))
            st = sv.run(budget)
            undecided += st != WON and st != LOST
            total += sv.nodes
            worst = max(worst, sv.nodes)
        ms = ticks_diff(ticks_ms(), t0)
        p = "method_%s_" % name
        print(p + "undecided: %d of %d (budget %d nodes)" % (undecided, n, budget))
        print(p + "nodes_total: %d" % total)
        print(p + "nodes_worst: %d" % worst)
        print(p + "ms_total_%s: %d" % (IMPL, ms))


def backward(levels):
    # Backward from one peg: every position from which k captures leave one
    # peg (the side to move included), by reverse captures; the number of
    # them for k = 0, 1 ... shows what a backward search would have to hold.
    level = set()
    for h in range(49):
        for c in (1, 2):
            cells = bytearray(49)
            cells[h] = c
            level.add(bytes(cells) + bytes([3 - c]))
    print("backward_positions_0_captures: %d" % len(level))
    for k in range(1, levels + 1):
        nxt = set()
        for key in level:
            s = key[49]  # to move; the capture before was made by c = 3 - s
            c = 3 - s
            cells = bytearray(key[:49])
            for t in range(49):
                if cells[t] != c:
                    continue
                for f in range(49):
                    if not cells[f] and (f // 7 == t // 7 or f % 7 == t % 7):
                        cells[f] = c
                        cells[t] = s
                        nxt.add(bytes(cells) + bytes([c]))
                        cells[f] = 0
                        cells[t] = c
        level = nxt
        print("backward_positions_%d_captures: %d" % (k, len(level)))


def random_play(n, playouts):
    # plain random players and one-move-ahead ones: their wins on deals 0..n-1
    for ahead in (False, True):
        won = 0
        sv = Solver(1, 400)
        for seed in range(n):
            rng = Rng(seed)
            for _ in range(playouts):
                sv.start(deal(seed), 0)
                won += _playout(sv, rng, ahead)
        name = "one_move_ahead" if ahead else "plain"
        print("random_%s_wins: %d of %d games" % (name, won, n * playouts))


def _playout(sv, rng, lookahead):
    # one game of a random player from the deal sv was started on: 1 if won.
    # The one-move-ahead player is the graded deals' walker (fireice.solver._step).
    from fireice.solver import _step

    mv = sv.mv
    cnt = sv.cnt
    if sv.status == WON:
        return 1
    to_move = 0  # the first capture is either colour's
    while True:
        if lookahead:
            s = _step(sv, rng, to_move)
        else:
            n = 0
            for c in (1, 2):
                if to_move == 0 or to_move == c:
                    n = sv._gen(c, n)
            if not n:
                return 0
            j = rng.below(n)
            s = sv._make(mv[2 * j], mv[2 * j + 1])
        if not s:
            return 0
        if cnt[1] + cnt[2] == 1:
            return 1
        to_move = 3 - s


class _Obj:
    pass


def _fake_app(out):
    # what the parts use of an App: the tracker's game, the lights, the
    # events, the record (a hint is not asked here), new_game
    app = _Obj()
    app.tracker = _Obj()
    app.tracker.game = None
    app.lights = _Obj()
    app.lights._seen = 0
    app.lights.judge = None
    app.parts = []
    app._out = out.append
    app.made = None

    def new_game(*a):
        app.made = a

    app.new_game = new_game
    return app


_HIST = [0] * 1001  # slices by their time in us (1000: longer)
_REPS = 3  # runs of each of the Judge's solves (the least time of a pass kept)


def _pass(part, app, now, worst, k):
    # one pass of the part; worst[k] kept: the longest pass of its kind (us)
    t0 = ticks_us()
    part.tick(app, now)
    us = ticks_diff(ticks_us(), t0)
    if us > worst[k]:
        worst[k] = us
    if k == 3:
        _HIST[us if us < 1000 else 1000] += 1


def _pico():
    # the project's factor (fireice.pico.SLOWDOWN) for the parts' figures
    from fireice.pico import SLOWDOWN

    return SLOWDOWN


def _slices(name):
    # the slices' median, 99th and 99.9th percentile, and the share whose
    # Pico estimate passes one scan period (5 ms)
    n = sum(_HIST)
    q = []
    seen = 0
    for us in range(1001):
        seen += _HIST[us]
        for f in (500, 990, 999):
            if len(q) < 3 and f == (500, 990, 999)[len(q)] and 1000 * seen >= f * n:
                q.append(us)
    f = _pico()
    over = sum(_HIST[us] for us in range(5000 // f + 1, 1001))
    print(
        "%s_slices: %d, median %d us, p99 %d us, p99.9 %d us (Pico %.1f / %.1f / %.1f ms);"
        " over one 5 ms scan period at Pico speed: %d (%.2f %%)"
        % (
            name,
            n,
            q[0],
            q[1],
            q[2],
            q[0] * f / 1000,
            q[1] * f / 1000,
            q[2] * f / 1000,
            over,
            100.0 * over / (n or 1),
        )
    )
    for us in range(1001):
        _HIST[us] = 0


def _buffers(n):
    # (made in a call of their own: the bytes the array is made from leave
    # no trace on the caller's stack for the collector to keep)
    from array import array

    return array("i", bytes(4 * n)), bytearray(n)


def _live(mem, base):
    # the heap in use above base, garbage collected
    import gc

    gc.collect()
    return mem() - base


# the kinds of pass of a part: loading the solver module, making the solver,
# starting its search, a slice of it
_KINDS = ("load", "make", "start", "slice")


def _print_worst(name, worst):
    for k in range(4):
        print(
            "%s_worst_%s_us: %d (Pico %.1f ms)"
            % (name, _KINDS[k], worst[k], worst[k] * _pico() / 1000)
        )


def _random_capture(walker, rng, g):
    """(frm, to) of a random capture in game g that leaves the other colour
    one (made by the walker, a Solver, with fireice.solver._step), or None."""
    from fireice.solver import _step

    walker.start(g.cells, g.to_move)
    if not _step(walker, rng, g.to_move):
        return None
    frm = to = -1
    for h in range(49):
        if g.cells[h] and not walker.cells[h]:
            frm = h
        elif g.cells[h] and walker.cells[h] != g.cells[h]:
            to = h
    return frm, to


def part(n):
    """The loop parts of fireboard.track_judge as a board runs them: the
    Judge solving after every capture of n games (a player who captures at
    random among the captures that leave the other colour one, deals 0..n-1),
    and a Dealer making a deal of each grade. Prints the worst pass of each
    kind (on this machine and estimated for a Pico; a slice is
    judge.SLICE nodes), the passes, and the peak heap above the game's while
    the solver runs (MicroPython; the heap in use after each pass, collected)."""
    import gc

    from fireboard import track_judge as judge
    from fireice.solo import Solitaire

    mem = getattr(gc, "mem_alloc", None)
    out = []
    app = _fake_app(out)
    walker = Solver(1, 400)  # (this module's copy of the solver: the parts load their own)
    sys.modules.pop("fireice.solver", None)
    rng = Rng(99)
    took, kinds = _buffers(20000)  # a solve's passes: the least time of its runs (us), kinds
    gc.collect()
    base = mem() if mem else 0
    peak = 0
    worst = [0, 0, 0, 0]
    passes = solves = longest = unknown = 0
    j = judge.Judge(app)
    now = 0
    f = _pico()
    worst_solve = 0  # us at Pico speed: each pass the 5 ms period, or longer
    for seed in range(n):
        g = Solitaire(deal(seed))
        app.tracker.game = g
        while True:
            # the same solve _REPS times (it is deterministic: the table is
            # emptied for each), each pass's least time kept: this shared
            # machine's preemption and cache misses are not the solver's
            for r in range(_REPS):
                if r:
                    j.game = None  # (the position seen as new: solved again)
                k = 0
                while k == 0 or j.step:
                    step = j.step if k else 1  # (the first pass loads the module)
                    t0 = ticks_us()
                    j.tick(app, now)
                    us = ticks_diff(ticks_us(), t0)
                    if r == 0 or (us < took[k] and step > 2):
                        took[k] = us  # (loading and making: the first run's)
                    kinds[k] = min(step, 4) - 1
                    now += 5
                    k += 1
                    if mem and r == 0 and (step < 4 or k % 500 == 0):
                        a = _live(mem, base)
                        if a > peak:
                            peak = a
                if r == 0 and out and out[-1].get("winnable", 0) is None:
                    unknown += 1
                del out[:]  # (the events are not the solver's heap)
            solve = 0
            for i in range(k):
                us = took[i]
                kind = kinds[i]
                if us > worst[kind]:
                    worst[kind] = us
                if kind == 3:
                    _HIST[us if us < 1000 else 1000] += 1
                solve += max(5000, us * f)
            if solve > worst_solve:
                worst_solve = solve
            passes += k
            solves += 1
            if k > longest:
                longest = k
            if g.result:
                break
            # a random capture that leaves the other colour one
            mv = _random_capture(walker, rng, g)
            if mv is None:
                break
            g.push(*mv)
    j.drop()
    print("part_judge_solves: %d (%d games, a solve after every capture)" % (solves, n))
    print("part_judge_unknown: %d (budget %d nodes)" % (unknown, judge.BUDGET))
    print("part_judge_passes: %d, longest solve %d" % (passes, longest))
    _print_worst("part_judge", worst)
    _slices("part_judge")
    print(
        "part_judge_worst_solve_pico_s: %.1f (its passes, each a 5 ms scan period or longer)"
        % (worst_solve / 1e6)
    )
    if mem:
        print("part_judge_peak_heap_bytes: %d" % peak)
    # the Dealer, a deal of each grade
    for grade in ("easy", "medium", "hard"):
        gc.collect()
        base = mem() if mem else 0
        peak = k = 0
        worst = [0, 0, 0, 0]
        d = judge.Dealer(("solitaire", 0, 1, 3), grade)
        app.parts = [d]
        app.made = None
        while app.made is None:
            step = d.step
            _pass(d, app, now, worst, (0, 1, 1, 2, 2)[step] if step < 5 else 3)
            now += 5
            k += 1
            if mem and (step < 3 or k % 500 == 0):
                a = _live(mem, base)
                if a > peak:
                    peak = a
        print("part_dealer_%s: seed 3, %d passes (%d s at 5 ms a pass)" % (grade, k, k // 200))
        _print_worst("part_dealer_" + grade, worst)
        _slices("part_dealer_" + grade)
        if mem:
            print("part_dealer_%s_peak_heap_bytes: %d" % (grade, peak))


def dealer(n):
    """The Dealer (fireboard.track_judge) making a deal of each grade for
    seeds 0..n-1 as a board runs it, a pass a tick, each deal _REPS times
    (it is deterministic), each pass's least time kept: its worst pass (on
    this machine and at Pico speed) and how many of its passes would delay
    a scan, their Pico estimate over one 5 ms period. Loading the module
    and making the solver (once a session) are left out, and the last pass
    (the new game started) is shown apart."""
    from array import array

    from fireboard import track_judge as judge

    out = []
    app = _fake_app(out)
    f = _pico()
    took = array("H", bytes(2 * 200000))  # a deal's passes: the least time of its runs (us)
    worst = passes = over = last = 0
    for seed in range(n):
        for grade in ("easy", "medium", "hard"):
            for r in range(_REPS):
                d = judge.Dealer(("solitaire", 0, 1, seed), grade)
                app.parts = [d]
                app.made = None
                k = 0
                while app.made is None:
                    step = d.step
                    t0 = ticks_us()
                    d.tick(app, 0)
                    us = ticks_diff(ticks_us(), t0)
                    if step < 2:  # (the module and the solver's tables: a session's first)
                        us = 0
                    if us > 65535:
                        us = 65535
                    if r == 0 or us < took[k]:
                        took[k] = us
                    k += 1
            if took[k - 1] > last:
                last = took[k - 1]
            for i in range(k - 1):  # (the last: the new game, apart)
                us = took[i]
                if us > worst:
                    worst = us
                if us * f > 5000:
                    over += 1
            passes += k
    print("dealer_passes: %d (%d seeds, a deal of each grade)" % (passes, n))
    print("dealer_worst_pass_pico_ms: %.1f (%d us here)" % (worst * f / 1000, worst))
    print(
        "dealer_last_pass_pico_ms: %.1f (%d us here: the solver dropped, a collection,"
        " the new game)" % (last * f / 1000, last)
    )
    print(
        "dealer_over_one_period: %d (%.3f %% of its passes over 5 ms at Pico speed)"
        % (over, 100.0 * over / (passes or 1))
    )


_STEPS = ("order", "node", "gen", "back", "undo", "prep")


def _kind(sv):
    # the step run() makes next (fireice.solver.Solver.run), by _STEPS
    if sv.prep:
        return 5
    if sv.gs:
        return 2
    if sv.back or (sv.used >= sv.limit and sv.restarts):
        return 4
    d = sv.depth
    if sv.ok < sv.hi[d]:
        return 0
    return 3 if sv.at[d] >= sv.hi[d] else 1


def steps(n, reps=7):
    """The cost of each kind of step of the bounded solver's search
    (Solver.work = 1: a step a call), on the positions after every capture
    of n games of a random player (one move ahead): each solve run reps
    times (it is deterministic), each step's least time kept, then the worst
    of each kind; against the work units fireice.solver charges for it."""
    from array import array

    from fireice import solver
    from fireice.solver import _step

    units = (
        solver.W_ORDER + 24 // solver.W_SHIFTS,
        solver.W_NODE,
        solver.W_GEN,
        solver.W_BACK,
        solver.W_UNDO,
        solver.W_PREP,
    )
    worst = [0] * 6
    sv = Solver(BOARD_TABLE)
    sv.work = 1
    walker = Solver(1, 400)
    cells = bytearray(49)
    best = array("i", bytes(4 * 20000))
    kinds = bytearray(20000)
    for seed in range(n):
        rng = Rng(seed)
        walker.start(deal(seed))
        to_move = 0
        while True:
            for h in range(49):
                cells[h] = walker.cells[h]
            for r in range(reps):
                sv.clear()
                sv.start(cells, to_move)
                k = 0
                while sv.status == 0 and sv.nodes < 2000 and k < 20000:
                    kinds[k] = _kind(sv)
                    t0 = ticks_us()
                    sv.run(1 << 20)
                    us = ticks_diff(ticks_us(), t0)
                    if r == 0 or us < best[k]:
                        best[k] = us
                    k += 1
            for j in range(k):
                if best[j] > worst[kinds[j]]:
                    worst[kinds[j]] = best[j]
            s = _step(walker, rng, to_move)
            if not s or walker.cnt[1] + walker.cnt[2] == 1:
                break
            to_move = 3 - s
    # a call's own cost: run(0) does no step
    call = 1 << 30
    for _ in range(200):
        t0 = ticks_us()
        sv.run(0)
        call = min(call, ticks_diff(ticks_us(), t0))
    f = _pico()
    print("step_call_us_%s: %d (Pico %.1f ms)" % (IMPL, call, call * f / 1000))
    for j in range(6):
        print(
            "step_%s_worst_us_%s: %d (Pico %.1f ms; charged %d units)"
            % (_STEPS[j], IMPL, worst[j], worst[j] * f / 1000, units[j])
        )


def sim(n, fronts):
    """The Judge on the virtual board at Pico speed (`fireice sim --pico-time
    --heapsize 96k`, CPython drives it), on each front end: n games of a
    random player (one move ahead) on the rulebook deals 0..n-1, a capture
    every 60 s; after each capture the board solves the position. Prints the
    worst solve in a game (the capture to its `winnable` event, in virtual
    time: estimated Pico seconds) and the loop's passes meanwhile."""
    import os

    sys.path.insert(0, "tests/host")
    from simrun import run_sim
    from test_solitaire_help import CLOCK, ROOM, capture_inputs

    from fireice.solo import Solitaire

    heap = os.environ.get("FIREICE_BENCH_HEAP", ROOM)  # (64k: the same games, no solver)
    gap = 60000  # ms between captures: the longest solve is within (else counted)
    for front in fronts:
        worst = worst_at = solves = unknown = cut = 0
        timing = []
        for seed in range(n):
            pos = deal(seed)
            game = Solitaire(pos)
            inputs = [
                CLOCK,
                {"at": 10, "cmd": 'new {"mode": "solitaire", "position": "%s"}' % pos},
                {"at": 20, "board": pos},
            ]
            walker = Solver(1, 400)
            rng = Rng(seed)
            at = gap
            while not game.result:
                mv = _random_capture(walker, rng, game)
                if mv is None:
                    break
                frm, to = mv
                inputs += capture_inputs(game, frm, to, at)
                game.push(frm, to)
                at += gap
            inputs.append({"at": at, "cmd": "status"})
            events = run_sim(
                inputs, front=front, heapsize=heap, timeout=1800, pico_time=True, seed=seed
            )
            moved = None
            for e in events:
                if e.get("ev") == "move":
                    if moved is not None and heap != "64k":
                        cut += 1  # (the solve before was not over at the next capture)
                    moved = e["at"]
                elif e.get("ev") == "winnable" and moved is not None:
                    solves += 1
                    unknown += e["winnable"] is None
                    if e["at"] - moved > worst:
                        worst = e["at"] - moved
                        worst_at = seed
                    moved = None
            timing += [e for e in events if e.get("ev") == "timing"]
        p = "sim_judge_%s_" % front
        print(
            p
            + "solves: %d in %d games (%d unknown after 2,000 nodes; %d not over within %d s)"
            % (solves, n, unknown, cut, gap // 1000)
        )
        print(
            p
            + "worst_solve_pico_s: %.1f (deal %d; a capture to its sign, virtual time)"
            % (worst / 1000.0, worst_at)
        )
        print(
            p + "loop_pico_ms_worst_solving: %.1f (%d passes in the middle of a solve, %d"
            " longer than the scan period, %d than two: the next scan more than a period late)"
            % (
                max(t["loop_ms_worst_solving"] for t in timing),
                sum(t["passes_solving"] for t in timing),
                sum(t["passes_solving_over_scan_ms"] for t in timing),
                sum(t["passes_solving_over_2_scan_ms"] for t in timing),
            )
        )
        print(p + "loop_pico_ms_worst: %.1f" % max(t["loop_ms_worst"] for t in timing))
        print(
            p
            + "loop_passes_over_two_periods: %d of %d (the whole run)"
            % (sum(t["passes_over_2_scan_ms"] for t in timing), sum(t["passes"] for t in timing))
        )
        print(p + "loop_pico_ms_p99: %d" % max(t["loop_ms_p99"] for t in timing))
        print(
            p
            + "scan_period_ms_mean: %.2f (scan_ms %d)"
            % (max(t["period_ms_mean"] for t in timing), timing[0]["scan_ms"])
        )


def replay(n):
    """The line of every rulebook deal 0..n-1 that the board's bounded
    solver proves winnable (grade_deal(seed, "any"): DEAL_BUDGET nodes, its
    table cleared) replayed by the rules (fireice.solo). A graded deal of
    seed s is the candidate deal(64 s + k) with the same proof and line, so
    this replays every graded deal of seeds below n // 64 too."""
    from fireice.solo import Solitaire

    sv = Solver(BOARD_TABLE)
    proved = won = 0
    for seed in range(n):
        pos, line, _ = grade_deal(seed, "any", sv)
        if not line:
            continue
        proved += 1
        g = Solitaire(pos)
        for f, t in line:
            g.play(f, t)
        won += g.result == 4
    print("replay_deals: %d (every graded deal of seeds below %d included)" % (n, n // 64))
    print("replay_proved_winnable: %d" % proved)
    print("replay_won_by_their_line: %d" % won)


def table():
    """fireice.graded's table made again, every entry, by grade_deal (the
    exact definition of a graded deal): prints the mismatches (0) and the
    time; with FIREICE_TABLE set, the table's text for fireice/graded.py."""
    from fireice import graded
    from fireice.solver import Grader

    t0 = ticks_ms()
    bad = 0
    rows = []
    for g in graded.GRADES:
        ks = bytearray(graded.SEEDS)
        for seed in range(graded.SEEDS):
            gr = Grader(seed, g)
            while gr.step(30000) is None:
                pass
            ks[seed] = gr.k
            if graded.candidate(seed, g) != gr.cand:
                bad += 1
        rows.append(ks)
    try:
        import os

        show = os.getenv("FIREICE_TABLE")
    except (ImportError, AttributeError):
        show = None
    if show:
        for g, ks in zip(graded.GRADES, rows):
            print("    # %s" % g)
            for k in range(0, len(ks), 16):
                print('    b"%s"' % "".join("\\x%02x" % x for x in ks[k : k + 16]))
    print("graded_table_entries: %d" % (len(graded.GRADES) * graded.SEEDS))
    print("graded_table_mismatches: %d" % bad)
    print("graded_table_ms: %d" % ticks_diff(ticks_ms(), t0))


def main(argv):
    what = argv[1] if len(argv) > 1 else "count"
    n = int(argv[2]) if len(argv) > 2 else 1000
    if what == "count":
        count(n, int(argv[3]) if len(argv) > 3 else 0)
    elif what == "board":
        board(n)
    elif what == "grades":
        grades(n)
    elif what == "methods":
        methods(n, int(argv[3]) if len(argv) > 3 else 20000)
    elif what == "backward":
        backward(n)
    elif what == "part":
        part(n)
    elif what == "dealer":
        dealer(n)
    elif what == "steps":
        steps(n)
    elif what == "table":
        table()
    elif what == "replay":
        replay(n)
    elif what == "sim":
        sim(n, argv[3:] or ["digital", "colour"])
    elif what == "random":
        random_play(n, int(argv[3]) if len(argv) > 3 else 64)
    else:
        print(
            "usage: bench_solver.py count|board|grades|methods|backward|random|part|table N [BUDGET]"
        )
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
