"""The server tests' helpers: a `fireice server` process (Server) and a
player talking to it over HTTP (Player)."""

import itertools
import json
import os
import signal
import subprocess
import sys
import threading
import time

import httpx

from fireice.geom import move_name
from fireice.moves import legal_moves

START_TIMEOUT = 60  # seconds; the machine may be busy
PASSWORD = "a long enough password"
_names = itertools.count(1)


class Server:
    """A `fireice server` process; its clock runs `offset` seconds ahead."""

    def __init__(self, db_url, tmp, extra=()):
        self.db_url = db_url
        self.tmp = tmp
        self.offset_file = os.path.join(tmp, "clock-offset-%d" % id(self))
        self.extra = list(extra)
        self.proc = None
        self.url = None
        self.set_offset(0)

    def start(self):
        args = [
            sys.executable,
            "-m",
            "fireice_tools.cli",
            "server",
            "--port",
            "0",
            "--db",
            self.db_url,
            "--keepalive",
            "1",
            "--gone-after",
            "2",
            "--clock-offset-file",
            self.offset_file,
            # cheap password hashes: the tests make many accounts and logins
            # (test_logins_do_not_stall_streams sets the real cost again)
            "--hash-memory",
            "256",
        ] + self.extra
        self.proc = subprocess.Popen(
            args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.stderr = []
        threading.Thread(target=self._drain, daemon=True).start()
        line = self._wait_line()
        assert line.startswith("fireice server: listening on http://127.0.0.1:"), line
        self.url = line.rsplit(" ", 1)[1].strip()
        return self

    def _drain(self):
        for line in self.proc.stderr:
            self.stderr.append(line)

    def _wait_line(self):
        out = []

        def read():
            out.append(self.proc.stdout.readline())

        t = threading.Thread(target=read, daemon=True)
        t.start()
        t.join(START_TIMEOUT)
        if not out or not out[0]:
            self.proc.kill()
            raise AssertionError("the server did not start: %s" % "".join(self.stderr)[-2000:])
        return out[0]

    def advance(self, seconds):
        """The server's clock moves on by seconds."""
        self.set_offset(self.offset + seconds)

    def set_offset(self, seconds):
        self.offset = seconds
        tmp = self.offset_file + ".new"
        with open(tmp, "w") as f:
            f.write(repr(float(seconds)))
        os.replace(tmp, self.offset_file)

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def client(self, **kw):
        return httpx.Client(base_url=self.url, timeout=kw.pop("timeout", 30), **kw)


class Player:
    def __init__(self, server, name=None):
        self.name = name or "p%d_%d" % (os.getpid() % 1000, next(_names))
        self.server = server
        self.http = server.client()
        r = self.http.post("/api/account", json={"username": self.name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        self.login()

    def login(self):
        r = self.http.post("/api/token", json={"username": self.name, "password": PASSWORD})
        assert r.status_code == 200, r.text
        self.token = r.json()["token"]
        self.headers = {"Authorization": "Bearer " + self.token}

    def reconnect(self, server):
        self.server = server
        self.http = server.client()

    def get(self, path, **kw):
        return self.http.get(path, headers={**self.headers, **kw.pop("headers", {})}, **kw)

    def post(self, path, **kw):
        return self.http.post(path, headers={**self.headers, **kw.pop("headers", {})}, **kw)

    def challenge(self, other, **body):
        r = self.post("/api/challenge/" + other.name, json=body)
        assert r.status_code == 201, r.text
        return r.json()["id"]

    def move(self, gid, move, ply=None):
        q = "" if ply is None else "?ply=%d" % ply
        return self.post("/api/board/game/%s/move/%s%s" % (gid, move, q))


def start_game(a, b, **body):
    """a challenges b (a plays Fire unless told), b accepts: the game's id."""
    body.setdefault("color", "fire")
    gid = a.challenge(b, **body)
    r = b.post("/api/challenge/%s/accept" % gid)
    assert r.status_code == 200, r.text
    return gid


class Stream:
    """An NDJSON stream read in a thread: events() come as dicts, keep-alive
    lines as None (counted in keepalives)."""

    def __init__(self, player_or_server, path, headers=None):
        import queue

        if isinstance(player_or_server, Player):
            self.client = player_or_server.server.client(timeout=None)
            headers = player_or_server.headers
        else:
            self.client = player_or_server.client(timeout=None)
        self.lines = queue.Queue()
        self.keepalives = 0
        self.keepalive_times = []
        self.status = None
        self.ended = threading.Event()
        self._ready = threading.Event()
        self._path = path
        self._headers = headers or {}
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        assert self._ready.wait(30), "the stream did not answer"

    def _run(self):
        try:
            with self.client.stream("GET", self._path, headers=self._headers) as r:
                self.status = r.status_code
                self._ready.set()
                if r.status_code != 200:
                    self.error = r.read()
                    return
                for line in r.iter_lines():
                    if line.strip():
                        self.lines.put(json.loads(line))
                    else:
                        self.keepalives += 1
                        self.keepalive_times.append(time.monotonic())
        except httpx.HTTPError:
            pass
        finally:
            self._ready.set()
            self.ended.set()

    def next(self, timeout=15, kind=None):
        """The next event (of type kind, skipping others)."""
        import queue

        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                ev = self.lines.get(timeout=max(0.01, left))
            except queue.Empty:
                raise AssertionError("no %s event within %s s" % (kind or "", timeout))
            if kind is None or ev.get("type") == kind:
                return ev

    def close(self):
        self.client.close()
        self._thread.join(5)


def legal(game):
    """The legal moves of a fireice game, as texts."""
    buf = bytearray(600)
    n = legal_moves(game, buf)
    return [move_name(buf[2 * k], buf[2 * k + 1]) for k in range(n)]


def replay(text, folder):
    """`fireice replay --json` of a record's text (exit status 0 asserted)."""
    path = folder / "game.fireice"
    path.write_text(text)
    out = subprocess.run(
        [sys.executable, "-m", "fireice_tools.cli", "replay", "--json", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)
