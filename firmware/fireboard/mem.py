# The board's memory policy, in one place: code that only a job needs
# (start-up, a new game, a takeback, a USB command, reading or rewriting the
# record) is loaded for the job, dropped after it, and the garbage collected.
#
# MicroPython collects only when an allocation fails, and the garbage of a
# job would otherwise still be there when the next long-lived objects come,
# which then land among it and leave the free room in pieces. So the
# collection comes right after the job's code goes.
#
# Dropping is off on CPython only (memory to spare, and a module's
# classes, its exceptions, must stay the same objects for whoever imported
# them). Wherever the code is, in the heap (.mpy files on the flash), in
# ROM (a ROMFS image) or frozen into the MicroPython image (docs/frozen.md),
# a module's globals, functions and classes are made in the heap when it
# runs, and a frozen module dropped only runs its body again when it is
# next imported: with nothing dropped the board does not start in its 64 KB
# (bench_heap's heap_kb_kept_* rows, `fireice sim --code keep`).
import gc
import sys

DROP = sys.implementation.name != "cpython"


# Modules whose importers copy what they need (from M import name) and
# never look at the module itself again: constants and small helpers. A
# job that imports one again leaves it behind unless it goes too, so every
# forget drops them, wherever they were loaded (their module, its globals
# and its code's records would stay in the heap otherwise). The importers
# keep the values they took.
# fireboard.sense_fronts is one too: the front ends' registry it reads and
# extends is kept in the top package (fireboard/__init__.py), and it is
# needed only at start-up and in jobs; and the front ends' entries,
# fireboard.sense_digital and fireboard.sense_colour, which build their
# scanners (each scanner's class has a module of its own:
# sense_digital_pins or sense_digital_sio, sense_colour_scan).
LEAVES = (
    "fireice.ticks",
    "fireice.version",
    "fireboard.sense_mux",
    "fireboard.sense_fronts",
    "fireboard.sense_digital",
    "fireboard.sense_colour",
    "fireboard.track_phases",
)

# The engine's modules (fireice.engine), in an order in which each needs
# only those before it: a hint loads them one a pass
# (fireboard.track_hinting), and they are dropped together with the engine
ENGINE_CODE = (
    "fireice.engine_tables",
    "fireice.engine_opinions",
    "fireice.engine_playout",
    "fireice.engine_tree",
    "fireice.engine_descent",
    "fireice.engine",
)


def forget(*names, failed=False, collect=True):
    """Drop the modules named, and the LEAVES, then collect (unless
    collect is False: a pass that must stay short, the garbage collected
    by a later one).

    failed: after memory ran out. A module whose import failed has left
    sys.modules, but MicroPython keeps its pointer in the emptied slot,
    which keeps the whole half-loaded module alive: a value put under the
    name takes that slot over, and goes with it."""
    if DROP:
        _drop(names, failed)
        _drop(LEAVES, False)
    if collect and sys.implementation.name != "cpython":
        gc.collect()


def _drop(names, failed):
    mods = sys.modules
    for name in names:
        mod = mods.get(name)
        if failed and mod is None:
            try:
                mods[name] = None  # type: ignore[assignment]
            except MemoryError:
                pass  # no room to add the name: then it held no slot either
        if name in mods:
            mods.pop(name)
        # its name in its package's table goes too. (The packages stay:
        # fireboard holds the front ends' registry, fireice the rules that
        # the tracker uses, simboard the virtual board; the board's modules
        # are flat in fireboard, none in a subpackage: docs/architecture.md.)
        if mod is not None and "." in name:
            pkg, _, attr = name.rpartition(".")
            parent = mods.get(pkg)
            if parent is not None and getattr(parent, attr, None) is mod:
                delattr(parent, attr)
    mod = parent = mods = None  # type: ignore[assignment]


# The jobs: the code a job needs, loaded for it and dropped after it. A job
# is its tries (memory running out is tried again after a collection, up to
# that many times in all) and its steps; each step names the module, the
# function called with the job's arguments, and the other modules it loads,
# dropped with it. A job's result is its last step's. (The table is a
# function, not a dict: that keeps less in the heap, though MicroPython
# still makes a job's constant tuples when this module loads, so each job
# keeps a little: bench/RESULTS-heap.md.)
def jobs(name):
    # start-up (fireboard.board.start), in its order
    if name == "settings":
        return 1, ("fireboard.config_load", "load", ("fireboard.config_defaults",))
    if name == "check settings":  # (within "settings", a config.json to check)
        return 1, ("fireboard.config_check", "load_text", ())
    if name == "calibrate":
        return 1, ("fireboard.sense_calib", "at_start", ("fireboard.records_files", "fireice.rec"))
    if name == "resume":
        return 1, ("fireboard.records_resume", "start", ("fireboard.records_files", "fireice.rec"))
    if name == "first game":
        first = ("fireice.seeded", "fireboard.records_files", "fireice.rec")
        return 1, ("fireboard.records_newgame", "first", first)
    # the game's lifecycle (fireboard.app.App)
    if name == "begin":
        return 2, ("fireboard.track_begin", "begin", ("fireboard.track_started",))
    if name == "new game":
        drop = (
            "fireboard.records_newgame",  # a new game's files
            "fireice.seeded",
            "fireboard.records_files",
            "fireice.rec",  # (a new game's record)
            "fireboard.track_started",  # (a game's parts)
        )
        return 1, ("fireboard.track_newgame", "start", drop)
    if name == "takeback":
        return 1, ("fireboard.track_takeback", "undo", ())
    # what start-up's jobs load, all dropped when one of its steps runs out
    # of memory (fireboard.board), with the settings' checks and the record
    # reader: not a job, its list
    if name == "start-up":
        return (
            "fireboard.config_load",
            "fireboard.config_defaults",
            "fireboard.config_check",
            "fireboard.records_files",
            "fireboard.records_resume",
            "fireboard.records_newgame",
            "fireice.recread",
            "fireice.notation",
            "fireice.rec",
            "fireice.seeded",
            "fireboard.sense_calib",
        )
    raise KeyError(name)


def run(name, *args):
    """The job named in the table (jobs), its steps in order, each step's
    module loaded for it and dropped after it with the modules the step
    names, and the garbage collected. Memory running out is tried again
    after the collection, up to the job's tries in all; then MemoryError
    goes to the caller. Returns the last step's result."""
    spec = jobs(name)
    result = None
    for step in spec[1:]:
        result = _step(step[0], step[1], args, step[2], spec[0])
    return result


def twice(step, *args):
    """step(*args), a step of start-up (fireboard.board.start) that is
    tried once more when memory runs out, after the code of every start-up
    job is dropped (jobs("start-up"))."""
    try:
        return step(*args)
    except MemoryError:
        forget(*jobs("start-up"), failed=True)
        return step(*args)


def _step(module, fn, args, also, tries):
    while True:
        tries -= 1
        failed = True
        try:
            __import__(module)
            result = getattr(sys.modules[module], fn)(*args)
            failed = False
            return result
        except MemoryError:
            if tries <= 0:
                raise
        finally:
            result = None
            forget(module, *also, failed=failed)
