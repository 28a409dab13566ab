"""The first schema: users, tokens, login failures, challenges, games,
moves, events.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    # in this order: a table is made after those its foreign keys name
    _accounts()
    _challenges()
    _games()
    _events()


def _accounts():
    """Users, their tokens, and failed logins (for the rate limit)."""
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("username", sa.String(20), nullable=False),
        sa.Column("username_lower", sa.String(20), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("vol", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("event_seq", sa.Integer, nullable=False),
    )
    op.create_table(
        "tokens",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("username_lower", sa.String(64), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_login_failures_user", "login_failures", ["username_lower", "at"])
    op.create_index("ix_login_failures_address", "login_failures", ["address", "at"])


def _challenges():
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(12), primary_key=True),
        sa.Column(
            "challenger_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True
        ),
        sa.Column("dest_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("handicap", sa.Integer, nullable=False),
        sa.Column("handicap_side", sa.String(4), nullable=False),
        sa.Column("color", sa.String(6), nullable=False),
        sa.Column("days", sa.Integer),
        sa.Column("clock_limit", sa.Integer),
        sa.Column("clock_increment", sa.Integer),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def _games():
    """Games and their moves."""
    op.create_table(
        "games",
        sa.Column("id", sa.String(12), primary_key=True),
        sa.Column("fire_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("ice_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("handicap", sa.Integer, nullable=False),
        sa.Column("handicap_side", sa.String(4), nullable=False),
        sa.Column("seed", sa.Integer),
        sa.Column("setup", sa.String(49), nullable=False),
        sa.Column("moves", sa.Text, nullable=False),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("to_move", sa.String(4)),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("winner", sa.String(4)),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("days", sa.Integer),
        sa.Column("clock_limit", sa.Integer),
        sa.Column("clock_increment", sa.Integer),
        sa.Column("ftime", sa.Integer, nullable=False),
        sa.Column("itime", sa.Integer, nullable=False),
        sa.Column("fvac", sa.Integer, nullable=False),
        sa.Column("ivac", sa.Integer, nullable=False),
        sa.Column("vac_year", sa.Integer, nullable=False),
        sa.Column("turn_start", sa.Float, nullable=False),
        sa.Column("deadline", sa.Float, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("ended_at", sa.Float),
        sa.Column("fire_rating", sa.Float),
        sa.Column("ice_rating", sa.Float),
        sa.Column("fire_diff", sa.Float),
        sa.Column("ice_diff", sa.Float),
        sa.Column("event_seq", sa.Integer, nullable=False),
    )
    op.create_table(
        "moves",
        sa.Column("game_id", sa.String(12), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("ply", sa.Integer, primary_key=True),
        sa.Column("move", sa.String(5), nullable=False),
        sa.Column("side", sa.String(4), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def _events():
    """The streams' events, kept for replay."""
    op.create_table(
        "events",
        sa.Column("stream", sa.String(24), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade():
    for name in ("events", "moves", "games", "challenges", "login_failures", "tokens", "users"):
        op.drop_table(name)
