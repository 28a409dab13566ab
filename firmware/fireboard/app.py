# The board: sensors, tracker, game record, buttons and lights wired together.
# tick(now) is one pass of the main loop: scan, debounce, track, render.
# In steady state (no peg moving, nothing blinking) it allocates nothing.
from fireboard import buttons, games
from fireboard.lights import Lights
from fireboard.sensing import ColourScanner, Debouncer, DigitalScanner
from fireboard.tracker import ERROR, SETUP, Tracker
from fireice.geom import FireIceError, hole_name


class App:
    def __init__(self, hw, cfg, store, emit, seed=0):
        """hw: the hardware backend (output, input, adc, strip); cfg: the
        configuration; store: the file store; emit(event_dict): where
        events go (USB, or the simulator's standard output)."""
        self.cfg = cfg
        self.emit = emit
        self.seed = seed
        pins = cfg["pins"]
        select = [hw.output(p) for p in pins["mux_select"]]
        if cfg["front"] == "colour":
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
        self.games = games.Games(store)
        self.mode = "duel"
        self.handicap = 0
        self.handicap_side = 1
        self.now = 0
        self.ticks = 0

    # --- starting ---------------------------------------------------------------

    def begin(self, now):
        """First scan and the saved game: resume it, or start a new one."""
        self.now = now
        if self.scanner.colour:
            self._baseline()
        self.scanner.scan(self.raw)
        self.deb.prime(self.raw)
        game, problem = self.games.resume()
        if problem:
            self._out({"ev": "error", "reason": problem})
        if game is None:
            self.new_game()
            return
        from fireice.solo import Solitaire

        self.mode = "solitaire" if isinstance(game, Solitaire) else "duel"
        t = self.tracker
        t.start(game, setup=False)
        t.update(self.deb.stable)
        if t.phase == ERROR:
            # many pegs away (a board set up from scratch): show them all
            t.events.clear()
            t.start(game, setup=True)
            t.update(self.deb.stable)
        self._out({"ev": "resumed", "moves": game.ply, "phase": t.status()["phase"]})
        self._drain()

    def _baseline(self):
        # colour front end: empty-hole readings, kept in calib.json
        import json

        store = self.games.store
        stored = None
        text = store.read("calib.json")
        if text:
            try:
                stored = json.loads(text)["base"]
                if len(stored) != 49:
                    stored = None
            except (ValueError, KeyError, TypeError):
                stored = None
        samples = []
        for _ in range(4):
            self.scanner.scan(self.raw)
            samples.append(list(self.scanner.raw))
        self.scanner.calibrate(samples, stored)
        store.write("calib.json", json.dumps({"base": list(self.scanner.base)}))

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
        game, tags = games.new_game(
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
        if self.lights.compose(self.tracker, now) and self.lights.show():
            self.frame_sent()

    def frame_sent(self):
        """Called when a new frame went to the LEDs (the simulator reports it)."""

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

    # --- what the board shows ----------------------------------------------------

    def status(self):
        import gc

        from fireice.geom import RESULT_NAMES, SIDE_NAMES
        from fireboard.tracker import PHASE_NAMES

        t = self.tracker
        g = t.game
        gc.collect()
        st = {
            "ev": "status",
            "mode": self.mode,
            "front": self.cfg["front"],
            "position": g.position() if g else None,
            "to_move": SIDE_NAMES[g.to_move] if g else None,
            "result": RESULT_NAMES[g.result] if g else None,
            "moves": g.ply if g else 0,
            "phase": PHASE_NAMES[t.phase],
            "heap_free": gc.mem_free(),
        }
        if t.phase >= 5 and t.phase <= 7:  # error, restore, setup: what the lights ask
            from fireice.geom import hole_name, position_str

            st["fix"] = hole_name(t.fix) if t.fix != 255 else None
            st["fix_kind"] = (None, "remove", "put", "colour")[t.fix_kind]
            st["target"] = position_str(t.target)
        return st

    def led_names(self):
        names = [hole_name(h) for h in range(49)] + ["turn-fire", "turn-ice"]
        led_map = self.cfg["led_map"]
        return [names[led_map[k]] for k in range(51)] if led_map else names
