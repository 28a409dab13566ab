# Nothing is announced that is not saved, and nothing saved that is not
# announced (issue 11): a move, a result or a takeback whose record cannot be
# written (a full flash, memory running out) is not said; the game goes back
# to what the record holds and the board guides the pegs there. Memory that
# runs out once is collected and the write tried again. On the virtual
# board's hardware with a flash in memory (simboard.memstore), both
# interpreters.
from fireice.geom import hole_name


class Flaky:
    """Wraps a flash: the next `fails` writes or appends raise `exc`."""

    def __init__(self, store):
        self.store = store
        self.fails = 0
        self.exc = OSError

    def __getattr__(self, name):
        return getattr(self.store, name)

    def _fail(self):
        if self.fails:
            self.fails -= 1
            raise self.exc("no room")

    def write(self, *a):
        self._fail()
        return self.store.write(*a)

    def append(self, *a):
        self._fail()
        return self.store.append(*a)


def board(front="digital"):
    from fireboard.board import start
    from simboard.memstore import MemStore
    from simboard.hw import Hardware

    events = []
    store = Flaky(MemStore())
    app, hw, started = start(store, lambda cfg: Hardware(cfg, 0), events.append, 0, front)
    app.begin(0, *started)
    hw.holes[24] = 1  # the start position stands: D4, Fire
    app.settle()
    del events[:]
    return app, hw, store, events


def move(app, hw, h, t):
    """A duel move as a player makes it, each step taken in at once."""
    side = hw.holes[h]
    hw.holes[h] = 0
    app.settle()
    hw.holes[t] = side
    app.settle()
    hw.holes[h] = 3 - side
    app.settle()


def said(events, kind):
    return [e for e in events if e["ev"] == kind]


def test_a_move_that_cannot_be_saved_is_not_announced():
    app, hw, store, events = board()
    before = store.read("game.txt")
    store.fails = 1
    move(app, hw, 24, 17)  # D4-C4
    assert said(events, "move") == [] and said(events, "turn") == []
    (err,) = said(events, "error")
    assert "D4-C4 cannot be saved" in err["reason"]
    assert store.read("game.txt") == before  # the record and the game agree
    g = app.tracker.game
    assert g.ply == 0 and g.cells[24] == 1 and g.cells[17] == 0
    assert app.tracker.phase == 6  # restore: the lights guide the pegs back
    # the pegs put back: both holes emptied (presence only), then D4 again
    hw.holes[17] = hw.holes[24] = 0
    app.settle()
    hw.holes[24] = 1
    app.settle()
    assert app.tracker.phase == 0
    move(app, hw, 24, 17)  # now there is room: said and saved
    assert [e["move"] for e in said(events, "move")] == ["D4-C4"]
    assert store.read("game.txt").endswith(" D4-C4")


def test_memory_running_out_once_is_collected_and_tried_again():
    app, hw, store, events = board()
    store.fails = 1
    store.exc = MemoryError
    move(app, hw, 24, 17)
    assert [e["move"] for e in said(events, "move")] == ["D4-C4"]
    assert not said(events, "error")
    assert store.read("game.txt").endswith(" D4-C4")
    store.fails = 2  # twice: not saved, not said
    move(app, hw, 24, 25)  # Ice: D4-D5
    assert [e["move"] for e in said(events, "move")] == ["D4-C4"]
    assert "D4-D5 cannot be saved" in said(events, "error")[0]["reason"]


def test_a_takeback_that_cannot_be_saved_is_not_made():
    app, hw, store, events = board()
    move(app, hw, 24, 17)
    record = store.read("game.txt")
    store.fails = 1
    app.undo()
    assert said(events, "undo") == []
    assert "takeback cannot be saved" in said(events, "error")[0]["reason"]
    assert app.tracker.game.ply == 1 and store.read("game.txt") == record
    app.undo()  # room again
    (undo,) = said(events, "undo")
    assert undo["move"] == "D4-C4"
    assert said(events, "turn")[-1]["to"] == "fire"  # the turn goes back at once
    assert app.tracker.game.ply == 0 and "D4-C4" not in store.read("game.txt")


def test_a_win_that_cannot_be_saved_is_not_announced():
    # Fire wins by D5-A5 (A1 A2 A5 make A Fire's, with B and E a line of
    # islands), and that record cannot be written
    from fireice.geom import parse_position, position_str

    app, hw, store, events = board()
    cells = bytearray(49)
    # Fire holds B and E (their line 1-2-5), A1, A2, and a peg on D5
    for h in (7, 8, 11, 28, 29, 32, 0, 1, 25):
        cells[h] = 1
    for h in (3, 10, 31, 40, 45):
        cells[h] = 2
    pos = position_str(cells)
    app.new_game("duel", position=pos, to_move=1)
    for h in range(49):
        hw.holes[h] = cells[h]
    app.settle()
    assert app.tracker.phase == 0, app.tracker.phase
    del events[:]
    record = store.read("game.txt")
    store.fails = 1
    move(app, hw, 25, 4)  # D5-A5: Fire wins
    assert said(events, "result") == [] and said(events, "move") == []
    assert "D5-A5 cannot be saved" in said(events, "error")[0]["reason"]
    assert store.read("game.txt") == record and app.tracker.game.result == 0
    assert parse_position(pos) == app.tracker.game.cells
    hw.holes[4] = hw.holes[25] = 0  # the pegs back: both holes emptied, then D5
    app.settle()
    hw.holes[25] = 1
    app.settle()
    move(app, hw, 25, 4)
    (result,) = said(events, "result")
    assert result["result"] == "fire"
    assert '[Result "fire"]' in store.read("game.txt")
    assert store.read("game.txt").rstrip().endswith("D5-A5")
    assert hole_name(4) == "A5"


