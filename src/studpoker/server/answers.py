"""The REST answers: the models of what the handlers answer (the OpenAPI document types
every response from them); the refusals — each a :class:`Refusal` with the code and
params of the WebSocket's errors, its HTTP status that of its code (:data:`STATUS`),
answered as a :data:`Problem`: a 429 and a 503 with their ``Retry-After``
(docs/security.md) — and the session token, read from the ``Authorization: Bearer``
header and declared as the OpenAPI document's security scheme.

Every refusal is turned into its answer here, once for the whole application
(:func:`answer_refusals`): a route raises the room's :class:`~studpoker.room.RoomError`
or :class:`~studpoker.room.Busy`, or a :class:`Refusal` of its own, and never catches
one to answer it.

>>> bearer("Bearer abc "), bearer("Basic abc"), bearer(None)
('abc', None, None)
>>> slow_down(0.0, "tables")                 # no wait: nothing raised
>>> slow_down(1.2, "tables")
Traceback (most recent call last):
...
studpoker.server.answers.Refusal: 429: too many new tables: try again in 2 s
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, Union, get_args, get_type_hints

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, RootModel, WithJsonSchema, create_model
from starlette.exceptions import HTTPException as AnyHTTPError
from typing_extensions import TypedDict

from studpoker.games import GAMES, preset
from studpoker.games.spec import MAX_SEATS, MIN_SEATS, Game
from studpoker.room import Busy, Room, RoomError
from studpoker.server.limits import TOO_MANY, retry_after
from studpoker.server.messages import BALANCE_UNIT, AccountView, Limited, ServerError
from studpoker.server.metrics import refused as refused_by_limit
from studpoker.server.state import Chips, GameOptions, MoneyUnit, SeatNumber, Stakes
from studpoker.server.wire import wire
from studpoker.store import Account, NoteColour
from studpoker.table.config import TableConfig, most_seats, stake_names

__all__ = [
    "HAND_HISTORIES",
    "OPTIONAL",
    "SESSION",
    "STATUS",
    "Asker",
    "FieldError",
    "GameInfo",
    "HeldSeat",
    "Invalid",
    "LeaderboardRow",
    "Me",
    "PlayerNote",
    "Problem",
    "RatingHistory",
    "RatingPoint",
    "Refusal",
    "Session",
    "SessionToken",
    "Token",
    "account_dict",
    "answer_refusals",
    "bearer",
    "busy",
    "current_account",
    "game_infos",
    "problem_body",
    "problems",
    "refused",
    "slow_down",
    "status_of",
]


class Session(BaseModel):
    """A session: its token, for ``Authorization: Bearer TOKEN`` and the WebSocket's
    subprotocol ``bearer.TOKEN``, and its account."""

    token: str
    account: AccountView


def account_dict(account: Account) -> AccountView:
    """An account as its owner sees it: in a session's answer, ``GET /api/me`` and the
    WebSocket's ``welcome``."""
    return {
        "id": account.id,
        "name": account.name,
        "balance": account.balance,
        "money_unit": BALANCE_UNIT,
        "guest": account.guest,
        "bot": account.bot,
        "role": "operator" if account.operator else "player",
    }


@wire
class HeldSeat(TypedDict):
    table: str
    seat: SeatNumber


@wire
class Me(AccountView):
    """The asker's account, fresh, and the seats it holds."""

    seats: list[HeldSeat]
    free_chips: int | None
    """The chips "Get chips" would give now (written by ``money_unit``): a room that gives
    free chips, to an account whose balance is below the smallest buy-in; None else."""


@wire
class GameInfo(TypedDict):
    """A game as a table of it opens by default: its preset stakes and options, how its
    money is written, its seats and a chips table's buy-ins (``GET /api/games``).  The
    page takes these from here, never from a copy of its own."""

    game: Game
    stakes: Stakes
    """The preset's stakes (R2.1, R6.4), the ones a new table starts from."""
    stake_names: list[str]
    """The stakes a player may set when opening a table of this game."""
    options: GameOptions
    """The options a player may set when opening a table of this game, as the preset
    has them (``open_pair_double``: R2.7, R9.3)."""
    money_unit: MoneyUnit
    seats: Annotated[int, Field(ge=MIN_SEATS, le=MAX_SEATS)]
    """The seats of a table opened without saying how many."""
    most_seats: Annotated[int, Field(ge=MIN_SEATS, le=MAX_SEATS)]
    """The most seats a table of the game may have (R7.4; ten for Show Hand and
    Five-Card Stud, R9.1)."""
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
                "options": config.options,  # type: ignore[typeddict-item]
                "money_unit": config.spec.money_unit,
                "seats": config.seats,
                "most_seats": most_seats(config.spec),
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


