"""`fireice link`: the wooden board plays on the game server (docs/online.md).

The Bridge joins a board (its `remote` commands and events, docs/protocol.md)
to the server's board API (docs/server.md). It talks to the board through a
small interface, so that the same bridge runs on a board at a USB port
(link_usb.SerialBoard) and on the page's virtual board in-process:

    board.start(on_message, on_state)   # on_message(dict) for each JSON line
                                        # the board writes; on_state("up" or
                                        # "gone") when it comes or goes
    board.send(line)                    # one command line; BoardGone when
                                        # the board cannot be reached
    board.close()

Everything happens in one thread (Bridge.run) fed by a queue: the board's
lines, the account's event stream and the game's stream (each read in a
thread of its own, connecting again by itself) are put on it. What the
bridge promises:

- It posts only the moves the board announced as the local player's
  (`move` events whose `by` is the local side), each with its `ply`, so a
  retry after a lost answer is never played twice.
- The opponent's moves go to the board as `remote MOVE`; after any
  reconnect (server, network, board) the board gets the server's whole
  move list as `remote sync`, and the board says what it lacked.
- A `move` event of the remote side means the move stands on the board:
  the server is told (`carried`), so the player's clock was not charged
  for carrying it out.
"""

import collections
import json
import queue
import re
import sys
import threading
import time

from fireice.duel import Duel
from fireice.geom import FireIceError, parse_position
from fireice.notation import parse_move
from fireice_tools.apiclient import ApiError, ServerDown
from fireice_tools.bot import FINISHED, Backoff, _name

MOVE_RE = re.compile(r"^[A-G][1-7]-[A-G][1-7]$")
GAME_ID_RE = re.compile(r"^[A-Za-z0-9]{1,16}$")
NAME_MAX = 20  # the board keeps an opponent's name of at most this many characters
ASK_TIMEOUT_S = 5.0  # a board answers a command within a scan or two
RETRY_S = 1.0  # between two tries of a post that found the server away
CLAIM_RETRY_S = 10.0
SIDES = ("fire", "ice")
# a player sits at the board waiting: come back soon after the server does
BACKOFF_MAX_S = 4.0


class BoardGone(Exception):
    """The board cannot be reached (the USB cable out, the port gone)."""


def command_line(name, arg=None):
    """A board command line. JSON with every non-ASCII and control
    character escaped: no byte below 0x20 (Ctrl-C, 0x03, above all, which
    would stop the board's program) ever leaves for the board, whatever
    the server sent."""
    if arg is None:
        line = name
    elif isinstance(arg, str):
        line = "%s %s" % (name, arg)
    else:
        line = "%s %s" % (name, json.dumps(arg, ensure_ascii=True))
    check_line(line)
    return line


def check_line(line):
    bad = [c for c in line if not " " <= c <= "~"]
    if bad:
        raise ValueError("not sent to the board: %r holds %r" % (line[:40], bad[0]))


