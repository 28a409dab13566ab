# The scan points (fireboard.app.App.sense): within a long pass the scan that
# has fallen due runs, so that the pass does not hold the scans back; the
# main loop (fireboard.board.main_loop) starts the next pass scan_ms after
# the last scan. Without a clock (the tests' free loops) nothing changes.
from support import MICROPYTHON, skip
from test_board_loop import Clock, board


class At:
    """A clock that says what the test sets."""

    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now


def test_a_scan_point_scans_when_a_scan_is_due_and_only_then():
    app, hw, events = board("digital")
    app.sense()  # no clock: nothing
    n = app.scans
    app.tick(100)
    assert app.scans == n + 1 and app.scanned == 100
    at = At(104)
    app.clock = at
    app.sense()
    assert app.scans == n + 1  # 4 ms after the last: not due
    at.now = 105
    app.sense()
    assert app.scans == n + 2 and app.scanned == 105
    # a stray peg put down within a pass: the scan points debounce it on
    # time, the next pass tracks it
    hw.holes[0] = 1
    at.now = 110
    app.sense()
    assert app.deb.cand[0] == 3 and app.deb.stable[0] == 0 and not app.changed
    at.now = 118  # the digital front end's 8 ms
    app.sense()
    assert app.deb.stable[0] == 3 and app.changed
    said = len(events)
    assert not [e for e in events[said:] if e["ev"] == "illegal"]
    app.tick(120)
    assert [e["ev"] for e in events[said:]] == ["illegal"]
    assert app.gap == 8  # the longest time between two scans


def test_without_a_clock_a_pass_scans_once():
    app, hw, events = board("digital")
    n = app.scans
    hw.holes[0] = 1
    for k in range(5):
        app.tick(100 + 5 * k)
    assert app.scans == n + 5


class Stub:
    """An App whose passes each have a scan point 4 ms after they begin."""

    reboot = False

    def __init__(self):
        self.scanned = 0

    def tick(self, now):
        self.scanned = now + 4


def test_the_loop_starts_a_pass_scan_ms_after_the_last_scan():
    import asyncio

    from fireboard.board import main_loop

    times = [0, 6, 9, 16]  # each pass: when it begins, when it ends
    slept = []

    def ticks_ms():
        return times.pop(0)

    async def sleep_ms(ms):
        slept.append(ms)

    asyncio.run(main_loop(Stub(), 5, ticks_ms, sleep_ms, 2))
    # the first pass ended 2 ms after its last scan (at 4): 3 ms more, where
    # 5 ms after the pass began is past already; the second, 3 ms after
    assert slept == [3, 2]


def test_a_scan_point_allocates_nothing():
    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    import micropython

    app, hw, events = board("colour")
    app.tick(0)
    clock = Clock()  # 5 ms a call: every scan point scans
    app.clock = clock.ticks_ms  # (binding allocates)
    n = app.scans
    micropython.heap_lock()
    try:
        for _ in range(50):
            app.sense()
    finally:
        micropython.heap_unlock()
    assert app.scans == n + 50
