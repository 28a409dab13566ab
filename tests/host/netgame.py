"""A game between the virtual Pico W (`fireice sim --pty --net`, its own WiFi
link) and an API client on a real `fireice server` on 127.0.0.1, for the
end-to-end tests (test_net_game.py) and the latency bench
(bench/bench_net_latency.py). The player at the board is this process: it
moves the pegs through the simulator's world input."""

import json
import os
import socket
import sys
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "server"))
MP = os.path.join(os.path.dirname(sys.executable), "micropython")  # the unix port

from fireice.duel import Duel  # noqa: E402
from fireice.geom import START, move_name  # noqa: E402
from fireice.notation import parse_move  # noqa: E402
from ptysim import PtySim  # noqa: E402
from simrun import move_inputs  # noqa: E402


@pytest.fixture(scope="module")
def net_server(tmp_path_factory):
    """A `fireice server` on SQLite for a test module (imported by the
    modules that use it)."""
    from srvtest import Server

    folder = tmp_path_factory.mktemp("server")
    s = Server("sqlite:///" + str(folder / "s.sqlite3"), str(folder)).start()
    yield s
    s.stop()


def two_players(server):
    """(board's account, opponent, game id): a game between two new accounts,
    the first playing Fire."""
    from srvtest import Player, start_game

    a, b = Player(server), Player(server)
    return a, b, start_game(a, b)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_server(db_url, folder, port):
    """A `fireice server` on a port of our choosing (so that a restarted one
    is found at the same address by the board)."""
    from srvtest import Server

    return Server(db_url, folder, ["--port", str(port)]).start()


class NetBoard:
    """The virtual Pico W playing the account of `token` on server url."""

    def __init__(self, flash, url, token, env=None):
        self.flash = str(flash)
        with open(os.path.join(self.flash, "config.json"), "w") as f:
            json.dump({"wifi_ssid": "sim", "server": url, "token": token}, f)
        self.env = env or {}
        self.sim = self.b = None
        self.start()

    def start(self):
        old = dict(os.environ)
        # the WiFi joins 2 s after the start: this client is on the port by
        # then (a client drops what the board said before it came)
        os.environ["FIREICE_SIM_WLAN"] = "after:2000"
        os.environ.update(self.env)
        try:
            # fireice sim --pty runs the .mpy files from the heap (a stock
            # MicroPython, as `fireice flash` leaves a board): with the WiFi
            # link that ran out of memory at ply 33 in 128 KB (the remote
            # operations' module loaded into a heap the code fragments), so
            # this board gets 160 KB; the product freezes its code (docs/
            # online.md: the link's worst case with the code in ROM is 72 KB)
            self.sim = PtySim(self.flash, net=True, heapsize="160k")
        finally:
            os.environ.clear()
            os.environ.update(old)
        self.b = self.sim.board(timeout=10)
        self.seen = 0  # events looked at so far

    def power_cut(self):
        """The board loses its power: the process goes, the flash stays."""
        self.b.close()
        self.sim.close()

    def close(self):
        try:
            self.b.close()
        finally:
            self.sim.close()

    def wait(self, pred, timeout=30.0):
        """The next event (after those looked at before) for which pred holds."""
        b = self.b
        until = time.monotonic() + timeout
        while True:
            while self.seen < len(b.events):
                e = b.events[self.seen]
                self.seen += 1
                if pred(e):
                    return e
            if time.monotonic() >= until:
                tail = [e for e in b.events[-8:] if e.get("ev") != "leds"]
                raise AssertionError("no such event in %.0f s; last: %s" % (timeout, tail))
            for msg in b._lines(min(until, time.monotonic() + 0.2)):
                if msg is not None:
                    b.events.append(msg)

    def set_up(self, position):
        """The pegs put in place for a new game's position, then its ready."""
        self.hand([{"board": "-" * 49}, {"board": position}])
        self.wait(lambda e: e.get("ev") == "ready")

    def restore(self, game):
        """The pegs as they stood at a power cut (a new virtual board's
        world starts empty)."""
        text = "".join("-#O"[c] for c in game.cells[:49])
        self.hand([{"board": text}])
        time.sleep(0.5)

    def hand(self, inputs):
        for i in inputs:
            self.sim.world(**i)
            time.sleep(0.2)  # (a hand's pace, as tests/host/edges.GAP)

    def carry(self, game, text):
        """The player at the board makes the move text (their own, or the
        remote one shown), on game (a Duel, pushed)."""
        h, t = parse_move(text)
        self.hand(move_inputs(h, t, game.cells[h]))
        game.push(h, t)


def server_game(player, gid):
    r = player.get("/api/game/" + gid)
    assert r.status_code == 200, r.text
    return r.json()


def wait_server(player, gid, pred, timeout=30.0):
    until = time.monotonic() + timeout
    while True:
        g = server_game(player, gid)
        if pred(g):
            return g
        if time.monotonic() > until:
            raise AssertionError("the server's game never got there: %s" % g)
        time.sleep(0.1)


def moves_of(g):
    s = g.get("state", g)
    m = s.get("moves") if isinstance(s, dict) else None
    return (m or g.get("moves") or "").split()


def random_moves(seed, n=None):
    """The moves (texts) of a random game from the start, at most n."""
    import random

    rnd = random.Random(seed)
    game = Duel(START)
    out = []
    buf = bytearray(600)
    from fireice.moves import legal_moves

    while n is None or len(out) < n:
        k = legal_moves(game, buf)
        if not k:
            break
        j = rnd.randrange(k)
        h, t = buf[2 * j], buf[2 * j + 1]
        out.append(move_name(h, t))
        game.push(h, t)
    return out
