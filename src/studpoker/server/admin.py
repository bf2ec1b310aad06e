"""The operator's REST API, ``/api/admin/…`` (docs/operating.md): for accounts with the
operator role (``stud admin grant NAME operator``), the same operations as ``stud
admin`` — accounts, money, tables, tournaments, who is online, the audit and the admin
log.  Each is one transaction of the store with its line in the admin log; what a
running room must do of it (log out a banned player's sockets, close a table at the end
of its hand…) is carried out by the process that can (room/operator.py), and an answer
says what was done or what is still to be done.

Amounts are written in the room's unit (``"12.50"``), as the operator types them, and
answered as chips with the unit that writes them (``money_unit``), as every amount the
room sends."""

import asyncio
import json
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Depends, Query
from fastapi import Path as PathParam
from pydantic import Field
from typing_extensions import TypedDict

from studpoker.room import Room
from studpoker.room.money import ROOM_UNIT, parse_amount, withdrawal_refused
from studpoker.room.operator import RoomOperator, outcome_of
from studpoker.room.passwords import MAX_LENGTH as PASSWORD_LENGTH
from studpoker.server.answers import Asker, Refusal, problems
from studpoker.server.protocol import Unicode
from studpoker.server.routes import AppServices, Body
from studpoker.server.wire import wire
from studpoker.store import (
    Account,
    AccountSummary,
    Actor,
    AdminAction,
    FreeChipsRefused,
    InsufficientFunds,
    NameTaken,
    StoreError,
)
from studpoker.store.checks import LARGEST
from studpoker.store.models import NAME_LENGTH

T = TypeVar("T")

__all__ = ["AdminRoutes", "admin_router"]

AccountId = Annotated[int, PathParam(ge=1, le=LARGEST)]
# How long an answer waits for the room to carry out an action at a table before it
# says the action is under way (a close waits for the hand to end).
ACTION_WAIT = 5.0
REASON_LENGTH = 500
Amount = Annotated[
    str,
    Field(
        pattern=r"^\s*\d{1,3}(,?\d{3})*(\.\d{1,2})?\s*$",
        max_length=20,
        description="In the room's unit, as the operator types it: 12.50 is 1,250 chips.",
        examples=["12.50"],
    ),
]
Reason = Annotated[str, Field(max_length=REASON_LENGTH), Unicode]


class Why(Body):
    reason: Reason = ""


NO_REASON = Why()
"""A body left out: no reason given."""


class MoneyBody(Body):
    amount: Amount
    reason: Reason = ""


class NewAccountBody(Body):
    name: Annotated[str, Field(min_length=1, max_length=NAME_LENGTH), Unicode]
    password: Annotated[str, Field(min_length=1, max_length=PASSWORD_LENGTH), Unicode] | None = None
    """None: the answer holds a one-time link the player sets their password with."""
    reason: Reason = ""


class RenameBody(Body):
    name: Annotated[str, Field(min_length=1, max_length=NAME_LENGTH), Unicode]
    reason: Reason = ""


class RoleBody(Body):
    role: Literal["player", "operator"]
    reason: Reason = ""


class MuteBody(Body):
    minutes: Annotated[int, Field(strict=True, ge=1, le=60 * 24 * 365)]
    reason: Reason = ""


class MessageBody(Body):
    text: Annotated[str, Field(min_length=1, max_length=300), Unicode]


@wire
class AdminAccount(TypedDict):
    """An account as the operator's list shows it."""

    id: int
    name: str
    balance: int
    """Chips on the balance, written by ``money_unit``."""
    at_tables: int
    """Chips the account has at tables (bought in, not cashed out)."""
    money_unit: Literal[100]
    role: Literal["player", "operator"]
    guest: bool
    bot: bool
    created_at: str
    banned: bool
    muted_until: str | None


@wire
class ActionOutcome(TypedDict):
    code: str
    params: dict[str, Any]


@wire
class AdminActionView(TypedDict):
    """A line of the admin log."""

    id: int
    at: str
    operator: str
    action: str
    target: str
    reason: str
    details: dict[str, Any]
    table: str | None
    done_at: str | None
    result: str | None
    """What the room did, in English, once the process that runs the table has (None:
    not yet)."""
    outcome: ActionOutcome | None
    """The same as a code and its params, for a page to write in its reader's language:
    ``closed`` (people), ``paused``, ``resumed``, ``seat_removed`` (name, seat), ``said``,
    ``tournament_cancelled`` (tournament), ``refused`` (the refusal's code and params),
    ``failed``."""


