"""The hands being played, each with what it was dealt from and its actions so far, so
that another process can take a table over and go on with its hand (docs/scaling.md).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "running_hands",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("number", sa.BigInteger(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("setup", sa.Text(), nullable=False),
        sa.CheckConstraint("number >= 1", name=op.f("ck_running_hands_number")),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_running_hands")),
    )
    op.create_table(
        "running_actions",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("number", sa.BigInteger(), nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.CheckConstraint("seq >= 0", name=op.f("ck_running_actions_seq")),
        sa.PrimaryKeyConstraint("table_id", "seq", name=op.f("pk_running_actions")),
    )


def downgrade() -> None:
    op.drop_table("running_actions")
    op.drop_table("running_hands")
