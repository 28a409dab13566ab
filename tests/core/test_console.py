# The USB console (fireboard.links_console) and its commands (fireboard.links_commands), on
# both interpreters, on the virtual board's hardware with an in-memory flash.
import json

from support import MICROPYTHON, skip
from test_board_loop import Clock, board, run_locked

_TMP = "/tmp/fireice-console-test.bin"


def stream(data):
    with open(_TMP, "wb") as f:
        f.write(data)
    return open(_TMP, "rb")


class Recorder:
    def __init__(self):
        self.lines = []

    def handle(self, app, text, out):
        self.lines.append(text)


def console(data, handler=None):
    from fireboard.links_console import Console

    replies = []
    c = Console(stream(data), replies.append)
    if handler is not None:
        c.handler = handler
    c.quiet_ms = 10**6
    return c, replies


def test_lines_are_cut_at_newlines_and_returns():
    rec = Recorder()
    c, replies = console(b"status\r\ngames\n\nleds walk 100\rlast", rec)
    c.poll(None, 0)
    assert rec.lines == ["status", "games", "leds walk 100"]  # "last" waits for its end
    assert replies == []


def test_too_long_and_not_utf8_lines_get_errors():
    rec = Recorder()
    c, replies = console(b"x" * 330 + b"\nok\n\xff\xfe\nalso ok\n", rec)
    c.poll(None, 0)
    assert rec.lines == ["ok", "also ok"]
    assert [r["error"][:13] for r in replies] == ["line too long", "a command lin"]


def test_a_pass_reads_a_bounded_amount():
    rec = Recorder()
    c, _ = console(b"status\n" * 200, rec)
    c.poll(None, 0)
    first = len(rec.lines)
    assert 0 < first < 200  # the game goes on between passes
    while len(rec.lines) < 200:
        c.poll(None, 0)
    assert len(rec.lines) == 200


def ask(app, line):
    from fireboard import links_commands as usb

    out = []
    usb.handle(app, line, out.append)
    assert len(out) == 1, out
    return out[0]


def test_commands_answer_one_json_line_each():
    app, hw, events = board("digital")
    st = ask(app, "status")
    assert st["re"] == "status" and st["position"][24] == "#" and st["phase"] == "idle"
    assert "heap_free" in st and st["version"]
    assert ask(app, "help")["commands"][0] == "calib"
    s = ask(app, "sensors")
    assert s["state"][24] == "3" and s["state"].count("0") == 48 and len(s["raw"]) == 49
    w = ask(app, "wiring")
    assert w["slots"] == s["state"]  # wired in order: scan order is hole order
    assert ask(app, "config brightness") == {"re": "config", "key": "brightness", "value": 96}
    assert ask(app, "games")["games"] == ["game.txt"]
    text = ask(app, "game game.txt")["text"]
    assert text.startswith('[Game "Fire and Ice"]')
    json.dumps(ask(app, "config"))  # the whole configuration is JSON


def test_bad_commands_get_errors_and_change_nothing():
    app, hw, events = board("digital")
    store = app.games.store
    before = dict(store.files)
    bad = [
        "fly",
        "status now",
        "set brightness 999",
        "set nothing 1",
        "set brightness",
        "set brightness {",
        "config nothing",
        "leds hole Z9 1 2 3",
        "leds led 51 0 0 0",
        "leds all 1 2",
        "leds walk 5",
        "game ../config.json",
        "delete game.txt",
        "calib take",
        'new {"mode": "chess"}',
        "new [1]",
        "reboot please",
    ]
    for line in bad:
        r = ask(app, line)
        assert "error" in r, (line, r)
    assert store.files == before
    assert not app.hold and not app.reboot
    assert app.tracker.phase == 0


def test_set_stores_and_applies_live_settings():
    app, hw, events = board("digital")
    r = ask(app, "set brightness 40")
    assert r == {"re": "set", "key": "brightness", "value": 40, "now": True}
    assert app.lights.brightness == 40
    assert json.loads(app.games.store.read("config.json")) == {"brightness": 40}
    r = ask(app, 'set pins {"adc": 27}')
    assert r["now"] is False and r["value"]["adc"] == 27
    assert json.loads(app.games.store.read("config.json"))["pins"]["adc"] == 27


def test_test_frames_hold_the_game_lights_until_off():
    app, hw, events = board("digital")
    frames = []
    hw.on_frame = lambda rgb: frames.append(bytes(rgb))
    ask(app, "leds hole A1 255 0 0")
    assert app.hold
    lit = [k for k in range(51) if frames[-1][3 * k]]
    assert lit == [0]
    app.tick(app.now + 5)
    assert len(frames) == 1  # the game does not draw over it
    ask(app, "leds off")
    app.tick(app.now + 10)
    assert not app.hold and len(frames) == 2 and frames[-1][3 * 24 + 0] == 0


def test_the_led_walk_lights_each_led_once_then_the_game():
    app, hw, events = board("digital")
    frames = []
    hw.on_frame = lambda rgb: frames.append(bytes(rgb))
    ask(app, "leds walk 50")
    now = app.now
    for k in range(51 * 10 + 20):
        app.tick(now + 5 * k)
    white = [
        [k for k in range(51) if f[3 * k] and f[3 * k] == f[3 * k + 1] == f[3 * k + 2]]
        for f in frames
    ]
    order = [w[0] for w in white if len(w) == 1]
    assert order == list(range(51))
    assert not app.hold


def test_new_game_and_reboot():
    app, hw, events = board("digital")
    assert ask(app, 'new {"mode": "solitaire", "seed": 3, "grade": "any"}') == {
        "re": "new",
        "mode": "solitaire",
    }
    assert app.tracker.game.duel  # made at the next scan, the command code gone
    n = len(events)
    app.tick(10)
    assert app.tracker.game.duel is False
    # the start's peg on D4, which the deal wants too: put in afresh (a
    # digital board cannot see its colour)
    assert [(e["ev"], e.get("mode"), e.get("holes")) for e in events[n:]] == [
        ("new", "solitaire", None),
        ("replace", None, "D4"),
    ]
    assert ask(app, "reboot") == {"re": "reboot"}
    assert app.reboot


def test_the_loop_with_a_quiet_console_allocates_nothing():
    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    from fireboard.links_console import Console

    app, hw, events = board("digital")
    c = Console(stream(b""), events.append)
    clock = Clock()
    for _ in range(20):
        app.tick(clock.ticks_ms())
    run_locked(app, clock, 300, c)
    assert app.ticks >= 320
