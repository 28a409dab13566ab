"""The game service: accounts, challenges, moves, the end of a game,
events. HTTP-free: the routers (routes_*.py), and anything else that
needs to act on games (a bot host, the web pages), call these methods.

Every change is one database transaction (Database.write), which also
stores the events it causes, each with the next `seq` of its stream;
only after the commit are the events delivered and the caller answered.
A game's moves are serialised by the lock on its row (BEGIN IMMEDIATE on
SQLite, SELECT ... FOR UPDATE on PostgreSQL)."""

import asyncio
import contextlib
import json
import logging
import secrets

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased

from fireice.geom import FireIceError, move_name
from fireice.notation import parse_move

from fireice_server import clock as timing
from fireice_server import device, glicko, rules, security, views
from fireice_server.errors import ServiceError
from fireice_server.hub import Hub, notify_payload
from fireice_server.schema import challenges, events, games, login_failures, moves, tokens, users

log = logging.getLogger("fireice_server")

LOGIN_WINDOW = 15 * 60
LOGIN_FAILURES_PER_ACCOUNT = 10
LOGIN_FAILURES_PER_ADDRESS = 50


def other(side):
    return "ice" if side == "fire" else "fire"


class _Tx:
    def __init__(self, conn):
        self.conn = conn
        self.events = []  # (stream, body)
        self.error = None  # raised after the commit

    def emit(self, stream, body):
        self.events.append((stream, body))


