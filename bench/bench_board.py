# Board firmware benchmark on the MicroPython interpreter (make bench): the
# firmware as loaded on a board (.mpy), on the virtual board's hardware shim.
# Prints one measured figure per line as "name: value".
import gc
import time

import micropython
from fireboard.board import start
from simboard.memstore import MemStore
from simboard.hw import Hardware

N = 2000


def build(front):
    gc.collect()
    before = gc.mem_alloc()
    app, hw, started = start(MemStore(), lambda cfg: Hardware(cfg, 0), lambda ev: None, 0, front)
    app.begin(0, *started)
    hw.holes[24] = 1
    app.settle()
    return app, hw, before


def measure(front):
    app, hw, before = build(front)
    now = 0
    for _ in range(50):
        now += 5
        app.tick(now)
    # a full scan: time and pin operations
    raw = app.raw
    ops = hw.pin_ops
    app.scanner.scan(raw)
    print("%s_pin_ops_per_scan: %d" % (front, hw.pin_ops - ops))
    t0 = time.ticks_us()
    for _ in range(N):
        app.scanner.scan(raw)
    print("%s_scan_us: %d" % (front, time.ticks_diff(time.ticks_us(), t0) // N))
    # the whole loop in steady state: time, and bytes allocated per loop
    total0 = micropython.mem_total()
    t0 = time.ticks_us()
    for _ in range(N):
        now += 5
        app.tick(now)
    dt = time.ticks_diff(time.ticks_us(), t0)
    print("%s_loop_us: %d" % (front, dt // N))
    print("%s_bytes_allocated_per_loop: %d" % (front, (micropython.mem_total() - total0) // N))
    # tracked events: a move (lift, put, fill) seen by the tracker, repeated
    t = app.tracker
    p = bytearray(app.deb.stable)
    events = 0
    t0 = time.ticks_us()
    for _ in range(200):
        game = t.game
        h = 24 if game.cells[24] else 17
        dest = 17 if h == 24 else 24
        side = game.cells[h]
        p[h] = 0
        t.update(p)
        p[dest] = side if app.scanner.colour else 3
        t.update(p)
        p[h] = (3 - side) if app.scanner.colour else 3
        t.update(p)
        events += 3
        game.pop()  # the board's game back to the start, pegs too
        t.start(game, setup=False)
        p[h] = side if app.scanner.colour else 3
        p[dest] = 0
        t.update(p)
        events += 1
        t.events.clear()
    print("%s_track_us_per_event: %d" % (front, time.ticks_diff(time.ticks_us(), t0) // events))
    gc.collect()
    print("%s_heap_in_use_bytes: %d" % (front, gc.mem_alloc() - before))


import sys  # noqa: E402

measure(sys.argv[1] if len(sys.argv) > 1 else "digital")
