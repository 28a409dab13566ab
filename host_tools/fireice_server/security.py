"""Names, passwords and tokens.

Passwords: Argon2id (argon2-cffi's RFC 9106 low-memory profile), hashed
and checked in worker threads so the event loop (and every stream) runs
on meanwhile; at most HASH_THREADS at once, so a burst of logins queues
instead of taking 64 MB of memory each.
Tokens: 256 random bits; only their SHA-256 is stored."""

import asyncio
import hashlib
import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

USERNAME = re.compile(r"[A-Za-z0-9_-]{2,20}")
MIN_PASSWORD = 10
MAX_PASSWORD = 1000
HASH_THREADS = 2

HASH_MEMORY_KIB = 65536  # argon2-cffi's RFC 9106 low-memory profile
_hasher = PasswordHasher()
_slots = None


def set_hash_memory(kib):
    """Hash new passwords with kib KiB of memory (Argon2id, the profile's
    other parameters). Only tests and very small machines lower it: a
    hash keeps its own parameters, so every stored hash still verifies."""
    global _hasher
    _hasher = PasswordHasher(memory_cost=kib)


def _sem():
    global _slots
    if _slots is None:
        _slots = asyncio.Semaphore(HASH_THREADS)
    return _slots


def check_username(name):
    """None when the name is good, else why not."""
    if not isinstance(name, str) or not USERNAME.fullmatch(name):
        return "username: 2 to 20 of the letters A-Z a-z, digits, _ and -"
    return None


def check_password(password):
    if not isinstance(password, str) or len(password) < MIN_PASSWORD:
        return "password: at least %d characters" % MIN_PASSWORD
    if len(password) > MAX_PASSWORD:
        return "password: at most %d characters" % MAX_PASSWORD
    return None


async def hash_password(password):
    async with _sem():
        return await asyncio.to_thread(_hasher.hash, password)


async def verify_password(stored, password):
    def check():
        try:
            return _hasher.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    async with _sem():
        return await asyncio.to_thread(check)


# a hash to check a password against when the account does not exist, so
# that a login takes as long for an unknown name as for a wrong password
# (made at the first such login, not at start-up)
_dummy = None


async def verify_dummy(password):
    global _dummy
    if _dummy is None:
        async with _sem():
            _dummy = await asyncio.to_thread(_hasher.hash, "not a password of anyone")
    await verify_password(_dummy, password)


# Every token begins with this, so that a token can never be read as a
# command-line option ("-abc..."), and a secret scanner can tell one in a
# pasted log or a commit.
TOKEN_PREFIX = "fit_"


# A token's scope: "all" (POST /api/token, the pages' sessions) may do
# anything its account may; "board:play" (a paired board's device token)
# may only read its account and play its games (deps.BoardUser).
SCOPE_ALL = "all"
SCOPE_BOARD = "board:play"
SCOPES = (SCOPE_ALL, SCOPE_BOARD)


def new_token():
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def token_hash(token):
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_id():
    """A game or challenge id: 8 letters and digits."""
    alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(8))
