# The digital scan from a hard timer interrupt (fireboard.sense_irqscan) on the
# rp2 backend, with fake machine, neopixel and time modules
# (tests/backends/hwfakes.py): the test fires the fake machine.Timer's
# callback as the alarm's interrupt would, between or within the main loop's
# passes. Both interpreters; the callback's allocation on MicroPython only.
from hwfakes import MICROPYTHON, PicoFakes, load, skip

from fireboard.app import App
from fireboard.sense_irqscan import use

ISLAND0 = 6  # GP6: island 0's mux output (hardware/pinmap.json)
HOLES0 = (0, 1, 2, 3, 4, 5, 6)  # island 0's holes: A1..A7 (fireboard.sense_mux)


def pico(front="digital"):
    from fireboard.board import start
    from simboard.memstore import MemStore

    fakes = PicoFakes()
    mod = load("fireboard.hw_rp2", fakes.modules())
    events = []
    app, hw, started = start(MemStore(), mod.Hardware, events.append, 0, front)
    app.begin(hw.ticks_ms(), *started)
    app.clock = hw.ticks_ms  # as fireboard.board.run
    use(app, hw.ticks_ms)
    return fakes, app, events


def pegs(fakes, present):
    # every hole of island 0 full (its mux output low whatever the channel)
    # or empty (pulled up)
    for p in fakes.pins:
        if p.id == ISLAND0 and p.mode == fakes.Pin.IN:
            p.level = 0 if present else 1


def fire(fakes, t):
    fakes.now = t
    fakes.timers[-1].fire()


def held(app):
    return [app.deb.stable[h] for h in HOLES0]


def spy(app):
    """What the tracker is given to track, pass by pass (a copy of island
    0's states each time it is called)."""
    seen = []
    real = app.tracker.update

    def update(states):
        seen.append([states[h] for h in HOLES0])
        return real(states)

    app.tracker.update = update
    return seen


def test_rp2_gives_a_hard_periodic_timer_and_machines_irq_fence():
    fakes = PicoFakes()
    mod = load("fireboard.hw_rp2", fakes.modules())
    from fireboard.config_defaults import DEFAULTS

    hw = mod.Hardware(dict(DEFAULTS))
    seen = []
    t = hw.timer(5, seen.append)
    assert t is fakes.timers[-1]
    assert (t.id, t.mode, t.period, t.hard) == (-1, fakes.Timer.PERIODIC, 5, True)
    t.fire()
    assert seen == [t]
    assert hw.disable_irq is fakes.machine.disable_irq
    assert hw.enable_irq is fakes.machine.enable_irq


def test_the_digital_scan_runs_in_the_interrupt_and_the_next_pass_takes_it():
    fakes, app, events = pico()
    assert app.irq is not None and app.clock is None  # no scan points: the timer scans
    timer = fakes.timers[-1]
    assert timer.running and timer.hard and timer.period == app.cfg["scan_ms"]
    mem = fakes.mem32
    scans = app.scans
    reads = mem.reads
    fakes.now = 100
    app.tick(100)
    assert mem.reads == reads  # the pass itself scans nothing
    assert app.scans == scans
    tracked = spy(app)
    pegs(fakes, True)
    for k, t in enumerate((105, 110, 115)):
        fire(fakes, t)
        assert mem.reads == reads + 7 * (k + 1)  # a whole scan each tick
    # the interrupt has debounced them (8 ms on the digital front end); the
    # loop's copy waits for its pass
    assert [app.irq.live.stable[h] for h in HOLES0] == [3] * 7
    assert held(app) == [0] * 7 and not app.changed and tracked == []
    fakes.now = 115
    app.tick(115)
    assert held(app) == [3] * 7
    assert tracked == [[3] * 7]  # tracked in this pass
    assert app.scans == scans + 3 and app.scanned == 115
    assert app.due == 121  # the loop's next pass: in the ms after the next tick's
    # a gap in the ticks (a collection cannot hold a hard interrupt back;
    # the timer stopped can): app.gap says it
    fire(fakes, 127)
    app.tick(127)
    assert app.gap == 12 and app.scans == scans + 4


