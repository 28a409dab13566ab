"""Accounts, tokens, login limits and hostile requests: each gets a 4xx
with an {"error"} naming what was wrong, and changes nothing."""

import sqlite3

import pytest
from srvtest import PASSWORD, Player, start_game


def test_accounts(server):
    http = server.client()
    ok = Player(server)
    for name, password, code, word in (
        ("a", PASSWORD, 400, "username"),
        ("x" * 21, PASSWORD, 400, "username"),
        ("bad name", PASSWORD, 400, "username"),
        ("émile", PASSWORD, 400, "username"),
        ("shorty", "123456789", 400, "password"),
        (ok.name.upper(), PASSWORD, 409, "taken"),
    ):
        r = http.post("/api/account", json={"username": name, "password": password})
        assert r.status_code == code and word in r.json()["error"], (name, r.text)
    r = http.post("/api/account", json={"username": 12, "password": PASSWORD})
    assert r.status_code == 400 and "username" in r.json()["error"]
    r = http.post("/api/account", json={"username": "ok_name"})
    assert r.status_code == 400 and "password" in r.json()["error"]
    me = ok.get("/api/account").json()
    assert me["username"] == ok.name and me["rating"] == {"rating": 1500, "rd": 350}
    # form fields, as `curl -d` sends them: the answer says the body must be JSON
    r = http.post("/api/account", data={"username": "form_user", "password": PASSWORD})
    assert r.status_code == 400 and "must be JSON" in r.json()["error"], r.text
    r = http.post("/api/token", json={"username": "form_user", "password": PASSWORD})
    assert r.status_code == 401


def test_tokens(server):
    p = Player(server)
    http = server.client()
    r = http.post("/api/token", json={"username": p.name, "password": "wrong password"})
    assert r.status_code == 401 and "wrong" in r.json()["error"]
    r = http.post("/api/token", json={"username": "nobody_here", "password": PASSWORD})
    assert r.status_code == 401
    forged = {"Authorization": "Bearer " + "A" * 43}
    r = http.get("/api/account", headers=forged)
    assert r.status_code == 401 and "not valid" in r.json()["error"]
    r = http.get("/api/account", headers={"Authorization": "Basic abc"})
    assert r.status_code == 401
    # a second token, then the first revoked: only the second works
    old = dict(p.headers)
    p.login()
    assert http.delete("/api/token", headers=old).status_code == 200
    assert http.get("/api/account", headers=old).status_code == 401
    assert p.get("/api/account").status_code == 200
    assert len(p.token) >= 32  # 256 random bits, URL-safe base64


def test_login_limit(server):
    p = Player(server)
    http = server.client()
    for _ in range(10):
        r = http.post("/api/token", json={"username": p.name, "password": "not the password"})
        assert r.status_code == 401
    r = http.post("/api/token", json={"username": p.name.upper(), "password": PASSWORD})
    assert r.status_code == 429 and "too many" in r.json()["error"]
    assert 800 < int(r.headers["Retry-After"]) <= 901
    # tokens issued before still work
    assert p.get("/api/account").status_code == 200


def test_login_limit_per_address(make_server):
    # an address limit of 6 (50 by default): two failures for each of three
    # accounts reach it, though each account is far under its own 10
    server = make_server(["--login-limit-address", "6"]).start()
    players = [Player(server) for _ in range(4)]
    http = server.client()
    for p in players[:3]:
        for _ in range(2):
            r = http.post("/api/token", json={"username": p.name, "password": "not the password"})
            assert r.status_code == 401, r.text
    # from the same address even a right password for a fourth account waits
    r = http.post("/api/token", json={"username": players[3].name, "password": PASSWORD})
    assert r.status_code == 429 and "this address" in r.json()["error"], r.text
    assert 800 < int(r.headers["Retry-After"]) <= 901
    # the window passed: the address may log in again
    server.advance(15 * 60 + 2)
    r = http.post("/api/token", json={"username": players[3].name, "password": PASSWORD})
    assert r.status_code == 200, r.text


def test_stored_hashed(backend, server):
    if backend != "sqlite":
        pytest.skip("reads the SQLite file")
    p = Player(server)
    db = sqlite3.connect(server.db_url[len("sqlite:///") :])
    (hashed,) = db.execute(
        "SELECT password_hash FROM users WHERE username = ?", (p.name,)
    ).fetchone()
    assert hashed.startswith("$argon2id$") and PASSWORD not in hashed
    stored = [t for (t,) in db.execute("SELECT token_hash FROM tokens")]
    assert stored and p.token not in stored and all(len(t) == 64 for t in stored)
    db.close()


