"""Boards play online (issue 28): token scopes (existing tokens keep every
right: "all"), a game's board flags and clock hold, the server's flag
time, and the device pairing tables.

A branch of its own (label "board") on the first schema, as "mail" and
"vacation" are: the server upgrades to every head.

Revision ID: b001_board
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "b001_board"
down_revision = "0001"
branch_labels = ("board",)
depends_on = None


def upgrade():
    # plain ADD COLUMNs with constant defaults, no batch: SQLite's batch
    # mode would copy and drop the table, which the foreign keys to it
    # (moves, tokens) forbid once it holds rows
    op.add_column("tokens", sa.Column("scope", sa.String(16), nullable=False, server_default="all"))
    op.add_column("tokens", sa.Column("name", sa.String(40)))
    for name in ("fboard", "iboard"):
        op.add_column("games", sa.Column(name, sa.Boolean, nullable=False, server_default="0"))
    op.add_column("games", sa.Column("held_ply", sa.Integer, nullable=False, server_default="-1"))
    op.add_column("games", sa.Column("flag_at", sa.Float))
    op.create_index("ix_games_flag_at", "games", ["flag_at"])
    # a game in progress: its flag falls at its deadline, as before
    games = sa.table("games", sa.column("deadline", sa.Float), sa.column("flag_at", sa.Float))
    op.execute(games.update().values(flag_at=games.c.deadline))
    op.create_table(
        "device_codes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("device_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("user_code", sa.String(11), nullable=False, index=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("address", sa.String(64), nullable=False, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("last_poll", sa.Float),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id")),
        sa.Column("spent", sa.Boolean, nullable=False),
    )
    op.create_table(
        "device_failures",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_device_failures_user", "device_failures", ["user_id", "at"])


def downgrade():
    op.drop_table("device_failures")
    op.drop_table("device_codes")
    op.drop_index("ix_games_flag_at", "games")
    with op.batch_alter_table("games") as batch:
        for name in ("flag_at", "held_ply", "iboard", "fboard"):
            batch.drop_column(name)
    with op.batch_alter_table("tokens") as batch:
        batch.drop_column("name")
        batch.drop_column("scope")
