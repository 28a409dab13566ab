# Engine benchmark on the MicroPython interpreter (run by `make bench`):
# playouts per second, and for every board level a whole game against itself
# with each move's time (as estimated Pico seconds, fireice.pico.SLOWDOWN
# times this machine's) and the level's memory. Prints "name: value" lines.
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


def playout_rate(ms):
    e = Engine(1, 5)
    g = Duel()
    n = 0
    t0 = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t0) < ms:
        e.playout(g)
        n += 1
    dt = time.ticks_diff(time.ticks_ms(), t0)
    return n * 1000 // dt


def think_locked(e, g):
    micropython.heap_lock()
    try:
        return e.think(g)
    finally:
        micropython.heap_unlock()


def level_game(level, seed):
    # the level against itself, a whole game; per-move microseconds
    gc.collect()
    m0 = gc.mem_alloc()
    e = Engine(level, seed)
    gc.collect()
    mem = gc.mem_alloc() - m0
    g = Duel()
    times = []
    while not g.result:
        e.seed(seed * 1009 + g.ply)
        t0 = time.ticks_us()
        mv = think_locked(e, g)
        times.append(time.ticks_diff(time.ticks_us(), t0))
        g.play(mv >> 6, mv & 63)
    return times, mem


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print("engine_pico_slowdown_factor: %d" % SLOWDOWN)
    print("engine_playouts_per_s_micropython: %d" % playout_rate(2000))
    print("engine_code_heap_bytes: %d" % _engine_code)
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
        print("engine_level%d_pico_s_per_move_worst: %.2f" % (level, worst * SLOWDOWN / 1e6))
        print("engine_level%d_pico_s_per_move_median: %.2f" % (level, med * SLOWDOWN / 1e6))
        print("engine_level%d_peak_heap_bytes: %d" % (level, mem + _engine_code))


main()