@wire
class PlayerNote(TypedDict):
    """The asker's note on another player (issue 36): its colour tag (what each colour
    means is the writer's own) and text; nobody else ever reads it."""

    name: str
    """The player's name, as it is now."""
    colour: NoteColour | None
    text: str
    updated: Annotated[str, WithJsonSchema({"type": "string", "format": "date-time"})] | None
    """When it was last written; null when no note is kept (one written empty)."""


# -- study (issue 18) -----------------------------------------------------------------------


@wire
class StudyImport(TypedDict):
    """What an import of one's own hand histories did."""

    added: int
    duplicates: int
    """Hands imported before (the same site and hand number): skipped."""
    other_games: int
    """Hands of games that are not stud (a mixed game's hold'em): skipped."""
    errors: list[str]
    """Each hand that could not be read: the file, the hand, the line, why."""


@wire
class StudyWinnings(TypedDict):
    """A player's winnings graph over the hands asked for: after every ``every``th hand
    (and the last), the total in big bets so far, and its parts won at showdowns and
    without (at most 500 points)."""

    player: str
    hands: int
    every: int
    total: list[float]
    showdown: list[float]
    no_showdown: list[float]


@wire
class StudyHandInfo(TypedDict):
    """One of the asker's imported hands, in the list."""

    id: int
    source: str
    number: str
    game: str
    played_at: str | None
    big_bet: int


@wire
class StudyShare(TypedDict):
    """A statistic: ``count`` times of ``sample`` chances (docs/study.md)."""

    key: str
    """The fact counted (``steal``, ``vpip``…): the same in every language."""
    label: str
    count: int
    sample: int


@wire
class StudyStake(TypedDict):
    """Stakes a player played, with their hands: a stakes filter's choice."""

    game: str
    small_bet: int
    big_bet: int
    """The ``big_bet`` to filter by (Show Hand: the minimum bet)."""
    currency: str | None
    """The site's money sign (``$``: the bets are cents), or null for chips."""
    hands: int


@wire
class StudySite(TypedDict):
    """Where a player's hands come from, with their hands: a site filter's choice."""

    site: str
    """The site as its reader names it (``Winamax``, ``PokerStars``), ``room`` for the
    room's own hands, ``PHH`` for PHH files."""
    hands: int


@wire
class StudyStats(TypedDict):
    """A player's statistics over the hands asked for (the room's, and with ``mine``
    the asker's imported hands)."""

    player: str
    hands: int
    bb_per_100: float | None
    """Results in big bets (Show Hand: minimum bets) per 100 hands."""
    interval: list[float] | None
    """The 95% interval of ``bb_per_100``: low, high."""
    aggression: float | None
    """Bets and raises per call from fourth street on."""
    aggression_frequency: StudyShare
    stats: list[StudyShare]
    stakes: list[StudyStake]
    """Every stakes the player played under the other filters, the most played first."""
    sites: list[StudySite]
    """Every site the player's hands come from under the other filters, the most first:
    a name is one person on one site (``site`` filters to one)."""


# -- tournaments (issue 17) ----------------------------------------------------------------


@wire
class TournamentLevel(TypedDict):
    """A level: its number, its title as the hand histories write it (``Level III
    (20/40)``), its stakes (Show Hand: the ante and minimum bet)."""

    number: int
    title: str
    ante: int
    bring_in: NotRequired[int]
    small_bet: NotRequired[int]
    big_bet: NotRequired[int]
    min_bet: NotRequired[int]


@wire
class TournamentPlace(TypedDict):
    name: str
    place: int
    """Equal stacks busting in one hand tie: they share the best of their places."""
    prize: int


@wire
class TournamentStanding(TypedDict):
    name: str
    chips: int


