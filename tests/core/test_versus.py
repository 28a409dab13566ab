# The board as an opponent (fireboard.track_versus) on the virtual board's
# hardware, on both interpreters: a whole game against it, its move shown and
# guarded, the settings checked, its record tag and a restart mid-think.
from support import raises


class Board:
    """The firmware on the virtual board's hardware, driven pass by pass."""

    def __init__(self, store=None, config=None, front="digital"):
        from fireboard.board import start
        from simboard.hw import Hardware
        from simboard.memstore import MemStore

        self.store = store or MemStore()
        if config is not None:
            self.store.write("config.json", config)
        self.events = []
        self.app, self.hw, started = start(
            self.store, lambda cfg: Hardware(cfg, 0), self.events.append, 0, front
        )
        self.now = 0
        self.app.begin(0, *started)

    def run(self, ms=60):
        end = self.now + ms
        while self.now < end:
            self.now += 5
            self.app.tick(self.now)

    def command(self, line):
        from fireboard import links_commands as commands

        replies = []
        commands.handle(self.app, line, replies.append)
        self.run(10)
        return replies[0]

    def put(self, h, v):
        self.hw.holes[h] = v
        self.run()

    def set_up(self):
        # the pegs of the game in play, as its lights ask
        # (a digital board counts a peg once put in after the game began)
        for h in range(49):
            self.hw.holes[h] = 0
        self.run()
        g = self.app.tracker.game
        for h in range(49):
            self.hw.holes[h] = g.cells[h]
        self.run()

    def move(self, frm, to):
        # lift, put, fill: a move as a player makes it on a digital board
        side = self.app.tracker.game.cells[frm]
        self.put(frm, 0)
        self.put(to, side)
        self.put(frm, 3 - side)

    def evs(self, kind):
        return [e for e in self.events if e["ev"] == kind]


def first_move(g):
    from fireice.moves import legal_moves

    buf = bytearray(600)
    assert legal_moves(g, buf)
    return buf[0], buf[1]


def parse(name):
    from fireice.notation import parse_move

    return parse_move(name)


def test_the_levels_are_the_engines():
    from fireboard.config_defaults import VS_LEVELS
    from fireice.engine import BOARD_LEVELS

    assert VS_LEVELS == BOARD_LEVELS


def test_a_whole_game_against_the_board_at_level_1():
    b = Board(config='{"vs": "ice", "vs_level": 1}')
    new = b.evs("new")[0]
    assert new["vs"] == "ice" and new["level"] == 1
    b.set_up()
    assert b.evs("ready")
    g = b.app.tracker.game
    plays = 0
    while not g.result:
        if g.to_move == 1:  # the player: Fire
            b.move(*first_move(g))
            continue
        # the board's turn: it has thought and shows its move
        p = b.evs("plays")
        assert len(p) == plays + 1, b.events[-6:]
        assert p[-1]["by"] == "ice"
        frm, to = parse(p[-1]["move"])
        assert b.app.tracker.forced == frm * 64 + to
        if plays == 0:
            st = b.command("status")
            assert (st["vs"], st["level"], st["board"]) == ("ice", 1, p[-1]["move"]), st
        # the lights: the peg to lift and the hole it goes to, in Ice's colour
        f = b.app.lights.frame
        assert f[3 * to + 2] > 0 and f[3 * to] == 0
        b.move(frm, to)
        assert b.evs("move")[-1]["move"] == p[-1]["move"]
        plays += 1
    assert b.evs("result")
    assert plays >= 5
    # the engine's memory given back after each move
    assert b.app.opponent.think is None and b.app.aside is None
    # the record names the board's side and level
    text = b.store.read("game.txt")
    text = text.decode() if isinstance(text, bytes) else text
    assert '[Ice "board level 1"]' in text


def test_another_move_is_guided_back():
    b = Board(config='{"vs": "ice"}')
    b.set_up()
    b.move(24, 17)  # D4-C4
    frm, to = parse(b.evs("plays")[-1]["move"])
    g = b.app.tracker.game
    # another ice peg, if there is one, else another hole for it
    other = [h for h in range(49) if g.cells[h] == 0 and h != to][0]
    b.put(frm, 0)
    b.put(other, 2)
    ill = b.evs("illegal")[-1]
    assert "the board plays" in ill["reason"], ill
    assert not b.evs("move")[1:]  # only the player's own move
    b.put(other, 0)
    b.put(to, 2)
    b.put(frm, 1)
    assert b.evs("move")[-1]["move"] == b.evs("plays")[-1]["move"]
    assert b.app.tracker.game.to_move == 1


