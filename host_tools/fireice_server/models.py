"""Request bodies. Strict types: "3" is no number here, and a wrong type
or range is a 400 naming the field (app.py turns pydantic's complaint
into {"error"})."""

from typing import Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr


class Credentials(BaseModel):
    username: StrictStr = Field(description="2-20 of A-Za-z0-9_-")
    password: StrictStr = Field(description="at least 10 characters")


class Clock(BaseModel):
    limit: StrictInt = Field(ge=1, le=10800, description="seconds on each clock at the start")
    increment: StrictInt = Field(0, ge=0, le=600, description="seconds added after each move")


class ChallengeBody(BaseModel):
    handicap: StrictInt = Field(0, ge=0, le=6, description="extra pegs, 0-6")
    handicap_side: Literal["fire", "ice"] = "fire"
    color: Literal["fire", "ice", "random"] = Field("random", description="the challenger's side")
    days: StrictInt | None = Field(None, ge=1, le=14, description="days a move (correspondence)")
    clock: Clock | None = Field(None, description="a live clock instead of days")
    rated: StrictBool = True


class Ok(BaseModel):
    ok: bool


class Held(BaseModel):
    ok: bool
    held: int = Field(description="milliseconds not charged (0 when repeated)")


class Away(BaseModel):
    away: StrictBool
    vacation: int | None = Field(None, description="ms of vacation left this year (answers)")


class Username(BaseModel):
    username: str


class Token(BaseModel):
    token: str


class DeviceCodeBody(BaseModel):
    name: StrictStr | None = Field(None, description="the board's name, 1-40 characters")


class DeviceCode(BaseModel):
    device_code: str = Field(description="the board's secret: poll POST /api/device/token with it")
    user_code: str = Field(description="four holes, A1..G7 order: the owner enters them")
    interval: int = Field(description="seconds between polls")
    expires_in: int = Field(description="seconds the codes live")


class Approve(BaseModel):
    user_code: StrictStr = Field(description="the four holes the board shows, any order")


class Approved(BaseModel):
    ok: bool
    name: str


class DeviceTokenBody(BaseModel):
    device_code: StrictStr


class DeviceToken(BaseModel):
    token: str
    scope: str
    username: str
