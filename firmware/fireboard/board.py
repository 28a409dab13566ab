# Starting the board and its main loop. On a board, main.py calls run(); the
# virtual board (fireboard.simboard) and the tests use start() with other
# hardware and drive app.tick() themselves.
import json
import sys

from fireice import forget


def start(store, make_hw, emit, seed=0, front=None):
    """Build the board: configuration, the saved (or a new) game, then the
    App on the hardware make_hw(cfg) gives. Returns (app, hw)."""
    from fireboard import defaults

    cfg, problem = defaults.load(store)
    forget("fireboard.defaults")
    if front:
        cfg["front"] = front
    # the game first: the record code is gone again before the rest loads
    from fireboard import gamefiles
    from fireboard.games import Games

    games = Games(store)
    started = gamefiles.start(games, seed)
    forget("fireboard.gamefiles")
    from fireboard.app import App

    import gc

    gc.collect()  # the heap's holes filled before the long-lived objects come
    hw = make_hw(cfg)
    app = App(hw, cfg, games, emit, seed)
    if problem:  # said by app.begin, with the saved game's, if any
        game, other, new = started
        started = (game, problem + ("; " + other if other else ""), new)
    return app, hw, started


async def main_loop(app, period, ticks_ms, sleep_ms, count=-1):
    """Scan, track and render every period ms (count times, or forever);
    ticks_ms() is the clock, sleep_ms asyncio's. Allocates nothing while
    nothing happens on the board."""
    while count:
        app.tick(ticks_ms())
        await sleep_ms(period)
        count -= 1


def emit(ev):
    # events to the USB serial console, one JSON object a line
    w = sys.stdout.write
    w(json.dumps(ev))
    w("\n")


def run():
    """The board: its hardware backend (a Pico on MicroPython, or an RP2040
    board on CircuitPython), its flash, the main loop."""
    import asyncio

    from fireboard.store import Store

    if sys.implementation.name == "circuitpython":
        from fireboard.hw_circuitpython import Hardware
    else:
        from fireboard.hw_rp2 import Hardware

    app, hw, started = start(Store(""), Hardware, emit)
    app.begin(hw.ticks_ms(), *started)
    asyncio.run(main_loop(app, app.cfg["scan_ms"], hw.ticks_ms, asyncio.sleep_ms))