def test_new_over_usb_with_the_board_as_fire_and_bad_settings():
    b = Board()
    b.set_up()
    assert not b.evs("thinking")  # two players: the board plays no side
    before = len(b.events)
    for bad, why in (
        ('{"vs": "water"}', "vs must be fire or ice"),
        ('{"vs": "ice", "level": 0}', "level must be 1..3"),
        ('{"vs": "ice", "level": 9}', "level must be 1..3"),
        ('{"vs": "ice", "level": "2"}', "level must be 1..3"),
        ('{"level": 2}', "level needs vs"),
        ('{"vs": "ice", "mode": "solitaire"}', "duels only"),
    ):
        r = b.command("new " + bad)
        assert why in r.get("error", ""), (bad, r)
    assert len(b.events) == before  # nothing changed
    assert b.app.vs is None
    r = b.command('new {"vs": "fire", "level": 2}')
    assert r["vs"] == "fire" and r["level"] == 2, r
    assert b.evs("new")[-1]["vs"] == "fire"
    b.set_up()
    # the board plays Fire: it moves first
    t = b.evs("thinking")[-1]
    assert (t["by"], t["level"]) == ("fire", 2), t
    assert b.evs("plays")[-1]["by"] == "fire"
    text = b.store.read("game.txt")
    text = text.decode() if isinstance(text, bytes) else text
    assert '[Fire "board level 2"]' in text
    # a new game keeps the opponent; {"vs": null} gives two players
    r = b.command("new")
    assert r["vs"] == "fire"
    r = b.command('new {"vs": null}')
    assert "vs" not in r and b.app.vs is None
    assert "vs" not in b.evs("new")[-1]
    # two players: the part and the engine's code gone
    import sys

    assert b.app.opponent is None and not b.app.parts
    assert "fireice.engine" not in sys.modules or sys.implementation.name == "cpython"


def test_a_restart_while_it_thinks_resumes_and_it_thinks_again():
    b = Board(config='{"vs": "ice", "vs_level": 2}')
    b.set_up()
    b.move(24, 17)
    mv = b.evs("plays")[-1]["move"]
    # the power goes before the player carries the move out: the board
    # starts again from its flash with the pegs as they stand
    holes = bytearray(b.hw.holes)
    b2 = Board(store=b.store)
    for h in range(49):
        b2.hw.holes[h] = holes[h]
    b2.app.settle()
    b2.run()
    r = b2.evs("resumed")[0]
    assert r["moves"] == 1 and r["vs"] == "ice" and r["level"] == 2, r
    assert b2.evs("thinking") and b2.evs("plays"), b2.events
    assert b2.app.tracker.forced >= 0
    frm, to = parse(b2.evs("plays")[-1]["move"])
    b2.move(frm, to)
    assert b2.app.tracker.game.ply == 2
    assert mv  # (the first board's move was shown)


def test_the_buttons_together_choose_the_opponent():
    b = Board()
    b.set_up()
    app = b.app
    undo = app.cfg["pins"]["button_undo"]
    new = app.cfg["pins"]["button_new"]
    seen = []
    for _ in range(8):
        b.hw.pressed[undo] = 1
        b.run(40)
        b.hw.pressed[new] = 1
        b.run(app.cfg["long_press_ms"] + 100)
        b.hw.pressed[undo] = b.hw.pressed[new] = 0
        b.run(100)
        e = b.evs("new")[-1]
        seen.append((e.get("vs"), e.get("level")))
    assert seen == [
        ("ice", 1),
        ("ice", 2),
        ("ice", 3),
        ("fire", 1),
        ("fire", 2),
        ("fire", 3),
        (None, None),
        ("ice", 1),
    ], seen
    assert not b.evs("undo")  # neither button did its own job


def test_config_checks_the_opponent():
    from fireboard.config_check import ConfigError, merged

    assert merged({"vs": "ice", "vs_level": 3})["vs"] == "ice"
    assert "vs must be" in str(raises(ConfigError, merged, {"vs": "both"}))
    assert "vs_level must be 1..3" in str(raises(ConfigError, merged, {"vs_level": 4}))
    assert "vs_level must be 1..3" in str(raises(ConfigError, merged, {"vs_level": True}))


