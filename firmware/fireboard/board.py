# Starting the board and its main loop. On a board, main.py calls run(); the
# virtual board (simboard.board) and the tests use start() with other
# hardware and drive app.tick() themselves.
import json
import sys

from fireboard import mem
from fireice.ticks import ticks_diff


def start(store, make_hw, emit, seed=0, front=None):
    """Build the board: configuration, the saved (or a new) game, then the
    App on the hardware make_hw(cfg) gives. Returns (app, hw, started).
    Each step that runs out of memory is tried once more after a
    collection, with start-up's passing code dropped; what a step found
    (a file set aside) is said all the same."""
    # What stays for the game comes first, low in the heap: the game's code,
    # the sensors' scanner (on every front end, calibrated or not) and the
    # main loop's code; then what only start-up needs (the record reader),
    # which leaves free room behind when it goes. Measured (bench_heap):
    # this order needs less heap at the worst cases than building the
    # scanner with the App.
    from fireboard.records_games import CURRENT, NEXT, Games
    from fireice.duel import Duel  # noqa: F401 (the game's code, for good)

    cfg, problem = mem.twice(_settings, store, front)
    from fireboard import sense_fronts as fronts

    hw = make_hw(cfg)
    scan = fronts.scanner(hw, cfg)
    if fronts.calibrates(cfg["front"]):  # the sensors' empty readings, while the heap is empty
        said = mem.twice(_calibrate, scan, store)
        if said:
            problem = problem + "; " + said if problem else said
    # The loop's code, low in the heap, before a saved game is read and
    # replayed (the record reader's garbage then lies above it); on a new
    # board after the first game is made (its code and the loop's together
    # were start-up's peak, where a heap too small failed)
    saved = store.size(CURRENT) >= 0 or store.size(NEXT) >= 0
    if saved:
        from fireboard.app import App  # noqa: F401
    games = Games(store)
    games.marks = cfg["front"] != "colour"  # the colour board sees a set-up's colours
    if cfg["vs"] is not None:  # a new board's first game: the configuration's opponent
        games.vs = (1 if cfg["vs"] == "fire" else 2, cfg["vs_level"])
    # the game first: the record code is gone again before the rest loads
    game, other, new = mem.twice(_game, games, seed)
    if problem:  # said by app.begin, with the saved game's, if any
        other = problem + ("; " + other if other else "")
    if not saved:
        from fireboard.app import App  # noqa: F401,F811

        mem.forget()  # the leaves its modules loaded (fireboard.mem.LEAVES), before the App's objects
    games.hw = hw  # its clock (hw.clock) dates the records
    app = mem.twice(_app, hw, cfg, games, emit, seed, scan)
    return app, hw, (game, other, new)


def _settings(store, front):
    cfg, problem = mem.run("settings", store)
    if front:
        cfg["front"] = front
    return cfg, problem


def _calibrate(scan, store):
    return mem.run("calibrate", scan, store)


def _game(games, seed):
    # the saved game; without one, the first game, its code loaded once the
    # record reader has gone (the two together set start-up's peak)
    game, problem, new = mem.run("resume", games)
    if not new:
        return game, problem, new
    return mem.run("first game", games, seed, problem)


def _app(hw, cfg, games, emit, seed, scan):
    from fireboard.app import App

    return App(hw, cfg, games, emit, seed, scan)


async def main_loop(app, period, ticks_ms, sleep_ms, count=-1, console=None):
    """Scan, track and render every period ms (count times, or forever, or
    until a reboot is asked for), then answer what came on the console;
    ticks_ms() is the clock, sleep_ms asyncio's. A pass starts when its
    scan is due (app.due: period ms after the last one was due, on a fixed
    schedule, so a pass that ran late brings the next one sooner; the
    scan points of a long pass, App.sense, keep to it too), or at once if
    that is past or a scan point has taken a change in. Allocates nothing
    while nothing happens on the board or the console."""
    while count and not app.reboot:
        now = ticks_ms()
        app.tick(now)
        if console is not None:
            console.poll(app, now)
        # (a change a scan point took in: tracked at once)
        left = 0 if app.changed else ticks_diff(app.due, ticks_ms())
        await sleep_ms(left if left > 0 else 0)
        count -= 1


def emit(ev):
    """An event to the USB serial console, one JSON object a line, in one
    write, so that a power cut never leaves half a line for the next to run
    into; where the heap has no room for the whole text (a long reply with
    the free room in pieces), a piece at a time straight to the port. The
    hello of a (re)started board comes after a newline of its own."""
    try:
        text = json.dumps(ev) + "\n"
    except MemoryError:
        json.dump(ev, sys.stdout)
        text = "\n"
    sys.stdout.write(text)


def hello(cfg):
    from fireice.version import VERSION  # (a leaf: fireboard.mem.LEAVES)

    sys.stdout.write("\n")
    emit({"ev": "hello", "version": VERSION, "front": cfg["front"]})


def run(Hardware):
    """The board on its hardware backend (main.py picks it: fireboard.hw_rp2
    on a Pico, fireboard.hw_circuitpython on CircuitPython, or the virtual
    board's as a USB device on the unix port), its flash, the main loop,
    the USB console."""
    import asyncio

    from fireboard.records_store import Store

    app, hw, started = start(Store(""), Hardware, emit)
    hello(app.cfg)
    app.begin(hw.ticks_ms(), *started)
    app.clock = hw.ticks_ms  # the scan points within a long pass (App.sense)
    if getattr(hw, "timer", None) is not None:  # or the scans from its timer interrupt
        from fireboard.sense_irqscan import use

        use(app, hw.ticks_ms)
    try:
        from fireboard.links_console import Console

        console = Console(sys.stdin.buffer, emit)
    except (ImportError, AttributeError, OSError, TypeError):  # no poll on stdin
        console = None
    mem.forget()  # what the console took of the leaves (fireboard.mem.LEAVES) goes
    try:
        asyncio.run(
            main_loop(app, app.cfg["scan_ms"], hw.ticks_ms, asyncio.sleep_ms, console=console)
        )
    finally:  # (a reboot asked for over USB, or the loop stopped at the REPL)
        app.irq_scans(False)  # the scans' timer interrupt stopped
    # a reboot asked for over USB
    try:
        import machine

        machine.soft_reset()
    except (ImportError, AttributeError):
        sys.exit(0)  # the virtual board: its host starts it again
