"""The simulator's web page: the virtual board in a browser.

The board firmware runs on the MicroPython unix port exactly as in
`fireice sim --headless` (fireice_tools.simhost); this module keeps it
running in real time and serves a page on localhost that draws the wooden
board, its pegs and its lights, and turns clicks into the inputs of
docs/protocol.md.

    python -m fireice_tools.web [--front digital|colour] [--flash DIR]
                                [--seed N] [--port N] [--no-browser]

Without --flash the board's flash is a folder in the user's data directory
(default_flash: one per front end), so games are kept between runs. The
board has a 96 KB heap (PAGE_HEAP; --heapsize): the game's 64 KB and the
solitaire solver's 32 KB, so the page shows the solitaire's "still
winnable" sign, its hints and graded deals (docs/protocol.md, "Solitaire
help"); in 64 KB the board plays without them.

HTTP interface (JSON), on 127.0.0.1 only:

    GET  /                the page (static files of the web/ folder)
    GET  /rules           the rules of the game (docs/rules.md), as text
    GET  /state           the state: pegs, hand, supplies, LED frame by hole,
                          game, record, messages, the board's console;
                          /state?since=N waits up to 20 s for a state whose
                          "serial" is not N
    GET  /view?ply=N      the game after its first N moves (the rules core
                          replays the record): position, control, the move
    GET  /coach?ply=N&level=L&nodes=P
                          the engine (on the host) on the game after N moves
                          (default: all): its move for the side to move,
                          Fire's win chance, a proof ({"winner", "plies"});
                          the page's win-chance bar, and its opponent and
                          hint at the levels above the board's (4..6; at
                          1..3 the board's firmware plays: "vs" in the
                          state; in those games and in one of two players
                          the page's hint is the board's: {"cmd": "hint"})
                          &claim=NAME: the page NAME carries the move out
                          (409 when another page has it: one page moves
                          the engine's pegs, however many are open)
    GET  /analyse?level=L&nodes=P
                          `fireice analyse --json` of the game so far
                          (docs/review.md): the page's analysis view
    GET  /danger?hole=D4  the destinations of the peg on D4 now: "safe",
                          "gift" (the fill hands the opponent the game),
                          "threat" (the opponent wins at once next move)
    POST /replay, /line, /analyse; GET /games, /game, /analyse?job=ID
                          the page's review of any record: an imported
                          one, the board's games, variations, the best
                          line, an analysis followed move by move
                          (fireice_tools.webgames)
    POST /input           one input; the server sets "at" (virtual time
                          follows real time). 400 {"error": ...} for an
                          input that cannot be used: nothing changes.

Inputs: {"lift": "D4"} takes the peg into the hand (with a peg already in
hand, the lifted one goes to its supply: a solitaire capture; the answer's
"note" and a message say so, and the hand keeps its peg; a new game empties
the hand, its peg back to its supply, with a message);
{"put": "C4"} puts the hand's peg there, or with an empty hand one from a
supply: the colour lit under the hole, else the side to move ("peg": "fire"
may name it); {"hand": "fire" | "ice" | null} takes a peg from a supply or
puts the hand's back; {"press": "undo" | "new", "ms": 80}; {"cmd": "new",
"mode": "duel", "handicap": 0, "side": "fire", "seed": 1} (a duel also
"vs": "fire" | "ice" | null and "level": 1..3, the board's firmware playing
that side at a board level; a solitaire also
"grade": "easy" | "medium" | "hard" | "any"); {"cmd": "hint"}; {"cmd": "status"};
{"bounce": "C4", "ms": 15}; {"board": "<49 chars>"} (as docs/protocol.md);
{"console": "sensors"}: a command line typed into the board's USB console
(its reply shows in the console); {"resign": "fire"}: that side gives up the
two-player game (the page's word: the board's game is not ended; the record
gets a Resigned tag; a new game clears it).

A put into a hole the board lights for the other colour is done, with a
warning from the page ("the board lit C4 for Fire; this is an Ice peg"):
on the digital front end the board itself cannot tell.
"""

import argparse
import datetime
import json
import os
import signal
import subprocess
import sys
import threading
import time
import webbrowser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from fireice import record
from fireice.geom import RESULT_NAMES, SIDE_NAMES, START, FireIceError
from fireice.engine import BOARD_LEVELS, MAX_LEVEL
from fireice.geom import TARGETS, hole_name, islands_str, move_name, parse_position
from fireice.notation import parse_hole, parse_move
from fireice.record import Record
from fireice.record import format as format_record
from fireice_tools import simhost, webgames
from fireice_tools.native import host_engine

# the board's heap on the page: the game's 64 KB and the solver's 32 KB
PAGE_HEAP = "96k"
GRADES = ("easy", "medium", "hard", "any")

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "web")
# the rules of the game, written for the project (docs/rules.md in the
# repository the tools run from): the page links them as /rules
RULES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(STATIC))), "docs", "rules.md")
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}

# the page's address stays the same from run to run (a bookmark keeps
# working); when another program holds this port, any free one
DEFAULT_PORT = 8049
PEGS = 25  # per side
TICK_S = 0.02  # virtual time is brought up to real time this often
STATUS_AFTER_INPUT_MS = 60  # past the debounce (8 or 10 ms; 200 at most): then ask the board
STATUS_EVERY_MS = 1000
LED_FULL = 96  # a full-strength channel at the default brightness (the page's reference)
BLINK_MEMORY_MS = 600  # a blinking hole still counts as lit this long (blink 250 ms)
LONG_POLL_S = 20
MAX_BODY = 4096
KEEP_EVENTS = 40
KEEP_MESSAGES = 30
SIDES = ("fire", "ice")
KINDS = ("hand", "board", "lift", "put", "press", "cmd", "bounce", "console", "resign")
KEEP_CONSOLE = 120  # lines of the board's console kept for the page
MAX_CONSOLE_LINE = 400
CLAIM_S = 30  # a page's claim to carry out the engine's move lasts this long
COACH_LEVEL = 4  # the engine's level for the win-chance bar and the hints
REVIEW_POSTS = ("/replay", "/line", "/analyse")  # webgames: a record in the body


def default_flash(front="digital"):
    """The flash folder the page's board keeps its games in between runs:
    in the user's data directory (platformdirs), one per front end (the
    colour board's calibration is its own)."""
    import platformdirs

    return os.path.join(platformdirs.user_data_dir("fireice", False), "sim-" + (front or "digital"))


class BadInput(Exception):
    """An input that cannot be used now (HTTP 400)."""


class Claimed(Exception):
    """Another page carries out the host engine's move (HTTP 409)."""


class BoardGone(Exception):
    """The board process has stopped (HTTP 503)."""