def clock_text(ms, days):
    """Time left as a person reads it: 4:05 on a clock, 2 d 3 h in days."""
    if ms is None:
        return "?"
    s = max(0, int(ms // 1000))
    if days:
        d, h = divmod(s // 3600, 24)
        return "%d d %d h" % (d, h) if d else "%d h %d min" % (h, s // 60 % 60)
    if s >= 3600:
        return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
    return "%d:%02d" % (s // 60, s % 60)


def movers(setup, moves):
    """The side ("fire"/"ice") that made each move of the list, replayed
    from the set-up (a forced pass makes the same side move twice)."""
    game = Duel(parse_position(setup), 1)
    out = []
    for m in moves:
        out.append(SIDES[game.to_move - 1] if game.to_move else None)
        game.play(*parse_move(m))
    return out


class _Backoff(Backoff):
    def sleep(self):
        Backoff.sleep(self)
        self.wait = min(self.wait, BACKOFF_MAX_S)


class Streamer(threading.Thread):
    """Reads one of the server's NDJSON streams and puts each line on the
    bridge's queue as (kind, tag, event); connects again after a loss
    (kind + "-down" then), until stopped or until done(event) says so."""

    def __init__(self, bridge, kind, tag, path, done=None):
        threading.Thread.__init__(self, name="link-" + kind, daemon=True)
        self.bridge = bridge
        self.kind = kind
        self.tag = tag
        self.path = path
        self.done = done
        self.stopped = threading.Event()

    def stop(self):
        self.stopped.set()

    def run(self):
        put = self.bridge.q.put
        backoff = _Backoff(self.stopped)
        while not self.stopped.is_set() and not self.bridge.stop.is_set():
            try:
                events = self.bridge.client.stream(
                    self.path, on_open=lambda: put((self.kind + "-up", self.tag, None))
                )
                for event in events:
                    backoff.reset()
                    if self.stopped.is_set():
                        return
                    put((self.kind, self.tag, event))
                    if self.done and self.done(event):
                        return
            except ServerDown as e:
                put((self.kind + "-down", self.tag, e.message))
            except ApiError as e:
                put((self.kind + "-refused", self.tag, e))
                if e.status in (401, 403, 404):
                    return
            backoff.sleep()


def _game_over(event):
    state = event.get("state") if event.get("type") == "gameFull" else event
    return isinstance(state, dict) and state.get("status") in FINISHED


class Bridge:
    """One board, one account: plays the account's games on the board, one
    at a time (game_id when given, else the one whose turn it is)."""

    def __init__(
        self, board, client, game_id=None, out=None, claim=True, one_game=False, board_log=None
    ):
        self.board = board
        self.board_log = board_log  # a file: every line the board writes, as it comes
        self.client = client
        self.want = game_id
        self.out = out or sys.stdout
        self.claim = claim
        self.one_game = one_game
        self.q = queue.Queue()
        self.backlog = collections.deque()
        self.stop = threading.Event()
        self.username = None
        self.board_up = False
        self.server_up = False
        self.events = None  # the account's Streamer
        self.stream = None  # the current game's Streamer
        self.games_played = 0
        self._reset_game()
        self.link_state = None
        self.status = 0
        self.finishing = False  # one_game: stop at the board's result

    def _reset_game(self):
        self.game = None  # the server's id of the game being played
        self.side = None  # the local player's side
        self.setup = None
        self.days = None
        self.clock = None
        self.opponent = None
        self.state = None  # the last gameState
        self.state_at = 0.0
        self.known = []  # the server's moves the board is known to have
        self.announced = {}  # ply -> move: local moves the board announced
        self.pending = {}  # ply -> move: announced, not yet acknowledged
        self.carried = None  # the ply to tell the server about
        self.gone = False
        self.claim_at = None
        self.need_sync = True
        self.retry_at = 0.0

    # --- output --------------------------------------------------------------

    def say(self, text):
        self.out.write("fireice link: %s\n" % text)
        self.out.flush()

    # --- the board -------------------------------------------------------------

    def send(self, line):
        try:
            self.board.send(line)
            return True
        except BoardGone:
            self.board_up = False
            return False

    def ask(self, line, timeout=ASK_TIMEOUT_S):
        """Send a command line; its reply (a dict), or None when the board
        is away or silent. Whatever else comes meanwhile is kept, in order,
        for the loop."""
        name = line.split(" ", 1)[0]
        if not self.send(line):
            return None
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.say("the board did not answer %r" % line[:40])
                return None
            try:
                item = self.q.get(timeout=left)
            except queue.Empty:
                continue
            if item[0] == "board" and "re" in item[2] and item[2]["re"] in (name, None):
                return item[2]
            self.backlog.append(item)
            if item[0] == "usb" and item[2] == "gone":
                return None

    # --- the loop ----------------------------------------------------------------

    def run(self):
        self.board.start(self.from_board, lambda state: self.q.put(("usb", None, state)))
        self.events = Streamer(self, "events", None, "/api/stream/event")
        self.events.start()
        try:
            while not self.stop.is_set():
                if self.backlog:
                    item = self.backlog.popleft()
                else:
                    try:
                        item = self.q.get(timeout=0.25)
                    except queue.Empty:
                        item = None
                if item is not None:
                    self.handle(*item)
                self.chores()
        finally:
            self.stop.set()
            if self.events:
                self.events.stop()
            if self.stream:
                self.stream.stop()
            self.board.close()
        return self.status

    def from_board(self, msg):
        """A line the board wrote (called in the board's reading thread)."""
        if self.board_log is not None:
            self.board_log.write(json.dumps(msg) + "\n")
            self.board_log.flush()
        self.q.put(("board", None, msg))

    def handle(self, kind, tag, payload):
        if kind == "board":
            self.on_board(payload)
        elif kind == "usb":
            self.on_usb(payload)
        elif kind == "events-up":
            self.on_server_up()
        elif kind == "events":
            self.on_account_event(payload)
        elif kind in ("events-down", "game-down"):
            if tag is None or tag == self.game:
                if self.server_up:
                    self.say("%s; connecting again" % payload)
                self.server_up = False
                self.need_sync = True
                self.tell_link()
        elif kind == "events-refused":
            self.say("the server refused the token: %s" % payload.message)
            if payload.status == 401:
                self.status = 1
                self.stop.set()
        elif kind == "game-refused":
            if tag == self.game:
                self.say("game %s: %s" % (tag, payload.message))
                if payload.status in (401, 403, 404):
                    self.leave_game()
        elif kind == "game":
            if tag == self.game:
                self.on_game_event(payload)

    def chores(self):
        """What waits for a time: posts to retry, a claim, a sync."""
        now = time.monotonic()
        if self.game is None or not self.server_up or now < self.retry_at:
            return
        if self.pending:
            self.flush_posts()
        if self.carried is not None:
            self.tell_carried()
        if self.claim_at is not None and now >= self.claim_at:
            self.claim_victory()

    # --- the server: account and choice of game -------------------------------------

    def on_server_up(self):
        if self.username is None:
            try:
                self.username = self.client.request("GET", "/api/account")["username"]
            except ApiError as e:
                self.say("cannot read the account: %s" % e.message)
                return
            self.say("signed in as %s" % self.username)
        self.server_up = True
        if self.game is None:
            self.choose_game()
        else:
            self.tell_link()

    def choose_game(self):
        """--game when given; otherwise the game whose turn it is (the
        newest of them), else the newest in progress."""
        try:
            playing = self.client.request("GET", "/api/account/playing") or []
        except ApiError as e:
            self.say("cannot list the games in progress: %s" % e.message)
            return
        ids = [str(g.get("id")) for g in playing if isinstance(g, dict)]
        if self.want:
            if self.want in ids:
                self.take_game(self.want)
            else:
                self.say("game %s is not in progress; waiting for it" % self.want)
            return
        mine = [str(g["id"]) for g in playing if isinstance(g, dict) and g.get("isMyTurn")]
        if mine or ids:
            if len(ids) > 1:
                self.say("%d games in progress; --game ID chooses another" % len(ids))
            self.take_game((mine or ids)[0])
        else:
            self.say("no game in progress: waiting for one to start")

    def on_account_event(self, event):
        if event.get("type") == "gameStart" and self.game is None:
            gid = str((event.get("game") or {}).get("id", ""))
            if gid and (self.want is None or gid == self.want):
                self.take_game(gid)

    def take_game(self, gid):
        if not GAME_ID_RE.match(gid):
            self.say("game id %r is not one the board can keep" % gid)
            return
        self._reset_game()
        self.game = gid
        self.say("game %s: following it" % gid)
        self.stream = Streamer(
            self, "game", gid, "/api/board/game/stream/%s" % gid, done=_game_over
        )
        self.stream.start()

    def leave_game(self, stop=True):
        """Done with the game. With one_game, stop now, or (stop False: the
        board has its last move to carry out) at the board's result."""
        if self.stream:
            self.stream.stop()
            self.stream = None
        self._reset_game()
        self.games_played += 1
        if self.one_game:
            if stop:
                self.stop.set()
            else:
                self.finishing = True
        elif self.server_up:
            self.choose_game()

    # --- the server: the game ------------------------------------------------------

    def on_game_event(self, event):
        kind = event.get("type")
        if kind == "gameFull":
            if not self.on_full(event):
                return
            self.server_up = True
            self.need_sync = True
            self.on_state(event.get("state") or {})
        elif kind == "gameState":
            self.on_state(event)
        elif kind == "opponentGone":
            self.gone = bool(event.get("gone"))
            secs = event.get("claimWinInSeconds")
            if self.gone and isinstance(secs, (int, float)):
                self.say(
                    "game %s: the opponent is gone; the win can be claimed in %d s"
                    % (self.game, secs)
                )
                self.claim_at = time.monotonic() + secs if self.claim else None
            elif not self.gone:
                self.say("game %s: the opponent is back" % self.game)
                self.claim_at = None
            self.tell_link()

    def on_full(self, event):
        me = (self.username or "").lower()
        fire, ice = event.get("fire") or {}, event.get("ice") or {}
        if _name(fire).lower() == me:
            self.side, other = "fire", ice
        elif _name(ice).lower() == me:
            self.side, other = "ice", fire
        else:
            self.say("game %s: %s does not play in it" % (self.game, self.username))
            self.leave_game()
            return False
        self.opponent = (_name(other), other.get("rating"))
        self.setup = event.get("setup")
        self.days = event.get("days")
        self.clock = event.get("clock")
        return True

    def remote_side(self):
        return "ice" if self.side == "fire" else "fire"

    def on_state(self, state):
        self.state = state
        self.state_at = time.monotonic()
        self.show()
        moves = (state.get("moves") or "").split()
        if state.get("status") in FINISHED:
            if not (self.need_sync or not self.board_up):
                self.relay(moves)  # the last move first: the board shows it
            self.end_on_board(state)
            return
        if self.need_sync or not self.board_up:
            self.sync_board()
        else:
            self.relay(moves)
        self.tell_link()

    def relay(self, moves):
        """The server's moves beyond those the board has: the opponent's go
        to the board; the local player's must be the ones the board
        announced. Anything else: the board is brought to the server's game."""
        k = len(self.known)
        if moves[:k] != self.known:
            return self.sync_board()
        try:
            by = movers(self.setup, moves)
        except (FireIceError, TypeError) as e:
            self.say("game %s: cannot follow the server's moves: %s" % (self.game, e))
            return self.sync_board()
        for i in range(k, len(moves)):
            if by[i] == self.side:
                if self.announced.get(i) != moves[i]:
                    return self.sync_board()  # played elsewhere (a page, another board)
            else:
                reply = self.ask(command_line("remote", moves[i]))
                if reply is None or "error" in reply:
                    if reply is not None:
                        self.say("the board refused %s: %s" % (moves[i], reply["error"]))
                    return self.sync_board()
                self.say("game %s: %s plays %s" % (self.game, self.opponent[0], moves[i]))
            self.known.append(moves[i])
            self.pending.pop(i, None)

    def sync_board(self):
        """Start the board's remote game if it plays another (or none), then
        give it the server's whole move list."""
        if self.state is None or self.setup is None:
            return
        self.need_sync = True
        status = self.ask("status")
        if status is None:
            return
        self.board_up = True
        remote = status.get("remote")
        if not (isinstance(remote, dict) and remote.get("game") == self.game):
            arg = {
                "vs": self.remote_side(),
                "remote": True,
                "game": self.game,
                "opponent": self.opponent[0][:NAME_MAX],
                "position": self.setup,
                "to_move": "fire",
            }
            reply = self.ask(command_line("new", arg))
            if reply is None:
                return
            if "error" in reply:
                self.say("the board refused the game: %s" % reply["error"])
                return
            self.announced = {}
            self.say("game %s: the board starts it; set up the pegs as its lights show" % self.game)
        moves = (self.state.get("moves") or "").split()
        reply = self.ask(command_line("remote", 'sync "%s"' % " ".join(moves)))
        if reply is None:
            return
        if "error" in reply:
            self.say("the board refused the sync: %s" % reply["error"])
            return
        self.known = list(moves)
        self.need_sync = False
        for ply in [p for p in self.pending if p < len(moves)]:
            del self.pending[ply]  # the server has that ply now
        what = ["%s %s" % (reply[k], k) for k in ("missing", "again") if reply.get(k)]
        if reply.get("replaced"):
            what.append("the board's game replaced by the server's")
        self.say(
            "game %s: in step with the server%s"
            % (self.game, (": " + ", ".join(what)) if what else "")
        )

    def end_on_board(self, state):
        """The game is over on the server. One the moves ended, the board
        ends by itself once its last move is carried out; any other end
        (resign, time, abort) is told to it."""
        winner = state.get("winner")
        status = state.get("status")
        self.say("game %s: over, %s (winner: %s)" % (self.game, status, winner or "none"))
        told = status not in ("won", "draw") or self.need_sync
        if told:
            end = json.dumps({"winner": winner, "status": status})
            self.ask(command_line("remote", "end " + end))
        self.leave_game(stop=told)

    # --- the board's events ---------------------------------------------------------

    def on_usb(self, state):
        if state == "up":
            self.board_up = True
            self.say("the board is connected")
            self.need_sync = True
            if self.game is not None:
                self.sync_board()
                self.tell_link(force=True)
        else:
            self.board_up = False
            self.say("the board is gone; waiting for it")

    def on_board(self, msg):
        ev = msg.get("ev")
        if ev == "result" and self.finishing:
            self.stop.set()
        if ev in ("hello", "resumed"):
            # the board started again (a power cut, a reset): bring it in step
            self.need_sync = True
            if self.game is not None and ev == "resumed":
                self.sync_board()
                self.tell_link(force=True)
            return
        if ev != "move" or self.game is None or self.side is None:
            return
        ply, move, by = msg.get("ply"), msg.get("move"), msg.get("by")
        if not isinstance(ply, int) or ply < 1 or not isinstance(move, str):
            return
        move = move.upper()
        if not MOVE_RE.match(move):
            return
        if by == self.side:
            self.announced[ply - 1] = move
            if msg.get("synced"):
                return  # taken from the server by a sync: it has it
            if ply - 1 >= len(self.known) or self.known[ply - 1] != move:
                self.pending[ply - 1] = move
                self.flush_posts()
        elif by == self.remote_side():
            self.carried = ply
            self.tell_carried()

    # --- posts ------------------------------------------------------------------------

    def flush_posts(self):
        for ply in sorted(self.pending):
            move = self.pending[ply]
            path = "/api/board/game/%s/move/%s" % (self.game, move)
            try:
                self.client.request("POST", path, params={"ply": ply})
            except ServerDown as e:
                self.say("%s: %s kept, to post again" % (e.message, move))
                self.server_up = False
                self.retry_at = time.monotonic() + RETRY_S
                return
            except ApiError as e:
                # 409: the server's game is elsewhere; 400: refused. The
                # server's game stands: the board is brought to it.
                self.say("game %s: the server refused %s: %s" % (self.game, move, e.message))
                self.pending.pop(ply, None)
                self.need_sync = True
                continue
            self.pending.pop(ply, None)
            self.say("game %s: you played %s (ply %d)" % (self.game, move, ply))

    def tell_carried(self):
        ply = self.carried
        try:
            self.client.request(
                "POST", "/api/board/game/%s/carried" % self.game, params={"ply": ply}
            )
        except ServerDown:
            self.retry_at = time.monotonic() + RETRY_S
            return
        except ApiError as e:
            if e.status not in (409,):
                self.say("game %s: carried at ply %d: %s" % (self.game, ply, e.message))
        self.carried = None

    def claim_victory(self):
        state = self.state or {}
        if state.get("to_move") != self.remote_side():
            self.claim_at = None
            return
        try:
            self.client.request("POST", "/api/board/game/%s/claim-victory" % self.game)
            self.say("game %s: the opponent's time is out: victory claimed" % self.game)
            self.claim_at = None
        except ServerDown:
            self.retry_at = time.monotonic() + RETRY_S
        except ApiError as e:
            self.say("game %s: no victory to claim yet: %s" % (self.game, e.message))
            self.claim_at = time.monotonic() + CLAIM_RETRY_S

    # --- what the player sees -----------------------------------------------------------

    def link_fields(self):
        if not self.server_up:
            state = "offline"
        elif self.gone:
            state = "gone"
        elif self.state and self.state.get("to_move") == self.remote_side():
            state = "waiting"
        else:
            state = "connected"
        fields = {"state": state}
        if self.opponent:
            fields["opponent"] = self.opponent[0][:NAME_MAX]
            if isinstance(self.opponent[1], (int, float)):
                fields["rating"] = int(self.opponent[1])
        left = self.time_left()
        if left:
            fields["clock"] = {s: int(left[s] // 1000) for s in SIDES}
        return fields

    def tell_link(self, force=False):
        """The link's state on the board (`remote link`), when it changed."""
        if self.game is None or not self.board_up:
            return
        fields = self.link_fields()
        key = (fields["state"], fields.get("opponent"), fields.get("rating"))
        if key == self.link_state and not force:
            return
        self.link_state = key
        self.ask(command_line("remote", "link " + json.dumps(fields, ensure_ascii=True)))

    def time_left(self):
        """{side: ms left now}, the side to move's running down since the
        last state came."""
        st = self.state or {}
        if not isinstance(st.get("ftime"), (int, float)) or not isinstance(
            st.get("itime"), (int, float)
        ):
            return None
        left = {"fire": st["ftime"], "ice": st["itime"]}
        mover = st.get("to_move")
        if mover in left and st.get("status") == "started":
            left[mover] = max(0, left[mover] - (time.monotonic() - self.state_at) * 1000)
        return left

    def show(self):
        st = self.state or {}
        name, rating = self.opponent or ("?", None)
        who = "%s (%s)" % (name, rating) if rating is not None else name
        left = self.time_left()
        days = bool(self.days)
        clocks = ""
        if left:
            clocks = "; Fire %s, Ice %s" % (
                clock_text(left["fire"], days),
                clock_text(left["ice"], days),
            )
        if st.get("status") in FINISHED:
            turn = "over"
        elif st.get("to_move") == self.side:
            turn = "your move"
        else:
            turn = "%s to move" % name
        self.say(
            "game %s: you play %s against %s, move %d%s; %s"
            % (self.game, self.side, who, int(st.get("ply") or 0), clocks, turn)
        )


# --- the command line ---------------------------------------------------------------


def add_arguments(p):
    from fireice_tools.apiclient import add_server_arguments

    add_server_arguments(p, "the player's")
    p.add_argument(
        "--port",
        help="the board's serial port (default: $FIREICE_PORT, else the one board attached)",
    )
    p.add_argument(
        "--game",
        metavar="ID",
        help="play this game (default: the one whose turn it is, else the newest in "
        "progress, else the next to start)",
    )
    p.add_argument(
        "--no-claim",
        action="store_true",
        help="do not claim the win when the opponent's days or clock run out",
    )
    p.add_argument(
        "--board-log",
        metavar="FILE",
        help="append every line the board writes (its events and replies) to FILE",
    )
    p.add_argument(
        "--one-game",
        action="store_true",
        help="stop once the game played has ended (for scripts)",
    )


def run(args):
    from fireice_tools.apiclient import Client
    from fireice_tools.link_usb import SerialBoard

    if args.game is not None and not GAME_ID_RE.match(args.game):
        print(
            "fireice link: --game is a game id (letters and digits), not %r" % args.game,
            file=sys.stderr,
        )
        return 2
    try:
        client = Client(args.server, args.token, timeout=10.0)
    except ValueError as e:
        print("fireice link: %s" % e, file=sys.stderr)
        return 2
    log = None
    if args.board_log:
        try:
            log = open(args.board_log, "a", encoding="utf-8")
        except OSError as e:
            print("fireice link: cannot write %s: %s" % (args.board_log, e), file=sys.stderr)
            return 2
    board = SerialBoard(args.port, out=sys.stdout)
    bridge = Bridge(
        board, client, args.game, claim=not args.no_claim, one_game=args.one_game, board_log=log
    )
    try:
        return bridge.run()
    except KeyboardInterrupt:
        bridge.stop.set()
        return 130
    finally:
        if log:
            log.close()
