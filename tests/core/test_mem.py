# The memory policy (fireboard.mem): a job's module is loaded for it, dropped
# after it (on MicroPython) and the job tried again after a collection when
# memory ran out; the same when the firmware is frozen.
import sys

from support import MICROPYTHON, raises, skip


class State:
    calls = 0


def setup(tries=2):
    from fireboard import mem

    State.calls = 0
    sys.modules["memjob_state"] = State
    sys.modules.pop("memjob", None)
    # a job of one step for these tests, beside the board's own
    if not hasattr(mem, "board_jobs"):
        mem.board_jobs = mem.jobs
    # (and one that takes a value of the module)
    mem.jobs = lambda name: (
        (tries, ("memjob", "work", ()))
        if name == "test"
        else (1, ("memjob", "SIZE", ()))
        if name == "size"
        else mem.board_jobs(name)
    )


def test_a_job_runs_and_its_module_goes():
    from fireboard import mem

    setup()
    assert mem.run("test", 21, False) == 42
    assert State.calls == 1
    # dropped on MicroPython; CPython keeps modules (their classes stay the same objects)
    assert ("memjob" in sys.modules) == (not MICROPYTHON)
    assert mem.DROP == MICROPYTHON


def test_a_job_that_ran_out_of_memory_is_tried_once_more():
    from fireboard import mem

    setup()
    assert mem.run("test", 5, True) == 10
    assert State.calls == 2
    setup(tries=1)
    raises(MemoryError, lambda: mem.run("test", 5, True))
    assert State.calls == 1


def test_a_step_takes_a_value_of_its_module_and_the_module_goes():
    from fireboard import mem

    setup()
    assert mem.run("size") == 7
    assert ("memjob" in sys.modules) == (not MICROPYTHON)


def test_a_kept_job_keeps_its_code_while_its_part_plays_and_done_drops_it():
    # a job of mem.KEEP (a part of the loop attached) keeps its module when
    # it returns a true value, drops it when it returns a false one; done
    # drops what it kept
    from fireboard import mem

    setup()
    kept = mem.KEEP
    mem.KEEP = kept + ("test",)
    try:
        assert mem.run("test", 0, False) == 0  # nothing attached
        assert ("memjob" in sys.modules) == (not MICROPYTHON)
        assert mem.run("test", 1, False) == 2  # attached: its code stays
        assert "memjob" in sys.modules
        mem.done("test")
        assert ("memjob" in sys.modules) == (not MICROPYTHON)
        # memory running out drops it, kept job or not
        setup(tries=1)
        raises(MemoryError, lambda: mem.run("test", 1, True))
        assert ("memjob" in sys.modules) == (not MICROPYTHON)
    finally:
        mem.KEEP = kept


def test_every_step_of_the_jobs_table_names_a_function_of_a_firmware_module():
    from fireboard import mem

    table = getattr(mem, "board_jobs", mem.jobs)
    names = ("settings", "calibrate", "resume", "first game", "begin", "new game", "takeback")
    for name in names:
        spec = table(name)
        assert spec[0] in (1, 2) and len(spec) >= 2, name
        for module, fn, drop in spec[1:]:
            assert module.startswith("fire") and isinstance(drop, tuple), (name, module)
            __import__(module)
            assert callable(getattr(sys.modules[module], fn)), (name, module, fn)
    assert "fireboard.records_resume" in table("start-up")
    raises(KeyError, lambda: table("no such job"))
    mem.forget(*[step[0] for name in names for step in table(name)[1:]])


def test_a_frozen_firmware_drops_its_modules_too():
    # fireboard.mem run as a frozen module would be (its __file__ names no
    # file on the flash), and as a module loaded from a file: a frozen
    # module's globals, functions and classes are in the heap too
    import fireboard.mem

    path = fireboard.mem.__file__  # where it was loaded from
    with open(path) as f:
        text = f.read()
    for name in ("fireboard/nowhere/mem.py", path):
        space = {"__file__": name, "__name__": "memcopy"}
        exec(text, space)
        assert space["DROP"] == MICROPYTHON


def test_a_module_goes_from_its_packages_table_and_the_package_stays():
    # the board's modules are flat in fireboard, which stays loaded (it
    # holds the front ends' registry), as fireice and simboard do: a
    # dropped module leaves sys.modules and its package's table, nothing more
    from fireboard import mem

    import mempkg.a
    import mempkg.b

    assert mempkg.a.NAME + mempkg.b.NAME == "ab"
    mem.forget("mempkg.a")
    assert ("mempkg.a" in sys.modules) == (not MICROPYTHON)
    assert hasattr(sys.modules["mempkg"], "a") == (not MICROPYTHON)
    assert "mempkg.b" in sys.modules and hasattr(sys.modules["mempkg"], "b")
    mem.forget("mempkg.b")
    assert ("mempkg.b" in sys.modules) == (not MICROPYTHON)
    assert "mempkg" in sys.modules  # the package stays, without its modules
    # and they load again
    import mempkg.a

    assert mempkg.a.NAME == "a"
    mem.forget("mempkg.a")


class _Full(dict):
    # sys.modules with no room left: adding a name runs out of memory
    def __setitem__(self, key, value):
        raise MemoryError("no room in sys.modules (a test)")


