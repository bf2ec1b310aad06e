"""The tournaments' routes (issue 17): the tournaments open, running and last finished;
one of them; a new one; an entry and its withdrawal before the start."""

from datetime import datetime
from functools import cache
from typing import Annotated, Any, cast

from fastapi import APIRouter
from pydantic import Field

from studpoker.games.spec import MAX_SEATS
from studpoker.room import Room
from studpoker.server.answers import (
    OPTIONAL,
    Asker,
    Refusal,
    Token,
    TournamentInfo,
    problems,
    slow_down,
)
from studpoker.server.messages import BALANCE_UNIT
from studpoker.server.protocol import Text
from studpoker.server.routes import AppServices, Body
from studpoker.store import Account

__all__ = ["tournaments_router"]


class NewTournament(Body):
    """A tournament a player creates (issue 17): a sit-and-go of one table (2, 6, 8 or
    10 seats) that starts when full, or a scheduled one; its structure given as data
    (docs/tournaments.md) or a shipped one by ``speed``; a buy-in and a fee (a fifth
    of the buy-in at most) in chips, or free for practice with computer players."""

    game: Text
    kind: Text = "sit_and_go"
    name: Annotated[str, Field(max_length=64)] = ""
    seats: Annotated[int, Field(strict=True, ge=2, le=MAX_SEATS)] | None = None
    capacity: Annotated[int, Field(strict=True, ge=2, le=1000)] | None = None
    starts_at: datetime | None = None
    buy_in: Annotated[int, Field(strict=True, ge=0, le=1_000_000)] = 0
    fee: Annotated[int, Field(strict=True, ge=0, le=200_000)] = 0
    speed: Text = "turbo"
    structure: dict[str, Any] | None = None
    late_levels: Annotated[int, Field(strict=True, ge=0, le=20)] = 0
    reentry: bool = False
    practice: bool = False
    mix: Text | None = None


# What the room may refuse of a new tournament and of an entry, for their routes'
# documents.
NEW_TOURNAMENT = (
    "login",
    "unknown_game",
    "unknown_kind",
    "unknown_speed",
    "unknown_mix",
    "invalid_structure",
    "seats_range",
    "capacity_range",
    "starts_at",
    "buy_in_range",
    "fee_range",
    "practice_free",
    "late_levels_range",
    "tournament_name_length",
    "tournament_name_characters",
    "not_supported",
)
ENTRY = (
    "login",
    "no_tournament",
    "guests_practice_only",
    "balance_too_low",
    "tournament_started",
    "tournament_full",
    "tournament_finished",
    "tournament_registered",
    "tournament_busted",
)


@cache
def tournaments_router() -> APIRouter:
    """The tournaments' routes (built once a process); an account creates a few tables
    or tournaments at a time (``Services.new_tables``)."""
    router = APIRouter(tags=["tournaments"])

    @router.get("/api/tournaments", responses=problems(invalid=False), openapi_extra=OPTIONAL)
    async def tournaments(token: Token, app: AppServices) -> list[TournamentInfo]:
        """Every tournament the room has open or running, and the last finished; with
        a token, the asker's entry and table in each."""
        account = await app.room.account(token)
        listed = await app.room.tournaments_now(account)
        return [cast(TournamentInfo, info | {"money_unit": BALANCE_UNIT}) for info in listed]

    async def tournament_of(room: Room, tid: int, account: Account | None) -> TournamentInfo:
        info = await room.tournament_now(tid, account)
        return cast(TournamentInfo, info | {"money_unit": BALANCE_UNIT})

    @router.get(
        "/api/tournaments/{tid}",
        responses=problems("no_tournament", "busy"),
        openapi_extra=OPTIONAL,
    )
    async def tournament(tid: int, token: Token, app: AppServices) -> TournamentInfo:
        """A tournament: its structure, entries, prize pool and payouts; its level,
        time to the next, players left and average stack; with a token, the asker's
        own entry and table (where balancing or a broken table moved them)."""
        return await tournament_of(app.room, tid, await app.room.account(token))

    @router.post(
        "/api/tournaments",
        status_code=201,
        responses=problems(*NEW_TOURNAMENT, "rate_limited"),
    )
    async def create_tournament(
        body: NewTournament, account: Asker, app: AppServices
    ) -> TournamentInfo:
        """Create a tournament (its creator is not entered by it)."""
        slow_down(app.new_tables.take(str(account.id)), "tables")
        if account.guest and not body.practice:
            raise Refusal("guests create practice tournaments only", "guests_practice_only", {})
        tid = await app.room.create_tournament(
            game=body.game, kind=body.kind, name=body.name, seats=body.seats,
            capacity=body.capacity, starts_at=body.starts_at, buy_in=body.buy_in,
            fee=body.fee, speed=body.speed, structure=body.structure,
            late_levels=body.late_levels, reentry=body.reentry, practice=body.practice,
            mix=body.mix, created_by=account,
        )  # fmt: skip
        return await tournament_of(app.room, tid, account)

    @router.post("/api/tournaments/{tid}/entry", responses=problems(*ENTRY, "busy"))
    async def enter(tid: int, account: Asker, app: AppServices) -> TournamentInfo:
        """Register: the buy-in and fee from the asker's balance (a sit-and-go starts
        when this fills it; a practice one is filled with computer players)."""
        await app.room.register_tournament(account, tid)
        return await tournament_of(app.room, tid, account)

    @router.delete(
        "/api/tournaments/{tid}/entry",
        responses=problems(
            "login", "no_tournament", "tournament_started", "tournament_not_registered", "busy"
        ),
    )
    async def leave(tid: int, account: Asker, app: AppServices) -> TournamentInfo:
        """Unregister before the start: the buy-in and fee back to the balance."""
        await app.room.unregister_tournament(account, tid)
        return await tournament_of(app.room, tid, account)

    return router
