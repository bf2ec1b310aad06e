"""Fencing tokens: the greatest token each table's owner has written with, so that a
process that lost a table's lease can never write for it again (docs/scaling.md).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "table_fences",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("token", sa.BigInteger(), nullable=False),
        sa.CheckConstraint("token >= 1", name=op.f("ck_table_fences_token")),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_table_fences")),
    )


def downgrade() -> None:
    op.drop_table("table_fences")
