# What the virtual board (simboard.board) does only when its firmware
# starts, loaded for the job and then forgotten: the hello, and a soft reset.
#
# A soft reset: as on a board, the firmware starts again in a fresh heap.
# The host gives the command that starts the board in FIREICE_SIM_RESTART
# (fireice_tools.simhost.board_command): a new interpreter on this one's
# input and output, told in FIREICE_SIM_AT, FIREICE_SIM_HELD and
# FIREICE_SIM_CLOCK the virtual time, the pegs standing and buttons held,
# and the wall clock (a Pico's RTC goes on through a soft reset, set or
# not); this one waits for it, and
# ends with its exit status. Without the command, the firmware starts again
# in this interpreter, its modules loaded afresh.
import gc
import os
import sys

from fireboard.mem import forget


def reset(board):
    board.app.irq_scans(False)  # (the scans' timer interrupt, at Pico time)
    hw = board.hw
    held = "".join(chr(48 + v) for v in bytes(hw.holes) + bytes(hw.pressed))
    if hw.wall is not None:
        os.putenv("FIREICE_SIM_CLOCK", "%d %d" % hw.wall)
    board.app = board.hw = hw = None
    gc.collect()
    os.putenv("FIREICE_SIM_AT", str(board.now))
    os.putenv("FIREICE_SIM_HELD", held)
    again = os.getenv("FIREICE_SIM_RESTART")
    if again:
        sys.exit(os.system("exec " + again) >> 8)
    for name in list(sys.modules):
        if name[:4] == "fire" and "." in name:  # (simboard's own stay)
            forget(name)
    gc.collect()
    board.start()


def started(board):
    """The firmware has started on board (fireboard.board.start): after a
    soft reset, the clock and the wall clock go on and the sensors and
    buttons read what stands and is held; then the hello."""
    at = os.getenv("FIREICE_SIM_AT")
    hw = board.hw
    if at:
        board.now = int(at)
        held = os.getenv("FIREICE_SIM_HELD") or ""
        for k in range(min(81, len(held))):
            v = ord(held[k]) - 48
            if k < 49:
                hw.holes[k] = v
            else:
                hw.pressed[k - 49] = v
        wall = os.getenv("FIREICE_SIM_CLOCK")
        if wall:
            day, ms = wall.split()
            hw.wall = (int(day), int(ms))
        os.unsetenv("FIREICE_SIM_AT")
        os.unsetenv("FIREICE_SIM_HELD")
        os.unsetenv("FIREICE_SIM_CLOCK")
    hw.now = board.now
    hello(board.app.cfg, board.now)


def hello(cfg, now):
    # written a piece at a time: no list of 51 names in the heap
    from fireice.geom import hole_name
    from fireboard.mem import run

    version = run("version")
    w = sys.stdout.write
    w(
        '{"ev": "hello", "at": %d, "version": "%s", "front": "%s", "leds": ['
        % (now, version, cfg["front"])
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
