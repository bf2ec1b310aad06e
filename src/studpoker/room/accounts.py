"""Accounts and their sessions: registering, logging in and out, guests.

:class:`Accounts` is one of the room's services (DESIGN.md idea 7): the only owner of
the password hashing workers; all it asks of the room is the store's accounts and
sessions (:class:`AccountStore`, which :class:`~studpoker.store.Store` is)."""

from __future__ import annotations

import asyncio
import secrets
from datetime import datetime
from typing import Protocol

from studpoker.room.errors import RoomError
from studpoker.room.names import normal_name, player_name
from studpoker.room.passwords import (
    check_password_rules,
    hash_password,
    verify_nobody,
    verify_password,
)
from studpoker.room.workers import Workers
from studpoker.store import Account, NameTaken, StoreError

__all__ = ["AccountStore", "Accounts"]


class AccountStore(Protocol):
    """What the accounts ask of the store: its accounts and their sessions."""

    def create_account(
        self, name: str, password_hash: str | None, *, bot: bool = False, guest: bool = False
    ) -> Account: ...

    def account(self, key: int | str) -> Account | None: ...

    def create_session(self, account_id: int) -> str: ...

    def session(self, token: str) -> tuple[Account, datetime] | None: ...

    def session_account(self, token: str) -> Account | None: ...

    def delete_session(self, token: str) -> None: ...

    def use_password_reset(self, token: str, password_hash: str) -> Account: ...


class Accounts:
    """The room's accounts over ``store``, each call on a thread of the database's
    and each password hashed on a thread of its own (:attr:`hashing`)."""

    def __init__(self, store: AccountStore) -> None:
        self._store = store
        # One hashing thread: argon2 keeps a core busy a tenth of a second a hash, and
        # on a two-core room the other core is the tables'.
        self._hashing = Workers("password hashing", size=1, waiting=32)

    @property
    def hashing(self) -> Workers:
        """The workers that hash and check passwords: one thread, 32 jobs at most,
        :class:`~studpoker.room.workers.Busy` beyond."""
        return self._hashing

    async def register(self, name: str, password: str, *, bot: bool = False) -> tuple[Account, str]:
        """A new account and a session token for it; ``bot``: a remote computer player's
        account (practice tables only, R7.2, R7.3).  The name is the player's as
        :func:`~studpoker.room.names.player_name` takes it, and the store refuses one
        that reads like another's."""
        name = player_name(name)
        check_password_rules(password)
        hashed = await self.hashing.run(hash_password, password)
        try:
            account = await asyncio.to_thread(self._store.create_account, name, hashed, bot=bot)
        except NameTaken as error:
            code = "name_lookalike" if error.alike else "name_taken"
            raise RoomError(str(error), code, name=error.name) from None
        except StoreError as error:  # a name player_name let through: the room's fault
            raise RoomError(str(error), "internal") from None
        token = await asyncio.to_thread(self._store.create_session, account.id)
        return account, token

    async def login(self, name: str, password: str) -> tuple[Account, str]:
        """A new session for the account ``name`` if ``password`` is its own.  An
        unknown name is checked against a hash as well, so that it answers no sooner
        than a wrong password; hashing runs on its own threads (:attr:`hashing`)."""
        account = await asyncio.to_thread(self._store.account, normal_name(name))
        if account is None:  # named before names were folded: "Ann  Lee", two spaces
            account = await asyncio.to_thread(self._store.account, name.strip())
        hashed = None if account is None else account.password_hash
        if account is None or hashed is None:
            await self.hashing.run(verify_nobody, password)
            raise RoomError("wrong name or password", "wrong_password")
        if not await self.hashing.run(verify_password, hashed, password):
            raise RoomError("wrong name or password", "wrong_password")
        if account.banned_at is not None:  # said only to who knows the password
            raise RoomError(f"the room has banned {account.name}", "banned", name=account.name)
        try:
            token = await asyncio.to_thread(self._store.create_session, account.id)
        except StoreError:  # banned the moment before
            raise RoomError(
                f"the room has banned {account.name}", "banned", name=account.name
            ) from None
        return account, token

    async def reset_password(self, token: str, password: str) -> tuple[Account, str]:
        """Set the password of a one-time reset ``token`` (the operator's link) and log
        in with it: the reset is used up, the account's other sessions end."""
        check_password_rules(password)
        hashed = await self.hashing.run(hash_password, password)
        try:
            account = await asyncio.to_thread(self._store.use_password_reset, token, hashed)
        except StoreError as error:
            raise RoomError(str(error), "reset_invalid") from None
        session = await asyncio.to_thread(self._store.create_session, account.id)
        return account, session

    async def guest(self) -> tuple[Account, str]:
        """A guest account (practice tables only) and its session.  Its name is one
        :func:`~studpoker.room.names.player_name` keeps for guests; the store gives it a
        skeleton like any other, so a name that reads like one taken is tried again."""
        for _ in range(20):
            name = f"Guest {secrets.randbelow(900_000) + 100_000}"
            try:
                account = await asyncio.to_thread(
                    self._store.create_account, name, None, guest=True
                )
            except StoreError:
                continue
            token = await asyncio.to_thread(self._store.create_session, account.id)
            return account, token
        raise RoomError("no guest name is free; try again", "no_guest_name")

    async def logout(self, token: str) -> None:
        """End the session ``token`` (an unknown one is no error)."""
        await asyncio.to_thread(self._store.delete_session, token)

    async def account(self, token: str | None) -> Account | None:
        """The account of a session token, or None."""
        if not token:
            return None
        return await asyncio.to_thread(self._store.session_account, token)

    async def session(self, token: str | None) -> tuple[Account, datetime] | None:
        """The account of a session token and when the session expires, or None."""
        if not token:
            return None
        return await asyncio.to_thread(self._store.session, token)

    async def fresh(self, account: Account) -> Account:
        """``account`` read again (its balance now)."""
        found = await asyncio.to_thread(self._store.account, account.id)
        if found is None:
            raise RoomError(f"no account {account.id}", "no_account", account=account.id)
        return found
