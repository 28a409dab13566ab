# Starting the virtual board's firmware (fireboard.simboard), at power-up or
# again after a soft reset: loaded for the start only.
import sys

from fireboard.board import start as start_board
from fireboard.simhw import Hardware
from fireice import forget


def start(board):
    """The firmware starts on board (a simboard.Board) at its virtual time,
    reading the pegs and buttons of board.held (49 hole states, and the
    buttons by GPIO), if any."""
    flash, seed, front = board.args
    if flash:
        from fireboard.store import Store

        store = Store(flash)
    else:
        from fireboard.memstore import MemStore

        store = MemStore()
    held = board.held

    def make_hw(cfg):
        hw = Hardware(cfg, seed)
        hw.now = board.now
        if held:
            for k in range(49):
                hw.holes[k] = held[0][k]
            for k in range(32):
                hw.pressed[k] = held[1][k]
        return hw

    board.app, board.hw, started = start_board(store, make_hw, board.emit, seed, front)
    forget("fireboard.board")
    board.hw.on_frame = board.frame
    hello(board.app.cfg, board.now)
    board.app.begin(board.now, *started)


def hello(cfg, now):
    # written a piece at a time: no list of 51 names in the heap
    from fireice.geom import hole_name
    from fireice.version import VERSION

    forget("fireice.version")

    w = sys.stdout.write
    w(
        '{"ev": "hello", "at": %d, "version": "%s", "front": "%s", "leds": ['
        % (now, VERSION, cfg["front"])
    )
    m = cfg["led_map"]
    for k in range(51):
        h = m[k] if m else k
        w(
            '"%s"%s'
            % (
                hole_name(h) if h < 49 else "turn-fire" if h == 49 else "turn-ice",
                ", " if k < 50 else "]}\n",
            )
        )
