"""Pairing a board with an account (the device flow, shaped like RFC 8628;
docs/server.md, "Pairing a board").

A board cannot type a token, so it asks for a code (`new_code`): a secret
device code it keeps, and a user code of four distinct holes that it
lights. The owner, signed in, enters the four holes (`approve`); the
board, polling with its device code (`token`), then gets a token of the
board:play scope, once.

Only the device code's SHA-256 is stored, as for tokens. The user code is
four of the 49 holes in any order (211,876 codes): a guess is limited per
account (failures counted in device_failures), a code lives 10 minutes,
and code creation is limited per address."""

import re
import secrets

from sqlalchemy import delete, func, insert, select, update

from fireice_server import security
from fireice_server.errors import ServiceError
from fireice_server.schema import device_codes, device_failures, tokens, users

HOLES = [c + r for c in "ABCDEFG" for r in "1234567"]
EXPIRES_IN = 600  # seconds a code lives
INTERVAL = 5  # seconds between a board's polls
CODES_PER_ADDRESS = 10  # codes made from one address in CODE_WINDOW
CODE_WINDOW = 600
FAILURES_PER_ACCOUNT = 10  # approvals that matched no code in FAILURE_WINDOW
FAILURE_WINDOW = 15 * 60
KEEP = 86400  # seconds a spent or expired code is kept (then pruned)
DEFAULT_NAME = "board"
NAME = re.compile(r"[^\x00-\x1f\x7f]{1,40}")
_HOLE = re.compile(r"[A-G][1-7]")


class DeviceError(ServiceError):
    """A refused token poll: 400 with an RFC 8628 error code and a sentence."""

    def __init__(self, code, description):
        ServiceError.__init__(self, 400, code)
        self.extra = {"error_description": description}


def user_code_of(text):
    """The user code typed by the owner ("f1 b2, E4C7") as stored: four
    distinct holes, sorted, space-separated. ValueError naming the fault."""
    if not isinstance(text, str):
        raise ValueError("user_code must be a string of four holes such as B2 C7 E4 F1")
    packed = re.sub(r"[\s,;.-]+", "", text).upper()
    holes = [packed[k : k + 2] for k in range(0, len(packed), 2)]
    bad = [h for h in holes if not _HOLE.fullmatch(h)]
    if bad or len(packed) % 2:
        raise ValueError(
            "user_code: %r is not a hole (A1 to G7)" % (bad[0] if bad else packed[-1:])
        )
    if len(holes) != 4:
        raise ValueError("user_code: four holes, not %d" % len(holes))
    if len(set(holes)) != 4:
        raise ValueError("user_code: the four holes are all different")
    return " ".join(sorted(holes))


def random_user_code():
    return " ".join(sorted(secrets.SystemRandom().sample(HOLES, 4)))


def check_name(name):
    if name is None:
        return DEFAULT_NAME
    if not isinstance(name, str) or not NAME.fullmatch(name.strip() or "\x00"):
        raise ServiceError(400, "name: 1 to 40 printable characters")
    return name.strip()


async def _limit(conn, at, who, rule, what):
    """429 with Retry-After when the rows of `who` with their time `at` in
    the window number the limit already; rule: (limit, window s, now)."""
    limit, window, now = rule
    n, oldest = (
        await conn.execute(select(func.count(), func.min(at)).where(who, at > now - window))
    ).one()
    if n >= limit:
        wait = max(1, int(oldest + window - now) + 1)
        raise ServiceError(429, "%s: try again in %d s" % (what, wait), {"Retry-After": str(wait)})


async def new_code(svc, name, address):
    """A new device code for a board: the answer of POST /api/device/code."""
    name = check_name(name)
    address = (address or "unknown")[:64]
    now = svc.now()
    device_code = secrets.token_urlsafe(32)
    async with svc.transaction() as tx:
        await _limit(
            tx.conn,
            device_codes.c.created_at,
            device_codes.c.address == address,
            (CODES_PER_ADDRESS, CODE_WINDOW, now),
            "too many pairing codes from this address",
        )
        # a user code unique among the live ones (there are 211,876)
        for _ in range(20):
            user_code = random_user_code()
            taken = (
                await tx.conn.execute(
                    select(device_codes.c.id).where(
                        device_codes.c.user_code == user_code,
                        device_codes.c.expires_at > now,
                        device_codes.c.spent.is_(False),
                    )
                )
            ).first()
            if taken is None:
                break
        else:
            raise ServiceError(503, "no free pairing code: try again in a minute")
        await tx.conn.execute(
            insert(device_codes).values(
                device_hash=security.token_hash(device_code),
                user_code=user_code,
                name=name,
                address=address,
                created_at=now,
                expires_at=now + EXPIRES_IN,
                last_poll=None,
                user_id=None,
                spent=False,
            )
        )
    return {
        "device_code": device_code,
        "user_code": user_code,
        "interval": INTERVAL,
        "expires_in": EXPIRES_IN,
    }


