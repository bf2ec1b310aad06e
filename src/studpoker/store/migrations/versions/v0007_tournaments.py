"""Tournaments (issue 17): each tournament with its money (the buy-ins held in its pool
and the fees the room kept), its entries, and the director's state; the ledger's rows
name the tournament they move money for.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-04
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", _ID, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("buy_in", sa.BigInteger(), nullable=False),
        sa.Column("fee", sa.BigInteger(), nullable=False),
        sa.Column("pool", sa.BigInteger(), nullable=False),
        sa.Column("fees", sa.BigInteger(), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("created_by", _ID, nullable=True),
        sa.Column("created_at", _MOMENT, nullable=False),
        sa.Column("starts_at", _MOMENT, nullable=True),
        sa.Column("started_at", _MOMENT, nullable=True),
        sa.Column("finished_at", _MOMENT, nullable=True),
        sa.Column("director", sa.Text(), nullable=True),
        sa.CheckConstraint("pool >= 0", name=op.f("ck_tournaments_pool")),
        sa.CheckConstraint("fees >= 0", name=op.f("ck_tournaments_fees")),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["accounts.id"],
            name=op.f("fk_tournaments_created_by_accounts"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
    )
    op.create_index(op.f("ix_tournaments_state_starts_at"), "tournaments", ["state", "starts_at"])
    op.create_table(
        "tournament_entries",
        sa.Column("id", _ID, nullable=False),
        sa.Column("tournament_id", _ID, nullable=False),
        sa.Column("account_id", _ID, nullable=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("paid", sa.BigInteger(), nullable=False),
        sa.Column("registered_at", _MOMENT, nullable=False),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("prize", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=op.f("fk_tournament_entries_tournament_id_tournaments"),
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_tournament_entries_account_id_accounts"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_entries")),
        sa.UniqueConstraint(
            "tournament_id", "name", name=op.f("uq_tournament_entries_tournament_id_name")
        ),
    )
    for column in ("tournament_id", "account_id"):
        op.create_index(op.f(f"ix_tournament_entries_{column}"), "tournament_entries", [column])
    with op.batch_alter_table("ledger") as batch:
        batch.add_column(sa.Column("tournament_id", _ID, nullable=True))
        batch.create_foreign_key(
            op.f("fk_ledger_tournament_id_tournaments"), "tournaments", ["tournament_id"], ["id"]
        )
        batch.create_index(op.f("ix_ledger_tournament_id"), ["tournament_id"])


def downgrade() -> None:
    with op.batch_alter_table("ledger") as batch:
        batch.drop_index(op.f("ix_ledger_tournament_id"))
        batch.drop_constraint(op.f("fk_ledger_tournament_id_tournaments"), type_="foreignkey")
        batch.drop_column("tournament_id")
    for column in ("account_id", "tournament_id"):
        op.drop_index(op.f(f"ix_tournament_entries_{column}"), "tournament_entries")
    op.drop_table("tournament_entries")
    op.drop_index(op.f("ix_tournaments_state_starts_at"), "tournaments")
    op.drop_table("tournaments")
