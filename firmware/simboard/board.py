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
#   e TEXT    report TEXT as an error event now (bad input the host found)
#
# Events go to standard output as JSON lines (docs/protocol.md).
import gc
import json
import os
import sys
from time import ticks_diff, ticks_us

from simboard.hw import Hardware
from fireboard.mem import run


class Board:
    # with Pico time (simboard.picoboard): the Pico factor, simboard.picotime,
    # and when the pass under way began (us); class attributes, so that its
    # values, set before this __init__, stand
    pico = 0
    pt = None
    pass_t0 = 0

    def __init__(self, flash, seed, front):
        self.args = (flash, seed, front)
        self.now = 0
        # Pico time (`fireice sim --pico-time`) is simboard.picoboard's, a
        # Board whose code is loaded only then: a board has none of it, and
        # the virtual board's heap is the firmware's measure (bench_heap)
        self.app = self.hw = (
            None  # (start: named now, the object's room made before the firmware's)
        )
        self.start()

    def at(self):
        """Virtual time now."""
        return self.now

    def hardware(self, cfg):
        return Hardware(cfg, self.args[1])

    def start(self):
        # the firmware starts: at power-up, or again after a soft reset
        # (simboard.start)
        flash, seed, front = self.args
        if flash:
            kb = os.getenv("FIREICE_FLASH_KB")
            if kb:  # a flash of a real board's size (simboard.flash)
                from simboard.flash import SimFlash

                store = SimFlash(flash, int(kb))
            else:
                from fireboard.records_store import Store

                store = Store(flash)
        else:
            from simboard.memstore import MemStore

            store = MemStore()
        self.app, self.hw, started = run("board", store, self.hardware, self.emit, seed, front)
        if self.pico:  # the virtual hardware's own time, to be taken off
            self.ready()
        self.hw.on_frame = self.frame
        run("started", self)  # (loaded now the start-up code is gone)
        self.app.begin(self.now, *started)
        if self.pico:  # the scan points within a long pass (App.sense)
            self.app.clock = self.clock
            # or, as on a Pico, the scans from the timer interrupt
            # (simboard.picoboard fires it)
            from fireboard.sense_irqscan import use

            use(self.app, self.irq_clock)

    def emit(self, ev):
        if "at" not in ev or self.pass_t0:
            # (with Pico time, within a pass: when it goes out, as a frame,
            # not when the pass began)
            ev["at"] = self.at()
        # one write a line, or pieces where the heap has no room for it
        # (as fireboard.board.emit)
        try:
            text = json.dumps(ev) + "\n"
        except MemoryError:
            json.dump(ev, sys.stdout)
            text = "\n"
        if not self.pass_t0:
            sys.stdout.write(text)
            return
        # with Pico time, the clock of the pass stops while the line goes
        # out: a write that waits for the host to read the pipe is not the
        # firmware's time (the text is, as on a board)
        t0 = ticks_us()
        w0 = self.pt.waited_ns()
        sys.stdout.write(text)
        self.waited0 += self.pt.waited_ns() - w0
        self.pass_t0 += ticks_diff(ticks_us(), t0)

    def command(self, line):
        # a command line, as over USB (docs/protocol.md)
        gc.collect()  # see App.new_game
        run("command", self.app, line, self.emit)
        if self.app.asked is not None:  # a new game, made now the command code is gone
            self.app.start_asked()

    def frame(self, rgb):
        w = sys.stdout.write
        w('{"ev": "leds", "at": %d, "rgb": [' % self.at())
        for k in range(51):
            w(
                "[%d, %d, %d]%s"
                % (rgb[3 * k], rgb[3 * k + 1], rgb[3 * k + 2], ", " if k < 50 else "]}\n")
            )

    def run_to(self, at):
        # a scan every scan_ms up to at. After each, while no hole is being
        # debounced, simboard.idle says which scans change nothing, and
        # they are skipped: idle time costs nothing. The first scan (it takes
        # in the inputs before it) and the last before at always run, so the
        # readings are those of a board that scanned all along.
        app = self.app
        hw = self.hw
        period = app.cfg["scan_ms"]
        last = at - at % period
        t = self.now - self.now % period + period
        while t <= at:
            self.now = t
            hw.now = t
            app.tick(t)
            now = t
            t += period
            if t < last and app.deb.cand == app.deb.stable:
                t = run("idle", self, now, t, last)
        self.now = at
        hw.now = at
        app.now = at

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
        elif op == "c":
            self.command(arg)
        elif op == "e":
            self.emit({"ev": "error", "reason": arg})


def main(argv, cls=Board):
    # the board (cls: a Board, or simboard.picoboard's at Pico time)
    opts = {"--front": None, "--flash": None, "--seed": "0"}
    for k in range(0, len(argv) - 1, 2):
        opts[argv[k]] = argv[k + 1]
    board = cls(opts["--flash"], int(opts["--seed"]), opts["--front"])
    while True:
        text = sys.stdin.readline()
        if not text:
            if board.pico:
                board.timing()
            break
        if len(text) > 1:
            try:
                board.line(text)
                if board.app.reboot:  # a soft reset
                    from simboard import start as simstart

                    simstart.reset(board)
            except Exception as e:  # never stop over one input: say so, and carry on
                sys.print_exception(e, sys.stderr)  # for whoever debugs the firmware
                gc.collect()  # (a command's code went with its job: fireboard.mem.run)
                why = "out of memory" if isinstance(e, MemoryError) else repr(e)
                board.emit({"ev": "error", "reason": "%s: %s" % (why, text[:40].strip())})


if __name__ == "__main__":
    main(sys.argv[1:])
