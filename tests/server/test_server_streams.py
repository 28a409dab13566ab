"""The NDJSON streams: gameFull then gameState lines with seq, keep-alive
lines, since, the user's events, opponentGone, and a client that never
reads."""

import os
import socket
import threading
import time

from srvtest import PASSWORD, Player, Stream, start_game

# a client that stops reading is found soon: a small send buffer, a short
# wait for each line, a short queue
SERVER_OPTIONS = ["--send-timeout", "1", "--queue", "16", "--socket-buffer", "4096"]
# test_logins_do_not_stall_streams: the real Argon2id cost (64 MB a hash)
SERVER_OPTIONS += ["--hash-memory", "65536"]


def test_game_stream(players):
    fire, ice = players
    gid = start_game(fire, ice)
    s = Stream(ice, "/api/board/game/stream/" + gid)
    full = s.next()
    assert full["type"] == "gameFull" and full["id"] == gid
    assert full["fire"]["name"] == fire.name and full["ice"]["rating"] == 1500
    assert len(full["setup"]) == 49 and full["days"] == 3
    assert full["state"]["to_move"] == "fire" and full["state"]["status"] == "started"
    seq0 = full["seq"]
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    st = s.next()
    assert st["type"] == "gameState" and st["moves"] == "D4-C4" and st["to_move"] == "ice"
    assert st["seq"] == seq0 + 1
    assert ice.move(gid, "d4-d5", ply=1).status_code == 200
    st = s.next()
    assert st["moves"] == "D4-C4 D4-D5" and st["seq"] == seq0 + 2
    # keep-alive lines come while nothing happens (the test server: 1 s)
    before = s.keepalives
    time.sleep(2.5)
    assert s.keepalives > before
    # reopened with since: what came after it, no gameFull
    s2 = Stream(fire, "/api/board/game/stream/%s?since=%d" % (gid, seq0 + 1))
    st = s2.next(kind="gameState")
    assert st["seq"] == seq0 + 2
    assert st["moves"] == "D4-C4 D4-D5"
    # the end of the game is the last line
    assert fire.post("/api/board/game/%s/resign" % gid).status_code == 200
    for stream in (s, s2):
        st = stream.next(kind="gameState")
        assert st["status"] == "resign" and st["winner"] == "ice" and st["seq"] == seq0 + 3
        assert stream.ended.wait(10)
        stream.close()
    r = fire.get("/api/board/game/stream/%s?since=99" % gid)
    assert r.status_code == 400 and "since" in r.json()["error"]
    assert fire.get("/api/board/game/stream/nosuchgame").status_code == 404


def test_event_stream(server):
    a, b = Player(server), Player(server)
    s = Stream(b, "/api/stream/event")
    cid = a.challenge(b, handicap=1, days=5)
    ev = s.next(kind="challenge")
    assert ev["challenge"]["id"] == cid and ev["challenge"]["challenger"]["name"] == a.name
    assert ev["challenge"]["handicap"] == 1 and ev["challenge"]["days"] == 5
    seq_challenge = ev["seq"]
    assert b.post("/api/challenge/%s/decline" % cid).status_code == 200
    assert s.next(kind="challengeDeclined")["challenge"]["id"] == cid
    cid2 = a.challenge(b)
    assert a.post("/api/challenge/%s/cancel" % cid2).status_code == 200
    assert s.next(kind="challengeCanceled")["challenge"]["id"] == cid2
    gid = start_game(a, b)
    ev = s.next(kind="gameStart")
    assert ev["game"]["id"] == gid and ev["game"]["color"] == "ice"
    # games in progress are sent again on connect
    s2 = Stream(b, "/api/stream/event")
    assert s2.next(kind="gameStart")["game"]["id"] == gid
    # since: the events after it again
    s3 = Stream(b, "/api/stream/event?since=%d" % seq_challenge)
    kinds = [s3.next()["type"] for _ in range(4)]
    assert kinds[:3] == ["challengeDeclined", "challenge", "challengeCanceled"]
    assert a.post("/api/board/game/%s/resign" % gid).status_code == 200
    ev = s.next(kind="gameFinish")
    assert ev["game"]["status"] == "resign" and ev["game"]["winner"] == "ice"
    for st in (s, s2, s3):
        st.close()
    r = b.http.get("/api/stream/event")
    assert r.status_code == 401


def test_opponent_gone(players):
    """opponentGone only on the absent player's own turn (the test server
    says gone after 2 s), and again on reconnect."""
    fire, ice = players
    gid = start_game(fire, ice)
    s = Stream(ice, "/api/board/game/stream/" + gid)
    s.next(kind="gameFull")
    ev = s.next(kind="opponentGone", timeout=10)  # Fire to move, no stream
    assert ev["gone"] is True and ev["claimWinInSeconds"] > 0
    # Fire connects: back
    f = Stream(fire, "/api/board/game/stream/" + gid)
    assert s.next(kind="opponentGone", timeout=10)["gone"] is False
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    f.close()
    # Fire left, but it is Ice's turn: nothing
    time.sleep(3.5)
    assert all(e.get("type") != "opponentGone" for e in _drain(s))
    # ice reconnects: still nothing on its own turn
    s.close()
    assert ice.move(gid, "D4-D5", ply=1).status_code == 200
    # Fire to move and away: Ice's new stream says so again
    s = Stream(ice, "/api/board/game/stream/" + gid)
    assert s.next(kind="opponentGone", timeout=10)["gone"] is True
    s.close()