@wire
class PasswordReset(TypedDict):
    """A one-time password reset: the link to give the player (the token is in its
    fragment, which no server or proxy logs), usable once until ``expires``."""

    account: AdminAccount
    token: str
    link: str
    expires: str


@wire
class OnlinePerson(TypedDict):
    account: int
    name: str
    sockets: int
    address: str
    watching: list[str]
    seats: dict[str, int]
    process: str


@wire
class AuditAnswer(TypedDict):
    differences: list[str]
    total: int
    """Every chip in the room: balances, tables, pools (written by ``money_unit``)."""
    money_unit: Literal[100]


def summary_dict(account: AccountSummary) -> AdminAccount:
    return {
        "id": account.id,
        "name": account.name,
        "balance": account.balance,
        "at_tables": account.at_tables,
        "money_unit": ROOM_UNIT,
        "role": "operator" if account.role == "operator" else "player",
        "guest": account.guest,
        "bot": account.bot,
        "created_at": account.created_at.isoformat(),
        "banned": account.banned_at is not None,
        "muted_until": None if account.muted_until is None else account.muted_until.isoformat(),
    }


def action_dict(action: AdminAction) -> AdminActionView:
    outcome = outcome_of(action.result)
    return {
        "id": action.id,
        "at": action.at.isoformat(),
        "operator": action.operator,
        "action": action.action,
        "target": action.target,
        "reason": action.reason,
        "details": json.loads(action.details or "{}"),
        "table": action.table_id,
        "done_at": None if action.done_at is None else action.done_at.isoformat(),
        "result": None if outcome is None else outcome.text,
        "outcome": None if outcome is None else {"code": outcome.code, "params": outcome.params},
    }


class AdminRoutes:
    """The operator's routes over one room and its operator's service;
    ``register(name, password)`` makes an account as ``POST /api/accounts`` does (its
    name and password rules)."""

    def __init__(
        self,
        room: Room,
        operator: RoomOperator,
        register: Callable[[str, str], Awaitable[Account]],
    ) -> None:
        self.room = room
        self.operator = operator
        self.register = register

    async def account_of(self, account_id: int) -> AccountSummary:
        found = await asyncio.to_thread(self.room.store.account_summary, account_id)
        if found is None:
            raise Refusal(f"no account {account_id}", "no_account", {"account": account_id})
        return found

    async def store(self, operation: Any, *args: Any, **kw: Any) -> Any:
        """A store's operation on a thread, its refusals as the API's, the running room
        told to read the admin log now."""
        return await self.money(asyncio.to_thread(operation, *args, **kw))

    async def money(self, done: Awaitable[T]) -> T:
        """What ``done`` (a store's operation, or the cashier's) answers, its refusals
        as the API's, the running room told to read the admin log now."""
        try:
            result = await done
        except InsufficientFunds as error:
            raise Refusal(str(error), "balance_too_low", _short(error)) from None
        except NameTaken as error:
            raise Refusal(str(error), "name_taken", {"name": error.name}) from None
        except FreeChipsRefused as error:
            raise Refusal(str(error), error.code, error.params) from None
        except StoreError as error:
            raise Refusal(str(error), "refused") from None
        self.operator.wake()
        return result

    async def at_table(self, table_id: str, action: str, by: Account, reason: str,
                       details: dict[str, Any] | None = None) -> AdminActionView:  # fmt: skip
        """An action at a table: logged, carried out by the process that runs it; the
        answer waits a moment for it (a close is done when the hand ends)."""
        if table_id not in self.room.known_tables and table_id not in self.room.tables:
            raise Refusal(f"no table {table_id!r}", "no_table", {"table": table_id})
        logged = await self.store(self.room.store.table_action, table_id, action,
                                  by=_actor(by), reason=reason, details=details)  # fmt: skip
        done = await self.operator.result(logged.id, ACTION_WAIT)
        return action_dict(done or logged)


def admin_routes(app: AppServices) -> AdminRoutes:
    """The operator's routes over the room of the request's application."""
    return AdminRoutes(app.room, app.operator, app.register)


Routes = Annotated[AdminRoutes, Depends(admin_routes)]
"""A route's dependency on :class:`AdminRoutes` (none in the OpenAPI document)."""


