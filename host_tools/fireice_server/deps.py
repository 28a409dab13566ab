"""Who is asking: the bearer token of a request (Authorization: Bearer
TOKEN) as the user's row, for the routers' Depends().

A token's scope (security.SCOPES) limits what it may do: `User` takes a
full-scope token only, `BoardUser` takes a board:play token too, and a
route chooses BoardUser only for what a paired board needs (docs/server.md,
"Token scopes"). Anything else is refused with 403 for a board token."""

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from fireice_server.security import SCOPE_ALL
from fireice_server.service import Service, ServiceError

bearer = HTTPBearer(auto_error=False, description="a token from POST /api/token")


def service(request: Request):
    return request.app.state.service


Credential = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


async def optional_user(request: Request, cred: Credential):
    """The user of the request's token, None without one; 401 for a token
    that is not (or no longer) valid."""
    if cred is None:
        if request.headers.get("authorization"):
            raise ServiceError(401, "the Authorization header must be: Bearer TOKEN")
        return None
    user = await request.app.state.service.user_for_token(cred.credentials)
    if user is None:
        raise ServiceError(401, "the token is not valid (revoked, or never issued)")
    return user


async def board_user(user: Annotated[dict | None, Depends(optional_user)]):
    """The user of a token of any scope (the requests a board may make)."""
    if user is None:
        raise ServiceError(401, "this request needs a token: Authorization: Bearer TOKEN")
    return user


async def current_user(user: Annotated[dict, Depends(board_user)]):
    """The user of a full-scope token."""
    if user.get("scope", SCOPE_ALL) != SCOPE_ALL:
        raise ServiceError(
            403,
            "this request needs a token with the %s scope (this one has %s only: "
            "a board's token plays its games and nothing else)" % (SCOPE_ALL, user["scope"]),
        )
    return user


def token_of(cred: Credential):
    return cred.credentials if cred else None


# for the routers' parameters
Svc = Annotated[Service, Depends(service)]
User = Annotated[dict, Depends(current_user)]
BoardUser = Annotated[dict, Depends(board_user)]
MaybeUser = Annotated[dict | None, Depends(optional_user)]
TokenText = Annotated[str | None, Depends(token_of)]