def _drain(stream):
    out = []
    while not stream.lines.empty():
        out.append(stream.lines.get_nowait())
    return out


def _rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def test_client_that_never_reads(server):
    """A stream client that stops reading is dropped; the others and the
    rest of the server carry on, and its memory is not kept."""
    srv = server
    a, b = Player(srv), Player(srv)
    host, port = srv.url.rsplit("/", 1)[1].split(":")
    # a raw connection with a tiny receive buffer that never reads
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.connect((host, int(port)))
    sock.sendall(
        (
            "GET /api/stream/event HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\n\r\n"
            % (host, b.token)
        ).encode()
    )
    reader = Stream(b, "/api/stream/event")  # a good reader of the same events
    rss0 = _rss_kb(srv.proc.pid)
    dropped0 = srv.client().get("/api/status").json()["dropped"]
    # many events for both: challenges (each some 400 bytes), made and taken back
    http = a.server.client()
    sent = 0
    t0 = time.monotonic()
    while time.monotonic() - t0 < 60:
        r = http.post("/api/challenge/" + b.name, headers=a.headers, json={"days": 1})
        cid = r.json()["id"]
        http.post("/api/challenge/%s/cancel" % cid, headers=a.headers)
        sent += 2
        if sent % 10 == 0 and http.get("/api/status").json()["dropped"] > dropped0:
            break
    status = http.get("/api/status").json()
    assert status["dropped"] >= dropped0 + 1, (status, sent)
    print("dropped after %d events, %.1f s" % (sent, time.monotonic() - t0))
    # the reader got every event, in order
    got = [reader.next(kind=None) for _ in range(sent)]
    assert [e["seq"] for e in got] == sorted(e["seq"] for e in got)
    assert len({e["seq"] for e in got}) == sent
    # the server answers at once, and its memory did not grow with the stalled client
    t = time.monotonic()
    assert http.get("/api/user/" + a.name).status_code == 200
    assert time.monotonic() - t < 2
    assert _rss_kb(srv.proc.pid) - rss0 < 30_000
    sock.close()
    reader.close()
    assert os.path.exists("/proc/%d" % srv.proc.pid)


def test_logins_do_not_stall_streams(server):
    """Twenty logins at once (Argon2id, 64 MB each) run off the event loop:
    a stream's keep-alive lines (every 1 s here) keep coming."""
    p = Player(server)
    s = Stream(p, "/api/stream/event")
    time.sleep(1.5)
    answers = []

    def login():
        c = server.client(timeout=180)  # the logins queue for the hashing threads
        answers.append(c.post("/api/token", json={"username": p.name, "password": PASSWORD}))

    t0 = time.monotonic()
    threads = [threading.Thread(target=login) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    t1 = time.monotonic()
    assert [r.status_code for r in answers] == [200] * 20
    time.sleep(1.5)
    beats = [t for t in s.keepalive_times if t0 - 1.5 <= t <= t1 + 1.5]
    gaps = [b - a for a, b in zip(beats, beats[1:], strict=False)]
    assert beats and max(gaps, default=0) < 4, (t1 - t0, gaps)
    assert len(beats) >= (t1 - t0) / 4
    s.close()


def test_since_too_old_starts_with_game_full(server, backend):
    """A game stream opened with a since whose next events are no longer
    stored (pruned here by hand) starts over with gameFull."""
    if backend != "sqlite":
        import pytest

        pytest.skip("the events are pruned through the SQLite file")
    import sqlite3

    fire, ice = Player(server), Player(server)
    gid = start_game(fire, ice)
    from srvtest import legal

    from fireice_server import rules

    assert fire.move(gid, "D4-C4", ply=0).status_code == 200
    assert ice.move(gid, "D4-D5", ply=1).status_code == 200
    full = fire.get("/api/game/" + gid).json()
    third = legal(rules.replay(full["setup"], full["state"]["moves"]))[0]
    assert fire.move(gid, third, ply=2).status_code == 200
    seq = fire.get("/api/game/" + gid).json()  # the game as it stands
    path = server.db_url.split("sqlite:///", 1)[1]
    with sqlite3.connect(path, timeout=30) as db:
        db.execute("DELETE FROM events WHERE stream = ? AND seq <= ?", ("g:" + gid, 2))
    s = Stream(fire, "/api/board/game/stream/%s?since=1" % gid)
    first = s.next()
    assert first["type"] == "gameFull" and first["state"]["moves"] == seq["state"]["moves"]
    s.close()
    # a since whose next event is still there replays from it
    s = Stream(fire, "/api/board/game/stream/%s?since=2" % gid)
    assert s.next()["type"] == "gameState"
    s.close()
