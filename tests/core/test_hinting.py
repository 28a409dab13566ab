# A duel's hint (fireboard.track_hinting), on both interpreters: the
# engine's move for the side to move, said and lit, counted in the record;
# rationed by the hints setting; never for the board's own turn.
import json

from test_versus import Board

from fireice.geom import move_name


def hints_of(b):
    return [e for e in b.events if e.get("ev") == "hint"]


def test_a_hint_in_a_game_of_two_players_is_a_legal_move_lit_and_counted():
    for front in ("digital", "colour"):
        _hint(front)


def _hint(front):
    b = Board(front=front)
    b.set_up()
    g = b.app.tracker.game
    reply = b.command("hint")
    assert "error" not in reply, reply
    b.run(100)  # its code loaded a module a pass, the search, then saved, lit, said
    (e,) = hints_of(b)
    assert e["move"] is not None
    frm, to = e["move"].split("-")
    names = {move_name(m >> 6, m & 63) for m in _legal(g)}
    assert e["move"] in names
    assert b.app.games.hints() == 1
    # lit: the peg to lift in Fire's colour (blinking), the hole to go to at half
    f = b.app.lights.frame
    from fireice.notation import parse_hole

    x = 3 * parse_hole(to)
    assert (f[x], f[x + 1], f[x + 2]) == (127, 12, 0)


def _legal(g):
    from fireice.moves import legal_moves

    buf = bytearray(2 * 600)
    n = legal_moves(g, buf)
    return [buf[2 * k] * 64 + buf[2 * k + 1] for k in range(n)]


def test_hints_are_rationed_by_the_setting():
    for front in ("digital", "colour"):
        _rationed(front)


def _rationed(front):
    b = Board(config=json.dumps({"hints": 1}), front=front)
    b.set_up()
    b.command("hint")
    b.run(100)
    b.command("hint")
    first, second = hints_of(b)
    assert first["move"] and second["move"] is None and "1 a game" in second["reason"]
    b = Board(config=json.dumps({"hints": 0}), front=front)
    b.set_up()
    b.command("hint")
    (e,) = hints_of(b)
    assert e["move"] is None and "off" in e["reason"]


def test_no_hint_for_the_boards_own_turn():
    b = Board()
    b.command('new {"vs": "fire", "level": 1}')  # the board plays Fire, to move
    b.app.hint()
    assert hints_of(b)[-1]["move"] is None
    assert hints_of(b)[-1]["reason"] == "the board is to move"


# --- the search beside the loop (fireboard.track_think) --------------------


class Gate:
    """Holds the engine's searches until opened (or, stop_aware, until a
    search is told to stop), so that a test can act while one runs on the
    second core. Patches the Engine class loaded now: the hint's job loads
    it again after dropping it, so a test patches before each ask."""

    def __init__(self, stop_aware=True):
        self.open = False
        self.stop_aware = stop_aware
        self.held = 0
        from fireice.engine import Engine

        self.cls = Engine
        self.orig = Engine.think
        gate = self

        def think(e, g, playouts=0, ms=0):
            import time

            gate.held += 1
            while not gate.open and not (gate.stop_aware and e.stop):
                time.sleep(0.001)
            return gate.orig(e, g, playouts, ms)

        Engine.think = think

    def release(self):
        self.open = True
        self.cls.think = self.orig


def wait(b, cond, passes=3000):
    # passes of the loop, in real time too (the second core works meanwhile)
    import time

    for _ in range(passes):
        if cond():
            return True
        b.run(5)
        time.sleep(0.001)
    return cond()


def _needs_thread():
    try:
        import _thread  # noqa: F401
    except ImportError:
        from support import skip

        skip("no _thread here")


