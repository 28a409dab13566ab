"""A local SMTP server (aiosmtpd) on 127.0.0.1 that keeps what it receives."""

import email
import socket
import threading
import time

from aiosmtpd.controller import Controller


class Sink:
    """The messages received, as email.message.Message objects."""

    def __init__(self):
        self.messages = []
        self.cond = threading.Condition()

    async def handle_DATA(self, server, session, envelope):
        msg = email.message_from_bytes(envelope.content)
        msg["X-Envelope-To"] = ", ".join(envelope.rcpt_tos)
        with self.cond:
            self.messages.append(msg)
            self.cond.notify_all()
        return "250 OK"

    def wait_for(self, count, timeout=10.0):
        """The messages once there are at least count, or those there are at the timeout."""
        end = time.monotonic() + timeout
        with self.cond:
            while len(self.messages) < count:
                left = end - time.monotonic()
                if left <= 0:
                    break
                self.cond.wait(left)
            return list(self.messages)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start():
    """(controller, sink): stop the controller with controller.stop()."""
    sink = Sink()
    ctl = Controller(sink, hostname="127.0.0.1", port=free_port())
    ctl.start()
    return ctl, sink
