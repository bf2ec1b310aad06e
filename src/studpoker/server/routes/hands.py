"""The hands' routes: a table's finished hand as the asker's seat saw it (the last hand
view, R5.8), and the asker's own hands as PokerStars hand histories
(:mod:`studpoker.server.hands` makes both)."""

from functools import cache
from typing import Annotated, cast

from fastapi import APIRouter, Query
from fastapi.responses import PlainTextResponse, Response

from studpoker.server.answers import HAND_HISTORIES, OPTIONAL, Asker, Token, problems
from studpoker.server.hands import (
    FinishedHand,
    TableSeeds,
    finished_hand,
    hand_histories,
    known_language,
    table_seeds,
)
from studpoker.server.peers import account_data
from studpoker.server.routes import AppServices

__all__ = ["hands_router"]


@cache
def hands_router() -> APIRouter:
    """The hands' routes (built once a process; a hand of a table another process runs
    is asked of it); an account downloads its hand histories a few times at a time
    (``Services.downloads``)."""
    router = APIRouter(tags=["hands"])

    @router.get(
        "/api/tables/{table_id}/hands/{number}",
        responses=problems("unknown_language", "no_table", "no_hand", "invite_only", "busy"),
        openapi_extra=OPTIONAL,
    )
    async def table_hand(
        table_id: str, number: int, token: Token, app: AppServices, lang: str = "en"
    ) -> FinishedHand:
        """A finished hand of the table (the last hand view, R5.8), one of its last 20,
        as the asker's seat saw it (an onlooker's without a token): shown cards, never a
        mucked one; ``lines`` are the dealer's lines of those events in ``lang`` (R5.7).
        An older hand is ``no_hand``: the hand histories have it."""
        room, peers = app.room, app.peers
        account = await room.account(token)
        if peers is not None and not room.runs(table_id):
            known_language(lang)
            args = {"hand": number, "lang": lang, "account": account_data(account)}
            return cast(FinishedHand, await peers.ask_owner(table_id, "hand", args))
        return finished_hand(room, table_id, number, lang, account)

    @router.get(
        "/api/tables/{table_id}/seeds",
        responses=problems("invite_only"),
        openapi_extra=OPTIONAL,
    )
    async def seeds(table_id: str, token: Token, app: AppServices) -> TableSeeds:
        """Every revealed deal of the table, oldest first (docs/fairness.md): a table's
        seeds are revealed when it closes or when its seed epoch is 24 hours old, all of
        an epoch's at once; anyone may then recompute each deck and check every card of
        the hands' records."""
        room = app.room
        return await table_seeds(room, table_id, await room.account(token))

    @router.get(
        "/api/hands",
        response_class=Response,  # no media type of its own: its refusals are JSON
        responses=HAND_HISTORIES | problems("login", "rate_limited", "busy"),
    )
    async def hands(
        account: Asker,
        app: AppServices,
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
        table: str | None = None,
    ) -> PlainTextResponse:
        """The asker's hands as PokerStars hand histories, from their seat."""
        return await hand_histories(app.room, account, limit, table, app.downloads)

    return router
