"""Accounts and tokens: POST/GET /api/account, POST/DELETE /api/token,
GET /api/user/{username}."""

from fastapi import APIRouter, Request

from fireice_server import views
from fireice_server.deps import BoardUser, Svc, TokenText, User
from fireice_server.models import Away, Credentials, Ok, Token, Username

router = APIRouter(tags=["account"])


@router.post("/api/account", status_code=201, response_model=Username)
async def create_account(body: Credentials, svc: Svc):
    """A new account. 409 when the name is taken in any letter case; 400
    for a bad name or a password under 10 characters."""
    return await svc.create_account(body.username, body.password)


@router.get("/api/account")
async def account(user: BoardUser, svc: Svc):
    """The token's account, with its rating, the token's `scope` ("all",
    or "board:play" for a paired board's token), `away` and `vacation`
    (ms of vacation left this year)."""
    out = dict(views.user_info(user), scope=user["scope"])
    out.update(svc.away_info(user))
    return out


@router.put("/api/account/away", response_model=Away)
async def set_away(body: Away, user: User, svc: Svc):
    """`{"away": true}`: I am away. My vacation runs (7 days a year), and
    the days of my correspondence turns wait until it is spent.
    `{"away": false}`: I am back; what is left of the vacation is kept for
    later in the year. Answers `{"away", "vacation"}` (ms left). 400 when
    no vacation is left this year."""
    return await svc.set_away(user, body.away)


@router.post("/api/token", response_model=Token)
async def login(body: Credentials, request: Request, svc: Svc):
    """A new token (256 random bits; the server keeps only its hash). 401
    when the name or password is wrong; 429 with Retry-After after 10
    failures for an account (or 50 from one address) within 15 minutes."""
    address = request.client.host if request.client else None
    return {"token": await svc.login(body.username, body.password, address)}


@router.delete("/api/token", response_model=Ok)
async def logout(user: BoardUser, token: TokenText, svc: Svc):
    """Revoke the token of this request (a board's token too: it unpairs)."""
    await svc.revoke_token(token)
    return {"ok": True}


@router.get("/api/user/{username}")
async def user_info(username: str, svc: Svc):
    """A player's public information: name, rating, games played."""
    return await svc.user_info(username)
