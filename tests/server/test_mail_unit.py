"""The turn e-mails' queue and worker against a local SMTP server."""

import time

import pytest

from fireice_server import mail

from smtpsink import free_port, start


@pytest.fixture
def smtp():
    ctl, sink = start()
    yield ctl, sink
    ctl.stop()


def test_a_turn_message_reaches_the_smtp_server(smtp):
    ctl, sink = smtp
    m = mail.Mailer("127.0.0.1", ctl.port, "server@fireice.test", "http://127.0.0.1:9")
    m.turn("bob@example.org", "bob", "g42", "alice", "D4-C4", 3)
    got = sink.wait_for(1)
    m.stop()
    assert len(got) == 1
    msg = got[0]
    assert msg["To"] == "bob@example.org" and msg["X-Envelope-To"] == "bob@example.org"
    assert msg["From"] == "server@fireice.test"
    assert "g42" in msg["Subject"] and "alice" in msg["Subject"]
    body = msg.get_payload()
    assert "alice played D4-C4 in game g42" in body
    assert "3 days" in body and "http://127.0.0.1:9/game/g42" in body
    assert m.sent == 1 and m.failed == 0


def test_an_smtp_server_that_is_down_costs_no_time(monkeypatch):
    monkeypatch.setattr(mail, "RETRY_S", (0.05, 0.05))
    m = mail.Mailer("127.0.0.1", free_port(), "server@fireice.test")
    t = time.perf_counter()
    for k in range(20):
        m.turn("bob@example.org", "bob", "g%d" % k, "alice", "D4-C4", 3)
    assert time.perf_counter() - t < 0.5  # queued, not sent on the caller's time
    m.stop(timeout=10)
    assert m.failed == 20 and m.sent == 0


def test_a_full_queue_drops_and_never_blocks(monkeypatch):
    monkeypatch.setattr(mail, "QUEUE_SIZE", 3)
    m = mail.Mailer("127.0.0.1", free_port(), "server@fireice.test")
    m._start = lambda: None  # no worker: the queue only fills
    for k in range(10):
        m.turn("bob@example.org", "bob", "g%d" % k, "alice", None, 1)
    assert m.queue.qsize() == 3 and m.dropped == 7


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "bob",
        "bob@",
        "@example.org",
        "bob@example",
        "bob @example.org",
        "bob@example.org\r\nBcc: eve@example.org",
        "a@b@example.org",
        "x" * 250 + "@ex.org",
        5,
    ],
)
def test_addresses_that_are_refused(bad):
    with pytest.raises(ValueError):
        mail.check_address(bad)


def test_smtp_option():
    assert mail.parse_smtp("127.0.0.1:2525") == ("127.0.0.1", 2525)
    assert mail.parse_smtp("mail.example.org") == ("mail.example.org", 25)
    for bad in (":25", "host:x", "host:0", "host:70000"):
        with pytest.raises(ValueError):
            mail.parse_smtp(bad)