@wire
class TournamentInfo(TypedDict):
    """A tournament as the tournament lobby shows it (``GET /api/tournaments/{id}``):
    what it is, its entries and prizes (the pool's share for each place paid, by the
    field's size), and while it runs its level, the seconds to the next, the players
    left, the average stack and its tables; for a logged-in asker, its own entry,
    table and place."""

    id: int
    name: str
    named: bool
    """Whether its creator named it (else the page says ``name`` in its own words)."""
    game: Game
    mix: Literal["triple_stud"] | None
    """A mixed game: ``game`` is its first, whose stakes the levels give."""
    kind: Literal["sit_and_go", "scheduled"]
    state: Literal["registering", "running", "finished", "cancelled"]
    practice: bool
    buy_in: int
    fee: int
    money_unit: MoneyUnit
    """How ``buy_in``, ``fee``, ``prize_pool`` and the prizes are written: as the balance
    they come from and go to (100 chips a unit: 110 is 1.10).  The chips of its tables
    (the structure, the level, ``average_stack``) are whole chips."""
    seats: int
    """A table's seats."""
    capacity: int | None
    """The most entries (a sit-and-go: its seats)."""
    entries: int
    players_left: int
    prize_pool: int
    prizes: list[int]
    starts_at: str | None
    late_levels: int
    reentry: bool
    level: TournamentLevel
    on_break: bool
    next_level_in: float | None
    average_stack: int
    tables: list[str]
    structure: dict[str, Any]
    """The structure as tournament/structures.json writes one (docs/tournaments.md)."""
    registered: NotRequired[bool]
    table: NotRequired[str | None]
    place: NotRequired[int | None]
    """The asker's place: known as they bust, not only once the tournament is over."""
    prize: NotRequired[int | None]
    """The asker's prize for that place (in ``money_unit``; 0 for a place not paid)."""
    places: NotRequired[list[TournamentPlace]]
    """The finishing order so far (while it runs, those busted; once over, everyone)."""
    standings: NotRequired[list[TournamentStanding]]
    """While it runs: the players still in and their chips, the most first."""


# -- refusals ---------------------------------------------------------------------------

_STATUSES: dict[int, tuple[str, ...]] = {
    401: ("login", "wrong_password"),
    403: (
        "guests_practice_only",
        "bots_practice_only",
        "banned",
        "operator_only",
        "muted",
        "free_chips_guest",
        "invite_only",
        "not_host",
    ),
    404: ("no_table", "no_player", "no_hand", "no_account", "not_found", "no_tournament"),
    405: ("method_not_allowed",),
    409: (
        "name_taken",
        "name_lookalike",
        "open_tables",
        "table_exists",
        "already_seated",
        "already_in_seat",
        "seats_limit",
        "seat_offered",
        "seat_free",
        "waiting_list_full",
        "not_your_choice",
        "wrong_hand_id",
        "no_dealers_choice",
        "seat_taken",
        "seat_empty",
        "table_full",
        "practice_full",
        "competition_full",
        "competition_started",
        "competition_players",
        "table_closed",
        "table_stopped",
        "balance_too_low",
        "top_up_limit",
        "no_chips",
        "already_leaving",
        "already_sitting_out",
        "not_sitting_out",
        "not_seated",
        "no_turn",
        "not_your_turn",
        "stale_decision",
        "illegal_action",
        "tournament_started",
        "tournament_full",
        "tournament_finished",
        "tournament_registered",
        "tournament_busted",
        "tournament_not_registered",
        "not_supported",
        "refused",
        "tournament_table",
        "computer_player",
        "free_chips_off",
        "free_chips_balance",
        "withdrawal_too_large",
        "notes_full",
    ),
    413: ("too_large",),
    429: (
        "rate_limited",
        "chat_limit",
        "too_many_sockets",
        "free_chips_wait",
        "free_chips_address",
    ),
    500: ("internal",),
    503: ("busy", "no_guest_name"),
}
STATUS: dict[str, int] = {code: status for status, codes in _STATUSES.items() for code in codes}
"""The HTTP status of each code that is not a 400 (bad input: a name, a password, a
table's options, a value out of its range): 401 no valid session or a wrong password,
403 what only a registered account may do, 404 no such thing, 409 a conflict with the
room's state, 429 too often, 503 the room too busy.  A body or parameter FastAPI cannot
read is a 422, ``malformed``."""


