"""Accounts and login sessions."""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from studpoker.store.base import StoreBase
from studpoker.store.checks import whole
from studpoker.store.errors import NameTaken, StoreError
from studpoker.store.models import NAME_LENGTH, AccountModel, SessionModel
from studpoker.store.names import SKELETON_LENGTH, skeleton
from studpoker.store.values import Account

SESSION_LIFETIME = 30 * 24 * 3600
"""How long a login lasts by default, in seconds: 30 days."""


def account_value(row: AccountModel) -> Account:
    return Account(
        id=row.id,
        name=row.name,
        balance=row.balance,
        bot=row.bot,
        guest=row.guest,
        created_at=row.created_at,
        password_hash=row.password_hash,
        role=row.role,
        banned_at=row.banned_at,
        muted_until=row.muted_until,
    )


def name_key(name: str) -> str:
    """What two names must not share: ``Alice`` and ``ALICE`` are the same name.

    >>> name_key("Alice") == name_key("ALICE")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not 1 <= len(name) <= NAME_LENGTH:
        raise StoreError(f"a name is 1 to {NAME_LENGTH} characters, not {name!r}")
    if name != name.strip() or any(unicodedata.category(c)[0] == "C" for c in name):
        raise StoreError(
            f"a name cannot start or end with a space or hold control characters: {name!r}"
        )
    # NFKC spells some characters out (U+FDFA is 18): the name's key and shape must
    # still fit their columns.
    spelled_out = len(unicodedata.normalize("NFKC", name))
    if spelled_out > NAME_LENGTH:
        raise StoreError(
            f"a name is 1 to {NAME_LENGTH} characters once normalised (NFKC), "
            f"and {name!r} is {spelled_out}"
        )
    shape = skeleton(name)
    if len(shape) > SKELETON_LENGTH:
        raise StoreError(
            f"the name {name!r} reads as {len(shape)} letters, too many to compare with "
            f"other names: {SKELETON_LENGTH} at most"
        )
    return name


def _taken(name: str) -> NameTaken:
    return NameTaken(f"the name {name} is taken", name)


def _looks_taken(name: str) -> NameTaken:
    return NameTaken(
        f"the name {name!r} looks like the name of another player; choose another",
        name,
        alike=True,
    )


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class AccountRecords(StoreBase):
    """The store's part that keeps accounts and login sessions (the room's service over
    them is :class:`studpoker.room.accounts.Accounts`: one name, one thing)."""

    def create_account(
        self, name: str, password_hash: str | None, *, bot: bool = False, guest: bool = False
    ) -> Account:
        """A new account with a balance of 0. Names are 1 to 24 characters, unique
        whatever their case, and no two read alike (:func:`~studpoker.store.names.skeleton`:
        ``Alice`` and ``Аlice``, its ``А`` Cyrillic)."""
        name = _check_name(name)
        if password_hash is not None and not isinstance(password_hash, str):
            raise StoreError("a password hash is text (or None for an account without one)")
        row = AccountModel(
            name=name,
            name_key=name_key(name),
            skeleton=skeleton(name),
            password_hash=password_hash,
            bot=bool(bot),
            guest=bool(guest),
            balance=0,
            created_at=self._now(),
            role="player",
        )
        try:
            with self._transaction() as session:
                taken = session.scalar(
                    select(AccountModel.name).where(AccountModel.name_key == row.name_key)
                )
                if taken is not None:
                    raise _taken(name)
                alike = session.scalar(
                    select(AccountModel.id).where(AccountModel.skeleton == row.skeleton)
                )
                if alike is not None:
                    raise _looks_taken(name)
                session.add(row)
        except IntegrityError as error:
            # Created at the same moment as a name of the same key or shape: which one
            # is a question for the database as it is now.
            if self.account(name) is not None:
                raise _taken(name) from error
            raise _looks_taken(name) from error
        return account_value(row)

    def account(self, key: int | str) -> Account | None:
        """The account with this id, or this name in any case; None if there is none."""
        if isinstance(key, str):
            where = AccountModel.name_key == name_key(key)
        else:
            where = AccountModel.id == whole(key, "an account id")
        with self._transaction() as session:
            row = session.scalars(select(AccountModel).where(where)).one_or_none()
            return None if row is None else account_value(row)

    def set_password_hash(self, account_id: int, password_hash: str) -> None:
        if not isinstance(password_hash, str) or not password_hash:
            raise StoreError("a password hash is non-empty text")
        with self._transaction() as session:
            self._account_row(session, account_id).password_hash = password_hash

    def create_session(self, account_id: int, *, lifetime_seconds: int = SESSION_LIFETIME) -> str:
        """A new login token for the account, valid ``lifetime_seconds``. Only its
        SHA-256 is stored: the token is known only to whoever it is given to."""
        lifetime = whole(lifetime_seconds, "a session's lifetime in seconds")
        token = secrets.token_urlsafe(32)
        now = self._now()
        with self._transaction() as session:
            if self._account_row(session, account_id).banned_at is not None:
                raise StoreError(f"account {account_id} is banned: no session is made for it")
            session.add(
                SessionModel(
                    token_hash=_token_hash(token),
                    account_id=account_id,
                    created_at=now,
                    expires_at=now + timedelta(seconds=lifetime),
                )
            )
        return token

    def session_account(self, token: str) -> Account | None:
        """The account a login token belongs to; None if the token is unknown or has
        expired (an expired token is deleted)."""
        if not isinstance(token, str):
            return None
        digest = _token_hash(token)
        now = self._now()
        with self._transaction() as session:
            login = session.get(SessionModel, digest)
            if login is None:
                return None
            if login.expires_at <= now:
                session.delete(login)
                return None
            return account_value(self._account_row(session, login.account_id))

    def delete_session(self, token: str) -> None:
        """Logs the token out; an unknown token is no error."""
        if not isinstance(token, str):
            return
        with self._transaction() as session:
            session.execute(
                delete(SessionModel).where(SessionModel.token_hash == _token_hash(token))
            )

    def delete_expired_sessions(self) -> int:
        """Deletes every expired login; returns how many there were."""
        now = self._now()
        with self._transaction() as session:
            expired = list(
                session.scalars(
                    delete(SessionModel)
                    .where(SessionModel.expires_at <= now)
                    .returning(SessionModel.token_hash)
                )
            )
            return len(expired)

    def session(self, token: str) -> tuple[Account, datetime] | None:
        """The account a login token belongs to and when the token expires; None if
        it is unknown or has expired (an open socket logs out then)."""
        if not isinstance(token, str):
            return None
        now = self._now()
        with self._transaction() as session:
            login = session.get(SessionModel, _token_hash(token))
            if login is None or login.expires_at <= now:
                return None
            account = account_value(self._account_row(session, login.account_id))
            return account, login.expires_at