class Service:
    DEFAULT_LOGIN_LIMITS = (LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS)

    def __init__(
        self,
        db,
        clock=None,
        hub=None,
        gone_after=30.0,
        sweep_every=0.5,
        stream_options=None,
        login_limits=None,
    ):
        from fireice_server.streams import Options

        self.db = db
        self.stream_options = stream_options or Options()
        self.clock = clock or timing.Clock()
        self.hub = hub or Hub()
        self.gone_after = gone_after
        self.sweep_every = sweep_every
        # failed logins in LOGIN_WINDOW: (per account, per address)
        self.login_limits = login_limits or self.DEFAULT_LOGIN_LIMITS
        self._tasks = []
        self._stop = asyncio.Event()
        self.mailer = None  # fireice_server.mail.TurnMail, with --smtp

    # --- life cycle -------------------------------------------------------

    async def start(self):
        await self.db.migrate()
        self._stop.clear()
        self._tasks.append(asyncio.create_task(self._sweeper()))
        if self.db.postgres:
            from fireice_server.hub import listen

            self._tasks.append(asyncio.create_task(listen(self.db.dsn(), self.hub, self._stop)))

    async def stop(self):
        self._stop.set()
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        self._tasks = []
        await self.db.close()

    def now(self):
        return self.clock.now()

    def count_drop(self):
        """A stream's client was dropped (a full queue or a stalled send)."""
        self.hub.dropped += 1

    async def gone_event(self, gid, gone):
        """opponentGone: gone, and the seconds until the absent opponent's
        days or clock run out (then claim-victory wins)."""
        body = {"type": "opponentGone", "gone": gone}
        if gone:
            async with self.db.read() as conn:
                g = await self._game(conn, gid)
                await self._vacation_now(conn, g, self.now(), lock=False)
            flag = timing.flag_time(g)
            if flag is not None:
                body["claimWinInSeconds"] = max(0, int(flag - self.now() + 0.999))
        return body

    # --- transactions and events ------------------------------------------

    @contextlib.asynccontextmanager
    async def transaction(self):
        """A write transaction; tx.emit(stream, body) stores an event with
        it. Events are delivered after the commit; tx.error, if set, is
        raised then (a change that must stay although the request fails,
        such as a flag found as a move arrives)."""
        async with self.db.write() as conn:
            tx = _Tx(conn)
            yield tx
            stored = await self._store_events(conn, tx.events)
        if self.db.sqlite:
            for stream, seq, body in stored:
                self.hub.deliver(stream, seq, body)
        if tx.error:
            raise tx.error

    async def _store_events(self, conn, evs):
        by_stream = {}
        for stream, body in evs:
            by_stream.setdefault(stream, []).append(body)

        # games before users, users by id: one order for every transaction,
        # so two of them never wait for each other's rows (PostgreSQL)
        def order(stream):
            kind, key = stream.split(":", 1)
            return (kind != "g", int(key) if kind == "u" else 0, key)

        stored = []
        now = self.now()
        for stream in sorted(by_stream, key=order):
            bodies = by_stream[stream]
            kind, key = stream.split(":", 1)
            table = games if kind == "g" else users
            ident = key if kind == "g" else int(key)
            last = (
                await conn.execute(
                    update(table)
                    .where(table.c.id == ident)
                    .values(event_seq=table.c.event_seq + len(bodies))
                    .returning(table.c.event_seq)
                )
            ).scalar_one()
            first = last - len(bodies) + 1
            rows = []
            for k, body in enumerate(bodies):
                rows.append(
                    {"stream": stream, "seq": first + k, "body": json.dumps(body), "at": now}
                )
                stored.append((stream, first + k, body))
            await conn.execute(insert(events), rows)
        if self.db.postgres:
            for stream, seq, body in stored:
                await conn.execute(
                    select(func.pg_notify("fireice", notify_payload(stream, seq, body)))
                )
        return stored

    async def events_since(self, stream, since):
        """The stored events of a stream after seq since, as (seq, body),
        and the first seq still stored (None when there is none)."""
        async with self.db.read() as conn:
            rows = (
                await conn.execute(
                    select(events.c.seq, events.c.body)
                    .where(events.c.stream == stream, events.c.seq > since)
                    .order_by(events.c.seq)
                )
            ).all()
            first = (
                await conn.execute(select(func.min(events.c.seq)).where(events.c.stream == stream))
            ).scalar()
        return [(r.seq, json.loads(r.body)) for r in rows], first

    # --- accounts ---------------------------------------------------------

    async def create_account(self, username, password):
        why = security.check_username(username) or security.check_password(password)
        if why:
            raise ServiceError(400, why)
        if await self.user_by_name(username):
            raise ServiceError(409, "username %s is taken" % username)
        hashed = await security.hash_password(password)
        try:
            async with self.transaction() as tx:
                await tx.conn.execute(
                    insert(users).values(
                        username=username,
                        username_lower=username.lower(),
                        password_hash=hashed,
                        created_at=self.now(),
                        rating=glicko.START_RATING,
                        rd=glicko.START_RD,
                        vol=glicko.START_VOL,
                        games=0,
                        event_seq=0,
                    )
                )
        except IntegrityError:
            raise ServiceError(409, "username %s is taken" % username)
        return {"username": username}

    async def user_by_name(self, username, conn=None):
        if not isinstance(username, str):
            return None
        q = select(users).where(users.c.username_lower == username.lower())
        if conn is not None:
            row = (await conn.execute(q)).mappings().first()
        else:
            async with self.db.read() as c:
                row = (await c.execute(q)).mappings().first()
        return dict(row) if row else None

    async def login(self, username, password, address):
        """A new token, or 401 / 429 (with Retry-After)."""
        if not isinstance(username, str) or not isinstance(password, str):
            raise ServiceError(400, "username and password must be strings")
        now = self.now()
        key = username.lower()[:64]
        address = (address or "unknown")[:64]
        since = now - LOGIN_WINDOW
        async with self.db.read() as conn:
            by_user = (
                await conn.execute(
                    select(func.count(), func.min(login_failures.c.at)).where(
                        login_failures.c.username_lower == key, login_failures.c.at > since
                    )
                )
            ).one()
            by_addr = (
                await conn.execute(
                    select(func.count(), func.min(login_failures.c.at)).where(
                        login_failures.c.address == address, login_failures.c.at > since
                    )
                )
            ).one()
        for (n, oldest), limit, what in (
            (by_user, self.login_limits[0], "this account"),
            (by_addr, self.login_limits[1], "this address"),
        ):
            if n >= limit:
                wait = max(1, int(oldest + LOGIN_WINDOW - now) + 1)
                raise ServiceError(
                    429,
                    "too many failed logins for %s: try again in %d s" % (what, wait),
                    {"Retry-After": str(wait)},
                )
        user = await self.user_by_name(username)
        if user is None:
            await security.verify_dummy(password)
            ok = False
        else:
            ok = await security.verify_password(user["password_hash"], password)
        token = security.new_token()
        async with self.transaction() as tx:
            if not ok:
                await tx.conn.execute(
                    insert(login_failures).values(username_lower=key, address=address, at=now)
                )
            else:
                await tx.conn.execute(
                    insert(tokens).values(
                        user_id=user["id"],
                        token_hash=security.token_hash(token),
                        created_at=now,
                        scope=security.SCOPE_ALL,
                    )
                )
        if not ok:
            raise ServiceError(401, "wrong username or password")
        return token

    async def user_for_token(self, token):
        """The token's account (a users row) with the token's "scope", or None."""
        async with self.db.read() as conn:
            row = (
                (
                    await conn.execute(
                        select(users, tokens.c.scope)
                        .join(tokens, tokens.c.user_id == users.c.id)
                        .where(tokens.c.token_hash == security.token_hash(token))
                    )
                )
                .mappings()
                .first()
            )
        return dict(row) if row else None

    async def revoke_token(self, token):
        async with self.transaction() as tx:
            await tx.conn.execute(
                delete(tokens).where(tokens.c.token_hash == security.token_hash(token))
            )

    async def user_info(self, username):
        user = await self.user_by_name(username)
        if user is None:
            raise ServiceError(404, "no player named %s" % username)
        return views.user_info(user)

    # --- challenges -------------------------------------------------------

    async def challenge(self, user, dest_name, handicap, handicap_side, color, days, clock, rated):
        """A challenge from user to dest_name (arguments checked by the
        caller's model for their types and ranges)."""
        if days is not None and clock is not None:
            raise ServiceError(400, "days or clock, not both")
        if days is None and clock is None:
            days = 3
        if not isinstance(dest_name, str):
            raise ServiceError(404, "no player named %r" % dest_name)
        cid = security.new_id()
        async with self.transaction() as tx:
            dest = await self.user_by_name(dest_name, tx.conn)
            if dest is None:
                raise ServiceError(404, "no player named %s" % dest_name)
            if dest["id"] == user["id"]:
                raise ServiceError(400, "a challenge needs another player")
            row = {
                "id": cid,
                "challenger_id": user["id"],
                "dest_id": dest["id"],
                "status": "created",
                "handicap": handicap,
                "handicap_side": handicap_side,
                "color": color,
                "days": days,
                "clock_limit": clock[0] if clock else None,
                "clock_increment": clock[1] if clock else None,
                "rated": rated,
                "created_at": self.now(),
            }
            await tx.conn.execute(insert(challenges).values(**row))
            body = {"type": "challenge", "challenge": views.challenge(row, user, dest)}
            tx.emit("u:%d" % dest["id"], body)
            tx.emit("u:%d" % user["id"], body)
        return body["challenge"]

    async def _challenge_for(self, tx, user, cid, who):
        q = select(challenges).where(challenges.c.id == cid)
        if self.db.postgres:
            q = q.with_for_update()
        ch = (await tx.conn.execute(q)).mappings().first()
        if ch is None:
            raise ServiceError(404, "no challenge %s" % cid)
        ch = dict(ch)
        if ch[who] != user["id"]:
            verb = "accept or decline" if who == "dest_id" else "cancel"
            raise ServiceError(
                403,
                "only the %s may %s challenge %s"
                % ("challenged player" if who == "dest_id" else "challenger", verb, cid),
            )
        if ch["status"] != "created":
            raise ServiceError(400, "challenge %s is %s already" % (cid, ch["status"]))
        return ch

    async def _users(self, conn, *ids):
        q = select(users).where(users.c.id.in_(ids)).order_by(users.c.id)
        if self.db.postgres:
            # FOR NO KEY UPDATE: a token's insert (a foreign key) need not wait
            q = q.with_for_update(key_share=True)
        rows = (await conn.execute(q)).mappings().all()
        return {r["id"]: dict(r) for r in rows}

    async def accept(self, user, cid):
        """Accept a challenge: the game starts. Returns the game's id."""
        async with self.transaction() as tx:
            ch = await self._challenge_for(tx, user, cid, "dest_id")
            color = ch["color"]
            if color == "random":
                color = secrets.choice(("fire", "ice"))
            fire_id = ch["challenger_id"] if color == "fire" else ch["dest_id"]
            ice_id = ch["dest_id"] if color == "fire" else ch["challenger_id"]
            seed = secrets.randbelow(2**31) if ch["handicap"] else None
            setup = rules.setup(ch["handicap"], ch["handicap_side"], seed)
            start = rules.replay(setup, "")
            now = self.now()
            ftime, itime, fvac, ivac = timing.new_times(ch["days"], ch["clock_limit"])
            people = await self._users(tx.conn, fire_id, ice_id)
            g = {
                "id": cid,
                "fire_id": fire_id,
                "ice_id": ice_id,
                "handicap": ch["handicap"],
                "handicap_side": ch["handicap_side"],
                "seed": seed,
                "setup": setup,
                "moves": "",
                "ply": 0,
                "to_move": rules.to_move(start),
                "status": "started",
                "winner": None,
                "rated": ch["rated"],
                "days": ch["days"],
                "clock_limit": ch["clock_limit"],
                "clock_increment": ch["clock_increment"],
                "ftime": ftime,
                "itime": itime,
                "fvac": fvac,
                "ivac": ivac,
                "vac_year": 0,
                "turn_start": now,
                "deadline": None,
                "created_at": now,
                "ended_at": None,
                "fire_rating": people[fire_id]["rating"],
                "ice_rating": people[ice_id]["rating"],
                "fire_diff": None,
                "ice_diff": None,
                "event_seq": 0,
                "fboard": False,
                "iboard": False,
                "held_ply": -1,
                "flag_at": None,
            }
            self._fill_vacation(g, people, now)
            self._set_deadline(g)
            await tx.conn.execute(insert(games).values({c.name: g[c.name] for c in games.c}))
            await tx.conn.execute(
                update(challenges).where(challenges.c.id == cid).values(status="accepted")
            )
            summary = views.game_summary(
                g, people[fire_id]["username"], people[ice_id]["username"], now
            )
            for side, uid in (("fire", fire_id), ("ice", ice_id)):
                tx.emit(
                    "u:%d" % uid, {"type": "gameStart", "game": views.for_player(summary, side)}
                )
        if self.mailer:  # committed: the turn e-mail, off the request path
            self.mailer.turn_passed(g)
        return {"id": cid, "ok": True}

    async def decline(self, user, cid):
        return await self._close_challenge(user, cid, "dest_id", "declined", "challengeDeclined")

    async def cancel(self, user, cid):
        return await self._close_challenge(
            user, cid, "challenger_id", "canceled", "challengeCanceled"
        )

    async def _close_challenge(self, user, cid, who, status, kind):
        async with self.transaction() as tx:
            ch = await self._challenge_for(tx, user, cid, who)
            await tx.conn.execute(
                update(challenges).where(challenges.c.id == cid).values(status=status)
            )
            ch["status"] = status
            people = await self._users(tx.conn, ch["challenger_id"], ch["dest_id"])
            body = {
                "type": kind,
                "challenge": views.challenge(
                    ch, people[ch["challenger_id"]], people[ch["dest_id"]]
                ),
            }
            for uid in (ch["challenger_id"], ch["dest_id"]):
                tx.emit("u:%d" % uid, body)
        return {"ok": True}

    async def challenges_of(self, user):
        """The open challenges to and from user."""
        a, b = aliased(users), aliased(users)
        async with self.db.read() as conn:
            rows = (
                (
                    await conn.execute(
                        select(
                            challenges,
                            a.c.username.label("c_name"),
                            a.c.rating.label("c_rating"),
                            b.c.username.label("d_name"),
                            b.c.rating.label("d_rating"),
                        )
                        .join(a, a.c.id == challenges.c.challenger_id)
                        .join(b, b.c.id == challenges.c.dest_id)
                        .where(
                            challenges.c.status == "created",
                            or_(
                                challenges.c.challenger_id == user["id"],
                                challenges.c.dest_id == user["id"],
                            ),
                        )
                        .order_by(challenges.c.created_at.desc())
                    )
                )
                .mappings()
                .all()
            )
        out = {"in": [], "out": []}
        for r in rows:
            c = views.challenge(
                r,
                {"username": r["c_name"], "rating": r["c_rating"]},
                {"username": r["d_name"], "rating": r["d_rating"]},
            )
            out["in" if r["dest_id"] == user["id"] else "out"].append(c)
        return out

    # --- games ------------------------------------------------------------

    async def _game(self, conn, gid, lock=False):
        q = select(games).where(games.c.id == gid)
        if lock and self.db.postgres:
            q = q.with_for_update()
        g = (await conn.execute(q)).mappings().first()
        if g is None:
            raise ServiceError(404, "no game %s" % gid)
        return dict(g)

    @staticmethod
    def side_of(g, user):
        if user is None:
            return None
        if g["fire_id"] == user["id"]:
            return "fire"
        if g["ice_id"] == user["id"]:
            return "ice"
        return None

    async def _player_game(self, tx, user, gid):
        g = await self._game(tx.conn, gid, lock=True)
        side = self.side_of(g, user)
        if side is None:
            raise ServiceError(403, "you do not play in game %s" % gid)
        return g, side

    async def move(self, user, gid, text, ply=None):
        """Play text (F6-C6) for user in game gid. With ply (the number of
        moves before this one) a retry is safe."""
        async with self.transaction() as tx:
            g, side = await self._player_game(tx, user, gid)
            if ply is not None:
                if ply < 0:
                    raise ServiceError(400, "ply must be 0 or more, not %d" % ply)
                if ply < g["ply"]:
                    if await self._played(tx.conn, g, ply, side, text):
                        return {"ok": True}
                    raise ServiceError(409, "stale ply %d: the game has %d moves" % (ply, g["ply"]))
                if ply > g["ply"]:
                    raise ServiceError(
                        409, "ply %d is ahead of the game, which has %d moves" % (ply, g["ply"])
                    )
            if g["status"] != "started":
                raise ServiceError(400, "game %s is over (%s)" % (gid, g["status"]))
            if g["to_move"] != side:
                raise ServiceError(400, "it is not your turn: %s is to move" % g["to_move"])
            now = self.now()
            await self._vacation_now(tx.conn, g, now)
            # a hold not taken (no carried for this ply) gives nothing back
            if g["clock_limit"] is not None and now >= g["deadline"]:
                await self._finish(tx, g, "outoftime", other(side), now)
                tx.error = ServiceError(400, "your time ran out before the move arrived")
                return {"ok": False}
            game = rules.replay(g["setup"], g["moves"])
            try:
                played = rules.judge(game, text)
            except rules.IllegalMove as e:
                raise ServiceError(400, str(e))
            g.update(timing.after_move(g, side, now))
            g["moves"] = (g["moves"] + " " + played).strip()
            g["ply"] += 1
            g["turn_start"] = now
            await tx.conn.execute(
                insert(moves).values(game_id=gid, ply=g["ply"] - 1, move=played, side=side, at=now)
            )
            result = rules.result(game)
            if result is None:
                g["to_move"] = rules.to_move(game)
                self._set_deadline(g)
                await self._save(tx, g, now)
            else:
                winner = None if result == "draw" else result
                status = "draw" if result == "draw" else "won"
                await self._finish(tx, g, status, winner, now, charge=False)
        if self.mailer:  # committed: the turn e-mail, off the request path
            self.mailer.turn_passed(g, side)
        return {"ok": True}

    @staticmethod
    def _fill_vacation(g, people, now):
        """g's players' vacation from their accounts (people: users rows by
        id): fvac, ivac (ms left now) and fwin, iwin (when it holds their
        turns: timing.away_window)."""
        if g["days"]:
            for side in ("fire", "ice"):
                account = people[g[side + "_id"]]
                g[side[0] + "vac"] = timing.vacation_left(account, now)
                g[side[0] + "win"] = timing.away_window(account, now)

    async def _vacation_now(self, conn, g, now, lock=True):
        """A correspondence game's vacation and deadline from its players'
        accounts now. lock: the players' rows, so that neither goes away or
        comes back during this transaction."""
        if not g["days"]:
            return
        read = self._users if lock else self._users_plain
        self._fill_vacation(g, await read(conn, g["fire_id"], g["ice_id"]), now)
        if g["status"] == "started":
            self._set_deadline(g)

    @staticmethod
    def _set_deadline(g):
        """g's deadline (the side to move's time out) and flag time."""
        g["deadline"] = timing.deadline(g, g["to_move"])
        g["flag_at"] = timing.flag_time(g)

    async def set_away(self, user, away):
        """The player goes away (their vacation runs and holds the days of
        their correspondence turns) or comes back. Each game where they
        are to move is settled at now: the days used so far come off the
        turn, and the turn goes on from now under the new state."""
        now = self.now()
        async with self.transaction() as tx:
            # games before users: the order every transaction locks in
            q = select(games).where(
                games.c.status == "started",
                games.c.days.is_not(None),
                or_(
                    (games.c.fire_id == user["id"]) & (games.c.to_move == "fire"),
                    (games.c.ice_id == user["id"]) & (games.c.to_move == "ice"),
                ),
            )
            if self.db.postgres:
                q = q.with_for_update()
            mine = [dict(r) for r in (await tx.conn.execute(q)).mappings().all()]
            account = (await self._users(tx.conn, user["id"]))[user["id"]]
            was = account["away_since"] is not None
            if away == was:
                return self._away_info(account, now)
            if away and timing.vacation_left(account, now) <= 0:
                raise ServiceError(400, "no vacation left this year: your days run as usual")
            for g in mine:
                people = await self._users(tx.conn, g["fire_id"], g["ice_id"])
                self._fill_vacation(g, people, now)
                side = g["to_move"]
                key = side[0] + "time"
                g[key] = max(0, g[key] - int(timing.days_used(g, side, now) * 1000))
                g["turn_start"] = now
            if away:
                values = {
                    "away_since": now,
                    "vac_ms": timing.allowance(account, now),
                    "vac_year": timing.vacation_year(now),
                }
            else:
                values = {"away_since": None, "vac_ms": timing.vacation_left(account, now)}
            await tx.conn.execute(update(users).where(users.c.id == user["id"]).values(values))
            account.update(values)
            for g in mine:
                people = await self._users(tx.conn, g["fire_id"], g["ice_id"])
                self._fill_vacation(g, people, now)
                self._set_deadline(g)
                await self._save(tx, g, now)
        return self._away_info(account, now)

    def away_info(self, account):
        return self._away_info(account, self.now())

    @staticmethod
    def _away_info(account, now):
        return {
            "away": account["away_since"] is not None,
            "vacation": timing.vacation_left(account, now),
        }

    async def _played(self, conn, g, ply, side, text):
        # the move at ply was text, by side: a retry of an acknowledged move
        row = (
            await conn.execute(
                select(moves.c.move, moves.c.side).where(
                    moves.c.game_id == g["id"], moves.c.ply == ply
                )
            )
        ).first()
        if row is None or row.side != side:
            return False
        try:
            return move_name(*parse_move(text)) == row.move
        except FireIceError:
            return False

    _MUTABLE = (
        "moves",
        "ply",
        "to_move",
        "status",
        "winner",
        "ftime",
        "itime",
        "fvac",
        "ivac",
        "vac_year",
        "turn_start",
        "deadline",
        "ended_at",
        "fire_diff",
        "ice_diff",
        "fboard",
        "iboard",
        "held_ply",
        "flag_at",
    )

    async def _save(self, tx, g, now):
        """Write the game's changed columns and its gameState event."""
        await tx.conn.execute(
            update(games).where(games.c.id == g["id"]).values({k: g[k] for k in self._MUTABLE})
        )
        tx.emit("g:" + g["id"], views.state(g, now))

    async def _finish(self, tx, g, status, winner, now, charge=True):
        """End a game: its status, the ratings, the events. charge: the
        side to move is charged the time it used (not for an ending move,
        charged already)."""
        side = g["to_move"]
        people = await self._users(tx.conn, g["fire_id"], g["ice_id"])
        self._fill_vacation(g, people, now)
        if charge and side and g["status"] == "started":
            if status == "outoftime":
                g[side[0] + "time"] = 0
            else:
                g.update(timing.after_move(g, side, now, increment=False))
        g.update(
            status=status, winner=winner, to_move=None, deadline=None, flag_at=None, ended_at=now
        )
        fire, ice = people[g["fire_id"]], people[g["ice_id"]]
        if g["rated"] and status != "aborted":
            nf, ni = glicko.game(
                (fire["rating"], fire["rd"], fire["vol"]),
                (ice["rating"], ice["rd"], ice["vol"]),
                winner,
                g["handicap"],
                g["handicap_side"],
            )
            g["fire_diff"] = nf[0] - fire["rating"]
            g["ice_diff"] = ni[0] - ice["rating"]
            for u, new in ((fire, nf), (ice, ni)):
                await tx.conn.execute(
                    update(users)
                    .where(users.c.id == u["id"])
                    .values(rating=new[0], rd=new[1], vol=new[2], games=users.c.games + 1)
                )
        await self._save(tx, g, now)
        summary = views.game_summary(g, fire["username"], ice["username"], now)
        for side, uid in (("fire", g["fire_id"]), ("ice", g["ice_id"])):
            tx.emit("u:%d" % uid, {"type": "gameFinish", "game": views.for_player(summary, side)})

    async def resign(self, user, gid):
        async with self.transaction() as tx:
            g, side = await self._player_game(tx, user, gid)
            if g["status"] != "started":
                raise ServiceError(400, "game %s is over (%s)" % (gid, g["status"]))
            await self._finish(tx, g, "resign", other(side), self.now())
        return {"ok": True}

    async def abort(self, user, gid):
        async with self.transaction() as tx:
            g, side = await self._player_game(tx, user, gid)
            if g["status"] != "started":
                raise ServiceError(400, "game %s is over (%s)" % (gid, g["status"]))
            if g["ply"] >= 2:
                raise ServiceError(400, "both sides have moved: resign instead of aborting")
            await self._finish(tx, g, "aborted", None, self.now())
        return {"ok": True}

    async def claim_victory(self, user, gid):
        async with self.transaction() as tx:
            g, side = await self._player_game(tx, user, gid)
            if g["status"] != "started":
                raise ServiceError(400, "game %s is over (%s)" % (gid, g["status"]))
            if g["to_move"] == side:
                raise ServiceError(400, "it is your turn: only the side to move can run out")
            now = self.now()
            await self._vacation_now(tx.conn, g, now)
            flag = timing.flag_time(g)
            if now < g["deadline"]:
                raise ServiceError(
                    400, "the opponent has %d s left" % int(g["deadline"] - now + 0.999)
                )
            if now < flag:
                raise ServiceError(
                    400,
                    "the opponent may still be carrying out your move on their board: "
                    "claim in %d s" % int(flag - now + 0.999),
                )
            await self._finish(tx, g, "outoftime", side, now)
        return {"ok": True}

    async def carried(self, user, gid, ply):
        """The opponent's move that made ply stands on user's board: the
        time since it was played (up to the hold limit) is given back, once
        a ply, and user's side is marked as played from a board."""
        async with self.transaction() as tx:
            g, side = await self._player_game(tx, user, gid)
            if g["status"] != "started":
                raise ServiceError(409, "game %s is over (%s)" % (gid, g["status"]))
            if ply != g["ply"]:
                raise ServiceError(
                    409, "ply %d is not the game's: it has %d moves" % (ply, g["ply"])
                )
            if g["to_move"] != side:
                raise ServiceError(409, "it is not your turn: %s is to move" % g["to_move"])
            if ply == 0:
                raise ServiceError(409, "no move has been played yet")
            by = (
                await tx.conn.execute(
                    select(moves.c.side).where(moves.c.game_id == gid, moves.c.ply == ply - 1)
                )
            ).scalar()
            if by == side:
                raise ServiceError(409, "the move that made ply %d was your own" % ply)
            if g["held_ply"] == ply:
                return {"ok": True, "held": 0}  # a repeat: the hold is taken once
            now = self.now()
            await self._vacation_now(tx.conn, g, now)
            if g["clock_limit"] is not None and now >= timing.flag_time(g):
                await self._finish(tx, g, "outoftime", other(side), now)
                tx.error = ServiceError(409, "your time ran out before the board said so")
                return {"ok": False, "held": 0}
            held = timing.hold(g, now)
            g["turn_start"] += held
            g[side[0] + "board"] = True
            g["held_ply"] = ply
            self._set_deadline(g)
            await self._save(tx, g, now)
        return {"ok": True, "held": int(held * 1000)}

    async def flag(self, gid):
        """End a live game whose side to move is out of time (found by the
        sweeper). False when it is not (any more)."""
        async with self.transaction() as tx:
            g = await self._game(tx.conn, gid, lock=True)
            now = self.now()
            if g["status"] != "started" or g["clock_limit"] is None:
                return False
            if now < timing.flag_time(g):
                return False
            await self._finish(tx, g, "outoftime", other(g["to_move"]), now)
        return True

    async def _sweeper(self):
        """Live games whose flag fell end at once; old login failures and
        pairing codes go."""
        pruned = 0.0
        while not self._stop.is_set():
            try:
                now = self.now()
                async with self.db.read() as conn:
                    due = (
                        (
                            await conn.execute(
                                select(games.c.id).where(
                                    games.c.status == "started",
                                    games.c.clock_limit.is_not(None),
                                    games.c.flag_at <= now,
                                )
                            )
                        )
                        .scalars()
                        .all()
                    )
                for gid in due:
                    await self.flag(gid)
                if now - pruned > 60:
                    pruned = now
                    async with self.transaction() as tx:
                        await tx.conn.execute(
                            delete(login_failures).where(login_failures.c.at < now - LOGIN_WINDOW)
                        )
                        await device.prune(tx.conn, now)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sweeper")
            try:
                await asyncio.wait_for(self._stop.wait(), self.sweep_every)
            except TimeoutError:
                pass

    # --- reading games ----------------------------------------------------

    async def game_full(self, gid, conn=None):
        """(gameFull dict, the game row)."""
        async with contextlib.AsyncExitStack() as stack:
            if conn is None:
                conn = await stack.enter_async_context(self.db.read())
            g = await self._game(conn, gid)
            people = await self._users_plain(conn, g["fire_id"], g["ice_id"])
            self._fill_vacation(g, people, self.now())
            full = views.game_full(g, people[g["fire_id"]], people[g["ice_id"]], self.now())
        return full, g

    async def _users_plain(self, conn, *ids):
        rows = (await conn.execute(select(users).where(users.c.id.in_(ids)))).mappings().all()
        return {r["id"]: dict(r) for r in rows}

    async def game_record(self, gid):
        async with self.db.read() as conn:
            g = await self._game(conn, gid)
            people = await self._users_plain(conn, g["fire_id"], g["ice_id"])
        return views.record(g, people[g["fire_id"]]["username"], people[g["ice_id"]]["username"])

    async def games_of(self, username, limit=50, playing_only=False):
        """A player's games, newest first, as summaries."""
        user = await self.user_by_name(username)
        if user is None:
            raise ServiceError(404, "no player named %s" % username)
        f, i = aliased(users), aliased(users)
        q = (
            select(
                games,
                f.c.username.label("f_name"),
                i.c.username.label("i_name"),
                f.c.vac_ms.label("f_vac_ms"),
                f.c.vac_year.label("f_vac_year"),
                f.c.away_since.label("f_away_since"),
                i.c.vac_ms.label("i_vac_ms"),
                i.c.vac_year.label("i_vac_year"),
                i.c.away_since.label("i_away_since"),
            )
            .join(f, f.c.id == games.c.fire_id)
            .join(i, i.c.id == games.c.ice_id)
            .where(or_(games.c.fire_id == user["id"], games.c.ice_id == user["id"]))
            .order_by(games.c.created_at.desc(), games.c.id)
            .limit(limit)
        )
        if playing_only:
            q = q.where(games.c.status == "started")
        async with self.db.read() as conn:
            rows = (await conn.execute(q)).mappings().all()
        now = self.now()
        out = []
        for r in rows:
            r = dict(r)
            accounts = {
                r[side + "_id"]: {
                    "vac_ms": r[side[0] + "_vac_ms"],
                    "vac_year": r[side[0] + "_vac_year"],
                    "away_since": r[side[0] + "_away_since"],
                }
                for side in ("fire", "ice")
            }
            self._fill_vacation(r, accounts, now)
            s = views.game_summary(r, r["f_name"], r["i_name"], now)
            out.append(views.for_player(s, "fire" if r["fire_id"] == user["id"] else "ice"))
        return out

    async def user_stream_start(self, user):
        """What a user's event stream sends on connect: the games in
        progress (gameStart) and the open challenges, and the stream's seq."""
        async with self.db.read() as conn:
            seq = (
                await conn.execute(select(users.c.event_seq).where(users.c.id == user["id"]))
            ).scalar_one()
        playing = await self.games_of(user["username"], limit=1000, playing_only=True)
        open_ = await self.challenges_of(user)
        bodies = [{"type": "gameStart", "game": g} for g in playing]
        bodies += [{"type": "challenge", "challenge": c} for c in open_["in"] + open_["out"]]
        return seq, bodies
