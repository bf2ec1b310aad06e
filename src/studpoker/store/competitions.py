"""Competitions (R7.3): who entered and paid, how they finished, who won what.

Entry fees go from the entrants' balances into the competition's pool; prizes come out
of it. A competition's chips are not money: its hands move nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from studpoker.store.base import StoreBase
from studpoker.store.checks import bounded_text, check_table_id, moment, whole
from studpoker.store.errors import StoreError
from studpoker.store.models import GAME_LENGTH, CompetitionModel, EntryModel
from studpoker.store.money import credit, debit, write
from studpoker.store.values import Competition, LedgerKind, Placing


def _competition_value(session: Session, row: CompetitionModel) -> Competition:
    entries = list(
        session.scalars(
            select(EntryModel)
            .where(EntryModel.competition_id == row.id)
            .order_by(EntryModel.account_id)
        )
    )
    standings = sorted(
        (
            Placing(account_id=e.account_id, place=e.place, chips=e.chips or 0)
            for e in entries
            if e.place is not None
        ),
        key=lambda s: (s.place, -s.chips, s.account_id),
    )
    return Competition(
        id=row.id,
        table_id=row.table_id,
        game=row.game,
        chips=row.chips,
        entry_fee=row.entry_fee,
        pool=row.pool,
        started_at=row.started_at,
        ends_at=row.ends_at,
        finished_at=row.finished_at,
        entrants=tuple(e.account_id for e in entries),
        standings=tuple(standings),
        prizes={e.account_id: e.prize for e in entries if e.prize},
    )


class Competitions(StoreBase):
    def start_competition(
        self,
        table_id: str,
        game: str,
        account_ids: Sequence[int],
        *,
        chips: int,
        entry_fee: int = 0,
        ends_at: datetime,
    ) -> int:
        """Starts a competition at the table and returns its id: in one transaction,
        each entrant pays ``entry_fee`` (0 is allowed; the ledger still has the entry)
        into the competition's pool. Raises :class:`InsufficientFunds` (changing
        nothing) if anyone cannot pay, :class:`StoreError` if the table has a
        competition running."""
        table = check_table_id(table_id)
        bounded_text(game, "a game", length=GAME_LENGTH)
        chips = whole(chips, "a competition's starting chips")
        entry_fee = whole(entry_fee, "an entry fee", minimum=0)
        ends = moment(ends_at, "a competition's end")
        entrants = [whole(a, "an account id") for a in account_ids]
        if len(set(entrants)) != len(entrants):
            raise StoreError("a competition's entrants are different accounts")
        if len(entrants) < 2:
            raise StoreError(f"a competition has 2 players or more, not {len(entrants)}")
        now = self._now()
        if ends <= now:
            raise StoreError(f"a competition must end after it starts ({now}), not at {ends}")
        with self._transaction() as session:
            running = session.scalar(
                select(CompetitionModel.id).where(
                    CompetitionModel.table_id == table, CompetitionModel.finished_at.is_(None)
                )
            )
            if running is not None:
                raise StoreError(f"table {table} has competition {running} running")
            row = CompetitionModel(
                table_id=table,
                game=game,
                chips=chips,
                entry_fee=entry_fee,
                pool=entry_fee * len(entrants),
                started_at=now,
                ends_at=ends,
                finished_at=None,
            )
            session.add(row)
            session.flush()
            for account_id in sorted(entrants):
                account = self._account_row(session, account_id, lock=True)
                debit(session, account, entry_fee, f"pay the entry fee of {entry_fee}")
                session.add(
                    EntryModel(
                        competition_id=row.id,
                        account_id=account_id,
                        place=None,
                        chips=None,
                        prize=0,
                    )
                )
                write(
                    session,
                    now,
                    LedgerKind.ENTRY,
                    account_id=account_id,
                    table_id=table,
                    balance_change=-entry_fee,
                    competition_id=row.id,
                )
        return row.id

    def finish_competition(
        self,
        competition_id: int,
        standings: Sequence[Placing],
        *,
        prize: Mapping[int, int] | None = None,
    ) -> None:
        """Ends the competition with every entrant's place and chips, and pays
        ``prize`` (account id to amount) from its pool to the balances: the prizes must
        add up to the whole pool, the entry fees paid."""
        whole(competition_id, "a competition id")
        prizes = dict(prize or {})
        for account_id, amount in prizes.items():
            whole(account_id, "an account id")
            whole(amount, "a prize")
        places: dict[int, Placing] = {}
        for standing in standings:
            if not isinstance(standing, Placing):
                raise StoreError(f"standings are Placing values, not {standing!r}")
            whole(standing.place, "a place")
            whole(standing.chips, "a player's chips", minimum=0)
            if standing.account_id in places:
                raise StoreError(f"account {standing.account_id} is in the standings twice")
            places[standing.account_id] = standing
        now = self._now()
        with self._transaction() as session:
            row = session.scalars(
                select(CompetitionModel)
                .where(CompetitionModel.id == competition_id)
                .with_for_update()
            ).one_or_none()
            if row is None:
                raise StoreError(f"no competition {competition_id}")
            if row.finished_at is not None:
                raise StoreError(f"competition {competition_id} is already finished")
            entries = {
                e.account_id: e
                for e in session.scalars(
                    select(EntryModel).where(EntryModel.competition_id == competition_id)
                )
            }
            if set(places) != set(entries):
                raise StoreError(
                    f"the standings of competition {competition_id} must list its entrants "
                    f"{sorted(entries)}, not {sorted(places)}"
                )
            if not set(prizes) <= set(entries):
                raise StoreError(
                    f"prizes go to entrants of competition {competition_id}, "
                    f"not {sorted(set(prizes) - set(entries))}"
                )
            if sum(prizes.values()) != row.pool:
                raise StoreError(
                    f"competition {competition_id} has {row.pool} in entry fees to pay out: "
                    f"the prizes must add up to it, not to {sum(prizes.values())}"
                )
            for account_id, entry in entries.items():
                entry.place = places[account_id].place
                entry.chips = places[account_id].chips
                entry.prize = prizes.get(account_id, 0)
            row.finished_at = now
            row.pool = 0
            for account_id in sorted(prizes):
                self._account_row(session, account_id, lock=True)
                credit(session, account_id, prizes[account_id])
                write(
                    session,
                    now,
                    LedgerKind.PRIZE,
                    account_id=account_id,
                    table_id=row.table_id,
                    balance_change=prizes[account_id],
                    competition_id=competition_id,
                )

    def competition(self, competition_id: int) -> Competition | None:
        """The competition with this id, or None."""
        whole(competition_id, "a competition id")
        with self._transaction() as session:
            row = session.get(CompetitionModel, competition_id)
            return None if row is None else _competition_value(session, row)

    def competitions(
        self, table_id: str | None = None, *, running: bool | None = None
    ) -> list[Competition]:
        """Competitions, newest first: at one table or all, only those running (or only
        those finished) when ``running`` is given — after a restart, the competitions
        that must still be finished."""
        statement = select(CompetitionModel).order_by(CompetitionModel.id.desc())
        if table_id is not None:
            statement = statement.where(CompetitionModel.table_id == check_table_id(table_id))
        if running is not None:
            finished = CompetitionModel.finished_at
            statement = statement.where(finished.is_(None) if running else finished.is_not(None))
        with self._transaction() as session:
            return [_competition_value(session, row) for row in session.scalars(statement)]
