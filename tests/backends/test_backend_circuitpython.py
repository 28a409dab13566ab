# fireboard.hw_circuitpython with Adafruit's real neopixel and
# adafruit_pixelbuf libraries (pinned in tests/backends/requirements.txt) over
# fake CircuitPython core modules: digitalio, analogio, board,
# microcontroller, supervisor and neopixel_write, which records the bytes
# that would go on the wire. Runs on CPython (pytest) and on MicroPython
# (tests/mprun.py), where the Adafruit libraries are taken from .venv.
from hwfakes import (
    MICROPYTHON,
    CircuitPythonFakes,
    check_wire,
    distinct_frame,
    load,
    raises,
)

N = 51
MISSING = (
    "Adafruit's neopixel and adafruit_pixelbuf are not installed in .venv: "
    ".venv/bin/pip install --no-deps -r tests/backends/requirements.txt"
)


def _adafruit_dir():
    """On MicroPython: the folder of the pip-installed Adafruit libraries
    (.venv/lib/python3.*/site-packages, from the repository root)."""
    import os

    base = ".venv/lib"
    try:
        names = os.listdir(base)
    except OSError:
        return None
    for name in names:
        d = "%s/%s/site-packages" % (base, name)
        try:
            os.stat(d + "/adafruit_pixelbuf.py")
            os.stat(d + "/neopixel.py")
            return d
        except OSError:
            pass
    return None


def load_backend(missing=(), raw_ticks=None):
    """(fakes, the backend module imported over them)."""
    fakes = CircuitPythonFakes(missing)
    if raw_ticks is not None:
        fakes.raw_ticks = raw_ticks
    extra = None
    if MICROPYTHON:
        import sys

        extra = _adafruit_dir()
        if extra is None:
            raise AssertionError(MISSING)
        sys.path.append(extra)
    else:
        from importlib.util import find_spec

        if find_spec("adafruit_pixelbuf") is None or find_spec("neopixel") is None:
            raise AssertionError(MISSING)
    try:
        mod = load(
            "fireboard.hw_circuitpython",
            fakes.modules(),
            fresh=("neopixel", "adafruit_pixelbuf"),
        )
    finally:
        if extra is not None:
            import sys

            sys.path.remove(extra)
    return fakes, mod


def backend(missing=(), raw_ticks=None):
    from fireboard.config_defaults import DEFAULTS

    fakes, mod = load_backend(missing, raw_ticks)
    return fakes, mod.Hardware(dict(DEFAULTS))  # as fireboard.board.start makes it


def test_pins_are_the_rp2040_gpio_numbers():
    f, hw = backend()
    hw.output(2)
    hw.input(20)
    hw.adc(26)
    hw.strip(22, N)
    assert f.ios[0].pin is f.gpio[2]
    assert f.ios[1].pin is f.gpio[20]
    assert f.analog[0].pin is f.gpio[26]
    assert f.ios[2].pin is f.gpio[22]  # made by the neopixel library
    assert f.gpio[22] is f.board.GP22  # on a Pico, GPIO22 is the pin marked GP22


def test_select_lines_are_outputs_that_start_low():
    f, hw = backend()
    for gpio in (2, 3, 4, 13, 14, 15):
        p = hw.output(gpio)
        io = f.ios[-1]
        assert io.pin is f.gpio[gpio]
        assert io.direction == f.Direction.OUTPUT
        assert io.drive_mode == f.DriveMode.PUSH_PULL
        assert io.level is False and io.writes == 0
        p.value(1)
        assert io.level is True
        assert p.value() == 1
        p.value(0)
        assert io.level is False
        assert p.value() == 0


def test_inputs_have_the_pull_up_and_read_0_or_1():
    f, hw = backend()
    for gpio in (6, 7, 8, 9, 10, 11, 12, 20, 21):
        p = hw.input(gpio)
        io = f.ios[-1]
        assert io.pin is f.gpio[gpio]
        assert io.direction == f.Direction.INPUT
        assert io.pull == f.Pull.UP
        v = p.value()
        assert v == 1 and v is not True  # an int, as MicroPython's Pin gives
        io.level = False  # pulled to ground: a button pressed, a switch closed
        v = p.value()
        assert v == 0 and v is not False


