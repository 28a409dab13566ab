"""Time: correspondence days with vacation days after them, and a live clock
that the server watches. The server's clock is moved on through its
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
    assert full["state"]["ftime"] > (2 * DAY + VACATION - 60) * 1000
    # Fire takes 3 days: the day beyond the 2 comes off the vacation, the
    # days are whole again
    srv.advance(3 * DAY)
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    state = fire.get("/api/game/" + gid).json()["state"]
    assert abs(state["ftime"] - (2 * DAY + VACATION - DAY) * 1000) < 60_000
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


def test_vacation_per_account_and_year(server):
    srv = server

    def at(year, month, day, hour=0):  # the server's clock to that UTC time
        srv.set_offset(calendar.timegm((year, month, day, hour, 0, 0)) - time.time())

    def left(player, gid):  # player's ms left in gid (player plays Fire)
        return player.get("/api/game/" + gid).json()["state"]["ftime"]

    year = time.gmtime(time.time() + srv.offset).tm_year + 1
    at(year, 3, 1)
    me, a, b = Player(srv), Player(srv), Player(srv)
    g1, g2 = start_game(me, a, days=2), start_game(me, b, days=2)
    # 5 days for my move in g1: the 3 beyond the days come off my account's
    # vacation, and g2, where I am to move too, has the 4 left
    srv.advance(5 * DAY)
    assert me.move(g1, "D4-C4", ply=0).status_code == 200
    assert abs(left(me, g1) - (2 * DAY + VACATION - 3 * DAY) * 1000) < 60_000
    assert abs(left(me, g2) - (2 * DAY + VACATION - 3 * DAY - 5 * DAY) * 1000) < 60_000
    games = me.get("/api/games/user/" + me.name).json()
    shown = {g["id"]: g for g in games}
    assert abs(shown[g2]["ftime"] - DAY * 1000) < 60_000, shown[g2]
    # a day later my time in g2 is out: b may claim (with 7 days a game it
    # could not)
    srv.advance(DAY + 10)
    r = b.post("/api/board/game/%s/claim-victory" % g2)
    assert r.status_code == 200, r.text
    # the year's vacation is spent: a new game has just its days
    at(year, 12, 31, 12)
    g3 = start_game(me, b, days=2)
    assert abs(left(me, g3) - 2 * DAY * 1000) < 60_000
    # a new year (UTC): a whole allowance, for that same turn
    at(year + 1, 1, 1, 12)
    assert abs(left(me, g3) - (2 * DAY + VACATION - DAY) * 1000) < 60_000
    # 3 days for the move: 1 off the new year's vacation
    at(year + 1, 1, 3, 12)
    assert me.move(g3, "D4-C4", ply=0).status_code == 200
    assert abs(left(me, g3) - (2 * DAY + VACATION - DAY) * 1000) < 60_000
