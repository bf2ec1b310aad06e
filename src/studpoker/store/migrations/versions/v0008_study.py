"""Study (issue 18): hands imported from the sites' files and PHH, and the room's own
hands, each with its events, and every player's facts in it (studpoker.study.facts).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-04
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_MOMENT = sa.DateTime(timezone=True)

# The facts' columns as this revision made them (studpoker.store.models.STUDY_FACTS).
FACTS = (
    "vpip",
    "complete_chance",
    "complete",
    "raise3_chance",
    "raise3",
    "bring_in",
    "bi_faced",
    "bi_fold",
    "bi_call",
    "bi_raise",
    "steal_chance",
    "steal",
    "steal_faced",
    "steal_fold",
    "pair4_chance",
    "pair4_bet",
    "saw_1",
    "bet_chance_1",
    "bet_1",
    "raise_chance_1",
    "raise_1",
    "saw_2",
    "bet_chance_2",
    "bet_2",
    "raise_chance_2",
    "raise_2",
    "saw_3",
    "bet_chance_3",
    "bet_3",
    "raise_chance_3",
    "raise_3",
    "saw_4",
    "bet_chance_4",
    "bet_4",
    "raise_chance_4",
    "raise_4",
    "agg_br",
    "agg_calls",
    "agg_folds",
    "showdown",
    "won_showdown",
    "won_no_showdown",
    "hilo_showdown",
    "scoop",
    "half",
    "low_made",
    "sh_made",
    "sh_faced",
    "sh_called",
)


def upgrade() -> None:
    op.create_table(
        "study_hands",
        sa.Column("id", _ID, nullable=False),
        sa.Column("owner_id", _ID, nullable=True),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("number", sa.String(80), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("played_at", sa.String(19), nullable=True),
        sa.Column("small_bet", sa.BigInteger(), nullable=False),
        sa.Column("big_bet", sa.BigInteger(), nullable=False),
        sa.Column("currency", sa.String(3), nullable=True),
        sa.Column("table_size", sa.Integer(), nullable=True),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("events", sa.Text(), nullable=False),
        sa.Column("imported_at", _MOMENT, nullable=False),
        sa.Column("room_hand_id", _ID, nullable=True),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["accounts.id"], name=op.f("fk_study_hands_owner_id_accounts")
        ),
        sa.ForeignKeyConstraint(
            ["room_hand_id"], ["hands.id"], name=op.f("fk_study_hands_room_hand_id_hands")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_study_hands")),
        sa.UniqueConstraint(
            "owner_id", "source", "number", name=op.f("uq_study_hands_owner_id_source_number")
        ),
        sa.UniqueConstraint("room_hand_id", name=op.f("uq_study_hands_room_hand_id")),
    )
    op.create_index(op.f("ix_study_hands_owner_id_game"), "study_hands", ["owner_id", "game"])
    op.create_table(
        "study_players",
        sa.Column("hand_id", _ID, nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("net", sa.BigInteger(), nullable=False),
        sa.Column("net_bb", sa.Double(), nullable=False),
        *(sa.Column(name, sa.SmallInteger(), nullable=False) for name in FACTS),
        sa.ForeignKeyConstraint(
            ["hand_id"], ["study_hands.id"], name=op.f("fk_study_players_hand_id_study_hands")
        ),
        sa.PrimaryKeyConstraint("hand_id", "seat", name=op.f("pk_study_players")),
    )
    op.create_index(op.f("ix_study_players_name"), "study_players", ["name"])


def downgrade() -> None:
    op.drop_index(op.f("ix_study_players_name"), "study_players")
    op.drop_table("study_players")
    op.drop_index(op.f("ix_study_hands_owner_id_game"), "study_hands")
    op.drop_table("study_hands")