def _second_core_game(cores):
    b = Board(config='{"vs": "ice", "vs_level": 3}')
    b.hw.cores = cores  # a Pico: the engine on its second core (_thread)
    b.set_up()
    b.move(24, 17)  # D4-C4
    passes = 0
    while not b.evs("plays") and passes < 20000:
        b.run(5)
        passes += 1
    return b, passes


def test_on_a_second_core_it_thinks_beside_the_scans():
    try:
        import _thread  # noqa: F401
    except ImportError:
        from support import skip

        skip("no _thread here")
    b, passes = _second_core_game(2)
    assert b.evs("plays"), b.events[-5:]
    one, _ = _second_core_game(1)
    # the same move as within the pass: it thinks on a faithful copy
    assert b.evs("plays")[-1]["move"] == one.evs("plays")[-1]["move"]
    assert b.app.opponent.think is None and b.app.aside is None  # its memory given back
    frm, to = parse(b.evs("plays")[-1]["move"])
    b.move(frm, to)
    assert b.app.tracker.game.ply == 2


def turn_led(b, byte, passes=4):
    # one byte of the lights' frame (a turn LED's colour), a pass every
    # 125 ms, half a blink
    f = b.app.lights.frame
    seen = []
    for _ in range(passes):
        b.run(125)
        seen.append(f[byte])
    return seen


def test_while_it_thinks_its_turn_led_pulses_and_a_lift_is_guided_back():
    b = Board(config='{"vs": "ice"}')
    # its search takes 1 s before its move counts (as --pico-time makes it)
    b.hw.on_aside = lambda fn, arg: (fn(arg), 1000)
    b.set_up()
    b.move(24, 17)  # D4-C4; it thinks
    assert b.evs("thinking") and not b.evs("plays")
    ice_turn = turn_led(b, 3 * 50 + 2)
    assert len(set(ice_turn)) == 2, ice_turn  # bright, dim: it pulses
    b.put(17, 0)  # the player lifts a peg meanwhile
    ill = b.evs("illegal")[-1]
    assert ill["reason"] == "wait: the board is thinking" and ill["hole"] == "C4", ill
    b.put(17, 1)
    b.run(1000)
    p = b.evs("plays")
    assert len(p) == 1 and p[0]["at"] >= b.evs("thinking")[0]["at"] + 1000
    frm, to = parse(p[0]["move"])
    b.move(frm, to)
    assert b.app.tracker.game.ply == 2


def test_its_move_made_while_it_thinks_is_said_before_the_move():
    """On the colour front end the pegs can stand as the board's move before
    its answer is in (the player made it while it thought): the move is
    made as the answer comes, and its plays event comes first."""
    # the move it plays here: the same game on a board whose answer counts at once
    a = Board(config='{"vs": "ice"}', front="colour")
    a.set_up()
    a.move(24, 17)  # D4-C4
    mv = a.evs("plays")[-1]["move"]
    frm, to = parse(mv)
    b = Board(config='{"vs": "ice"}', front="colour")
    b.hw.on_aside = lambda fn, arg: (fn(arg), 400)
    b.set_up()
    b.move(24, 17)
    assert b.evs("thinking") and not b.evs("plays")
    # its move, the pegs put at once (the fill in its hole)
    b.hw.holes[frm] = 1
    b.hw.holes[to] = 2
    b.run(600)
    said = [e for e in b.events if e["ev"] in ("plays", "move")]
    assert [(e["ev"], e["move"]) for e in said] == [
        ("move", "D4-C4"),
        ("plays", mv),
        ("move", mv),
    ], said
    t = b.app.tracker
    assert t.game.ply == 2 and t.forced == -1 and t.game.to_move == 1


def test_a_takeback_while_its_move_is_shown_takes_back_the_players():
    b = Board(config='{"vs": "ice"}')
    b.set_up()
    b.move(24, 17)  # D4-C4
    assert b.app.tracker.forced >= 0
    b.app.undo()
    b.run()
    assert b.evs("undo")[-1]["move"] == "D4-C4"
    t = b.app.tracker
    assert t.forced == -1 and t.game.ply == 0 and t.game.to_move == 1
    # the pegs back as they were (a digital board: both holes emptied first)
    b.put(17, 0)
    b.put(24, 0)
    b.put(24, 1)
    assert t.phase == 0  # idle: the player's turn again, nothing forced
    assert len(b.evs("thinking")) == 1
    b.move(24, 31)  # D4-E4 this time
    assert len(b.evs("plays")) == 2


