# The scans from a hard timer interrupt, where the hardware backend offers
# one (hw.timer: a Pico on MicroPython, the virtual board at Pico time;
# fireboard/hw.py) and the front end's scanner may run in one (its
# irq: the digital scan through the SIO registers,
# fireboard.sense_digital_sio, and the colour scan). Loaded only there
# (use, which the board's start calls where the backend has hw.timer):
# other boards carry none of it, and their main loop scans.
#
# Every scan_ms the interrupt scans and debounces (the scanner's scan and
# Debouncer.update, viper, allocating nothing), even while the loop is in a
# piece of a pass that cannot be split (a garbage collection, a module
# load, a frame, a USB line), and marks that a debounced state changed. At
# each pass's start the loop takes its results (take): the debounced
# states copied with interrupts off into app.deb.stable (when one changed),
# which the loop alone reads and writes, so the tracker never sees half a
# scan; and the
# scans' count, last time and longest gap (app.scans, app.scanned,
# app.gap). The loop keeps its passes every scan_ms (app.due: just after
# the interrupt's next scan), for the buttons, the parts and the lights.
#
# What else scans (App.settle, the calibration and the sensors commands)
# stops the timer first and starts it again after (App.irq_scans):
# the same timer each time (made once: a restart allocates nothing); a new
# debounce time is one word stored (atomic beside the interrupt). A tick
# that comes less than a millisecond or so before its time (the ticks a
# timer runs back to back to catch up after interrupts were off: a flash
# erase) scans nothing; a timer that has stopped (its callback raised) is
# found by the loop (take) and started again (restart).
from array import array

import micropython
from micropython import const

from fireboard.sense_debounce import Debouncer

# the words the interrupt writes (st) and the loop's copy of them (seen)
_SCANS = const(0)  # scans so far (as fireice.ticks.count_next counts: 1 after COUNTS)
_AT = const(1)  # when the last one ran (ticks_ms)
_GAP = const(2)  # the longest time between two scans (ms)
_NEW = const(3)  # 1: a debounced state changed since the loop last took them
_DUE = const(4)  # when the next scan falls due (ticks_ms)
_STALE = const(200)  # periods without a scan after which the timer is started again
_BEGUN = const(5)  # when the timer was last started (ticks_ms): no scan yet is not stale
_RESTARTS = const(3)  # restarts after which the loop scans instead
_MASK = const(0x3FFFFFFF)  # ticks_ms's period, less one
_HALF = const(0x20000000)
_COUNTS = const(0x3FFFFFFF)  # fireice.ticks.COUNTS


@micropython.viper
def _since(a: int, b: int) -> int:
    # ticks_diff(a, b) in machine integers (ticks_ms's period is 2**30)
    return ((a - b + _HALF) & _MASK) - _HALF


def use(app, clock):
    """The scans from the hardware's timer interrupt (hw.timer), where it
    has one and the front end's scanner may run in one (its irq); clock
    is the board's ticks_ms. Each pass then takes the interrupt's results,
    and there are no scan points (App.sense)."""
    if getattr(app.hw, "timer", None) is None or not getattr(app.scanner, "irq", False):
        return
    irq = IrqScan(app, clock)
    try:
        irq.start(app)
    except Exception:  # (no timer to be had: the loop keeps its scans)
        app._out({"ev": "error", "reason": "no timer for the scans: the main loop scans"})
        return
    app.irq = irq
    app.clock = None


