# A duel's hints on the virtual board (`fireice sim --headless`), in the heap
# of a game with the engine (96 KB): the takeback button held asks, the
# engine's search runs beside the loop (fireboard.track_think) and its
# answer comes on a later pass; at Pico speed the scans go on meanwhile.
from test_versus_host import Sim, _play, _sync, _tick

from fireice.duel import Duel
from fireice.geom import START
from fireice.notation import parse_move


def hint_game(front="digital", hints=4, pico_time=False):
    """A game of two players who each ask for a hint and follow it, hints
    times; returns (events, the events after the input ended, the hint
    events)."""
    given = []
    with Sim(front, pico_time=pico_time) as sim:
        sim.send(board=START)
        _tick(sim)
        g = Duel()
        while not g.result and len(given) < hints:
            seen = len(sim.events)
            sim.send(press="undo", ms=1200)  # held: a hint
            for _ in range(40):
                got = [e for e in sim.events[seen:] if e.get("ev") == "hint"]
                if got:
                    break
                _tick(sim, 250)
                _sync(sim)
            else:
                raise AssertionError("no hint: %s" % sim.events[seen:][:20])
            e = got[0]
            assert e["move"], e
            h, t = parse_move(e["move"])
            assert g.check(h, t) is None, e
            given.append(e)
            _play(sim, h, t, g.to_move)
            m = sim.until(lambda e: e.get("ev") == "move")
            assert m["move"] == e["move"]
            g.push(h, t)
        _sync(sim)
        rest = sim.close()
    events = sim.clean()
    return events, rest, given


def test_hints_followed_through_a_game_on_both_front_ends():
    for front in ("digital", "colour"):
        events, _, given = hint_game(front, hints=4)
        assert len(given) == 4
        st = [e for e in events if e.get("re") == "status"][-1]
        assert st["moves"] == 4


def test_at_pico_speed_a_hint_comes_later_and_the_scans_go_on():
    events, rest, given = hint_game("digital", hints=2, pico_time=True)
    (t,) = [e for e in rest if e.get("ev") == "timing"]
    # the search took its Pico time beside the loop: the hint came that
    # much after the pass that started it, with passes between
    assert t["thinks"] == 2 and t["think_ms_worst"] > 0, t
    assert t["passes_thinking"] >= 10, t
    assert t["late_ms_worst_thinking"] >= 0 and "late_ms_worst_think_start" in t


def test_in_the_game_s_heap_alone_a_hint_says_so_if_it_has_no_room():
    # 64 KB, the game's heap without the engine's 32 KB: the hint comes if
    # the engine finds room, or says it has none; the game goes on either way
    from simrun import HEAP, move_inputs, run_sim

    from fireice.geom import position_str

    g = Duel()
    inputs = [{"at": 0, "board": position_str(g.cells)}, {"at": 100, "cmd": "hint"}]
    h, t = parse_move("D4-D1")
    assert g.check(h, t) is None
    for k, i in enumerate(move_inputs(h, t, g.to_move)):
        i["at"] = 2000 + 300 * k
        inputs.append(i)
    events = run_sim(inputs, heapsize=HEAP)
    (hint,) = [e for e in events if e.get("ev") == "hint"]
    assert hint.get("move") or hint["reason"] == "no room to think (out of memory)", hint
    if hint.get("move"):
        assert g.check(*parse_move(hint["move"])) is None
    assert [e["move"] for e in events if e.get("ev") == "move"] == ["D4-D1"]
    assert not [e for e in events if e.get("ev") in ("error", "illegal")], events


def test_at_pico_speed_the_timer_interrupt_holds_the_scans_while_a_hint_loads():
    # The digital front end scans from the timer interrupt at Pico time
    # (fireboard.sense_irqscan, simboard.picoboard): the passes that load the
    # engine's modules, search and collect are long, but the scans keep
    # their schedule through them: one every scan_ms from the first pass to
    # the end, none lost, more scans than passes. How late a tick runs, at most
    # an LED frame's wire time (1.5 ms), is a figure of `make bench`
    # (bench_versus, hint_digital_scan_late_ms_worst...): the host's
    # hiccups, x 200 at Pico time, put one tick of CI's 11 ms late.
    events, rest, given = hint_game("digital", hints=2, pico_time=True)
    (t,) = [e for e in rest if e.get("ev") == "timing"]
    assert t["irq_scans"] == t["scans"] > t["passes"], t
    ms = t["scan_ms"]
    assert t["loop_ms_worst"] > 2 * ms and t["collections"] > 0, t  # long passes there were
    assert t["loop_ms_worst_thinking"] > 2 * ms, t
    assert abs(t["period_ms_mean"] - ms) < 0.05, t