def test_hostile_requests(players):
    fire, ice = players
    path = "/api/challenge/" + ice.name
    for body, code, word in (
        (b'{"handicap": 2', 400, "not valid JSON"),
        (b"\xff\xfe{}", 400, "not UTF-8"),
        (b'{"handicap": "2"}', 400, "handicap"),
        (b"[1, 2]", 400, "body"),
        (b'{"days": 15}', 400, "days"),
        (b'{"days": 2, "clock": {"limit": 60}}', 400, "not both"),
        (b'{"clock": {"limit": 0}}', 400, "clock.limit"),
        (b'{"color": "green"}', 400, "color"),
        (b'{"rated": "yes"}', 400, "rated"),
        (b'{"x": "' + b"y" * 70000 + b'"}', 413, "64 KB"),
    ):
        r = fire.post(path, content=body, headers={"content-type": "application/json"})
        assert r.status_code == code and word in r.json()["error"], (body[:30], r.text)
    assert fire.get("/api/challenge").json()["out"] == []  # none of them made one
    r = fire.post("/api/challenge/nobody_at_all", json={})
    assert r.status_code == 404 and "nobody_at_all" in r.json()["error"]
    r = fire.post("/api/challenge/" + fire.name, json={})
    assert r.status_code == 400
    r = fire.post("/api/board/game/x/move/D4-C4?ply=abc")
    assert r.status_code == 400 and "ply" in r.json()["error"]
    r = fire.http.get("/api/no/such/thing")
    assert r.status_code == 404 and "error" in r.json()


@pytest.fixture(scope="module")
def pair(server):
    return Player(server), Player(server)


@pytest.mark.parametrize("handicap", [0, 7, -1, "abc", 6])
def test_handicap_values(pair, handicap):
    fire, ice = pair
    r = fire.post("/api/challenge/" + ice.name, json={"handicap": handicap})
    if handicap in (0, 6):
        assert r.status_code == 201, r.text
        assert r.json()["handicap"] == handicap
        assert ice.post("/api/challenge/%s/accept" % r.json()["id"]).status_code == 200
        setup = fire.get("/api/game/" + r.json()["id"]).json()["setup"]
        assert setup.count("#") == 1 + handicap
    else:
        assert r.status_code == 400 and "handicap" in r.json()["error"], r.text


def test_challenge_permissions(server):
    a, b, c = Player(server), Player(server), Player(server)
    cid = a.challenge(b)
    for who, what in ((c, "accept"), (a, "accept"), (c, "decline"), (b, "cancel"), (c, "cancel")):
        r = who.post("/api/challenge/%s/%s" % (cid, what))
        assert r.status_code == 403 and "only" in r.json()["error"], (what, r.text)
    assert b.post("/api/challenge/nosuch/accept").status_code == 404
    assert b.post("/api/challenge/%s/decline" % cid).status_code == 200
    r = b.post("/api/challenge/%s/accept" % cid)
    assert r.status_code == 400 and "declined" in r.json()["error"]
    gid = start_game(a, b)
    r = c.get("/api/game/" + gid)
    assert r.status_code == 200  # games are public


def test_openapi(server):
    doc = server.client().get("/api/openapi.json").json()
    for path in (
        "/api/account",
        "/api/token",
        "/api/challenge/{username}",
        "/api/challenge/{cid}/accept",
        "/api/stream/event",
        "/api/board/game/stream/{gid}",
        "/api/board/game/{gid}/move/{move}",
        "/api/game/{gid}/record",
        "/api/games/user/{username}",
        "/api/board/game/{gid}/carried",
        "/api/device/code",
        "/api/device/approve",
        "/api/device/token",
    ):
        assert path in doc["paths"], path
    carried = doc["paths"]["/api/board/game/{gid}/carried"]["post"]
    assert [p["name"] for p in carried["parameters"] if p["in"] == "query"] == ["ply"]
    assert "400" in carried["responses"] and "422" not in carried["responses"]
    code = doc["paths"]["/api/device/code"]["post"]["responses"]["200"]
    assert "DeviceCode" in str(code)
