"""The card room: accounts, sessions, money and its ledger, hands, competitions,
ratings.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A migration is frozen: it spells its types out rather than import the models, which
# move on.


def _id(name: str, *, nullable: bool) -> sa.Column[int]:
    return sa.Column(name, sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=nullable)


def _money(name: str, *, nullable: bool = False) -> sa.Column[int]:
    return sa.Column(name, sa.BigInteger(), nullable=nullable)


def _moment(name: str, *, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _text(name: str, length: int, *, nullable: bool = False) -> sa.Column[str]:
    return sa.Column(name, sa.String(length), nullable=nullable)


def _foreign(
    owner: str, column: str, table: str, *, ondelete: str | None = None
) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{table}.id"], name=op.f(f"fk_{owner}_{column}_{table}"), ondelete=ondelete
    )


def _double(name: str) -> sa.Column[float]:
    return sa.Column(name, sa.Double(), nullable=False)


def upgrade() -> None:
    op.create_table(
        "accounts",
        _id("id", nullable=False),
        _text("name", 24),
        _text("name_key", 96),
        _text("password_hash", 255, nullable=True),
        sa.Column("bot", sa.Boolean(), nullable=False),
        sa.Column("guest", sa.Boolean(), nullable=False),
        _money("balance"),
        _moment("created_at"),
        sa.CheckConstraint("balance >= 0", name=op.f("ck_accounts_balance")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_accounts")),
        sa.UniqueConstraint("name_key", name=op.f("uq_accounts_name_key")),
    )
    op.create_table(
        "sessions",
        _text("token_hash", 64),
        _id("account_id", nullable=False),
        _moment("created_at"),
        _moment("expires_at"),
        _foreign("sessions", "account_id", "accounts", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sessions")),
    )
    op.create_index(op.f("ix_sessions_account_id"), "sessions", ["account_id"])
    op.create_index(op.f("ix_sessions_expires_at"), "sessions", ["expires_at"])
    op.create_table(
        "holdings",
        _text("table_id", 64),
        _id("account_id", nullable=False),
        _money("chips"),
        sa.CheckConstraint("chips >= 0", name=op.f("ck_holdings_chips")),
        _foreign("holdings", "account_id", "accounts"),
        sa.PrimaryKeyConstraint("table_id", "account_id", name=op.f("pk_holdings")),
    )
    op.create_index(op.f("ix_holdings_account_id"), "holdings", ["account_id"])
    op.create_table(
        "rollovers",
        _text("table_id", 64),
        _money("chips"),
        sa.CheckConstraint("chips >= 0", name=op.f("ck_rollovers_chips")),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_rollovers")),
    )
    op.create_table(
        "competitions",
        _id("id", nullable=False),
        _text("table_id", 64),
        _text("game", 32),
        _money("chips"),
        _money("entry_fee"),
        _money("pool"),
        _moment("started_at"),
        _moment("ends_at"),
        _moment("finished_at", nullable=True),
        sa.CheckConstraint("pool >= 0", name=op.f("ck_competitions_pool")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_competitions")),
    )
    op.create_index(
        op.f("ix_competitions_table_id_finished_at"), "competitions", ["table_id", "finished_at"]
    )
    op.create_table(
        "competition_entries",
        _id("competition_id", nullable=False),
        _id("account_id", nullable=False),
        sa.Column("place", sa.Integer(), nullable=True),
        _money("chips", nullable=True),
        _money("prize"),
        _foreign("competition_entries", "account_id", "accounts"),
        _foreign("competition_entries", "competition_id", "competitions"),
        sa.PrimaryKeyConstraint(
            "competition_id", "account_id", name=op.f("pk_competition_entries")
        ),
    )
    op.create_index(
        op.f("ix_competition_entries_account_id"), "competition_entries", ["account_id"]
    )
    op.create_table(
        "hands",
        _id("id", nullable=False),
        _text("table_id", 64),
        sa.Column("number", sa.BigInteger(), nullable=False),
        _text("game", 32),
        _text("mode", 16),
        _moment("started_at"),
        _moment("ended_at"),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("events", sa.Text(), nullable=False),
        _money("pot"),
        _money("rake"),
        _money("rollover", nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hands")),
        sa.UniqueConstraint("table_id", "number", name=op.f("uq_hands_table_id_number")),
    )
    op.create_table(
        "hand_players",
        _id("hand_id", nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        _id("account_id", nullable=True),
        _text("name", 64),
        _money("net"),
        _foreign("hand_players", "account_id", "accounts"),
        _foreign("hand_players", "hand_id", "hands"),
        sa.PrimaryKeyConstraint("hand_id", "seat", name=op.f("pk_hand_players")),
    )
    op.create_index(op.f("ix_hand_players_account_id"), "hand_players", ["account_id"])
    op.create_table(
        "ledger",
        _id("id", nullable=False),
        _moment("at"),
        _text("kind", 16),
        _id("account_id", nullable=True),
        _text("table_id", 64, nullable=True),
        _money("balance_change"),
        _money("table_change"),
        _id("hand_id", nullable=True),
        _id("competition_id", nullable=True),
        sa.Column("note", sa.Text(), nullable=False),
        _foreign("ledger", "account_id", "accounts"),
        _foreign("ledger", "competition_id", "competitions"),
        _foreign("ledger", "hand_id", "hands"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger")),
    )
    for column in ("account_id", "competition_id", "hand_id", "table_id"):
        op.create_index(op.f(f"ix_ledger_{column}"), "ledger", [column])
    op.create_table(
        "ratings",
        _id("account_id", nullable=False),
        _text("game", 32),
        _double("rating"),
        _double("rd"),
        _double("volatility"),
        sa.Column("games", sa.Integer(), nullable=False),
        _moment("updated_at"),
        _foreign("ratings", "account_id", "accounts"),
        sa.PrimaryKeyConstraint("account_id", "game", name=op.f("pk_ratings")),
    )
    op.create_index(op.f("ix_ratings_game_rating"), "ratings", ["game", "rating"])
    op.create_table(
        "rating_history",
        _id("id", nullable=False),
        _id("account_id", nullable=False),
        _text("game", 32),
        _id("competition_id", nullable=True),
        _double("rating"),
        _double("rd"),
        _double("volatility"),
        _moment("at"),
        _foreign("rating_history", "account_id", "accounts"),
        _foreign("rating_history", "competition_id", "competitions"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_history")),
    )
    op.create_index(
        op.f("ix_rating_history_account_id_game"), "rating_history", ["account_id", "game"]
    )


def downgrade() -> None:
    for table in (
        "rating_history",
        "ratings",
        "ledger",
        "hand_players",
        "hands",
        "competition_entries",
        "competitions",
        "rollovers",
        "holdings",
        "sessions",
        "accounts",
    ):
        op.drop_table(table)
