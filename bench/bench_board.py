# Board firmware benchmark on the MicroPython interpreter (make bench): the
# firmware as loaded on a board (.mpy), on the virtual board's hardware shim.
# Prints one measured figure per line as "name: value".
import gc
import time
from array import array

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
    # what of that is left for the collector: the unix port allocates the
    # call frame of App.tick on the heap (a frame larger than the VM keeps
    # on the C stack) and frees it as the call returns, so
    # it counts in mem_total but is never garbage. Measured with the
    # collector off: the heap in use after N passes, less before
    gc.collect()
    gc.disable()
    used0 = gc.mem_alloc()
    for _ in range(N):
        now += 5
        app.tick(now)
    left = gc.mem_alloc() - used0
    gc.enable()
    print("%s_garbage_bytes_per_loop: %d" % (front, left // N))
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
    lights_cost(front, app)
    if front == "digital":
        register_ops(app)
    else:
        register_ops_colour(app)


def lights_cost(front, app):
    """What sending the lights costs a pass (issue 17 item 3): Lights.show()
    on a frame that changed (map, dim, cap, compare: viper) and the Pico
    backend's copy into the driver's buffer (simboard.picotime.grb, as
    fireboard.hw_rp2.Strip.write), here and at Pico speed, with the wire's
    time (1.5 ms, machine.bitstream with interrupts off: not scaled)."""
    from fireice.pico import SLOWDOWN
    from simboard.picoboard import _WIRE_US
    from simboard.picotime import Mem32, grb

    lights = app.lights
    mem = Mem32(app.lights.strip)
    sent = [0]

    def send(rgb):  # (the virtual strip's write: hw.write -> on_frame)
        grb(rgb, mem)
        sent[0] += 1

    app.lights.strip.on_frame = send
    f = lights.frame
    t0 = time.ticks_us()
    for k in range(N):
        f[3 * (k % 49)] ^= 0x40  # one LED changes: the frame goes out
        lights.show()
    us = time.ticks_diff(time.ticks_us(), t0) / N
    assert sent[0] == N
    print("%s_lights_send_us: %.1f" % (front, us))
    print("%s_lights_send_ms_pico: %.2f" % (front, (us * SLOWDOWN + _WIRE_US) / 1000))
    t0 = time.ticks_us()
    for _ in range(N):
        lights.show()  # the same frame: nothing goes out
    us = time.ticks_diff(time.ticks_us(), t0) / N
    print("%s_lights_unchanged_us: %.1f" % (front, us))


def register_ops(app):
    """The register operations of one full digital scan at the hardware's
    limit (fireboard.sense_digital_sio.RegisterScanner on a fake mem32 that
    counts them, simboard.picotime.Mem32)."""
    from fireboard.sense_digital_sio import RegisterScanner
    from simboard.picotime import Mem32

    hw = app.lights.strip  # (the virtual board's hardware)
    cfg = app.cfg
    pins = cfg["pins"]
    mem = Mem32(hw)
    mem.latch()
    scan = RegisterScanner(
        mem,
        pins["mux_select"],
        pins["digital_mux_out"],
        [hw.output(p) for p in pins["mux_select"]],
        [hw.input(p) for p in pins["digital_mux_out"]],
        cfg["active_low"],
        cfg["sensor_map"],
    )
    out = bytearray(49)
    scan.scan(out)  # the first scan, from channel 0
    n = mem.ops
    scan.scan(out)  # and one from where the last ended, as in the loop
    print("scan_register_ops_digital: %d" % (mem.ops - n))
    assert bytes(out) == bytes(app.raw), "the register scan reads the board as the pin scan does"


def register_ops_colour(app):
    """The same for the colour front end, as on a Pico: its select lines
    through GPIO_OUT_XOR (fireboard.sense_colour.registers: stores through
    a viper pointer), the ADC through CS, its set alias and RESULT, and
    each settle on TIMERAWL (fireboard.sense_colour.adc_registers), on
    simboard.picotime's words, which count them; and a scan's time here both ways (registers,
    and read_u16 with settle_us), the virtual hardware's own time taken off
    (simboard.picotime.calibrate): what the Pico factor multiplies."""
    from fireice.pico import SLOWDOWN
    from simboard import picotime as pt

    hw = app.lights.strip
    pins = app.cfg["pins"]
    mem = pt.Mem32(hw)
    hw.mem32 = mem  # (its ADC applies what the scan stores into out_xor)
    adc = pt.Adc(mem)
    mem.adc_sim = adc
    w = 0  # the select word as the pin scans left the lines (Adc reads it)
    for k in range(3):
        w |= (hw.sel >> k & 1) << mem.sel[k] | (hw.isel >> k & 1) << mem.isel[k]
    pt._st[1] = w
    scan = app.scanner
    pin_adc = scan.adc
    settle = scan.settle_us
    from fireboard import sense_colour as colour

    colour.registers(scan, mem.out_xor, pins["mux_select"], pins["analog_island_select"])
    words = mem.adc_words
    colour.adc_registers(scan, words[0], words[1], words[2], pins["adc"] - 26, adc)
    hw.adc = lambda gpio: adc  # (as at Pico time: simboard.picoboard)
    hw.settle_us = pt.settle
    cost = pt.calibrate(hw, mem)
    del hw.adc, hw.settle_us
    mem.latch()
    out = bytearray(49)
    scan.scan(out)
    counts = array("i", bytes(4 * pt.NCOUNTS))
    board_counts(hw, counts)
    scan.scan(out)  # from where the last ended, as in the loop
    after = array("i", bytes(4 * pt.NCOUNTS))
    board_counts(hw, after)
    # (and 2 the words do not see: CS read and written at the scan's start,
    # its input chosen again)
    ops = after[pt.REG_OPS] - counts[pt.REG_OPS] + after[6] - counts[6] + 2
    print("scan_register_ops_colour: %d" % ops)
    print("scan_adc_conversions_colour: %d" % (after[7] - counts[7]))
    print("scan_adc_reads_colour: %d" % (after[2] - counts[2]))
    assert bytes(out) == bytes(app.raw), "the register scan reads the board as the pin scan does"
    for name in ("registers", "read_u16"):
        board_counts(hw, counts)
        t0 = time.ticks_us()
        for _ in range(200):
            scan.scan(out)
        us = time.ticks_diff(time.ticks_us(), t0)
        board_counts(hw, after)
        ns = 1000 * us
        hw_us = after[3] - counts[3]  # (the settles' us)
        for k in range(pt.NCOUNTS):
            ns -= (after[k] - counts[k]) * cost[k]
            hw_us += (after[k] - counts[k]) * pt.UNIT_US[k]
        print("colour_scan_ns_here_%s: %d" % (name, ns // 200))
        # at Pico time: that x the factor, and the Pico's hardware time
        print("colour_scan_us_pico_%s: %d" % (name, (ns * SLOWDOWN // 1000 + hw_us) // 200))
        print("colour_scan_hw_us_pico_%s: %d" % (name, hw_us // 200))
        scan.aregs = 0  # the other way: read_u16 and settle_us, at Pico time's
        scan.adc = adc
        scan.settle_us = pt.settle
    scan.adc = pin_adc
    scan.settle_us = settle


class _Counted:
    # what PicoBoard.counts reads of its board: the hardware, picotime
    def __init__(self, hw):
        self.hw = hw
        self.pt = __import__("simboard.picotime").picotime


def board_counts(hw, into):
    # the virtual board's counts of hardware operations, for a board without
    # Pico time (simboard.picoboard.PicoBoard.counts, the one home of them)
    from simboard.picoboard import PicoBoard

    PicoBoard.counts(_Counted(hw), into)


import sys  # noqa: E402

measure(sys.argv[1] if len(sys.argv) > 1 else "digital")
