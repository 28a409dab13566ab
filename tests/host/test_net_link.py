"""The Pico W's own link (fireboard.links_net) on the virtual board as a USB
device with WiFi (`fireice sim --pty --net`): its settings checked and
its secrets never said back, the WiFi stand-in's joins, and pairing: the
board shows a code on its lights and over USB, polls, and keeps the token.

Pairing runs here against a server that speaks CONTRACT B's device flow
(a small one of this test's: the real server's device requests are on the
`server` branch), answering as docs/server.md says."""

import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from ptysim import PtySim, fireice  # noqa: E402
from simrun import spawn  # noqa: E402

TOKEN = "fit_" + "a1B2" * 10


def headless(lines, flash=None):
    """The board's replies and events to command lines (headless, virtual time)."""
    args = ["sim", "--headless"] + (["--flash", str(flash)] if flash else [])
    inputs = "".join(json.dumps({"cmd": c}) + "\n" for c in lines)
    p = fireice(*args, input=inputs)
    assert p.returncode == 0, p.stderr
    return [json.loads(x) for x in p.stdout.splitlines()]


def test_settings_checked_and_secrets_never_said(tmp_path):
    out = headless(
        [
            'set wifi_ssid "home"',
            'set wifi_password "very secret words"',
            'set server "http://192.168.1.20:8000"',
            'set token "%s"' % TOKEN,
            'set wifi_password "short"',
            'set server "ftp://x"',
            'set server "http://host:99999"',
            'set token "not-a-token"',
            "set wifi_ssid %s" % json.dumps("x" * 33),
        ],
        tmp_path,
    )
    replies = [e for e in out if "re" in e]
    text = json.dumps(out)
    assert "very secret words" not in text and TOKEN not in text
    assert [r.get("value") for r in replies[:4]] == [
        "home",
        "(set)",
        "http://192.168.1.20:8000",
        "(set)",
    ]
    assert [r["now"] for r in replies[:4]] == [False] * 4  # at the next start
    errors = [r.get("error", "") for r in replies[4:]]
    assert errors[0].startswith("wifi_password must be")
    assert errors[1].startswith("server must be") and errors[2].startswith("server must be")
    assert errors[3].startswith("token must be")
    assert errors[4].startswith("wifi_ssid must be")
    # kept on the flash for the board's next start (where the link reads them)
    with open(tmp_path / "config.json") as f:
        kept = json.load(f)
    assert kept["token"] == TOKEN and kept["wifi_password"] == "very secret words"
    # at the next start: shown hidden; a board without WiFi says so, and plays on
    out = headless(["config", "config token", "config wifi_password", "status"], tmp_path)
    assert "very secret words" not in json.dumps(out) and TOKEN not in json.dumps(out)
    replies = [e for e in out if "re" in e]
    cfg = replies[0]["config"]
    assert cfg["wifi_password"] == "(set)" and cfg["token"] == "(set)"
    assert cfg["wifi_ssid"] == "home" and cfg["server"] == "http://192.168.1.20:8000"
    assert replies[1]["value"] == "(set)" and replies[2]["value"] == "(set)"
    assert any(e.get("ev") == "error" and "no WiFi" in e.get("reason", "") for e in out), out
    assert [e for e in out if e.get("re") == "status"][0]["mode"] == "duel"


class DeviceFlow(BaseHTTPRequestHandler):
    """CONTRACT B's pairing requests; anything else with the token is logged
    (and answered as an account with no game)."""

    def log_message(self, *a):
        pass

    def _json(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        srv = self.server
        n = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(n) or b"{}")
        if self.path == "/api/device/code":
            srv.codes += 1
            self._json(200, {"device_code": "dc%d" % srv.codes, "user_code": srv.user_code,
                             "interval": 1, "expires_in": 600})  # fmt: skip
        elif self.path == "/api/device/token":
            now = time.monotonic()
            srv.polls.append((now, body.get("device_code")))
            if len(srv.polls) > 1 and now - srv.polls[-2][0] < 0.9:
                self._json(400, {"error": "slow_down"})
            elif not srv.approved:
                self._json(400, {"error": "authorization_pending"})
            elif srv.spent:
                self._json(400, {"error": "invalid_grant"})
            else:
                srv.spent = True
                self._json(200, {"token": TOKEN, "scope": "board:play", "username": "alice"})
        else:
            self._json(404, {"error": "no such"})

    def do_GET(self):
        self.server.gets.append((self.path, self.headers.get("Authorization")))
        if self.path == "/api/account/playing":
            self._json(200, [])
        else:
            self.send_response(200)  # the event stream: held open, quiet
            self.send_header("Content-Type", "application/x-ndjson")
            self.end_headers()
            time.sleep(3)


@pytest.fixture
def flow():
    srv = ThreadingHTTPServer(("127.0.0.1", 0), DeviceFlow)
    srv.daemon_threads = True
    srv.codes = 0
    srv.user_code = "F1 B2 E4 C7"
    srv.polls = []
    srv.gets = []
    srv.approved = srv.spent = False
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield srv
    srv.shutdown()
    srv.server_close()


