"""Who listens to which stream, in this process.

A stream is "g:<game id>" (a game's stream) or "u:<user id>" (a user's
events). A committed event reaches the hub (directly on SQLite; through
PostgreSQL's NOTIFY on PostgreSQL, so that every process gets it) and is
put in the bounded queue of each subscriber of its stream. A subscriber
whose queue is full is dropped: its queue is emptied and its stream
ends, so a client that stops reading costs no more memory and never
holds up the others (delivery never waits).

Presence: which players of a game have a stream open, here or (on
PostgreSQL) in another process, and since when the others have not (for
opponentGone). Each process tells the others through the same NOTIFY
channel how many streams of a game's side it holds whenever that changes,
and again every PRESENCE_BEAT seconds while it holds any; a count heard
from another process lasts PRESENCE_TTL seconds unless it is told again,
so a process killed with streams open does not keep its players present
for ever (they are seen gone PRESENCE_TTL after its last word)."""

import asyncio
import json
import logging
import secrets

log = logging.getLogger("fireice_server")

# an item that tells a subscriber to read the stream from the database
# (an event may have been missed: a reconnected NOTIFY listener)
RESYNC = (-1, None)
_DROPPED = (-2, None)
# an item that tells a game's streams that a player's presence changed
PRESENCE = (-3, None)

PRESENCE_BEAT = 10.0
PRESENCE_TTL = 3 * PRESENCE_BEAT


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
        self.presence = {}  # (game id, side) -> number of open streams here
        self.gone_since = {}  # (game id, side) -> when its last stream closed
        # other processes' streams: (game id, side) -> {process: when last told}
        self.elsewhere = {}
        self.origin = secrets.token_hex(6)  # this process, in presence notices
        self.to_tell = set()  # keys whose count the other processes must hear
        self.told = None  # an asyncio.Event set by a change (None: one process)

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
        self._tell(key)
        self._presence_changed(game_id)

    def leave(self, game_id, side, now):
        key = (game_id, side)
        n = self.presence.get(key, 0) - 1
        if n <= 0:
            self.presence.pop(key, None)
            self._tell(key)
            if not self._elsewhere(key, now):
                self.gone_since[key] = now
            self._presence_changed(game_id)
        else:
            self.presence[key] = n

    def _tell(self, key):
        if self.told is not None:
            self.to_tell.add(key)
            self.told.set()

    def notices(self, keys):
        """The NOTIFY payloads that tell the other processes these keys'
        counts here."""
        return [
            json.dumps({"o": self.origin, "pr": [g, side, self.presence.get((g, side), 0)]})
            for g, side in keys
        ]

    def heard(self, origin, game_id, side, count, now):
        """Another process holds count streams of the game's side."""
        if origin == self.origin:
            return
        key = (game_id, side)
        was = self._elsewhere(key, now) is not None
        others = self.elsewhere.setdefault(key, {})
        if count > 0:
            others[origin] = now
        else:
            others.pop(origin, None)
            if not others:
                del self.elsewhere[key]
        if was != (self._elsewhere(key, now) is not None):
            if not was:
                self.gone_since.pop(key, None)
            elif not self.presence.get(key):
                self.gone_since[key] = now
            self._presence_changed(game_id)

    def _elsewhere(self, key, now):
        """When another process last told of a stream of key that may still
        be open (None: none)."""
        last = max(self.elsewhere.get(key, {}).values(), default=None)
        if last is None or now - last >= PRESENCE_TTL:
            return None
        return last

    def _presence_changed(self, game_id):
        # the game's streams look again (opponentGone), now rather than at a tick
        for sub in list(self.subs.get("g:" + game_id, ())):
            self._put(sub, PRESENCE)

    def away_since(self, game_id, side, opened_at):
        """When side's last stream of the game closed (opened_at, the
        watcher's own start, if it never had one); None while one is open,
        here or in another process."""
        key = (game_id, side)
        if self.presence.get(key):
            return None
        now = asyncio.get_running_loop().time()
        if self._elsewhere(key, now) is not None:
            return None
        since = self.gone_since.get(key, opened_at)
        last = max(self.elsewhere.get(key, {}).values(), default=None)
        if last is not None:  # a process that fell silent: gone since it expired
            since = max(since, last + PRESENCE_TTL)
        return since


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

    loop = asyncio.get_running_loop()
    hub.told = asyncio.Event()

    def on_notify(conn, pid, channel, payload):
        try:
            m = json.loads(payload)
        except ValueError:
            return
        if "pr" in m:
            game_id, side, count = m["pr"]
            hub.heard(m["o"], game_id, side, count, loop.time())
        elif m.get("b") is None:
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
            beat = 0.0  # the next time every count held here is told again
            while not stop.is_set() and not conn.is_closed():
                if loop.time() >= beat:
                    hub.to_tell.update(k for k, n in hub.presence.items() if n > 0)
                    beat = loop.time() + PRESENCE_BEAT
                keys, hub.to_tell = hub.to_tell, set()
                hub.told.clear()
                try:
                    for payload in hub.notices(keys):
                        await conn.execute("SELECT pg_notify('fireice', $1)", payload)
                except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
                    log.warning("presence notice not sent: %s", e)
                    hub.to_tell.update(keys)  # told again once connected
                    break
                try:
                    async with asyncio.timeout(min(2.0, max(0.0, beat - loop.time()))):
                        await hub.told.wait()
                except TimeoutError:
                    pass
        finally:
            try:
                await conn.close()
            except Exception:
                pass
