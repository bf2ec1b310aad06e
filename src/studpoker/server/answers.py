"""The REST answers: the models of what the handlers answer (the OpenAPI document types
every response from them), the refusals every handler shares — a 400, a 429 with its
``Retry-After``, a 503 when the room's workers are busy (docs/security.md) — and the
session token, read from the ``Authorization: Bearer`` header and declared as the
OpenAPI document's security scheme.

>>> bearer("Bearer abc "), bearer("Basic abc"), bearer(None)
('abc', None, None)
>>> slow_down(0.0, "logins")                 # no wait: nothing raised
>>> slow_down(1.2, "logins")
Traceback (most recent call last):
...
fastapi.exceptions.HTTPException: 429: too many logins: try again in 2 s
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import HTTPException, Request
from fastapi.security import HTTPBearer
from pydantic import BaseModel, Field, WithJsonSchema
from typing_extensions import TypedDict

from studpoker.games import GAMES, preset
from studpoker.room import Busy
from studpoker.server.limits import retry_after
from studpoker.server.messages import AccountView
from studpoker.server.state import Chips, MoneyUnit, SeatNumber, Stakes
from studpoker.server.wire import wire
from studpoker.table.config import TableConfig, stake_names

__all__ = [
    "HAND_HISTORIES",
    "OPTIONAL",
    "SESSION",
    "GameInfo",
    "HeldSeat",
    "LeaderboardRow",
    "Me",
    "Problem",
    "RatingHistory",
    "RatingPoint",
    "Session",
    "SessionToken",
    "bearer",
    "busy",
    "game_infos",
    "problems",
    "refused",
    "slow_down",
]


class Session(BaseModel):
    """A session: its token, for ``Authorization: Bearer TOKEN`` and the WebSocket's
    subprotocol ``bearer.TOKEN``, and its account."""

    token: str
    account: AccountView


@wire
class HeldSeat(TypedDict):
    table: str
    seat: SeatNumber


@wire
class Me(AccountView):
    """The asker's account, fresh, and the seats it holds."""

    seats: list[HeldSeat]


@wire
class GameInfo(TypedDict):
    """A game as a table of it opens by default: its preset stakes, how its money is
    written, its seats and a chips table's buy-ins (``GET /api/games``).  The page takes
    these from here, never from a copy of its own."""

    game: str
    stakes: Stakes
    """The preset's stakes (R2.1, R6.4), the ones a new table starts from."""
    stake_names: list[str]
    """The stakes a player may set when opening a table of this game."""
    money_unit: MoneyUnit
    seats: int
    buy_in: tuple[Chips, Chips]
    """A chips table's least and most buy-in at the preset's stakes."""


def game_infos() -> list[GameInfo]:
    """Every game's :class:`GameInfo`, in the order of ``GAMES``."""
    infos: list[GameInfo] = []
    for game in GAMES:
        config = TableConfig(preset(game), "chips")
        infos.append(
            {
                "game": game,
                "stakes": config.stakes,  # type: ignore[typeddict-item]
                "stake_names": list(stake_names(game)),
                "money_unit": config.spec.money_unit,
                "seats": config.seats,
                "buy_in": (config.buy_in_min, config.buy_in_max),
            }
        )
    return infos


@wire
class LeaderboardRow(TypedDict):
    """A player's rating in the competitions of a game (Glicko-2), rounded."""

    name: str
    rating: int
    rd: int
    """The rating deviation: how sure the rating is."""
    games: int
    provisional: bool


@wire
class RatingPoint(TypedDict):
    at: Annotated[str, WithJsonSchema({"type": "string", "format": "date-time"})]
    rating: int
    rd: int


@wire
class RatingHistory(TypedDict):
    """Every rating a player has had in a game, oldest first."""

    name: str
    game: str
    history: list[RatingPoint]


class Problem(BaseModel):
    """A refusal: nothing changed, and ``detail`` says why and what is allowed."""

    detail: str = Field(examples=["log in first: no valid session token"])


_WHY = {
    400: "Refused: `detail` says why and what is allowed.",
    401: "No valid session token (`detail` says which).",
    404: "No such thing (`detail` names it).",
    429: "Too many requests: `Retry-After` says in how many seconds to try again.",
    503: "The room is too busy now: try again after `Retry-After` seconds.",
}


HAND_HISTORIES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "PokerStars hand histories, as a file to save.",
        "content": {"text/plain": {"schema": {"type": "string"}}},
    }
}
"""The answer of ``GET /api/hands``: text (its refusals are JSON, as every route's)."""


def problems(*statuses: int, why: dict[int, str] | None = None) -> dict[int | str, dict[str, Any]]:
    """The error answers of a route, for its ``responses=``: each a :class:`Problem`,
    described as ``why`` says, or as every route's is."""
    answers: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        answer = {"model": Problem, "description": (why or {}).get(status, _WHY[status])}
        if status in (429, 503):
            wait = {"type": "integer", "minimum": 1}
            answer["headers"] = {"Retry-After": {"description": "Seconds to wait.", "schema": wait}}
        answers[status] = answer
    return answers


def refused(error: Exception) -> HTTPException:
    """A 400 that says what the room refused."""
    return HTTPException(400, str(error))


def slow_down(wait: float, what: str) -> None:
    """A 429 when ``wait`` (seconds before the next try is allowed) is above 0."""
    if wait > 0:
        after = retry_after(wait)
        raise HTTPException(
            429, f"too many {what}: try again in {after} s", headers={"Retry-After": after}
        )


def busy(error: Busy) -> HTTPException:
    """A 503: the room's workers are all taken; try again after ``Retry-After``."""
    after = retry_after(error.retry_after)
    return HTTPException(503, str(error), headers={"Retry-After": after})


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, or ``None``."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


class SessionToken(HTTPBearer):
    """The session token of a request (:func:`bearer`), None without one: a route
    decides what a missing or unknown token means.  As a dependency it declares the
    bearer scheme in the OpenAPI document."""

    def __init__(self) -> None:
        super().__init__(
            scheme_name="session",
            description="A session token from `POST /api/accounts`, `POST /api/sessions` or "
            "`POST /api/guests`.",
            auto_error=False,
        )

    async def __call__(self, request: Request) -> str | None:  # type: ignore[override]
        return bearer(request.headers.get("Authorization"))


SESSION = SessionToken()
OPTIONAL: dict[str, Any] = {"security": [{}]}
"""A route's ``openapi_extra`` where the session token is optional (the answer is an
onlooker's without one): FastAPI lists the bearer scheme, this adds the alternative of
none."""
