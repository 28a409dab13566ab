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


class Username(BaseModel):
    username: str


class Token(BaseModel):
    token: str
