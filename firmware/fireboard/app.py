# The board: sensors, tracker, game record, buttons and lights wired together
# (docs/architecture.md). tick(now) is one pass of the main loop: scan,
# debounce, track, save and announce, the buttons, the parts, the lights.
# A pass that takes a move in shows its lights, saves it, then announces it
# (the board answers the hand before the flash write and the USB lines, and
# never says a move that is not on flash), then collects the move's garbage;
# after its frame, each USB line and the collection it runs the scan that
# has fallen due (sense: a scan point), so that it holds the scans back
# only for its pieces.
# In steady state (no peg moving, nothing blinking) it allocates nothing.
#
# Extension points, used without editing this file:
# - app.parts: objects with tick(app, now), called once a pass, after the
#   tracker and the buttons and before the lights (a hint, the engine's
#   move, a network link);
# - app.outputs: functions each event goes to, in order (the USB console
#   or the virtual board's output first; a part that wants to see events
#   adds one);
# - the sensor front ends (fireboard.sense_fronts).
from fireice.ticks import ticks_add, ticks_diff

from fireboard.lights import Lights
from fireboard.sense_debounce import LONG, Button, Debouncer
from fireboard.track_tracker import Tracker
import gc


def debounce_ms(cfg):
    """The configuration's debounce, or its front end's (null)."""
    ms = cfg["debounce_ms"]
    if ms is None:
        from fireboard import FRONT_DEBOUNCE_MS, front  # the registry's (fireboard.sense_fronts)

        ms = front(cfg["front"], FRONT_DEBOUNCE_MS)
    if ms is None:  # a front end not registered
        from fireboard import sense_fronts as fronts  # (a leaf: fireboard.mem.LEAVES)

        ms = fronts.debounce_ms(cfg["front"])
    return ms


