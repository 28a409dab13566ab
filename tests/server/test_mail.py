"""E-mail on turn: a real server with --smtp sends a player an e-mail when
it becomes their turn in a correspondence game, to the address set with
PUT /api/account/email; a local aiosmtpd server receives them. An SMTP
server that is down costs the moves nothing."""

import time

import pytest

from clientkit import backend  # noqa: F401 (SQLite only)
from clientkit import free_port
from smtpsink import start
from srvtest import Player, start_game

SENDER = "server@fireice.test"


@pytest.fixture
def smtp():
    ctl, sink = start()
    yield ctl, sink
    ctl.stop()


def set_email(p, email):
    return p.http.put("/api/account/email", headers=p.headers, json={"email": email})


def test_the_address_of_an_account(make_server):
    srv = make_server().start()
    p = Player(srv)
    assert p.get("/api/account/email").json() == {"email": None}
    r = set_email(p, "me@example.org")
    assert r.status_code == 200 and r.json() == {"email": "me@example.org"}
    assert p.get("/api/account/email").json() == {"email": "me@example.org"}
    assert set_email(p, "new@example.org").json() == {"email": "new@example.org"}
    for bad in ("me", "me@example", "a b@example.org", "me@example.org\nBcc: x@y.org", 5):
        r = set_email(p, bad)
        assert r.status_code == 400 and "email" in r.json()["error"], (bad, r.text)
    assert p.get("/api/account/email").json() == {"email": "new@example.org"}  # unchanged
    r = p.http.put("/api/account/email", json={"email": "x@example.org"})
    assert r.status_code == 401
    assert set_email(p, None).json() == {"email": None}
    assert p.get("/api/account/email").json() == {"email": None}


def test_an_email_when_it_becomes_your_turn(make_server, smtp):
    ctl, sink = smtp
    srv = make_server(["--smtp", "127.0.0.1:%d" % ctl.port, "--mail-from", SENDER]).start()
    alice, bob, carol = Player(srv), Player(srv), Player(srv)
    set_email(alice, "alice@example.org")
    set_email(bob, "bob@example.org")
    # carol has no address: she gets nothing

    gid = start_game(alice, bob, days=2)  # alice plays Fire and moves first
    got = sink.wait_for(1)
    assert len(got) == 1 and got[0]["To"] == "alice@example.org"
    assert got[0]["From"] == SENDER
    assert "has started. It is your move." in got[0].get_payload()
    assert gid in got[0]["Subject"] and bob.name in got[0]["Subject"]

    assert alice.move(gid, "D4-C4", ply=0).status_code == 200
    got = sink.wait_for(2)
    assert len(got) == 2 and got[1]["To"] == "bob@example.org"
    body = got[1].get_payload()
    assert "%s played D4-C4 in game %s. It is your move." % (alice.name, gid) in body
    assert "You have 2 days for it." in body
    assert "fireice remote move %s" % gid in body

    # a retry of the same move is no new turn: no second e-mail
    assert alice.move(gid, "D4-C4", ply=0).status_code == 200
    assert bob.move(gid, "D4-D1", ply=1).status_code == 200
    got = sink.wait_for(3)
    assert [m["To"] for m in got] == ["alice@example.org", "bob@example.org", "alice@example.org"]

    # a live game: no e-mails; a player without an address: none either
    live = start_game(alice, bob, clock={"limit": 300, "increment": 0})
    assert alice.move(live, "D4-C4", ply=0).status_code == 200
    other = start_game(alice, carol, days=3)
    assert alice.move(other, "D4-C4", ply=0).status_code == 200
    time.sleep(1.0)
    got = sink.wait_for(5, timeout=1.0)
    assert [m["To"] for m in got] == [
        "alice@example.org",
        "bob@example.org",
        "alice@example.org",
        "alice@example.org",  # the game with carol started: alice to move
    ]


def test_an_smtp_server_that_is_down_delays_no_move(make_server):
    srv = make_server(["--smtp", "127.0.0.1:%d" % free_port(), "--mail-from", SENDER]).start()
    alice, bob = Player(srv), Player(srv)
    set_email(alice, "alice@example.org")
    set_email(bob, "bob@example.org")
    gid = start_game(alice, bob, days=1)
    worst = 0.0
    for ply, (p, mv) in enumerate(((alice, "D4-C4"), (bob, "D4-D1"), (alice, "C4-C1"))):
        t = time.perf_counter()
        r = p.move(gid, mv, ply=ply)
        worst = max(worst, time.perf_counter() - t)
        assert r.status_code == 200, r.text
    assert worst < 2.0  # far less than the SMTP timeouts and retries
    game = alice.get("/api/game/%s" % gid).json()
    assert game["state"]["moves"] == "D4-C4 D4-D1 C4-C1"


def test_mail_options_are_checked(make_server):
    srv = make_server(["--smtp", "127.0.0.1:x", "--mail-from", SENDER])
    with pytest.raises(AssertionError, match="the port of"):
        srv.start()
    srv = make_server(["--smtp", "127.0.0.1:25"])
    with pytest.raises(AssertionError, match="needs --mail-from"):
        srv.start()
