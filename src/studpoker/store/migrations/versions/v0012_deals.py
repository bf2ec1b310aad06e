"""Each stored hand's deal from seeds (issue 38): the commitment, the root and the client
seeds sent with it, and its server seed, kept secret until its table's seed epoch ends.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_AT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "deals",
        sa.Column("hand_id", _ID, nullable=False),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("hand_key", sa.String(88), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("root", sa.String(64), nullable=False),
        sa.Column("client_seeds", sa.Text(), nullable=False),
        sa.Column("chosen_by_room", sa.Text(), nullable=False),
        sa.Column("test_seed", sa.Boolean(), nullable=False),
        sa.Column("server_seed", sa.String(64), nullable=False),
        sa.Column("epoch_started", _AT, nullable=False),
        sa.Column("revealed_at", _AT, nullable=True),
        sa.ForeignKeyConstraint(["hand_id"], ["hands.id"], name=op.f("fk_deals_hand_id_hands")),
        sa.PrimaryKeyConstraint("hand_id", name=op.f("pk_deals")),
    )
    op.create_index("ix_deals_table_id_epoch_started", "deals", ["table_id", "epoch_started"])


def downgrade() -> None:
    op.drop_index("ix_deals_table_id_epoch_started", table_name="deals")
    op.drop_table("deals")
