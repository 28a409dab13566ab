# The virtual board's MicroPython side: the board firmware, unchanged, on a
# hardware shim whose sensors read what stands in each hole. The world around
# the board (pegs, hands, buttons, virtual time) is simulated by the host
# (`fireice sim`, host_tools/fireice_tools/simhost.py), which sends one short
# line per change on standard input:
#
#   t N       run the board on to virtual time N ms (a scan every scan_ms)
#   r S       what the holes hold now: 49 digits, 0 empty, 1 Fire, 2 Ice,
#             3 a sensor that reads noise
#   i S       the same, taken in at once without debounce (set-up)
#   b G V     button on GPIO G pressed (V=1) or released (V=0)
#   j JSON    a command ({"cmd": "new", ...}), as over USB
#   e TEXT    report TEXT as an error event now (bad input the host found)
#
# Events go to standard output as JSON lines (docs/protocol.md).
import gc
import json
import os
import sys

from fireboard.simhw import Hardware
from fireice import forget


class Board:
    def __init__(self, flash, seed, front):
        self.args = (flash, seed, front)
        if flash:
            kb = os.getenv("FIREICE_FLASH_KB")
            if kb:  # a flash of a real board's size (fireboard.simflash)
                from fireboard.simflash import SimFlash

                store = SimFlash(flash, int(kb))
            else:
                from fireboard.store import Store

                store = Store(flash)
        else:
            from fireboard.memstore import MemStore

            store = MemStore()
        from fireboard.board import start

        self.now = 0
        self.app, self.hw, started = start(
            store, lambda cfg: Hardware(cfg, seed), self.emit, seed, front
        )
        forget("fireboard.board")
        self.hw.on_frame = self.frame
        self.hello(self.app.cfg)
        self.app.begin(0, *started)

    def emit(self, ev):
        if "at" not in ev:
            ev["at"] = self.now
        w = sys.stdout.write
        w(json.dumps(ev))
        w("\n")

    def command(self, arg):
        # a command line, as over USB (docs/protocol.md): {"cmd": "status"},
        # {"cmd": "leds walk 100"}; other keys go with it as a JSON object:
        # {"cmd": "new", "mode": "solitaire"} is the line new {"mode": ...}
        msg = json.loads(arg)
        line = msg.pop("cmd")
        msg.pop("at", None)
        if msg:
            line += " " + json.dumps(msg)
        gc.collect()  # see App.new_game
        from fireboard import usb

        usb.handle(self.app, line, self.emit)
        usb = None
        forget("fireboard.usb")
        gc.collect()
        if self.app.asked is not None:  # a new game, made now the command code is gone
            self.app.start_asked()
        if self.app.reboot:
            self.app = self.hw = None
            gc.collect()
            self.__init__(*self.args)

    def hello(self, cfg):
        # written a piece at a time: no list of 51 names in the heap
        from fireice.geom import hole_name
        from fireice.version import VERSION

        forget("fireice.version")

        w = sys.stdout.write
        w(
            '{"ev": "hello", "at": 0, "version": "%s", "front": "%s", "leds": ['
            % (VERSION, cfg["front"])
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

    def frame(self, rgb):
        w = sys.stdout.write
        w('{"ev": "leds", "at": %d, "rgb": [' % self.now)
        for k in range(51):
            w(
                "[%d, %d, %d]%s"
                % (rgb[3 * k], rgb[3 * k + 1], rgb[3 * k + 2], ", " if k < 50 else "]}\n")
            )

    def run_to(self, at):
        app = self.app
        hw = self.hw
        period = app.cfg["scan_ms"]
        while self.now < at:
            self.now += 1
            hw.now = self.now
            if self.now % period == 0:
                app.tick(self.now)
        app.now = self.now

    def line(self, text):
        op = text[0]
        arg = text[2:].rstrip()
        if op == "t":
            self.run_to(int(arg))
        elif op == "r" or op == "i":
            holes = self.hw.holes
            for h in range(49):
                holes[h] = ord(arg[h]) - 48
            if op == "i":
                self.app.settle()
        elif op == "b":
            gpio, v = arg.split()
            self.hw.pressed[int(gpio)] = int(v)
        elif op == "j":
            self.command(arg)
        elif op == "e":
            self.emit({"ev": "error", "reason": arg})


def main(argv):
    opts = {"--front": None, "--flash": None, "--seed": "0"}
    for k in range(0, len(argv) - 1, 2):
        opts[argv[k]] = argv[k + 1]
    board = Board(opts["--flash"], int(opts["--seed"]), opts["--front"])
    while True:
        text = sys.stdin.readline()
        if not text:
            break
        if len(text) > 1:
            try:
                board.line(text)
            except MemoryError as e:
                sys.print_exception(e, sys.stderr)  # for whoever debugs the firmware
                # never stop over one input: say so, and carry on
                gc.collect()
                board.emit({"ev": "error", "reason": "out of memory: %s" % text[:40].strip()})


if __name__ == "__main__":
    main(sys.argv[1:])
