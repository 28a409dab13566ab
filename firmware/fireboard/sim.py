# The virtual board: the board firmware on the MicroPython unix port, with
# simulated hardware (fireboard.hw_sim) and a virtual clock, driven by JSON
# lines on standard input and reporting JSON lines on standard output.
# See docs/protocol.md. Started by `fireice sim --headless`.
import json
import sys

import asyncio
from fireboard.app import App
from fireboard.hw_sim import Board, Hardware
from fireboard.store import Store
from fireice.lazy import forget
from fireice.geom import FireIceError, parse_hole, parse_position, parse_side
from fireice.version import VERSION

RUN_ON_MS = 2000  # after the end of input
PRESS_MS = 80


class MemStore:
    """A flash that forgets everything at exit (no --flash folder)."""

    def __init__(self):
        self.files = {}

    def read(self, name):
        return self.files.get(name)

    def write(self, name, text):
        self.files[name] = text

    def append(self, name, text):
        self.files[name] = self.files.get(name, "") + text

    def remove(self, name):
        return self.files.pop(name, None) is not None

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)

    def mkdir(self, name):
        pass

    def listdir(self, name=""):
        p = name + "/" if name else ""
        return sorted(k[len(p) :] for k in self.files if k.startswith(p) and "/" not in k[len(p) :])


class VirtualClock:
    """Virtual milliseconds. sleep_ms() lets the other task (the input
    reader) run at every millisecond, so inputs land at their exact time."""

    def __init__(self, board):
        self.board = board
        self.now = 0

    async def sleep_ms(self, ms):
        b = self.board
        for _ in range(ms):
            self.now += 1
            b.now = self.now
            await asyncio.sleep_ms(0)


