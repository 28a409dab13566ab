# The engine's playouts a second on the clock given (a CPU clock, so that
# other programs on a shared machine do not count): one function for
# bench_engine.py (MicroPython) and bench_engine_host.py (CPython).
from fireice.duel import Duel
from fireice.engine import Engine


def playout_rate(seconds, clock):
    e = Engine(1, 5)
    g = Duel()
    n = 0
    t0 = clock()
    while clock() - t0 < seconds:
        for _ in range(50):
            e.playout(g)
        n += 50
    return int(n / (clock() - t0))