def status_of(code: str) -> int:
    """The HTTP status of a refusal's ``code`` (:data:`STATUS`).

    >>> status_of("name_taken"), status_of("password_too_short"), status_of("wrong_password")
    (409, 400, 401)
    """
    return STATUS.get(code, 400)


def _problem_model(message: Any) -> type[BaseModel]:
    """The REST body of a WebSocket error model: its ``code`` and ``params``, and the
    English ``detail`` (FastAPI's name) in place of ``message``."""
    hints = get_type_hints(message, include_extras=True)
    fields: dict[str, Any] = {"detail": (str, ...), "code": (hints["code"], ...)}
    if "params" in hints:
        fields["params"] = (hints["params"], ...)
    return create_model(
        message.__name__.removesuffix("Message") + "Problem",
        __config__=ConfigDict(extra="forbid"),
        __doc__=message.__doc__,
        **fields,
    )


_PROBLEMS = tuple(_problem_model(model) for model in get_args(get_args(ServerError)[0]))


# A union of models made at run time: Union[...] takes the tuple, "|" does not.  A model of
# its own (not the bare union) so that its schema is built once: FastAPI builds the schema
# of each ``responses=`` model of each route anew, a third of a second an app for the union.
class Problem(RootModel[Annotated[Union[_PROBLEMS], Field(discriminator="code")]]):  # type: ignore[valid-type]  # noqa: UP007
    """A REST refusal, told apart by its ``code``: ``{"detail": "<English>", "code": …,
    "params": {…}}``, the code and params of the WebSocket's ``error``
    (server.messages.ServerError); ``params`` only where the code has them.  Nothing
    changed."""


@wire
class FieldError(TypedDict):
    """What FastAPI could not read: where (``body``, ``query``…, then the field), why."""

    loc: list[str | int]
    msg: str
    type: str
    input: NotRequired[Any]
    ctx: NotRequired[dict[str, Any]]


class Invalid(BaseModel):
    """A body or a parameter that is not valid (FastAPI's 422): ``detail`` lists each
    field wrong and why; ``code`` is ``malformed``, as on the WebSocket."""

    model_config = ConfigDict(extra="forbid")

    detail: list[FieldError]
    code: Literal["malformed"]


