"""End to end: a whole game through the board's own WiFi link
(fireboard.links_net) on the virtual Pico W (`fireice sim --pty --net`)
against a real `fireice server` on 127.0.0.1, the opponent an API client;
the WiFi gone while a move is made at the board (posted once it is back);
the board power-cut in mid-game and resumed; the server restarted; the
opponent resigning."""

import os
import time

import pytest
from netgame import (
    NetBoard,
    free_port,
    moves_of,
    random_moves,
    server_game,
    start_server,
    wait_server,
)

from fireice.duel import Duel
from fireice.geom import START

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
pytestmark = pytest.mark.skipif(
    not os.path.exists(os.path.join(ROOT, "firmware", "fireboard", "track_remote.py")),
    reason="the board's remote game (branch remote) is not merged in",
)


@pytest.fixture
def world(tmp_path):
    from srvtest import Player, start_game

    port = free_port()
    db = "sqlite:///" + str(tmp_path / "s.sqlite3")
    srv = start_server(db, str(tmp_path), port)
    me, opp = Player(srv), Player(srv)
    gid = start_game(me, opp)  # the board's account plays Fire
    flash = tmp_path / "flash"
    flash.mkdir()
    # while this file exists the board's WiFi is gone (simboard.network)
    down = str(tmp_path / "wifi-down")
    board = NetBoard(flash, srv.url, me.token, {"FIREICE_SIM_WLAN_DOWN": down})
    w = {"srv": srv, "db": db, "tmp": str(tmp_path), "port": port, "me": me, "opp": opp,
         "gid": gid, "board": board, "down": down}  # fmt: skip
    yield w
    w["board"].close()
    w["srv"].stop()


def said(kind, move):
    return lambda e: e.get("ev") == kind and e.get("move") == move


def play(w, moves, game):
    """Play moves (texts) from game's position: Fire's at the board (posted
    by its link), Ice's by the opponent's client (shown on the board,
    carried out there)."""
    board, opp, gid = w["board"], w["opp"], w["gid"]
    for text in moves:
        ply = game.ply
        if game.to_move == 1:
            board.carry(game, text)
            e = board.wait(said("move", text))
            assert e["by"] == "fire" and e["ply"] == ply + 1
            wait_server(opp, gid, lambda g, n=ply + 1: len(moves_of(g)) == n)
        else:
            r = opp.move(gid, text, ply)
            assert r.status_code == 200, r.text
            e = board.wait(said("plays", text))
            assert e.get("remote") is True
            board.carry(game, text)
            e = board.wait(said("move", text))
            assert e["by"] == "ice" and e["ply"] == ply + 1


def test_a_whole_game_over_wifi(world):
    w = world
    board = w["board"]
    e = board.wait(lambda e: e.get("ev") == "new" and e.get("game") == w["gid"], 60)
    assert e["remote"] == "ice"
    board.set_up(e["position"])
    moves = random_moves(3)
    game = Duel(START)
    play(w, moves, game)
    assert game.result
    g = wait_server(w["opp"], w["gid"], lambda g: g["state"]["status"] != "started")
    assert moves_of(g) == moves
    res = board.wait(lambda e: e.get("ev") == "result")
    assert res["result"] == g["state"]["winner"]
    # the board told the server each remote move stood on it (carried):
    # its side is shown as played from a board; nothing the link sent was
    # refused
    assert g["fromBoard"] == {"fire": True, "ice": False}
    said = [e for e in board.b.events if e.get("via") == "wifi"]
    assert said == []


def test_power_cut_and_server_restart_mid_game(world):
    w = world
    board = w["board"]
    e = board.wait(lambda e: e.get("ev") == "new" and e.get("game") == w["gid"], 60)
    board.set_up(e["position"])
    moves = random_moves(5, 18)
    game = Duel(START)
    play(w, moves[:8], game)
    # the WiFi goes; a move made at the board meanwhile reaches the server
    # once it is back
    open(w["down"], "w").close()
    assert game.to_move == 1
    board.carry(game, moves[8])
    board.wait(said("move", moves[8]))
    board.wait(lambda e: e.get("ev") == "link" and e.get("state") == "offline")
    time.sleep(1)
    assert len(moves_of(server_game(w["opp"], w["gid"]))) == 8
    os.remove(w["down"])
    wait_server(w["opp"], w["gid"], lambda g: len(moves_of(g)) == 9)
    half = 10
    play(w, moves[9:half], game)
    # the power goes; the board resumes its game from its flash and the
    # link finds it on the server again
    board.power_cut()
    board.start()
    board.restore(game)
    # the board resumes at once, often before this client is on its port
    # (a client gets only what the board says after it came): its status
    # says which game it plays
    st = board.b.command("status")
    assert st["remote"]["game"] == w["gid"] and st["remote"]["side"] == "ice", st
    assert st["moves"] == half, st
    board.wait(lambda e: e.get("ev") == "link" and e.get("state") in ("connected", "waiting"), 60)
    play(w, moves[half : half + 4], game)
    # the server restarts (same database, same address)
    w["srv"].stop()
    w["srv"] = start_server(w["db"], w["tmp"], w["port"])
    w["opp"].reconnect(w["srv"])
    play(w, moves[half + 4 :], game)
    # the opponent resigns: the board's game ends with the server's result
    r = w["opp"].post("/api/board/game/%s/resign" % w["gid"])
    assert r.status_code == 200, r.text
    res = board.wait(lambda e: e.get("ev") == "result", 30)
    assert res["result"] == "fire" and res.get("status") == "resign"
    g = wait_server(w["opp"], w["gid"], lambda g: g["state"]["status"] == "resign")
    assert moves_of(g) == moves
