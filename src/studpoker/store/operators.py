"""The operator's side of the store (docs/operating.md): roles, bans and mutes, renames,
withdrawals, one-time password resets, free chips, the admin log and who is online.

Every operator's action is one transaction with its line in the admin log (who, when,
what, why), so that the log never says what did not happen nor misses what did.  An
action that a running room has to carry out at a table (close it, pause it, remove a
seat, say something there) is a line that names the table, done once the process that
runs it has done it (room/operator.py reads the lines it has not read yet).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from studpoker.store.accounts import _check_name, account_value, name_key
from studpoker.store.base import StoreBase
from studpoker.store.checks import check_table_id, whole
from studpoker.store.errors import InsufficientFunds, NameTaken, StoreError
from studpoker.store.models import (
    OPERATOR_LENGTH,
    AccountModel,
    AdminActionModel,
    FreeChipsModel,
    HoldingModel,
    PasswordResetModel,
    PresenceModel,
    RoomTableModel,
    SessionModel,
)
from studpoker.store.money import credit, debit, write
from studpoker.store.names import skeleton
from studpoker.store.values import (
    ROLES,
    Account,
    AccountSummary,
    Actor,
    AdminAction,
    LedgerKind,
    Presence,
)

__all__ = ["FreeChipsRefused", "Operators", "log_action"]

RESET_LIFETIME = 24 * 3600
"""How long a password reset may be used, in seconds: a day."""
TARGET_LENGTH = 128


class FreeChipsRefused(StoreError):
    """Free chips not given now: ``code`` says why (``free_chips_wait``: the account had
    some less than ``every`` ago, ``retry_after`` seconds to wait; ``free_chips_address``:
    the address had its share; ``free_chips_balance``: the balance is not low)."""

    def __init__(self, message: str, code: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def log_action(
    session: Session,
    at: datetime,
    by: Actor,
    action: str,
    target: str,
    reason: str,
    details: Mapping[str, Any] | None = None,
    *,
    table_id: str | None = None,
) -> AdminActionModel:
    """Within an operator's transaction: its line in the admin log."""
    if not isinstance(by, Actor) or not by.name:
        raise StoreError("an operator's action says who does it (an Actor)")
    if not isinstance(reason, str):
        raise StoreError(f"an operator's reason is text, not {reason!r}")
    row = AdminActionModel(
        at=at,
        operator=by.name[:OPERATOR_LENGTH],
        operator_id=by.account_id,
        action=action,
        target=target[:TARGET_LENGTH],
        reason=reason,
        details=json.dumps(dict(details or {}), sort_keys=True, ensure_ascii=False),
        table_id=table_id,
    )
    session.add(row)
    session.flush()
    return row


def _action_value(row: AdminActionModel) -> AdminAction:
    return AdminAction(
        id=row.id,
        at=row.at,
        operator=row.operator,
        action=row.action,
        target=row.target,
        reason=row.reason,
        details=row.details,
        table_id=row.table_id,
        done_at=row.done_at,
        result=row.result,
    )


def _summaries() -> Any:  # a Select of (AccountModel, chips at tables)
    at_tables = (
        select(HoldingModel.account_id, func.sum(HoldingModel.chips).label("chips"))
        .group_by(HoldingModel.account_id)
        .subquery()
    )
    return select(AccountModel, func.coalesce(at_tables.c.chips, 0)).outerjoin(
        at_tables, at_tables.c.account_id == AccountModel.id
    )


