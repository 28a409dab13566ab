# fireboard.hw_rp2 (a Pico on MicroPython) against fake machine, neopixel and
# time modules; on MicroPython also with the real time module and with the
# heap locked around write(). Runs on CPython (pytest) and MicroPython
# (tests/mprun.py).
from hwfakes import (
    MICROPYTHON,
    PicoFakes,
    check_wire,
    distinct_frame,
    grb,
    load,
    raises,
    skip,
)

N = 51  # 49 holes and the two turn LEDs


def backend(real_time=False):
    from fireboard.config_defaults import DEFAULTS

    fakes = PicoFakes()
    mod = load("fireboard.hw_rp2", fakes.modules(real_time))
    return fakes, mod.Hardware(dict(DEFAULTS))  # as fireboard.board.start makes it


def test_select_lines_are_outputs_that_start_low():
    f, hw = backend()
    for gpio in (2, 3, 4, 13, 14, 15):
        p = hw.output(gpio)
        assert p is f.pins[-1]
        assert p.id == gpio
        assert p.mode == f.Pin.OUT
        assert p.pull == -1  # a driven line needs no pull
        assert p.init_value == 0  # low from the moment it drives
        p.value(1)
        assert p.level == 1
        p.value(0)
        assert p.level == 0


def test_inputs_have_the_pull_up():
    f, hw = backend()
    for gpio in (6, 7, 8, 9, 10, 11, 12, 20, 21):
        p = hw.input(gpio)
        assert p.id == gpio
        assert p.mode == f.Pin.IN
        assert p.pull == f.Pin.PULL_UP
        assert p.value() == 1  # pulled up, nothing pulls it down
        p.level = 0  # a switch or a button to ground closes
        assert p.value() == 0
        assert p.writes == 0


def test_the_adc_is_given_the_pin_of_gp26():
    f, hw = backend()
    adc = hw.adc(26)
    src = f.adcs[0].source
    # a Pin, not the number 26 (ADC(0..4) would be a channel); left
    # unconfigured, so the ADC sets the pad up itself (no pull)
    assert src is f.pins[-1]
    assert src.id == 26
    assert src.mode == -1 and src.pull == -1
    f.adcs[0].reading = 40000
    assert adc.read_u16() == 40000
    f.adcs[0].reading = 123
    assert adc.read_u16() == 123


def test_a_pin_without_adc_is_refused():
    f, hw = backend()
    for gpio in (0, 22, 25, 30):
        e = raises(ValueError, hw.adc, gpio)
        assert ("GP%d" % gpio) in str(e)
    assert f.adcs == []


def test_the_strip_is_dark_at_start():
    f, hw = backend()
    hw.strip(22, N)
    np = f.strips[0]
    assert np.pin.id == 22
    assert np.pin.mode == f.Pin.OUT
    assert np.pin.init_value == 0
    assert np.n == N and np.bpp == 3
    assert np.writes == 1
    assert bytes(np.sent) == bytes(3 * N)


def test_a_frame_goes_out_in_grb_order():
    f, hw = backend()
    strip = hw.strip(22, N)
    np = f.strips[0]
    frame = distinct_frame(N)
    strip.write(frame)
    assert np.writes == 2
    check_wire(np.sent, frame)
    assert frame == distinct_frame(N)  # the firmware's frame is left as it was
    # the same, told by colour: red, green and blue LEDs
    frame = bytearray(3 * N)
    frame[0:3] = b"\xff\x00\x00"
    frame[3:6] = b"\x00\xff\x00"
    frame[3 * N - 3 :] = b"\x00\x00\xff"
    strip.write(frame)
    assert bytes(np.sent[0:3]) == b"\x00\xff\x00"
    assert bytes(np.sent[3:6]) == b"\xff\x00\x00"
    assert bytes(np.sent[3 * N - 3 :]) == b"\x00\x00\xff"
    assert bytes(np.sent[6 : 3 * N - 3]) == bytes(3 * N - 9)


def test_write_fills_the_drivers_own_buffer():
    f, hw = backend()
    strip = hw.strip(22, N)
    np = f.strips[0]
    buf = np.buf
    for k in range(5):
        frame = distinct_frame(N)
        frame[0] = k
        strip.write(frame)
        assert np.buf is buf and strip.buf is buf
        assert len(buf) == 3 * N
        check_wire(np.sent, frame)
    assert np.writes == 6


def test_write_allocates_nothing():
    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    import micropython

    f, hw = backend()
    strip = hw.strip(22, N)
    frames = [distinct_frame(N), bytearray(3 * N), bytearray(b"\xff" * (3 * N))]
    write = strip.write  # bound once: binding allocates
    for frame in frames:
        micropython.heap_lock()
        try:
            write(frame)
            write(frame)
        finally:
            micropython.heap_unlock()
        check_wire(f.strips[0].sent, frame)
    # the lock does catch an allocation
    micropython.heap_lock()
    try:
        bytearray(3)
        caught = False
    except MemoryError:
        caught = True
    finally:
        micropython.heap_unlock()
    assert caught


def test_a_frame_of_the_wrong_length_is_refused():
    f, hw = backend()
    strip = hw.strip(22, N)
    raises(ValueError, strip.write, bytearray(3 * N - 3))
    raises(ValueError, strip.write, bytearray(3 * N + 3))
    assert f.strips[0].writes == 1


