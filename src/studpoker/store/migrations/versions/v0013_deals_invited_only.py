"""Each deal keeps whether its table showed its hands to the invited only (a private table
whose host let only the invited watch, issue 38): its revealed seed gives away every down
card of the hand, so it is for those who played at the table, not anyone's.

A deal kept before this revision is marked so when its table is still open and private
with only the invited watching (``room_tables.config``); a closed table's is not known.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-07
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ALTER TABLE (SQLite adds and drops columns itself since 3.35), as in 0010.
    op.add_column(
        "deals",
        sa.Column("invited_only", sa.Boolean(), server_default=sa.false(), nullable=False),
    )
    connection = op.get_bind()
    room_tables = sa.table("room_tables", sa.column("table_id"), sa.column("config"))
    deals = sa.table("deals", sa.column("table_id"), sa.column("invited_only", sa.Boolean()))
    for table_id, config in connection.execute(
        sa.select(room_tables.c.table_id, room_tables.c.config)
    ):
        try:
            private = json.loads(config).get("private")
        except (ValueError, AttributeError):
            continue
        if isinstance(private, dict) and private.get("onlookers") == "invited":
            connection.execute(
                sa.update(deals).where(deals.c.table_id == table_id).values(invited_only=True)
            )


def downgrade() -> None:
    op.execute("ALTER TABLE deals DROP COLUMN invited_only")
