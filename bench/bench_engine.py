# Engine benchmark on the MicroPython interpreter (run by `make bench`):
# playouts per second, and for every board level a whole game against itself
# with each move's time (as estimated Pico seconds, fireice.pico.SLOWDOWN
# times this machine's) and the level's memory. Prints "name: value" lines.
# Times are this process's CPU time (time.clock() of the unix port), so that
# other programs on a shared machine do not inflate them.
import gc
import sys
import time

import micropython

gc.collect()
_base = gc.mem_alloc()
from fireice.duel import Duel  # noqa: E402

gc.collect()
_game_code = gc.mem_alloc() - _base
from fireice.engine import BOARD_LEVELS, Engine  # noqa: E402
from fireice.pico import SLOWDOWN  # noqa: E402

gc.collect()
_engine_code = gc.mem_alloc() - _base - _game_code
from playouts import playout_rate  # noqa: E402


def think_locked(e, g):
    micropython.heap_lock()
    try:
        return e.think(g)
    finally:
        micropython.heap_unlock()


def level_game(level, seed):
    # the level against itself, a whole game; per-move CPU seconds
    gc.collect()
    m0 = gc.mem_alloc()
    e = Engine(level, seed)
    gc.collect()
    mem = gc.mem_alloc() - m0
    g = Duel()
    times = []
    while not g.result:
        # the clock counts milliseconds: short moves are timed over repeats
        # (the same seed repeats the same work)
        reps = 1
        while True:
            t0 = time.clock()
            for _ in range(reps):
                e.seed(seed * 1009 + g.ply)
                mv = think_locked(e, g)
            dt = time.clock() - t0
            if dt >= 0.05 or reps >= 256:
                break
            reps *= 4
        times.append(dt / reps)
        g.play(mv >> 6, mv & 63)
    return times, mem


def mpy_size(names):
    # bytes of the Pico build of these modules (make mpy), 0 when not built
    import os

    total = 0
    for n in names:
        try:
            total += os.stat(_MPY + "/fireice/" + n + ".mpy")[6]
        except OSError:
            return 0
    return total


_MPY = sys.argv[2] if len(sys.argv) > 2 else ".build/mpy"


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print("engine_pico_slowdown_factor: %d" % SLOWDOWN)
    print("engine_playouts_per_s_micropython: %d" % playout_rate(2, time.clock))
    print("engine_code_heap_bytes: %d" % _engine_code)
    # on a Pico the machine code of @micropython.native functions is in the
    # heap too (on the unix port it is not): the .mpy files for the Pico's
    # CPU (engine, moves) stand for the engine's code there, an upper bound
    code = mpy_size(("engine", "moves"))
    print("engine_code_mpy_armv6m_bytes: %d" % code)
    for level in range(1, BOARD_LEVELS + 1):
        worst = 0
        allt = []
        mem = 0
        for seed in range(1, games + 1):
            times, mem = level_game(level, seed)
            allt += times
            worst = max(worst, max(times))
        allt.sort()
        med = allt[len(allt) // 2]
        print("engine_level%d_pico_s_per_move_worst: %.2f" % (level, worst * SLOWDOWN))
        print("engine_level%d_pico_s_per_move_median: %.2f" % (level, med * SLOWDOWN))
        print("engine_level%d_peak_heap_bytes: %d" % (level, mem + _engine_code))
        if code:
            print("engine_level%d_board_heap_estimate_bytes: %d" % (level, mem + code))


main()
