"""Who listens to which stream, in this process.

A stream is "g:<game id>" (a game's stream) or "u:<user id>" (a user's
events). A committed event reaches the hub (directly on SQLite; through
PostgreSQL's NOTIFY on PostgreSQL, so that every process gets it) and is
put in the bounded queue of each subscriber of its stream. A subscriber
whose queue is full is dropped: its queue is emptied and its stream
ends, so a client that stops reading costs no more memory and never
holds up the others (delivery never waits).

Presence: which players of a game have a stream open here, and since
when the others have not (for opponentGone)."""

import asyncio
import json
import logging

log = logging.getLogger("fireice_server")

# an item that tells a subscriber to read the stream from the database
# (an event may have been missed: a reconnected NOTIFY listener)
RESYNC = (-1, None)
_DROPPED = (-2, None)
# an item that tells a game's streams that a player's presence changed
PRESENCE = (-3, None)


class Subscriber:
    def __init__(self, stream, maxsize):
        self.stream = stream
        self.queue = asyncio.Queue(maxsize)
        self.dropped = False

    async def get(self, timeout):
        """(seq, body), or None after timeout seconds (None: no limit), or
        PRESENCE; _DROPPED once dropped."""
        if not self.queue.empty():
            return self.queue.get_nowait()
        try:
            # asyncio.timeout, not wait_for: no task is made for each wait
            async with asyncio.timeout(timeout):
                return await self.queue.get()
        except TimeoutError:
            return None


class Hub:
    def __init__(self, queue_size=64):
        self.queue_size = queue_size
        self.subs = {}
        self.dropped = 0
        self.presence = {}  # (game id, side) -> number of open streams
        self.gone_since = {}  # (game id, side) -> when its last stream closed

    def subscribe(self, stream):
        sub = Subscriber(stream, self.queue_size)
        self.subs.setdefault(stream, set()).add(sub)
        return sub

    def unsubscribe(self, sub):
        subs = self.subs.get(sub.stream)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self.subs[sub.stream]

    def count(self):
        return sum(len(s) for s in self.subs.values())

    def deliver(self, stream, seq, body):
        for sub in list(self.subs.get(stream, ())):
            self._put(sub, (seq, body))

    def resync_all(self):
        for subs in list(self.subs.values()):
            for sub in list(subs):
                self._put(sub, RESYNC)

    def _put(self, sub, item):
        try:
            sub.queue.put_nowait(item)
        except asyncio.QueueFull:
            self.drop(sub)

    def drop(self, sub):
        if sub.dropped:
            return
        sub.dropped = True
        self.unsubscribe(sub)
        while not sub.queue.empty():
            sub.queue.get_nowait()
        sub.queue.put_nowait(_DROPPED)

    # presence of players' game streams
    def arrive(self, game_id, side, now):
        key = (game_id, side)
        self.presence[key] = self.presence.get(key, 0) + 1
        self.gone_since.pop(key, None)
        self._presence_changed(game_id)

    def leave(self, game_id, side, now):
        key = (game_id, side)
        n = self.presence.get(key, 0) - 1
        if n <= 0:
            self.presence.pop(key, None)
            self.gone_since[key] = now
            self._presence_changed(game_id)
        else:
            self.presence[key] = n

    def _presence_changed(self, game_id):
        # the game's streams look again (opponentGone), now rather than at a tick
        for sub in list(self.subs.get("g:" + game_id, ())):
            self._put(sub, PRESENCE)

    def away_since(self, game_id, side, opened_at):
        """When side's last stream of the game closed (opened_at, the
        watcher's own start, if it never had one here); None while open."""
        key = (game_id, side)
        if self.presence.get(key):
            return None
        return self.gone_since.get(key, opened_at)


def notify_payload(stream, seq, body):
    """The NOTIFY payload of an event (PostgreSQL allows 8000 bytes: a
    larger event goes without its body, which the listener then reads)."""
    text = json.dumps({"s": stream, "q": seq, "b": body})
    if len(text.encode()) > 7900:
        text = json.dumps({"s": stream, "q": seq, "b": None})
    return text


async def listen(dsn, hub, stop):
    """Feed the hub from PostgreSQL's NOTIFY until stop is set,
    reconnecting after a lost connection (then every stream re-reads)."""
    import asyncpg

    def on_notify(conn, pid, channel, payload):
        try:
            m = json.loads(payload)
        except ValueError:
            return
        if m.get("b") is None:
            for sub in list(hub.subs.get(m["s"], ())):
                hub._put(sub, RESYNC)
        else:
            hub.deliver(m["s"], m["q"], m["b"])

    first = True
    while not stop.is_set():
        try:
            conn = await asyncpg.connect(dsn)
        except (OSError, asyncpg.PostgresError) as e:
            log.warning("LISTEN connection failed: %s", e)
            await asyncio.sleep(1)
            continue
        try:
            await conn.add_listener("fireice", on_notify)
            if not first:
                hub.resync_all()
            first = False
            while not stop.is_set() and not conn.is_closed():
                try:
                    await asyncio.wait_for(stop.wait(), 2)
                except TimeoutError:
                    pass
        finally:
            try:
                await conn.close()
            except Exception:
                pass