def test_a_hint_on_the_second_core_comes_on_a_later_pass():
    _needs_thread()
    inline = Board()
    inline.set_up()
    inline.app.hint()
    inline.run(100)
    want = hints_of(inline)[0]["move"]
    b = Board()
    b.hw.cores = 2  # a Pico: the search on its second core (_thread)
    b.set_up()
    gate = Gate()
    try:
        b.app.hint()
        assert b.app.aside is None  # started by a later pass, once its code is loaded
        assert wait(b, lambda: b.app.aside is not None)  # the core is held
        ticks = b.app.ticks
        assert wait(b, lambda: gate.held)  # the search has begun
        b.run(100)  # twenty passes meanwhile, each scanning, and no hint yet
        assert b.app.ticks >= ticks + 20 and not hints_of(b)
    finally:
        gate.release()
    assert wait(b, lambda: hints_of(b))
    (e,) = hints_of(b)
    assert e["move"] == want  # the same move as within the pass: a faithful copy
    assert b.app.aside is None and b.app.games.hints() == 1
    b.run(30)  # its code dropped a few modules a pass, then the part goes, collected
    assert not [p for p in b.app.parts if getattr(p, "hinting", False)]  # the part gone


def test_a_move_under_a_hints_search_stops_it_and_drops_the_answer():
    _needs_thread()
    b = Board()
    b.hw.cores = 2
    b.set_up()
    gate = Gate()  # the search ends when told to stop
    try:
        b.app.hint()
        assert wait(b, lambda: gate.held)
        b.move(24, 17)  # D4-C4: the player goes on meanwhile
        assert wait(b, lambda: b.app.aside is None)  # stopped, the core given back
    finally:
        gate.release()
    (e,) = hints_of(b)
    assert e["move"] is None and e["reason"] == "the position changed", e
    assert b.app.games.hints() == 0 and not b.app.lights.hint
    b.run(100)
    assert len(hints_of(b)) == 1  # its answer never comes
    b.app.hint()  # Ice's hint now
    assert wait(b, lambda: len(hints_of(b)) == 2)
    assert hints_of(b)[1]["move"] and b.app.games.hints() == 1


def test_a_takeback_under_a_hints_search_drops_it():
    # within the pass, its answer counting 1 s later (as --pico-time makes it)
    b = Board()
    b.set_up()
    b.move(24, 17)
    b.hw.on_aside = lambda fn, arg: (fn(arg), 1000)
    b.app.hint()
    b.run(200)
    assert not hints_of(b) and b.app.aside is not None
    b.app.undo()
    b.run(1500)
    (e,) = hints_of(b)
    assert e["move"] is None and e["reason"] == "the position changed", e
    assert b.app.aside is None and b.app.games.hints() == 0


def test_a_hint_asked_twice_while_it_thinks_comes_once():
    b = Board()
    b.set_up()
    b.hw.on_aside = lambda fn, arg: (fn(arg), 500)
    b.app.hint()
    b.run(100)
    b.app.hint()
    b.run(1000)
    (e,) = hints_of(b)
    assert e["move"] and b.app.games.hints() == 1


def test_a_hint_asked_again_once_saved_but_not_yet_said_comes_once():
    # its passes after the answer: saved, lit, said (fireboard.track_hinting)
    b = Board()
    b.set_up()
    b.app.hint()
    for _ in range(2000):
        b.run(5)
        (p,) = [q for q in b.app.parts if getattr(q, "hinting", False)]
        if p.name is not None:
            break
    assert p.name is not None and not p.said  # saved, not said yet
    b.app.hint()  # asked again now
    b.run(1000)
    (e,) = hints_of(b)
    assert e["move"] == p.name and b.app.games.hints() == 1


def test_a_power_cut_while_a_hint_is_worked_out_loses_it():
    from simboard.memstore import MemStore

    store = MemStore()
    b = Board(store=store)
    b.set_up()
    b.hw.on_aside = lambda fn, arg: (fn(arg), 1000)
    b.app.hint()
    b.run(100)
    holes = bytearray(b.hw.holes)
    b2 = Board(store=store)  # the power comes back
    for h in range(49):
        b2.hw.holes[h] = holes[h]
    b2.app.settle()
    b2.run(1500)
    assert not hints_of(b2) and b2.app.games.hints() == 0 and not b2.app.lights.hint
    b2.app.hint()  # asked again: it comes
    b2.run(100)
    assert hints_of(b2)[0]["move"] and b2.app.games.hints() == 1