class _FakeSys:
    implementation = sys.implementation


def test_forgetting_after_a_failure_never_runs_out_of_memory_itself():
    # after memory ran out, forget(failed=True) puts a value under each name
    # that is not loaded (to take over the slot a failed import emptied);
    # where sys.modules has no room for it, that is skipped, not raised
    from fireboard import mem

    fake = _FakeSys()
    fake.modules = _Full(kept=1)
    real, drop = mem.sys, mem.DROP
    mem.sys, mem.DROP = fake, True
    try:
        mem.forget("fireboard.nowhere", "kept", failed=True)
    finally:
        mem.sys, mem.DROP = real, drop
    assert "kept" not in fake.modules and len(fake.modules) == 0


def test_the_leaves_go_with_every_forget():
    # the phases, the clock's arithmetic and the muxes' helpers: their
    # importers took what they use, so no job leaves them behind
    from fireboard import mem
    from fireboard import track_tracker as tracker

    import fireboard.track_phases  # noqa: F401
    import fireice.ticks  # noqa: F401

    assert "fireboard.track_phases" in mem.LEAVES and "fireice.ticks" in mem.LEAVES
    mem.forget()
    for name in mem.LEAVES:  # (CPython keeps every module)
        assert name not in sys.modules or not MICROPYTHON, name
    assert ("fireice.ticks" in sys.modules) == (not MICROPYTHON)
    # the importers keep the values, and the module loads again
    assert tracker.IDLE == 0 and tracker.OVER == 8
    from fireboard.track_phases import NAMES

    assert NAMES[tracker.SETUP] == "setup"
    mem.forget()
    assert ("fireboard.track_phases" in sys.modules) == (not MICROPYTHON)


def test_the_apps_table_of_attributes_stays_small():
    # The App and its Lights are built at start-up's peak, and MicroPython
    # grows an object's table of attributes as they are set, a new table
    # each time (17, 23, 29, then 37 slots: 592 bytes on the 64-bit virtual
    # board, the block a heap too small failed to find in App.__init__).
    # So the App keeps at most 29 attributes of its own, and its Lights 23,
    # after start-up and through new games of both kinds.
    from fireboard.board import start
    from simboard.hw import Hardware
    from simboard.memstore import MemStore

    out = []
    app, hw, started = start(MemStore(), lambda cfg: Hardware(cfg, 0), out.append, 0, "digital")
    app.begin(0, *started)
    sizes = [(len(app.__dict__), len(app.lights.__dict__))]
    app.new_game("solitaire", grade="any")
    app.new_game("duel")
    sizes.append((len(app.__dict__), len(app.lights.__dict__)))
    assert all(a <= 29 and b <= 23 for a, b in sizes), (sizes, sorted(app.__dict__))
    assert not [e for e in out if e.get("ev") == "error"], out


def test_a_games_start_goes_with_the_job_that_starts_it():
    # fireboard.track_started (a game coming into play: its parts) is
    # loaded by App.begin's and App.new_game's jobs and goes with them: its
    # functions were the App's methods, in the heap for good
    from fireboard.board import start
    from simboard.hw import Hardware
    from simboard.memstore import MemStore

    out = []
    app, hw, started = start(MemStore(), lambda cfg: Hardware(cfg, 0), out.append, 0, "digital")
    app.begin(0, *started)
    loaded = ["fireboard.track_started" in sys.modules]
    app.new_game("duel", vs=(2, 1))  # a game against the board: its part attached
    loaded.append("fireboard.track_started" in sys.modules)
    assert app.opponent is not None and app.opponent in app.parts
    app.new_game("duel", vs=None)
    loaded.append("fireboard.track_started" in sys.modules)
    assert app.opponent is None and not app.parts
    assert loaded == [not MICROPYTHON] * 3, loaded
    assert not [e for e in out if e.get("ev") == "error"], out
    assert [e["ev"] for e in out].count("new") == 3


def test_the_tables_that_stay_loaded_keep_below_their_next_size():
    # MicroPython's table of names has 12, 17, 23, 29 ... slots (16 bytes
    # each on the 64-bit virtual board), a new one each time it fills.
    # These stay in the heap while the board runs, each within the size
    # below its last growth (bench/RESULTS.md, "Memory"); and newgame's, loaded where
    # a new game's heap is tightest
    if not MICROPYTHON:
        skip("MicroPython's tables (CPython's hold more: a module's constants too)")
    import fireboard.app
    import fireboard.lights
    import fireice.duel
    import fireice.position
    from fireboard import track_newgame as newgame
    from fireboard import sense_colour_scan as colour_scan

    tables = (
        fireboard.lights,
        fireboard.lights.Lights,
        fireice.position,
        fireboard.app,
        fireboard.app.App,
        newgame,
        fireice.duel.Duel,
        colour_scan,
    )
    sizes = [len(t.__dict__) for t in tables]
    # (the Lights' class: its frame drawn by layer and phase, a method
    # each, fills the 17 slots; one more method grows it to 23)
    # (the App's class: tick's steps a method each, 23 slots)
    limits = (23, 17, 12, 12, 23, 23, 12, 12)
    assert [a <= b for a, b in zip(sizes, limits)] == [True] * len(limits), sizes