def hue(rgb):
    """The name of an LED colour: None (off), fire, ice, error (violet), white."""
    r, g, b = rgb
    if r + g + b == 0:
        return None
    if r > 2 * max(g, b):
        return "fire"
    if b > r and g > r:
        return "ice"
    if r > g and b > g:
        return "error"
    return "white"


def record_text(mode, setup, first, moves, result, players=None, resigned=None):
    """The game as record text (docs/records.md), with move numbers: a Fire
    move opens a numbered pair, an Ice move without one gets "N...".
    moves: [{"move": "D4-C4", "by": "fire"}, ...]; players: {"ice": "engine
    level 5"}, the sides not played by a person (the Fire and Ice tags)."""
    tags = [["Game", "Fire and Ice"], ["Mode", mode]]
    for side in SIDES:
        if mode == "duel" and (players or {}).get(side):
            tags.append([side.capitalize(), players[side]])
    if setup and (mode == "solitaire" or setup != START):
        tags.append(["Setup", setup])
    if mode == "duel" and first == "ice":
        tags.append(["ToMove", "ice"])
    if result:
        tags.append(["Result", result])
    elif resigned:
        # for information (docs/records.md): a Result tag must agree with
        # the moves, and the board's game has not ended
        tags.append(["Resigned", resigned])
    words = []
    n = 0
    open_pair = False  # the last word is a Fire move waiting for Ice's answer
    for m in moves:
        if m["by"] == "ice" and open_pair:
            words.append(m["move"])
            open_pair = False
            continue
        n += 1
        if m["by"] == "ice":
            words.append("%d... %s" % (n, m["move"]))
        else:
            words.append("%d. %s" % (n, m["move"]))
            open_pair = True
    return format_record(Record(tags, words))


def saved_game(flash):
    """The game the board resumes from a flash folder at start, or None:
    {"mode", "setup", "first", "moves", "result", "position", "to_move"}."""
    try:
        with open(os.path.join(flash, "game.txt"), encoding="utf-8") as f:
            rec = record.parse(f.read())
        game = record.new_game(rec)
        setup = game.position()
        moves = []
        for text in rec.moves:
            frm, to = parse_move(text)
            if game.check(frm, to):
                break  # the board drops what does not replay, and says so
            moves.append({"move": text, "by": SIDE_NAMES[game.cells[frm]]})
            game.push(frm, to)
    except (OSError, FireIceError):
        return None
    return {
        "mode": rec.get("Mode", "duel"),
        "setup": setup,
        "first": rec.get("ToMove"),
        "moves": moves,
        "result": RESULT_NAMES[game.result],
        "position": game.position(),
        "to_move": SIDE_NAMES[game.to_move],
    }


