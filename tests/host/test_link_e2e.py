"""`fireice link` end to end: a real `fireice server` on 127.0.0.1, the
virtual board (`fireice sim --pty`: peg actions on its standard input, its
events on its standard output), the link process on the board's port, and
Bob, an API client, as the opponent. The board's port is a symbolic link
that a restarted board is put behind, as a real board comes back at the
same /dev/ttyACM0.

Covered: a whole game; the board power-cut in mid-game and resumed; the
link killed while a local move is made; the server restarted; the
opponent resigning and running out of days (the win claimed); a move
carried out wrongly, guided back and never posted."""

import time

import pytest

from fireice.duel import Duel
from fireice.geom import hole_name, parse_position, position_str
from fireice.notation import parse_move
from linkkit import Board, Table, free_port, game_state, start_server


# A short game that Fire wins on islands A-D-F (as tests/host/test_web.py plays it)
WIN = (
    "D4-D7 D4-B4 D4-D2 B4-B3 D7-F7 D7-G7 F7-F1 F7-A7 "
    "F1-F6 F1-B1 F6-F3 D4-D3 B4-B2 A7-A4 B2-A2 A4-A6"
).split()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = start_server(tmp_path_factory.mktemp("linke2e"), ("--port", str(free_port())))
    yield s
    s.stop()


@pytest.fixture
def table(server, tmp_path):
    t = Table(server, tmp_path)
    yield t
    t.close()


def board_record(flash):
    from fireice import record

    return record.parse((flash / "game.txt").read_text())


def test_a_whole_game_through_fireice_link(server, tmp_path):
    table = Table(server, tmp_path, link_args=("--one-game",), script=WIN)
    try:
        whole_game(table)
    finally:
        table.close()


def whole_game(table):
    for _ in range(60):
        if table.turn() is None:
            break
    st = table.state()
    assert st["status"] == "won" and st["winner"] == "fire"
    ev = table.board.wait("the result", lambda e: e.get("ev") == "result")
    assert ev["result"] == (st["winner"] or "draw")
    assert board_record(table.flash).moves == st["moves"].split()
    assert table.link.p.wait(30) == 0  # --one-game: it stops once the game is over
    assert "you play fire against %s" % table.bob in table.link.text()
    # each of Bob's moves that stood on the board was told to the server
    # (carried): the game shows Alice's side as played from a board
    assert game_state(table.bob_api, table.gid)["fromBoard"] == {"fire": True, "ice": False}


def test_the_board_power_cut_in_mid_game_resumes(table):
    for _ in range(3):
        table.turn()
    played = table.moves()
    table.board.kill()
    table.board = Board(table.flash, table.port)
    ev = table.board.wait("resumed", lambda e: e.get("ev") == "resumed")
    assert ev.get("game") == table.gid
    assert '[RemoteGame "%s"]' % table.gid in (table.flash / "game.txt").read_text()
    # the pegs stood where they were: the world of the new board is set again
    game = Duel(parse_position(table.setup), 1)
    for m in played:
        game.play(*parse_move(m))
    since = table.board.mark()
    table.board.world(board=position_str(game.cells))
    table.board.wait("ready", lambda e: e.get("ev") == "ready", since)
    for _ in range(3):
        table.turn()
    assert board_record(table.flash).moves == table.moves()
    assert table.moves()[: len(played)] == played and len(table.moves()) == len(played) + 3


def test_a_move_made_while_the_link_is_down_reaches_the_server(table):
    table.turn()
    table.turn()
    table.link.kill()
    before = table.moves()
    move = table.local_move()
    time.sleep(0.5)
    assert table.moves() == before  # nobody posted it
    table.start_link()
    table.wait_server(
        "%s posted by the new link" % move, lambda s: s["moves"].split() == before + [move]
    )
    table.turn()
    assert board_record(table.flash).moves == table.moves()


def test_the_server_restarted(table, server):
    table.turn()
    table.turn()  # Alice to move
    before = table.moves()
    server.kill()
    move = table.local_move(moves=before)  # made while the server is away
    server.start()
    table.wait_server(
        "%s posted after the restart" % move, lambda s: s["moves"].split() == before + [move], 60
    )
    table.turn()
    assert board_record(table.flash).moves == table.moves()


def test_the_opponent_resigns(table):
    table.turn()
    since = table.board.mark()
    table.bob_api.request("POST", "/api/board/game/%s/resign" % table.gid)
    ev = table.board.wait("the result", lambda e: e.get("ev") == "result", since)
    assert ev["result"] == "fire" and ev.get("status") == "resign"


def test_the_opponents_days_run_out_and_the_win_is_claimed(server, tmp_path):
    table = Table(server, tmp_path, days=1)
    try:
        table.turn()  # Alice's move: Bob's turn, and Bob has no stream open
        server.advance(30 * 86400)  # his day and his vacation gone
        since = table.board.mark()
        ev = table.board.wait("the result", lambda e: e.get("ev") == "result", since, timeout=40)
        assert ev["result"] == "fire" and ev.get("status") == "outoftime"
        assert table.state()["status"] == "outoftime"
        assert "victory claimed" in table.link.text()
    finally:
        server.set_offset(0)
        table.close()


def test_a_move_carried_out_wrongly_is_guided_back_and_never_posted(table):
    table.turn()  # Alice
    moves, move, since = table.show_remote()
    # Alice lifts one of her own pegs instead: illegal, shown the way back
    game = Duel(parse_position(table.setup), 1)
    for m in moves:
        game.play(*parse_move(m))
    mine = next(hole_name(h) for h in range(49) if game.cells[h] == 1)
    table.board.world(lift=mine)
    table.board.wait("illegal", lambda e: e.get("ev") == "illegal", since)
    table.board.world(put=mine, peg="fire")
    table.board.carry(move, "ice")
    ev = table.board.wait("%s carried" % move, lambda e: e.get("ev") == "move", since)
    assert ev["move"] == move and ev["by"] == "ice"
    moved = [e for e in table.board.events[since:] if e.get("ev") == "move"]
    assert [e["by"] for e in moved] == ["ice"]
    time.sleep(0.5)
    assert table.moves() == moves + [move]  # nothing of Alice's posted
