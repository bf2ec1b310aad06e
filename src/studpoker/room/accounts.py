"""Accounts and their sessions: registering, logging in and out, guests."""

from __future__ import annotations

import asyncio
import secrets
from datetime import datetime

from studpoker.room.errors import RoomError
from studpoker.room.names import normal_name, player_name
from studpoker.room.passwords import (
    check_password_rules,
    hash_password,
    verify_nobody,
    verify_password,
)
from studpoker.room.state import RoomState
from studpoker.store import Account, NameTaken, StoreError

__all__ = ["RoomAccounts"]


class RoomAccounts(RoomState):
    """A room's accounts."""

    async def register(self, name: str, password: str, *, bot: bool = False) -> tuple[Account, str]:
        """A new account and a session token for it; ``bot``: a remote computer player's
        account (practice tables only, R7.2, R7.3).  The name is the player's as
        :func:`~studpoker.room.names.player_name` takes it, and the store refuses one
        that reads like another's."""
        name = player_name(name)
        check_password_rules(password)
        hashed = await self.hashing.run(hash_password, password)
        try:
            account = await asyncio.to_thread(self.store.create_account, name, hashed, bot=bot)
        except NameTaken as error:
            code = "name_lookalike" if error.alike else "name_taken"
            raise RoomError(str(error), code, name=error.name) from None
        except StoreError as error:  # a name player_name let through: the room's fault
            raise RoomError(str(error), "internal") from None
        token = await asyncio.to_thread(self.store.create_session, account.id)
        return account, token

    async def login(self, name: str, password: str) -> tuple[Account, str]:
        """A new session for the account ``name`` if ``password`` is its own.  An
        unknown name is checked against a hash as well, so that it answers no sooner
        than a wrong password; hashing runs on its own threads (:attr:`hashing`)."""
        account = await asyncio.to_thread(self.store.account, normal_name(name))
        if account is None:  # named before names were folded: "Ann  Lee", two spaces
            account = await asyncio.to_thread(self.store.account, name.strip())
        hashed = None if account is None else account.password_hash
        if account is None or hashed is None:
            await self.hashing.run(verify_nobody, password)
            raise RoomError("wrong name or password", "wrong_password")
        if not await self.hashing.run(verify_password, hashed, password):
            raise RoomError("wrong name or password", "wrong_password")
        if account.banned_at is not None:  # said only to who knows the password
            raise RoomError(f"the room has banned {account.name}", "banned", name=account.name)
        try:
            token = await asyncio.to_thread(self.store.create_session, account.id)
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
            account = await asyncio.to_thread(self.store.use_password_reset, token, hashed)
        except StoreError as error:
            raise RoomError(str(error), "reset_invalid") from None
        session = await asyncio.to_thread(self.store.create_session, account.id)
        return account, session

    async def guest(self) -> tuple[Account, str]:
        """A guest account (practice tables only) and its session.  Its name is one
        :func:`~studpoker.room.names.player_name` keeps for guests; the store gives it a
        skeleton like any other, so a name that reads like one taken is tried again."""
        for _ in range(20):
            name = f"Guest {secrets.randbelow(900_000) + 100_000}"
            try:
                account = await asyncio.to_thread(self.store.create_account, name, None, guest=True)
            except StoreError:
                continue
            token = await asyncio.to_thread(self.store.create_session, account.id)
            return account, token
        raise RoomError("no guest name is free; try again", "no_guest_name")

    async def logout(self, token: str) -> None:
        await asyncio.to_thread(self.store.delete_session, token)

    async def account(self, token: str | None) -> Account | None:
        if not token:
            return None
        return await asyncio.to_thread(self.store.session_account, token)

    async def session(self, token: str | None) -> tuple[Account, datetime] | None:
        """The account of a session token and when the session expires, or None."""
        if not token:
            return None
        return await asyncio.to_thread(self.store.session, token)

    async def fresh(self, account: Account) -> Account:
        """``account`` read again (its balance now)."""
        found = await asyncio.to_thread(self.store.account, account.id)
        if found is None:
            raise RoomError(f"no account {account.id}", "no_account", account=account.id)
        return found