class App:
    # a restart asked for over USB (fireboard.links_cmd_*: set once, as the board
    # restarts; a class attribute until then, one fewer in every App's table)
    reboot = False
    # the scans' timer interrupt (fireboard.sense_irqscan), where the
    # hardware has one (fireboard.sense_irqscan.use: set then, after start-up's peak; a class
    # attribute until then, so that the App's table of attributes stays
    # small on every other board): it scans, each pass takes its results
    irq = None

    def __init__(self, hw, cfg, games, emit, seed=0, scanner=None):
        """hw: the hardware backend (output, input, adc, strip); cfg: the
        configuration; games: the game records on flash (fireboard.records_games);
        emit(event_dict): where events go (USB, or the simulator's output);
        scanner: the sensor front end's scanner, when start-up made it
        already (to calibrate it); else the configuration's front end
        (fireboard.sense_fronts) makes it."""
        # Every attribute first, the big objects after: the table of the
        # App's attributes grows (by a quarter, each time a new table while
        # the old one is still there) as they are set, and grown while the
        # heap is still empty it stands low and leaves its old tables'
        # room to the objects; grown last, at start-up's peak, its last
        # growth is where a heap too small fails (bench/RESULTS.md, "Memory: the
        # 64 KB heap").
        self.scanner = self.deb = self.tracker = self.lights = self.buttons = None
        self.raw = bytearray(49)
        self.cfg = cfg
        self.hw = hw
        self.outputs = [emit]  # where events go (see above)
        self.parts = []  # ticked once a pass (see above)
        self.seed = seed
        self.games = games
        self.mode = "duel"
        self.handicap = (0, 1)  # the last game's: (pegs, the side given them)
        self.grade = "medium"  # of new solitaire deals (fireice.solver.GRADES)
        self.now = 0
        self.ticks = 0
        # the lights show a test frame, not the game: (the LED walk's ms
        # per LED, 0 for none; when it began), else None
        self.hold = None
        self.asked = None  # new-game settings asked for over USB (fireboard.links_commands)
        self.changed = False  # the pegs changed and the tracker has not seen it yet
        # the scans: every pass begins with one; within a long pass (the one
        # that takes a move in, after its frame) the scan points (sense) run
        # those that fall due, by clock(): the board's ticks_ms (None: no
        # scan within a pass, as in the tests' free loops)
        self.clock = None
        self.scanned = 0  # when the last scan ran
        # when the next scan is due: the scans keep a fixed schedule, scan_ms
        # apart, so that a scan that came late brings the next one sooner
        # and the period held is scan_ms whenever the passes fit in it on
        # the whole (one more than a period behind starts the schedule
        # afresh: the time lost is not made up by scans back to back)
        self.due = 0
        self.scans = 0  # scans so far (fireice.ticks.count_next: 1 again after 2**30 - 1)
        self.gap = 0  # the longest time between two scans so far (ms)
        self.saved = None  # the last move event written to flash
        # the opponent: None (two players) or (the side the board plays, its
        # level), the game's (from its record) and the next new game's; the
        # part that plays it (fireboard.track_versus), in parts while it plays
        self.vs = games.vs
        self.opponent = None
        # the engine's search that holds the second core, from its start to
        # its answer taken in (fireboard.track_think: one at a time)
        self.aside = None
        pins = cfg["pins"]
        if scanner is None:
            from fireboard import sense_fronts as fronts  # (a leaf: fireboard.mem.LEAVES)

            scanner = fronts.scanner(hw, cfg)
        self.scanner = scanner
        self.deb = Debouncer(debounce_ms(cfg))
        self.tracker = Tracker(self.scanner.colour)
        self.tracker.later = True  # a move's events after its frame (tick)
        self.lights = Lights(hw.strip(pins["neopixel"], 51), cfg, cfg["front"])
        long_ms = cfg["long_press_ms"]
        # the undo button, the new-game button
        self.buttons = (
            Button(hw.input(pins["button_undo"]), long_ms),
            Button(hw.input(pins["button_new"]), long_ms),
        )

    # --- starting ---------------------------------------------------------------

    def begin(self, now, game, problem=None, new=False):
        """First scan, then the game from records_resume.start() (done before the
        App is built, so the record code is gone again): a saved game to
        play on, or a new one to set up (new=True). The code is in fireboard.track_begin, loaded for
        it."""
        from fireboard.mem import run

        if self.cfg.get("wifi_ssid"):
            # the Pico W's own link (fireboard.links_net), before the game
            # begins: it sees a remote game resumed
            from fireboard.links_net import start

            start(self, now)
        run("begin", self, now, game, problem, new)

    def new_game(
        self,
        mode=None,
        handicap=None,
        side=None,
        seed=None,
        position=None,
        to_move=None,
        grade=None,
        vs=-1,
        remote=None,
    ):
        """Start a new game; the board guides the pegs to its position. If
        it cannot be made (no memory, a flash error), that is said and the
        game in play goes on, its record untouched (fireboard.track_newgame does
        it, loaded for it). A graded solitaire deal comes from the board's
        table, or is made first, in slices between scans
        (fireboard.track_judge.Dealer), while the game in play goes on;
        grade with a position: the deal so made. vs: the opponent (App.vs;
        -1: the last game's); remote: a remote opponent's (side, the server's
        game id, its name), fireboard.track_remote."""
        self._drain()  # what the old game still had to say comes first
        gc.collect()  # the garbage of play gone first: the new code loads low, packed
        from fireboard.mem import run

        try:
            run("new game", self, mode, handicap, side, seed, position, to_move, grade, vs, remote)
        except MemoryError as e:
            self._out({"ev": "error", "reason": "no new game: %s" % e})

    def start_asked(self):
        """The new game asked for over USB (fireboard.links_cmd_play sets asked; the
        game is made once the command code is gone)."""
        settings = self.asked
        self.asked = None
        self.new_game(*settings)

    # --- the loop -----------------------------------------------------------------

    def tick(self, now, again=True):
        """One pass of the main loop: the scan and a move taken in (saved,
        then announced), the buttons, the parts, the lights. Memory running
        out anywhere in it ends in a collection and a second try (again);
        if that fails too, it is said, and the next pass goes on where this
        one stopped (the game and its record as they were: nothing is
        announced that is not saved)."""
        while True:  # (both tries in this one frame: a second call's frame
            # would hold the first's, and what it points to, through the try)
            try:
                self.now = now
                self.ticks += 1
                if self.asked is not None:
                    self.start_asked()
                self._take_in(now)
                self._buttons(now)
                if self.tracker.events:
                    self._drain()
                self._tick_parts(now)
                self._show(now)
                return
            except MemoryError:
                gc.collect()
                if not again:
                    self._out({"ev": "error", "reason": "out of memory; the game goes on"})
                    return
                again = False

    # (tick's steps, a method each: they cost the App's class a larger
    # table, 23 slots for 17, and a function object each, for good; the
    # bytes: bench/RESULTS-heap.md)

    def _take_in(self, now):
        # the scan, the pegs tracked, and a move taken in: its frame shown,
        # then saved, then announced
        if not self.changed or ticks_diff(now, self.due) >= 0:
            self.sense(now)  # (a scan point's change waiting: tracked first, see sense)
        if not self.changed:
            return
        self.tracker.update(self.deb.stable)
        self.changed = False
        if not self.tracker.events:
            return
        # the answering frame first, then the move saved (_drain: each move
        # is written to flash before it is said), then the events over USB
        # (which take longer than both). The lights guide the hand and
        # announce nothing: a move that cannot be saved is taken off the
        # game, said, and the lights then guide its pegs back; a power cut
        # before the save finds the game as it stood before the move, as
        # one just before the hand's last put would
        said = self.saved
        if not self.hold and self.lights.compose(self.tracker, now):
            self.lights.show()
        self.sense()
        # (a move's events built now, after its frame: _drain's say)
        self._drain()  # before a button can start another game
        if self.saved is not said:
            # a move shown and said: its garbage (events, JSON lines, the
            # record's line) collected now, at the end of its pass, not by
            # MicroPython in a pass that answers the next hand
            gc.collect()
            self.sense()

    def _buttons(self, now):
        # the undo button (0), the new-game button (1)
        buttons = self.buttons
        for k in range(2):
            b = buttons[k].poll(now)
            if not b:
                continue
            other = buttons[1 - k]
            if other.down:
                # both buttons down together: neither does its own job (the
                # other's release or long press then says nothing); held for
                # a long press, a new duel against the next opponent: two
                # players, the board playing Ice at level 1, 2 .. VS_LEVELS,
                # then Fire at each level
                other.fired_long = True
                if b == LONG:
                    from fireboard.mem import run

                    vs = self.vs
                    if vs is None:
                        vs = (2, 1)
                    elif vs[1] < run("levels"):
                        vs = (vs[0], vs[1] + 1)
                    else:
                        vs = (1, 1) if vs[0] == 2 else None
                    self.new_game("duel", vs=vs)
            elif not k:  # undo; held, a hint
                if b != LONG or not self.hint():
                    self.undo()
            elif b == LONG:  # the other mode
                self.new_game("solitaire" if self.mode == "duel" else "duel")
            else:
                self.new_game()

    def _tick_parts(self, now):
        parts = self.parts
        k = 0
        while k < len(parts):  # (a part may take itself out: a hint given)
            part = parts[k]
            part.tick(self, now)
            if k < len(parts) and parts[k] is part:
                k += 1

    def _show(self, now):
        # the lights: the game's, or the LED walk's (a test frame held:
        # nothing)
        hold = self.hold
        if not hold:
            if self.lights.compose(self.tracker, now):
                self.lights.show()
        elif hold[0]:
            # the LED walk (fireboard.links_cmd_leds): each LED in turn, in
            # the chain's order, hold[0] ms each from hold[1]
            lights = self.lights
            k = ticks_diff(now, hold[1]) // hold[0]
            if k >= 51:  # the walk is over: the game's lights again
                self.hold = None
                lights._seen = -1
            else:
                f = lights.frame
                pos = lights.pos
                for h in range(51):
                    v = 160 if pos[h] == k else 0
                    f[3 * h] = f[3 * h + 1] = f[3 * h + 2] = v
                lights.show()  # sends only when the LED changed

    def sense(self, now=None):
        """A scan. With now: the pass's own, at its start. Without: a scan
        point, where the scan that has fallen due (due) runs now, within
        the pass, so that a long pass does not hold the scans back; its
        changes are tracked in the next pass, which the main loop then
        starts at once (and which scans first only if its scan is due);
        nothing without a clock. Allocates nothing."""
        if now is None:
            c = self.clock
            if c is None:
                return
            now = c()
            if ticks_diff(now, self.due) < 0:
                return
        irq = self.irq
        if irq is not None:  # the interrupt has scanned: its results taken
            r = irq.take(self, now)
            if r & 1:
                self.changed = True
            if r & 2:  # its timer found stopped
                irq.restart(self)
            return
        self.scanner.scan(self.raw)
        if self.deb.update(self.raw, now):
            self.changed = True  # (tracked in the next pass)
        d = ticks_diff(now, self.scanned)
        if d > self.gap and self.scans:
            self.gap = d
        self.scanned = now
        ms = self.cfg["scan_ms"]
        due = ticks_add(self.due, ms)
        if not self.scans or ticks_diff(due, now) <= 0:
            due = ticks_add(now, ms)
        self.due = due
        n = self.scans  # (a small int for ever: it wraps to 1, fireice.ticks.count_next)
        self.scans = n + 1 if n < 0x3FFFFFFF else 1

    def irq_scans(self, on):
        """The timer interrupt's scans (fireboard.sense_irqscan), where
        they run: stopped (on False: the scanner is the caller's until it
        calls again with True), or started again."""
        irq = self.irq
        if irq is not None:
            if on:
                irq.start(self)
            else:
                irq.stop()

    def settle(self):
        """Take the pegs as they stand now, without debounce (after the
        virtual board's instant set-up)."""
        self.irq_scans(False)
        irq = self.irq
        raw = self.raw if irq is None else irq.raw  # (the interrupt's: the scanner's history)
        self.scanner.scan(raw)
        self.deb.prime(raw)
        if irq is not None:
            irq.prime(raw)
            self.irq_scans(True)
        self.tracker.update(self.deb.stable)
        self._drain()

    def undo(self):
        """Take back the last move: saved first, then announced; if the
        record cannot be rewritten, the move stays and that is said
        (fireboard.track_takeback does it, loaded for it)."""
        from fireboard.mem import run

        run("takeback", self)

    def hint(self):
        """A hint (the undo button held, the hint command): the first part
        that gives hints (a solitaire's fireboard.track_judge.Judge) gives
        it, as a "hint" event; in a duel, the engine's move
        (fireboard.track_hinting). False when there is none to ask."""
        limit = self.cfg.get("hints")  # rationed: None no limit, 0 off, N a game
        if limit is not None and (
            not limit or (self.games.recorded and self.games.hints() >= limit)
        ):
            why = "no hints left (%d a game)" % limit if limit else "hints are off"
            self._out({"ev": "hint", "move": None, "reason": why})
            return True
        for part in self.parts:
            h = getattr(part, "hint", None)
            if h is not None:
                h(self)
                return True
        g = self.tracker.game
        if g is None or not g.duel:
            return False
        # a duel: the engine's move (fireboard.track_hinting: its part of
        # the loop loads the engine's code a module a pass, searches, and
        # drops the code with itself; the board's opponent keeps it)
        from fireboard.mem import run

        try:
            run("hint", self)
        except MemoryError:
            self._out({"ev": "hint", "move": None, "reason": "no room to think (out of memory)"})
        return True

    def _save(self, write, arg):
        # a record write, once more after a collection if memory ran out
        try:
            write(arg)
        except MemoryError:
            gc.collect()
            write(arg)

    def _drain(self):
        """Announce what the tracker has to say. A move (and the result it
        brings) is written to flash first, before it is announced: one that
        cannot be written (why) is not announced but taken off the game,
        with what it brought, said, and the pegs guided back, so the record
        and the game never disagree. The tracker's events are built (its
        say)."""
        t = self.tracker
        t.say()
        ev = t.events
        while ev:
            e = ev[0]  # taken off once said: a retry after a MemoryError says it
            if e["ev"] == "move" and e is not self.saved:
                # (imported here, once a move: the module's table of names
                # then keeps 12 slots, where one name more takes it to 17)
                from fireice.geom import FireIceError

                g = t.game
                try:
                    if g.result:  # the move and the result in one rewrite
                        self._save(self.games.save, g)
                    else:
                        self._save(self.games.moved, e["move"])
                except (OSError, MemoryError, FireIceError) as why:
                    ev.pop(0)
                    while ev and ev[0]["ev"] in ("control", "turn", "result"):
                        ev.pop(0)  # what the move brought goes with it
                    was = g.ctrl[1] | g.ctrl[2] << 7 if g.duel else 0
                    t.took_back(g.pop(), was, False)
                    self._out(
                        {
                            "ev": "error",
                            "reason": "%s cannot be saved (%s): put the pegs back as they were"
                            % (e["move"], why),
                        }
                    )
                    t.update(self.deb.stable)
                    continue
                self.saved = e
            elif e["ev"] == "ready":
                self.games.placed()  # the set-up is over (fireboard.records_games)
            self._out(e)
            ev.pop(0)
            self.sense()  # (a USB line takes a while)

    def _out(self, ev):
        ev["at"] = self.now
        for out in self.outputs:
            out(ev)