def test_the_adc_reads_analogin():
    f, hw = backend()
    adc = hw.adc(26)
    ain = f.analog[0]
    assert ain.pin is f.gpio[26]
    for v in (0, 19900, 65535):
        ain.value = v
        assert adc.read_u16() == v


def test_a_gpio_the_board_does_not_offer_is_named():
    f, hw = backend(missing=(23, 24, 25))  # a Pico W keeps them for its radio
    e = raises(ValueError, hw.output, 24)
    assert "GP24" in str(e)
    raises(ValueError, hw.input, 23)
    raises(ValueError, hw.strip, 25, N)
    assert f.ios == [] and f.wire == []


def test_the_strip_is_grb_unscaled_without_auto_write_and_dark_at_start():
    f, hw = backend()
    strip = hw.strip(22, N)
    np = strip.np
    assert len(np) == N and np.bpp == 3
    assert np.byteorder == "GRB"
    assert np.brightness == 1.0
    assert np.auto_write is False
    assert len(f.wire) == 1
    pin, sent, _ = f.wire[0]
    assert pin is f.ios[-1] and pin.pin is f.gpio[22]
    assert pin.direction == f.Direction.OUTPUT
    assert sent == bytes(3 * N)


def test_a_frame_goes_out_in_grb_order():
    f, hw = backend()
    strip = hw.strip(22, N)
    frame = distinct_frame(N)
    strip.write(frame)
    assert len(f.wire) == 2  # one show() per frame
    check_wire(f.wire[-1][1], frame)
    assert frame == distinct_frame(N)
    frame = bytearray(3 * N)
    frame[0:3] = b"\xff\x00\x00"
    frame[3:6] = b"\x00\xff\x00"
    frame[3 * N - 3 :] = b"\x00\x00\xff"
    strip.write(frame)
    sent = f.wire[-1][1]
    assert sent[0:3] == b"\x00\xff\x00"
    assert sent[3:6] == b"\xff\x00\x00"
    assert sent[3 * N - 3 :] == b"\x00\x00\xff"
    assert sent[6 : 3 * N - 3] == bytes(3 * N - 9)


def test_no_brightness_is_applied_on_top():
    # the firmware has dimmed and capped the frame: every byte value, the
    # smallest and the largest included, must reach the wire as it is
    f, hw = backend()
    strip = hw.strip(22, N)
    for value in (1, 2, 127, 128, 254, 255):
        same = bytes([value]) * (3 * N)
        strip.write(bytearray(same))
        assert f.wire[-1][1] == same
    ramp = bytearray(3 * N)
    for k in range(3 * N):
        ramp[k] = (k * 5) & 0xFF
    strip.write(ramp)
    check_wire(f.wire[-1][1], ramp)


def test_every_frame_goes_through_the_same_buffer():
    f, hw = backend()
    strip = hw.strip(22, N)
    np = strip.np
    for k in range(4):
        frame = distinct_frame(N)
        frame[5] = k
        strip.write(frame)
        assert strip.np is np
        check_wire(f.wire[-1][1], frame)
    bufs = [w[2] for w in f.wire]
    for b in bufs:
        assert b is bufs[0]


def test_a_frame_of_the_wrong_length_is_refused():
    f, hw = backend()
    strip = hw.strip(22, N)
    raises(ValueError, strip.write, bytearray(3 * N - 3))
    raises(ValueError, strip.write, bytearray(3 * N + 3))
    assert len(f.wire) == 1


def test_settle_us_busy_waits():
    f, hw = backend()
    hw.settle_us(20)
    hw.settle_us(1)
    assert f.delays == [20, 1]


def ticks_diff(a, b):
    # the firmware's on CircuitPython (period 2**30), whose time has none
    from fireice.ticks30 import ticks_diff

    return ticks_diff(a, b)


