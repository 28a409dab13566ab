"""E-mail addresses of accounts, for the turn e-mails (fireice_server.mail).

A branch of its own (label "mail") on the first schema: the server
upgrades to every head, so this and the core's later revisions apply side
by side.

Revision ID: m001_mail
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "m001_mail"
down_revision = "0001"
branch_labels = ("mail",)
depends_on = None


def upgrade():
    op.create_table(
        "mail_addresses",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )


def downgrade():
    op.drop_table("mail_addresses")
