"""Moves under pressure: two at once for one ply, retries, a SIGKILL of
the server mid-game, and two server processes on one PostgreSQL."""

import random
import threading
import time

import pytest
from srvtest import Player, Stream, legal, start_game

from fireice.duel import Duel
from fireice.geom import SIDE_NAMES


def test_two_moves_for_one_ply(players):
    fire, ice = players
    gid = start_game(fire, ice)
    answers = []
    barrier = threading.Barrier(2)

    def post(move):
        c = fire.server.client()
        barrier.wait()
        answers.append(
            (move, c.post("/api/board/game/%s/move/%s?ply=0" % (gid, move), headers=fire.headers))
        )

    threads = [threading.Thread(target=post, args=(m,)) for m in ("D4-C4", "D4-D5")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    codes = sorted(r.status_code for _m, r in answers)
    assert codes == [200, 409], [(m, r.status_code, r.text) for m, r in answers]
    won = [m for m, r in answers if r.status_code == 200][0]
    state = fire.get("/api/game/" + gid).json()["state"]
    assert state["moves"] == won and state["ply"] == 1


def test_retried_move_played_once(players):
    fire, ice = players
    gid = start_game(fire, ice)
    barrier = threading.Barrier(3)
    answers = []

    def post():
        c = fire.server.client()
        barrier.wait()
        answers.append(c.post("/api/board/game/%s/move/D4-C4?ply=0" % gid, headers=fire.headers))

    threads = [threading.Thread(target=post) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert [r.status_code for r in answers] == [200, 200, 200], [r.text for r in answers]
    # and once more later, in lower case: the same move, still once
    assert fire.move(gid, "d4-c4", ply=0).status_code == 200
    state = fire.get("/api/game/" + gid).json()["state"]
    assert state["moves"] == "D4-C4" and state["to_move"] == "ice"
    # the same ply with another move, or the opponent's, is stale
    assert fire.move(gid, "D4-D5", ply=0).status_code == 409
    assert ice.move(gid, "D4-C4", ply=0).status_code == 409
    assert ice.move(gid, "D4-D5", ply=5).status_code == 409


def test_sigkill_loses_nothing_acknowledged(make_server):
    """Moves are posted as fast as they are answered while the server is
    killed with SIGKILL; after a restart every acknowledged move is there."""
    srv = make_server().start()
    fire, ice = Player(srv), Player(srv)
    gid = start_game(fire, ice)
    game = Duel(fire.get("/api/game/" + gid).json()["setup"], 1)
    by_side = {"fire": fire, "ice": ice}
    rng = random.Random(7)
    acknowledged = []
    stop = threading.Event()

    def play():
        while game.to_move and not stop.is_set():
            m = rng.choice(legal(game))
            try:
                r = by_side[SIDE_NAMES[game.to_move]].move(gid, m, ply=game.ply)
            except Exception:
                return  # the server died under us
            if r.status_code != 200:
                return
            acknowledged.append(m)
            game.play_str(m)

    t = threading.Thread(target=play)
    t.start()
    while len(acknowledged) < 6 and t.is_alive():
        t.join(0.01)
    srv.kill()
    stop.set()
    t.join(30)
    assert len(acknowledged) >= 6
    srv2 = make_server(db_url=srv.db_url).start()
    for p in (fire, ice):
        p.reconnect(srv2)
    state = fire.get("/api/game/" + gid).json()["state"]
    moves = state["moves"].split()
    # everything acknowledged survived; at most the one move in flight at
    # the kill was committed without its answer
    assert moves[: len(acknowledged)] == acknowledged
    assert len(moves) - len(acknowledged) <= 1
    # and the game goes on from there
    g = Duel(fire.get("/api/game/" + gid).json()["setup"], 1)
    for m in moves:
        g.play_str(m)
    if g.to_move:
        r = by_side[SIDE_NAMES[g.to_move]].move(gid, legal(g)[0], ply=len(moves))
        assert r.status_code == 200, r.text


def test_two_processes_share_the_games(backend, server, make_server):
    """A move posted to one process reaches a stream held by another
    (PostgreSQL's NOTIFY)."""
    if backend != "postgresql":
        pytest.skip("several processes serve one database on PostgreSQL only")
    a = server
    b = make_server(db_url=a.db_url).start()
    fire, ice = Player(a), Player(a)
    gid = start_game(fire, ice)
    ice.reconnect(b)
    s = Stream(ice, "/api/board/game/stream/" + gid)
    events = Stream(ice, "/api/stream/event")
    assert s.next(kind="gameFull")["id"] == gid
    assert fire.move(gid, "D4-C4", ply=0).status_code == 200  # to process a
    st = s.next(kind="gameState")
    assert st["moves"] == "D4-C4" and st["to_move"] == "ice"
    # and back: ice moves on b, fire's stream on a sees it
    f = Stream(fire, "/api/board/game/stream/" + gid)
    f.next(kind="gameFull")
    assert ice.move(gid, "D4-D5", ply=1).status_code == 200  # to process b
    assert f.next(kind="gameState")["moves"] == "D4-C4 D4-D5"
    # a challenge made on a reaches ice's event stream on b
    cid = fire.challenge(ice)
    assert events.next(kind="challenge")["challenge"]["id"] == cid
    for x in (s, f, events):
        x.close()


def test_opponent_present_on_another_process(backend, server, make_server):
    """A player whose stream is held by another process is not gone
    (presence goes through NOTIFY too); once that stream closes, the
    opponent's stream on this process says opponentGone."""
    if backend != "postgresql":
        pytest.skip("several processes serve one database on PostgreSQL only")
    a = server
    b = make_server(db_url=a.db_url).start()
    fire, ice = Player(a), Player(a)
    gid = start_game(fire, ice)  # Fire to move
    f = Stream(fire, "/api/board/game/stream/" + gid)  # on a
    f.next(kind="gameFull")
    ice.reconnect(b)
    s = Stream(ice, "/api/board/game/stream/" + gid)  # on b
    s.next(kind="gameFull")
    # the test servers say gone after 2 s: Fire, present on a, is not
    time.sleep(4)
    while not s.lines.empty():
        assert s.lines.get_nowait().get("type") != "opponentGone"
    f.close()
    ev = s.next(kind="opponentGone", timeout=10)
    assert ev["gone"] is True
    s.close()
