"""The operator's side (issue 34): accounts' roles, bans and mutes; one-time password
resets; the admin log, which is also what a running room still has to carry out of an
operator's action; who each process has online; tables paused; grants of free chips.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_AT = sa.DateTime(timezone=True)


def upgrade() -> None:
    # Plain ALTER TABLE (SQLite adds and drops columns itself since 3.35): a batch copy of
    # ``accounts`` would drop a table other tables' foreign keys name.
    op.add_column(
        "accounts", sa.Column("role", sa.String(16), server_default="player", nullable=False)
    )
    op.add_column("accounts", sa.Column("banned_at", _AT, nullable=True))
    op.add_column("accounts", sa.Column("muted_until", _AT, nullable=True))
    op.add_column("room_tables", sa.Column("paused_at", _AT, nullable=True))
    op.create_table(
        "password_resets",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("account_id", _ID, nullable=False),
        sa.Column("created_at", _AT, nullable=False),
        sa.Column("expires_at", _AT, nullable=False),
        sa.Column("used_at", _AT, nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_password_resets_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_password_resets")),
    )
    op.create_index(
        op.f("ix_password_resets_account_id"), "password_resets", ["account_id"], unique=False
    )
    op.create_table(
        "admin_log",
        sa.Column("id", _ID, nullable=False),
        sa.Column("at", _AT, nullable=False),
        sa.Column("operator", sa.String(64), nullable=False),
        sa.Column("operator_id", _ID, nullable=True),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("target", sa.String(128), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("details", sa.Text(), nullable=False),
        sa.Column("table_id", sa.String(64), nullable=True),
        sa.Column("done_at", _AT, nullable=True),
        sa.Column("result", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["operator_id"],
            ["accounts.id"],
            name=op.f("fk_admin_log_operator_id_accounts"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_admin_log")),
    )
    op.create_table(
        "room_presence",
        sa.Column("owner", sa.String(128), nullable=False),
        sa.Column("started_at", _AT, nullable=False),
        sa.Column("seen_at", _AT, nullable=False),
        sa.Column("online", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("owner", name=op.f("pk_room_presence")),
    )
    op.create_table(
        "free_chips",
        sa.Column("id", _ID, nullable=False),
        sa.Column("account_id", _ID, nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", _AT, nullable=False),
        sa.Column("chips", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_free_chips_account_id_accounts")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_free_chips")),
    )
    op.create_index(op.f("ix_free_chips_account_id"), "free_chips", ["account_id"], unique=False)
    op.create_index(op.f("ix_free_chips_address_at"), "free_chips", ["address", "at"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_free_chips_address_at"), table_name="free_chips")
    op.drop_index(op.f("ix_free_chips_account_id"), table_name="free_chips")
    op.drop_table("free_chips")
    op.drop_table("room_presence")
    op.drop_table("admin_log")
    op.drop_index(op.f("ix_password_resets_account_id"), table_name="password_resets")
    op.drop_table("password_resets")
    for table, column in (
        ("room_tables", "paused_at"),
        ("accounts", "muted_until"),
        ("accounts", "banned_at"),
        ("accounts", "role"),
    ):
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
