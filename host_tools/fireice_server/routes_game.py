"""Games: the board API (stream, move, resign, abort, claim-victory),
the public game, its record, a player's games, and the event stream."""

import asyncio

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import PlainTextResponse

from fireice_server import streams
from fireice_server.deps import BoardUser, MaybeUser, Svc, User
from fireice_server.models import Held, Ok
from fireice_server.service import ServiceError, other

router = APIRouter(tags=["games"])

_NDJSON = {200: {"content": {"application/x-ndjson": {}}, "description": "NDJSON lines"}}


def _check_since(since, seq):
    if since < 0 or since > seq:
        raise ServiceError(400, "since %d is not a seq of this stream (last %d)" % (since, seq))


@router.get("/api/stream/event", responses=_NDJSON)
async def event_stream(
    user: BoardUser,
    svc: Svc,
    since: Annotated[int | None, Query(description="replay the events after this seq")] = None,
):
    """The user's events: challenge, challengeDeclined, challengeCanceled,
    gameStart, gameFinish. On connect, the games in progress (gameStart)
    and open challenges are sent again."""
    sub = svc.hub.subscribe("u:%d" % user["id"])
    try:
        seq, bodies = await svc.user_stream_start(user)
        replay = []
        if since is not None:
            _check_since(since, seq)
            replay, _first = await svc.events_since(sub.stream, since)
    except BaseException:
        svc.hub.unsubscribe(sub)
        raise

    async def lines():
        try:
            last = seq
            for s, b in replay:
                yield streams.line(b, s)
                last = max(last, s)
            for b in bodies:
                yield streams.line(b, seq)
            async for text, _body, _s in streams.follow(svc, sub, last):
                if text == "dropped":
                    yield None
                    return
                if text:
                    yield text
        finally:
            svc.hub.unsubscribe(sub)

    return streams.NDJSONResponse(lines(), svc.stream_options, svc.count_drop)


@router.get("/api/board/game/stream/{gid}", responses=_NDJSON)
async def game_stream(
    gid: str,
    user: MaybeUser,
    svc: Svc,
    since: Annotated[int | None, Query(description="replay the states after this seq")] = None,
):
    """The game: gameFull, then a gameState per change, opponentGone to a
    player whose opponent's stream has been away (on the opponent's turn).
    Ends after the game ends. Anyone may watch; a token marks a player."""
    sub = svc.hub.subscribe("g:" + gid)
    try:
        full, g = await svc.game_full(gid)
        replay = await _replay(svc, sub, since, g["event_seq"])
    except BaseException:
        svc.hub.unsubscribe(sub)
        raise
    side = svc.side_of(g, user)
    lines = _game_lines(svc, sub, gid, side, full, g["event_seq"], replay)
    return streams.NDJSONResponse(lines, svc.stream_options, svc.count_drop)


async def _replay(svc, sub, since, seq):
    """The (seq, state) pairs after since to send instead of gameFull, or
    None: no since, or some of the events after it are no longer kept."""
    if since is None:
        return None
    _check_since(since, seq)
    found, first = await svc.events_since(sub.stream, since)
    if first is None or first <= since + 1 or since == seq:
        return found
    return None


async def _game_lines(svc, sub, gid, side, full, seq, replay):
    """The game stream's lines (None once the hub dropped it): gameFull at
    seq or the replay, then the game's events until it ends, with
    opponentGone to a player (side) when it changes."""
    loop = asyncio.get_running_loop()
    opened = loop.time()
    if side:
        svc.hub.arrive(gid, side, opened)
    try:
        last, state = seq, full["state"]
        if replay is None:
            yield streams.line(full, seq)
        for s, b in replay or ():
            yield streams.line(b, s)
            last, state = s, b
        if state["status"] != "started":
            return
        away = _OpponentAway(svc, gid, side, state, opened)
        async for text, body, s in streams.follow(svc, sub, last, wake_at=away.wake_at):
            if text == "dropped":
                yield None
                return
            if text:
                yield text
            if body is not None:
                last = s
                away.new_state(body)
                if body["status"] != "started":
                    return
            if away.changed():
                yield streams.line(await svc.gone_event(gid, away.gone), last)
    finally:
        svc.hub.unsubscribe(sub)
        if side:
            svc.hub.leave(gid, side, loop.time())


