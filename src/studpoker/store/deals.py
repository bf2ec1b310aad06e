"""Each stored hand's deal from seeds, and the reveal of its server seed (issue 38,
docs/fairness.md).

A hand's server seed stays secret while the players who saw it dealt may still be at the
table: a revealed seed gives away the whole deck, folded down cards included.  A table's
hands belong to a **seed epoch**, which begins with its first hand kept and ends when the
table closes (:meth:`Deals.close_epoch`) or when it is :data:`EPOCH` old, whichever comes
first; then every seed of the epoch is revealed at once, so that the room cannot choose
which hands to reveal.  The next hand begins a new epoch (:meth:`Deals.epoch_for`).

A revealed seed is anyone's, but for a private table whose host let only the invited
watch (a deal kept ``invited_only``): its seeds stay for those who played there
(:meth:`Deals.revealed_seeds`), as its hands were shown to the invited only.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from studpoker.fairness import DealRecord
from studpoker.store.base import SEED_EPOCH, StoreBase
from studpoker.store.models import DealModel, HandPlayerModel
from studpoker.store.values import HandRow

__all__ = ["EPOCH", "Deals", "keep_deal"]

EPOCH = SEED_EPOCH  # the longest a seed epoch lasts by default (an operator setting)


def keep_deal(
    session: Session,
    hand_id: int,
    hand: HandRow,
    now: datetime,
    epoch: timedelta,
    known: tuple[dict[tuple[str, int | None], datetime], int | None] | None = None,
) -> None:
    """Keep ``hand``'s deal with the hand (record_hand's transaction), in its table's
    open seed epoch (``hand.epoch_started``, or the one the table's last deal began
    unless it is revealed or over by ``now``; else a new one from ``now``).

    ``known``: the open epochs this store found, by table and fencing token, and the
    token the hand is stored under.  A hand is stored at every table every few seconds,
    so the epoch is read from the database once an owner of the table: only the table's
    owner keeps its deals, and only a close reveals an epoch before its age
    (:meth:`Deals.close_epoch` forgets it here; an epoch closed by another process is
    one whose table changed hands, and so its token)."""
    deal = hand.deal
    if deal is None:
        return
    if deal.server_seed is None:
        raise ValueError("a deal is kept with its server seed")
    started = hand.epoch_started
    if started is None:
        key = (hand.table_id, None if known is None else known[1])
        started = None if known is None else known[0].get(key)
        if started is None or started + epoch <= now:
            started = _open_epoch(session, hand.table_id, now, epoch) or now
            if known is not None:
                known[0][key] = started
    session.execute(
        insert(DealModel),
        {
            "hand_id": hand_id,
            "table_id": hand.table_id,
            "hand_key": deal.hand_id,
            "size": deal.size,
            "commitment": deal.commitment.hex(),
            "root": deal.root.hex(),
            "client_seeds": json.dumps([seed.hex() for seed in deal.client_seeds]),
            "chosen_by_room": json.dumps(sorted(deal.chosen_by_room)),
            "test_seed": deal.test_seed,
            "server_seed": deal.server_seed.hex(),
            "epoch_started": started,
            "revealed_at": None,
            "invited_only": hand.invited_only,
        },
    )


def _open_epoch(
    session: Session, table_id: str, now: datetime, epoch: timedelta
) -> datetime | None:
    """When ``table_id``'s open seed epoch began, or None if it has none open."""
    last = session.execute(
        select(DealModel.epoch_started, DealModel.revealed_at)
        .where(DealModel.table_id == table_id)
        .order_by(DealModel.epoch_started.desc())
        .limit(1)
    ).first()
    if last is None or last.revealed_at is not None:
        return None
    started: datetime = last.epoch_started
    return None if started + epoch <= now else started


