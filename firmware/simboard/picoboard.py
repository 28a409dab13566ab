# The virtual board at Pico time (`fireice sim --pico-time`, make bench):
# each pass of the main loop costs its CPU time here times the Pico factor
# (fireice.pico), and each LED frame its wire time, in virtual time
# (simboard.picotime measures the virtual hardware's own time, to be taken
# off). A Board (simboard.board) whose code is loaded only with Pico time:
# without it the virtual board's heap holds none of it, as a board's holds
# none (bench/bench_heap.py measures the firmware's heap so).
from array import array
import micropython
import sys
from time import ticks_diff, ticks_us

from fireice.ticks import count_diff
from simboard import board
from simboard.board import Board
from simboard.hw import Hardware

# NeoPixel wire time of a frame on a Pico: 51 LEDs x 24 bits x 1.25 us, and
# the 50 us latch (machine.bitstream sends it with interrupts off, at the
# wire's speed: not scaled by the Pico factor)
_WIRE_US = 51 * 24 * 125 // 100 + 50
# A hard timer interrupt's own cost on a Pico beyond its callback's code:
# the alarm's interrupt, MicroPython's entry into a hard callback (the heap
# locked, an exception handler set, the call) and its return, in us (an
# estimate: a few hundred cycles at 125 MHz, not measured on a board)
_IRQ_US = 15


_RGB = b' "rgb": ['


