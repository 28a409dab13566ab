"""The simulator page's "Play online" (fireice_tools.link_page) over the
page's own HTTP server, with the page's virtual board and a real game
server: bad sign-ins refused, the token never shown, and the page's board
playing a game of the server both ways."""

import json
import random
import threading
import time
import urllib.error
import urllib.request

import pytest

from fireice_tools import web
from linkkit import (
    PASSWORD,
    free_port,
    game_state,
    player,
    random_legal,
    start_game,
    start_server,
    wait_for,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = start_server(tmp_path_factory.mktemp("linkpage"), ("--port", str(free_port())))
    yield s
    s.stop()


@pytest.fixture
def page(tmp_path):
    sim = web.Simulator("digital", str(tmp_path / "flash"), 0)
    httpd = web.make_server(sim)
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
    url = "http://127.0.0.1:%d" % httpd.server_address[1]
    yield sim, url
    httpd.shutdown()
    httpd.server_close()
    sim.close()


def phase(sim):
    with sim.cond:
        return sim.snapshot().get("phase")


def call(url, body=None, ctype="application/json"):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url + "/online", data=data)
    if data is not None:
        req.add_header("Content-Type", ctype)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_a_bad_sign_in_is_refused_and_the_token_never_shown(server, page):
    sim, url = page
    alice, alice_api = player(server.url)
    code, text = call(url, {"server": server.url, "username": alice, "password": "wrong one!"})
    assert code == 400 and "refused the sign-in" in text
    code, text = call(url, {"server": server.url, "username": alice})
    assert code == 400 and "password is missing" in text
    code, text = call(url, {"server": server.url, "username": alice, "password": PASSWORD, "x": 1})
    assert code == 400 and "unknown key" in text
    # not JSON as the page sends it: another site's form cannot start a link
    code, _ = call(url, {"server": server.url}, ctype="text/plain")
    assert code == 415
    code, text = call(url, {"server": server.url, "username": alice, "password": PASSWORD})
    assert code == 200, text
    st = json.loads(text)
    assert st["running"] and st["username"] == alice
    assert "fit_" not in text and PASSWORD not in text
    code, text = call(url)
    assert code == 200 and "fit_" not in text
    code, text = call(url, {"stop": True})
    assert code == 200 and not json.loads(text)["running"]


def test_the_page_board_plays_a_game_of_the_server(server, page):
    sim, url = page
    alice, alice_api = player(server.url)
    bob, bob_api = player(server.url)
    gid = start_game(alice_api, bob, accept=bob_api, days=3)
    code, text = call(url, {"server": server.url, "username": alice, "password": PASSWORD})
    assert code == 200, text
    online = sim.online
    wait_for(
        "the page's board in the game",
        lambda: online.bridge.game == gid and online.bridge.known == [],
    )
    setup = game_state(bob_api, gid)["setup"]
    _, first = random_legal(setup, [], random.Random(1))
    # Alice moves on the page's board: lift, put, fill
    frm, to = first.split("-")
    with sim.cond:
        sim.pending_board = "-" * 49
    time.sleep(0.3)
    with sim.cond:
        sim.pending_board = setup
    wait_for("the pegs set up", lambda: phase(sim) == "idle", timeout=30)
    for msg in ({"lift": frm}, {"put": to, "peg": "fire"}, {"put": frm, "peg": "ice"}):
        sim.handle(msg)
        time.sleep(0.1)
    wait_for(
        "Alice's move on the server", lambda: game_state(bob_api, gid)["state"]["moves"] == first
    )
    _, reply = random_legal(setup, [first], random.Random(2))
    bob_api.request("POST", "/api/board/game/%s/move/%s" % (gid, reply), params={"ply": 1})
    wait_for("Bob's move on the page's board", lambda: reply in online.bridge.known)
    code, text = call(url)
    assert json.loads(text)["game"] == gid and "fit_" not in text
