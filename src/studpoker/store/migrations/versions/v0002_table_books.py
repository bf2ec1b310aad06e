"""The books of a running room: what each seat at a chips table holds, as the room
says, for the audit to compare with the holdings.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _id(name: str, *, nullable: bool) -> sa.Column[int]:
    return sa.Column(name, sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "table_books",
        sa.Column("table_id", sa.String(64), nullable=False),
        _id("account_id", nullable=False),
        sa.Column("chips", sa.BigInteger(), nullable=False),
        _id("ledger_id", nullable=True),
        sa.CheckConstraint("chips >= 0", name=op.f("ck_table_books_chips")),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_table_books_account_id_accounts")
        ),
        sa.PrimaryKeyConstraint("table_id", "account_id", name=op.f("pk_table_books")),
    )


def downgrade() -> None:
    op.drop_table("table_books")
