"""`fireice remote` against a real server on 127.0.0.1: log in, challenge,
accept and decline, list, show and play a whole game, and the errors a
player meets (a server that is down, a bad token, an illegal move)."""

import io
import json
import os
import random
import stat
import sys

import pytest

from fireice.duel import Duel
from fireice.geom import move_name, parse_position
from fireice.moves import random_move
from fireice.notation import parse_move
from fireice_tools import cli
from fireice_tools.apiclient import Client

from clientkit import backend  # noqa: F401 (SQLite only)
from clientkit import free_port, new_account


def remote(monkeypatch, capsys, conf, *argv, stdin=""):
    """Run `fireice remote ...` as the player whose login is in conf:
    (exit status, standard output, standard error)."""
    monkeypatch.setenv("FIREICE_REMOTE_CONFIG", str(conf))
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    capsys.readouterr()
    rc = cli.main(["remote"] + list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.fixture
def server_url(make_server):
    """A server of the test's own (the players' names are the same in each test)."""
    return make_server().start().url


@pytest.fixture
def players(server_url, tmp_path, monkeypatch, capsys):
    """alice and bob, both logged in with fireice remote: their config files."""
    confs = {}
    for name in ("alice", "bob"):
        password = new_account(server_url, name)
        conf = tmp_path / name / "remote.json"
        rc, out, err = remote(
            monkeypatch, capsys, conf, "login", server_url, stdin="%s\n%s\n" % (name, password)
        )
        assert rc == 0, err
        assert "logged in to %s as %s" % (server_url, name) in out
        confs[name] = conf
    return confs


def test_login_keeps_a_private_token_that_works(server_url, players):
    conf = players["alice"]
    assert stat.S_IMODE(os.stat(conf).st_mode) == 0o600
    saved = json.loads(conf.read_text())
    assert saved["url"] == server_url and saved["username"] == "alice"
    me = Client(server_url, saved["token"]).request("GET", "/api/account")
    assert me["username"] == "alice"


def test_a_wrong_password_is_refused_and_nothing_kept(server_url, tmp_path, monkeypatch, capsys):
    new_account(server_url, "carol")
    conf = tmp_path / "carol.json"
    rc, out, err = remote(
        monkeypatch, capsys, conf, "login", server_url, stdin="carol\nnot-her-password\n"
    )
    assert rc == 1 and "refused the login" in err
    assert not conf.exists()


def test_a_whole_game_by_mail(server_url, players, monkeypatch, capsys):
    a, b = players["alice"], players["bob"]
    rc, out, err = remote(
        monkeypatch,
        capsys,
        a,
        "challenge",
        "--handicap",
        "2",
        "--days",
        "5",
        "--color",
        "fire",
        "bob",
    )
    assert rc == 0, err
    gid = out.split()[1]
    assert "sent to bob (5 days a move)" in out
    rc, out, err = remote(monkeypatch, capsys, b, "games")
    assert "challenge %s from alice (5 days, handicap 2 for fire, they play fire)" % gid in out
    rc, out, err = remote(monkeypatch, capsys, a, "games")
    assert "challenge %s to bob (5 days, handicap 2 for fire): waiting" % gid in out
    rc, out, err = remote(monkeypatch, capsys, b, "accept", gid)
    assert rc == 0, err
    rc, out, err = remote(monkeypatch, capsys, a, "games")
    assert rc == 0 and gid in out and "your turn (fire)" in out and "5 days" in out
    rc, out, err = remote(monkeypatch, capsys, b, "games")
    assert "alice's turn (fire)" in out

    # the board as the play-by-mail server drew it: two handicap pegs and D4
    # out of Fire's 25
    rc, out, err = remote(monkeypatch, capsys, a, "show", gid)
    assert rc == 0
    assert "FIRE (#): 22" in out and "ICE (O): 25" in out
    assert "alice (Fire, #) vs bob (Ice, O), handicap 2" in out
    assert "moves: none yet" in out

    # out of turn, and not a move at all: refused before anything is sent
    rc, out, err = remote(monkeypatch, capsys, b, "move", gid, "D4-C4")
    assert rc == 1 and "not your turn" in err
    rc, out, err = remote(monkeypatch, capsys, a, "move", gid, "D4-Q4")
    assert rc == 1 and "D4-Q4 is not a move" in err
    # an illegal move: the server's reason
    rc, out, err = remote(monkeypatch, capsys, a, "move", gid, "A1-D1")
    assert rc == 1 and "refused in game %s" % gid in err

    game = Client(server_url).request("GET", "/api/game/%s" % gid)
    duel = Duel(parse_position(game["setup"]), 1)
    rng = random.Random(5)
    played = []
    while not duel.result:
        mv = random_move(duel, rng.randrange)
        text = move_name(mv >> 6, mv & 63)
        conf = a if duel.to_move == 1 else b
        rc, out, err = remote(monkeypatch, capsys, conf, "move", gid, text.lower())
        assert rc == 0, err
        assert out.startswith("played %s in game %s" % (text, gid))
        duel.play(*parse_move(text))
        played.append(text)
        assert len(played) < 60
    rc, out, err = remote(monkeypatch, capsys, a, "show", gid)
    assert "moves: " + " ".join(played) in out
    winner = "alice" if duel.result == 1 else "bob"
    assert "%s won" % winner in out
    rc, out, err = remote(monkeypatch, capsys, a, "games")
    assert gid not in out
    rc, out, err = remote(monkeypatch, capsys, a, "games", "--all")
    assert gid in out and "%s won" % winner in out
    # a move in a finished game
    rc, out, err = remote(monkeypatch, capsys, b, "move", gid, "D4-C4")
    assert rc == 1 and "is over" in err


def test_decline_and_live_clock(server_url, players, monkeypatch, capsys):
    a, b = players["alice"], players["bob"]
    rc, out, err = remote(monkeypatch, capsys, a, "challenge", "--clock", "300+5", "bob")
    assert rc == 0, err
    assert "(a clock of 300+5)" in out
    gid = out.split()[1]
    rc, out, err = remote(monkeypatch, capsys, b, "decline", gid)
    assert rc == 0 and "declined" in out
    rc, out, err = remote(monkeypatch, capsys, b, "accept", gid)
    assert rc == 1
    rc, out, err = remote(monkeypatch, capsys, a, "challenge", "--clock", "5 minutes", "bob")
    assert rc == 1 and "--clock takes LIMIT+INCREMENT" in err
    rc, out, err = remote(monkeypatch, capsys, a, "challenge", "--handicap", "9", "bob")
    assert rc == 1 and "handicap" in err


def test_clear_errors(server_url, players, tmp_path, monkeypatch, capsys):
    # no login
    rc, out, err = remote(monkeypatch, capsys, tmp_path / "nobody.json", "games")
    assert rc == 1 and "not logged in" in err
    # a token the server does not know
    bad = tmp_path / "bad.json"
    saved = json.loads(players["alice"].read_text())
    saved["token"] = "0" * 32
    bad.write_text(json.dumps(saved))
    rc, out, err = remote(monkeypatch, capsys, bad, "games")
    assert rc == 1 and "refused your token" in err and "login" in err
    # a server that is down
    saved["url"] = "http://127.0.0.1:%d" % free_port()
    bad.write_text(json.dumps(saved))
    rc, out, err = remote(monkeypatch, capsys, bad, "games")
    assert rc == 1 and "connection refused (is the server running?)" in err
    # a game that does not exist
    rc, out, err = remote(monkeypatch, capsys, players["alice"], "show", "nosuchgame")
    assert rc == 1 and "refused" in err