class Simulator:
    """The board process, the world around it (simhost.Host), a thread that
    lets virtual time follow real time, and the state the page shows.

    Two locks: host_lock for everything that writes to the board (the Host
    and its world, the hand), cond for the state read from the board's
    events. The reader of the board's output takes only cond, so a board
    blocked on a full output pipe can always be drained."""

    def __init__(self, front="digital", flash=None, seed=0, heapsize=None, clock=None):
        """clock(): the local time (a datetime) the page sets the board's
        clock to as it starts, as the host tools do when they connect
        (datetime.now by default); None from it leaves the clock unset."""
        argv, env, cwd = simhost.board_command(front, flash, seed, heapsize or PAGE_HEAP)
        cfg_front, pins = simhost.flash_config(flash) if flash else ("digital", simhost.BUTTONS)
        self.flash = flash
        # a session of its own: Ctrl-C in the terminal stops us, and we stop
        # the board cleanly (end of its input)
        self.proc = subprocess.Popen(
            argv,
            env=env,
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
            start_new_session=True,
        )
        self.t0 = time.monotonic()
        self.host = simhost.Host(self.proc.stdin, front or cfg_front, pins)
        self.host_lock = threading.Lock()
        self.cond = threading.Condition()
        self.stopping = threading.Event()
        self._init_state(front or cfg_front, seed)
        when = (clock or datetime.datetime.now)()
        if when is not None:  # the board dates its games (docs/records.md)
            line = "clock " + when.strftime("%Y-%m-%dT%H:%M:%S")
            self._console("in", line)
            self.host.send("c " + line)
        self.threads = [
            threading.Thread(target=self._read, name="board-out", daemon=True),
            threading.Thread(target=self._read_err, name="board-err", daemon=True),
            threading.Thread(target=self._tick, name="board-clock", daemon=True),
        ]
        for t in self.threads:
            t.start()

    def _init_state(self, front, seed):
        # what the page shows (guarded by cond)
        self.serial = 0
        self.alive = True
        self.exit_status = None
        self.version = None
        self.front = front
        self.led_names = []
        self.leds = {}
        self.led_ref = LED_FULL
        self.lit = {}  # hole -> (hue, virtual ms) of its last fire or ice light
        self.pegs = "-" * 49  # what stands in the holes (the world)
        self.hand = None
        self.hand_from = None
        self.mode = "duel"
        self.setup = START
        self.first = "fire"
        self.moves = []
        self.to_move = None
        self.result = None
        self.islands = None
        self.control = {}
        # the solitaire's help (docs/protocol.md, "Solitaire help"): the sign
        # (None: the board gives none, "solving", "winnable", "lost",
        # "unknown"), the last hint, a graded deal being made
        self.sign = None
        self.hint = None
        self.dealing = None
        self.status = {}
        self.messages = []
        self.events = []
        self.console = []  # the board's USB console: {"at", "dir": "in"/"out", "text"}
        self.auto_status = 0  # status replies the page asked for itself (not shown)
        self.frames = 0  # LED frames (not shown in the console: counted)
        self.hand_log = []  # what happened to the hand, newest last
        self._ctrl_cache = (None, None)
        self.pending_board = None  # a position to stand on the board at once
        self.seed = seed
        # a game against the host's engine (a level above the board's): the
        # page carries its moves out; kept here so that every page sees it
        self.host_vs = None  # {"side": "ice", "level": 5}
        self.engine_claim = None  # ((setup, plies), page, when): who moves for the engine
        self.resigned = None  # the side that resigned the game (the page's: the board goes on)
        self.engines = {}  # level -> Engine (the coach's; made when first asked)
        self.engine_lock = threading.Lock()
        # imported records, variations, best lines, analyses (webgames)
        self.reviews = webgames.Reviews(self.engine_lock, seed)
        self.status_asks = [0]  # virtual times at which to ask the board for its status
        self.listeners = []  # fn(msg): each JSON object the board writes ("Play online")
        self.online = None  # link_page.Online, made when first asked for
        self.last_status = 0

    # --- time and the board's output ------------------------------------------

    def elapsed(self):
        return int((time.monotonic() - self.t0) * 1000)

    def _tick(self):
        while not self.stopping.wait(TICK_S):
            with self.host_lock:
                if not self.alive:
                    return
                now = max(self.elapsed(), self.host.now)
                try:
                    self.host.run_to(now)
                    with self.cond:
                        board, self.pending_board = self.pending_board, None
                    if board:
                        self.host.line(json.dumps({"at": now, "board": board}))
                        with self.cond:
                            self.pegs = board
                            self._changed()
                    with self.cond:
                        due = [t for t in self.status_asks if t <= now]
                        ask = due or now >= self.last_status + STATUS_EVERY_MS
                        if ask:
                            self.status_asks = [t for t in self.status_asks if t > now]
                            self.last_status = now
                    if ask:
                        with self.cond:
                            self.auto_status += 1
                        self.host.send('j {"cmd": "status"}')
                except (OSError, ValueError):
                    return  # the board stopped; the reader says why

    def _read(self):
        for line in self.proc.stdout:
            line = line.strip()
            if not line:
                continue
            try:
                ev = json.loads(line)
                if not isinstance(ev, dict):
                    raise ValueError
                for listen in list(self.listeners):
                    listen(ev)
            except ValueError:
                ev = {"ev": "text", "text": line[:300]}
            if "ev" not in ev:
                # a command's reply ({"re": "status", ...}), or something
                # unknown: kept with the events, but no event
                ev = dict(ev, ev="reply" if "re" in ev else "unknown")
            with self.cond:
                self._console_out(ev, line)
                try:
                    changed = self._event(ev)
                except (KeyError, TypeError, ValueError, IndexError) as e:
                    self._say("error", "unreadable event from the board (%s): %s" % (e, line[:120]))
                    changed = True
                if changed:
                    self._changed()
        status = self.proc.wait()
        with self.cond:
            self.alive = False
            self.exit_status = status
            if not self.stopping.is_set():
                self._say("error", "the virtual board stopped (exit status %s)" % status)
            self._changed()

    def _console_out(self, ev, line):
        # what the board wrote, as its USB console shows it: not the LED
        # frames (counted) nor the replies to the page's own status asks
        if ev["ev"] == "leds":
            self.frames += 1
            return
        if ev["ev"] == "reply" and ev.get("re") == "status" and self.auto_status > 0:
            self.auto_status -= 1
            return
        self._console("out", line)

    def _console(self, way, text, at=None):
        self.console.append(
            {
                "at": self.host.now if at is None else at,
                "dir": way,
                "text": text[:MAX_CONSOLE_LINE],
            }
        )
        del self.console[:-KEEP_CONSOLE]

    def _hand_note(self, text, at=None):
        self.hand_log.append({"at": self.host.now if at is None else at, "text": text})
        del self.hand_log[:-6]

    def _read_err(self):
        for line in self.proc.stderr:
            sys.stderr.write("board: " + line)
            with self.cond:
                self._console("err", line.rstrip())
                self._say("error", "board: " + line.rstrip()[:300])
                self._changed()

    def _changed(self):
        self.serial += 1
        self.cond.notify_all()

    def _say(self, kind, text, at=None):
        self.messages.append(
            {"kind": kind, "text": text, "at": self.host.now if at is None else at}
        )
        del self.messages[:-KEEP_MESSAGES]

    def _event(self, ev):
        """Take in one event of the board; returns whether the state changed."""
        kind = ev["ev"]
        at = ev.get("at", self.host.now)
        if kind == "leds":
            return self._frame(ev["rgb"], at)
        if kind == "status" or (kind == "reply" and ev["re"] == "status" and "error" not in ev):
            return self._status(ev)
        self.events.append(ev)
        del self.events[:-KEEP_EVENTS]
        if kind in ("reply", "unknown", "text"):
            if "error" in ev:
                self._say("error", "%s: %s" % (ev.get("re") or "command", ev["error"]), at)
            elif kind == "text":
                self._say("error", "board: " + ev["text"], at)
            return True
        self.status_asks.append(at)  # ask at once what it means for the phase
        take = getattr(self, "_on_" + kind, None)
        if take:
            take(ev, at)
        return True

    # one method an event (docs/protocol.md), called with cond held

    def _on_hello(self, ev, at):
        self.version = ev.get("version")
        self.front = ev.get("front", self.front)
        self.led_names = list(ev["leds"])

    def _on_dealing(self, ev, at):
        self.dealing = ev.get("grade")
        text = "Dealing %s %s solitaire (seed %s): the board's solver looks for one between scans."
        self._say("new", text % (_a_word(self.dealing), self.dealing, ev.get("seed")), at)

    def _on_winnable(self, ev, at):
        self.sign = {True: "winnable", False: "lost", None: "unknown"}[ev.get("winnable")]

    def _on_losing(self, ev, at):
        text = "%s lost the game: the position cannot be won any more."
        self._say("result", text % ev.get("move"), at)

    def _on_hint(self, ev, at):
        self.hint = ev.get("move")
        if self.hint:
            self._say("hint", "Hint: %s (lit on the board)." % self.hint, at)
        elif ev.get("reason"):  # a duel's (rationed, the board to move, ...)
            self._say("hint", "No hint: %s." % ev["reason"], at)
        else:
            why = "cannot be won" if ev.get("winnable") is False else "is not solved"
            self._say("hint", "No hint: the position %s." % why, at)

    def _on_new(self, ev, at):
        self.resigned = None
        if ev["mode"] != "duel":
            self.host_vs = None
        self.dealing = None
        self.sign = self.hint = None
        self.mode = ev["mode"]
        self.setup = ev["position"]
        self.first = ev.get("to_move")
        self.to_move = self.first
        self.moves = []
        # a new game is a new game even from the same position: a page's
        # claim on the one before does not carry over
        self.engine_claim = None
        self.result = self.islands = None
        self.control = {}
        what = "solitaire" if self.mode == "solitaire" else "two-player game"
        self._say("new", "New %s: put the pegs on the lit holes." % what, at)
        if self.hand:
            # the set-up starts afresh: the hand is emptied, and says so
            note = "New game: %s peg in your hand went back to its supply" % _a(self.hand)
            self._say("note", note + ".", at)
            self._hand_note(note, at)
            self.hand = self.hand_from = None

    def _on_resumed(self, ev, at):
        saved = saved_game(self.flash) if self.flash else None
        if saved:
            self.mode, self.setup, self.first = saved["mode"], saved["setup"], saved["first"]
            self.moves, self.result = saved["moves"], saved["result"]
            self.to_move = saved["to_move"]
            # the pegs stayed in their holes while the board was off
            self.pending_board = saved["position"]
        self._say("new", "The saved game goes on (%d moves)." % ev.get("moves", 0), at)

    def _on_replace(self, ev, at):
        # a digital board cannot see colours: pegs standing from before
        # count for the new game only once put in afresh
        text = (
            "Pegs from before stand on %s: this board cannot see their colour. "
            "Lift each and put it back in the colour lit under it."
        )
        self._say("note", text % ev.get("holes", "?").replace(" ", ", "), at)

    def _on_ready(self, ev, at):
        self.to_move = ev.get("to")
        self._say("ready", "The pegs match the game: %s to move." % _side(ev.get("to")), at)

    def _on_move(self, ev, at):
        self.moves.append({"move": ev["move"], "by": ev["by"]})
        self.hint = None
        if self.sign:  # the board solves the new position
            self.sign = "solving"

    def _on_turn(self, ev, at):
        self.to_move = ev["to"]

    def _on_control(self, ev, at):
        if ev.get("by"):
            self.control[ev["island"]] = ev["by"]
        else:
            self.control.pop(ev["island"], None)

    def _on_result(self, ev, at):
        self.result = ev["result"]
        self.islands = ev.get("islands")
        self.to_move = None
        self._say("result", _result_text(self.result, self.islands), at)

    def _on_illegal(self, ev, at):
        self._say("illegal", "%s: %s" % (ev.get("hole"), ev.get("reason")), at)

    def _on_undo(self, ev, at):
        if self.moves and self.moves[-1]["move"] == ev["move"]:
            self.moves.pop()
        self.hint = None
        if self.sign:
            self.sign = "solving"
        self.result = self.islands = None
        self._say("undo", "Taken back: %s" % ev["move"], at)

    def _on_error(self, ev, at):
        self._say("error", ev.get("reason", "?"), at)

    def _frame(self, rgb, at):
        if len(rgb) != len(self.led_names):
            raise ValueError("a frame of %d LEDs, not %d" % (len(rgb), len(self.led_names)))
        leds = {}
        for name, c in zip(self.led_names, rgb):
            r, g, b = (int(v) for v in c)
            leds[name] = [r, g, b]
            self.led_ref = max(self.led_ref, r, g, b)
            h = hue((r, g, b))
            if h in SIDES and name[0] != "t":
                self.lit[name] = (h, at)
        self.leds = leds
        return True

    def _status(self, ev):
        keep = {k: v for k, v in ev.items() if k not in ("ev", "re", "at", "heap_free")}
        if keep == self.status:
            return False
        self.status = keep
        return True

    # --- inputs ------------------------------------------------------------------

    def supply(self, side, pegs=None):
        """Pegs of side in its supply pocket: 25 less those on the board and in hand."""
        mark = "#" if side == "fire" else "O"
        n = PEGS - (pegs if pegs is not None else self.pegs).count(mark)
        return n - (self.hand == side)

    def _lit(self, name):
        """The side's colour the board lights hole name in (now, or in the
        last blink), or None."""
        with self.cond:
            now_hue = hue(self.leds.get(name, (0, 0, 0)))
            if now_hue in SIDES:
                return now_hue
            seen = self.lit.get(name)
            if seen and self.host.now - seen[1] <= BLINK_MEMORY_MS:
                return seen[0]
            return None

    def _wanted(self, name):
        """The colour of a peg taken from a supply for hole name: the colour
        lit there, else the side to move."""
        lit = self._lit(name)
        if lit:
            return lit
        with self.cond:
            return self.to_move if self.to_move in SIDES else "fire"

    def _lights_show_pegs(self):
        """Whether the lights show the pegs that belong in the holes now (a
        set-up, or the position to put back after a takeback)."""
        with self.cond:
            return self.status.get("phase") in ("setup", "restore")

    def handle(self, msg):
        """Apply one input from the page. Returns a small JSON-able answer;
        raises BadInput or BoardGone."""
        kind = _input_kind(msg)
        msg = dict(msg)
        msg.pop("at", None)  # time is the server's
        with self.host_lock:
            if not self.alive:
                raise BoardGone("the virtual board has stopped")
            if kind in ("hand", "console", "resign"):
                # the page's own: the hand, the console, resigning
                return getattr(self, "_" + kind + "_input")(msg)
            try:
                step = self._step(kind, msg)
            except BadInput:
                raise
            except (FireIceError, ValueError, TypeError, KeyError, AttributeError) as e:
                raise BadInput(str(e))
            at = max(self.elapsed(), self.host.now)
            msg["at"] = at
            try:
                self.host.line(json.dumps(msg))
            except (OSError, ValueError):
                raise BoardGone("the virtual board has stopped")
            self._stepped(step, at)
        answer = {"ok": True, "at": at, "hand": step["hand"]}
        if kind == "put":
            answer["peg"] = msg["peg"]
        for key in ("note", "warning"):
            if step[key]:
                answer[key] = step[key]
        return answer

    def _step(self, kind, msg):
        """What an input to the board does to the world around it, checked
        before the board gets it: {"hand", "hand_from", "host_vs", "note",
        "warning", "hand_note"}."""
        step = {
            "hand": self.hand,
            "hand_from": self.hand_from,
            "host_vs": self.host_vs,
            "note": None,
            "warning": None,
            "hand_note": None,
        }
        if kind in ("lift", "put", "bounce") and not isinstance(msg[kind], str):
            raise BadInput('%s names a hole, such as "D4"' % kind)
        if kind == "lift":
            self._lift_step(msg, step)
        elif kind == "put":
            self._put_step(msg, step)
        elif kind == "board":
            self._board_step(msg)
        elif kind == "cmd":
            self._check_cmd(msg)
            if msg["cmd"] == "new":
                step["host_vs"] = self._host_opponent(msg)
            self.host.check(msg)
        else:
            self.host.check(msg)
        return step

    def _lift_step(self, msg, step):
        self.host.check(msg)
        h = parse_hole(msg["lift"])
        side = SIDE_NAMES[self.host.world.pegs[h]]
        name = msg["lift"].upper()
        hand, hand_from = step["hand"], step["hand_from"]
        if not hand:
            step["hand"], step["hand_from"] = side, name
            step["hand_note"] = "took %s peg from %s" % (_a(side), name)
            return
        # the hand is full: the peg goes off the board into its supply (a
        # solitaire capture); the hand keeps its own
        step["note"] = (
            "the %s peg from %s went to the %s supply; your hand still holds %s peg%s"
            % (
                side.capitalize(),
                name,
                side.capitalize(),
                _a(hand),
                " from " + hand_from if hand_from else "",
            )
        )
        step["hand_note"] = "%s peg from %s: off the board, to its supply" % (_a(side), name)

    def _put_step(self, msg, step):
        anyway = msg.pop("anyway", False) is True
        hand = step["hand"]
        if "peg" in msg and msg["peg"] not in SIDES:
            raise BadInput('"peg" is "fire" or "ice", not %r' % (msg["peg"],))
        if hand:
            if msg.get("peg", hand) != hand:
                raise BadInput("your hand holds %s peg, not %s one" % (_a(hand), _a(msg["peg"])))
            colour = hand
        else:
            colour = msg.get("peg") or self._wanted(msg["put"].upper())
            if self.supply(colour) <= 0:
                raise BadInput("no %s peg left in the supply" % colour)
        msg["peg"] = colour
        self.host.check(msg)
        name = msg["put"].upper()
        lit = self._lit(name)
        if lit and lit != colour and not anyway and self._lights_show_pegs():
            # setting up or putting back, the light is the colour that
            # belongs there: a player's hands would not pick the other one
            # ("anyway" does, to try the board)
            raise BadInput(
                "the board lights %s for %s: put %s peg there, not %s one"
                % (name, lit.capitalize(), _a(lit), _a(colour))
            )
        if lit and lit != colour:
            # the board may not see colours (digital sensors): the page says it
            step["warning"] = "the board lit %s for %s; this is %s peg" % (
                name,
                lit.capitalize(),
                _a(colour),
            )
        step["hand_note"] = "put %s peg in %s%s" % (
            _a(colour),
            name,
            "" if hand else " (from the supply)",
        )
        step["hand"] = step["hand_from"] = None

    def _board_step(self, msg):
        if not isinstance(msg["board"], str):
            raise BadInput("board is a position of 49 characters # O -")
        cells = parse_position(msg["board"])
        text = "".join("-#O"[c] for c in cells)
        for side in SIDES:
            if self.supply(side, text) < 0:
                raise BadInput("more than 25 %s pegs (with the hand)" % side)
        self.host.check(msg)

    def _stepped(self, step, at):
        # the board has the input: the world and the page's state follow it
        with self.cond:
            self.host_vs = step["host_vs"]
            self.hand, self.hand_from = step["hand"], step["hand_from"]
            self.pegs = "".join("-#O"[min(c, 2)] for c in self.host.world.pegs)
            self.status_asks.append(at + STATUS_AFTER_INPUT_MS)
            if step["note"]:
                self._say("note", step["note"][0].upper() + step["note"][1:] + ".", at)
            if step["warning"]:
                self._say("warn", step["warning"][0].upper() + step["warning"][1:] + ".", at)
            if step["hand_note"]:
                self._hand_note(step["hand_note"], at)
            self._changed()

    def _console_input(self, msg):
        # a line typed into the board's USB console: the board answers it
        line = msg["console"]
        if len(msg) != 1:
            raise BadInput('"console" takes no other keys')
        if not isinstance(line, str) or not line.strip() or len(line) > 200:
            raise BadInput("a console line is a command such as status (up to 200 characters)")
        if "\n" in line or "\r" in line:
            raise BadInput("a console line is one line")
        return {"ok": True, "at": self.console_line(line.strip())}

    def console_line(self, line):
        """Send a command line to the board's USB console (the caller holds
        host_lock); shown in the page's console. Returns its virtual time."""
        at = max(self.elapsed(), self.host.now)
        with self.cond:
            self._console("in", line, at)
        try:
            # "cmd" is the command line itself (docs/protocol.md)
            self.host.line(json.dumps({"at": at, "cmd": line}))
        except (OSError, ValueError):
            raise BoardGone("the virtual board has stopped") from None
        with self.cond:
            self._changed()
        return at

    def _resign_input(self, msg):
        # {"resign": side}: that side gives the game up (the page's word: the
        # board knows nothing of it, and a new game clears it)
        side = msg["resign"]
        if len(msg) != 1 or side not in SIDES:
            raise BadInput('"resign" is "fire" or "ice", and takes no other keys')
        with self.cond:
            if self.mode != "duel" or self.result or self.resigned:
                raise BadInput("there is no two-player game going on to resign")
            self.resigned = side
            other = "ice" if side == "fire" else "fire"
            self._say("result", "%s resigned: %s wins." % (side.capitalize(), other.capitalize()))
            self._changed()
        return {"ok": True, "resigned": side}

    def _hand_input(self, msg):
        # {"hand": side}: a peg from that supply into the hand (one already
        # there goes back); {"hand": null}: the hand's peg back to its supply
        side = msg["hand"]
        if len(msg) != 1:
            raise BadInput('"hand" takes no other keys')
        if side is not None and side not in SIDES:
            raise BadInput('"hand" is "fire", "ice" or null, not %r' % (side,))
        with self.cond:
            if side is not None and self.supply(side) + (self.hand == side) <= 0:
                raise BadInput("no %s peg left in the supply" % side)
            if self.hand and self.hand != side:
                self._hand_note("%s peg back to its supply" % _a(self.hand))
            if side:
                self._hand_note("took %s peg from the supply" % _a(side))
            self.hand = side
            self.hand_from = None
            self._changed()
        return {"ok": True, "hand": side}

    @staticmethod
    def _check_cmd(msg):
        # the settings of docs/protocol.md; the board checks them again
        cmd = msg["cmd"]
        if cmd == "status" or cmd == "hint":
            if len(msg) > 1:
                raise BadInput("%s takes no settings" % cmd)
            return
        if cmd != "new":
            raise BadInput('cmd is "new", "hint" or "status", not %r' % (cmd,))
        for key, value in msg.items():
            if key == "mode" and value not in ("duel", "solitaire"):
                raise BadInput("mode must be duel or solitaire, not %r" % (value,))
            if key == "handicap" and (type(value) is not int or not 0 <= value <= 6):
                raise BadInput("handicap must be 0..6")
            if key == "seed" and (type(value) is not int or value < 0):
                raise BadInput("seed must be a whole number >= 0")
            if key == "grade" and value not in GRADES:
                raise BadInput("grade must be easy, medium, hard or any, not %r" % (value,))
            if key in ("side", "to_move") and value not in SIDES:
                raise BadInput("%s must be fire or ice, not %r" % (key, value))
            if key == "vs" and value is not None and value not in SIDES:
                raise BadInput("vs must be fire, ice or null, not %r" % (value,))
            if key == "level" and (type(value) is not int or not 1 <= value <= MAX_LEVEL):
                raise BadInput("level must be 1..%d" % MAX_LEVEL)
            if key == "position":
                if not isinstance(value, str):
                    raise BadInput("position is a 49-character string")
                parse_position(value)
            if key not in (
                "cmd",
                "mode",
                "handicap",
                "seed",
                "side",
                "to_move",
                "position",
                "grade",
                "vs",
                "level",
            ):
                raise BadInput("unknown setting %r of new" % (key,))

    @staticmethod
    def _host_opponent(msg):
        """The host's engine as the opponent of a new game, or None: a level
        above the board's is played here (the page carries its moves out, as
        /coach gives them), so the board gets a game of two players."""
        level = msg.get("level")
        if not level or level <= BOARD_LEVELS:
            return None
        side = msg.get("vs")
        msg["vs"] = None  # (the board keeps its last opponent when not told)
        msg.pop("level")
        if not side or msg.get("mode", "duel") != "duel":
            return None
        return {"side": side, "level": level}

    def players(self):
        """The sides the engine plays, as the record's Fire and Ice tags."""
        if self.host_vs:
            return {self.host_vs["side"]: "engine level %d" % self.host_vs["level"]}
        st = self.status
        if st.get("vs") in SIDES and st.get("level"):
            return {st["vs"]: "board level %d" % st["level"]}
        return {}

    # --- the state -----------------------------------------------------------------

    def control_now(self):
        """{island: side} of the game's position as the board reports it
        (the rules core counts the lines; no stale event can mislead it)."""
        pos = self.status.get("position")
        if self.mode != "duel" or not pos:
            return dict(self.control) if self.mode == "duel" else {}
        key = pos
        if self._ctrl_cache[0] != key:
            from fireice.duel import Duel

            try:
                game = Duel(pos)
                ctrl = {}
                for side in (1, 2):
                    for isl in islands_str(game.control(side)):
                        ctrl[isl] = SIDE_NAMES[side]
            except FireIceError:
                ctrl = dict(self.control)
            self._ctrl_cache = (key, ctrl)
        return dict(self._ctrl_cache[1])

    def view(self, ply):
        """The game after its first ply moves, replayed by the rules core from
        the record the page shows."""
        with self.cond:
            mode, setup, first = self.mode, self.setup, self.first
            moves = [m["move"] for m in self.moves]
        if not 0 <= ply <= len(moves):
            raise BadInput("ply is 0..%d" % len(moves))
        text = record_text(mode, setup, first, [], None)
        rec = record.parse(text)
        game = record.new_game(rec)
        for text in moves[:ply]:
            frm, to = parse_move(text)
            if game.check(frm, to):
                raise BadInput("move %s does not replay" % text)
            game.push(frm, to)
        control = {}
        if game.duel:
            for side in (1, 2):
                for isl in islands_str(game.control(side)):
                    control[isl] = SIDE_NAMES[side]
        return {
            "ply": ply,
            "plies": len(moves),
            "position": game.position(),
            "move": moves[ply - 1] if ply else None,
            "control": control,
            "to_move": SIDE_NAMES[game.to_move],
            "result": RESULT_NAMES[game.result],
        }

    # --- the coach: the engine and the danger test on the game's position ---------

    def game_now(self, ply=None):
        """(game, plies): the game after its first ply moves (all of them by
        default), replayed by the rules core from the record the page shows."""
        with self.cond:
            mode, setup, first = self.mode, self.setup, self.first
            moves = [m["move"] for m in self.moves]
        if ply is None:
            ply = len(moves)
        if not 0 <= ply <= len(moves):
            raise BadInput("ply is 0..%d" % len(moves))
        game = record.new_game(record.parse(record_text(mode, setup, first, [], None)))
        for text in moves[:ply]:
            frm, to = parse_move(text)
            if game.check(frm, to):
                raise BadInput("move %s does not replay" % text)
            game.push(frm, to)
        return game, len(moves)

    def claim(self, page):
        """A page (its own random name) will carry out the host engine's move
        in the game now: one page only, when several are open on the game;
        Claimed when another one has it (for CLAIM_S at the most)."""
        with self.cond:
            game = (self.setup, len(self.moves))
            now = time.monotonic()
            held = self.engine_claim
            if held and held[0] == game and held[1] != page and now - held[2] < CLAIM_S:
                raise Claimed("another page carries out the engine's move")
            self.engine_claim = (game, page, now)

    def coach(self, ply=None, level=COACH_LEVEL, nodes=0):
        """The engine's view of the game after ply moves: its best move for
        the side to move and that side's win chance (or a proof). The engine
        runs here on the host; the page plays its move on the board, which
        checks it as it checks a player's."""
        if type(level) is not int or not 1 <= level <= MAX_LEVEL:
            raise BadInput("level is 1..%d" % MAX_LEVEL)
        if type(nodes) is not int or not 0 <= nodes <= 100000:
            raise BadInput("nodes is 0..100000")
        game, plies = self.game_now(ply)
        ply = game.ply
        answer = {"ply": ply, "plies": plies, "level": level, "to_move": None, "move": None}
        answer["result"] = RESULT_NAMES[game.result]
        if not game.duel:
            raise BadInput("the engine plays two-player games")
        if game.result:
            answer["chance"] = {
                "fire": 1.0 if game.result == 1 else 0.0 if game.result == 2 else 0.5
            }
            answer["proven"] = {"winner": RESULT_NAMES[game.result], "plies": 0}
            return answer
        with self.engine_lock:
            e = self.engines.get(level)
            if e is None:
                e = self.engines[level] = host_engine(level, 1)
            e.seed(1009 * (self.seed + 1) + ply)
            mv = e.think(game, nodes)
            score, proven, mate = e.score, e.proven, e.mate
        s = game.to_move
        if proven == 3:
            fire = 0.5
        elif proven:
            fire = 1.0 if proven == 1 else 0.0
        else:
            fire = score / 1000 if s == 1 else 1 - score / 1000
        answer.update(
            to_move=SIDE_NAMES[s],
            move=move_name(mv >> 6, mv & 63),
            chance={"fire": round(fire, 3)},
            proven={"winner": RESULT_NAMES[proven], "plies": mate or None} if proven else None,
        )
        return answer

    def review(self, level=COACH_LEVEL, nodes=0):
        """`fireice analyse` of the game the page shows (docs/review.md): the
        page's analysis view draws Fire's win chance and the marks from it."""
        from fireice_tools import analyse

        if type(level) is not int or not 1 <= level <= MAX_LEVEL:
            raise BadInput("level is 1..%d" % MAX_LEVEL)
        if type(nodes) is not int or not 0 <= nodes <= 100000:
            raise BadInput("nodes is 0..100000")
        with self.cond:
            mode, setup, first = self.mode, self.setup, self.first
            moves = list(self.moves)
        if mode != "duel":
            raise BadInput("the analysis is for two-player games")
        try:
            rec, pairs = analyse.load(record_text(mode, setup, first, moves, None))
        except FireIceError as e:
            raise BadInput(str(e))
        with self.engine_lock:
            return analyse.analyse(rec, pairs, analyse.Analyser(level, nodes, self.seed + 1))

    def dangers(self, hole):
        """The destinations of the peg on hole in the game now, each safe or
        what it hands the opponent (fireice.danger): gift (the fill wins the
        game for them) or threat (a win at once on their next move)."""
        from fireice.danger import GIFT, THREAT, danger

        try:
            frm = parse_hole(hole)
        except FireIceError as e:
            raise BadInput(str(e))
        game, _ = self.game_now()
        out = {"from": hole_name(frm), "safe": [], "gift": [], "threat": []}
        if not game.duel or game.result or game.cells[frm] != game.to_move:
            return out
        for k in range(12):
            to = TARGETS[12 * frm + k]
            if game.cells[to]:
                continue
            kind = danger(game, frm, to)
            key = "gift" if kind == GIFT else "threat" if kind == THREAT else "safe"
            out[key].append(hole_name(to))
        return out

    def snapshot(self):
        """The state as the page gets it (call with cond held)."""
        st = self.status
        hand_note = None
        if self.hand:
            hand_note = "from " + self.hand_from if self.hand_from else "from the supply"
        return {
            "serial": self.serial,
            "alive": self.alive,
            "version": self.version,
            "front": self.front,
            "time": self.host.now,
            "pegs": self.pegs,
            "hand": self.hand,
            "hand_from": self.hand_from,
            "hand_note": hand_note,
            "supply": {side: self.supply(side) for side in SIDES},
            "leds": self.leds,
            "led_ref": self.led_ref,
            "mode": self.mode,
            "to_move": self.to_move if self.to_move or self.result else st.get("to_move"),
            "phase": st.get("phase"),
            "fix": st.get("fix"),
            "fix_kind": st.get("fix_kind"),
            "target": st.get("target"),
            "board_position": st.get("position"),
            "result": self.result,
            "islands": self.islands,
            "control": self.control_now(),
            "sign": self.sign,
            "hint": self.hint,
            # a game against the board's firmware (new {"vs": ..., "level":
            # N}, N a board level): the side it plays, its level, and its
            # move: "thinking", the move it shows, or None (the status reply)
            "vs": st.get("vs"),
            "vs_level": st.get("level"),
            "board_move": st.get("board"),
            "board_levels": BOARD_LEVELS,
            "dealing": self.dealing,
            "setup": self.setup,
            "moves": self.moves,
            "record": record_text(
                self.mode,
                self.setup,
                self.first,
                self.moves,
                self.result,
                self.players(),
                self.resigned,
            ),
            "resigned": self.resigned,
            "host_vs": self.host_vs,
            "messages": self.messages,
            "events": self.events[-20:],
            "console": self.console,
            "frames": self.frames,
            "hand_log": self.hand_log,
            "flash": self.flash,
        }

    def state(self, since=None, timeout=LONG_POLL_S):
        with self.cond:
            if since is not None:
                self.cond.wait_for(
                    lambda: self.serial != since or self.stopping.is_set(), timeout=timeout
                )
            return self.snapshot()

    def close(self):
        """Stop the board: the end of its input ends it."""
        if self.online is not None:
            self.online.stop()
        self.stopping.set()
        with self.cond:
            self.cond.notify_all()
        with self.host_lock:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for t in self.threads:
            t.join(timeout=2)
        return self.proc.returncode