class _OpponentAway:
    """Whether a player's opponent counts as gone: their stream away for
    svc.gone_after on their turn, counted from the later of when they left
    and when their turn began (none before the stream opened). side None:
    a watcher, never told."""

    def __init__(self, svc, gid, side, state, opened):
        self.svc = svc
        self.gid = gid
        self.side = side
        self.state = state
        self.opened = opened
        self.turn_since = opened  # when the side to move last changed
        self.gone = False  # what the stream said last

    def new_state(self, body):
        if body.get("to_move") != self.state.get("to_move"):
            self.turn_since = asyncio.get_running_loop().time()
        self.state = body

    def _since(self):
        """When the opponent's absence began to count, or None: not their
        turn, or their stream is here."""
        opp = other(self.side)
        if self.state["to_move"] != opp:
            return None
        away = self.svc.hub.away_since(self.gid, opp, self.opened)
        return None if away is None else max(away, self.turn_since)

    def wake_at(self):
        """When opponentGone could become true with nothing else happening
        (loop time), or None."""
        if not self.side or self.gone:
            return None
        since = self._since()
        return None if since is None else since + self.svc.gone_after

    def changed(self):
        """True when opponentGone changed (self.gone is now its value)."""
        if not self.side:
            return False
        since = self._since()
        now = asyncio.get_running_loop().time()
        gone = since is not None and now - since >= self.svc.gone_after
        if gone == self.gone:
            return False
        self.gone = gone
        return True


@router.post("/api/board/game/{gid}/move/{move}", response_model=Ok)
async def move(
    gid: str,
    move: str,
    user: BoardUser,
    svc: Svc,
    ply: Annotated[int | None, Query(description="the number of moves before this one")] = None,
):
    """Play a move (F6-C6). Acknowledged once committed. 400 for an
    illegal or out-of-turn move; 409 for a stale ply; the same move at the
    same ply again answers 200 and is not played twice."""
    return await svc.move(user, gid, move, ply)


@router.post("/api/board/game/{gid}/resign", response_model=Ok)
async def resign(gid: str, user: BoardUser, svc: Svc):
    return await svc.resign(user, gid)


@router.post("/api/board/game/{gid}/abort", response_model=Ok)
async def abort(gid: str, user: User, svc: Svc):
    """End the game without a result, before each side has moved."""
    return await svc.abort(user, gid)


@router.post("/api/board/game/{gid}/carried", response_model=Held)
async def carried(
    gid: str,
    user: BoardUser,
    svc: Svc,
    ply: Annotated[
        int, Query(description="the moves in the game after the opponent's move now on the board")
    ],
):
    """The opponent's move that made ply `ply` now stands on my board: the
    time since it was played is not charged to my clock or days, up to 30 s
    a move (live) or 5 min (correspondence), once a ply; my side is shown
    as played from a board. 409 when ply is not the game's, or not my turn."""
    return await svc.carried(user, gid, ply)


@router.post("/api/board/game/{gid}/claim-victory", response_model=Ok)
async def claim_victory(gid: str, user: BoardUser, svc: Svc):
    """Win a game whose opponent, to move, has run out of days or clock."""
    return await svc.claim_victory(user, gid)


@router.get("/api/game/{gid}")
async def game(gid: str, svc: Svc):
    """The game as in gameFull (public)."""
    full, _g = await svc.game_full(gid)
    full.pop("type")
    return full


@router.get("/api/game/{gid}/record", response_class=PlainTextResponse)
async def record(gid: str, svc: Svc):
    """The game as a record (docs/records.md); `fireice replay` reads it."""
    text = await svc.game_record(gid)
    return PlainTextResponse(
        text, headers={"content-disposition": 'attachment; filename="%s.fireice"' % gid}
    )


@router.get("/api/games/user/{username}")
async def games_of_user(
    username: str,
    svc: Svc,
    max: Annotated[int, Query(ge=1, le=1000, description="at most this many games")] = 50,
):
    """The player's games, newest first."""
    return await svc.games_of(username, limit=max)


@router.get("/api/account/playing")
async def playing(user: BoardUser, svc: Svc):
    """My games in progress, with isMyTurn."""
    return await svc.games_of(user["username"], limit=1000, playing_only=True)


@router.get("/api/status")
async def status(svc: Svc):
    """The process's streams: open, and dropped (slow readers) so far."""
    return {"streams": svc.hub.count(), "dropped": svc.hub.dropped}


__all__ = ["router", "Ok"]
