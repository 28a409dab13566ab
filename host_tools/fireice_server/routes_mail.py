"""An account's e-mail address for the turn e-mails (fireice_server.mail):
GET and PUT /api/account/email."""

from fastapi import APIRouter, Body
from sqlalchemy import delete, insert, select, update

from fireice_server.deps import Svc, User
from fireice_server.mail import check_address
from fireice_server.mailturn import addresses
from fireice_server.service import ServiceError

router = APIRouter(tags=["account"])


@router.get("/api/account/email")
async def get_email(user: User, svc: Svc):
    """`{"email"}`: the address turn e-mails go to, null when none."""
    async with svc.db.read() as conn:
        email = (
            await conn.execute(select(addresses.c.email).where(addresses.c.user_id == user["id"]))
        ).scalar()
    return {"email": email}


@router.put("/api/account/email")
async def set_email(user: User, svc: Svc, email: str | None = Body(..., embed=True)):
    """`{"email": "name@example.org"}` sets the address, `{"email": null}`
    removes it (no more turn e-mails). 400 for an address that cannot be."""
    if email is not None:
        try:
            email = check_address(email)
        except ValueError as e:
            raise ServiceError(400, str(e))
    async with svc.db.write() as conn:
        q = select(addresses.c.user_id).where(addresses.c.user_id == user["id"])
        there = (await conn.execute(q)).scalar() is not None
        if email is None:
            await conn.execute(delete(addresses).where(addresses.c.user_id == user["id"]))
        elif there:
            await conn.execute(
                update(addresses)
                .where(addresses.c.user_id == user["id"])
                .values(email=email, updated_at=svc.now())
            )
        else:
            await conn.execute(
                insert(addresses).values(user_id=user["id"], email=email, updated_at=svc.now())
            )
    return {"email": email}