def _input_kind(msg):
    """The kind of an input (one of KINDS), or BadInput saying why it has none."""
    if not isinstance(msg, dict):
        raise BadInput('an input is a JSON object, such as {"lift": "D4"}')
    kinds = [k for k in KINDS if k in msg]
    if "bounce" in kinds and len(kinds) > 1:
        kinds.remove("bounce")  # the chatter of a lift or put
    if not kinds and not [k for k in msg if k != "at"]:
        raise BadInput("an empty input")
    if len(kinds) != 1:
        raise BadInput("an input has exactly one of: %s" % ", ".join(KINDS))
    return kinds[0]


def _a(side):
    return "an Ice" if side == "ice" else "a Fire"


def _a_word(word):
    return "an" if word and word[0] in "aeiou" else "a"


def _side(side):
    return side.capitalize() if side else "Either colour"


def _result_text(result, islands):
    if result in SIDES:
        return "%s wins on islands %s." % (result.capitalize(), "-".join(islands or ""))
    if result == "draw":
        return "Draw: neither side can move."
    if result == "won":
        return "Solitaire won: one peg left."
    if result == "lost":
        return "Solitaire lost: no capture left."
    return "Game over: %s." % result


# --- HTTP ------------------------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    server_version = "FireIceSim/1"
    sim = None  # set on a subclass by make_server

    def log_message(self, fmt, *args):
        pass  # the page polls all the time: no log line per request

    def _send(self, code, body, ctype="application/json; charset=utf-8"):
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
        if isinstance(body, str):
            body = body.encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    # --- the page's review: records in, the board's games (webgames) ----------------

    def _review_get(self, url):
        # GET /games, /game?name=, /analyse?job=: the answer, or None
        query = parse_qs(url.query)
        flash = self.sim.flash
        if url.path == "/games":
            return {"games": webgames.listing(flash)}
        if url.path == "/game":
            name = query.get("name", [""])[0]
            text = webgames.read(flash, name)
            return dict(webgames.replay({"text": text}), name=name, text=text)
        if url.path == "/analyse" and "job" in query:
            return self.sim.reviews.progress(query["job"][0])
        return None

    def _review_post(self, path, body):
        # POST /replay, /line, /analyse (a record in the body)
        if path == "/replay":
            return webgames.replay(body)
        if path == "/line":
            return self.sim.reviews.line(body, COACH_LEVEL)
        return self.sim.reviews.start(body, COACH_LEVEL)

    def _review(self, answer):
        try:
            return self._send(200, answer())
        except webgames.BadRecord as e:
            return self._send(400, {"error": str(e)})

    def do_GET(self):
        url = urlparse(self.path)
        if url.path in ("/games", "/game") or (url.path == "/analyse" and "job=" in url.query):
            return self._review(lambda: self._review_get(url))
        if url.path == "/state":
            query = parse_qs(url.query)
            since = None
            if "since" in query:
                try:
                    since = int(query["since"][0])
                except ValueError:
                    return self._send(400, {"error": "since is a whole number"})
            return self._send(200, self.sim.state(since))
        if url.path == "/view":
            try:
                ply = int(parse_qs(url.query).get("ply", ["x"])[0])
                return self._send(200, self.sim.view(ply))
            except ValueError:
                return self._send(400, {"error": "ply is a whole number"})
            except BadInput as e:
                return self._send(400, {"error": str(e)})
        if url.path in ("/coach", "/danger", "/analyse"):
            query = parse_qs(url.query)
            try:
                if url.path == "/danger":
                    return self._send(200, self.sim.dangers(query.get("hole", [""])[0]))
                args = {}
                for key in ("ply", "level", "nodes"):
                    if key in query:
                        args[key] = int(query[key][0])
                if url.path == "/analyse":
                    args.pop("ply", None)
                    return self._send(200, self.sim.review(**args))
                if "claim" in query:
                    self.sim.claim(query["claim"][0])
                return self._send(200, self.sim.coach(**args))
            except Claimed as e:
                return self._send(409, {"error": str(e)})
            except ValueError:
                return self._send(400, {"error": "ply, level and nodes are whole numbers"})
            except BadInput as e:
                return self._send(400, {"error": str(e)})
        if url.path == "/online":
            from fireice_tools import link_page

            return self._send(200, link_page.online(self.sim).status())
        if url.path == "/rules":
            try:
                with open(RULES, "rb") as f:
                    return self._send(200, f.read(), "text/plain; charset=utf-8")
            except OSError:
                return self._send(404, {"error": "the rules are not here: %s is missing" % RULES})
        name = "index.html" if url.path == "/" else url.path.lstrip("/")
        ext = os.path.splitext(name)[1]
        path = os.path.join(STATIC, name)
        # only plain files of the web folder itself
        if "/" in name or "\\" in name or name.startswith(".") or ext not in CONTENT_TYPES:
            return self._send(404, {"error": "no such page: %s" % url.path})
        try:
            with open(path, "rb") as f:
                body = f.read()
        except OSError:
            return self._send(404, {"error": "no such page: %s" % url.path})
        return self._send(200, body, CONTENT_TYPES[ext])

    def do_POST(self):
        path = urlparse(self.path).path
        review = path in REVIEW_POSTS
        if path not in ("/input", "/online") and not review:
            return self._send(404, {"error": "POST goes to /input"})
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if review and not 0 < length <= webgames.MAX_RECORD + 1024:
            return self._send(400, {"error": "a request of up to 64 KB of record, as JSON"})
        if not review and not 0 < length <= MAX_BODY:
            return self._send(400, {"error": "an input is one JSON object of up to 4 KB"})
        text = self.rfile.read(length)
        try:
            msg = json.loads(text)
        except (ValueError, UnicodeDecodeError) as e:
            return self._send(400, {"error": "not JSON: %s" % e})
        if review:
            return self._review(lambda: self._review_post(path, msg))
        if path == "/online":  # the page's "Play online" (link_page)
            from fireice_tools import link_page

            if not self.headers.get("Content-Type", "").startswith("application/json"):
                # (a form of another site cannot send this without a preflight)
                return self._send(415, {"error": "POST /online takes application/json"})

            return self._send(*link_page.online(self.sim).post(msg))
        try:
            return self._send(200, self.sim.handle(msg))
        except BadInput as e:
            return self._send(400, {"error": str(e)})
        except BoardGone as e:
            return self._send(503, {"error": str(e)})


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the page went away (reloaded, closed) while waiting
        super().handle_error(request, client_address)