class Interrupting:
    """A part of the loop during which the timer's interrupt comes (as it
    does in a long pass, a collection or a module load): ticks fired in the
    middle of the pass, after the tracker has read the pegs."""

    def __init__(self, fakes, times):
        self.fakes = fakes
        self.times = times

    def tick(self, app, now):
        for t in self.times:
            fire(self.fakes, t)
        self.times = ()


def test_a_scan_within_a_long_pass_is_seen_by_the_next_pass_and_not_before():
    fakes, app, events = pico()
    fakes.now = 200
    app.tick(200)
    pegs(fakes, True)
    app.parts.append(Interrupting(fakes, (205, 210, 215)))
    tracked = spy(app)
    app.tick(200)  # a long pass: three ticks within it
    assert [app.irq.live.stable[h] for h in HOLES0] == [3] * 7
    # what the pass's tracker read stands: no half-taken scan
    assert held(app) == [0] * 7 and not app.changed and tracked == []
    fakes.now = 216
    app.tick(216)
    assert held(app) == [3] * 7 and tracked == [[3] * 7]


def test_the_loop_takes_a_change_with_interrupts_off_and_only_then():
    fakes, app, events = pico()
    offs = fakes.irq_offs
    for t in (300, 305, 310):
        fire(fakes, t)
        app.tick(t)
    assert fakes.irq_offs == offs  # nothing changed: nothing copied
    pegs(fakes, True)
    for t in (315, 320, 325):
        fire(fakes, t)
        app.tick(t)
    assert fakes.irq_offs == offs + 1 and not fakes.irq_off
    assert held(app) == [3] * 7
    # a tick while they are off does not run (the fake's interrupt waits)
    fakes.irq_off = True
    n = app.irq.st[0]
    fire(fakes, 330)
    assert app.irq.st[0] == n
    fakes.irq_off = False


def test_the_interrupt_allocates_nothing():
    if not MICROPYTHON:
        skip("allocation is caught on MicroPython only")
    import micropython

    fakes, app, events = pico()
    irq = app.irq
    timer = fakes.timers[-1]
    island = [p for p in fakes.pins if p.id == ISLAND0 and p.mode == fakes.Pin.IN][0]
    n = irq.st[0]
    micropython.heap_lock()
    try:
        for k in range(40):
            fakes.now = 400 + 5 * k
            if k == 10:
                island.level = 0  # pegs put: the interrupt debounces them
            irq.fire(timer)
        new = irq.take(app, fakes.now)  # the loop's take too (its copy)
    finally:
        micropython.heap_unlock()
    assert irq.st[0] == n + 40
    assert new and held(app) == [3] * 7


class Watch:
    """The scanner's scan, checked: never while the timer runs outside its
    interrupt (the loop's own scans must stop it first)."""

    def __init__(self, fakes, app):
        self.fakes = fakes
        self.app = app
        self.real = app.scanner.scan
        self.calls = 0

    def scan(self, out):
        self.calls += 1
        t = self.fakes.timers[-1]
        if t.running and self.app.irq.timer is t and not self.fakes.inside:
            raise AssertionError("a scan while the timer runs")
        self.real(out)


def test_settle_and_the_sensors_command_stop_the_timer_while_they_use_the_scanner():
    fakes, app, events = pico()
    fakes.inside = False
    w = Watch(fakes, app)
    app.scanner.scan = w.scan  # (an attribute: the interrupt calls it too)
    fakes.inside = True
    fire(fakes, 500)
    fakes.inside = False
    assert w.calls == 1
    pegs(fakes, True)
    before = fakes.timers[-1]
    inits = before.inits
    app.settle()  # the pegs taken at once, without debounce
    assert w.calls == 2
    # stopped, and the same timer started again (made once: no allocation)
    assert fakes.timers[-1] is before and before.running and before.inits == inits + 1
    assert held(app) == [3] * 7 and [app.irq.live.stable[h] for h in HOLES0] == [3] * 7
    from fireboard import links_commands as commands

    replies = []
    n = len(fakes.timers)
    commands.handle(app, "sensors", replies.append)
    assert replies[-1]["state"][:7] == "3333333"
    assert len(fakes.timers) == n and before.running and before.inits == inits + 2
    commands.handle(app, "set debounce_ms 20", replies.append)
    assert app.irq.live.ms == 20 == app.deb.ms  # the interrupt's debounce too


