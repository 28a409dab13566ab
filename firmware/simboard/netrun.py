# The virtual Pico W for bench/bench_net_heap.py: the board's firmware with
# its WiFi link (fireboard.links_net) on the `network` stand-in
# (simboard.network), in real time, with a hand that carries out each move
# the board shows (a "plays" event): the peg lifted, put on its hole, the
# fill put into the hole it left. Run from ROM (fireice_tools.firmware.
# micropython_cmd) so that the heap is the game's, as bench_heap measures:
#
#   simboard.netrun FLASH FRONT SECONDS MOVES
#
# It prints the board's events as JSON lines, then "DONE N" once the
# board's game has MOVES moves, or "TIMEOUT" after SECONDS.
import json
import sys
from time import sleep_ms, ticks_diff, ticks_ms

from simboard import network

sys.modules["network"] = network  # (the link imports it by that name)


class Hand:
    def __init__(self):
        self.todo = []  # (hole, value) changes still to make, one a step
        self.moves = 0
        self.hw = None

    def out(self, ev):
        kind = ev.get("ev")
        if kind == "plays" and ev.get("remote"):
            from fireice.notation import parse_move

            h, t = parse_move(ev["move"])
            mover = 1 if ev.get("by") == "fire" else 2
            self.todo += [(h, 0), (t, mover), (h, 3 - mover)]
        elif kind == "replace":  # a new game's set-up: each peg lifted and put back
            from fireice.notation import parse_hole

            for name in ev["holes"].split():
                h = parse_hole(name)
                self.todo += [(h, 0), (h, self.hw.holes[h])]
        elif kind == "move":
            self.moves = ev.get("ply", self.moves + 1)
        elif kind == "leds":
            return
        sys.stdout.write(json.dumps(ev) + "\n")


def main(argv):
    flash, front, seconds, want = argv[0], argv[1], int(argv[2]), int(argv[3])
    from fireboard.board import start
    from fireboard.records_store import Store
    from simboard.hw import Hardware

    hand = Hand()
    store = Store(flash)
    app, hw, started = start(store, lambda cfg: Hardware(cfg, 0), hand.out, 0, front)
    hand.hw = hw
    hw.holes[24] = 1  # the start position stands: D4, Fire
    app.begin(ticks_ms(), *started)
    app.settle()
    t0 = ticks_ms()
    last = t0
    while ticks_diff(ticks_ms(), t0) < seconds * 1000:
        now = ticks_ms()
        hw.now = now
        app.tick(now)
        if hand.todo and ticks_diff(now, last) > 60:  # a hand's pace
            h, v = hand.todo.pop(0)
            hw.holes[h] = v
            last = now
        if hand.moves >= want and not hand.todo:
            import gc

            gc.collect()
            print("DONE %d %d" % (hand.moves, gc.mem_free()))
            return
        sleep_ms(1)
    print("TIMEOUT %d" % hand.moves)


if __name__ == "__main__":
    main(sys.argv[1:])
