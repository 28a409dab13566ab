# The virtual board: the board firmware on the MicroPython unix port, with
# simulated hardware (fireboard.hw_sim) and a virtual clock, driven by JSON
# lines on standard input and reporting JSON lines on standard output.
# See docs/protocol.md. Started by `fireice sim --headless`.
#
# Time is virtual: it runs on, a millisecond at a time, to each input's "at"
# (the board scanning every scan_ms as it would), and stands still while the
# next input is awaited. At the end of input it runs _RUN_ON_MS more.
import json
import sys

from fireice.geom import FireIceError, parse_hole, parse_position, parse_side
from fireice.lazy import forget

_RUN_ON_MS = 2000
_PRESS_MS = 80


class Sim:
    def __init__(self, front=None, flash=None, seed=0):
        if flash:
            from fireboard.store import Store

            store = Store(flash)
        else:
            from fireboard.memstore import MemStore

            store = MemStore()
        from fireboard import defaults

        cfg, problem = defaults.load(store)
        forget("fireboard.defaults")
        # the saved game first: the record reader is gone before the rest loads
        from fireboard.games import Games

        games = Games(store)
        self.resumed = games.resume()
        if front:
            cfg["front"] = front
        self.cfg = cfg
        self.now = 0
        from fireboard.app import App
        from fireboard.hw_sim import Board, Hardware

        self.board = Board(cfg, seed)
        self.app = App(Hardware(self.board), cfg, games, self.emit, seed)
        self.board.on_frame = self.frame
        self.releases = []  # [at, gpio] of held buttons
        from fireboard import report

        self.emit(report.hello(self.app))
        forget("fireboard.report")
        if problem:
            self.error(problem)

    def emit(self, ev):
        if "at" not in ev:
            ev["at"] = self.now
        w = sys.stdout.write
        w(json.dumps(ev))
        w("\n")

    def error(self, reason):
        self.emit({"ev": "error", "reason": reason})

    def frame(self, rgb):
        w = sys.stdout.write
        w('{"ev": "leds", "at": %d, "rgb": [' % self.now)
        for k in range(51):
            w(
                "[%d, %d, %d]%s"
                % (rgb[3 * k], rgb[3 * k + 1], rgb[3 * k + 2], ", " if k < 50 else "]}\n")
            )

    def run_to(self, at):
        """Let virtual time run on to at: the board ticks every scan_ms."""
        b = self.board
        app = self.app
        period = self.cfg["scan_ms"]
        while self.now < at:
            self.now += 1
            b.now = self.now
            rel = self.releases
            if rel and rel[0][0] <= self.now:
                b.pressed[rel.pop(0)[1]] = 0
            if self.now % period == 0:
                app.tick(self.now)

    def line(self, text):
        """One input line: run to its time, then apply it. A bad line gets
        an error event and changes nothing."""
        try:
            msg = json.loads(text)
            if not isinstance(msg, dict):
                raise FireIceError("an input line is a JSON object")
            at = msg.get("at", self.now)
            if not isinstance(at, int) or at < self.now:
                raise FireIceError("'at' must be a whole number of ms, not before %d" % self.now)
        except (ValueError, FireIceError) as e:
            return self.error("%s: %s" % (e, text.strip()[:80]))
        self.run_to(at)
        self.app.now = at
        try:
            self.apply(msg)
        except (FireIceError, KeyError, TypeError, ValueError) as e:
            self.error("%s: %s" % (e, text.strip()[:80]))

    def _ms(self, msg, key, default, top):
        v = msg.get(key, default)
        if not isinstance(v, int) or not 0 <= v <= top:
            raise FireIceError("%r must be 0..%d ms" % (key, top))
        return v

    def apply(self, msg):
        b = self.board
        if "board" in msg:
            cells = parse_position(msg["board"])
            for h in range(49):
                b.pegs[h] = cells[h]
                b.bounce_until[h] = 0
            self.app.settle()  # put instantly: read at once, without debounce
        elif "lift" in msg or "put" in msg:
            lift = "lift" in msg
            h = parse_hole(msg["lift" if lift else "put"])
            bounce = self._ms(msg, "bounce", 0, 1000)
            if lift == (b.pegs[h] == 0):
                raise FireIceError("no peg to lift" if lift else "the hole already holds a peg")
            if lift:
                b.pegs[h] = 0
            else:
                peg = msg.get("peg")
                if peg is None and self.cfg["front"] == "colour":
                    raise FireIceError('the colour front end needs "peg": "fire" or "ice"')
                b.pegs[h] = parse_side(peg) if peg is not None else self._colour_for(h)
            if bounce:
                b.bounce_until[h] = self.now + bounce
        elif "bounce" in msg:
            h = parse_hole(msg["bounce"])
            b.bounce_until[h] = self.now + self._ms(msg, "ms", 15, 1000)
        elif "press" in msg:
            name = msg["press"]
            if name != "undo" and name != "new":
                raise FireIceError("press undo or new, not %r" % (name,))
            gpio = self.cfg["pins"]["button_" + name]
            b.pressed[gpio] = 1
            self.releases.append([self.now + self._ms(msg, "ms", _PRESS_MS, 10000), gpio])
            self.releases.sort()
        elif "cmd" in msg:
            from fireboard import report

            report.command(self.app, msg, self.emit)
            forget("fireboard.report")
        else:
            raise FireIceError("unknown input")

    def _colour_for(self, h):
        # presence-only front end and no colour given: what the game wants there
        t = self.app.tracker
        if t.phase >= 5 and t.target[h]:
            return t.target[h]
        g = t.game
        return g.to_move if g is not None and g.to_move else 1

    def run(self, stream):
        self.app.begin(0, *self.resumed)
        self.resumed = None
        while True:
            text = stream.readline()
            if not text:
                break
            if text.strip():
                self.line(text)
        self.run_to(self.now + _RUN_ON_MS)


def main(argv):
    opts = {"--front": None, "--flash": None, "--seed": "0"}
    k = 0
    while k < len(argv):
        if argv[k] not in opts or k + 1 >= len(argv):
            sys.stderr.write(
                "fireboard.sim: usage: [--front digital|colour] [--flash DIR] [--seed N]\n"
            )
            sys.exit(2)
        opts[argv[k]] = argv[k + 1]
        k += 2
    if opts["--front"] not in (None, "digital", "colour"):
        sys.stderr.write("fireboard.sim: --front digital or colour\n")
        sys.exit(2)
    Sim(opts["--front"], opts["--flash"], int(opts["--seed"])).run(sys.stdin)


if __name__ == "__main__":
    main(sys.argv[1:])
