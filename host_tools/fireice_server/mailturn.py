"""The turn e-mails' side in the service (fireice_server.mail sends
them): the accounts' addresses, and what Service.move and Service.accept
call when a game's turn passes."""

import asyncio
import logging

from sqlalchemy import Column, Float, ForeignKey, Integer, String, Table, select

from fireice_server.mail import QUEUE_SIZE
from fireice_server.schema import metadata, users

log = logging.getLogger("fireice.server.mail")

# An account's e-mail address (at most one), set with PUT /api/account/email
# (fireice_server.routes_mail); its own table, made by the migration m001_mail.
addresses = Table(
    "mail_addresses",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("email", String(254), nullable=False),
    Column("updated_at", Float, nullable=False),
)


class TurnMail:
    """The service's side: told by Service.move and Service.accept that a
    game's turn has passed, it looks up the player's address (off the
    request path, in a task of its own) and queues the message."""

    def __init__(self, mailer, db):
        self.mailer = mailer
        self.db = db
        self.tasks = set()

    def turn_passed(self, g, mover=None):
        """g: the game's row after the commit; mover: the side that moved
        (None when the game has just started). Never raises."""
        try:
            if not g["days"] or g["status"] != "started" or g["to_move"] in (None, mover):
                return  # a live game, a game over, or the mover moves again
            if len(self.tasks) >= QUEUE_SIZE:
                self.mailer.dropped += 1
                return
            to_fire = g["to_move"] == "fire"
            to_id, other_id = (
                (g["fire_id"], g["ice_id"]) if to_fire else (g["ice_id"], g["fire_id"])
            )
            last = g["moves"].split()[-1] if g["moves"] else None
            task = asyncio.get_running_loop().create_task(
                self._queue(g["id"], to_id, other_id, last, g["days"])
            )
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        except Exception:  # an e-mail must never cost a move
            log.exception("turn e-mail for game %s", g.get("id"))

    async def _queue(self, gid, to_id, other_id, last, days):
        try:
            async with self.db.read() as conn:
                to = (
                    await conn.execute(
                        select(addresses.c.email).where(addresses.c.user_id == to_id)
                    )
                ).scalar()
                if not to:
                    return
                rows = (
                    await conn.execute(
                        select(users.c.id, users.c.username).where(
                            users.c.id.in_((to_id, other_id))
                        )
                    )
                ).all()
            names = {r.id: r.username for r in rows}
            self.mailer.turn(to, names[to_id], gid, names[other_id], last, days)
        except Exception:
            log.exception("turn e-mail for game %s", gid)