def _summary(row: AccountModel, chips: int) -> AccountSummary:
    return AccountSummary(
        id=row.id,
        name=row.name,
        balance=row.balance,
        at_tables=int(chips),
        role=row.role,
        guest=row.guest,
        bot=row.bot,
        created_at=row.created_at,
        banned_at=row.banned_at,
        muted_until=row.muted_until,
    )


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Operators(StoreBase):
    # -- accounts -------------------------------------------------------------------------

    def accounts(
        self, query: str = "", *, limit: int = 50, offset: int = 0
    ) -> list[AccountSummary]:
        """Accounts whose name holds ``query`` (any case; all without one), by name,
        each with its balance and its chips at tables."""
        limit = whole(limit, "a limit")
        offset = whole(offset, "an offset", minimum=0)
        if not isinstance(query, str) or len(query) > 64:
            raise StoreError("a search is text of 64 characters at most")
        statement = _summaries().order_by(AccountModel.name_key, AccountModel.id)
        if query.strip():
            pattern = "%" + name_key(query.strip()).replace("%", r"\%").replace("_", r"\_") + "%"
            statement = statement.where(AccountModel.name_key.like(pattern, escape="\\"))
        with self._transaction() as session:
            found = session.execute(statement.limit(limit).offset(offset))
            return [_summary(row, chips) for row, chips in found]

    def account_summary(self, account_id: int) -> AccountSummary | None:
        """One account as :meth:`accounts` lists it, or None."""
        statement = _summaries().where(AccountModel.id == whole(account_id, "an account id"))
        with self._transaction() as session:
            found = session.execute(statement).one_or_none()
            return None if found is None else _summary(found[0], found[1])

    def grant(self, account_id: int, role: str, *, by: Actor, reason: str = "") -> Account:
        """Give the account ``role`` (``operator``, or ``player`` to take it back)."""
        if role not in ROLES:
            raise StoreError(f"a role is one of {', '.join(ROLES)}, not {role!r}")
        with self._transaction() as session:
            row = self._account_row(session, account_id, lock=True)
            if row.guest or row.bot:
                raise StoreError(f"{row.name} is a guest's or a computer player's account: "
                                 "only a person's account may be an operator")  # fmt: skip
            row.role = role
            log_action(session, self._now(), by, "grant", row.name, reason, {"role": role})
            return account_value(row)

    def ban(self, account_id: int, *, by: Actor, reason: str) -> Account:
        """Ban the account: its sessions end and no new one is made; a running room logs
        its sockets out and stands its seats at the end of their hands (room/operator.py)."""
        with self._transaction() as session:
            row = self._account_row(session, account_id, lock=True)
            if by.account_id == row.id:
                raise StoreError("an operator cannot ban their own account")
            if row.banned_at is not None:
                raise StoreError(f"{row.name} is banned already")
            now = self._now()
            row.banned_at = now
            session.execute(delete(SessionModel).where(SessionModel.account_id == row.id))
            session.execute(
                delete(PasswordResetModel).where(PasswordResetModel.account_id == row.id)
            )
            log_action(session, now, by, "ban", row.name, reason, {"account": row.id})
            return account_value(row)

    def unban(self, account_id: int, *, by: Actor, reason: str = "") -> Account:
        with self._transaction() as session:
            row = self._account_row(session, account_id, lock=True)
            if row.banned_at is None:
                raise StoreError(f"{row.name} is not banned")
            row.banned_at = None
            log_action(session, self._now(), by, "unban", row.name, reason, {"account": row.id})
            return account_value(row)

    def mute(
        self, account_id: int, until: datetime | None, *, by: Actor, reason: str = ""
    ) -> Account:
        """Mute the account in chat until ``until`` (None: unmute)."""
        now = self._now()
        if until is not None and (until.tzinfo is None or until <= now):
            raise StoreError("a mute lasts until a moment to come (with its time zone)")
        with self._transaction() as session:
            row = self._account_row(session, account_id, lock=True)
            row.muted_until = until
            details = {"account": row.id, "until": None if until is None else until.isoformat()}
            action = "mute" if until is not None else "unmute"
            log_action(session, now, by, action, row.name, reason, details)
            return account_value(row)

    def muted_accounts(self) -> dict[int, datetime]:
        """Every account muted now, and until when."""
        with self._transaction() as session:
            rows = session.execute(
                select(AccountModel.id, AccountModel.muted_until).where(
                    AccountModel.muted_until > self._now()
                )
            )
            return {account: until for account, until in rows if until is not None}

    def rename(self, account_id: int, name: str, *, by: Actor, reason: str = "") -> Account:
        """Give the account another name, held to a new account's rules: 1 to 24
        characters, no two alike in case or shape."""
        name = _check_name(name)
        key, shape = name_key(name), skeleton(name)
        try:
            with self._transaction() as session:
                row = self._account_row(session, account_id, lock=True)
                taken = session.scalar(
                    select(AccountModel.id).where(
                        AccountModel.id != row.id,
                        or_(AccountModel.name_key == key, AccountModel.skeleton == shape),
                    )
                )
                if taken is not None:
                    raise NameTaken(f"the name {name} is taken, or reads like one taken", name)
                old = row.name
                row.name, row.name_key, row.skeleton = name, key, shape
                details = {"account": row.id, "from": old, "to": name}
                log_action(session, self._now(), by, "rename", old, reason, details)
                return account_value(row)
        except IntegrityError as error:  # renamed at the same moment as another
            raise NameTaken(f"the name {name} is taken", name) from error

    # -- money ----------------------------------------------------------------------------

    def operator_deposit(self, account_id: int, amount: int, *, by: Actor, reason: str) -> int:
        """The operator adds ``amount`` to the balance, with its line in the admin log;
        returns the new balance."""
        amount = whole(amount, "a deposit")
        with self._transaction() as session:
            row = self._account_row(session, account_id, lock=True)
            balance = credit(session, row.id, amount)
            now = self._now()
            write(session, now, LedgerKind.DEPOSIT, account_id=row.id, balance_change=amount,
                  note=reason)  # fmt: skip
            log_action(session, now, by, "deposit", row.name, reason, {"amount": amount})
            return balance

    def withdraw(self, account_id: int, amount: int, *, by: Actor, reason: str) -> int:
        """The operator takes ``amount`` out of the balance (a cash-out to the player):
        never more than the balance holds, never a chip at a table.  Returns the new
        balance; :class:`InsufficientFunds` changes nothing."""
        amount = whole(amount, "a withdrawal")
        with self._transaction() as session:
            row = self._account_row(session, account_id, lock=True)
            try:
                balance = debit(session, row, amount, f"have {amount} withdrawn")
            except InsufficientFunds as short:
                raise InsufficientFunds(
                    f"{row.name} has {short.balance} on the balance and cannot have {amount} "
                    "withdrawn (chips at tables are not withdrawn)",
                    name=row.name,
                    balance=short.balance,
                    amount=amount,
                ) from None
            now = self._now()
            write(session, now, LedgerKind.WITHDRAWAL, account_id=row.id,
                  balance_change=-amount, note=reason)  # fmt: skip
            log_action(session, now, by, "withdraw", row.name, reason, {"amount": amount})
            return balance

    def grant_free_chips(
        self,
        account_id: int,
        chips: int,
        *,
        address: str,
        every: timedelta,
        per_address: int,
        below: int | None,
    ) -> int:
        """Give the account ``chips`` (a play-money room's free chips), at most once every
        ``every`` an account and ``per_address`` times a day an address, and only while
        its balance is below ``below`` (None: a new account's first chips).  Returns the
        new balance; :class:`FreeChipsRefused` changes nothing."""
        chips = whole(chips, "free chips")
        per_address = whole(per_address, "grants an address")
        if not isinstance(address, str) or not 1 <= len(address) <= 64:
            raise StoreError("an address is text of 1 to 64 characters")
        now = self._now()
        with self._transaction() as session:
            row = self._account_row(session, account_id, lock=True)
            if row.guest or row.bot:
                raise FreeChipsRefused(
                    "guests and computer players play practice tables only: no chips",
                    "free_chips_guest",
                )
            if below is not None and row.balance >= below:
                raise FreeChipsRefused(
                    f"free chips are for a balance below {below}; {row.name} has {row.balance}",
                    "free_chips_balance",
                    balance=row.balance,
                    below=below,
                )
            last = session.scalar(
                select(func.max(FreeChipsModel.at)).where(FreeChipsModel.account_id == row.id)
            )
            if last is not None and now < last + every:
                wait = max(1, int((last + every - now).total_seconds()))
                raise FreeChipsRefused(
                    f"free chips once every {every.total_seconds() / 3600:g} hours: "
                    f"again in {_duration(wait)}",
                    "free_chips_wait",
                    retry_after=wait,
                )
            today = session.scalar(
                select(func.count())
                .select_from(FreeChipsModel)
                .where(FreeChipsModel.address == address, FreeChipsModel.at > now - timedelta(1))
            )
            if (today or 0) >= per_address:
                raise FreeChipsRefused(
                    f"free chips {per_address} times a day from one address at most",
                    "free_chips_address",
                    maximum=per_address,
                )
            balance = credit(session, row.id, chips)
            write(session, now, LedgerKind.FREE_CHIPS, account_id=row.id, balance_change=chips)
            session.add(FreeChipsModel(account_id=row.id, address=address, at=now, chips=chips))
            return balance

    # -- passwords ------------------------------------------------------------------------

    def password_reset(
        self,
        account_id: int,
        *,
        by: Actor,
        reason: str = "",
        lifetime_seconds: int = RESET_LIFETIME,
    ) -> str:
        """A one-time token that sets the account's password once, within
        ``lifetime_seconds`` (a day); only its SHA-256 is kept.  Any earlier reset of the
        account is void."""
        lifetime = whole(lifetime_seconds, "a reset's lifetime in seconds")
        token = secrets.token_urlsafe(32)
        now = self._now()
        expires = now + timedelta(seconds=lifetime)
        with self._transaction() as session:
            row = self._account_row(session, account_id, lock=True)
            if row.guest or row.bot:
                raise StoreError(f"{row.name} is a guest's or a computer player's account: "
                                 "it has no password to reset")  # fmt: skip
            if row.banned_at is not None:
                raise StoreError(f"{row.name} is banned: unban it first")
            session.execute(
                delete(PasswordResetModel).where(PasswordResetModel.account_id == row.id)
            )
            session.add(
                PasswordResetModel(
                    token_hash=_token_hash(token),
                    account_id=row.id,
                    created_at=now,
                    expires_at=expires,
                )
            )
            details = {"account": row.id, "expires": expires.isoformat()}
            log_action(session, now, by, "reset_password", row.name, reason, details)
        return token

    def use_password_reset(self, token: str, password_hash: str) -> Account:
        """Set the password of the reset ``token``'s account to ``password_hash``, once:
        the token is used up, and every session of the account ends."""
        if not isinstance(token, str) or not isinstance(password_hash, str) or not password_hash:
            raise StoreError("a reset takes its token and the new password's hash")
        now = self._now()
        with self._transaction() as session:
            reset = session.get(PasswordResetModel, _token_hash(token), with_for_update=True)
            if reset is None or reset.used_at is not None or reset.expires_at <= now:
                raise StoreError("this password reset is unknown, used or expired: ask for another")
            row = self._account_row(session, reset.account_id, lock=True)
            reset.used_at = now
            row.password_hash = password_hash
            session.execute(delete(SessionModel).where(SessionModel.account_id == row.id))
            return account_value(row)

    # -- tables ---------------------------------------------------------------------------

    def table_action(
        self,
        table_id: str,
        action: str,
        *,
        by: Actor,
        reason: str,
        details: Mapping[str, Any] | None = None,
    ) -> AdminAction:
        """An action a running room is to carry out at table ``table_id`` (close, pause,
        resume, remove a seat, a message), logged and waiting for the process that runs
        the table (:meth:`finish_action`)."""
        table = check_table_id(table_id)
        with self._transaction() as session:
            row = log_action(session, self._now(), by, action, table, reason, details,
                             table_id=table)  # fmt: skip
            return _action_value(row)

    def room_action(
        self, action: str, target: str, *, by: Actor, reason: str, details: Mapping[str, Any]
    ) -> AdminAction:
        """An action every process of a running room carries out for itself (a message to
        every table), logged."""
        with self._transaction() as session:
            return _action_value(log_action(session, self._now(), by, action, target, reason,
                                            details))  # fmt: skip

    def set_table_paused(self, table_id: str, paused: bool) -> None:
        """The table deals no hand while paused, whichever process runs it."""
        table = check_table_id(table_id)
        with self._transaction() as session:
            session.execute(
                update(RoomTableModel)
                .where(RoomTableModel.table_id == table)
                .values(paused_at=self._now() if paused else None)
            )

    def paused_tables(self) -> set[str]:
        with self._transaction() as session:
            return set(
                session.scalars(
                    select(RoomTableModel.table_id).where(RoomTableModel.paused_at.is_not(None))
                )
            )

    def forget_table(self, table_id: str) -> None:
        """The room keeps table ``table_id`` no more (it was closed and everyone paid)."""
        table = check_table_id(table_id)
        with self._transaction() as session:
            session.execute(delete(RoomTableModel).where(RoomTableModel.table_id == table))

    # -- the admin log --------------------------------------------------------------------

    def admin_log(self, *, limit: int = 100, before: int | None = None) -> list[AdminAction]:
        """The admin log, the newest first (``before``: the next page)."""
        limit = whole(limit, "a limit")
        statement = select(AdminActionModel).order_by(AdminActionModel.id.desc()).limit(limit)
        if before is not None:
            statement = statement.where(AdminActionModel.id < whole(before, "an action id"))
        with self._transaction() as session:
            return [_action_value(row) for row in session.scalars(statement)]

    def actions_after(self, last: int) -> list[AdminAction]:
        """The admin log's lines after line ``last``, the oldest first."""
        last = whole(last, "an action id", minimum=0)
        with self._transaction() as session:
            rows = session.scalars(
                select(AdminActionModel)
                .where(AdminActionModel.id > last)
                .order_by(AdminActionModel.id)
                .limit(1000)
            )
            return [_action_value(row) for row in rows]

    def last_action(self) -> int:
        with self._transaction() as session:
            return int(session.scalar(select(func.max(AdminActionModel.id))) or 0)

    def waiting_actions(self) -> list[AdminAction]:
        """Table actions no process has carried out yet, the oldest first."""
        with self._transaction() as session:
            rows = session.scalars(
                select(AdminActionModel)
                .where(AdminActionModel.table_id.is_not(None), AdminActionModel.done_at.is_(None))
                .order_by(AdminActionModel.id)
            )
            return [_action_value(row) for row in rows]

    def admin_action(self, action_id: int) -> AdminAction | None:
        with self._transaction() as session:
            row = session.get(AdminActionModel, whole(action_id, "an action id"))
            return None if row is None else _action_value(row)

    def finish_action(self, action_id: int, result: str) -> bool:
        """Mark a table action done, saying how; False if another process did first."""
        with self._transaction() as session:
            done = session.execute(
                update(AdminActionModel)
                .where(AdminActionModel.id == whole(action_id, "an action id"),
                       AdminActionModel.done_at.is_(None))
                .values(done_at=self._now(), result=str(result))
            )  # fmt: skip
            return bool(getattr(done, "rowcount", 0))

    # -- who is online --------------------------------------------------------------------

    def write_presence(self, owner: str, started_at: datetime, online: str) -> None:
        """Who the process ``owner`` has online now (JSON text)."""
        if not isinstance(owner, str) or not 1 <= len(owner) <= 128:
            raise StoreError("a process's name is text of 1 to 128 characters")
        now = self._now()
        with self._transaction() as session:
            row = session.get(PresenceModel, owner)
            if row is None:
                session.add(PresenceModel(owner=owner, started_at=started_at, seen_at=now,
                                          online=online))  # fmt: skip
            else:
                row.seen_at, row.online = now, online

    def drop_presence(self, owner: str) -> None:
        with self._transaction() as session:
            session.execute(delete(PresenceModel).where(PresenceModel.owner == owner))

    def presence(self, *, within: float = 30.0) -> list[Presence]:
        """What every process of the room written in the last ``within`` seconds has
        online (a process not heard from since has stopped or died)."""
        since = self._now() - timedelta(seconds=within)
        with self._transaction() as session:
            rows = session.scalars(
                select(PresenceModel).where(PresenceModel.seen_at >= since)
                .order_by(PresenceModel.owner)
            )  # fmt: skip
            return [Presence(r.owner, r.started_at, r.seen_at, r.online) for r in rows]


def _duration(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    minutes = -(-rest // 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    return f"{minutes} min"