async def approve(svc, user, text):
    """user (signed in with a full-scope token) pairs the board showing
    the user code text: {"ok", "name"}; 404 when no live code has it."""
    try:
        code = user_code_of(text)
    except ValueError as e:
        raise ServiceError(400, str(e))
    now = svc.now()
    async with svc.transaction() as tx:
        await _limit(
            tx.conn,
            device_failures.c.at,
            device_failures.c.user_id == user["id"],
            (FAILURES_PER_ACCOUNT, FAILURE_WINDOW, now),
            "too many pairing codes that matched nothing",
        )
        # one statement takes the code: of two approvals at once, one wins
        rows = (
            await tx.conn.execute(
                update(device_codes)
                .where(
                    device_codes.c.user_code == code,
                    device_codes.c.user_id.is_(None),
                    device_codes.c.expires_at > now,
                    device_codes.c.spent.is_(False),
                )
                .values(user_id=user["id"])
                .returning(device_codes.c.name)
            )
        ).all()
        if len(rows) > 1:  # two live codes alike (made at once): neither is paired
            raise ServiceError(409, "two boards show the code %s: ask both for a new one" % code)
        if not rows:
            await tx.conn.execute(insert(device_failures).values(user_id=user["id"], at=now))
            # committed with the failure, then refused
            tx.error = ServiceError(
                404, "no board is waiting with the code %s (it may have expired)" % code
            )
            return None
    return {"ok": True, "name": rows[0].name}


async def token(svc, device_code):
    """The board's poll: its token once approved (the code is then spent),
    else a DeviceError (authorization_pending, slow_down, expired_token,
    invalid_grant)."""
    if not isinstance(device_code, str) or not device_code:
        raise DeviceError("invalid_request", "device_code: the string POST /api/device/code gave")
    now = svc.now()
    new = security.new_token()
    async with svc.transaction() as tx:
        q = select(device_codes).where(
            device_codes.c.device_hash == security.token_hash(device_code)
        )
        if svc.db.postgres:
            q = q.with_for_update()
        row = (await tx.conn.execute(q)).mappings().first()
        if row is None or row["spent"]:
            raise DeviceError("invalid_grant", "no such device code, or its token was given")
        if now >= row["expires_at"]:
            raise DeviceError("expired_token", "the code expired: ask for a new one")
        if row["user_id"] is None:
            early = row["last_poll"] is not None and now - row["last_poll"] < INTERVAL
            await tx.conn.execute(
                update(device_codes).where(device_codes.c.id == row["id"]).values(last_poll=now)
            )
            if early:
                tx.error = DeviceError(
                    "slow_down", "polled sooner than %d s after the last poll" % INTERVAL
                )
            else:
                tx.error = DeviceError(
                    "authorization_pending", "the code has not been entered on the site yet"
                )
            return None
        await tx.conn.execute(
            update(device_codes).where(device_codes.c.id == row["id"]).values(spent=True)
        )
        await tx.conn.execute(
            insert(tokens).values(
                user_id=row["user_id"],
                token_hash=security.token_hash(new),
                created_at=now,
                scope=security.SCOPE_BOARD,
                name=row["name"],
            )
        )
        name = (
            await tx.conn.execute(select(users.c.username).where(users.c.id == row["user_id"]))
        ).scalar_one()
    return {"token": new, "scope": security.SCOPE_BOARD, "username": name}


async def prune(conn, now):
    """Forget codes a day past their expiry, and failures past their window."""
    await conn.execute(delete(device_codes).where(device_codes.c.expires_at < now - KEEP))
    await conn.execute(delete(device_failures).where(device_failures.c.at < now - FAILURE_WINDOW))
