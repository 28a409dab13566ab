"""Boards online (issue 28, the server's side; docs/server.md): pairing a
board with the device flow, the board:play token scope, `carried` and the
clock hold, and fromBoard. Each test on SQLite and on PostgreSQL."""

import threading

from srvtest import Player, Stream, legal, start_game

from fireice_server import rules

CODE_WINDOW = 601  # the per-address limit's window (device.CODE_WINDOW), and more


def new_code(srv, name=None):
    body = {} if name is None else {"name": name}
    r = srv.client().post("/api/device/code", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def poll(srv, device_code):
    return srv.client().post("/api/device/token", json={"device_code": device_code})


def pair(srv, player, name="my board"):
    """A board paired with player's account: its board:play token."""
    c = new_code(srv, name)
    r = player.post("/api/device/approve", json={"user_code": c["user_code"]})
    assert r.status_code == 200 and r.json() == {"ok": True, "name": name}, r.text
    r = poll(srv, c["device_code"])
    assert r.status_code == 200, r.text
    return r.json()


class Board(Player):
    """A client with a board's token (a Player with no account of its own)."""

    def __init__(self, srv, token):
        self.server = srv
        self.http = srv.client()
        self.token = token
        self.headers = {"Authorization": "Bearer " + token}


def test_pairing_gives_a_board_play_token(server):
    srv = server
    srv.advance(CODE_WINDOW)  # a fresh window for this address's codes
    owner, other = Player(srv), Player(srv)
    c = new_code(srv, "kitchen board")
    assert set(c) == {"device_code", "user_code", "interval", "expires_in"}
    assert c["interval"] == 5 and c["expires_in"] == 600 and len(c["device_code"]) >= 43
    holes = c["user_code"].split()
    assert len(holes) == 4 and len(set(holes)) == 4 and holes == sorted(holes)
    assert all(h[0] in "ABCDEFG" and h[1] in "1234567" and len(h) == 2 for h in holes)
    r = poll(srv, c["device_code"])
    assert r.status_code == 400 and r.json()["error"] == "authorization_pending"
    assert r.json()["error_description"]
    # polled again at once: slow down
    r = poll(srv, c["device_code"])
    assert r.status_code == 400 and r.json()["error"] == "slow_down"
    # entered in another order and letter case, without spaces
    typed = "".join(reversed(holes)).lower()
    r = owner.post("/api/device/approve", json={"user_code": typed})
    assert r.status_code == 200 and r.json() == {"ok": True, "name": "kitchen board"}
    srv.advance(6)
    r = poll(srv, c["device_code"])
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["scope"] == "board:play" and got["username"] == owner.name
    assert got["token"].startswith("fit_")
    # once only: the code is spent
    r = poll(srv, c["device_code"])
    assert r.status_code == 400 and r.json()["error"] == "invalid_grant"
    # the code is not live any more: approving it again finds nothing
    r = other.post("/api/device/approve", json={"user_code": c["user_code"]})
    assert r.status_code == 404 and c["user_code"] in r.json()["error"]

    board = Board(srv, got["token"])
    me = board.get("/api/account")
    assert me.status_code == 200 and me.json()["username"] == owner.name
    assert me.json()["scope"] == "board:play"
    assert owner.get("/api/account").json()["scope"] == "all"
    # what a board may do: its games
    gid = start_game(other, owner)  # the owner plays Ice
    assert board.get("/api/account/playing").json()[0]["id"] == gid
    ev = Stream(board, "/api/stream/event")
    assert ev.status == 200 and ev.next(kind="gameStart")["game"]["id"] == gid
    ev.close()
    assert other.move(gid, "D4-C4", ply=0).status_code == 200
    assert board.post("/api/board/game/%s/carried?ply=1" % gid).status_code == 200
    assert board.move(gid, "D4-D5", ply=1).status_code == 200
    # nothing else: 403 naming the scope
    for method, path, body in (
        ("POST", "/api/challenge/" + other.name, {"days": 3}),
        ("GET", "/api/challenge", None),
        ("POST", "/api/board/game/%s/abort" % gid, None),
        ("GET", "/api/account/email", None),
        ("PUT", "/api/account/email", {"email": "a@example.org"}),
        ("POST", "/api/device/approve", {"user_code": "A1 B2 C3 D4"}),
    ):
        r = board.http.request(method, path, headers=board.headers, json=body)
        assert r.status_code == 403, (path, r.text)
        assert "needs a token with the all scope" in r.json()["error"], r.text
    assert board.post("/api/challenge/%s/accept" % gid).status_code == 403
    assert owner.get("/api/challenge").status_code == 200
    # the board unpairs itself
    assert board.http.delete("/api/token", headers=board.headers).status_code == 200
    assert board.get("/api/account").status_code == 401


def test_pairing_refuses_forged_guessed_and_expired_codes(server):
    srv = server
    srv.advance(CODE_WINDOW)
    owner = Player(srv)
    r = poll(srv, "a forged device code that was never issued")
    assert r.status_code == 400 and r.json()["error"] == "invalid_grant"
    r = srv.client().post("/api/device/token", json={})
    assert r.status_code == 400 and "device_code" in r.json()["error"]
    # malformed user codes: 400 naming the fault, not counted as guesses
    for bad, why in (
        ("A1 B2 C3", "four holes"),
        ("A1 A1 B2 C3", "different"),
        ("A1 B2 C3 H9", "H9"),
        ("A1 B2 C3 D", "D"),
    ):
        r = owner.post("/api/device/approve", json={"user_code": bad})
        assert r.status_code == 400 and why in r.json()["error"], (bad, r.text)
    assert owner.post("/api/device/approve", json={"user_code": 1234}).status_code == 400
    # a live code, then guesses that miss it: 404 each, 429 after ten
    c = new_code(srv)
    live = set(c["user_code"].split())
    guesses = []
    holes = [a + b for a in "ABCDEFG" for b in "1234567" if a + b not in live]
    for k in range(11):
        guesses.append(" ".join(holes[4 * k : 4 * k + 4]))
    for g in guesses[:10]:
        r = owner.post("/api/device/approve", json={"user_code": g})
        assert r.status_code == 404 and "no board is waiting" in r.json()["error"], r.text
    r = owner.post("/api/device/approve", json={"user_code": guesses[10]})
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
    # the right code too, while the account is held back
    r = owner.post("/api/device/approve", json={"user_code": c["user_code"]})
    assert r.status_code == 429
    r = poll(srv, c["device_code"])
    assert r.json()["error"] == "authorization_pending"
    # another account may approve it, until it expires
    srv.advance(601)
    r = Player(srv).post("/api/device/approve", json={"user_code": c["user_code"]})
    assert r.status_code == 404
    r = poll(srv, c["device_code"])
    assert r.status_code == 400 and r.json()["error"] == "expired_token"
    # an approved code not picked up in time expires too
    srv.advance(CODE_WINDOW)
    c = new_code(srv)
    r = Player(srv).post("/api/device/approve", json={"device_code": c["device_code"]})
    assert r.status_code == 400 and "user_code" in r.json()["error"]
    assert Player(srv).post("/api/device/approve", json={"user_code": c["user_code"]}).is_success
    srv.advance(601)
    assert poll(srv, c["device_code"]).json()["error"] == "expired_token"


def test_code_creation_is_limited_per_address(server):
    srv = server
    srv.advance(CODE_WINDOW)
    codes = [new_code(srv) for _ in range(10)]
    assert len({c["user_code"] for c in codes}) == 10
    assert len({c["device_code"] for c in codes}) == 10
    r = srv.client().post("/api/device/code", json={})
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
    assert "address" in r.json()["error"]
    r = srv.client().post("/api/device/code", json={"name": "x" * 41})
    assert r.status_code == 400 and "name" in r.json()["error"]
    srv.advance(CODE_WINDOW)
    assert srv.client().post("/api/device/code").status_code == 200


def test_two_approvals_race(server):
    """Two accounts enter one board's code at once: one pairs it, the other
    finds nothing, and the token is the winner's."""
    srv = server
    srv.advance(CODE_WINDOW)
    for _round in range(3):
        a, b = Player(srv), Player(srv)
        c = new_code(srv)
        answers = {}
        go = threading.Barrier(2)
        threads = [
            threading.Thread(target=_approve, args=(p, c["user_code"], go, answers)) for p in (a, b)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        codes = sorted(r.status_code for r in answers.values())
        assert codes == [200, 404], {k: r.text for k, r in answers.items()}
        winner = [k for k, r in answers.items() if r.status_code == 200][0]
        got = poll(srv, c["device_code"]).json()
        assert got["username"] == winner


def test_carried_holds_a_live_clock(server):
    srv = server
    fire, ice = Player(srv), Player(srv)
    gid = start_game(fire, ice, clock={"limit": 60, "increment": 0})
    assert fire.get("/api/game/" + gid).json()["fromBoard"] == {"fire": False, "ice": False}
    s = Stream(fire, "/api/board/game/stream/" + gid)
    full = s.next(kind="gameFull")
    assert full["fromBoard"] == {"fire": False, "ice": False}
    assert full["state"]["fromBoard"] == {"fire": False, "ice": False}
    carried = "/api/board/game/%s/carried?ply=%d"
    # no move yet; Fire's own turn
    assert fire.post(carried % (gid, 0)).status_code == 409
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    s.next(kind="gameState")
    srv.advance(10)
    # the wrong ply, the wrong player, no ply
    for who, ply in ((ice, 0), (ice, 2), (fire, 1)):
        r = who.post(carried % (gid, ply))
        assert r.status_code == 409 and r.json()["error"], (ply, r.text)
    r = ice.post("/api/board/game/%s/carried" % gid)
    assert r.status_code == 400 and "ply" in r.json()["error"]
    # Ice's board: the 10 s it took are given back, once
    r = ice.post(carried % (gid, 1))
    assert r.status_code == 200 and 9_000 <= r.json()["held"] <= 11_000, r.text
    st = s.next(kind="gameState")
    assert st["fromBoard"] == {"fire": False, "ice": True} and st["moves"] == "D4-C4"
    assert 59_000 <= st["itime"] <= 60_000, st
    assert fire.get("/api/game/" + gid).json()["fromBoard"]["ice"] is True
    srv.advance(5)
    r = ice.post(carried % (gid, 1))
    assert r.status_code == 200 and r.json()["held"] == 0  # a repeat gives nothing
    assert ice.move(gid, "D4-D5", ply=1).status_code == 200
    st = s.next(kind="gameState")
    assert 54_000 <= st["itime"] <= 55_500, st
    # a hold that runs past its limit: 30 s of it is given back
    assert fire.move(gid, "C4-B4", ply=2).status_code in (200, 400)
    state = fire.get("/api/game/" + gid).json()["state"]
    if state["to_move"] == "ice":
        ply = state["ply"]
        before = state["itime"]
        srv.advance(45)
        r = ice.post(carried % (gid, ply))
        assert r.status_code == 200 and r.json()["held"] == 30_000, r.text
        after = fire.get("/api/game/" + gid).json()["state"]["itime"]
        assert abs(after - (before - 15_000)) < 1_500, (before, after)
    s.close()


def test_flag_waits_for_a_hold_but_not_past_it(server):
    """Ice plays on a board: its flag does not fall while a hold it may
    still take would give the time back, and falls once that is past."""
    srv = server
    fire, ice = Player(srv), Player(srv)
    gid = start_game(fire, ice, clock={"limit": 20, "increment": 0})
    carried = "/api/board/game/%s/carried?ply=%d"
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    assert ice.post(carried % (gid, 1)).status_code == 200  # Ice is on a board
    assert ice.move(gid, "D4-D5", ply=1).status_code == 200
    state = fire.get("/api/game/" + gid).json()["state"]
    assert state["to_move"] == "fire"
    played = _any_move(fire, gid, 2)
    assert played
    # Ice's clock (about 20 s) runs out, the carried has not come: the flag waits
    srv.advance(25)
    s = Stream(fire, "/api/board/game/stream/" + gid)
    s.next(kind="gameFull")
    _wait_sweeps()
    assert fire.get("/api/game/" + gid).json()["state"]["status"] == "started"
    r = fire.post("/api/board/game/%s/claim-victory" % gid)
    assert r.status_code == 400 and "carrying out" in r.json()["error"], r.text
    # the carried comes: 25 s given back, Ice has about 20 s again
    r = ice.post(carried % (gid, 3))
    assert r.status_code == 200 and 25_000 <= r.json()["held"] <= 29_000, r.text
    st = s.next(kind="gameState")
    assert st["status"] == "started" and 18_000 <= st["itime"] <= 20_000, st
    # the hold is taken: the flag falls at the deadline, by the server itself
    srv.advance(21)
    st = s.next(kind="gameState", timeout=20)
    assert st["status"] == "outoftime" and st["winner"] == "fire"
    s.close()
    # and once past the hold's limit, the flag falls with no carried at all
    gid = start_game(fire, ice, clock={"limit": 20, "increment": 0})
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    assert ice.post(carried % (gid, 1)).status_code == 200
    assert ice.move(gid, "D4-D5", ply=1).status_code == 200
    assert _any_move(fire, gid, 2)
    srv.advance(20 + 30 + 1)
    _wait_sweeps()
    state = fire.get("/api/game/" + gid).json()["state"]
    assert state["status"] == "outoftime" and state["winner"] == "fire", state
    r = ice.post(carried % (gid, 3))
    assert r.status_code == 409 and "over" in r.json()["error"]


def test_carried_in_a_correspondence_game(server):
    srv = server
    fire, ice = Player(srv), Player(srv)
    gid = start_game(fire, ice, days=2)
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    srv.advance(3600)
    before = fire.get("/api/game/" + gid).json()["state"]["itime"]
    r = ice.post("/api/board/game/%s/carried?ply=1" % gid)
    assert r.status_code == 200 and r.json()["held"] == 300_000  # the 5 min limit
    after = fire.get("/api/game/" + gid).json()["state"]["itime"]
    assert abs(after - before - 300_000) < 2_000, (before, after)


def _approve(player, code, go, answers):
    go.wait(10)
    answers[player.name] = player.post("/api/device/approve", json={"user_code": code})


def _any_move(player, gid, ply):
    """Play the first legal move for player at ply (the rules core's order)."""
    full = player.get("/api/game/" + gid).json()
    for text in legal(rules.replay(full["setup"], full["state"]["moves"])):
        if player.move(gid, text, ply=ply).status_code == 200:
            return text
    return None


def _wait_sweeps():
    """Long enough for the server's sweeper (every 0.5 s) to have looked."""
    import time

    time.sleep(1.5)
