"""Time: correspondence days with vacation days first, and a live clock
that the server watches. The server's clock is moved on through its
offset file (srvtest.Server.advance): no test sleeps for days."""

from srvtest import Player, Stream, replay, start_game

DAY = 86400
VACATION = 7 * DAY


def test_correspondence_days_run_out(server, tmp_path):
    srv = server
    fire, ice = Player(srv), Player(srv)
    gid = start_game(fire, ice, days=2)
    full = fire.get("/api/game/" + gid).json()
    assert full["days"] == 2
    assert full["state"]["ftime"] > (2 * DAY + VACATION - 60) * 1000
    # Fire takes 3 days: the vacation goes first, the days stay whole
    srv.advance(3 * DAY)
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    state = fire.get("/api/game/" + gid).json()["state"]
    assert abs(state["ftime"] - (2 * DAY + VACATION - 3 * DAY) * 1000) < 60_000
    # Ice is slow: no claim while Ice has days (and vacation) left
    srv.advance(VACATION + DAY)
    r = fire.post("/api/board/game/%s/claim-victory" % gid)
    assert r.status_code == 400 and "left" in r.json()["error"]
    r = ice.post("/api/board/game/%s/claim-victory" % gid)
    assert r.status_code == 400 and "your turn" in r.json()["error"]
    srv.advance(DAY + 10)
    # out of days, but the game goes on until Fire claims
    assert fire.get("/api/game/" + gid).json()["state"]["status"] == "started"
    r = fire.post("/api/board/game/%s/claim-victory" % gid)
    assert r.status_code == 200, r.text
    state = fire.get("/api/game/" + gid).json()["state"]
    assert state["status"] == "outoftime" and state["winner"] == "fire"
    text = fire.http.get("/api/game/%s/record" % gid).text
    assert '[Termination "outoftime"]' in text and '[Winner "fire"]' in text
    assert replay(text, tmp_path)["error"] is None


def test_live_clock_runs_out(server):
    srv = server
    fire, ice = Player(srv), Player(srv)
    gid = start_game(fire, ice, clock={"limit": 60, "increment": 2})
    full = fire.get("/api/game/" + gid).json()
    assert full["clock"] == {"limit": 60, "increment": 2}
    events = Stream(ice, "/api/stream/event")
    s = Stream(ice, "/api/board/game/stream/" + gid)
    s.next(kind="gameFull")
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    st = s.next(kind="gameState")
    assert 60_000 < st["ftime"] <= 62_000 and st["itime"] == 60_000  # the increment
    # Ice thinks too long: the server finds the flag by itself
    srv.advance(61)
    st = s.next(kind="gameState", timeout=20)
    assert st["status"] == "outoftime" and st["winner"] == "fire" and st["itime"] == 0
    assert events.next(kind="gameFinish")["game"]["status"] == "outoftime"
    r = ice.move(gid, "D4-D5", ply=1)
    assert r.status_code == 400 and "over" in r.json()["error"]
    s.close()
    events.close()


def test_move_as_the_flag_falls(server):
    """A move that arrives after the flag fell has one outcome: lost on time."""
    srv = server
    fire, ice = Player(srv), Player(srv)
    gid = start_game(fire, ice, clock={"limit": 30, "increment": 0})
    srv.advance(31)
    r = fire.move(gid, "D4-C4", ply=0)
    assert r.status_code == 400
    assert "time ran out" in r.json()["error"] or "over" in r.json()["error"]
    state = fire.get("/api/game/" + gid).json()["state"]
    assert state["status"] == "outoftime" and state["winner"] == "ice" and state["moves"] == ""
