"""Helpers of the bridge's tests: a scripted board double that keeps the
remote game's commands as CONTRACT A / docs/protocol.md describe them, on
the rules core; a real server; API players; waiting with a bound."""

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

from fireice.duel import Duel
from fireice.geom import move_name, parse_position
from fireice.moves import random_move
from fireice.notation import parse_move

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "server"))

from clientkit import PASSWORD, free_port, new_account, token  # noqa: E402, F401
from srvtest import Server  # noqa: E402

from fireice_tools.apiclient import Client  # noqa: E402
from ptysim import PTY_HEAP  # noqa: E402
from simrun import spawn  # noqa: E402

SIDES = ("fire", "ice")
_n = [0]


def wait_for(what, check, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError("waited %.0f s for %s" % (timeout, what))


def player(url):
    """A new account: (name, its API client)."""
    _n[0] += 1
    name = "l%d_%d" % (os.getpid() % 10000, _n[0])
    new_account(url, name)
    return name, Client(url, token(url, name))


def start_game(fire_api, ice_name, **body):
    """fire_api's player challenges ice_name as Fire; the game's id once
    accepted (by ice_api, given as body["accept"])."""
    accept = body.pop("accept")
    body.setdefault("color", "fire")
    gid = fire_api.request("POST", "/api/challenge/" + ice_name, body)["id"]
    accept.request("POST", "/api/challenge/%s/accept" % gid)
    return str(gid)


def game_state(api, gid):
    return api.request("GET", "/api/game/" + gid)


def random_legal(setup, moves, rng):
    game = Duel(parse_position(setup), 1)
    for m in moves:
        game.play(*parse_move(m))
    if game.to_move == 0:
        return None, None
    mv = random_move(game, rng.randrange)
    return SIDES[game.to_move - 1], move_name(mv >> 6, mv & 63)


def start_server(tmp, extra=()):
    return Server("sqlite:///%s/server.sqlite3" % tmp, str(tmp), extra).start()


class ScriptedBoard:
    """A board double for the bridge's unit tests. Remote moves stand on
    it as soon as they come when auto_carry (a `move` event of the remote
    side follows the reply); play() is the local player's move."""

    def __init__(self, auto_carry=True):
        self.auto_carry = auto_carry
        self.lines = []
        self.game = None
        self.vs = None
        self.duel = None
        self.moves = []
        self.link = None
        self.result = None
        self.lock = threading.Lock()
        self.up = True

    # the bridge's interface
    def start(self, on_message, on_state):
        self.emit = on_message
        on_state("up")

    def close(self):
        pass

    def send(self, line):
        from fireice_tools.link import BoardGone

        if not all(" " <= c <= "~" for c in line):
            raise AssertionError("a line with a control character: %r" % line)
        if not self.up:
            raise BoardGone("unplugged")
        with self.lock:
            self.lines.append(line)
            for msg in self.handle(line):
                self.emit(msg)

    # what the firmware would do
    def to_move(self):
        return SIDES[self.duel.to_move - 1] if self.duel and self.duel.to_move else None

    def _play(self, move):
        by = self.to_move()
        self.duel.play(*parse_move(move))
        self.moves.append(move)
        if self.duel.result:  # the moves ended the game: the board says so itself
            winner = (None, "fire", "ice", None)[self.duel.result]
            self.result = {"winner": winner, "status": "draw" if winner is None else "won"}
        return {"ev": "move", "move": move, "by": by, "ply": len(self.moves)}

    def handle(self, line):
        name, _, rest = line.partition(" ")
        if name == "status":
            remote = {"game": self.game, "link": self.link} if self.game else None
            return [{"re": "status", "moves": len(self.moves), "remote": remote}]
        if name == "new":
            arg = json.loads(rest)
            self.game, self.vs = arg["game"], arg["vs"]
            self.start_position = parse_position(arg["position"])
            self.duel = Duel(self.start_position, 1)
            self.moves = []
            self.result = None
            return [{"re": "new", "remote": True, "game": self.game}]
        if name != "remote" or self.duel is None:
            return [{"re": name, "error": "no remote game"}]
        if rest.startswith("sync "):
            return self.sync(json.loads(rest[5:]).split())
        if rest.startswith("end "):
            self.result = json.loads(rest[4:])
            return [{"re": "remote", "end": True}, {"ev": "result", **self.result}]
        if rest.startswith("link "):
            self.link = json.loads(rest[5:])
            return [{"re": "remote", "link": self.link["state"]}]
        if self.to_move() != self.vs:
            return [{"re": "remote", "error": "not the remote side's turn"}]
        ev = self._play(rest)
        out = [{"re": "remote", "move": rest, "ply": len(self.moves)}]
        if self.auto_carry:
            out.append(ev)
        return out

    def sync(self, server):
        k = 0
        while k < min(len(server), len(self.moves)) and server[k] == self.moves[k]:
            k += 1
        out = []
        replaced = k < len(self.moves) and k < len(server)
        again = 0
        if replaced:  # the server's game stands
            self.duel = self._replay([])
            self.moves = []
            for m in server[:k]:
                self._play(m)
        if len(self.moves) > len(server):  # local moves the server lacks
            for i in range(len(server), len(self.moves)):
                again += 1
                game = self._replay(self.moves[:i])
                out.append(
                    {
                        "ev": "move",
                        "move": self.moves[i],
                        "by": SIDES[game.to_move - 1],
                        "ply": i + 1,
                        "again": True,
                    }
                )
        missing = server[len(self.moves) :] if not again else []
        for m in missing:
            out.append(self._play(m))
        return [
            {
                "re": "remote",
                "sync": len(server),
                "missing": len(missing),
                "again": again,
                "replaced": replaced,
            }
        ] + out

    def _replay(self, moves):
        game = Duel(self.start_position, 1)
        for m in moves:
            game.play(*parse_move(m))
        return game

    def local(self, move):
        """The player carries out a move on the board: its `move` event."""
        with self.lock:
            ev = self._play(move)
        self.emit(ev)
        return ev


def rng(seed):
    return random.Random(seed)


# --- end to end: the virtual board, fireice link, a real server ---------------------

BIN = os.path.dirname(sys.executable)
EMPTY = "-" * 49
STEP_S = 0.15  # between two peg actions (the board's debounce is 20 ms)


class Board:
    """`fireice sim --pty` on a flash folder, its port behind `link`; the
    events it writes on its standard output collected by a thread."""

    def __init__(self, flash, link):
        self.p = spawn(["sim", "--pty", "--heapsize", PTY_HEAP, "--flash", str(flash)])
        port = self.p.stdout.readline().strip()
        assert port.startswith("/dev/"), self.p.stderr.read()
        tmp = str(link) + ".new"
        if os.path.lexists(tmp):
            os.remove(tmp)
        os.symlink(port, tmp)
        os.replace(tmp, str(link))
        self.events = []
        self.arrived = []  # when each event was read (time.monotonic())
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            line = line.strip()
            if not line.startswith("{"):
                continue
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            with self.cond:
                self.events.append(ev)
                self.arrived.append(time.monotonic())
                self.cond.notify_all()

    def world(self, **msg):
        """A peg action, then a pause: the board takes a hole's new state
        after 20 ms of stability, and a loaded machine may run the virtual
        board late."""
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()
        time.sleep(STEP_S)

    def mark(self):
        with self.cond:
            return len(self.events)

    def wait(self, what, pred, since=0, timeout=30):
        """The first event from index since on that pred accepts."""
        end = time.monotonic() + timeout
        with self.cond:
            while True:
                for ev in self.events[since:]:
                    if pred(ev):
                        return ev
                left = end - time.monotonic()
                if left <= 0:
                    tail = [e for e in self.events[-15:] if e.get("ev") != "leds"]
                    raise AssertionError(
                        "no %s within %d s; last events %s" % (what, timeout, tail)
                    )
                self.cond.wait(left)

    def carry(self, move, mover):
        """A move made by hand: the peg lifted and put, then the fill."""
        frm, to = move.split("-")
        other = "ice" if mover == "fire" else "fire"
        self.world(lift=frm)
        self.world(put=to, peg=mover)
        self.world(put=frm, peg=other)

    def kill(self):
        os.killpg(self.p.pid, signal.SIGKILL)
        self.p.wait(10)

    def close(self):
        if self.p.poll() is None:
            self.kill()


class Link:
    """The `fireice link` process, its output in a file."""

    def __init__(self, url, token, port, gid, log, *extra):
        env = dict(os.environ, FIREICE_TOKEN=token, PYTHONUNBUFFERED="1")
        env.pop("FIREICE_PORT", None)
        self.log = log
        self.p = subprocess.Popen(
            [os.path.join(BIN, "fireice"), "link", "--server", url, "--port", str(port)]
            + ["--game", gid, *extra],
            stdout=open(log, "a"),
            stderr=subprocess.STDOUT,
            env=env,
        )

    def text(self):
        return self.log.read_text()

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait(10)


class Table:
    """One game: Alice at the board (Fire) through the link, Bob through the API."""

    def __init__(self, server, tmp, link_args=(), script=None, **challenge):
        self.script = script  # the game's moves, else random ones
        self.server = server
        self.tmp = tmp
        self.alice, self.alice_api = player(server.url)
        self.bob, self.bob_api = player(server.url)
        challenge.setdefault("days", 3)
        self.gid = start_game(self.alice_api, self.bob, accept=self.bob_api, **challenge)
        self.port = tmp / "board"
        self.flash = tmp / "flash"
        self.board = Board(self.flash, self.port)
        self.link = None
        self.rng = random.Random(7)
        self.start_link(*link_args)
        ev = self.board.wait("the remote game", lambda e: e.get("ev") == "new" and e.get("remote"))
        self.setup = ev["position"]
        self.set_up()

    def next_move(self, moves):
        side, move = random_legal(self.setup, moves, self.rng)
        if self.script:
            move = self.script[len(moves)]
        return side, move

    def start_link(self, *extra):
        self.link = Link(
            self.server.url,
            self.alice_api.token,
            self.port,
            self.gid,
            self.tmp / "link.log",
            *extra,
        )

    def set_up(self):
        since = self.board.mark()
        self.board.world(board=EMPTY)
        self.board.world(board=self.setup)
        self.board.wait("ready", lambda e: e.get("ev") == "ready", since)

    def state(self):
        return game_state(self.bob_api, self.gid)["state"]

    def moves(self):
        return self.state()["moves"].split()

    def wait_server(self, what, pred, timeout=30):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            st = self.state()
            if pred(st):
                return st
            time.sleep(0.05)
        raise AssertionError("the server: no %s within %d s (%s)" % (what, timeout, self.state()))

    def local_move(self, moves=None):
        """Alice makes a legal move on the board; it is announced. (moves:
        the game's, when the server is away.)"""
        moves = self.moves() if moves is None else moves
        side, move = self.next_move(moves)
        assert side == "fire"
        since = self.board.mark()
        self.board.carry(move, "fire")
        ev = self.board.wait("%s announced" % move, lambda e: e.get("ev") == "move", since)
        assert ev["move"] == move and ev["by"] == "fire" and ev["ply"] == len(moves) + 1
        return move

    def show_remote(self):
        """Bob posts a random legal move and the board shows it: (the
        moves before it, the move, the board's event mark before it)."""
        moves = self.moves()
        side, move = self.next_move(moves)
        assert side == "ice"
        since = self.board.mark()
        self.bob_api.request(
            "POST", "/api/board/game/%s/move/%s" % (self.gid, move), params={"ply": len(moves)}
        )
        self.board.wait("%s shown" % move, lambda e: e.get("ev") == "plays", since)
        return moves, move, since

    def remote_move(self):
        """Bob posts a random legal move; the board shows it; Alice carries it out."""
        moves, move, since = self.show_remote()
        self.board.carry(move, "ice")
        ev = self.board.wait("%s carried" % move, lambda e: e.get("ev") == "move", since)
        assert ev["move"] == move and ev["by"] == "ice"
        return move

    def turn(self):
        """One move of whoever is to move; None when the game is over."""
        st = self.state()
        if st["status"] != "started":
            return None
        if st["to_move"] == "fire":
            move = self.local_move()
            n = len(st["moves"].split())
            self.wait_server("%s posted" % move, lambda s: len(s["moves"].split()) > n)
        else:
            move = self.remote_move()
        return move

    def close(self):
        if self.link:
            self.link.kill()
        self.board.close()
