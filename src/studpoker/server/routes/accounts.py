"""The accounts' routes: a new account, a session (log in, out, as a guest), a password
reset by the operator's link, the asker's account and its free chips ("Get chips")."""

import unicodedata
from functools import cache
from typing import Annotated

from fastapi import APIRouter, Request
from pydantic import Field

from studpoker.room import Room, RoomError
from studpoker.room.cashier import smallest_buy_in
from studpoker.room.passwords import MAX_LENGTH as PASSWORD_LENGTH
from studpoker.server.answers import (
    OPTIONAL,
    Asker,
    HeldSeat,
    Me,
    Refusal,
    Session,
    Token,
    account_dict,
    problems,
    slow_down,
)
from studpoker.server.protocol import Unicode
from studpoker.server.routes import AppServices, Body
from studpoker.store.models import NAME_LENGTH

__all__ = ["accounts_router", "client_address", "seats_held"]


class Credentials(Body):
    name: Annotated[str, Field(min_length=1, max_length=NAME_LENGTH), Unicode]
    password: Annotated[str, Field(min_length=1, max_length=PASSWORD_LENGTH), Unicode]


class NewAccount(Credentials):
    bot: bool = False


class NewPassword(Body):
    """A one-time reset's token (from the operator's link) and the new password."""

    token: Annotated[str, Field(min_length=1, max_length=128)]
    password: Annotated[str, Field(min_length=1, max_length=PASSWORD_LENGTH), Unicode]


# What the room may refuse of a new account (room.names, room.passwords), for its
# route's document.
NEW_ACCOUNT = (
    "name_characters",
    "name_blank",
    "name_length",
    "name_reserved",
    "password_too_short",
    "password_too_long",
    "name_taken",
    "name_lookalike",
)
# Why "Get chips" gives none now (room/cashier.py).
FREE_CHIPS = (
    "free_chips_off",
    "free_chips_balance",
    "free_chips_wait",
    "free_chips_address",
    "free_chips_guest",
)
# The balance below which "Get chips" gives chips: the smallest buy-in of a chips table.
LOW = smallest_buy_in()


def client_address(request: Request) -> str:
    """The address a request came from (the client's, behind a trusted proxy)."""
    return request.client.host if request.client is not None else "unknown"


def seats_held(room: Room, account_id: int) -> dict[str, int]:
    """The seats ``account_id`` holds at the tables this process runs, by table."""
    seats = {table_id: room.seat_of(account_id, table_id) for table_id in room.tables}
    return {table_id: seat for table_id, seat in seats.items() if seat is not None}


@cache
def accounts_router() -> APIRouter:
    """The routes of the accounts and sessions (built once a process); a name with
    failed logins waits (``Services.failures``)."""
    router = APIRouter(tags=["accounts"])

    @router.post(
        "/api/accounts",
        status_code=201,
        responses=problems("malformed", *NEW_ACCOUNT, "rate_limited", "busy"),
    )
    async def register(body: NewAccount, request: Request, app: AppServices) -> Session:
        """Create an account (``bot``: a remote computer player's, for practice tables);
        the answer holds a session token.  A room that gives free chips gives the new
        account its first (room/cashier.py)."""
        account, token = await app.room.register(body.name, body.password, bot=body.bot)
        if await app.free_chips.first(account, client_address(request)) is not None:
            account = await app.room.fresh(account)
        return Session(token=token, account=account_dict(account))

    @router.post(
        "/api/password-reset",
        responses=problems("reset_invalid", "password_too_short", "password_too_long", "busy"),
    )
    async def use_reset(body: NewPassword, app: AppServices) -> Session:
        """Set one's password with the one-time link the operator gave (its token), and
        log in: every other session of the account ends."""
        account, token = await app.room.reset_password(body.token, body.password)
        return Session(token=token, account=account_dict(account))

    @router.post(
        "/api/me/chips",
        responses=problems("login", "guests_practice_only", *FREE_CHIPS, invalid=False),
    )
    async def get_chips(request: Request, account: Asker, app: AppServices) -> Me:
        """Free chips ("Get chips"): in a room that gives them, to an account whose balance
        is below the smallest buy-in, once every few hours (``free_chips_wait`` says
        when again) and a few times a day from one address."""
        if account.guest:
            raise Refusal("guests play practice tables only: register for chips",
                          "guests_practice_only", {})  # fmt: skip
        await app.free_chips.ask(account, client_address(request))
        return await me(account, app)

    @router.post(
        "/api/sessions",
        responses=problems("malformed", "wrong_password", "rate_limited", "busy"),
    )
    async def login(body: Credentials, app: AppServices) -> Session:
        """Log in: a new session token.  Logins are limited by address, and a name
        with failed logins waits longer after each (docs/security.md)."""
        name = unicodedata.normalize("NFKC", body.name).strip().casefold()
        slow_down(app.failures.wait(name), "failed_logins")
        try:
            account, token = await app.room.login(body.name, body.password)
        except RoomError:  # a failed login is counted against its name, then answered
            app.failures.failed(name)
            raise
        app.failures.succeeded(name)
        return Session(token=token, account=account_dict(account))

    @router.post(
        "/api/guests",
        status_code=201,
        responses=problems("rate_limited", "no_guest_name", invalid=False),
    )
    async def guest(app: AppServices) -> Session:
        """A guest's session: practice tables only."""
        account, token = await app.room.guest()
        return Session(token=token, account=account_dict(account))

    @router.delete("/api/sessions", status_code=204, openapi_extra=OPTIONAL)
    async def logout(token: Token, app: AppServices) -> None:
        """End the session of the token, if it has one (204 either way)."""
        if token:
            await app.room.logout(token)
            app.hub.logged_out(token)  # its open sockets can no longer play or chat

    @router.get("/api/me", responses=problems("login", "no_account", invalid=False))
    async def me(account: Asker, app: AppServices) -> Me:
        """The asker's account, its balance and the seats it holds."""
        fresh = await app.room.fresh(account)  # no_account: gone since its session was read
        where = seats_held(app.room, account.id)
        if app.peers is not None:  # and at the tables the other processes run
            where.update(await app.peers.seats_of(account.id))
        seats: list[HeldSeat] = [{"table": t, "seat": where[t]} for t in sorted(where)]
        free_chips = app.free_chips
        low = free_chips.on and not fresh.guest and not fresh.bot and fresh.balance < LOW
        given = free_chips.chips if low else None
        return {**account_dict(fresh), "seats": seats, "free_chips": given}

    return router