class Refusal(HTTPException):
    """A REST refusal: the HTTP status of its ``code`` (:func:`status_of`), the English
    ``detail``, and the ``params`` its sentence says, answered as a :data:`Problem`."""

    def __init__(
        self,
        detail: str,
        code: str,
        params: dict[str, Any] | None = None,
        *,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(status_of(code), detail, headers=headers)
        self.code = code
        self.params = params or {}


# The code of an HTTP error not raised as a Refusal (Starlette's own: no such route).
_PLAIN = {404: "not_found", 405: "method_not_allowed"}


def problem_body(error: AnyHTTPError) -> dict[str, Any]:
    """The body of a refusal: a :class:`Refusal`'s code and params; for Starlette's own
    errors a code of their status."""
    if isinstance(error, Refusal):
        code, params = error.code, error.params
    else:
        code = _PLAIN.get(
            error.status_code, "internal" if error.status_code >= 500 else "malformed"
        )
        params = {}
    body: dict[str, Any] = {"detail": error.detail, "code": code}
    if params:
        body["params"] = params
    return body


_WHY = {
    400: "Refused: bad input (`detail` says why and what is allowed; `malformed`: a body "
    "that is not JSON text in UTF-8).",
    401: "No valid session token, or a wrong name or password.",
    403: "Only a registered account may do that (guests play at practice tables only).",
    404: "No such thing (`params` name it).",
    409: "Refused by the room as it is now (a name taken, the seat taken, the table full…).",
    413: "Too large: `params` give the `maximum` and the `length` sent.",
    422: "A body or parameter that is not valid: `detail` lists each field and why.",
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


def problems(*codes: str, invalid: bool = True) -> dict[int | str, dict[str, Any]]:
    """The error answers of a route that refuses with ``codes``, for its ``responses=``:
    each status a :data:`Problem`, described with the codes it carries there (429 and
    503 with their ``Retry-After``), and with ``invalid`` (a route with a body or
    parameters) the 422 of FastAPI's validation, an :class:`Invalid`."""
    by_status: dict[int, list[str]] = {}
    for code in codes:
        by_status.setdefault(status_of(code), []).append(code)
    answers: dict[int | str, dict[str, Any]] = {}
    for status, said in sorted(by_status.items()):
        listed = ", ".join(f"`{code}`" for code in said)
        answer: dict[str, Any] = {
            "model": Problem,
            "description": f"{_WHY[status]} Codes: {listed}.",
        }
        if status in (429, 503):
            wait = {"type": "integer", "minimum": 1}
            answer["headers"] = {"Retry-After": {"description": "Seconds to wait.", "schema": wait}}
        answers[status] = answer
    if invalid:
        answers[422] = {"model": Invalid, "description": _WHY[422] + " Code: `malformed`."}
    return answers


def refused(error: RoomError) -> Refusal:
    """What the room refused, with the status of its code; when its ``params`` say how
    long to wait (free chips' ``retry_after``), that wait as ``Retry-After``, and a 503
    that does not say (no guest name free now) asks for one second.

    >>> refused(RoomError("no guest name is free; try again", "no_guest_name")).headers
    {'Retry-After': '1'}
    """
    headers = None
    if "retry_after" in error.params:
        headers = {"Retry-After": str(error.params["retry_after"])}
    elif status_of(error.code) == 503:
        headers = {"Retry-After": "1"}  # a 503 always says when to try again
    return Refusal(str(error), error.code, error.params, headers=headers)


def slow_down(wait: float, what: Limited) -> None:
    """A 429 ``rate_limited`` when ``wait`` (seconds before the next try is allowed) is
    above 0; ``what`` came too often (limits.TOO_MANY says it in words)."""
    if wait > 0:
        refused_by_limit(what)
        after = retry_after(wait)
        raise Refusal(
            f"too many {TOO_MANY[what]}: try again in {after} s",
            "rate_limited",
            {"what": what, "retry_after": int(after)},
            headers={"Retry-After": after},
        )


def busy(error: Busy) -> Refusal:
    """A 503: the room's workers are all taken; try again after ``Retry-After``."""
    after = retry_after(error.retry_after)
    return Refusal(
        str(error),
        "busy",
        {"what": error.what, "retry_after": int(after)},
        headers={"Retry-After": after},
    )


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
Token = Annotated[str | None, Depends(SESSION)]
"""A REST request's session token (None: no token, or not a bearer one)."""
OPTIONAL: dict[str, Any] = {"security": [{}]}
"""A route's ``openapi_extra`` where the session token is optional (the answer is an
onlooker's without one): FastAPI lists the bearer scheme, this adds the alternative of
none."""


async def current_account(request: Request, token: Token) -> Account:
    """The dependency of a route for logged-in askers: the account of the session
    token in the room of the request's application (server/app.py puts it in its
    state), or a 401 ``login``."""
    room: Room = request.app.state.room
    account = await room.account(token)
    if account is None:
        raise Refusal("log in first: no valid session token", "login")
    return account


Asker = Annotated[Account, Depends(current_account)]
"""A route's logged-in asker (:func:`current_account`)."""


def answer_refusals(app: FastAPI) -> None:
    """Answer every refusal of ``app``'s routes, in this one place: the room's
    :class:`RoomError` and :class:`Busy` as :func:`refused` and :func:`busy` make them,
    a :class:`Refusal` and Starlette's own HTTP errors as :func:`problem_body` says
    them — each a :data:`Problem` — and what FastAPI cannot read as an :class:`Invalid`."""

    @app.exception_handler(AnyHTTPError)
    async def refusal(_request: Request, error: AnyHTTPError) -> Response:
        if error.status_code in (204, 304):
            return Response(status_code=error.status_code, headers=error.headers)
        return JSONResponse(problem_body(error), error.status_code, headers=error.headers)

    @app.exception_handler(RoomError)
    async def room_refusal(request: Request, error: RoomError) -> Response:
        return await refusal(request, refused(error))

    @app.exception_handler(Busy)
    async def room_busy(request: Request, error: Busy) -> Response:
        return await refusal(request, busy(error))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> Response:
        """FastAPI's 422, with the code ``malformed``."""
        body = {"detail": jsonable_encoder(error.errors()), "code": "malformed"}
        return JSONResponse(body, 422)