def test_the_boards_search_waits_for_the_core_a_stopped_hint_still_holds():
    _needs_thread()
    b = Board(config='{"vs": "ice", "vs_level": 1}')
    b.hw.cores = 2
    b.set_up()
    gate = Gate(stop_aware=False)  # the hint's search ends only when let go
    try:
        b.app.hint()
        assert wait(b, lambda: gate.held)
        hint_search = b.app.aside
        b.move(24, 17)  # the player moves: the hint stopped, the board's turn
        b.run(100)
        assert hints_of(b)[-1]["reason"] == "the position changed"
        assert b.evs("thinking") and not b.evs("plays")
        assert b.app.aside is hint_search  # the core is still the hint's
        assert b.app.tracker.forced == -2  # it waits, thinking
    finally:
        gate.release()
    assert wait(b, lambda: b.evs("plays"))
    assert b.app.aside is None
    assert len(hints_of(b)) == 1  # the stopped hint said nothing more


def test_a_hint_waits_for_the_core_the_boards_stopped_search_holds():
    _needs_thread()
    b = Board(config='{"vs": "ice", "vs_level": 1}')
    b.hw.cores = 2
    b.set_up()
    gate = Gate(stop_aware=False)
    try:
        b.move(24, 17)  # the board thinks on its second core
        assert wait(b, lambda: gate.held)
        b.app.hint()  # its own turn: no hint
        assert hints_of(b)[-1]["reason"] == "the board is to move"
        b.app.undo()  # the player's move taken back: the board's search stopped
        b.run(20)
        assert b.app.aside is not None  # still on the core
        b.app.hint()  # the player's turn: the hint waits for the core
        b.run(100)
        assert len(hints_of(b)) == 1
    finally:
        gate.release()
    assert wait(b, lambda: len(hints_of(b)) == 2)
    assert hints_of(b)[1]["move"] and b.app.aside is None
    assert not b.evs("plays")  # the stopped search's answer was dropped


def test_a_hint_whose_code_finds_no_room_says_so_and_the_game_goes_on():
    # the engine's code is loaded a module a pass (Hinting._load); one that
    # runs out of memory ends the hint with the reason, its code dropped
    from fireboard import track_hinting as hinting

    b = Board()
    b.set_up()
    saved = hinting._LOAD
    hinting._LOAD = ("hint_oom",) + saved
    try:
        b.app.hint()
        b.run(100)
    finally:
        hinting._LOAD = saved
    (e,) = hints_of(b)
    assert e["move"] is None and e["reason"] == "no room to think (out of memory)", e
    assert not [p for p in b.app.parts if getattr(p, "hinting", False)]
    assert b.app.games.hints() == 0 and not b.app.lights.hint
    b.app.hint()  # asked again: it comes
    b.run(100)
    assert hints_of(b)[-1]["move"] and b.app.games.hints() == 1


def test_the_hints_code_loads_one_module_a_pass():
    # each module of the hint's code (Hinting._load: the engine's among
    # them, fireboard.mem.ENGINE_CODE) needs only those loaded before it,
    # so that each pass imports one small module (at Pico speed the whole
    # engine in one import took about 45 ms, nine scan periods)
    import sys

    from support import MICROPYTHON, skip

    if not MICROPYTHON:
        skip("CPython keeps its modules (fireboard.mem.DROP)")
    from fireboard.mem import LEAVES, forget
    from fireboard import track_hinting as hinting

    load = hinting._LOAD
    assert load[-1] == "fireboard.track_think" and "fireice.engine" in load
    assert "fireice.engine_descent" in load and load.index("fireice.engine_descent") < load.index(
        "fireice.engine"
    )
    forget(*reversed(load))
    for name in load:
        before = set(sys.modules)
        __import__(name)
        new = set(sys.modules) - before - set(LEAVES)
        assert new == {name}, (name, new)