def _digits(buf, n, v):
    # v (0 or more) in decimal into buf from n, without allocating; the end
    if v >= 10:
        n = _digits(buf, n, v // 10)
    buf[n] = 48 + v % 10
    return n + 1


class PicoBoard(Board):
    def __init__(self, flash, seed, front):
        # its counters made before the firmware starts (Board.__init__)
        from fireice.pico import C_SLOWDOWN, SLOWDOWN

        self.pico = _factor[0] or SLOWDOWN
        self.c_factor = C_SLOWDOWN * self.pico // SLOWDOWN
        self.hist = array(
            "I", bytes(4 * 200)
        )  # passes by their Pico time in whole ms (the last: 199 and more)
        self.next = 0  # when the next pass starts
        self.passes = self.busy_us = self.worst_us = self.first = self.scans0 = 0
        self.pass_at = self.wire_us = 0
        self.cost = None  # simboard.picotime.calibrate's
        self.head = bytearray(b'{"ev": "leds", "at": ' + bytes(12))  # (frame)
        self.ops0 = array("i", bytes(40))  # the hardware's counts as the pass began
        self.waited0 = 0  # simboard.picotime.waited_ns() as the pass began
        self.thinks = self.think_us = self.think_worst_us = 0  # the engine
        self.think_pass_us = self.think_passes = 0
        # how late a scan started against the loop's schedule (app.due:
        # the scans fall due scan_ms apart, and a scan is late by what the
        # passes before it took beyond their share), in us: the worst of all; the
        # worst while the engine thought (its search under way as the pass
        # before began and as it ended); after the pass that started a
        # search; after the pass that took its answer in
        self.late_us = self.late_think_us = self.late_start_us = self.late_end_us = 0
        self.late_over = 0  # scans while it thought later than one period
        # passes while a part is busy (the solitaire's solve in slices,
        # fireboard.track_judge), its worst, those longer than scan_ms and
        # than twice scan_ms (the next scan then more than a period late)
        self.solve_passes = self.solve_pass_us = self.solve_over = self.solve_late = 0
        self.freed0 = 0  # simboard.picotime.freed() as the pass began
        # the scans' timer interrupt (fireboard.sense_irqscan), as a Pico's
        # hardware fires it (_Timer, _ticks): the timer, when its next tick
        # is due (virtual us), where
        # the CPU is free from (us: the last pass's end, or a tick's); the
        # LED frames' wire times in the pass under way (pass-relative us,
        # start and end: interrupts are off while a frame goes out)
        self.tmr = None
        self.tick_us = self.end_us = self.nfw = 0
        # in the pass under way: the ticks' time so far (us), the kind of
        # pass for their lateness (_fire), the time the host has run the
        # board to (us: ticks past it wait)
        self.extra = self.kind = self.lim_us = 0
        # the board's ticks_ms as the timer's callback reads it: the virtual
        # time of the tick it runs at (a call of machine code, as a Pico's)
        self.irq_clock = _irq_ms
        self.fw = array("i", bytes(4 * 8))
        # the ticks so far: how many, the first's and the last's time (us),
        # the longest gap between two, their callbacks' Pico time (us, all
        # and the worst); how late a tick ran against its time (held back by
        # a frame on the wire) is counted in late_us and the others below
        self.irqs = self.irq_first = self.irq_last = self.irq_gap = 0
        self.irq_us = self.irq_worst = 0
        self.irq_end = 0  # when the last tick's callback ended (us): the next never runs before
        # the firmware's time here of the last five ticks (ns), and the ticks
        # fired so far (_fire: each is charged the median of its own and the
        # four before it: the scan does the same work each tick, and one
        # measurement here takes in the machine's hiccups, x 200)
        self.irq_ring = array("i", bytes(4 * 10))
        self.irqs_all = 0
        self.gc_ns = 0  # the collection in the pass under way: its time here
        self.collections = self.gc_ns_all = 0  # in passes, so far; their time here
        self.gc_thinking = 0  # of them, in passes while the engine thought
        Board.__init__(self, flash, seed, front)

    def at(self):
        """Virtual time now: within the pass under way, the timer's ticks
        that have run within it so far counted (they held it up)."""
        if not self.pass_t0:
            return self.now
        return self.pass_at + (self.extra + self.spent_us()) // 1000

    def hardware(self, cfg):
        # the SIO registers, as on a Pico, and the colour front end's ADC
        # and settle (simboard.picotime)
        from simboard.picotime import Adc, Mem32, settle

        hw = Hardware(cfg, self.args[1])
        hw.mem32 = Mem32(hw)
        # a hard timer interrupt, as a Pico has (fireboard.hw_rp2): both
        # front ends scan from it (fireboard.sense_irqscan)
        hw.timer = self.timer
        hw.disable_irq = _irq_off
        hw.enable_irq = _irq_on
        if cfg["front"] == "colour":
            adc = Adc(hw.mem32)
            hw.adc = lambda gpio: adc
            hw.settle_us = settle
            # the scan reads it through its registers, as on a Pico (Adc
            # acts as their hardware: simboard.picotime)
            hw.mem32.adc_sim = adc
        return hw

    def counts(self, into):
        hw = self.hw
        st = self.pt._st  # the colour front end's ADC and settle (picotime.Adc)
        into[0] = hw.pin_ops - hw.adc_reads
        into[1] = hw.mem32.ops - hw.mem32.writes
        into[2] = hw.adc_reads + st[0]
        into[3] = hw.settled_us + st[3]
        into[4] = hw.mem32.writes
        into[5] = hw.settles + st[2]
        into[6] = hw.mem32.stores + st[4]
        into[7] = st[12]  # conversions through the ADC's registers
        into[8] = st[14]  # settles on TIMERAWL (their us in [3])
        into[9] = st[13]  # register operations through pointers

    def spent_us(self):
        """Pico time of the pass so far, in us: the firmware's time here times
        the factor, less the virtual hardware's time, plus what the Pico's
        hardware takes for the same operations (simboard.picotime)."""
        end = ticks_us()  # first: what follows is not the firmware's time
        pt = self.pt
        ns = 1000 * ticks_diff(end, self.pass_t0) - (pt.waited_ns() - self.waited0)
        if not self.gc_ns and pt.freed() > self.freed0 + pt.GC_SEEN:
            # the collector ran in this pass: C code (simboard.picotime)
            self.gc_ns, took = pt.collect_ns()
            self.collections += 1
            self.gc_ns_all += self.gc_ns
            self.pass_t0 += took // 1000  # (the clock of the pass stops)
            self.waited0 += took - self.gc_ns
        ns -= self.gc_ns
        n = self.ops1
        self.counts(n)
        n0 = self.ops0
        cost = self.cost
        hw_us = self.wire_us + n[3] - n0[3]
        unit = pt.UNIT_US
        for k in range(10):  # (no tuples: the harness makes no garbage of its own)
            ops = n[k] - n0[k]
            ns -= ops * cost[k]
            hw_us += ops * unit[k]
        return max(0, ns) * self.pico // 1000 + hw_us + self.gc_ns * self.c_factor // 1000

    def ready(self):
        # the firmware has started (Board.start): the virtual hardware's own
        # time measured, to be taken off each pass
        import simboard.picotime as pt

        self.pt = pt
        self.cost = pt.calibrate(self.hw, self.hw.mem32)
        self.ops1 = array("i", bytes(4 * pt.NCOUNTS))
        self.ops2 = array("i", bytes(4 * pt.NCOUNTS))
        self.hw.on_aside = self.aside

    def timer(self, ms, fn, t=None):
        """hw.timer: machine.Timer(hard=True) of the virtual board, fired
        by run_to and frame (_ticks, _sync), its first tick ms after now."""
        if t is None:
            t = _Timer(self)
        t.init(ms, fn)
        return t

    def clock(self):
        """With Pico time, the board's ticks_ms (App.sense, the scan
        points): virtual time within the pass under way. What this takes
        here is not the firmware's time (a Pico reads a counter): the
        clock of the pass stops while it runs. A scan point past the time
        the host has run the board to (run_to) reads the holes as they
        stood then: a hand that acts within the pass is seen no sooner
        than at the next pass (as if no scan point ran), never before."""
        t0 = ticks_us()
        p0 = self.pass_t0
        w = self.waited0
        w0 = self.pt.waited_ns()
        now = self.at()
        if p0:
            self.waited0 = w + self.pt.waited_ns() - w0
            self.pass_t0 = p0 + ticks_diff(ticks_us(), t0)
        return now

    def frame(self, rgb):
        # the wire's time, not this output's
        pt = self.pt
        pt.grb(
            rgb, self.hw.mem32
        )  # the Pico backend's work before the wire (fireboard.hw_rp2.Strip)
        t0 = ticks_us()
        w0 = pt.waited_ns()
        self.wire_us += _WIRE_US
        at = self.now
        if self.pass_t0:  # (at(): the pass's time once, here)
            e = self.spent_us()
            if self.tmr is not None:  # the ticks before its wire time come first
                self._sync(e - _WIRE_US)
            at = self.pass_at + (self.extra + e) // 1000
            n = self.nfw
            if n < 4:  # its wire time in the pass, with interrupts off (_sync)
                self.fw[2 * n] = e - _WIRE_US
                self.fw[2 * n + 1] = e
                self.nfw = n + 1
        # the text of Board.frame, written from buffers without allocating:
        # this output's garbage would make the firmware's collections come
        # sooner, and in passes where a board makes none (a Pico's strip
        # allocates nothing: the turn LED's pulse while the board thinks)
        head = self.head
        n = _digits(head, 21, at)
        head[n] = 44  # ,
        out = sys.stdout.buffer
        out.write(head, n + 1)  # (the first n + 1 bytes)
        out.write(_RGB)
        out.write(pt.text, pt.frame_text(pt.text, rgb))
        if self.pass_t0:  # (the clock of the pass stops)
            self.waited0 += pt.waited_ns() - w0
            self.pass_t0 += ticks_diff(ticks_us(), t0)

    def aside(self, fn, arg):
        # With Pico time: what a Pico runs on its second core (the engine)
        # runs now, but the pass is not charged for it: its time at Pico
        # speed is the delay before its answer counts (hw.aside). (Nothing
        # imported here: the pass's clock runs until spent_us)
        if self.pass_t0:
            self.spent_us()  # a collection of the pass so far is seen now
        t0 = ticks_us()
        r = fn(arg)
        us = ticks_diff(ticks_us(), t0)
        if self.pass_t0:
            self.pass_t0 += us  # (the clock of the pass stops)
            # a collection the search set off is the second core's, not the
            # pass's (and one the pass makes later is then charged as C code)
            self.freed0 = self.pt.freed()
        us *= self.pico
        self.thinks += 1
        self.think_us += us
        if us > self.think_worst_us:
            self.think_worst_us = us
        return r, us // 1000

    def run_to(self, at):
        # every pass up to at, none skipped, each taking its Pico time: the
        # main loop (fireboard.board.main_loop) starts a pass when its scan
        # is due (app.due), or as soon as the one before ends if that is
        # later
        waited_ns = self.pt.waited_ns
        app = self.app
        hw = self.hw
        period = app.cfg["scan_ms"]
        t = self.next or self.now - self.now % period + period
        if not self.first:
            self.first = t
            self.scans0 = app.scans
            app.gap = 0
        while t <= at:
            pre = 0
            if self.tmr is not None:  # the ticks before the pass (the sensors as they stand)
                hw.mem32.latch()
                pre = self._ticks(t, 1 if _thinking(app) else 0)
            self._begin_pass(t, at, pre)
            # the engine thinks: a search beside the loop (app.aside,
            # fireboard.track_think), the board's turn before its search
            # starts (fireboard.track_phases.THINKING), or a hint loading
            # the engine's code before its search (fireboard.track_hinting)
            thinking = _thinking(app)
            self.kind = 1 if thinking else 0
            solving = _busy(app)
            self.waited0 = waited_ns()
            self.pass_t0 = ticks_us()
            gap = app.gap  # the worst gap between two scans so far
            app.gap = 0  # (this pass's own, its scan points' included)
            scans = app.scans
            app.tick(t)
            us = self.spent_us()
            still = _thinking(app)
            inner = app.gap if count_diff(app.scans, scans) > 1 else 0  # (a scan point's)
            if gap > app.gap:
                app.gap = gap
            if self.tmr is not None:
                # the ticks within the pass, each charged to it; how late
                # they came is counted as they run (_fire)
                self.kind = 1 if thinking and still else 2 if still else 3 if thinking else 0
                self._sync(us)
                us += self.extra
                late = 0
            else:
                # how late a scan came against its schedule (app.due), in
                # us: at one of the pass's scan points (a gap longer than
                # scan_ms), or the next pass's (the loop starts it when it
                # is due, or when this pass ends if that is later). A
                # pass's first scan is the pass before's: its lateness is
                # counted there.
                late = 1000 * max(inner - period, t + (us + 999) // 1000 - app.due)
            self._count(us, late, thinking, still, solving, period)
            # the next pass: when its scan is due (app.due: the scans keep
            # a fixed schedule), or when this one ends if that is later or
            # a scan point took a change in (main_loop)
            self.end_us = 1000 * t + us
            t = t + (us + 999) // 1000
            if not app.changed:
                t = max(t, app.due)
        if self.tmr is not None:  # the ticks up to at (those after wait for the host's next lines)
            hw.mem32.latch()
            self._ticks(at, 1 if _thinking(app) else 0)
        self.next = t
        self.now = hw.now = app.now = at

    def _begin_pass(self, t, at, pre):
        # a pass's counters at its start: its Pico time from zero, pre the
        # timer's ticks before it (charged to it)
        hw = self.hw
        self.extra = pre
        self.lim_us = 1000 * at
        self.now = hw.now = self.pass_at = t
        self.wire_us = 0
        self.nfw = 0
        hw.mem32.latch()
        self.counts(self.ops0)
        self.gc_ns = 0
        self.freed0 = self.pt.freed()

    def _count(self, us, late, thinking, still, solving, period):
        # a pass's time (us) and its scan's lateness (late, us) counted:
        # the worst, the passes while the board thinks (thinking at its
        # start, still at its end) and while the solver solves, the
        # histogram
        app = self.app
        if late > self.late_us:
            self.late_us = late
        if thinking or still:  # a pass while the board thinks
            self.think_passes += 1
            if us > self.think_pass_us:
                self.think_pass_us = us
            if not thinking:  # the pass that started the search
                if late > self.late_start_us:
                    self.late_start_us = late
            elif not still:  # the one that took its answer in
                if late > self.late_end_us:
                    self.late_end_us = late
            else:
                if late > self.late_think_us:
                    self.late_think_us = late
                if late > 1000 * period:
                    self.late_over += 1
                if self.gc_ns:  # (a collection in this pass: spent_us)
                    self.gc_thinking += 1
        if solving and _busy(app):  # a pass of a solve in slices, not its first nor last
            self.solve_passes += 1
            if us > self.solve_pass_us:
                self.solve_pass_us = us
            if us > 1000 * period:
                self.solve_over += 1
                if us > 2000 * period:  # the next scan more than a period late
                    self.solve_late += 1
        self.pass_t0 = 0
        self.passes += 1
        self.busy_us += us
        if us > self.worst_us:
            self.worst_us = us
        self.hist[min(199, us // 1000)] += 1

    def _ticks(self, t, kind):
        # The timer's ticks due by virtual time t (ms), outside a pass: those
        # that fell within the pass before but past the time the host had
        # run the board to (run_to), which waited for the hand's next lines,
        # charged to that pass (it grows); then those of the idle time
        # between the passes. Returns the us the last one's end runs past t
        # (the pass that starts at t starts that much later).
        busy = self.end_us  # the CPU is free from
        lim = 1000 * t
        while self.tmr is not None and self.tick_us <= lim:
            x = self.tick_us
            if x < busy:  # within the pass before
                busy += self._fire(x, x, kind)
            else:
                self._fire(x, x, kind)
                busy = self.irq_end
        self.end_us = busy
        return max(0, busy - lim)

    def _sync(self, own):
        # The ticks within the pass under way up to where its own work
        # stands (own us from its start, the ticks' time not counted): each
        # runs at its time, or at the end of an LED frame's wire time if it
        # falls within one (the bitstream goes out with interrupts off), and
        # its time is the pass's (self.extra: the pass grows, and may take
        # in more ticks). Those past the time the host has run the board to
        # wait for the next run_to (_ticks). Called as the pass sends a
        # frame (the ticks before it delay it) and after the pass.
        start = 1000 * self.pass_at
        fw = self.fw
        while self.tmr is not None:
            x = self.tick_us
            if x > start + self.extra + own or x > self.lim_us:
                break
            o = x - start - self.extra  # where the pass's own work stands then
            fire = x
            for k in range(self.nfw):
                if fw[2 * k] <= o < fw[2 * k + 1]:
                    fire = start + self.extra + fw[2 * k + 1]
            self.extra += self._fire(fire, x, self.kind)

    def _fire(self, at_us, due_us, kind):
        # One tick of the timer: its callback run at virtual time at_us (us)
        # for the tick due at due_us; its Pico time (us) returned, reckoned
        # as a pass's is (spent_us: this interpreter's time times the
        # factor, the virtual hardware's own time taken off and the Pico's
        # charged) and the interrupt's entry (_IRQ_US). kind: 1 the engine
        # thinking, 2 its search starting, 3 its answer taken in, 0 none
        # (the passes' lateness without the timer, in run_to)
        tm = self.tmr
        self.tick_us = due_us + 1000 * tm.ms
        if at_us < self.irq_end:  # a hard interrupt never runs within itself: after the one before
            at_us = self.irq_end
        _irq_now[0] = at_us // 1000
        # TIMERAWL's word from 0 again: a Pico's wraps at 2**32, which the
        # colour scan's 32-bit difference takes in its stride, but this
        # 64-bit port's viper does not wrap it (a free-running counter: the
        # scan compares it within one sample only)
        pt = self.pt
        pt._clk[0] = 0
        irq = self.app.irq
        scans = irq.st[0] if irq is not None else -1
        n0 = self.ops2
        n = self.ops1
        self.counts(n0)
        w0 = pt.waited_ns()
        t0 = ticks_us()
        tm.fn(tm)
        ns = 1000 * ticks_diff(ticks_us(), t0) - (pt.waited_ns() - w0)
        self.counts(n)
        if self.pass_t0:  # within a pass: its operations are not the pass's
            o = self.ops0
            for k in range(10):
                o[k] += n[k] - n0[k]
        cost = self.cost
        unit = pt.UNIT_US
        hw_us = n[3] - n0[3]
        for k in range(10):
            ops = n[k] - n0[k]
            ns -= ops * cost[k]
            hw_us += ops * unit[k]
        if irq is not None and irq.st[0] == scans:
            # a tick that scanned nothing (one of a catch-up's, irqscan):
            # its own time, kept out of the scans' figures and the ring
            us = max(0, ns) * self.pico // 1000 + hw_us + _IRQ_US
            self.irq_end = at_us + us
            return us
        us = _median5(self.irq_ring, self.irqs_all, max(0, ns)) * self.pico // 1000
        self.irqs_all += 1
        us += hw_us + _IRQ_US
        self.irq_end = at_us + us
        self.irq_us += us
        if us > self.irq_worst:
            self.irq_worst = us
        if self.first and at_us >= 1000 * self.first:  # (from the first pass, as the scans)
            if self.irqs:
                d = at_us - self.irq_last
                if d > self.irq_gap:
                    self.irq_gap = d
            else:
                self.irq_first = at_us
            self.irq_last = at_us
            self.irqs += 1
            late = at_us - due_us
            if late > self.late_us:
                self.late_us = late
            if kind == 1:
                if late > self.late_think_us:
                    self.late_think_us = late
                if late > 1000 * tm.ms:
                    self.late_over += 1
            elif kind == 2:
                if late > self.late_start_us:
                    self.late_start_us = late
            elif kind == 3:
                if late > self.late_end_us:
                    self.late_end_us = late
        return us

    def _over(self, ms):
        # the passes longer than ms (their Pico time, by the whole ms)
        n = 0
        for k in range(ms, 200):
            n += self.hist[k]
        return n

    def timing(self):
        """The loop at Pico speed so far (`fireice sim --pico-time`)."""
        n = self.passes or 1
        app = self.app
        scans = count_diff(app.scans, self.scans0)
        period = (app.scanned - self.first) / max(1, scans - 1)
        gap = app.gap
        if self.irqs:  # the scans as the timer interrupt ran them
            scans = self.irqs
            period = (self.irq_last - self.irq_first) / max(1, scans - 1) / 1000
            gap = (self.irq_gap + 999) // 1000
        # the passes' median and 99th percentile, to the ms
        q = [0, 0]
        seen = 0
        for ms in range(200):
            seen += self.hist[ms]
            if not q[0] and 2 * seen >= n:
                q[0] = ms + 1
            if not q[1] and 100 * seen >= 99 * n:
                q[1] = ms + 1
        self.emit(
            {
                "ev": "timing",
                "slowdown": self.pico,
                "passes": self.passes,
                "loop_ms_mean": self.busy_us / n / 1000,
                "loop_ms_median": q[0],
                "loop_ms_p99": q[1],
                "loop_ms_worst": self.worst_us / 1000,
                # the scans (a pass's own and its scan points': App.sense),
                # from the first pass at Pico speed to the last scan
                "period_ms_mean": period,
                "scans": scans,
                "scan_gap_ms_worst": gap,
                # the scans from the timer interrupt (0: the loop scans), and
                # each one's Pico time
                "irq_scans": self.irqs,
                "irq_us_mean": self.irq_us / (self.irqs or 1),
                "irq_us_worst": self.irq_worst,
                "scan_ms": self.app.cfg["scan_ms"],
                "thinks": self.thinks,
                "think_ms_mean": self.think_us / (self.thinks or 1) / 1000,
                "think_ms_worst": self.think_worst_us / 1000,
                "loop_ms_worst_thinking": self.think_pass_us / 1000,
                "passes_thinking": self.think_passes,
                "late_ms_worst": self.late_us / 1000,
                "late_ms_worst_thinking": self.late_think_us / 1000,
                "late_ms_worst_think_start": self.late_start_us / 1000,
                "late_ms_worst_think_end": self.late_end_us / 1000,
                "late_over_period_thinking": self.late_over,
                "passes_over_2_scan_ms": self._over(2 * self.app.cfg["scan_ms"]),
                "passes_solving": self.solve_passes,
                "loop_ms_worst_solving": self.solve_pass_us / 1000,
                "passes_solving_over_scan_ms": self.solve_over,
                "passes_solving_over_2_scan_ms": self.solve_late,
                "c_slowdown": self.c_factor,
                # this interpreter's ns per virtual hardware operation, taken
                # off each pass (simboard.picotime.calibrate, in the order of
                # its UNIT_US): a run whose calibration came out high or low
                # has every pass too cheap or too dear by as much
                "hw_ns": list(self.cost),
                "collections": self.collections,
                "collections_thinking": self.gc_thinking,
                "gc_us_mean": self.gc_ns_all / (self.collections or 1) / 1000,
            }
        )


_irq_now = array("i", bytes(4))


def _median5(ring, n, v):
    # v put in the ring of the last five (ring[0:5]; ring[5:10] scratch),
    # n put before it; the median of those there are, without allocating
    ring[n % 5] = v
    m = min(n + 1, 5)
    for k in range(m):  # an insertion sort of the copy
        x = ring[k]
        j = 5 + k
        while j > 5 and ring[j - 1] > x:
            ring[j] = ring[j - 1]
            j -= 1
        ring[j] = x
    return ring[5 + m // 2]


@micropython.viper
def _irq_ms() -> int:
    return ptr32(_irq_now)[0]  # noqa: F821 (viper's own)


class _Timer:
    """machine.Timer(hard=True) of the virtual board at Pico time: its
    callback fn is fired every ms ms by the board (PicoBoard._ticks,
    _sync), from ms after it starts."""

    def __init__(self, board):
        self.board = board
        self.ms = 0
        self.fn = None

    def init(self, ms, fn):
        board = self.board
        self.ms = ms
        self.fn = fn
        board.tmr = self
        board.tick_us = 1000 * (board.at() + ms)

    def deinit(self):
        if self.board.tmr is self:
            self.board.tmr = None


def _irq_off():
    # machine.disable_irq: the virtual board's ticks run between passes,
    # after one, or as it sends a frame (PicoBoard._sync), never within
    # the loop's take (fireboard.sense_irqscan)
    return 0


def _irq_on(state):
    pass


def _thinking(app):
    # the engine at work for the game (run_pico's passes while it thinks)
    if app.aside is not None or app.tracker.forced == -2:
        return True
    for p in app.parts:
        if getattr(p, "hinting", False):
            return True
    return False


def _busy(app):
    # a part at work between scans (a solve in slices: simboard.idle)
    for p in app.parts:
        if getattr(p, "busy", False):
            return True
    return False


# the Pico factor given (--pico-factor: fireice sim), else 0: fireice.pico's
_factor = [0]


def main(argv):
    if "--pico-factor" in argv:
        k = argv.index("--pico-factor")
        _factor[0] = int(argv[k + 1])
        argv = argv[:k] + argv[k + 2 :]
    board.main(argv, PicoBoard)


if __name__ == "__main__":
    main(sys.argv[1:])
