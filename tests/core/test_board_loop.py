# The board's main loop (fireboard.board.main_loop, asyncio) in steady state
# allocates nothing: run it with the heap locked on MicroPython, on the
# virtual board's hardware, for both sensor front ends.
from support import MICROPYTHON, skip


class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        self.now += 5
        return self.now


def board(front):
    from fireboard.board import start
    from simboard.memstore import MemStore
    from simboard.hw import Hardware

    events = []
    app, hw, started = start(MemStore(), lambda cfg: Hardware(cfg, 0), events.append, 0, front)
    app.begin(0, *started)
    hw.holes[24] = 1  # the start position stands: D4, Fire
    app.settle()
    return app, hw, events


def run_locked(app, clock, n, console=None):
    import asyncio

    import micropython
    from fireboard.board import main_loop

    ticks_ms = clock.ticks_ms  # bound once: binding allocates
    sleep_ms = asyncio.sleep_ms

    async def locked():
        loop = main_loop(app, 0, ticks_ms, sleep_ms, n, console)  # making it allocates
        micropython.heap_lock()
        try:
            await loop
        finally:
            micropython.heap_unlock()

    asyncio.run(locked())


class Part:
    """A loop part that does what a quiet one does: look, change nothing."""

    def __init__(self):
        self.passes = 0

    def tick(self, app, now):
        self.passes += 1


def steady_state(front, plugged=False):
    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    app, hw, events = board(front)
    if plugged:  # a part in the loop and a second output (fireboard/app.py)
        part = Part()
        app.parts.append(part)
        app.outputs.append(events.append)
    assert [e["ev"] for e in events if e["ev"] in ("ready", "turn")] == ["ready", "turn"]
    clock = Clock()
    for _ in range(20):  # let the first frame out
        app.tick(clock.ticks_ms())
    before = app.ticks
    run_locked(app, clock, 400)
    assert app.ticks - before == 400
    assert app.tracker.phase == 0  # idle: the pegs match the game
    if plugged:
        assert part.passes == 420


def test_digital_main_loop_allocates_nothing():
    steady_state("digital")


def test_colour_main_loop_allocates_nothing():
    steady_state("colour")


def test_the_loop_with_a_part_and_a_second_output_allocates_nothing():
    steady_state("digital", plugged=True)


def test_the_locked_loop_notices_an_allocation():
    # the same loop with a stray peg put down during it must fail under the
    # lock (the board reports it, which allocates): the tests above can fail
    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    app, hw, events = board("digital")
    hw.holes[0] = 1
    try:
        run_locked(app, Clock(), 50)
    except MemoryError:
        return
    raise AssertionError("a tracked change under the heap lock did not fail")