def wait_for(board, pred, timeout=20.0):
    """The first event (kept or coming) for which pred holds."""
    for e in board.events:
        if pred(e):
            return e
    until = time.monotonic() + timeout
    for msg in board._lines(until):
        if msg is not None:
            board.events.append(msg)
            if pred(msg):
                return msg
    raise AssertionError("no such event in %.0f s: %s" % (timeout, board.events[-5:]))


def net_board(flash, settings, env=None):
    with open(os.path.join(flash, "config.json"), "w") as f:
        json.dump(settings, f)
    old = dict(os.environ)
    # the WiFi joins 2 s after the start: the test's client is on the port
    # by then (a client drops what the board said before it came)
    os.environ["FIREICE_SIM_WLAN"] = "after:2000"
    os.environ.update(env or {})
    try:
        sim = PtySim(flash, net=True)
    finally:
        os.environ.clear()
        os.environ.update(old)
    return sim


def test_pairing_shows_the_code_polls_and_keeps_the_token(tmp_path, flow):
    url = "http://127.0.0.1:%d" % flow.server_address[1]
    sim = net_board(str(tmp_path), {"wifi_ssid": "home", "server": url})
    try:
        b = sim.board(timeout=10)
        pair = wait_for(b, lambda e: e.get("ev") == "pair")
        assert pair["code"] == "F1 B2 E4 C7" and pair["url"] == url + "/device"
        # polled meanwhile (pending, at the interval); the code said again
        # every 6 polls, for a terminal opened later
        again = wait_for(b, lambda e: e.get("ev") == "pair" and e is not pair, 15)
        assert again["code"] == pair["code"]
        flow.approved = True
        paired = wait_for(b, lambda e: e.get("ev") == "paired")
        assert paired["username"] == "alice"
        polls = [t for t, _ in flow.polls]
        assert len(polls) >= 2 and all(b - a >= 0.9 for a, b in zip(polls, polls[1:]))
        assert {c for _, c in flow.polls} == {"dc1"}
        assert b.command("config token")["value"] == "(set)"
        with open(tmp_path / "config.json") as f:
            assert json.load(f)["token"] == TOKEN
        # then it looks for the account's games with the token
        until = time.monotonic() + 10
        while not flow.gets and time.monotonic() < until:
            time.sleep(0.1)
        assert flow.gets[0] == ("/api/account/playing", "Bearer " + TOKEN)
        b.close()
    finally:
        sim.close()


def test_a_wifi_that_fails_is_said_and_tried_again(tmp_path, flow):
    url = "http://127.0.0.1:%d" % flow.server_address[1]
    sim = net_board(
        str(tmp_path),
        {"wifi_ssid": "home", "wifi_password": "not the one", "server": url},
        {"FIREICE_SIM_WLAN": "fail"},
    )
    try:
        b = sim.board(timeout=10)
        e = wait_for(b, lambda e: e.get("ev") == "error" and "WiFi" in e.get("reason", ""))
        assert "home" in e["reason"] and "not the one" not in json.dumps(b.events)
        assert flow.codes == 0  # no request without the network
        assert b.command("status")["mode"] == "duel"  # the board plays on
        b.close()
    finally:
        sim.close()


def test_net_needs_pty():
    p = spawn(["sim", "--headless", "--net"])
    _, err = p.communicate(timeout=30)
    assert p.returncode == 2 and "--net go with --pty" in err


def test_pairing_with_the_real_server(tmp_path):
    """The whole device flow with `fireice server`: the code the board shows
    is approved by its owner's account; the board's token then has the
    board:play scope and finds the owner's game."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "tests", "server"))
    from srvtest import Player, Server, start_game

    srv = Server("sqlite:///" + str(tmp_path / "s.sqlite3"), str(tmp_path)).start()
    flash = tmp_path / "flash"
    flash.mkdir()
    sim = None
    try:
        me, opp = Player(srv), Player(srv)
        gid = start_game(me, opp)
        sim = net_board(str(flash), {"wifi_ssid": "home", "server": srv.url})
        b = sim.board(timeout=10)
        code = wait_for(b, lambda e: e.get("ev") == "pair")["code"]
        assert len(code.split()) == 4
        r = me.post("/api/device/approve", json={"user_code": code})
        assert r.status_code == 200, r.text
        paired = wait_for(b, lambda e: e.get("ev") == "paired", 30)
        assert paired["username"] == me.name
        with open(flash / "config.json") as f:
            token = json.load(f)["token"]
        assert token.startswith("fit_") and token not in json.dumps(b.events)
        # board:play only: its own game's requests, nothing else
        h = {"Authorization": "Bearer " + token}
        assert srv.client().get("/api/account/playing", headers=h).status_code == 200
        r = srv.client().post("/api/challenge/" + opp.name, json={}, headers=h)
        assert r.status_code == 403, r.text
        # and the board takes up the owner's game
        wait_for(b, lambda e: e.get("ev") == "new" and e.get("game") == gid, 30)
        b.close()
    finally:
        if sim is not None:
            sim.close()
        srv.stop()