def test_a_proven_win_is_announced():
    # Ice holds islands A and B, and wins at once by completing a line on E
    # (E7-E5, or E2-E3): A-B-E
    cells = ["-"] * 49
    for h in (0, 1, 4, 7, 8, 11, 28, 29, 34):
        cells[h] = "O"
    for h in (24, 21, 14):
        cells[h] = "#"
    b = Board()
    b.set_up()
    r = b.command(
        'new {"vs": "ice", "level": 1, "position": "%s", "to_move": "ice"}' % "".join(cells)
    )
    assert r["vs"] == "ice", r
    b.set_up()
    p = b.evs("plays")
    assert p and p[-1]["move"] in ("E7-E5", "E2-E3"), b.events[-5:]
    pr = b.evs("proven")
    assert len(pr) == 1 and pr[0]["winner"] == "ice" and pr[0]["plies"] == 1, pr
    # and shown: Ice's turn LED blinks (fireboard.lights, proven)
    seen = set()
    for _ in range(4):
        b.run(130)
        seen.add(b.app.lights.frame[3 * 50 + 2])
    assert len(seen) == 2, seen
    b.move(*parse(p[-1]["move"]))
    assert b.evs("result")[-1]["result"] == "ice"
    assert len(b.evs("proven")) == 1


def _locked_tick(app, now):
    # one pass with the heap locked: MicroPython raises MemoryError at its
    # first allocation (App.tick without its second try: the error it then
    # says allocates, so the MemoryError comes out)
    import micropython

    micropython.heap_lock()
    try:
        app.tick(now, False)
    finally:
        micropython.heap_unlock()


def _passes_while_it_thinks(front):
    # the board's turn at level 2, its search a stand-in that allocates
    # nothing in the passes (its answer, 2 s later, as Pico time gives it:
    # on a Pico it runs on the second core, and what it allocates is that
    # core's); then each pass while it thinks run with the heap locked
    import gc

    b = Board(config='{"vs": "ice", "vs_level": 2}', front=front)
    answer = []

    def stand_in(fn, g):
        frm, to = first_move(g)
        answer.append(frm * 64 + to)
        return answer[0], 2000

    b.hw.on_aside = stand_in
    b.set_up()
    b.move(24, 17)  # D4-C4: the board's turn, its search started
    app = b.app
    assert b.evs("thinking") and not b.evs("plays")
    b.run(10)  # (the pass that started it is not one of these)
    th = app.opponent.think
    assert th is not None and app.aside is th
    f = app.lights.frame
    pulse = set()
    frames = app.lights.frames
    passes = 0
    while app.opponent.think is th:
        b.now += 5
        bytearray(16)  # garbage, which a collection in the pass would free
        held = gc.mem_alloc()
        _locked_tick(app, b.now)
        after = gc.mem_alloc()
        passes += 1
        assert passes < 1000, "it never answered"
        if app.opponent.think is th:
            pulse.add(f[3 * 50 + 2])
            # nor collects (gc.collect() runs under the lock: it would free
            # the garbage of the passes before)
            assert after == held, (passes, held, after)
    assert passes > 300, passes  # 2 s of passes while it thought
    assert len(pulse) == 2 and app.lights.frames > frames + 4, pulse  # the turn LED pulsed
    assert app.tracker.forced == answer[0]  # and the answer came in: its move shown


def test_the_passes_while_it_thinks_allocate_nothing():
    # the issue: no scan more than a period late while the board thinks; a
    # collection at Pico speed is longer than two periods by itself, so no
    # pass meanwhile may allocate (the idle loop's and the turn LED's pulse,
    # the part's poll, the tracker guarding the pegs)
    from support import MICROPYTHON, skip

    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    _passes_while_it_thinks("digital")


def test_the_passes_while_it_thinks_allocate_nothing_colour():
    from support import MICROPYTHON, skip

    if not MICROPYTHON:
        skip("heap_lock() exists on MicroPython only")
    _passes_while_it_thinks("colour")  # (its scans read the ADC)
