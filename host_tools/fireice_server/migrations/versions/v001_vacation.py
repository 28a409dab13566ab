"""Correspondence vacation per account and calendar year: users.vac_ms
and users.vac_year (0: no vacation spent yet, the whole allowance).

A branch of its own (label "vacation") on the first schema, as "mail" is:
the server upgrades to every head.

Revision ID: v001_vacation
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "v001_vacation"
down_revision = "0001"
branch_labels = ("vacation",)
depends_on = None


def upgrade():
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("vac_ms", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("vac_year", sa.Integer, nullable=False, server_default="0"))


def downgrade():
    with op.batch_alter_table("users") as batch:
        batch.drop_column("vac_year")
        batch.drop_column("vac_ms")
