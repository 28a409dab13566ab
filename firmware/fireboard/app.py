# The board: sensors, tracker, game record, buttons and lights wired together.
# tick(now) is one pass of the main loop: scan, debounce, track, render.
# In steady state (no peg moving, nothing blinking) it allocates nothing.
try:
    import micropython
except ImportError:  # CPython
    from fireice.compat import micropython  # type: ignore[no-redef]
try:
    from time import ticks_diff  # type: ignore[attr-defined]
except ImportError:  # CPython
    from fireice.compat import ticks_diff

from fireboard.lights import Lights
from fireboard.sensing import Debouncer, DigitalScanner
from fireboard.tracker import Tracker
from fireice.geom import FireIceError
import gc


# button events
NONE = 0
SHORT = 1
LONG = 2


class Button:
    debounce_ms = 30

    def __init__(self, pin, long_ms=1000):
        self.pin = pin
        self.long_ms = long_ms
        self.down = False  # debounced state
        self.level = 1
        self.since = 0  # when the level last changed
        self.pressed_at = 0
        self.fired_long = False

    @micropython.native  # a small frame on the C stack: no heap at all
    def poll(self, now):
        """NONE, SHORT (released after a short press) or LONG (held)."""
        v = self.pin.value()
        if v != self.level:
            self.level = v
            self.since = now
            return NONE
        if ticks_diff(now, self.since) < self.debounce_ms:
            return NONE
        down = v == 0
        if down != self.down:
            self.down = down
            if down:
                self.pressed_at = self.since
                self.fired_long = False
                return NONE
            return NONE if self.fired_long else SHORT
        if down and not self.fired_long and ticks_diff(now, self.pressed_at) >= self.long_ms:
            self.fired_long = True
            return LONG
        return NONE


