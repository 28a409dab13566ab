# The board: sensors, tracker, game record, buttons and lights wired together.
# tick(now) is one pass of the main loop: scan, debounce, track, render.
# In steady state (no peg moving, nothing blinking) it allocates nothing.
from fireboard import buttons
from fireboard.lights import Lights
from fireboard.sensing import Debouncer, DigitalScanner
from fireboard.tracker import ERROR, SETUP, Tracker
from fireice.geom import FireIceError


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
        self.undo_button = buttons.Button(hw.input(pins["button_undo"]), cfg["long_press_ms"])
        self.new_button = buttons.Button(hw.input(pins["button_new"]), cfg["long_press_ms"])
        self.games = games
        self.mode = "duel"
        self.handicap = 0
        self.handicap_side = 1
        self.now = 0
        self.ticks = 0

    # --- starting ---------------------------------------------------------------

    def begin(self, now, game=None, problem=None):
        """First scan, then the saved game (from games.resume(), done before
        the App is built so the record reader is gone again): play on, or
        start a new game."""
        self.now = now
        if self.scanner.colour:
            self.scanner.baseline(self.games.store)
        self.scanner.scan(self.raw)
        self.deb.prime(self.raw)
        if problem:
            self._out({"ev": "error", "reason": problem})
        if game is None:
            self.new_game()
            return
        self.mode = "duel" if game.duel else "solitaire"
        t = self.tracker
        t.start(game, setup=False)
        t.update(self.deb.stable)
        if t.phase == ERROR:
            # many pegs away (a board set up from scratch): show them all
            t.events.clear()
            t.start(game, setup=True)
            t.update(self.deb.stable)
        self._out({"ev": "resumed", "moves": game.ply})
        self._drain()

    def new_game(self, mode=None, handicap=None, side=None, seed=None, position=None, to_move=None):
        """Start a new game; the board guides the pegs to its position."""
        if mode is not None:
            self.mode = mode
        if handicap is not None:
            self.handicap = handicap
        if side is not None:
            self.handicap_side = side
        if seed is not None:
            self.seed = seed
        self._drain()  # what the old game still had to say comes first
        from fireboard.games import new_game

        game, tags = new_game(
            self.mode, self.handicap, self.handicap_side, self.seed, position, to_move
        )
        self.seed += 1
        self.games.new(game, tags)
        self.tracker.start(game, setup=True)
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
            if b == buttons.LONG:
                self.new_game("solitaire" if self.mode == "duel" else "duel")
            else:
                self.new_game()
        if self.tracker.events:
            self._drain()
        if self.lights.compose(self.tracker, now):
            self.lights.show()

    def settle(self):
        """Take the pegs as they stand now, without debounce (after the
        virtual board's instant set-up)."""
        self.scanner.scan(self.raw)
        self.deb.prime(self.raw)
        self.tracker.update(self.deb.stable)
        self._drain()

    def undo(self):
        t = self.tracker
        if t.phase == SETUP:
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
                    self.games.undone()
                elif kind == "result":
                    self.games.ended(t.game)
            except (OSError, FireIceError) as e:
                self._out({"ev": "error", "reason": "saving the game failed: %s" % e})
            self._out(ev)

    def _out(self, ev):
        ev["at"] = self.now
        self.emit(ev)