def make_server(sim, port=0, host="127.0.0.1"):
    """The HTTP server of the page, on localhost only."""
    return Server((host, port), type("SimHandler", (Handler,), {"sim": sim}))


def _open_browser(url):
    # only with a display: on a bare terminal webbrowser would start a text
    # browser in it
    if not (
        os.environ.get("DISPLAY")
        or os.environ.get("WAYLAND_DISPLAY")
        or sys.platform in ("darwin", "win32")
    ):
        print("No display found: open %s in a browser." % url, flush=True)
        return

    def run():
        try:
            webbrowser.open(url)
        except Exception as e:  # a browser that fails to start must not stop us
            print("Could not open a browser (%s): open %s" % (e, url), flush=True)

    threading.Thread(target=run, daemon=True).start()


def _stop(signum, frame):
    raise KeyboardInterrupt


def bind(sim, port):
    """The page's server on port; None: DEFAULT_PORT, else (taken) a free
    one, said on standard error."""
    if port is not None:
        return make_server(sim, port)
    try:
        return make_server(sim, DEFAULT_PORT)
    except OSError as e:
        print(
            "Port %d is taken (%s): the page gets another one." % (DEFAULT_PORT, e.strerror),
            file=sys.stderr,
            flush=True,
        )
        return make_server(sim, 0)


