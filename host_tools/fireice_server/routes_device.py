"""Pairing a board (fireice_server.device): POST /api/device/code,
/api/device/approve, /api/device/token."""

from typing import Annotated

from fastapi import APIRouter, Body, Request

from fireice_server import device
from fireice_server.deps import Svc, User
from fireice_server.models import Approve, Approved, DeviceCode, DeviceCodeBody, DeviceToken
from fireice_server.models import DeviceTokenBody

router = APIRouter(tags=["pairing"])


@router.post("/api/device/code", response_model=DeviceCode)
async def code(request: Request, svc: Svc, body: Annotated[DeviceCodeBody | None, Body()] = None):
    """A board asks to be paired (no token): its secret device code and
    the four holes it shows. 429 with Retry-After after 10 codes from one
    address in 10 minutes."""
    address = request.client.host if request.client else None
    return await device.new_code(svc, body.name if body else None, address)


@router.post("/api/device/approve", response_model=Approved)
async def approve(body: Approve, user: User, svc: Svc):
    """The owner (a full-scope token, or the /device page) enters the four
    holes the board shows. 404 when no board waits with them; 429 after 10
    such failures of an account in 15 minutes."""
    return await device.approve(svc, user, body.user_code)


@router.post("/api/device/token", response_model=DeviceToken)
async def token(body: DeviceTokenBody, svc: Svc):
    """The board's poll: once approved, a token of the board:play scope
    (given once: the code is then spent). Until then 400 with `error`
    authorization_pending; slow_down when polled sooner than `interval`;
    expired_token after `expires_in`; invalid_grant for a code unknown or
    used."""
    return await device.token(svc, body.device_code)
