"""Tournaments' money (issue 17): entries paid through the ledger, refunds, prizes paid
at the end in one transaction, and the director's state kept for a restart.

A tournament holds the buy-ins of its entries in its ``pool`` and the fees in
``fees`` (the room's); both count in the room's money (audit.py): an entry moves
``buy_in + fee`` from a balance into them, a refund moves them back, and the prizes
empty the pool into the winners' balances (a tournament cancelled once started: into
the balances of those still in it, by chip count).  Every change comes with its
ledger row, naming the tournament.  A computer player's entry (practice tournaments) has no
account and pays nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from studpoker.store.base import StoreBase
from studpoker.store.checks import bounded_text, moment, whole
from studpoker.store.errors import StoreError
from studpoker.store.fences import check_fence, tournament_key
from studpoker.store.models import (
    ENTRY_NAME_LENGTH,
    GAME_LENGTH,
    TOURNAMENT_NAME_LENGTH,
    TournamentEntryModel,
    TournamentModel,
)
from studpoker.store.money import credit, debit, write
from studpoker.store.values import LedgerKind, TournamentEntry, TournamentRow

__all__ = ["TOURNAMENT_STATES", "Tournaments"]

# registering: open for entries; running: dealt (late entries still possible);
# finished: prizes paid; cancelled: every entry paid back (before the start), or the
# pool shared by chip count among the entries still in (after it: chop_tournament).
TOURNAMENT_STATES = ("registering", "running", "finished", "cancelled")


def _row_value(row: TournamentModel, entries: int) -> TournamentRow:
    return TournamentRow(
        id=row.id,
        name=row.name,
        game=row.game,
        kind=row.kind,
        state=row.state,
        buy_in=row.buy_in,
        fee=row.fee,
        pool=row.pool,
        fees=row.fees,
        settings=row.settings,
        created_by=row.created_by,
        created_at=row.created_at,
        starts_at=row.starts_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        director=row.director,
        entries=entries,
    )


class Tournaments(StoreBase):
    def create_tournament(
        self,
        name: str,
        game: str,
        kind: str,
        *,
        buy_in: int,
        fee: int,
        settings: str,
        created_by: int | None = None,
        starts_at: datetime | None = None,
    ) -> int:
        """A new tournament, registering; returns its id."""
        bounded_text(name, "a tournament's name", length=TOURNAMENT_NAME_LENGTH)
        bounded_text(game, "a game", length=GAME_LENGTH)
        bounded_text(kind, "a tournament's kind", length=16)
        buy_in = whole(buy_in, "a buy-in", minimum=0)
        fee = whole(fee, "a fee", minimum=0)
        if not isinstance(settings, str):
            raise StoreError("a tournament's settings are JSON text")
        starts = None if starts_at is None else moment(starts_at, "a tournament's start")
        with self._transaction() as session:
            if created_by is not None:
                self._account_row(session, created_by)
            row = TournamentModel(
                name=name,
                game=game,
                kind=kind,
                state="registering",
                buy_in=buy_in,
                fee=fee,
                pool=0,
                fees=0,
                settings=settings,
                created_by=created_by,
                created_at=self._now(),
                starts_at=starts,
                started_at=None,
                finished_at=None,
                director=None,
            )
            session.add(row)
            session.flush()
            return row.id

    def _tournament_row(self, session: Session, tournament_id: int) -> TournamentModel:
        row = session.scalars(
            select(TournamentModel).where(TournamentModel.id == tournament_id).with_for_update()
        ).one_or_none()
        if row is None:
            raise StoreError(f"no tournament {tournament_id}")
        return row

    def _running_entries(
        self, session: Session, tournament_id: int
    ) -> tuple[TournamentModel, dict[str, TournamentEntryModel]]:
        """A running tournament's row (locked) and its entries by name; a StoreError for
        a tournament that is not running (its end and a chop, each written once)."""
        row = self._tournament_row(session, tournament_id)
        if row.state != "running":
            raise StoreError(f"tournament {tournament_id} is {row.state}")
        query = select(TournamentEntryModel).where(
            TournamentEntryModel.tournament_id == tournament_id
        )
        return row, {entry.name: entry for entry in session.scalars(query)}

    def enter_tournament(self, tournament_id: int, account_id: int | None, name: str) -> None:
        """Enter ``name`` (the account's entry, or a computer player's with no account):
        its buy-in and fee from the balance, in one transaction.  Raises
        :class:`InsufficientFunds` (changing nothing) if the balance is short."""
        whole(tournament_id, "a tournament id")
        bounded_text(name, "an entry's name", length=ENTRY_NAME_LENGTH)
        now = self._now()
        with self._transaction() as session:
            row = self._tournament_row(session, tournament_id)
            if row.state not in ("registering", "running"):
                raise StoreError(f"tournament {tournament_id} is {row.state}")
            taken = session.scalar(
                select(TournamentEntryModel.id).where(
                    TournamentEntryModel.tournament_id == tournament_id,
                    TournamentEntryModel.name == name,
                )
            )
            if taken is not None:
                raise StoreError(f"{name} has entered tournament {tournament_id} already")
            price = row.buy_in + row.fee
            if account_id is None:
                if price:
                    raise StoreError("a computer player enters free tournaments only")
            else:
                account = self._account_row(session, account_id, lock=True)
                debit(session, account, price, f"pay the buy-in of {row.buy_in} + {row.fee}")
                write(
                    session,
                    now,
                    LedgerKind.TOURNAMENT_ENTRY,
                    account_id=account_id,
                    balance_change=-price,
                    tournament_id=tournament_id,
                    note=name,
                )
            row.pool += row.buy_in if account_id is not None else 0
            row.fees += row.fee if account_id is not None else 0
            session.add(
                TournamentEntryModel(
                    tournament_id=tournament_id,
                    account_id=account_id,
                    name=name,
                    paid=price if account_id is not None else 0,
                    registered_at=now,
                    place=None,
                    prize=0,
                )
            )

    def leave_tournament(self, tournament_id: int, name: str) -> int:
        """Take entry ``name`` out of a tournament still registering, its buy-in and
        fee back to the balance; returns the amount paid back."""
        now = self._now()
        with self._transaction() as session:
            row = self._tournament_row(session, tournament_id)
            if row.state != "registering":
                raise StoreError(f"tournament {tournament_id} is {row.state}")
            return self._refund(session, row, name, now)

    def _refund(self, session: Session, row: TournamentModel, name: str, now: datetime) -> int:
        entry = session.scalars(
            select(TournamentEntryModel).where(
                TournamentEntryModel.tournament_id == row.id, TournamentEntryModel.name == name
            )
        ).one_or_none()
        if entry is None:
            raise StoreError(f"{name} has not entered tournament {row.id}")
        if entry.account_id is not None and entry.paid:
            self._account_row(session, entry.account_id, lock=True)
            credit(session, entry.account_id, entry.paid)
            row.pool -= row.buy_in
            row.fees -= row.fee
            write(
                session,
                now,
                LedgerKind.TOURNAMENT_REFUND,
                account_id=entry.account_id,
                balance_change=entry.paid,
                tournament_id=row.id,
                note=name,
            )
        session.execute(delete(TournamentEntryModel).where(TournamentEntryModel.id == entry.id))
        return entry.paid

    def cancel_tournament(self, tournament_id: int, *, fence: int | None = None) -> tuple[int, int]:
        """Cancel a tournament that has not started: every entry is paid back its
        buy-in and fee, in one transaction.  Returns the number of entries and the
        chips paid back.  With ``fence`` (its director's token), refused as a stale
        director's (StaleOwner) if another has written since."""
        now = self._now()
        with self._transaction() as session:
            check_fence(session, tournament_key(tournament_id), fence)
            row = self._tournament_row(session, tournament_id)
            if row.state != "registering":
                raise StoreError(f"tournament {tournament_id} is {row.state}")
            names = session.scalars(
                select(TournamentEntryModel.name)
                .where(TournamentEntryModel.tournament_id == tournament_id)
                .order_by(TournamentEntryModel.id)
            ).all()
            refunded = sum(self._refund(session, row, name, now) for name in names)
            row.state = "cancelled"
            row.finished_at = now
            return len(names), refunded

    def chop_tournament(
        self,
        tournament_id: int,
        shares: Mapping[str, int],
        director: str,
        *,
        fence: int | None = None,
    ) -> None:
        """Cancel a running tournament: its pool paid out as ``shares`` (by entry
        name, each one's chips of the pool), in one transaction with a
        ``tourney_chop`` ledger row for each share above 0, and the tournament
        cancelled with the director's state at the cancel (``director``, the stacks
        the shares were reckoned from).  The shares must add up to the pool; the fees
        stay the room's, earned by the play so far.  With ``fence``, refused as a
        stale director's (StaleOwner) if another has written since."""
        now = self._now()
        with self._transaction() as session:
            check_fence(session, tournament_key(tournament_id), fence)
            row, entries = self._running_entries(session, tournament_id)
            unknown = sorted(set(shares) - set(entries))
            if unknown:
                raise StoreError(f"tournament {tournament_id} has no entries {unknown}")
            total = 0
            for name, share in shares.items():
                total += whole(share, "a share", minimum=0)
                if share and entries[name].account_id is None:
                    raise StoreError(f"{name} has no account to be paid a share")
            if total != row.pool:
                raise StoreError(
                    f"tournament {tournament_id} has {row.pool} to share: "
                    f"the shares must add up to it, not to {total}"
                )
            # The accounts locked in one order (as the prizes lock them): two
            # transactions never wait on each other.
            for name in sorted(shares, key=lambda n: (entries[n].account_id or 0, n)):
                entry = entries[name]
                entry.prize = shares[name]
                if entry.prize:
                    assert entry.account_id is not None
                    self._account_row(session, entry.account_id, lock=True)
                    credit(session, entry.account_id, entry.prize)
                    write(
                        session,
                        now,
                        LedgerKind.TOURNAMENT_CHOP,
                        account_id=entry.account_id,
                        balance_change=entry.prize,
                        tournament_id=tournament_id,
                        note=name,
                    )
            row.pool = 0
            row.state, row.finished_at, row.director = "cancelled", now, director

    def start_tournament(
        self, tournament_id: int, director: str, *, fence: int | None = None
    ) -> None:
        """The tournament is dealt: running, with the director's first state.  With
        ``fence`` (its director's token, docs/scaling.md), refused as a stale
        director's (StaleOwner) if another has written since."""
        with self._transaction() as session:
            check_fence(session, tournament_key(tournament_id), fence)
            row = self._tournament_row(session, tournament_id)
            if row.state != "registering":
                raise StoreError(f"tournament {tournament_id} is {row.state}")
            row.state, row.started_at, row.director = "running", self._now(), director

    def save_director(self, tournament_id: int, director: str, *, fence: int | None = None) -> None:
        """Keep the director's state (after each hand), to go on from after a restart."""
        with self._transaction() as session:
            check_fence(session, tournament_key(tournament_id), fence)
            row = self._tournament_row(session, tournament_id)
            if row.state != "running":
                raise StoreError(f"tournament {tournament_id} is {row.state}")
            row.director = director

    def finish_tournament(
        self,
        tournament_id: int,
        places: Mapping[str, tuple[int, int]],
        director: str,
        *,
        fence: int | None = None,
    ) -> None:
        """The tournament is over: each entry's (place, prize), by name, and the prizes
        paid from the pool to the balances, all in one transaction.  The prizes must
        add up to the pool, and every entry must have its place."""
        now = self._now()
        with self._transaction() as session:
            check_fence(session, tournament_key(tournament_id), fence)
            row, entries = self._running_entries(session, tournament_id)
            if set(places) != set(entries):
                raise StoreError(
                    f"the places of tournament {tournament_id} list its entries "
                    f"{sorted(entries)}, not {sorted(places)}"
                )
            total = 0
            for name, (place, prize) in places.items():
                whole(place, "a place")
                total += whole(prize, "a prize", minimum=0)
                if prize and entries[name].account_id is None:
                    raise StoreError(f"{name} has no account to be paid a prize")
            if total != row.pool:
                raise StoreError(
                    f"tournament {tournament_id} has {row.pool} to pay out: "
                    f"the prizes must add up to it, not to {total}"
                )
            for name in sorted(places, key=lambda n: entries[n].account_id or 0):
                entry = entries[name]
                entry.place, entry.prize = places[name]
                if entry.prize:
                    assert entry.account_id is not None
                    self._account_row(session, entry.account_id, lock=True)
                    credit(session, entry.account_id, entry.prize)
                    write(
                        session,
                        now,
                        LedgerKind.TOURNAMENT_PRIZE,
                        account_id=entry.account_id,
                        balance_change=entry.prize,
                        tournament_id=tournament_id,
                        note=f"{name}: place {entry.place}",
                    )
            row.pool = 0
            row.state, row.finished_at, row.director = "finished", now, director

    def tournament(self, tournament_id: int) -> TournamentRow | None:
        with self._transaction() as session:
            row = session.get(TournamentModel, tournament_id)
            if row is None:
                return None
            count = session.scalar(
                select(func.count()).where(TournamentEntryModel.tournament_id == tournament_id)
            )
            return _row_value(row, int(count or 0))

    def tournaments(
        self, states: Sequence[str] = TOURNAMENT_STATES, *, limit: int | None = None
    ) -> list[TournamentRow]:
        """The tournaments in ``states``, the newest first (the ``limit`` newest)."""
        with self._transaction() as session:
            query = (
                select(TournamentModel)
                .where(TournamentModel.state.in_(list(states)))
                .order_by(TournamentModel.id.desc())
            )
            if limit is not None:
                query = query.limit(whole(limit, "a number of tournaments", minimum=1))
            rows = session.scalars(query).all()
            counts = dict(
                session.execute(
                    select(TournamentEntryModel.tournament_id, func.count())
                    .where(TournamentEntryModel.tournament_id.in_([row.id for row in rows]))
                    .group_by(TournamentEntryModel.tournament_id)
                ).all()
            )
            return [_row_value(row, int(counts.get(row.id, 0))) for row in rows]

    def tournament_entries(self, tournament_id: int) -> list[TournamentEntry]:
        """A tournament's entries in the order they entered."""
        with self._transaction() as session:
            return [
                TournamentEntry(e.name, e.account_id, e.paid, e.registered_at, e.place, e.prize)
                for e in session.scalars(
                    select(TournamentEntryModel)
                    .where(TournamentEntryModel.tournament_id == tournament_id)
                    .order_by(TournamentEntryModel.id)
                )
            ]
