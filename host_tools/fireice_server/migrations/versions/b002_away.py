"""A player away: users.away_since (null: not away). While away, the
account's vacation runs and holds the days of its correspondence turns.

Revision ID: b002_away
Revises: b001_board
"""

import sqlalchemy as sa
from alembic import op

revision = "b002_away"
down_revision = "b001_board"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("users", sa.Column("away_since", sa.Float))


def downgrade():
    with op.batch_alter_table("users") as batch:
        batch.drop_column("away_since")
