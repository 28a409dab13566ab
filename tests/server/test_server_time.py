"""Time: correspondence days, vacation days that run first while a player
is away, and a live clock that the server watches. The server's clock is moved on through its
offset file (srvtest.Server.advance): no test sleeps for days."""

import calendar
import time

from srvtest import Player, Stream, replay, start_game

DAY = 86400
VACATION = 7 * DAY


def test_correspondence_days_run_out(server, tmp_path):
    srv = server
    fire, ice = Player(srv), Player(srv)
    gid = start_game(fire, ice, days=2)
    full = fire.get("/api/game/" + gid).json()
    assert full["days"] == 2
    assert 2 * DAY * 1000 - 60_000 < full["state"]["ftime"] <= 2 * DAY * 1000
    # Fire takes 1.5 days: the days are whole again for the next move (a
    # late move is still played while nobody claims)
    srv.advance(1.5 * DAY)
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    state = fire.get("/api/game/" + gid).json()["state"]
    assert abs(state["ftime"] - 2 * DAY * 1000) < 60_000
    # Ice is slow: no claim while Ice has days left
    srv.advance(DAY)
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


def test_vacation_runs_first_while_away(server):
    srv = server

    def at(year, month, day, hour=0):  # the server's clock to that UTC time
        srv.set_offset(calendar.timegm((year, month, day, hour, 0, 0)) - time.time())

    def left(player, gid):  # player's ms left in gid (player plays Fire)
        return player.get("/api/game/" + gid).json()["state"]["ftime"]

    def away(player, yes):
        r = player.http.put("/api/account/away", headers=player.headers, json={"away": yes})
        assert r.status_code == 200, r.text
        return r.json()

    year = time.gmtime(time.time() + srv.offset).tm_year + 1
    at(year, 3, 1)
    me, a, b = Player(srv), Player(srv), Player(srv)
    assert me.get("/api/account").json()["vacation"] == VACATION * 1000
    assert me.get("/api/account").json()["away"] is False
    g1, g2 = start_game(me, a, days=2), start_game(me, b, days=2)
    # a day of my turns passes, then I go away: the days wait, the vacation runs
    srv.advance(DAY)
    assert away(me, True) == {"away": True, "vacation": VACATION * 1000}
    assert abs(left(me, g1) - (VACATION + DAY) * 1000) < 60_000
    srv.advance(3 * DAY)
    # three days later: both games still have the day left, after 4 of vacation
    for g in (g1, g2):
        assert abs(left(me, g) - (VACATION - 3 * DAY + DAY) * 1000) < 60_000
    r = a.post("/api/board/game/%s/claim-victory" % g1)
    assert r.status_code == 400 and "left" in r.json()["error"]
    # a move while away: the next turn starts with its days whole, held too
    assert me.move(g1, "D4-C4", ply=0).status_code == 200
    assert a.move(g1, "D4-D5", ply=1).status_code == 200
    assert abs(left(me, g1) - (VACATION - 3 * DAY + 2 * DAY) * 1000) < 60_000
    # back after 4 days away: 3 days of vacation are kept for later
    srv.advance(DAY)
    assert abs(away(me, False)["vacation"] - 3 * DAY * 1000) < 60_000
    assert me.get("/api/account").json()["away"] is False
    assert abs(left(me, g2) - DAY * 1000) < 60_000
    # the vacation runs out while away: then the days run
    assert abs(away(me, True)["vacation"] - 3 * DAY * 1000) < 60_000
    srv.advance(3 * DAY + DAY + 10)
    r = b.post("/api/board/game/%s/claim-victory" % g2)
    assert r.status_code == 200, r.text
    assert me.get("/api/account").json()["vacation"] == 0
    away(me, False)
    r = me.http.put("/api/account/away", headers=me.headers, json={"away": True})
    assert r.status_code == 400 and "no vacation left" in r.json()["error"]
    # a new year (UTC): the whole allowance again
    at(year + 1, 1, 2)
    assert me.get("/api/account").json()["vacation"] == VACATION * 1000
    r = me.http.put("/api/account/away", headers=me.headers, json={"away": "yes"})
    assert r.status_code == 400 and "away" in r.json()["error"]
