"""Helpers of the bridge's tests: a scripted board double that keeps the
remote game's commands as CONTRACT A / docs/protocol.md describe them, on
the rules core; a real server; API players; waiting with a bound."""

import json
import os
import random
import sys
import threading
import time

from fireice.duel import Duel
from fireice.geom import move_name, parse_position
from fireice.moves import random_move
from fireice.notation import parse_move

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "server"))

from clientkit import free_port, new_account, token  # noqa: E402, F401
from srvtest import Server  # noqa: E402

from fireice_tools.apiclient import Client  # noqa: E402

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