def test_boards_without_a_timer_keep_the_loops_scan():
    from fireboard.board import start
    from simboard.hw import Hardware
    from simboard.memstore import MemStore

    app, hw, started = start(MemStore(), lambda cfg: Hardware(cfg, 0), [].append, 0, "digital")
    app.begin(0, *started)
    use(app, lambda: 0)
    assert app.irq is None and App.irq is None
    n = app.scans
    app.tick(5)
    assert app.scans == n + 1


def test_the_colour_scan_runs_in_the_interrupt_too_and_allocates_nothing():
    fakes, app, events = pico("colour")
    assert app.irq is not None and fakes.timers[-1].running
    # the ADC and the settle through their registers (hwfakes: the words
    # and what acts beside them), as on a Pico
    assert app.scanner.aregs == 1
    adc = fakes.adcs[-1]
    base = app.scanner.base[0]
    adc.reading = base + 2 * app.scanner.threshold  # every hole reads one colour
    tracked = spy(app)
    fire(fakes, 600)
    n = app.irq.st[0]
    mem = fakes.mem32
    mem.conversions = mem.settles = 0
    if MICROPYTHON:
        import micropython

        micropython.heap_lock()
    try:
        for t in (605, 610, 615, 620, 625, 630):
            fire(fakes, t)
    finally:
        if MICROPYTHON:
            micropython.heap_unlock()
    assert app.irq.st[0] == n + 6
    # 49 conversions and 48 waits on TIMERAWL a scan, no sleep_us
    assert (mem.conversions, mem.settles) == (49 * 6, 48 * 6)
    assert fakes.slept == []
    fakes.now = 630
    app.tick(630)
    assert tracked and tracked[-1][0] in (1, 2)


def test_calib_take_stops_the_timer_while_it_scans():
    fakes, app, events = pico("colour")
    fakes.inside = False
    w = Watch(fakes, app)
    app.scanner.scan = w.scan
    from fireboard import links_commands as commands

    replies = []
    n = len(fakes.timers)
    inits = fakes.timers[-1].inits
    commands.handle(app, "calib take", replies.append)
    assert w.calls == 8  # its eight scans, none while the timer ran
    assert "base" in replies[-1], replies
    assert len(fakes.timers) == n and fakes.timers[-1].running
    assert fakes.timers[-1].inits == inits + 1


def test_a_timer_that_stopped_is_started_again_and_said():
    # on MicroPython a hard callback that raises stops its timer: the loop
    # finds no scan for 200 periods, starts it again, and says so
    fakes, app, events = pico()
    timer = fakes.timers[-1]
    fire(fakes, 500)
    app.tick(501)
    timer.running = False  # (stopped as by a callback that raised)
    ms = app.cfg["scan_ms"]
    app.tick(501 + 100 * ms)  # half the wait: nothing yet
    assert not timer.running and not [e for e in events if e.get("ev") == "error"]
    app.tick(502 + 200 * ms)
    assert timer.running and app.irq is not None
    assert [e["reason"] for e in events if e.get("ev") == "error"] == [
        "the scans' timer had stopped: started again"
    ]
    pegs(fakes, True)  # and it scans again
    for k in range(1, 12):
        fire(fakes, 502 + 200 * ms + 5 * k)
    app.tick(fakes.now + 1)
    assert held(app) == [3] * 7


def test_a_timer_that_cannot_start_leaves_the_scans_to_the_loop():
    fakes = PicoFakes()
    mod = load("fireboard.hw_rp2", fakes.modules())
    from fireboard.board import start
    from simboard.memstore import MemStore

    events = []
    app, hw, started = start(MemStore(), mod.Hardware, events.append, 0, "digital")
    app.begin(hw.ticks_ms(), *started)
    app.clock = hw.ticks_ms

    def no_timer(ms, fn, t=None):
        raise MemoryError

    hw.timer = no_timer
    use(app, hw.ticks_ms)
    assert app.irq is None and app.clock is hw.ticks_ms  # the loop's scans and scan points
    assert (events[-1]["ev"], events[-1]["reason"]) == (
        "error",
        "no timer for the scans: the main loop scans",
    )
    pegs(fakes, True)
    for t in range(600, 700, 5):
        fakes.now = t
        app.tick(t)
    assert held(app) == [3] * 7