class App:
    def __init__(self, hw, cfg, games, emit, seed=0):
        """hw: the hardware backend (output, input, adc, strip); cfg: the
        configuration; games: the game records on flash (fireboard.games);
        emit(event_dict): where events go (USB, or the simulator's output)."""
        self.cfg = cfg
        self.emit = emit
        self.seed = seed
        pins = cfg["pins"]
        select = [hw.output(p) for p in pins["mux_select"]]
        if cfg["front"] == "colour":
            from fireboard.colour import ColourScanner

            self.scanner = ColourScanner(
                select,
                [hw.output(p) for p in pins["analog_island_select"]],
                hw.adc(pins["adc"]),
                cfg["threshold"],
                cfg["fire_sign"],
                cfg["sensor_map"],
                hw.settle_us,
            )
        else:
            self.scanner = DigitalScanner(
                select,
                [hw.input(p) for p in pins["digital_mux_out"]],
                cfg["active_low"],
                cfg["sensor_map"],
            )
        self.raw = bytearray(49)
        self.deb = Debouncer(cfg["debounce_ms"])
        self.tracker = Tracker(self.scanner.colour)
        self.lights = Lights(hw.strip(pins["neopixel"], 51), cfg, cfg["front"])
        self.undo_button = Button(hw.input(pins["button_undo"]), cfg["long_press_ms"])
        self.new_button = Button(hw.input(pins["button_new"]), cfg["long_press_ms"])
        self.games = games
        self.mode = "duel"
        self.handicap = 0
        self.handicap_side = 1
        self.now = 0
        self.ticks = 0
        self.reboot = False  # asked for over USB: the main loop restarts
        self.hold = False  # the lights show a test frame, not the game
        self.walk_ms = 0  # LED walk: ms per LED (while hold)
        self.walk_at = 0
        self.asked = None  # new-game settings asked for over USB (fireboard.usb)

    # --- starting ---------------------------------------------------------------

    def begin(self, now, game, problem=None, new=False):
        """First scan, then the game from gamefiles.start() (done before the
        App is built, so the record code is gone again): a saved game to
        play on, or a new one to set up (new=True)."""
        self.now = now
        if self.scanner.colour:
            # the empty-hole readings, once the App's own objects are made (the
            # passing code then leaves its room free in one piece)
            from fireboard import calib
            from fireice import forget

            calib.at_start(self.scanner, self.games.store)
            calib = None
            forget("fireboard.calib")
            gc.collect()
        self.scanner.scan(self.raw)
        self.deb.prime(self.raw)
        if problem:
            self._out({"ev": "error", "reason": problem})
        self.mode = "duel" if game.duel else "solitaire"
        t = self.tracker
        if new:
            self.seed += 1
            return self._started(game)
        t.start(game, setup=False)
        t.update(self.deb.stable)
        if t.phase == 5:  # error
            # many pegs away (a board set up from scratch): show them all
            t.events.clear()
            t.start(game, setup=True)
            t.update(self.deb.stable)
        self._out({"ev": "resumed", "moves": game.ply})
        self._drain()

    def new_game(self, mode=None, handicap=None, side=None, seed=None, position=None, to_move=None):
        """Start a new game; the board guides the pegs to its position. If
        it cannot be made (no memory, a flash error), that is said and the
        game in play goes on, its record untouched."""
        mode = self.mode if mode is None else mode
        handicap = self.handicap if handicap is None else handicap
        side = self.handicap_side if side is None else side
        seed = self.seed if seed is None else seed
        self._drain()  # what the old game still had to say comes first
        gc.collect()  # the garbage of play gone first: the new code loads low, packed
        from fireice import forget

        game = None
        try:
            from fireboard import newgame

            game, tags = newgame.new_game(mode, handicap, side, seed, position, to_move)
            self.games.new(game, tags)
        except (MemoryError, OSError, FireIceError) as e:
            game = None
            self._out({"ev": "error", "reason": "no new game: %s" % e})
        finally:
            newgame = None
            for m in ("fireboard.newgame", "fireice.seeded", "fireice.rec"):
                forget(m)
        if game is None:
            return
        self.mode = mode
        self.handicap = handicap
        self.handicap_side = side
        self.seed = seed + 1
        # the other kind of game's code goes (loaded again when it is played)
        if game.duel:
            forget("fireice.solo")
            forget("fireboard.solotrack")
        else:
            forget("fireice.duel")
        self._started(game)

    def start_asked(self):
        """The new game asked for over USB (fireboard.usbplay sets asked; the
        game is made once the command code is gone)."""
        settings = self.asked
        self.asked = None
        self.new_game(*settings)

    def _started(self, game):
        self.tracker.start(game, setup=True)
        gc.collect()  # the old game gone, and its code if it was the other kind
        self.tracker.update(self.deb.stable)
        self._out(
            {
                "ev": "new",
                "mode": self.mode,
                "position": game.position(),
                "to_move": "fire" if game.to_move == 1 else "ice" if game.to_move == 2 else None,
            }
        )
        self._drain()

    # --- the loop -----------------------------------------------------------------

    def tick(self, now):
        self.now = now
        self.ticks += 1
        if self.asked is not None:
            self.start_asked()
        self.scanner.scan(self.raw)
        if self.deb.update(self.raw, now):
            self.tracker.update(self.deb.stable)
            if self.tracker.events:
                self._drain()  # before a button can start another game
        b = self.undo_button.poll(now)
        if b:
            self.undo()
        b = self.new_button.poll(now)
        if b:
            if b == LONG:
                self.new_game("solitaire" if self.mode == "duel" else "duel")
            else:
                self.new_game()
        if self.tracker.events:
            self._drain()
        if self.hold:
            if self.walk_ms:
                self._walk(now)
        elif self.lights.compose(self.tracker, now):
            self.lights.show()

    def test_lights(self, walk_ms):
        """None: the game's lights again; 0: hold them for a test frame;
        N: walk along the LED chain, N ms per LED, then the game again."""
        self.hold = walk_ms is not None
        self.walk_ms = walk_ms or 0
        self.walk_at = self.now
        self.lights._seen = -1  # draw the game afresh when it comes back

    def _walk(self, now):
        k = ticks_diff(now, self.walk_at) // self.walk_ms
        if k >= 51:
            self.test_lights(None)
            return
        f = self.lights.frame
        pos = self.lights.pos
        for h in range(51):
            v = 160 if pos[h] == k else 0
            f[3 * h] = f[3 * h + 1] = f[3 * h + 2] = v
        self.lights.show()  # sends only when the LED changed

    def settle(self):
        """Take the pegs as they stand now, without debounce (after the
        virtual board's instant set-up)."""
        self.scanner.scan(self.raw)
        self.deb.prime(self.raw)
        self.tracker.update(self.deb.stable)
        self._drain()

    def undo(self):
        t = self.tracker
        if t.phase == 7:  # setup
            self._out({"ev": "error", "reason": "no move to take back before the game starts"})
            return
        if t.undo():
            self.tracker.update(self.deb.stable)
        self._drain()

    def _drain(self):
        t = self.tracker
        while t.events:
            ev = t.events.pop(0)
            kind = ev["ev"]
            try:
                if kind == "move":
                    self.games.moved(ev["move"])
                elif kind == "undo":
                    self.games.undone(t.game)
                elif kind == "result":
                    self.games.ended(t.game)
            except (OSError, FireIceError) as e:
                self._out({"ev": "error", "reason": "saving the game failed: %s" % e})
            self._out(ev)

    def _out(self, ev):
        ev["at"] = self.now
        self.emit(ev)
