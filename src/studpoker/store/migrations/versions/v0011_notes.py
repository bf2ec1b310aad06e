"""Players' notes on each other (issue 36): a colour tag or none and text, one a writer
and subject, kept for the writer alone.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-20
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_AT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "notes",
        sa.Column("id", _ID, nullable=False),
        sa.Column("writer_id", _ID, nullable=False),
        sa.Column("subject_id", _ID, nullable=False),
        sa.Column("colour", sa.String(16), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("updated_at", _AT, nullable=False),
        sa.ForeignKeyConstraint(
            ["writer_id"],
            ["accounts.id"],
            name=op.f("fk_notes_writer_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["subject_id"],
            ["accounts.id"],
            name=op.f("fk_notes_subject_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notes")),
        sa.UniqueConstraint("writer_id", "subject_id", name=op.f("uq_notes_writer_id_subject_id")),
    )


def downgrade() -> None:
    op.drop_table("notes")
