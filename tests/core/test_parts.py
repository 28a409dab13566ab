# The board's extension points (fireboard/app.py's header): a third sensor
# front end registered with fireboard.sense_fronts, a part of the main loop
# in app.parts and a second output in app.outputs, all added from outside,
# with no line of the App or its loop changed.


class Counter:
    """A loop part: counts the passes it is given."""

    def __init__(self):
        self.passes = 0
        self.last = None

    def tick(self, app, now):
        self.passes += 1
        self.last = now


def test_a_third_front_end_a_loop_part_and_a_second_output_plug_in():
    from fireboard.board import start
    from fireboard import sense_fronts as fronts
    from simboard.hw import Hardware
    from simboard.memstore import MemStore

    fronts.register("fake", "fakefront", 200)
    try:
        assert "fake" in fronts.names() and fronts.cap_ma("fake") == 200
        first, second = [], []
        app, hw, started = start(MemStore(), lambda cfg: Hardware(cfg, 0), first.append, 0, "fake")
        scan = app.scanner
        # start-up drops the registry's functions (fireboard.mem.LEAVES):
        # the front end registered before it is still there when they load again
        from fireboard import sense_fronts as again

        assert again.cap_ma("fake") == 200 and again.names()[2:] == ["fake"]
        assert type(scan).__name__ == "FakeScanner"
        assert app.tracker.colour  # what the front end tells, the tracker knows
        part = Counter()
        app.parts.append(part)
        app.outputs.append(second.append)
        app.begin(0, *started)
        scan.holes[24] = 1  # a Fire peg on D4: the start position stands
        for k in range(1, 41):
            app.tick(5 * k)
        assert part.passes == 40 and part.last == 200
        assert scan.scans >= 40
        assert app.tracker.phase == 0  # idle: the game is on
        assert [e["ev"] for e in second if e["ev"] in ("ready", "turn")] == ["ready", "turn"]
        assert second == first[len(first) - len(second) :]  # each event to both
        assert app.lights.frames > 0  # within its front end's LED cap
    finally:
        import fireboard

        fireboard.FRONTS[10:] = []  # the registry as the board has it
    assert fronts.names() == ["digital", "colour"]


def test_start_up_leaves_the_registry_and_the_front_ends_entries_out_of_the_heap():
    """The front ends' registry (fireboard.sense_fronts) and the front
    ends' entries (fireboard.sense_digital, fireboard.sense_colour: the
    scanners' classes have modules of their own) are loaded for start-up
    and dropped by its jobs (fireboard.mem.LEAVES), and the App and its
    lights, built last, read the registry's entries without loading them
    again: a board that has started keeps none of them (issue 13)."""
    import sys

    from fireboard import mem
    from fireboard.board import start
    from simboard.hw import Hardware
    from simboard.memstore import MemStore
    from support import skip

    if not mem.DROP:
        skip("modules are dropped on MicroPython only (fireboard.mem.DROP)")
    for front in ("digital", "colour"):
        app, _, _ = start(MemStore(), lambda cfg: Hardware(cfg, 0), [].append, 0, front)
        assert app.deb.ms == (8 if front == "digital" else 10)
        assert app.lights._allowed > 0
        entries = ("fireboard.sense_fronts", "fireboard.sense_digital", "fireboard.sense_colour")
        loaded = [m for m in entries if m in sys.modules]
        assert loaded == [], (front, loaded)
        kind = "DigitalScanner" if front == "digital" else "ColourScanner"
        assert type(app.scanner).__name__ == kind