async def operator_of(account: Asker) -> Account:
    """The asker, an operator; 401 without a session (:func:`current_account`), 403 for
    any other account."""
    if not account.operator:
        raise Refusal(
            "only the room's operators may do that", "operator_only", {"name": account.name}
        )
    return account


Operator = Annotated[Account, Depends(operator_of)]
"""A route's asker, an operator (:func:`operator_of`)."""


def _actor(account: Account) -> Actor:
    return Actor(account.name, account.id)


def _short(error: InsufficientFunds) -> dict[str, Any]:
    return {"name": error.name, "balance": error.balance, "amount": error.amount}


def _amount(text: str) -> int:
    try:
        return parse_amount(text)
    except ValueError as error:
        raise Refusal(str(error), "amount_range", {"amount": text}) from None


@cache
def admin_router() -> APIRouter:
    """The ``/api/admin`` routes (built once a process)."""
    router = APIRouter(prefix="/api/admin", tags=["admin"])
    ACCOUNT = ("login", "operator_only", "no_account")  # noqa: N806

    # -- accounts ---------------------------------------------------------------------

    @router.get("/accounts", responses=problems("login", "operator_only"))
    async def accounts(
        _by: Operator,
        routes: Routes,
        q: Annotated[str, Query(max_length=64)] = "",
        limit: Annotated[int, Query(ge=1, le=500)] = 50,
        offset: Annotated[int, Query(ge=0, le=LARGEST)] = 0,
    ) -> list[AdminAccount]:
        """Accounts whose name holds ``q`` (any case), by name."""
        store = routes.room.store
        rows = await routes.store(store.accounts, q, limit=limit, offset=offset)
        return [summary_dict(row) for row in rows]

    @router.post(
        "/accounts",
        status_code=201,
        responses=problems("login", "operator_only", "name_taken", "name_lookalike",
                           "name_characters", "name_blank", "name_length", "name_reserved",
                           "password_too_short", "password_too_long", "refused"),
    )  # fmt: skip
    async def create_account(
        body: NewAccountBody, by: Operator, routes: Routes
    ) -> PasswordReset | AdminAccount:
        """Create an account: with ``password``, the player's own; without, the answer's
        one-time link lets the player choose it."""
        account = await routes.register(body.name, body.password or _placeholder())
        await routes.store(routes.room.store.room_action, "create", account.name,
                           by=_actor(by), reason=body.reason,
                           details={"account": account.id})  # fmt: skip
        summary = await routes.account_of(account.id)
        if body.password is not None:
            return summary_dict(summary)
        return await reset(account.id, by, routes, Why(reason=body.reason))

    @router.post("/accounts/{account_id}/password-reset", responses=problems(*ACCOUNT, "refused"))
    async def reset(
        account_id: AccountId, by: Operator, routes: Routes, body: Why = NO_REASON
    ) -> PasswordReset:
        """A one-time link that sets the account's password (a day; any earlier one void)."""
        summary = await routes.account_of(account_id)
        token = await routes.store(routes.room.store.password_reset, account_id,
                                   by=_actor(by), reason=body.reason)  # fmt: skip
        expires = datetime.now(UTC) + timedelta(days=1)
        return {
            "account": summary_dict(summary),
            "token": token,
            "link": f"/#reset={token}",
            "expires": expires.isoformat(timespec="seconds"),
        }

    @router.post("/accounts/{account_id}/ban", responses=problems(*ACCOUNT, "refused"))
    async def ban(
        account_id: AccountId, by: Operator, routes: Routes, body: Why = NO_REASON
    ) -> AdminAccount:
        """Ban: the account's sessions end and its sockets are logged out; its seats stand
        at the end of their hands and their chips go back to its balance."""
        await routes.account_of(account_id)
        store = routes.room.store
        await routes.store(store.ban, account_id, by=_actor(by), reason=body.reason)
        await routes.operator.read()  # this process's part at once
        return summary_dict(await routes.account_of(account_id))

    @router.delete("/accounts/{account_id}/ban", responses=problems(*ACCOUNT, "refused"))
    async def unban(
        account_id: AccountId, by: Operator, routes: Routes, reason: str = ""
    ) -> AdminAccount:
        await routes.account_of(account_id)
        reason = reason[:REASON_LENGTH]
        await routes.store(routes.room.store.unban, account_id, by=_actor(by), reason=reason)
        return summary_dict(await routes.account_of(account_id))

    @router.post("/accounts/{account_id}/mute", responses=problems(*ACCOUNT, "refused"))
    async def mute(
        account_id: AccountId, body: MuteBody, by: Operator, routes: Routes
    ) -> AdminAccount:
        """No chat line from the account for ``minutes``."""
        await routes.account_of(account_id)
        until = datetime.now(UTC) + timedelta(minutes=body.minutes)
        store = routes.room.store
        await routes.store(store.mute, account_id, until, by=_actor(by), reason=body.reason)
        await routes.operator.read()
        return summary_dict(await routes.account_of(account_id))

    @router.delete("/accounts/{account_id}/mute", responses=problems(*ACCOUNT, "refused"))
    async def unmute(account_id: AccountId, by: Operator, routes: Routes) -> AdminAccount:
        await routes.account_of(account_id)
        await routes.store(routes.room.store.mute, account_id, None, by=_actor(by))
        await routes.operator.read()
        return summary_dict(await routes.account_of(account_id))

    @router.post(
        "/accounts/{account_id}/name", responses=problems(*ACCOUNT, "name_taken", "refused")
    )
    async def rename(
        account_id: AccountId, body: RenameBody, by: Operator, routes: Routes
    ) -> AdminAccount:
        """Another name, held to a new account's rules (no two alike in case or shape)."""
        from studpoker.room.names import player_name

        await routes.account_of(account_id)
        name = player_name(body.name)
        store = routes.room.store
        await routes.store(store.rename, account_id, name, by=_actor(by), reason=body.reason)
        return summary_dict(await routes.account_of(account_id))

    @router.post("/accounts/{account_id}/role", responses=problems(*ACCOUNT, "refused"))
    async def role(
        account_id: AccountId, body: RoleBody, by: Operator, routes: Routes
    ) -> AdminAccount:
        """Make the account an operator, or a player again."""
        await routes.account_of(account_id)
        if body.role != "operator" and account_id == by.id:
            raise Refusal("an operator cannot take their own role", "refused")
        await routes.store(routes.room.store.grant, account_id, body.role, by=_actor(by),
                           reason=body.reason)  # fmt: skip
        return summary_dict(await routes.account_of(account_id))

    # -- money ------------------------------------------------------------------------

    @router.post(
        "/accounts/{account_id}/deposit", responses=problems(*ACCOUNT, "amount_range", "refused")
    )
    async def deposit(
        account_id: AccountId, body: MoneyBody, by: Operator, routes: Routes
    ) -> AdminAccount:
        """Put money on the balance (one ledger entry, with its reason)."""
        chips = _amount(body.amount)
        await routes.account_of(account_id)
        await routes.money(routes.room.cashier.deposit(account_id, chips, by=_actor(by),
                                                       reason=body.reason))  # fmt: skip
        return summary_dict(await routes.account_of(account_id))

    @router.post(
        "/accounts/{account_id}/withdraw",
        responses=problems(*ACCOUNT, "amount_range", "withdrawal_too_large", "refused"),
    )
    async def withdraw(
        account_id: AccountId, body: MoneyBody, by: Operator, routes: Routes
    ) -> AdminAccount:
        """Take money off the balance (a cash-out to the player): never more than the
        balance, never a chip at a table."""
        chips = _amount(body.amount)
        account = await routes.account_of(account_id)
        cashier = routes.room.cashier
        try:
            await cashier.withdraw(account_id, chips, by=_actor(by), reason=body.reason)
        except InsufficientFunds as short:
            detail = withdrawal_refused(account.name, short.balance or 0, chips)
            raise Refusal(detail, "withdrawal_too_large", _short(short)) from None
        return summary_dict(await routes.account_of(account_id))

    # -- tables -----------------------------------------------------------------------

    TABLE = ("login", "operator_only", "no_table")  # noqa: N806

    @router.post("/tables/{table_id}/close", responses=problems(*TABLE))
    async def close(
        table_id: str, by: Operator, routes: Routes, body: Why = NO_REASON
    ) -> AdminActionView:
        """Close the table at the end of its hand, everyone paid out; the answer's
        ``result`` is set once it is done (the admin log has it)."""
        return await routes.at_table(table_id, "close", by, body.reason)

    @router.post("/tables/{table_id}/pause", responses=problems(*TABLE))
    async def pause(
        table_id: str, by: Operator, routes: Routes, body: Why = NO_REASON
    ) -> AdminActionView:
        """No hand is dealt from the end of the one under way, until resumed."""
        return await routes.at_table(table_id, "pause", by, body.reason)

    @router.post("/tables/{table_id}/resume", responses=problems(*TABLE))
    async def resume(
        table_id: str, by: Operator, routes: Routes, body: Why = NO_REASON
    ) -> AdminActionView:
        return await routes.at_table(table_id, "resume", by, body.reason)

    @router.post("/tables/{table_id}/seats/{seat}/remove", responses=problems(*TABLE))
    async def remove_seat(
        table_id: str,
        seat: Annotated[int, PathParam(ge=0, le=9)],
        by: Operator,
        routes: Routes,
        body: Why = NO_REASON,
    ) -> AdminActionView:
        """The person at ``seat`` leaves at the end of their hand, paid out."""
        return await routes.at_table(table_id, "remove_seat", by, body.reason, {"seat": seat})

    @router.post("/tables/{table_id}/message", responses=problems(*TABLE))
    async def message(
        table_id: str, body: MessageBody, by: Operator, routes: Routes
    ) -> AdminActionView:
        """Say ``text`` at the table, as the room."""
        return await routes.at_table(table_id, "message", by, "", {"text": body.text})

    @router.post("/message", responses=problems("login", "operator_only"))
    async def message_all(body: MessageBody, by: Operator, routes: Routes) -> AdminActionView:
        """Say ``text`` at every table, as the room."""
        details = {"text": body.text}
        logged = await routes.store(
            routes.room.store.room_action, "message_all", "every table", by=_actor(by),
            reason="", details=details,
        )  # fmt: skip
        await routes.operator.read()
        return action_dict(logged)

    # -- tournaments ------------------------------------------------------------------

    @router.post(
        "/tournaments/{tid}/cancel",
        responses=problems("login", "operator_only", "no_tournament", "tournament_finished"),
    )
    async def cancel_tournament(
        tid: Annotated[int, PathParam(ge=1, le=LARGEST)],
        by: Operator,
        routes: Routes,
        body: Why = NO_REASON,
    ) -> AdminActionView:
        """Cancel a tournament: before its start every buy-in and fee is refunded; once
        started, its pool is shared by chip count among those still in
        (docs/tournaments.md), the fees kept."""
        found = await asyncio.to_thread(routes.room.store.tournament, tid)
        if found is None:
            raise Refusal(f"no tournament {tid}", "no_tournament", {"tournament": tid})
        if found.state in ("finished", "cancelled"):
            raise Refusal(f"tournament {tid} is {found.state}", "tournament_finished",
                          {"tournament": tid})  # fmt: skip
        logged = await routes.store(
            routes.room.store.table_action, f"tournament-{tid}", "cancel_tournament",
            by=_actor(by), reason=body.reason, details={"tournament": tid},
        )  # fmt: skip
        done = await routes.operator.result(logged.id, ACTION_WAIT)
        return action_dict(done or logged)

    # -- what the operator watches -------------------------------------------------------

    @router.get("/online", responses=problems("login", "operator_only", invalid=False))
    async def online(_by: Operator, routes: Routes) -> list[OnlinePerson]:
        """Everyone online, in every process of the room, and where: the tables they
        watch and the seats they hold."""
        return await routes.operator.who_is_online()  # type: ignore[return-value]

    @router.get("/audit", responses=problems("login", "operator_only", invalid=False))
    async def audit(_by: Operator, routes: Routes) -> AuditAnswer:
        """Every balance and holding against the ledger (``stud admin audit``)."""
        differences = await asyncio.to_thread(routes.room.store.audit)
        total = await asyncio.to_thread(routes.room.store.total_chips)
        return {"differences": differences, "total": total, "money_unit": ROOM_UNIT}

    @router.get("/log", responses=problems("login", "operator_only"))
    async def log(
        _by: Operator,
        routes: Routes,
        limit: Annotated[int, Query(ge=1, le=500)] = 100,
        before: Annotated[int | None, Query(ge=1, le=LARGEST)] = None,
    ) -> list[AdminActionView]:
        """The admin log, the newest first: who did what, when and why."""
        rows = await asyncio.to_thread(routes.room.store.admin_log, limit=limit, before=before)
        return [action_dict(row) for row in rows]

    return router


def _placeholder() -> str:
    """A password nobody knows, for an account whose player sets theirs by a reset."""
    import secrets

    return secrets.token_urlsafe(24)
