"""E-mail on turn: with an SMTP server configured (`fireice server --smtp
HOST:PORT --mail-from ADDR`), a player whose account has an e-mail address
gets a message when it becomes their turn in a correspondence game, as the
play-by-mail server's players did.

Sending never delays or fails a move: the move's request only puts a
message on a bounded queue (dropped, and counted, when the queue is full),
and one worker thread talks to the SMTP server, trying a message a few
times before giving it up. The SMTP server being slow, down or refusing
costs the players nothing but the e-mail.
"""

import logging
import queue
import smtplib
import threading
import time
from email.message import EmailMessage

log = logging.getLogger("fireice.server.mail")

QUEUE_SIZE = 1000  # messages waiting; more are dropped, never waited for
TRIES = 3
RETRY_S = (1.0, 5.0)  # waits before the second and third tries
SMTP_TIMEOUT_S = 10.0
MAX_ADDRESS = 254  # the longest address SMTP carries (RFC 5321)


def parse_smtp(text):
    """'HOST:PORT' (or 'HOST', port 25) -> (host, port); ValueError naming
    what is wrong."""
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = text, "25"
    if not host:
        raise ValueError("--smtp: no host in %r (HOST:PORT)" % text)
    try:
        n = int(port)
    except ValueError:
        raise ValueError("--smtp: the port of %r is not a number" % text)
    if not 0 < n < 65536:
        raise ValueError("--smtp: port %d is out of range" % n)
    return host, n


def check_address(text):
    """An e-mail address as an account may keep it: the address, or
    ValueError saying what is wrong with it. Only its shape is checked
    (one @, something either side, no spaces or line ends that could
    smuggle headers in); whether it receives mail only sending shows."""
    if not isinstance(text, str):
        raise ValueError("email must be a string")
    if len(text) > MAX_ADDRESS:
        raise ValueError("email is longer than %d characters" % MAX_ADDRESS)
    if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in text):
        raise ValueError("email must not hold spaces or control characters")
    local, at, domain = text.rpartition("@")
    if not at or not local or "." not in domain or domain.startswith(".") or "@" in local:
        raise ValueError("email must look like name@example.org")
    return text


def turn_message(sender, to, username, game_id, opponent, last_move, days, base_url=None):
    """The e-mail that tells a player it is their move."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = "Fire and Ice: your move in game %s against %s" % (game_id, opponent)
    lines = [
        "Hello %s," % username,
        "",
        "%s played %s in game %s. It is your move." % (opponent, last_move, game_id)
        if last_move
        else "Game %s against %s has started. It is your move." % (game_id, opponent),
    ]
    if days:
        lines.append("You have %d day%s for it." % (days, "" if days == 1 else "s"))
    lines += [
        "",
        "To see the board:  fireice remote show %s" % game_id,
        "To move:           fireice remote move %s F6-C6" % game_id,
    ]
    if base_url:
        lines.append("In a browser:      %s/game/%s" % (base_url.rstrip("/"), game_id))
    msg.set_content("\n".join(lines) + "\n")
    return msg


class Mailer:
    """A queue of messages and the thread that sends them."""

    def __init__(self, host, port, sender, base_url=None):
        self.host = host
        self.port = port
        self.sender = sender
        self.base_url = base_url
        self.queue = queue.Queue(QUEUE_SIZE)
        self.sent = 0
        self.failed = 0
        self.dropped = 0
        self._thread = None
        self._lock = threading.Lock()

    def turn(self, to, username, game_id, opponent, last_move, days):
        """Queue a turn message; never blocks, never raises."""
        try:
            msg = turn_message(
                self.sender, to, username, game_id, opponent, last_move, days, self.base_url
            )
            self._start()
            self.queue.put_nowait(msg)
        except queue.Full:
            self.dropped += 1
            log.warning("mail queue full: no turn e-mail to %s for game %s", to, game_id)
        except Exception:  # an e-mail must never cost a move
            self.failed += 1
            log.exception("turn e-mail for game %s not queued", game_id)

    def _start(self):
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="mail", daemon=True)
                self._thread.start()

    def stop(self, timeout=5.0):
        """Send what is queued (for at most timeout s), then end the thread."""
        if self._thread and self._thread.is_alive():
            self.queue.put(None)
            self._thread.join(timeout)

    def _work(self):
        while True:
            msg = self.queue.get()
            if msg is None:
                return
            for k in range(TRIES):
                try:
                    with smtplib.SMTP(self.host, self.port, timeout=SMTP_TIMEOUT_S) as smtp:
                        smtp.send_message(msg)
                    self.sent += 1
                    break
                except (OSError, smtplib.SMTPException) as e:
                    if k + 1 == TRIES:
                        self.failed += 1
                        log.warning("turn e-mail to %s not sent: %s", msg["To"], e)
                    else:
                        time.sleep(RETRY_S[k])


def add_arguments(p):
    """`fireice server`'s mail options."""
    p.add_argument("--smtp", metavar="HOST:PORT", help="send turn e-mails through this SMTP server")
    p.add_argument("--mail-from", metavar="ADDR", help="with --smtp: the e-mails' sender")
    p.add_argument(
        "--public-url",
        metavar="URL",
        help="with --smtp: the server's address as players reach it, for the link in e-mails",
    )


def install(app, args):
    """Turn e-mails for the app's service, when --smtp is given; a
    ValueError names a bad option."""
    if not args.smtp:
        if args.mail_from:
            raise ValueError("--mail-from needs --smtp")
        return None
    host, port = parse_smtp(args.smtp)
    if not args.mail_from:
        raise ValueError("--smtp needs --mail-from ADDR, the e-mails' sender")
    check_address(args.mail_from)
    from fireice_server.mailturn import TurnMail

    service = app.state.service
    service.mailer = TurnMail(Mailer(host, port, args.mail_from, args.public_url), service.db)
    return service.mailer
