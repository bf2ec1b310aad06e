"""The tables the room keeps open, each with what it was opened with and who sits
where, so that a room started again, or another process, opens them as they were
(docs/scaling.md).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "room_tables",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("config", sa.Text(), nullable=False),
        sa.Column("created_by", _ID, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seating", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["accounts.id"],
            name=op.f("fk_room_tables_created_by_accounts"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_room_tables")),
    )


def downgrade() -> None:
    op.drop_table("room_tables")
