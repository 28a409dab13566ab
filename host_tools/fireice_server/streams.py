"""NDJSON streams: a user's events and a game's states.

Each line is one JSON event with its `seq`; an empty line is sent when
nothing else was for `keepalive` seconds. The lines come from a
subscription to the hub (fireice_server.hub), taken before the stored
state is read, so nothing committed in between is missed; a gap in the
seqs (or a resync from a reconnected NOTIFY listener) is filled from the
events table.

NDJSONResponse sends each line with a time limit: a client that does not
take a line within `send_timeout` seconds, or whose queue in the hub
overflowed, is dropped: the response ends unfinished, the server closes
the connection, and nothing more is kept for it."""

import asyncio
import json
import logging

from starlette.responses import Response

from fireice_server.hub import PRESENCE, RESYNC

log = logging.getLogger("fireice_server")


class Options:
    keepalive = 5.0
    send_timeout = 10.0


def line(body, seq):
    out = dict(body)
    out["seq"] = seq
    return json.dumps(out) + "\n"


class NDJSONResponse(Response):
    media_type = "application/x-ndjson"

    def __init__(self, lines, options, on_drop=None):
        Response.__init__(self, status_code=200, media_type=self.media_type)
        self.lines = lines
        self.options = options
        self.on_drop = on_drop

    async def __call__(self, scope, receive, send):
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"application/x-ndjson"),
                    (b"cache-control", b"no-cache"),
                    (b"x-accel-buffering", b"no"),
                ],
            }
        )
        gone = asyncio.Event()

        async def watch():
            while True:
                msg = await receive()
                if msg["type"] == "http.disconnect":
                    gone.set()
                    return

        watcher = asyncio.create_task(watch())
        complete = True
        try:
            async for text in self.lines:
                if gone.is_set():
                    return
                if text is None:  # dropped by the hub
                    complete = False
                    break
                try:
                    await asyncio.wait_for(
                        send(
                            {
                                "type": "http.response.body",
                                "body": text.encode(),
                                "more_body": True,
                            }
                        ),
                        self.options.send_timeout,
                    )
                except TimeoutError:
                    complete = False
                    break
            if complete and not gone.is_set():
                await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            watcher.cancel()
            await self.lines.aclose()
            if not complete and self.on_drop:
                self.on_drop()
        # an incomplete response: the server closes the connection


async def follow(service, sub, last, stop_after=None, wake_at=None):
    """The live part of a stream, as (text, body, seq): an event's line,
    its body and seq; a keep-alive ("\n", None, None); a quiet tick
    (None, None, None), for the caller's own checks; ("dropped", None,
    None) once the hub dropped the subscriber, and then the end.
    stop_after(body) True ends the stream after that event.

    A quiet stream sleeps until something happens: an event, a presence
    change in the hub (a quiet tick), the next keep-alive, or the loop
    time wake_at() returns (None: no such time), when the caller has a
    check to make (opponentGone). It never wakes just to look."""
    opts = service.stream_options
    loop = asyncio.get_running_loop()
    quiet_since = loop.time()
    while True:
        due = quiet_since + opts.keepalive
        wake = wake_at() if wake_at else None
        if wake is not None:
            due = min(due, wake)
        item = await sub.get(max(0.0, due - loop.time()))
        now = loop.time()
        if item is None or item is PRESENCE:
            if item is None and now - quiet_since >= opts.keepalive:
                quiet_since = now
                yield "\n", None, None
            else:
                yield None, None, None
            continue
        seq, body = item
        if seq == -2:
            yield "dropped", None, None
            return
        if item is RESYNC or seq > last + 1:
            found, _first = await service.events_since(sub.stream, last)
            batch = found
        elif seq <= last:
            continue
        else:
            batch = [(seq, body)]
        for s, b in batch:
            if s <= last:
                continue
            last = s
            quiet_since = now
            yield line(b, s), b, s
            if stop_after and stop_after(b):
                return
