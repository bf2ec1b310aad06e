"""Names' shapes: every account keeps the skeleton of its name, unique, so that no two
names read alike (``Alice`` and ``Аlice``, its ``А`` Cyrillic).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from studpoker.store.names import skeleton

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A migration is frozen, but the skeletons of the names already there are made with
# the store's own function rather than a copy of it: they must be equal to the
# skeletons of the names to come.
_LENGTH = 192


def _shapes(connection: sa.Connection, accounts: sa.TableClause) -> list[dict[str, object]]:
    """Each account's id and skeleton.  Two names already there that read alike both
    stay: the later one's skeleton is its shape, a tab and its id (no name holds a tab),
    so that only names to come are refused.  So is a shape too long for the column."""
    shapes: list[dict[str, object]] = []
    seen: set[str] = set()
    rows = connection.execute(sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.id))
    for account_id, name in rows:
        shape = skeleton(name)
        if shape in seen or len(shape) > _LENGTH:
            own = f"\t{account_id}"
            shape = shape[: _LENGTH - len(own)] + own
        seen.add(shape)
        shapes.append({"row_id": account_id, "shape": shape})
    return shapes


def upgrade() -> None:
    connection = op.get_bind()
    sqlite = connection.dialect.name == "sqlite"
    # SQLite adds a NOT NULL column only with a default, and changes a column only by
    # copying its table, whose drop would delete the accounts' sessions (ON DELETE
    # CASCADE) and break the other tables' foreign keys.
    op.add_column(
        "accounts",
        sa.Column(
            "skeleton",
            sa.String(_LENGTH),
            nullable=not sqlite,
            server_default="" if sqlite else None,
        ),
    )
    accounts = sa.table(
        "accounts",
        sa.column("id", sa.BigInteger()),
        sa.column("name", sa.String()),
        sa.column("skeleton", sa.String()),
    )
    shapes = _shapes(connection, accounts)
    if shapes:
        connection.execute(
            accounts.update()
            .where(accounts.c.id == sa.bindparam("row_id"))
            .values(skeleton=sa.bindparam("shape")),
            shapes,
        )
    if not sqlite:
        op.alter_column("accounts", "skeleton", existing_type=sa.String(_LENGTH), nullable=False)
    op.create_index(op.f("ix_accounts_skeleton"), "accounts", ["skeleton"], unique=True)


def downgrade() -> None:
    op.drop_index(op.f("ix_accounts_skeleton"), table_name="accounts")
    op.drop_column("accounts", "skeleton")
