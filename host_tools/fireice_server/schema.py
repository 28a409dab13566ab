"""The tables, as SQLAlchemy Core objects: the queries are built from them
(never from strings), and the migrations in migrations/versions create
the same tables. Times are seconds since the epoch (floats), from the
server's one clock (fireice_server.clock)."""

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

users = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("username", String(20), nullable=False),
    # unique in any letter case
    Column("username_lower", String(20), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    # Glicko-2 (fireice_server.glicko): rating, deviation, volatility
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("vol", Float, nullable=False),
    Column("games", Integer, nullable=False, default=0),
    # the last seq of the user's event stream (GET /api/stream/event)
    Column("event_seq", Integer, nullable=False, default=0),
    # correspondence vacation left in ms as the player last went away or
    # came back, in the calendar year (UTC) vac_year (another year: the
    # whole allowance, fireice_server.clock)
    Column("vac_ms", Integer, nullable=False, default=0),
    Column("vac_year", Integer, nullable=False, default=0),
    # since when the player is away (their vacation runs), null when not
    Column("away_since", Float),
)

tokens = Table(
    "tokens",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    # SHA-256 of the token: the token itself is never stored
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", Float, nullable=False),
    # what the token may do: "all", or "board:play" (a paired board's
    # device token: playing its games, nothing else; security.SCOPES)
    Column("scope", String(16), nullable=False, default="all"),
    Column("name", String(40)),  # a device token's board name
)

login_failures = Table(
    "login_failures",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("username_lower", String(64), nullable=False),
    Column("address", String(64), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_login_failures_user", "username_lower", "at"),
    Index("ix_login_failures_address", "address", "at"),
)

challenges = Table(
    "challenges",
    metadata,
    Column("id", String(12), primary_key=True),
    Column("challenger_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("dest_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    # created, accepted, declined, canceled
    Column("status", String(12), nullable=False),
    Column("handicap", Integer, nullable=False),
    Column("handicap_side", String(4), nullable=False),
    Column("color", String(6), nullable=False),  # the challenger's side
    Column("days", Integer),
    Column("clock_limit", Integer),
    Column("clock_increment", Integer),
    Column("rated", Boolean, nullable=False),
    Column("created_at", Float, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("id", String(12), primary_key=True),  # the challenge's id
    Column("fire_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("ice_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("handicap", Integer, nullable=False),
    Column("handicap_side", String(4), nullable=False),
    Column("seed", Integer),  # of the handicap pegs, null without a handicap
    Column("setup", String(49), nullable=False),
    Column("moves", Text, nullable=False, default=""),  # "D4-C4 D4-D5"
    Column("ply", Integer, nullable=False, default=0),
    Column("to_move", String(4)),  # fire, ice, null once over
    # started, won, resign, outoftime, aborted, draw
    Column("status", String(10), nullable=False),
    Column("winner", String(4)),
    Column("rated", Boolean, nullable=False),
    Column("days", Integer),
    Column("clock_limit", Integer),
    Column("clock_increment", Integer),
    # time left in ms: the clock of a live game; for a correspondence game
    # the days of the side to move as its turn began
    Column("ftime", Integer, nullable=False),
    Column("itime", Integer, nullable=False),
    # unused: the vacation is the accounts' (users.vac_ms, away_since)
    Column("fvac", Integer, nullable=False, default=0),
    Column("ivac", Integer, nullable=False, default=0),
    Column("vac_year", Integer, nullable=False, default=0),
    Column("turn_start", Float, nullable=False),
    # when the side to move runs out of time, null when the game is over
    Column("deadline", Float, index=True),
    Column("created_at", Float, nullable=False),
    Column("ended_at", Float),
    Column("fire_rating", Float),  # ratings as the game started
    Column("ice_rating", Float),
    Column("fire_diff", Float),  # the rating change at its end
    Column("ice_diff", Float),
    Column("event_seq", Integer, nullable=False, default=0),
    # each side has posted carried (its moves are played on a wooden board)
    Column("fboard", Boolean, nullable=False, default=False),
    Column("iboard", Boolean, nullable=False, default=False),
    # the ply whose clock hold was taken (carried), -1 for none
    Column("held_ply", Integer, nullable=False, default=-1),
    # when the server's own flag falls: the deadline, later by a hold the
    # side to move may still claim (fireice_server.clock.flag_time)
    Column("flag_at", Float, index=True),
)

moves = Table(
    "moves",
    metadata,
    Column("game_id", String(12), ForeignKey("games.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),  # moves before this one
    Column("move", String(5), nullable=False),
    Column("side", String(4), nullable=False),
    Column("at", Float, nullable=False),
)

events = Table(
    "events",
    metadata,
    # "g:<game id>" or "u:<user id>"
    Column("stream", String(24), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("body", Text, nullable=False),  # the JSON line, without seq
    Column("at", Float, nullable=False),
)

device_codes = Table(
    "device_codes",
    metadata,
    Column("id", Integer, primary_key=True),
    # SHA-256 of the device code (the board's secret): never stored itself
    Column("device_hash", String(64), nullable=False, unique=True),
    # the four holes, sorted ("B2 C7 E4 F1"): unique among live codes
    Column("user_code", String(11), nullable=False, index=True),
    Column("name", String(40), nullable=False),
    Column("address", String(64), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("last_poll", Float),
    Column("user_id", Integer, ForeignKey("users.id")),  # who approved it
    Column("spent", Boolean, nullable=False, default=False),  # its token was given
)

# approvals of a user code that matched no live code, for the limit per account
device_failures = Table(
    "device_failures",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_device_failures_user", "user_id", "at"),
)