def ticked(app, hw, log, h, t):
    """The same move through the main loop's passes (debounced, as on a
    board): each step held for 50 ms of 5 ms passes."""
    side = hw.holes[h]
    now = app.now
    for hole, v in ((h, 0), (t, side), (h, 3 - side)):
        hw.holes[hole] = v
        for _ in range(10):
            now += 5
            log.append("pass")
            app.tick(now)


def logged(front="digital"):
    app, hw, store, events = board(front)
    log = []
    append = store.store.append

    def saving(*a):
        log.append("saved")
        return append(*a)

    store.store.append = saving
    app.outputs.append(lambda ev: log.append(ev["ev"]))
    hw.on_frame = lambda rgb: log.append("frame")
    return app, hw, store, events, log


def test_the_moves_lights_show_first_then_it_is_saved_then_said():
    # (issue 17: the frame answers the hand without waiting for the flash;
    # the lights announce nothing, the USB events do)
    for front in ("digital", "colour"):
        app, hw, store, events, log = logged(front)
        ticked(app, hw, log, 24, 17)  # D4-C4
        assert said(events, "move")[0]["move"] == "D4-C4"
        k = log.index("saved")
        p = max(i for i in range(k) if log[i] == "pass")
        this = log[p + 1 : log.index("pass", k)]  # the pass that took it in
        # the answering frame, then saved, then the move said
        assert this[:2] == ["frame", "saved"] and "move" in this, this
        assert log.index("move", k) > k


def test_the_moves_events_are_built_after_its_frame():
    # (issue 17: the frame answers the hand first; the move's events, its
    # dicts and their names, are built after it, not before)
    for front in ("digital", "colour"):
        app, hw, store, events, log = logged(front)
        built = []

        def frame(rgb, t=app.tracker, log=log, built=built):
            log.append("frame")
            built.append([e["ev"] for e in t.events if type(e) is dict])

        hw.on_frame = frame
        ticked(app, hw, log, 24, 17)  # D4-C4
        k = log.index("saved")
        p = max(i for i in range(k) if log[i] == "pass")
        assert log[p + 1] == "frame"
        assert built[log[: p + 1].count("frame")] == []  # nothing built at the move's frame
        assert [e["ev"] for e in events][-2:] == ["move", "turn"]
        (m,) = said(events, "move")
        assert (m["move"], m["by"]) == ("D4-C4", "fire")


def test_a_move_that_cannot_be_saved_in_a_pass_is_not_said_nor_tried_twice():
    app, hw, store, events, log = logged()
    before = store.read("game.txt")
    store.fails = 1  # the first write fails; a second would succeed
    ticked(app, hw, log, 24, 17)
    assert said(events, "move") == []
    (err,) = said(events, "error")
    assert "D4-C4 cannot be saved" in err["reason"]
    assert store.read("game.txt") == before
    assert "saved" not in log  # (the failed write raised before the log's)
    assert app.tracker.phase == 6  # the lights guide the pegs back


def test_the_moves_pass_collects_its_garbage_once_it_is_shown_and_said():
    import fireboard.app as appmod

    app, hw, store, events, log = logged()
    real = appmod.gc

    class Gc:
        def collect(self):
            log.append("collect")
            real.collect()

    appmod.gc = Gc()
    try:
        ticked(app, hw, log, 24, 17)
    finally:
        appmod.gc = real
    k = log.index("move")
    assert log.count("collect") == 1  # once a move
    # not in the lift's or the put's pass; in the move's, after its frame,
    # its record and its events
    k0 = log.index("saved")
    assert "frame" in log[max(i for i in range(k0) if log[i] == "pass") : k0]
    assert k0 < k < log.index("collect")
    assert "pass" not in log[k : log.index("collect")]


def test_a_moves_events_built_when_memory_runs_out_are_built_at_the_next_try():
    # (Tracker.say: the move stays in the events as it stood, not half said)
    app, hw, store, events = board()
    t = app.tracker
    real = t._say
    calls = []

    def short(h, to, side, was, ev, ply=-1):
        calls.append(h)
        if len(calls) == 1:
            ev.append({"ev": "move"})
            raise MemoryError
        return real(h, to, side, was, ev, ply)

    t._say = short
    ticked(app, hw, [], 24, 17)  # D4-C4: the first try runs out, App.tick's second builds it
    assert len(calls) == 2
    assert len(said(events, "move")) == 1  # said once, not a half-built one too
    assert said(events, "move")[0]["move"] == "D4-C4"
    assert [e["ev"] for e in events].count("turn") == 1