def test_settle_us_sleeps_that_long():
    f, hw = backend()
    hw.settle_us(20)
    hw.settle_us(35)
    assert f.slept == [20, 35]


def test_ticks_ms_is_the_clock_ticks_diff_goes_with():
    f, hw = backend()
    for now in (0, 5, 123456, (1 << 30) - 1):
        f.now = now
        assert hw.ticks_ms() == now


def test_real_time_on_micropython():
    if not MICROPYTHON:
        skip("CPython's time has no sleep_us or ticks_ms")
    import time

    f, hw = backend(real_time=True)
    assert hw.ticks_ms is time.ticks_ms and hw.settle_us is time.sleep_us
    t0 = time.ticks_us()
    hw.settle_us(3000)
    assert time.ticks_diff(time.ticks_us(), t0) >= 3000
    a = hw.ticks_ms()
    b = time.ticks_ms()
    assert 0 <= time.ticks_diff(b, a) < 1000


def test_the_lights_reach_the_wire_within_the_cap():
    # the firmware's LED code on this backend: a full-white frame is dimmed
    # to the configured cap, and exactly those bytes go on the wire
    from fireboard.config_defaults import DEFAULTS
    from fireboard.lights import Lights

    f, hw = backend()
    cfg = dict(DEFAULTS)
    lights = Lights(hw.strip(22, N), cfg, "digital")
    for k in range(3 * N):
        lights.frame[k] = 255
    assert lights.show()
    assert lights.scaled == 1  # the cap did act
    np = f.strips[0]
    check_wire(np.sent, lights.out)
    total = 0
    for b in np.sent:
        total += b
    ma = N * cfg["led_idle_ma"] + total * cfg["led_channel_ma"] / 255
    assert ma <= cfg["led_cap_ma"]["digital"]


def test_the_wire_check_fails_on_a_wrong_order():
    # the check the tests above rely on does catch a backend that sends RGB,
    # swaps another pair of channels, or changes a byte
    frame = distinct_frame(N)
    raises(AssertionError, check_wire, frame, frame)  # RGB as it is
    bgr = bytearray(frame)
    for k in range(0, 3 * N, 3):
        bgr[k], bgr[k + 2] = frame[k + 2], frame[k]
    raises(AssertionError, check_wire, bgr, frame)
    one_off = bytearray(grb(frame))
    one_off[100] ^= 1
    raises(AssertionError, check_wire, one_off, frame)
    check_wire(grb(frame), frame)


def test_the_board_starts_and_runs_on_this_backend():
    # fireboard.board.start builds the App on Hardware(cfg); each front end
    # asks for the pins of hardware/pinmap.json, and the frames the lights
    # send reach the wire
    from fireboard.board import start
    from simboard.memstore import MemStore

    for front in ("digital", "colour"):
        fakes = PicoFakes()
        mod = load("fireboard.hw_rp2", fakes.modules())
        events = []
        app, hw, started = start(MemStore(), mod.Hardware, events.append, 0, front)
        app.begin(hw.ticks_ms(), *started)
        for k in range(1, 60):
            fakes.now = 5 * k
            app.tick(hw.ticks_ms())
        outs = sorted(p.id for p in fakes.pins if p.mode == fakes.Pin.OUT)
        ins = sorted(p.id for p in fakes.pins if p.mode == fakes.Pin.IN)
        assert [p.pull for p in fakes.pins if p.mode == fakes.Pin.IN] == [fakes.Pin.PULL_UP] * len(
            ins
        )
        if front == "digital":
            # the muxes read through the SIO registers: 7 reads, 6 flips a scan
            assert type(app.scanner).__name__ == "RegisterScanner"
            assert fakes.mem32.reads == 7 * (fakes.mem32.writes // 6)
            assert fakes.mem32.reads >= 7 * 59
            assert outs == [2, 3, 4, 22]
            assert ins == [6, 7, 8, 9, 10, 11, 12, 20, 21]
            assert fakes.adcs == []
        else:
            # the select lines through the SIO too: one write a sample, 48
            # a scan after the first (the ADC stays a call)
            assert app.scanner.regs == 1
            assert fakes.mem32.reads == 0
            assert fakes.mem32.writes >= 48 * 59
            assert outs == [2, 3, 4, 13, 14, 15, 22]
            assert ins == [20, 21]
            assert [a.source.id for a in fakes.adcs] == [26]
        np = fakes.strips[0]
        assert np.writes >= 2  # dark, then the game's first frame
        assert bytes(np.sent) != bytes(3 * N)
        check_wire(np.sent, app.lights.sent)
        assert "new" in [e["ev"] for e in events]


def test_the_clock_is_unknown_until_set_and_then_the_rtcs():
    f, hw = backend()
    assert hw.clock() is None  # 2021-01-01: the RTC as a Pico powers up
    hw.set_clock(2026, 11, 23, 18, 5, 9, 0)
    assert f.rtc == (2026, 11, 23, 0, 18, 5, 9, 0)  # machine.RTC's own order
    assert tuple(hw.clock()[:6]) == (2026, 11, 23, 18, 5, 9)
    f.rtc = (2024, 12, 31, 1, 23, 59, 59, 0)  # before 2025: nobody set it
    assert hw.clock() is None
    f.rtc = (2099, 12, 31, 3, 23, 59, 59, 0)
    assert hw.clock() is not None