def test_ticks_ms_wraps_at_2_30_across_the_2_29_wrap_of_supervisor():
    f, hw = backend()  # supervisor's ticks start 65 s before their first wrap
    wrap = 1 << 29
    raw = f.raw_ticks
    last = hw.ticks_ms()
    elapsed = 0
    # 5 ms steps over the first wrap, then big steps (each below 2**28) over
    # the second one and on past the wrap of the extended count at 2**30
    for n, step in ((20000, 5), (9, (1 << 27) + 12345), (20, 5)):
        for _ in range(n):
            raw += step
            f.raw_ticks = raw % wrap
            now = hw.ticks_ms()
            assert 0 <= now < (1 << 30)
            assert ticks_diff(now, last) == step
            elapsed += step
            last = now
    assert elapsed > (1 << 30)  # the extended count has wrapped too


def test_ticks_ms_starts_at_supervisors_count():
    f, hw = backend()
    assert hw.ticks_ms() == 0x1FFF0000
    f, hw = backend(raw_ticks=1000)
    assert hw.ticks_ms() == 1000
    f.raw_ticks = 1020
    assert hw.ticks_ms() == 1020


def test_the_lights_reach_the_wire_within_the_cap():
    from fireboard.config_defaults import DEFAULTS
    from fireboard.lights import Lights

    f, hw = backend()
    cfg = dict(DEFAULTS)
    lights = Lights(hw.strip(22, N), cfg, "colour")
    for k in range(3 * N):
        lights.frame[k] = 255
    assert lights.show()
    assert lights.scaled == 1
    sent = f.wire[-1][1]
    check_wire(sent, lights.out)
    total = 0
    for b in sent:
        total += b
    ma = N * cfg["led_idle_ma"] + total * cfg["led_channel_ma"] / 255
    assert ma <= cfg["led_cap_ma"]["colour"]


def test_the_fake_pins_catch_misuse():
    # what the real digitalio does and the tests above rely on: a pin is
    # taken once, and an input cannot be written
    f, hw = backend()
    hw.output(2)
    raises(ValueError, hw.input, 2)
    p = hw.input(6)
    raises(AttributeError, setattr, p.io, "value", 1)


def test_the_board_starts_and_runs_on_this_backend():
    from fireboard.board import start
    from simboard.memstore import MemStore

    for front in ("digital", "colour"):
        f, mod = load_backend()
        events = []
        app, hw, started = start(MemStore(), mod.Hardware, events.append, 0, front)
        app.begin(hw.ticks_ms(), *started)
        for _ in range(59):
            f.raw_ticks += 5
            app.tick(hw.ticks_ms())
        outs = sorted(io.pin.number for io in f.ios if io.direction == f.Direction.OUTPUT)
        ins = sorted(io.pin.number for io in f.ios if io.direction == f.Direction.INPUT)
        for io in f.ios:
            if io.direction == f.Direction.INPUT:
                assert io.pull == f.Pull.UP
        if front == "digital":
            assert outs == [2, 3, 4, 22]
            assert ins == [6, 7, 8, 9, 10, 11, 12, 20, 21]
            assert f.analog == []
        else:
            assert outs == [2, 3, 4, 13, 14, 15, 22]
            assert ins == [20, 21]
            assert [a.pin.number for a in f.analog] == [26]
        assert len(f.wire) >= 2
        sent = f.wire[-1][1]
        assert sent != bytes(3 * N)
        check_wire(sent, app.lights.sent)
        assert "new" in [e["ev"] for e in events]


def test_the_clock_is_unknown_until_set_and_then_the_rtcs():
    f, hw = backend()
    assert hw.clock() is None  # 2000-01-01: CircuitPython's clock at start
    hw.set_clock(2026, 11, 23, 18, 5, 9, 0)
    assert f.clock == (2026, 11, 23, 18, 5, 9, 0, -1, -1)  # a struct_time
    assert hw.clock()[:6] == (2026, 11, 23, 18, 5, 9)
    f.clock = (2024, 12, 31, 23, 59, 59, 1, 366, -1)
    assert hw.clock() is None
