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
# next imported: with nothing dropped the game has that much less room
# (bench_heap's heap_kept_kb_* rows, `fireice sim --code keep`).
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
# function called with the job's arguments (or a value of the module,
# taken: a constant that only the job needs), and the other modules it
# loads, dropped with it. A job's result is its last step's. Some names
# are not jobs but lists of modules that go together (done). (The table is
# a function, not a dict, and its entries are made when asked for, by _job
# and _names, not written as tuples: MicroPython makes a function's
# constant tuples in the heap when its module loads, and keeps them for
# good: bench/RESULTS-heap.md.)
def jobs(name):
    """The job (or list of modules) named: (tries, step, ...) or a tuple
    of module names; KeyError for a name the table has not."""
    spec = _start_up(name) or _game(name) or _parts(name) or _links(name)
    if spec is None:
        raise KeyError(name)
    return spec


def _job(tries, module, fn, *drop):
    # a job of one step: (tries, (module, fn, drop))
    return tries, (module, fn, drop)


def _names(*names):
    # a list of modules
    return names


def _start_up(name):
    # start-up (fireboard.board.start), in its order
    if name == "settings":
        return _job(1, "fireboard.config_load", "load", "fireboard.config_defaults")
    if name == "check settings":  # (within "settings", a config.json to check)
        return _job(1, "fireboard.config_check", "load_text")
    if name == "calibrate":
        return _job(
            1, "fireboard.sense_calib", "at_start", "fireboard.records_files", "fireice.rec"
        )
    if name == "resume":
        return _job(
            1,
            "fireboard.records_resume",
            "start",
            "fireboard.records_files",
            "fireice.rec",
            "fireice.recread",
            "fireice.notation",
            "fireboard.config_defaults",
        )
    if name == "first game":
        return _job(
            1,
            "fireboard.records_newgame",
            "first",
            "fireice.seeded",
            "fireboard.records_files",
            "fireice.rec",
        )
    # what start-up's jobs load, all dropped when one of its steps runs out
    # of memory (fireboard.board), with the settings' checks and the record
    # reader: not a job, its list
    if name == "start-up":
        return _names(
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
    # the virtual board's (simboard): the firmware started, its hello
    if name == "board":
        return _job(1, "fireboard.board", "start")
    if name == "started":
        return _job(1, "simboard.start", "started")
    if name == "version":
        return _job(1, "fireice.version", "VERSION")
    return None


def _game(name):
    # the game's lifecycle (fireboard.app.App)
    if name == "begin":
        return _job(2, "fireboard.track_begin", "begin", "fireboard.track_started")
    if name == "new game":
        return _job(
            1,
            "fireboard.track_newgame",
            "start",
            "fireboard.records_newgame",  # a new game's files
            "fireice.seeded",
            "fireboard.records_files",
            "fireice.rec",  # (a new game's record)
            "fireboard.track_started",  # (a game's parts)
        )
    if name == "takeback":
        return _job(1, "fireboard.track_takeback", "undo")
    # within them: a deal, the opponent's levels, a bad record's number
    if name == "deal":
        return _job(1, "fireice.seeded", "deal")
    if name == "handicap":
        return _job(1, "fireice.seeded", "handicap_position")
    if name == "graded":  # (a graded deal's number in the table)
        return _job(1, "fireice.graded", "candidate")
    if name == "graded seeds":
        return _job(1, "fireice.graded", "SEEDS")
    if name == "levels":
        return _job(1, "fireboard.config_defaults", "VS_LEVELS")
    if name == "archive number":
        return _job(1, "fireboard.records_newgame", "archive_number")
    # a new game's record written, the other kind of game's code goes
    # (fireboard.track_newgame), before the game's parts load
    if name == "into a duel":
        return _names(
            "fireice.solo", "fireboard.track_solo", "fireice.rec", "fireboard.records_files"
        )
    if name == "into a solitaire":
        return _names("fireice.duel", "fireice.rec", "fireboard.records_files")
    if name == "record":  # (a record rewritten: fireboard.records_games)
        return _names("fireice.rec")
    return None


def _parts(name):
    # the parts of the loop a game starts (KEEP)
    if name == "judge":
        return _job(1, "fireboard.track_judge", "attach", *SOLVER)
    if name == "coach":
        return _job(1, "fireboard.track_coach", "attach", "fireice.danger")
    if name == "opponent":
        return _job(1, "fireboard.track_versus", "attach", "fireboard.track_think", *ENGINE_CODE)
    if name == "hint":
        return _job(1, "fireboard.track_hinting", "hint")
    if name == "remote":  # (its part attached by fireboard.track_started)
        return _names("fireboard.track_remote_part")
    if name == "plays":  # (the opponent's and the remote's moves shown)
        return _names("fireboard.track_plays")
    if name == "solver":  # (the judge's, while it is not solving)
        return SOLVER
    # the virtual board's scans that change nothing, skipped
    if name == "idle":
        return _job(1, "simboard.idle", "next_scan")
    return None


def _links(name):
    # a USB command (fireboard.links_commands) and what commands load: a
    # setting checked, the clock's arithmetic, the colour front end's
    # baselines kept; the WiFi link's TLS context
    if name == "command":
        return _job(1, "fireboard.links_commands", "handle", "fireboard.links_table")
    if name == "check setting":
        return _job(1, "fireboard.config_check", "changed")
    if name == "clock":
        return _job(1, "fireboard.clock", "fields")
    if name == "save calibration":
        return _job(1, "fireboard.sense_calib", "save")
    if name == "tls":
        return _job(1, "fireboard.links_net_tls", "context")
    return None


SOLVER = ("fireice.solver", "fireice.seeded")

# The jobs that attach a part of the main loop (app.parts): their code
# stays while the part plays (the job's result true: a part attached), and
# done(name) drops it when the part ends.
KEEP = ("judge", "coach", "opponent", "hint")


def run(name, *args):
    """The job named in the table (jobs), its steps in order, each step's
    module loaded for it and dropped after it with the modules the step
    names, and the garbage collected. Memory running out is tried again
    after the collection, up to the job's tries in all; then MemoryError
    goes to the caller. Returns the last step's result. A job of KEEP
    that returns a true value keeps its code (done drops it)."""
    spec = jobs(name)
    keep = name in KEEP
    result = None
    for step in spec[1:]:
        result = _step(step[0], step[1], args, step[2], spec[0], keep)
    return result


def done(name, failed=False):
    """The code a job of KEEP kept, or a list of modules the table names,
    dropped, and the garbage collected: the part it attached has ended.
    failed: after memory ran out (forget)."""
    spec = jobs(name)
    if spec[0].__class__ is int:  # a job: its steps' modules
        spec = [m for step in spec[1:] for m in (step[0],) + step[2]]
    forget(*spec, failed=failed)


def twice(step, *args):
    """step(*args), a step of start-up (fireboard.board.start) that is
    tried once more when memory runs out, after the code of every start-up
    job is dropped (jobs("start-up"))."""
    try:
        return step(*args)
    except MemoryError:
        forget(*jobs("start-up"), failed=True)
        return step(*args)


def _step(module, fn, args, also, tries, keep=False):
    while True:
        tries -= 1
        failed = True
        result = None
        try:
            __import__(module)
            f = getattr(sys.modules[module], fn)
            result = f(*args) if callable(f) else f
            failed = False
            return result
        except MemoryError:
            if tries <= 0:
                raise
        finally:
            if failed or not (keep and result):
                forget(module, *also, failed=failed)
            f = result = None
