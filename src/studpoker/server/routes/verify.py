"""The Verify page's route (issue 38, docs/fairness.md): a hand record pasted, or one of
one's own hands (``GET /api/hands``), turned into what the browser needs to check it —
each hand's deal and the cards the record shows at their places in the deck.

The room only places the cards: the record is played through the engine, which deals as
the rules say, burnt cards too (:mod:`studpoker.history.deals`, as ``stud verify`` does).
The page itself recomputes the deck from the seeds, the commitment and the tree's root,
and compares every card (``web/fairness.js``), so that a room that lied about its deal
could not answer its own check.  The work is a replay, done on the study tools' replay
worker, held to the same rate and share of its places (server/study_routes.py).
"""

from functools import cache
from typing import Annotated, cast

from fastapi import APIRouter, Request
from pydantic import ConfigDict, Field
from typing_extensions import TypedDict

from studpoker.server.answers import OPTIONAL, Token, problems
from studpoker.server.routes import AppServices, Body
from studpoker.server.study_routes import asker_of
from studpoker.server.wire import wire
from studpoker.study.jobs import verify_record

__all__ = ["RECORD_CHARACTERS", "PlacedDeal", "PlacedHand", "VerifyBody", "verify_router"]

RECORD_CHARACTERS = 262_144  # a pasted record at most: a hundred hands or so


class VerifyBody(Body):
    """A hand record to check: PokerStars text as the room writes it, or PHH."""

    model_config = ConfigDict(extra="forbid")

    record: Annotated[str, Field(strict=True, min_length=1, max_length=RECORD_CHARACTERS)]


@wire
class PlacedDeal(TypedDict):
    """A hand's deal as its record states it (docs/fairness.md)."""

    hand_id: str
    """The hand as the deal names it: ``TABLE/NUMBER``."""
    size: int
    commitment: str
    root: str
    client_seeds: list[str]
    chosen_by_room: list[int]
    test_seed: bool
    server_seed: str | None
    """Null until the hand's seed epoch is over."""


@wire
class PlacedHand(TypedDict):
    """One hand of the record: its number, its deal (null: the record carries none) and
    each card it shows by its place in the deck, from 0 (null: the record could not be
    played through the engine, or its seed is not revealed yet)."""

    number: str
    deal: PlacedDeal | None
    cards: dict[str, str] | None


@wire
class VerifyAnswer(TypedDict):
    """The record's hands to check (the first hundred), the errors of those that cannot
    be read, and whether it held more."""

    hands: list[PlacedHand]
    errors: list[str]
    more: bool


@cache
def verify_router() -> APIRouter:
    """The Verify page's route (built once a process)."""
    router = APIRouter(tags=["study"])

    @router.post("/api/verify", responses=problems("rate_limited", "busy"), openapi_extra=OPTIONAL)
    async def verify(
        request: Request, body: VerifyBody, token: Token, app: AppServices
    ) -> VerifyAnswer:
        """Each hand of a hand record (PokerStars text or PHH, as the room writes it)
        with its deal and every card it shows at its place in the deck, for the browser
        to recompute the deck from the seeds and check them: its first hundred hands
        (``VERIFY_HANDS``)."""
        account = await app.room.account(token)
        replays = app.study.replays
        with replays.place(asker_of(account, request)):
            answer = await replays.run(verify_record, body.record)
        return cast(VerifyAnswer, answer)

    return router
