"""`fireice bot`: an engine that speaks the `fie` protocol (docs/engine.md)
plays on the game server as a bot account.

It reads the account's event stream, accepts the challenges made to it,
and plays each game from the game's stream, one engine process a game,
posting every move with its `ply` so that a retry after a broken
connection never plays a move twice. When the server or the connection
goes away it connects again, waiting longer each time (up to BACKOFF_MAX_S);
the event stream names the games in progress again on connect, and each
game's stream starts again with the whole game, so play resumes where it
stood.
"""

import random
import shlex
import sys
import threading
import time

from fireice.duel import Duel
from fireice.geom import FireIceError, move_name, parse_position
from fireice.moves import random_move
from fireice.notation import parse_move
from fireice_tools.apiclient import ApiError, Client, ServerDown, add_server_arguments
from fireice_tools.engine import DEFAULT_LEVEL
from fireice_tools.match import Bot as EngineProcess, Forfeit, _start

BACKOFF_FIRST_S = 0.5
BACKOFF_MAX_S = 30.0
ENGINE_MEMORY_MB = 1024  # a bot's engine is not judged by memory, only kept sane
CORRESPONDENCE_MOVE_S = 600.0  # how long a correspondence move may take the engine
FINISHED = ("won", "resign", "outoftime", "aborted", "draw", "mate", "timeout")


class Backoff:
    """Waits that double from BACKOFF_FIRST_S to BACKOFF_MAX_S, with a
    little jitter so that many bots do not come back in step."""

    def __init__(self, stop):
        self.stop = stop
        self.wait = BACKOFF_FIRST_S

    def reset(self):
        self.wait = BACKOFF_FIRST_S

    def sleep(self):
        self.stop.wait(self.wait * random.uniform(0.8, 1.2))
        self.wait = min(self.wait * 2, BACKOFF_MAX_S)


def engine_command(engine, level):
    """The engine's command line as a list: ours at `level` by default."""
    if engine:
        return shlex.split(engine)
    return [sys.executable, "-m", "fireice_tools.cli", "engine", "--level", str(level)]


def think_ms(state, side, clock):
    """The time the engine gets for a move: a share of what is left on a
    live clock (`ftime`/`itime` in ms) with most of the increment, or the
    level's own budget (0) in a correspondence game."""
    if not clock:
        return 0
    left = state.get("ftime" if side == "fire" else "itime")
    if not isinstance(left, (int, float)):
        return 0
    inc = float(clock.get("increment", 0)) * 1000
    return max(50, int(min(left / 25 + inc * 0.8, left / 3)))


class GamePlayer:
    """One game: follows its stream and moves when it is the bot's turn."""

    def __init__(self, bot, game_id):
        self.bot = bot
        self.id = game_id
        self.side = None
        self.setup = None
        self.clock = None
        self.engine = None
        self.posted = -1  # the ply of the last move posted and acknowledged

    def run(self):
        backoff = Backoff(self.bot.stop)
        try:
            while not self.bot.stop.is_set():
                try:
                    for event in self.bot.client.stream("/api/board/game/stream/%s" % self.id):
                        backoff.reset()
                        if self.on_event(event):
                            return
                    # the server ended the stream: ask again (the game may be over)
                except ServerDown as e:
                    self.bot.say("game %s: %s; connecting again" % (self.id, e.message))
                except ApiError as e:
                    if e.status in (401, 403, 404):
                        self.bot.say("game %s: %s; leaving it" % (self.id, e.message))
                        return
                    self.bot.say("game %s: %s" % (self.id, e.message))
                backoff.sleep()
        finally:
            if self.engine:
                self.engine.close()
            self.bot.game_done(self.id)

    def on_event(self, event):
        """True when the game is over."""
        kind = event.get("type")
        if kind == "gameFull":
            me = self.bot.username.lower()
            fire = (event.get("fire") or {}).get("name", "")
            ice = (event.get("ice") or {}).get("name", "")
            if fire.lower() == me:
                self.side = "fire"
            elif ice.lower() == me:
                self.side = "ice"
            else:
                self.bot.say("game %s: not one of ours" % self.id)
                return True
            self.setup = event.get("setup")
            self.clock = event.get("clock")
            state = event.get("state") or {}
        elif kind == "gameState":
            state = event
        else:
            return False  # opponentGone and anything newer: nothing to do
        if self.side is None:
            return False
        if state.get("status") in FINISHED:
            self.bot.say(
                "game %s: over, %s (winner: %s)"
                % (self.id, state.get("status"), state.get("winner") or "none")
            )
            return True
        if state.get("to_move") == self.side:
            self.play(state)
        return False

    def play(self, state):
        moves = (state.get("moves") or "").split()
        ply = len(moves)
        if ply <= self.posted:
            return  # already answered; the stream has not caught up yet
        move = self.choose(moves, state)
        if move is None:
            return
        backoff = Backoff(self.bot.stop)
        while not self.bot.stop.is_set():
            try:
                self.bot.client.request(
                    "POST", "/api/board/game/%s/move/%s" % (self.id, move), params={"ply": ply}
                )
                self.posted = ply
                self.bot.say("game %s: played %s (ply %d)" % (self.id, move, ply))
                return
            except ServerDown as e:
                # safe to post again: the same move at the same ply is played once
                self.bot.say("game %s: %s; posting %s again" % (self.id, e.message, move))
                backoff.sleep()
            except ApiError as e:
                # 409: the game moved on; 400: refused. Either way the stream
                # tells what happens next.
                self.bot.say("game %s: %s refused: %s" % (self.id, move, e.message))
                return

    def choose(self, moves, state):
        """The engine's move, or a random legal one when the engine fails
        (it exited, was late, or answered something illegal)."""
        try:
            game = Duel(parse_position(self.setup), 1)
            for m in moves:
                game.play(*parse_move(m))
        except (FireIceError, TypeError) as e:
            self.bot.say("game %s: cannot follow the game: %s" % (self.id, e))
            return None
        ms = think_ms(state, self.side, self.clock)
        try:
            text = self.ask_engine(moves, ms)
            frm, to = parse_move(text)
            why = game.check(frm, to)
            if not why:
                return move_name(frm, to)
            self.bot.say("game %s: the engine played %s: %s" % (self.id, text, why))
        except (Forfeit, FireIceError, OSError) as e:
            self.bot.say("game %s: the engine failed: %s" % (self.id, e))
            if self.engine:
                self.engine.close()
                self.engine = None
        mv = random_move(game, random.randrange)
        return None if mv < 0 else move_name(mv >> 6, mv & 63)

    def ask_engine(self, moves, ms):
        if self.engine is None:
            self.engine = EngineProcess(
                shlex.join(self.bot.engine_cmd), "fie", ENGINE_MEMORY_MB, "engine"
            )
            _start(self.engine)
            if self.bot.level_option:
                self.engine.send("setoption name Level value %d" % self.bot.level_option)
        pos = "position duel %s fire" % self.setup
        if moves:
            pos += " moves " + " ".join(moves)
        self.engine.send(pos)
        self.engine.send("go movetime %d" % ms if ms else "go")
        limit = ms / 1000 + 5 if ms else CORRESPONDENCE_MOVE_S
        deadline = time.perf_counter() + limit
        while True:
            words = self.engine.read(deadline, "bestmove").split()
            if words and words[0] == "bestmove":
                if len(words) < 2:
                    raise Forfeit("'bestmove' without a move")
                return words[1]


