"""The room's hands studied again (issue 18): revision 0008 stored them without their
table's size (a room hand now counts at its game's seats, study/room.py); their facts are
dropped here and studied afresh when a statistic is next asked.  One's imported hands
are kept as they are.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        "DELETE FROM study_players WHERE hand_id IN "
        "(SELECT id FROM study_hands WHERE owner_id IS NULL)"
    )
    op.execute("DELETE FROM study_hands WHERE owner_id IS NULL")


def downgrade() -> None:
    """Nothing to undo: the room's hands are studied again whenever asked."""
