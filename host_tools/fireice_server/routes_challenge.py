"""Challenges: POST /api/challenge/{username}, .../{id}/accept, /decline,
/cancel, GET /api/challenge."""

from typing import Annotated

from fastapi import APIRouter, Body

from fireice_server.deps import Svc, User
from fireice_server.models import ChallengeBody, Ok

router = APIRouter(tags=["challenges"])


@router.post("/api/challenge/{username}", status_code=201)
async def create(
    username: str,
    user: User,
    svc: Svc,
    body: Annotated[ChallengeBody | None, Body()] = None,
):
    """Challenge a player. `color` is the challenger's side; `days` (1-14,
    3 when neither is given) or `clock`; `rated` defaults to true."""
    body = body or ChallengeBody()
    clock = (body.clock.limit, body.clock.increment) if body.clock else None
    return await svc.challenge(
        user, username, body.handicap, body.handicap_side, body.color, body.days, clock, body.rated
    )


@router.get("/api/challenge")
async def mine(user: User, svc: Svc):
    """The open challenges to me (`in`) and from me (`out`)."""
    return await svc.challenges_of(user)


@router.post("/api/challenge/{cid}/accept")
async def accept(cid: str, user: User, svc: Svc):
    """The challenged player accepts: the game (same id) starts."""
    return await svc.accept(user, cid)


@router.post("/api/challenge/{cid}/decline", response_model=Ok)
async def decline(cid: str, user: User, svc: Svc):
    return await svc.decline(user, cid)


@router.post("/api/challenge/{cid}/cancel", response_model=Ok)
async def cancel(cid: str, user: User, svc: Svc):
    return await svc.cancel(user, cid)
