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
#   c LINE    a command line, as over USB ("status", 'new {"mode": "solitaire"}')
#   j JSON    the same as JSON: {"cmd": "new", "mode": "solitaire"}
#   e TEXT    report TEXT as an error event now (bad input the host found)
#
# Events go to standard output as JSON lines (docs/protocol.md).
import gc
import json
import sys

from fireice import forget


class Board:
    def __init__(self, flash, seed, front):
        self.args = (flash, seed, front)
        self.now = 0
        self.hw = self.held = None
        self.start()

    def start(self):
        # the firmware starts, at power-up or again after a soft reset
        # (fireboard.simstart): virtual time goes on, the pegs standing in
        # the holes and the buttons held are read again
        hw = self.hw
        if hw:
            self.held = (bytes(hw.holes), bytes(hw.pressed))
        self.app = self.hw = hw = None
        gc.collect()
        self.quiet = False  # a scan has run since the last input
        self.steady = None  # whether the scans read the same (fireboard.simidle)
        from fireboard import simstart

        simstart.start(self)
        simstart = None
        forget("fireboard.simstart")

    def emit(self, ev):
        if "at" not in ev:
            ev["at"] = self.now
        w = sys.stdout.write
        w(json.dumps(ev))
        w("\n")

    def command(self, line):
        # a command line, as over USB (docs/protocol.md)
        gc.collect()  # see App.new_game
        try:
            from fireboard import usb

            usb.handle(self.app, line, self.emit)
        except Exception as e:  # as the USB console: say so, and go on
            usb = None
            gc.collect()
            self.emit({"re": None, "error": "%s on %r" % (_why(e), line[:40])})
        usb = None
        forget("fireboard.usb")
        gc.collect()
        if self.app.asked is not None:  # a new game, made now the command code is gone
            self.app.start_asked()
        if self.app.reboot:  # a soft reset
            self.start()

    def frame(self, rgb):
        w = sys.stdout.write
        w('{"ev": "leds", "at": %d, "rgb": [' % self.now)
        for k in range(51):
            w(
                "[%d, %d, %d]%s"
                % (rgb[3 * k], rgb[3 * k + 1], rgb[3 * k + 2], ", " if k < 50 else "]}\n")
            )

    def run_to(self, at):
        """Scans every scan_ms up to at. Scans that provably change nothing
        are skipped (fireboard.simidle, asked while no hole is being
        debounced), so idle time costs nothing; the last scan before at
        always runs, so the readings are those of a board that scanned all
        along."""
        app = self.app
        hw = self.hw
        period = app.cfg["scan_ms"]
        now = self.now
        last = at - at % period
        while True:
            t = now - now % period + period
            if t > at:
                break
            if (
                t < last
                and self.quiet
                and self.steady is not False
                and app.deb.cand == app.deb.stable
            ):
                from fireboard import simidle

                t = simidle.next_scan(self, now, t, last)
                simidle = None
                forget("fireboard.simidle")
            now = t
            self.now = t
            hw.now = t
            app.tick(t)
            self.quiet = True
        self.now = at
        hw.now = at
        app.now = at

    def line(self, text):
        op = text[0]
        arg = text[2:].rstrip()
        if op == "t":
            self.run_to(int(arg))
            return
        if op == "e":
            self.emit({"ev": "error", "reason": arg})
            return
        self.quiet = False
        self.steady = None
        if op == "r" or op == "i":
            holes = self.hw.holes
            for h in range(49):
                holes[h] = ord(arg[h]) - 48
            if op == "i":
                self.app.settle()
        elif op == "b":
            gpio, v = arg.split()
            self.hw.pressed[int(gpio)] = int(v)
        elif op == "c":
            self.command(arg)
        elif op == "j":  # the command as JSON: {"cmd": "status"}, other keys
            # go with it as a JSON object ({"cmd": "new", "mode": "solitaire"}
            # is the line new {"mode": "solitaire"})
            msg = json.loads(arg)
            line = msg.pop("cmd")
            msg.pop("at", None)
            if msg:
                line += " " + json.dumps(msg)
            msg = None
            self.command(line)


def _why(e):
    if isinstance(e, MemoryError):
        return "out of memory"
    sys.print_exception(e, sys.stderr)  # a bug of ours, for whoever debugs the firmware
    return "internal error %r" % (e,)


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
                if board.app is None:  # the last start failed: again
                    board.start()
                board.line(text)
            except Exception as e:  # never stop over one input: say so, and go on
                gc.collect()
                board.emit({"ev": "error", "reason": "%s: %s" % (_why(e), text[:40].strip())})


if __name__ == "__main__":
    main(sys.argv[1:])
