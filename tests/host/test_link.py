"""The bridge's logic (fireice_tools.link.Bridge) against a real `fireice
server` on 127.0.0.1 and a scripted board double (linkkit.ScriptedBoard):
a whole game relayed both ways, posts only of what the board announced,
a retry after a lost answer played once, the choice among games, moves
made elsewhere, the server restarted, and no control byte ever sent. The
end-to-end tests with the virtual board are in test_link_e2e.py."""

import io
import threading

import pytest

from fireice_tools.apiclient import Client, ServerDown
from fireice_tools.link import Bridge, check_line, clock_text, command_line
from fireice.geom import position_str
from linkkit import (
    free_port,
    ScriptedBoard,
    game_state,
    player,
    random_legal,
    rng,
    start_game,
    start_server,
    wait_for,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = start_server(tmp_path_factory.mktemp("linksrv"))
    yield s
    s.stop()


class Running:
    """A Bridge in a thread; its output kept."""

    def __init__(self, board, client, **kw):
        self.out = io.StringIO()
        self.bridge = Bridge(board, client, out=self.out, **kw)
        self.thread = threading.Thread(target=self.bridge.run, daemon=True)
        self.thread.start()

    def text(self):
        return self.out.getvalue()

    def stop(self):
        self.bridge.stop.set()
        self.thread.join(10)
        assert not self.thread.is_alive()


class LosingClient(Client):
    """A client whose first move post reaches the server but whose answer
    is lost on the way back."""

    def __init__(self, *a, **kw):
        Client.__init__(self, *a, **kw)
        self.posts = []
        self.lost = 0

    def request(self, method, path, body=None, params=None):
        answer = Client.request(self, method, path, body, params)
        if "/move/" in path:
            self.posts.append((path.rsplit("/", 1)[1], params["ply"]))
            if not self.lost:
                self.lost += 1
                raise ServerDown("the answer was lost")
        return answer


def play_out(server, gid, board, ice_api, seed, limit=200, until=None):
    """Both sides move at random until the game ends (or `until` moves):
    Fire on the board double, Ice through the API. The server's last state."""
    r = rng(seed)
    for _ in range(limit):
        g = game_state(ice_api, gid)
        st = g["state"]
        moves = st["moves"].split()
        n = len(moves)
        if st["status"] != "started" or (until is not None and len(moves) >= until):
            return g
        side, move = random_legal(g["setup"], moves, r)
        if side == "ice":
            ice_api.request(
                "POST", "/api/board/game/%s/move/%s" % (gid, move), params={"ply": len(moves)}
            )
            # the bridge puts it on the board
            wait_for(
                "the board to have ply %d" % (len(moves) + 1),
                lambda n=n: len(board.moves) > n,
            )
        else:
            wait_for(
                "the board in step", lambda m=moves: board.moves == m and board.to_move() == "fire"
            )
            board.local(move)
            wait_for(
                "%s on the server" % move,
                lambda n=n: len(game_state(ice_api, gid)["state"]["moves"].split()) > n,
            )
    raise AssertionError("the game did not end in %d moves" % limit)


def test_a_whole_game_is_relayed_both_ways_and_only_announced_moves_are_posted(server):
    alice, alice_api = player(server.url)
    bob, bob_api = player(server.url)
    gid = start_game(alice_api, bob, accept=bob_api, days=3)
    board = ScriptedBoard()
    client = LosingClient(server.url, alice_api.token)
    run = Running(board, client)
    try:
        wait_for("the board's remote game", lambda: board.game == gid)
        assert board.vs == "ice"
        new = next(line for line in board.lines if line.startswith("new "))
        assert '"opponent": "%s"' % bob in new
        final = play_out(server, gid, board, bob_api, seed=5)
        assert final["state"]["status"] in ("won", "draw")
        server_moves = final["state"]["moves"].split()
        wait_for("the board's result", lambda: board.result is not None)
        assert board.moves == server_moves
        assert board.result == {
            "winner": final["state"]["winner"],
            "status": final["state"]["status"],
        }
        # every post is a move the board announced as Fire's, at its ply
        # (the first one's answer was lost: posted again, or seen in the
        # game's stream first; the server has each move once either way)
        assert client.lost == 1
        assert client.posts
        for move, ply in client.posts:
            assert server_moves[ply] == move
            assert ("remote " + move) not in board.lines
        # the remote moves were sent as `remote MOVE`, and carried was told
        assert any(line.startswith("remote ") and line[7:] in server_moves for line in board.lines)
        assert "against %s" % bob in run.text()
    finally:
        run.stop()


def test_a_post_whose_answer_was_lost_is_posted_again_and_played_once(server):
    alice, alice_api = player(server.url)
    bob, bob_api = player(server.url)
    gid = start_game(alice_api, bob, accept=bob_api, days=3)
    g = game_state(bob_api, gid)
    _, move = random_legal(g["setup"], [], rng(4))
    client = LosingClient(server.url, alice_api.token)
    bridge = Bridge(ScriptedBoard(), client, out=io.StringIO())
    bridge.game, bridge.side, bridge.server_up = gid, "fire", True
    bridge.pending[0] = move
    bridge.flush_posts()  # played; the answer lost: kept to post again
    assert bridge.pending == {0: move} and not bridge.server_up
    bridge.flush_posts()
    assert bridge.pending == {}
    assert client.posts == [(move, 0), (move, 0)]
    assert game_state(bob_api, gid)["state"]["moves"].split() == [move]


def test_a_move_made_elsewhere_is_not_posted_and_the_board_follows_the_server(server):
    alice, alice_api = player(server.url)
    bob, bob_api = player(server.url)
    gid = start_game(alice_api, bob, accept=bob_api, days=3)
    board = ScriptedBoard()
    run = Running(board, Client(server.url, alice_api.token))
    try:
        wait_for("the board's remote game", lambda: board.game == gid)
        g = game_state(bob_api, gid)
        side, move = random_legal(g["setup"], [], rng(1))
        # Alice plays her first move on the site, not on the board
        alice_api.request("POST", "/api/board/game/%s/move/%s" % (gid, move), params={"ply": 0})
        wait_for("the board to take it", lambda: board.moves == [move])
        assert any(line.startswith("remote sync") for line in board.lines[2:])
        # a `move` event the board did not make as Fire, or without a ply, is never posted
        board.emit({"ev": "move", "move": "A1-A2", "by": "ice", "ply": 2})
        board.emit({"ev": "move", "move": "A1-A2", "by": "fire"})
        _, reply = random_legal(g["setup"], [move], rng(2))
        bob_api.request("POST", "/api/board/game/%s/move/%s" % (gid, reply), params={"ply": 1})
        wait_for("Bob's move on the board", lambda: board.moves == [move, reply])
        assert game_state(bob_api, gid)["state"]["moves"].split() == [move, reply]
    finally:
        run.stop()


def test_of_several_games_the_one_whose_turn_it_is_is_played_or_the_one_named(server):
    alice, alice_api = player(server.url)
    bob, bob_api = player(server.url)
    first = start_game(alice_api, bob, accept=bob_api, days=3)  # Alice (Fire) to move
    second = start_game(bob_api, alice, accept=alice_api, days=3)  # Bob (Fire) to move
    for want, expect in ((None, first), (second, second)):
        board = ScriptedBoard()
        run = Running(board, Client(server.url, alice_api.token), game_id=want)
        try:
            wait_for("the board's remote game", lambda b=board: b.game is not None)
            assert board.game == expect
            assert board.vs == ("ice" if expect == first else "fire")
        finally:
            run.stop()


def test_a_move_made_while_the_server_is_down_is_posted_once_it_is_back(tmp_path):
    port = str(free_port())
    srv = start_server(tmp_path, ("--port", port))
    run = None
    try:
        alice, alice_api = player(srv.url)
        bob, bob_api = player(srv.url)
        gid = start_game(alice_api, bob, accept=bob_api, days=3)
        board = ScriptedBoard()
        run = Running(board, Client(srv.url, alice_api.token))
        wait_for("the board's remote game", lambda: board.game == gid)
        srv.kill()
        wait_for("the bridge to see the server gone", lambda: "connecting again" in run.text())
        wait_for("the board told", lambda: (board.link or {}).get("state") == "offline")
        _, move = random_legal(position_str(board.start_position), [], rng(3))
        board.local(move)
        srv = start_server(tmp_path, ("--port", port))
        wait_for(
            "the move posted once the server is back",
            lambda: game_state(bob_api, gid)["state"]["moves"].split() == [move],
            timeout=40,
        )
        wait_for("the board told", lambda: (board.link or {}).get("state") == "waiting")
    finally:
        if run:
            run.stop()
        srv.stop()


def test_no_control_byte_ever_goes_to_the_board():
    line = command_line("new", {"opponent": "a\x03b\u00e9", "game": "x"})
    assert "\x03" not in line and "\\u0003" in line
    check_line(line)
    for bad in ("remote \x03", "remote D4-C4\n", "status\x04", "new \u00e9"):
        with pytest.raises(ValueError):
            check_line(bad)


def test_time_left_is_shown_as_a_person_reads_it():
    assert clock_text(65_000, None) == "1:05"
    assert clock_text(3_725_000, None) == "1:02:05"
    assert clock_text(2 * 86_400_000 + 3 * 3_600_000, 3) == "2 d 3 h"
    assert clock_text(5 * 3_600_000 + 60_000, 3) == "5 h 1 min"