class IrqScan:
    """The scans of app's scanner from the hardware's timer interrupt;
    clock() is the board's ticks_ms."""

    def __init__(self, app, clock):
        self.hw = app.hw
        self.scanner = app.scanner
        self.clock = clock
        self.raw = bytearray(49)
        self.live = Debouncer(app.deb.ms)  # the interrupt's (app.deb: the loop's copy)
        self.live.prime(app.deb.stable)
        self.st = array("i", bytes(24))
        st = self.st
        st[_SCANS] = app.scans
        st[_AT] = st[_DUE] = app.scanned
        st[_GAP] = app.gap
        self.fire = self.irq  # the bound method, made once: the interrupt calls it
        self.timer = None  # made by the first start, kept: started again without allocating
        self.on = False
        self.ms = 0
        self.restarts = 0

    def start(self, app):
        """The timer started, every scan_ms (or the scanner's least period
        in an interrupt, irq_ms, if that is longer: the colour scan's takes
        about 2 ms of a Pico's time, and a shorter period would leave the
        loop none), with the debounce as set now."""
        if not self.on:
            self.live.ms = app.deb.ms
            self.ms = max(app.cfg["scan_ms"], getattr(self.scanner, "irq_ms", 1))
            self.st[_BEGUN] = self.clock()
            self.timer = self.hw.timer(self.ms, self.fire, self.timer)
            self.on = True

    def stop(self):
        """The timer stopped: no scan runs until start."""
        t = self.timer
        if self.on and t is not None:
            self.on = False
            t.deinit()

    def restart(self, app):
        """The timer found stopped by the loop (take: no scan for _STALE
        periods; on MicroPython a hard callback that raises stops its
        timer): started again and said; if it cannot be, the loop scans
        from now on (its scan points too)."""
        self.stop()
        self.restarts += 1
        reason = "the scans' timer had stopped: the main loop scans"
        try:
            if self.restarts <= _RESTARTS:  # (then it stops again: the loop's own scans)
                self.start(app)
                reason = "the scans' timer had stopped: started again"
        except Exception:  # (no timer to be had)
            pass
        if not self.on:
            app.irq = None
            app.clock = self.clock
        app._out({"ev": "error", "reason": reason})

    def prime(self, raw):
        """The interrupt's debounced states taken as raw, without debounce
        (App.settle, with the timer stopped)."""
        self.live.prime(raw)
        self.st[_NEW] = 0

    @micropython.viper  # the interrupt: machine integers, no allocation
    def irq(self, timer):
        now = int(self.clock())
        st = ptr32(self.st)
        n = st[_SCANS]
        if n and int(_since(st[_DUE], now)) > 1:
            return  # a tick well before its time: one of a catch-up's, skipped
        raw = self.raw
        self.scanner.scan(raw)
        if int(self.live.update(raw, now)):
            st[_NEW] = 1
        if n:
            d = int(_since(now, st[_AT]))
            if d > st[_GAP]:
                st[_GAP] = d
        st[_AT] = now
        ms = int(self.ms)
        due = (st[_DUE] + ms) & _MASK  # on the schedule (ticks_add), a late tick or not,
        if not n or int(_since(due, now)) <= 0:  # unless behind it
            due = (now + ms) & _MASK
        st[_DUE] = due
        if n < _COUNTS:
            st[_SCANS] = n + 1
        else:  # (a small int for ever: fireice.ticks.count_next)
            st[_SCANS] = 1

    @micropython.viper  # every pass: machine integers, no Python frame
    def take(self, app, now: int) -> int:
        """At a pass's start (App.sense, given now): the interrupt's
        results, into app: the debounced states (app.deb.stable) copied
        with interrupts off when one changed since the last take (only then: the interrupt
        changes them only so), as one snapshot; the scans' count, last
        time and longest gap (each one word, read at once). 1 when a
        debounced state changed, 2 added when the timer has stopped
        (restart). The loop's next pass falls due just after the
        interrupt's next scan (app.due)."""
        st = ptr32(self.st)
        new = st[_NEW]
        if new:
            s = self.hw.disable_irq()
            src = ptr8(self.live.stable)
            dst = ptr8(app.deb.stable)
            for h in range(49):
                dst[h] = src[h]
            st[_NEW] = 0
            self.hw.enable_irq(s)
        at = st[_AT]
        app.scans = st[_SCANS]
        app.scanned = at
        app.gap = st[_GAP]
        # (the ms after the next tick's: the tick comes within its ms,
        # whose start a pass could otherwise find it not yet run)
        ms = int(self.ms)
        due = (at + ms + 1) & _MASK  # (ticks_add)
        if int(_since(due, now)) <= 0:
            due = (now + ms) & _MASK
        app.due = due
        b = st[_BEGUN]
        if (
            int(self.on)
            and int(_since(now, at)) > _STALE * ms
            and int(_since(now, b)) > _STALE * ms
        ):
            new |= 2
        return new