def serve(front="digital", flash=None, seed=0, heapsize=None, port=None, open_browser=True):
    """Run the simulator page until Ctrl-C or SIGTERM. The first line on
    standard output is "Simulator: http://127.0.0.1:PORT/" (port None:
    DEFAULT_PORT, or a free one when it is taken). Without flash, the board
    keeps its games in default_flash(front)."""
    if not flash:
        flash = default_flash(front)
    sim = Simulator(front, flash, seed, heapsize)
    try:
        httpd = bind(sim, port)
    except OSError as e:
        sim.close()
        raise SystemExit("fireice: cannot serve on port %s: %s" % (port, e))
    url = "http://127.0.0.1:%d/" % httpd.server_address[1]
    print("Simulator: %s" % url, flush=True)
    print("The board's flash (its games, kept): %s" % os.path.abspath(flash), flush=True)
    print("Press Ctrl-C to stop.", flush=True)
    old = None
    try:
        old = signal.signal(signal.SIGTERM, _stop)
    except ValueError:
        pass  # not the main thread: no signal handlers
    try:
        if open_browser:
            _open_browser(url)
        httpd.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        # a second Ctrl-C or SIGTERM (make passes its own on) while the
        # board stops would stop us in the middle of it: both wait
        held = []
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                held.append((sig, signal.signal(sig, signal.SIG_IGN)))
            except ValueError:
                pass  # not the main thread
        httpd.server_close()
        status = sim.close()
        for sig, handler in held:
            signal.signal(sig, handler)
        if old is not None:
            signal.signal(signal.SIGTERM, old)
    print("Simulator stopped (board exit status %s)." % status, flush=True)
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="python -m fireice_tools.web",
        description="The virtual Fire and Ice board in a browser page on localhost.",
    )
    p.add_argument("--front", choices=("digital", "colour"), default=None)
    p.add_argument(
        "--flash",
        metavar="DIR",
        help="the board's flash folder, kept (default: %s)" % default_flash("FRONT"),
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--heapsize", help="MicroPython heap (default %s)" % PAGE_HEAP)
    p.add_argument(
        "--port",
        type=int,
        default=None,
        help="the page's port (default %d, or a free one when taken; 0: any free port)"
        % DEFAULT_PORT,
    )
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    args = p.parse_args(argv)
    return serve(args.front, args.flash, args.seed, args.heapsize, args.port, not args.no_browser)


if __name__ == "__main__":
    sys.exit(main())