class BotRunner:
    """The bot: the event stream, and a GamePlayer thread for each game."""

    def __init__(self, client, engine_cmd, level_option=None, out=None):
        self.client = client
        self.engine_cmd = engine_cmd
        self.level_option = level_option
        self.out = out or sys.stdout
        self.stop = threading.Event()
        self.username = None
        self.games = {}
        self.lock = threading.Lock()

    def say(self, text):
        with self.lock:
            self.out.write("fireice bot: %s\n" % text)
            self.out.flush()

    def game_done(self, game_id):
        with self.lock:
            self.games.pop(game_id, None)

    def start_game(self, game_id):
        with self.lock:
            if game_id in self.games:
                return
            player = GamePlayer(self, game_id)
            thread = threading.Thread(target=player.run, name="game-%s" % game_id, daemon=True)
            self.games[game_id] = thread
        self.say("game %s: playing" % game_id)
        thread.start()

    def run(self):
        backoff = Backoff(self.stop)
        while not self.stop.is_set():
            try:
                if self.username is None:
                    self.username = self.client.request("GET", "/api/account")["username"]
                    self.say("signed in as %s" % self.username)
                events = self.client.stream(
                    "/api/stream/event",
                    on_open=lambda: self.say("connected, waiting for challenges"),
                )
                for event in events:
                    backoff.reset()
                    self.on_event(event)
                    if self.stop.is_set():
                        return 0
            except ServerDown as e:
                self.say("%s; connecting again" % e.message)
            except ApiError as e:
                if e.status == 401:
                    self.say("the server refused the token: %s" % e.message)
                    return 1
                self.say(e.message)
            backoff.sleep()
        return 0

    def on_event(self, event):
        kind = event.get("type")
        if kind == "challenge":
            self.on_challenge(event.get("challenge") or {})
        elif kind == "gameStart":
            game = event.get("game") or {}
            if game.get("id") is not None:
                self.start_game(str(game["id"]))

    def on_challenge(self, challenge):
        cid = challenge.get("id")
        if cid is None or _name(challenge.get("challenger")).lower() == self.username.lower():
            return  # our own challenge, or nothing to accept
        if challenge.get("status", "created") != "created":
            return
        try:
            self.client.request("POST", "/api/challenge/%s/accept" % cid)
            self.say("accepted challenge %s from %s" % (cid, _name(challenge.get("challenger"))))
        except ApiError as e:
            self.say("challenge %s: %s" % (cid, e.message))


def _name(user):
    """A user as the server gives it: {"name": ...}, {"username": ...} or a string."""
    if isinstance(user, dict):
        return str(user.get("name") or user.get("username") or user.get("id") or "")
    return str(user or "")


def add_arguments(p):
    add_server_arguments(p, "the bot account's")
    p.add_argument(
        "--engine",
        metavar="CMD",
        help="an engine speaking the fie protocol (default: ours, fireice engine)",
    )
    p.add_argument(
        "--level",
        type=int,
        help="the engine's level, 1-6 (ours: default %d; another engine gets "
        "setoption name Level when given)" % DEFAULT_LEVEL,
    )


def run(args):
    from fireice.engine import MAX_LEVEL

    if args.level is not None and not 1 <= args.level <= MAX_LEVEL:
        print("fireice bot: --level is 1 to %d" % MAX_LEVEL, file=sys.stderr)
        return 2
    try:
        client = Client(args.server, args.token)
    except ValueError as e:
        print("fireice bot: %s" % e, file=sys.stderr)
        return 2
    level = args.level or DEFAULT_LEVEL
    cmd = engine_command(args.engine, level)
    runner = BotRunner(client, cmd, args.level if args.engine else None)
    try:
        return runner.run()
    except KeyboardInterrupt:
        runner.stop.set()
        return 130