class Sim:
    def __init__(self, front="digital", flash=None, seed=0, out=None):
        self.out = out or sys.stdout
        store = Store(flash) if flash else MemStore()
        from fireboard import config

        cfg, problem = config.load(store)
        forget("fireboard.config")
        if front:
            cfg["front"] = front
        self.cfg = cfg
        self.board = Board(cfg, seed)
        self.clock = VirtualClock(self.board)
        self.app = App(Hardware(self.board), cfg, store, self.emit, seed)
        self.board.on_frame = self.frame
        self.last_at = 0
        self.done = False
        self.releases = []  # (at, gpio) button releases due
        self.emit({"ev": "hello", "version": VERSION, "front": cfg["front"], "leds": self.app.led_names()})
        if problem:
            self.emit({"ev": "error", "reason": problem})

    def emit(self, ev):
        if "at" not in ev:
            ev["at"] = self.clock.now
        self.out.write(json.dumps(ev))
        self.out.write("\n")

    def frame(self, rgb):
        self.emit({"ev": "leds", "rgb": [[rgb[3 * k], rgb[3 * k + 1], rgb[3 * k + 2]] for k in range(51)]})

    # --- inputs ----------------------------------------------------------------

    def handle(self, line):
        """Apply one input line now. Bad input: an error event, nothing changed."""
        try:
            msg = json.loads(line)
        except ValueError:
            return self.error("not JSON: %s" % line.strip()[:80])
        if not isinstance(msg, dict):
            return self.error("an input line is a JSON object")
        self.app.now = self.clock.now
        try:
            self.apply(msg)
        except FireIceError as e:
            self.error(str(e))
        except (KeyError, TypeError, ValueError) as e:
            self.error("bad input %s: %r" % (line.strip()[:80], e))

    def error(self, reason):
        self.emit({"ev": "error", "reason": reason})

    def at_of(self, msg):
        at = msg.get("at", self.clock.now)
        if not isinstance(at, int) or at < 0:
            raise FireIceError("'at' must be a whole number of ms, not %r" % (at,))
        if at < self.last_at:
            raise FireIceError("'at' %d is before the previous input's %d" % (at, self.last_at))
        return at

    def apply(self, msg):
        b = self.board
        if "board" in msg:
            cells = parse_position(msg["board"])
            for h in range(49):
                b.pegs[h] = cells[h]
                b.bounce_until[h] = 0
            # put instantly: the sensors read it at once, without debounce
            app = self.app
            app.scanner.scan(app.raw)
            app.deb.prime(app.raw)
            app.tracker.update(app.deb.stable)
            app._drain()
        elif "lift" in msg:
            h = parse_hole(msg["lift"])
            if not b.pegs[h]:
                raise FireIceError("no peg in %s to lift" % msg["lift"])
            b.pegs[h] = 0
            self._bounce(h, msg)
        elif "put" in msg:
            h = parse_hole(msg["put"])
            if b.pegs[h]:
                raise FireIceError("%s already holds a peg" % msg["put"])
            peg = msg.get("peg")
            if peg is None:
                if self.cfg["front"] == "colour":
                    raise FireIceError("the colour front end needs \"peg\": \"fire\" or \"ice\"")
                side = self._guess_colour(h)
            else:
                side = parse_side(peg)
            b.pegs[h] = side
            self._bounce(h, msg)
        elif "bounce" in msg:
            h = parse_hole(msg["bounce"])
            ms = msg.get("ms", 15)
            if not isinstance(ms, int) or not 0 < ms <= 1000:
                raise FireIceError("bounce 'ms' must be 1..1000")
            b.bounce_until[h] = self.clock.now + ms
        elif "press" in msg:
            name = msg["press"]
            pins = self.cfg["pins"]
            if name not in ("undo", "new"):
                raise FireIceError("press undo or new, not %r" % (name,))
            ms = msg.get("ms", PRESS_MS)
            if not isinstance(ms, int) or not 0 < ms <= 10000:
                raise FireIceError("press 'ms' must be 1..10000")
            gpio = pins["button_" + name]
            b.pressed[gpio] = 1
            self.releases.append((self.clock.now + ms, gpio))
        elif "cmd" in msg:
            self.command(msg)
        else:
            raise FireIceError("unknown input: %s" % ", ".join(sorted(msg)))

    def _bounce(self, h, msg):
        ms = msg.get("bounce", 0)
        if not isinstance(ms, int) or not 0 <= ms <= 1000:
            raise FireIceError("'bounce' must be 0..1000 ms")
        if ms:
            self.board.bounce_until[h] = self.clock.now + ms

    def _guess_colour(self, h):
        # digital front end, no colour given: the one the game wants there
        g = self.app.tracker.game
        want = self.app.tracker.target[h] if self.app.tracker.phase >= 5 else 0
        if want:
            return want
        if g is not None and g.to_move:
            return g.to_move
        return 1

    def command(self, msg):
        cmd = msg["cmd"]
        if cmd == "new":
            mode = msg.get("mode", self.app.mode)
            if mode not in ("duel", "solitaire"):
                raise FireIceError("mode must be duel or solitaire, not %r" % (mode,))
            handicap = msg.get("handicap", 0)
            if not isinstance(handicap, int) or not 0 <= handicap <= 6:
                raise FireIceError("handicap must be 0..6")
            side = parse_side(msg.get("side", "fire"))
            seed = msg.get("seed")
            if seed is not None and (not isinstance(seed, int) or seed < 0):
                raise FireIceError("seed must be a whole number >= 0")
            position = msg.get("position")
            if position is not None:
                parse_position(position)
            to_move = msg.get("to_move")
            to_move = parse_side(to_move) if to_move is not None else None
            self.app.new_game(mode, handicap, side, seed, position, to_move)
        elif cmd == "status":
            self.emit(self.app.status())
        else:
            raise FireIceError("unknown command %r" % (cmd,))

    # --- running ----------------------------------------------------------------

    async def reader(self, stream):
        while True:
            line = stream.readline()
            if not line:
                break
            if not line.strip():
                continue
            try:
                msg = json.loads(line)
                at = self.at_of(msg) if isinstance(msg, dict) else self.clock.now
            except (ValueError, FireIceError) as e:
                self.error(str(e) if isinstance(e, FireIceError) else "not JSON: %s" % line.strip()[:80])
                continue
            while self.clock.now < at:
                await asyncio.sleep_ms(0)
            self.last_at = at
            self.handle(line)
        end = self.clock.now + RUN_ON_MS
        while self.clock.now < end:
            await asyncio.sleep_ms(0)
        self.done = True

    async def board_loop(self):
        app = self.app
        clock = self.clock
        period = self.cfg["scan_ms"]
        while not self.done:
            rel = self.releases
            if rel:
                for item in list(rel):
                    if item[0] <= clock.now:
                        self.board.pressed[item[1]] = 0
                        rel.remove(item)
            app.tick(clock.now)
            await clock.sleep_ms(period)

    def run(self, stream):
        self.app.begin(self.clock.now)

        async def main():
            asyncio.create_task(self.board_loop())
            await self.reader(stream)

        asyncio.run(main())


def main(argv):
    front = None
    flash = None
    seed = 0
    k = 0
    while k < len(argv):
        a = argv[k]
        if a in ("--front", "--flash", "--seed") and k + 1 < len(argv):
            v = argv[k + 1]
            if a == "--front":
                front = v
            elif a == "--flash":
                flash = v
            else:
                seed = int(v)
            k += 2
        else:
            sys.stderr.write("fireboard.sim: unknown argument %s\n" % a)
            sys.exit(2)
    if front not in (None, "digital", "colour"):
        sys.stderr.write("fireboard.sim: --front digital or colour\n")
        sys.exit(2)
    Sim(front, flash, seed).run(sys.stdin)


if __name__ == "__main__":
    main(sys.argv[1:])