def test_a_tick_run_to_catch_up_scans_nothing():
    # after a time with interrupts off (a flash erase) a timer runs the
    # ticks it missed back to back: one scans, the rest do nothing, and the
    # schedule goes on from the one that scanned
    fakes, app, events = pico()
    fire(fakes, 500)
    n = app.irq.st[0]
    for t in (545, 545, 546, 546, 547):  # 45 ms late, then the catch-up
        fire(fakes, t)
    assert app.irq.st[0] == n + 1
    fire(fakes, 549)  # the next on its time (550), within its ms
    fire(fakes, 555)
    assert app.irq.st[0] == n + 3


def test_the_interrupts_scan_count_wraps_and_allocates_nothing():
    # the interrupt's count (st[0]) starts again at 1 after COUNTS scans,
    # as the loop's does (fireice.ticks.count_next): a small int for ever,
    # allocation-free in the interrupt and in the loop's take
    from fireice.ticks import COUNTS

    fakes, app, events = pico()
    fire(fakes, 100)
    app.irq.st[0] = COUNTS - 1
    if MICROPYTHON:
        import micropython

        micropython.heap_lock()
    try:
        fire(fakes, 105)
        fire(fakes, 110)
        fakes.now = 110
        app.tick(110)
    finally:
        if MICROPYTHON:
            micropython.heap_unlock()
    assert app.irq.st[0] == 1 and app.scans == 1
    assert app.scanned == 110 and app.gap == 5  # the gaps still counted past the wrap
    fire(fakes, 121)
    app.tick(121)
    assert app.scans == 2 and app.gap == 11


def test_a_pass_before_the_first_tick_is_not_a_stopped_timer():
    # at boot the last scan's time is the first scan's (long before, on a
    # board up for seconds): a pass that comes before the timer's first
    # tick finds nothing wrong
    fakes = PicoFakes()
    fakes.now = 2500
    mod = load("fireboard.hw_rp2", fakes.modules())
    from fireboard.board import start
    from simboard.memstore import MemStore

    events = []
    app, hw, started = start(MemStore(), mod.Hardware, events.append, 0, "digital")
    app.begin(hw.ticks_ms(), *started)
    app.scanned = 0  # (as begin leaves it on a board)
    use(app, hw.ticks_ms)
    fakes.now = 2502
    app.tick(2502)
    assert not [e for e in events if e.get("ev") == "error"], events
    assert fakes.timers[-1].inits == 1


def test_a_timer_that_keeps_stopping_leaves_the_scans_to_the_loop():
    fakes, app, events = pico()
    ms = app.cfg["scan_ms"]
    t = 500
    for _k in range(4):
        fakes.timers[-1].running = False  # (stopped as by a callback that raised)
        t += 201 * ms
        fakes.now = t
        app.tick(t)
    reasons = [e["reason"] for e in events if e.get("ev") == "error"]
    assert reasons == ["the scans' timer had stopped: started again"] * 3 + [
        "the scans' timer had stopped: the main loop scans"
    ]
    assert app.irq is None and app.clock is not None and not fakes.timers[-1].running
    pegs(fakes, True)
    for k in range(1, 12):
        fakes.now = t + 5 * k
        app.tick(fakes.now)
    assert held(app) == [3] * 7  # the loop scans


def test_the_colour_scans_timer_runs_no_faster_than_its_scan_allows():
    fakes, app, events = pico("colour")
    assert fakes.timers[-1].period == app.cfg["scan_ms"] == 5
    app.irq_scans(False)
    app.cfg["scan_ms"] = 1  # (the configuration allows 1 to 10)
    app.irq_scans(True)
    assert fakes.timers[-1].period == 4
