# The scan points (fireboard.app.App.sense): within a long pass the scan that
# has fallen due runs, so that the pass does not hold the scans back; the
# main loop (fireboard.board.main_loop) starts the next pass when its scan is
# due (App.due: the scans fall due scan_ms apart). Without a clock (the
# tests' free loops) nothing changes.
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
    """An App whose passes each have their scan due 5 ms after the one
    before was due (a fixed schedule: App.due)."""

    reboot = False
    changed = False  # (a scan point's change waiting to be tracked)

    def __init__(self):
        self.due = 0

    def tick(self, now):
        self.due += 5


def test_the_loop_starts_a_pass_when_its_scan_is_due():
    import asyncio

    from fireboard.board import main_loop

    times = [0, 2, 5, 9, 10, 16]  # each pass: when it begins, when it ends
    slept = []

    def ticks_ms():
        return times.pop(0)

    async def sleep_ms(ms):
        slept.append(ms)

    asyncio.run(main_loop(Stub(), 5, ticks_ms, sleep_ms, 3))
    # the first pass ends at 2: 3 ms to its next scan's 5; the second, which
    # ran 4 ms, ends 1 ms before the third is due at 10; the third ends past
    # the fourth's 15: at once
    assert slept == [3, 1, 0]


def test_a_change_a_scan_point_took_in_is_tracked_at_once():
    import asyncio

    from fireboard.board import main_loop

    times = [0, 2, 3, 4]
    slept = []
    stub = Stub()
    stub.changed = True

    def ticks_ms():
        return times.pop(0)

    async def sleep_ms(ms):
        slept.append(ms)

    asyncio.run(main_loop(stub, 5, ticks_ms, sleep_ms, 2))
    assert slept == [0, 0]
    # the pass that tracks it scans only if its scan is due
    app, hw, events = board("digital")
    app.tick(100)
    app.clock = At(105)
    hw.holes[0] = 1
    app.sense()
    app.clock.now = 110
    app.sense()
    app.clock.now = 115
    app.sense()
    assert app.changed and app.scanned == 115
    n = app.scans
    app.tick(116)
    assert app.scans == n and not app.changed
    assert [e["ev"] for e in events][-1:] == ["illegal"]


def test_the_scans_keep_a_fixed_schedule():
    # a scan that comes late brings the next one sooner, so the period held
    # is scan_ms whenever the passes fit on the whole; one more than a period
    # behind starts the schedule afresh
    app, hw, events = board("digital")
    app.tick(100)
    assert app.due == 105
    at = At(107)  # 2 ms late (a long pass)
    app.clock = at
    app.sense()
    assert app.scanned == 107 and app.due == 110  # 3 ms on, not 5
    at.now = 109
    app.sense()
    assert app.scanned == 107  # not due yet
    at.now = 121  # 11 ms late: more than a period
    app.sense()
    assert app.scanned == 121 and app.due == 126
    at.now = 125
    app.sense()
    assert app.scanned == 121


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


def test_the_scan_count_wraps_and_stays_a_small_int():
    # months at 5 ms a scan: the count starts again at 1 after COUNTS
    # (2**30 - 1) scans, never 0 (none yet) and never a long int, which
    # would allocate every scan; the gaps and the schedule go on as before
    from fireice.ticks import COUNTS, count_diff, count_next

    assert (count_next(0), count_next(7), count_next(COUNTS - 1)) == (1, 8, COUNTS)
    assert count_next(COUNTS) == 1
    assert count_diff(3, COUNTS - 2) == 5 and count_diff(9, 4) == 5 and count_diff(4, 4) == 0
    app, hw, events = board("digital")
    app.tick(100)
    app.scans = COUNTS - 1
    app.clock = At(105)
    app.sense()
    assert app.scans == COUNTS and app.scanned == 105
    app.clock.now = 112
    app.sense()
    assert app.scans == 1 and app.scanned == 112
    assert app.gap == 7  # (a gap is counted once the first scan has run: still so)
    assert app.due == 115  # the schedule held: not restarted as at the first scan
    if MICROPYTHON:
        import micropython

        for t in (115, 120):  # a scan past the wrap allocates nothing
            app.clock.now = t
            app.scans = COUNTS
            micropython.heap_lock()
            try:
                app.sense()
            finally:
                micropython.heap_unlock()
            assert app.scans == 1
