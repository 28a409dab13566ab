"""`fireice bot` against a real server on 127.0.0.1: a player challenges
the bot and plays a whole game against it through the API; the bot goes on
through a restart of the server, and a new bot process takes up the game
of one that stopped."""

import os
import random
import subprocess
import sys
import time

from fireice.duel import Duel
from fireice.geom import SIDE_NAMES, move_name, parse_position
from fireice.moves import random_move
from fireice.notation import parse_move
from fireice_tools.apiclient import ApiError, Client, ServerDown

import pytest

from clientkit import backend  # noqa: F401 (SQLite only)
from clientkit import free_port, new_account, token

GAME_S = 120  # a game at level 1 takes a few seconds; this is the bound


@pytest.fixture
def server(make_server):
    """The server at a port of its own, which a restart keeps."""
    return make_server(["--port", str(free_port())]).start()


def start_bot(url, tok, log):
    """The bot, once it listens to its event stream."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "fireice_tools.cli", "bot", "--server", url, "--token", tok]
        + ["--level", "1"],
        stdout=open(log, "a"),
        stderr=subprocess.STDOUT,
        env=env,
    )
    end = time.monotonic() + 30
    while time.monotonic() < end and proc.poll() is None:
        if "connected, waiting for challenges" in log.read_text():
            return proc
        time.sleep(0.05)
    stop(proc)
    raise AssertionError("the bot did not start: %s" % log.read_text())


def stop(proc):
    proc.kill()
    proc.wait()


def play_against(url, tok, gid, rng, until_ply=None, deadline=None):
    """Play Fire's moves at random from the game's stream until the game
    ends (or, with until_ply, until that many moves are on the board);
    the last state seen."""
    api = Client(url, tok)
    deadline = deadline or time.monotonic() + GAME_S
    posted = -1
    state = {}
    while time.monotonic() < deadline:
        try:
            for ev in api.stream("/api/board/game/stream/%s" % gid):
                assert time.monotonic() < deadline, "the game took too long: %s" % state
                if ev.get("type") == "gameFull":
                    setup = ev["setup"]
                    state = ev["state"]
                elif ev.get("type") == "gameState":
                    state = ev
                else:
                    continue
                moves = (state.get("moves") or "").split()
                if state["status"] != "started" or (until_ply and len(moves) >= until_ply):
                    return state
                if state["to_move"] == "fire" and len(moves) > posted:
                    duel = Duel(parse_position(setup), 1)
                    for m in moves:
                        duel.play(*parse_move(m))
                    mv = random_move(duel, rng.randrange)
                    api.request(
                        "POST",
                        "/api/board/game/%s/move/%s" % (gid, move_name(mv >> 6, mv & 63)),
                        params={"ply": len(moves)},
                    )
                    posted = len(moves)
        except ServerDown:
            time.sleep(0.2)  # the server restarting: the stream again
    raise AssertionError("the game did not end in time: %s" % state)


def check_game(url, gid):
    """The game as the API gives it, every move judged by the rules core;
    the moves."""
    game = Client(url).request("GET", "/api/game/%s" % gid)
    duel = Duel(parse_position(game["setup"]), 1)
    moves = game["state"]["moves"].split()
    for m in moves:
        duel.play(*parse_move(m))
    assert duel.result in (1, 2)
    assert game["state"]["status"] == "won"
    assert game["state"]["winner"] == SIDE_NAMES[duel.result]
    return moves


def challenge_bot(url, name, days=2):
    new_account(url, name)
    tok = token(url, name)
    gid = Client(url, tok).request(
        "POST", "/api/challenge/robot", {"color": "fire", "days": days, "rated": True}
    )["id"]
    return tok, gid


def wait_started(url, gid, timeout=30):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            game = Client(url).request("GET", "/api/game/%s" % gid)
            if game["state"]["status"] == "started":
                return
        except ApiError as e:
            assert e.status == 404  # a challenge not yet accepted may be no game yet
        time.sleep(0.1)
    raise AssertionError("the bot did not accept the challenge")


def robot(url, tmp_path):
    """The bot's account, and the bot playing for it."""
    new_account(url, "robot")
    return start_bot(url, token(url, "robot"), tmp_path / "bot.log")


def test_a_whole_game_against_the_bot(server, tmp_path):
    url = server.url
    bot = robot(url, tmp_path)
    try:
        tok, gid = challenge_bot(url, "alice")
        wait_started(url, gid)
        state = play_against(url, tok, gid, random.Random(1))
        assert state["status"] == "won"
        moves = check_game(url, gid)
        assert len(moves[1::2]) >= 3  # the bot's moves, each judged above
        log = (tmp_path / "bot.log").read_text()
        assert "accepted challenge %s from alice" % gid in log
        assert "played %s (ply 1)" % moves[1] in log
        me = Client(url, token(url, "robot")).request("GET", "/api/account")
        assert me["rating"]["rating"] != 1500  # the game was rated
    finally:
        stop(bot)


def test_the_bot_goes_on_through_a_server_restart(server, tmp_path):
    url = server.url
    bot = robot(url, tmp_path)
    try:
        tok, gid = challenge_bot(url, "bea")
        wait_started(url, gid)
        rng = random.Random(2)
        state = play_against(url, tok, gid, rng, until_ply=4)
        server.kill()  # SIGKILL, mid-game
        time.sleep(1.0)  # the bot finds the server gone
        server.start()
        state = play_against(url, tok, gid, rng)
        assert state["status"] == "won"
        check_game(url, gid)
        log = (tmp_path / "bot.log").read_text()
        assert "connecting again" in log
    finally:
        stop(bot)


def test_a_new_bot_takes_up_the_game_in_progress(server, tmp_path):
    url = server.url
    new_account(url, "robot")
    robot = token(url, "robot")
    bot = start_bot(url, robot, tmp_path / "bot.log")
    try:
        tok, gid = challenge_bot(url, "cid")
        wait_started(url, gid)
        rng = random.Random(3)
        play_against(url, tok, gid, rng, until_ply=3)
    finally:
        stop(bot)
    bot = start_bot(url, robot, tmp_path / "bot2.log")
    try:
        state = play_against(url, tok, gid, rng)
        assert state["status"] == "won"
        check_game(url, gid)
        assert "game %s: playing" % gid in (tmp_path / "bot2.log").read_text()
    finally:
        stop(bot)