class Deals(StoreBase):
    """The deals kept with the hands, and their epochs' reveal (``self.epoch``: how
    long an epoch lasts at most)."""

    def epoch_for(self, table_id: str, at: datetime | None = None) -> datetime:
        """When the seed epoch of the hand ``table_id`` deals now (``at``) began: its
        current epoch's start, or ``at`` when the table has none open (its last one
        revealed or over by age, or no hand kept yet)."""
        now = at or self._now()
        with self._transaction() as session:
            return _open_epoch(session, table_id, now, self.epoch) or now

    def close_epoch(self, table_id: str) -> int:
        """The table closes: every seed of its open epoch is revealed now; how many."""
        for key in [key for key in self.open_epochs if key[0] == table_id]:
            self.open_epochs.pop(key, None)
        now = self._now()
        with self._transaction() as session:
            done = session.execute(
                update(DealModel)
                .where(DealModel.table_id == table_id, DealModel.revealed_at.is_(None))
                .values(revealed_at=now)
            )
        return int(done.rowcount)  # type: ignore[attr-defined]

    def deal_of(self, hand_id: int) -> DealRecord | None:
        """Stored hand ``hand_id``'s deal, its server seed given only once its epoch has
        ended (None: a hand dealt before deals from seeds)."""
        with self._transaction() as session:
            row = session.get(DealModel, hand_id)
        return None if row is None else self._record(row, self._now())

    def deals_of(self, hand_ids: list[int]) -> dict[int, DealRecord]:
        """:meth:`deal_of` for many hands at once (a download)."""
        if not hand_ids:
            return {}
        now = self._now()
        with self._transaction() as session:
            rows = session.scalars(select(DealModel).where(DealModel.hand_id.in_(hand_ids)))
            return {row.hand_id: self._record(row, now) for row in rows}

    def revealed_seeds(
        self, table_id: str, account_id: int | None = None, *, watching: bool = False
    ) -> list[dict[str, object]]:
        """Every revealed deal of ``table_id`` the asker may have, oldest first
        (``GET /api/tables/{id}/seeds``).  A deal of a table that showed its hands to the
        invited only (``invited_only``: a private table whose host let only the invited
        watch) gives away every down card of its hand, folded ones too: it is given to
        ``account_id`` only if that account played a hand of the table dealt so, or when
        the room lets the asker watch the table as it runs (``watching``: room.check_watch).
        Anyone else, and an asker with no account, gets the other deals only."""
        now = self._now()
        with self._transaction() as session:
            query = select(DealModel).where(DealModel.table_id == table_id)
            if not watching and not self._played_invited_only(session, table_id, account_id):
                query = query.where(DealModel.invited_only.is_(False))
            rows = session.scalars(query.order_by(DealModel.epoch_started, DealModel.hand_id)).all()
            found = [self._record(row, now) for row in rows]
            kept = [(row.epoch_started, row.revealed_at) for row in rows]
        return [
            {
                "hand_id": deal.hand_id,
                "size": deal.size,
                "commitment": deal.commitment.hex(),
                "root": deal.root.hex(),
                "client_seeds": [seed.hex() for seed in deal.client_seeds],
                "chosen_by_room": sorted(deal.chosen_by_room),
                "test_seed": deal.test_seed,
                "server_seed": deal.server_seed.hex(),
                "epoch_started": started.isoformat(),
                "revealed_at": (revealed or started + self.epoch).isoformat(),
            }
            for deal, (started, revealed) in zip(found, kept, strict=True)
            if deal.server_seed is not None
        ]

    @staticmethod
    def _played_invited_only(session: Session, table_id: str, account_id: int | None) -> bool:
        """Whether ``account_id`` played a hand of ``table_id`` whose deal was kept
        ``invited_only`` (a hand of another table of the same id, public, does not count)."""
        if account_id is None:
            return False
        played = session.execute(
            select(HandPlayerModel.hand_id)
            .join(DealModel, DealModel.hand_id == HandPlayerModel.hand_id)
            .where(
                DealModel.table_id == table_id,
                DealModel.invited_only.is_(True),
                HandPlayerModel.account_id == account_id,
            )
            .limit(1)
        ).first()
        return played is not None

    def _record(self, row: DealModel, now: datetime) -> DealRecord:
        revealed = row.revealed_at is not None or row.epoch_started + self.epoch <= now
        return DealRecord(
            row.hand_key,
            row.size,
            bytes.fromhex(row.commitment),
            bytes.fromhex(row.root),
            tuple(bytes.fromhex(seed) for seed in json.loads(row.client_seeds)),
            frozenset(json.loads(row.chosen_by_room)),
            bytes.fromhex(row.server_seed) if revealed else None,
            row.test_seed,
        )
