"""The ASGI application (the ``server`` layer of DESIGN.md): REST for accounts, the
lobby, hand histories and the leaderboard (OpenAPI at ``/openapi.json``), one
WebSocket per client at ``/ws`` for the tables (docs/protocol.md), and the web
client's static files at ``/``.
"""

import asyncio
import contextlib
import logging
import unicodedata
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, cast, get_args

from fastapi import (
    Depends,
    FastAPI,
    Query,
    Request,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import AfterValidator, BaseModel, Field, ValidationError, model_validator
from starlette.exceptions import HTTPException

from studpoker import __version__
from studpoker.games.spec import MAX_SEATS, MIN_SEATS, STAKE_MAX
from studpoker.room import Busy, Room, RoomError, known_game
from studpoker.room.cashier import FreeChips, smallest_buy_in
from studpoker.room.operator import RoomOperator
from studpoker.room.ownership import RedisLeases
from studpoker.room.passwords import MAX_LENGTH as PASSWORD_LENGTH
from studpoker.room.relay import Broker, RedisBroker, check_redis_url
from studpoker.server.admin import admin_router
from studpoker.server.answers import (
    HAND_HISTORIES,
    OPTIONAL,
    SESSION,
    GameInfo,
    HeldSeat,
    LeaderboardRow,
    Me,
    RatingHistory,
    Refusal,
    Session,
    TournamentInfo,
    busy,
    game_infos,
    problem_body,
    problems,
    refused,
    slow_down,
)
from studpoker.server.connections import WRITE_NOW, Client, Hub, encode, token_digest
from studpoker.server.hands import (
    LANGUAGES,
    FinishedHand,
    finished_hand,
    hand_histories,
    known_language,
)
from studpoker.server.headers import SecurityHeaders
from studpoker.server.health import health_router
from studpoker.server.limits import (
    LIMITS,
    AddressLimits,
    Backoff,
    Limiter,
    Limits,
    SessionLimits,
)
from studpoker.server.messages import (
    BALANCE_UNIT,
    AccountView,
    FullMessage,
    LobbyTable,
    ServerError,
)
from studpoker.server.metrics import LoopLag, RoomMetrics
from studpoker.server.metrics import refused as refused_by_limit
from studpoker.server.peers import Peers, account_data, account_of
from studpoker.server.protocol import (
    MAX_MESSAGE,
    VERSION,
    Act,
    Chat,
    Language,
    Lobby,
    Ping,
    Sit,
    SitIn,
    SitOut,
    Stand,
    StartCompetition,
    Text,
    TopUp,
    Unicode,
    Unwatch,
    Watch,
    encodable,
    message_id,
    read_message,
)
from studpoker.server.proxies import Network, ProxyHeaders, TrustedProxies
from studpoker.server.state import TableState
from studpoker.server.study_routes import StudyDesk
from studpoker.store import Account, Store
from studpoker.store.models import NAME_LENGTH
from studpoker.table.config import (
    CLOCK_MAX,
    CLOCK_MIN,
    TABLE_NAME_LENGTH,
    GameOption,
    Stake,
    table_name,
)

__all__ = ["create_app"]

log = logging.getLogger(__name__)
WEB = Path(__file__).resolve().parent.parent / "web"
# The WebSocket's subprotocol, and the prefix of the session token offered beside it.
SUBPROTOCOL = "studpoker"
BEARER = "bearer."
# A REST request's session token (None: no token, or not a bearer one).
Token = Annotated[str | None, Depends(SESSION)]


class _Body(BaseModel):
    """A REST request's JSON body, read as an answer can quote it (protocol.encodable):
    a lone surrogate (JSON spells one, ``"\\ud800"``) as U+FFFD, which :data:`Text`
    refuses, and ``NaN`` as ``"NaN"``, so that the 422 answer quoting them is JSON in
    UTF-8 rather than a server error."""

    @model_validator(mode="before")
    @classmethod
    def _encodable(cls, data: Any) -> Any:
        return encodable(data)


class Credentials(_Body):
    name: Annotated[str, Field(min_length=1, max_length=NAME_LENGTH), Unicode]
    password: Annotated[str, Field(min_length=1, max_length=PASSWORD_LENGTH), Unicode]


class NewAccount(Credentials):
    bot: bool = False


class NewPassword(_Body):
    """A one-time reset's token (from the operator's link) and the new password."""

    token: Annotated[str, Field(min_length=1, max_length=128)]
    password: Annotated[str, Field(min_length=1, max_length=PASSWORD_LENGTH), Unicode]


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


# A stake a player sets (the room takes the game's own: table.config.stake_names).
_StakeName = Annotated[str, Field(pattern=f"^({'|'.join(get_args(Stake))})$")]
_Stakes = Annotated[
    dict[_StakeName, Annotated[int, Field(strict=True, ge=0, le=STAKE_MAX)]],
    Field(json_schema_extra={"additionalProperties": False}),
]
# An option a player sets, on or off (the room takes the game's own: option_names).
_OptionName = Annotated[str, Field(pattern=f"^({'|'.join(get_args(GameOption))})$")]
_Options = Annotated[
    dict[_OptionName, Annotated[bool, Field(strict=True)]],
    Field(json_schema_extra={"additionalProperties": False}),
]


class NewTable(_Body):
    """A table a player opens, every number bounded as the room bounds it: seats for the
    game (R7.4; up to ten for Show Hand and Five-Card Stud), the clock (R8.1,
    table.config), stakes of at most a billion each (games.spec), the game's options
    on or off (``open_pair_double``, R2.7, R9.3)."""

    game: Text
    mode: Text = "practice"
    seats: Annotated[int, Field(strict=True, ge=MIN_SEATS, le=MAX_SEATS)] | None = None
    clock: Annotated[float, Field(ge=CLOCK_MIN, le=CLOCK_MAX, allow_inf_nan=False)] | None = None
    stakes: _Stakes | None = None
    options: _Options | None = None
    name: Annotated[
        str, Field(max_length=TABLE_NAME_LENGTH), Unicode, AfterValidator(table_name)
    ] = ""
    mix: Text | None = None
    """A mixed game (``triple_stud``: Seven Card Stud, Razz and Stud/8 in turn, an orbit
    each), opened with ``game`` ``seven_card_stud`` and its stakes."""
    level: Text | None = None
    """A practice table's computer players: ``easy``, ``normal``, ``hard`` or ``expert``
    (docs/bots.md; the room's by default)."""


class NewTournament(_Body):
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


# What the room may refuse of a new account and of a new table (room.names,
# room.passwords, Room.create_table, table.config), for their routes' documents.
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
NEW_TABLE = (
    "guests_practice_only",
    "bots_practice_only",
    "unknown_game",
    "unknown_mode",
    "unknown_mix",
    "unknown_level",
    "unknown_stakes",
    "invalid_stakes",
    "unknown_options",
    "seats_range",
    "clock_range",
    "table_name_characters",
    "table_name_length",
    "open_tables",
)


def account_dict(account: Account) -> AccountView:
    return {
        "id": account.id,
        "name": account.name,
        "balance": account.balance,
        "money_unit": BALANCE_UNIT,
        "guest": account.guest,
        "bot": account.bot,
        "role": "operator" if account.operator else "player",
    }


def create_app(
    room: Room | None = None,
    *,
    database: str = "sqlite:///stud.db",
    limits: Limits = LIMITS,
    redis: str | None = None,
    redis_prefix: str = "stud:",
    broker: Broker | None = None,
    free_chips: int = 0,
    free_chips_hours: float = 4.0,
    free_chips_per_address: int = 3,
    trusted_proxies: Sequence[Network | str] = (),
    metrics: bool = True,
    metrics_token: str | None = None,
    **room_options: Any,
) -> FastAPI:
    """The room's web application; ``room`` (or a room over ``database``) starts and
    stops with it; ``limits`` say how often a client may do what (docs/security.md).

    ``redis`` (a URL) makes this process one of several serving one room: the tables'
    leases are kept in Redis and the processes speak through it (server/peers.py),
    under names beginning with ``redis_prefix``;
    ``broker`` is the same for a room given with leases of its own (tests).

    ``free_chips`` a new account is given, and again on asking when it runs low, at most
    once every ``free_chips_hours`` and ``free_chips_per_address`` times a day an address
    (room/cashier.py; 0: only the operator adds money).  ``metrics``: Prometheus' at
    ``/metrics`` for an operator or the bearer ``metrics_token`` (server/metrics.py).

    ``trusted_proxies`` (addresses or networks) are the reverse proxies whose
    ``X-Forwarded-For`` / ``Forwarded`` headers give the client's address to every
    limit by address (server/proxies.py); anyone else's are ignored."""
    if redis is not None:
        leases = RedisLeases(check_redis_url(redis), prefix=redis_prefix)
        room_options.setdefault("leases", leases)
        broker = broker or RedisBroker(redis, prefix=redis_prefix)
    the_room = room if room is not None else Room(Store(database), **room_options)
    hub = Hub(the_room, limits)
    peers = None if broker is None else Peers(hub, broker, the_room.owner, _handle)
    operator = RoomOperator(the_room)  # the operator's actions, as this process's part
    operator.logged_out.append(hub.banned)
    operator.online = hub.online
    cashier = FreeChips(the_room.store, free_chips, free_chips_hours, free_chips_per_address)
    lag = LoopLag()
    measured = RoomMetrics(the_room, hub, lag) if metrics else None
    leases_of_redis = room_options.get("leases") if redis is not None else None
    failures = Backoff(limits.login_failures_free, limits.login_backoff_cap)
    new_tables = Limiter(limits.table_per_account)
    downloads = Limiter(limits.history_per_account)

    # -- what another process of the room asks of this one's tables (server/peers.py) --

    async def table_asked(args: dict[str, Any]) -> Any:
        try:
            return the_room.table(str(args["table"])).table.snapshot(None)
        except RoomError as error:
            raise refused(error) from None

    async def hand_asked(args: dict[str, Any]) -> Any:
        account = account_of(args["account"])
        return finished_hand(the_room, str(args["table"]), int(args["hand"]), args["lang"], account)

    async def seats_asked(args: dict[str, Any]) -> Any:
        account_id = int(args["account"])
        held = {table_id: the_room.seat_of(account_id, table_id) for table_id in the_room.tables}
        return {table_id: seat for table_id, seat in held.items() if seat is not None}

    async def tournament_asked(args: dict[str, Any]) -> Any:
        return await the_room.answer_tournament(args)

    async def ask_peer(peer: str, question: str, args: dict[str, Any]) -> Any:
        """The room's question to another process (a tournament's desk or tables):
        its refusal a RoomError, its silence a TimeoutError."""
        assert peers is not None
        try:
            return await peers.ask(peer, question, args)
        except Refusal as error:
            raise RoomError(error.detail, error.code, **error.params) from None
        except Busy:
            raise TimeoutError(f"process {peer} did not answer") from None

    if peers is not None:
        peers.questions.update(
            table=table_asked, hand=hand_asked, seats=seats_asked, tournament=tournament_asked
        )
        the_room.peer_ask = ask_peer
        the_room.peer_loads = peers.loads

    async def of_owner(table_id: str, question: str, args: dict[str, Any]) -> Any:
        """The answer of the process that runs ``table_id`` (not this one)."""
        assert peers is not None
        try:
            return await peers.ask_owner(table_id, question, args)
        except Busy as error:
            raise busy(error) from None

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await the_room.start()
        await operator.start()
        if measured is not None:
            lag.start()
        if peers is not None:
            await peers.start()
        lobby = asyncio.create_task(hub.run())
        try:
            yield
        finally:
            lobby.cancel()
            await lag.stop()
            await operator.stop()
            await the_room.stop()  # the clients see a hand cut short, and who left
            await hub.close()
            if peers is not None:
                await peers.stop()
            if redis is not None and broker is not None:  # made here: closed here
                await broker.close()
                await the_room.leases.close()

    app = FastAPI(
        title="studpoker card room",
        version=__version__,
        summary="Seven Card Stud, Stud Hi/Lo, Razz and Show Hand: accounts, tables, hands.",
        lifespan=lifespan,
    )
    # The client's files and the larger answers go compressed to a browser that asks
    # (the client's modules are 96 KB, 28 KB gzipped); the WebSocket is left alone.
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    app.add_middleware(SessionLimits, limits=limits)  # replays, statistics, imports by session
    app.add_middleware(AddressLimits, limits=limits)  # logins, accounts, guests by address
    app.add_middleware(SecurityHeaders)
    if trusted_proxies:  # outermost: every limit below sees the client a proxy names
        app.add_middleware(ProxyHeaders, proxies=TrustedProxies(trusted_proxies))
    app.state.room = the_room
    app.state.hub = hub
    app.state.operator = operator

    @app.exception_handler(HTTPException)
    async def refusal(_request: Request, error: HTTPException) -> Response:
        """Every refusal as a Problem: its English ``detail``, its ``code`` and
        ``params`` (answers.problem_body)."""
        if error.status_code in (204, 304):
            return Response(status_code=error.status_code, headers=error.headers)
        return JSONResponse(problem_body(error), error.status_code, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> Response:
        """FastAPI's 422, with the code ``malformed`` (answers.Invalid)."""
        body = {"detail": jsonable_encoder(error.errors()), "code": "malformed"}
        return JSONResponse(body, 422)

    async def current(token: Token) -> Account:
        account = await the_room.account(token)
        if account is None:
            raise Refusal("log in first: no valid session token", "login")
        return account

    # -- accounts ---------------------------------------------------------------------

    @app.post(
        "/api/accounts",
        status_code=201,
        tags=["accounts"],
        responses=problems("malformed", *NEW_ACCOUNT, "rate_limited", "busy"),
    )
    async def register(body: NewAccount, request: Request) -> Session:
        """Create an account (``bot``: a remote computer player's, for practice tables);
        the answer holds a session token.  A room that gives free chips gives the new
        account its first (room/cashier.py)."""
        try:
            account, token = await the_room.register(body.name, body.password, bot=body.bot)
        except RoomError as error:
            raise refused(error) from None
        except Busy as error:
            raise busy(error) from None
        if await cashier.first(account, client_address(request)) is not None:
            account = await the_room.fresh(account)
        return Session(token=token, account=account_dict(account))

    @app.post(
        "/api/password-reset",
        tags=["accounts"],
        responses=problems("reset_invalid", "password_too_short", "password_too_long", "busy"),
    )
    async def use_reset(body: NewPassword) -> Session:
        """Set one's password with the one-time link the operator gave (its token), and
        log in: every other session of the account ends."""
        try:
            account, token = await the_room.reset_password(body.token, body.password)
        except RoomError as error:
            raise refused(error) from None
        except Busy as error:
            raise busy(error) from None
        return Session(token=token, account=account_dict(account))

    @app.post(
        "/api/me/chips",
        tags=["accounts"],
        responses=problems("login", "guests_practice_only", *FREE_CHIPS, invalid=False),
    )
    async def get_chips(request: Request, account: Annotated[Account, Depends(current)]) -> Me:
        """Free chips ("Get chips"): in a room that gives them, to an account whose balance
        is below the smallest buy-in, once every few hours (``free_chips_wait`` says
        when again) and a few times a day from one address."""
        if account.guest:
            raise Refusal("guests play practice tables only: register for chips",
                          "guests_practice_only", {})  # fmt: skip
        try:
            await cashier.ask(account, client_address(request))
        except RoomError as error:
            headers = None
            if "retry_after" in error.params:
                headers = {"Retry-After": str(error.params["retry_after"])}
            raise Refusal(str(error), error.code, error.params, headers=headers) from None
        return await me(account)

    @app.post(
        "/api/sessions",
        tags=["accounts"],
        responses=problems("malformed", "wrong_password", "rate_limited", "busy"),
    )
    async def login(body: Credentials) -> Session:
        """Log in: a new session token.  Logins are limited by address, and a name
        with failed logins waits longer after each (docs/security.md)."""
        name = unicodedata.normalize("NFKC", body.name).strip().casefold()
        slow_down(failures.wait(name), "failed_logins")
        try:
            account, token = await the_room.login(body.name, body.password)
        except RoomError as error:
            failures.failed(name)
            raise refused(error) from None
        except Busy as error:
            raise busy(error) from None
        failures.succeeded(name)
        return Session(token=token, account=account_dict(account))

    @app.post(
        "/api/guests",
        status_code=201,
        tags=["accounts"],
        responses=problems("rate_limited", "no_guest_name", invalid=False),
    )
    async def guest() -> Session:
        """A guest's session: practice tables only."""
        try:
            account, token = await the_room.guest()
        except RoomError as error:  # no free name now: another try picks others
            raise Refusal(str(error), error.code, headers={"Retry-After": "1"}) from None
        return Session(token=token, account=account_dict(account))

    @app.delete("/api/sessions", status_code=204, tags=["accounts"], openapi_extra=OPTIONAL)
    async def logout(token: Token) -> None:
        """End the session of the token, if it has one (204 either way)."""
        if token:
            await the_room.logout(token)
            hub.logged_out(token)  # its open sockets can no longer play or chat

    @app.get("/api/me", tags=["accounts"], responses=problems("login", "no_account", invalid=False))
    async def me(account: Annotated[Account, Depends(current)]) -> Me:
        """The asker's account, its balance and the seats it holds."""
        try:
            fresh = await the_room.fresh(account)
        except RoomError as error:  # the account has gone since its session was read
            raise refused(error) from None
        held = await seats_asked({"account": account.id})
        if peers is not None:  # and at the tables the other processes run
            held.update(await peers.seats_of(account.id))
        seats: list[HeldSeat] = [{"table": t, "seat": held[t]} for t in sorted(held)]
        low = cashier.on and not fresh.guest and not fresh.bot and fresh.balance < LOW
        return {**account_dict(fresh), "seats": seats, "free_chips": cashier.chips if low else None}

    # -- the lobby --------------------------------------------------------------------

    @app.get("/api/games", tags=["lobby"])
    async def games() -> list[GameInfo]:
        """Every game's preset stakes, money unit, seats and buy-ins."""
        return game_infos()

    @app.get("/api/tables", tags=["lobby"], responses=problems())
    async def tables(game: str | None = None, mode: str | None = None) -> list[LobbyTable]:
        """Every table: id, game, mode, stakes, seated, seats, average_pot, hands_per_hour…"""
        return [
            t
            for t in hub.lobby_tables()
            if (game is None or t["game"] == game) and (mode is None or t["mode"] == mode)
        ]

    @app.post(
        "/api/tables",
        status_code=201,
        tags=["lobby"],
        responses=problems("malformed", "login", *NEW_TABLE, "rate_limited"),
    )
    async def create_table(
        body: NewTable, account: Annotated[Account, Depends(current)]
    ) -> LobbyTable:
        """Open a table of a mode the asker may play at (a guest: practice); a player
        has a few open at most, and opens a few every ten minutes (docs/security.md)."""
        slow_down(new_tables.take(str(account.id)), "tables")
        try:
            table_id = await the_room.create_table(
                body.game,
                body.mode,
                seats=body.seats,
                clock=body.clock,
                stakes=body.stakes,
                options=body.options,
                name=body.name,
                created_by=account,
                most=limits.tables_per_guest if account.guest else limits.tables_per_account,
                mix=body.mix,
                level=body.level,
            )
        except RoomError as error:
            raise refused(error) from None
        hub.lobby_changed(table_id)
        return cast(LobbyTable, the_room.lobby_entry(table_id))

    @app.get("/api/tables/{table_id}", tags=["lobby"], responses=problems("no_table", "busy"))
    async def table(table_id: str) -> TableState:
        """The table's state as an onlooker sees it, with the events of the hand."""
        if peers is not None and not the_room.runs(table_id):
            return cast(TableState, await of_owner(table_id, "table", {}))
        try:
            held = the_room.table(table_id)
        except RoomError as error:
            raise refused(error) from None
        return cast(TableState, held.table.snapshot(None))

    @app.get(
        "/api/tables/{table_id}/hands/{number}",
        tags=["hands"],
        responses=problems("unknown_language", "no_table", "no_hand", "busy"),
        openapi_extra=OPTIONAL,
    )
    async def table_hand(
        table_id: str, number: int, token: Token, lang: str = "en"
    ) -> FinishedHand:
        """A finished hand of the table (the last hand view, R5.8), one of its last 20,
        as the asker's seat saw it (an onlooker's without a token): shown cards, never a
        mucked one; ``lines`` are the dealer's lines of those events in ``lang`` (R5.7).
        An older hand is ``no_hand``: the hand histories have it."""
        account = await the_room.account(token)
        if peers is not None and not the_room.runs(table_id):
            known_language(lang)
            args = {"hand": number, "lang": lang, "account": account_data(account)}
            return cast(FinishedHand, await of_owner(table_id, "hand", args))
        return finished_hand(the_room, table_id, number, lang, account)

    # -- hands and ratings ------------------------------------------------------------

    @app.get(
        "/api/hands",
        response_class=Response,  # no media type of its own: its refusals are JSON
        tags=["hands"],
        responses=HAND_HISTORIES | problems("login", "rate_limited", "busy"),
    )
    async def hands(
        account: Annotated[Account, Depends(current)],
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
        table: str | None = None,
    ) -> PlainTextResponse:
        """The asker's hands as PokerStars hand histories, from their seat."""
        return await hand_histories(the_room, account, limit, table, downloads)

    @app.get("/api/leaderboard", tags=["ratings"], responses=problems("unknown_game"))
    async def leaderboard(
        game: str = "seven_card_stud", limit: Annotated[int, Query(ge=1, le=500)] = 50
    ) -> list[LeaderboardRow]:
        """The competition ratings of a game, the best first."""
        try:
            known_game(game)
        except RoomError as error:
            raise refused(error) from None
        rows = await asyncio.to_thread(the_room.store.leaderboard, game, limit=limit)
        return [
            {
                "name": row.name,
                "rating": round(row.rating),
                "rd": round(row.rd),
                "games": row.games,
                "provisional": row.provisional,
            }
            for row in rows
        ]

    @app.get(
        "/api/ratings/{name}", tags=["ratings"], responses=problems("unknown_game", "no_player")
    )
    async def ratings(name: str, game: str = "seven_card_stud") -> RatingHistory:
        """One player's rating history in a game."""
        try:
            known_game(game)
        except RoomError as error:
            raise refused(error) from None
        account = await asyncio.to_thread(the_room.store.account, name)
        if account is None:
            raise Refusal(f"no player {name!r}", "no_player", {"name": name})
        history = await asyncio.to_thread(the_room.store.rating_history, account.id, game)
        return {
            "name": account.name,
            "game": game,
            "history": [
                {
                    "at": change.at.isoformat(),
                    "rating": round(change.rating),
                    "rd": round(change.rd),
                }
                for change in history
            ],
        }

    # -- study (issue 18) ------------------------------------------------------------------

    app.state.study = study = StudyDesk(the_room, limits, current)
    app.include_router(study.router)

    # -- tournaments (issue 17) ---------------------------------------------------------

    @app.get(
        "/api/tournaments",
        tags=["tournaments"],
        responses=problems(invalid=False),
        openapi_extra=OPTIONAL,
    )
    async def tournaments(token: Token) -> list[TournamentInfo]:
        """Every tournament the room has open or running, and the last finished; with
        a token, the asker's entry and table in each."""
        account = await the_room.account(token)
        listed = await the_room.tournaments_now(account)
        return [cast(TournamentInfo, info | {"money_unit": BALANCE_UNIT}) for info in listed]

    async def tournament_of(tid: int, account: Account | None) -> TournamentInfo:
        try:
            info = await the_room.tournament_now(tid, account)
            return cast(TournamentInfo, info | {"money_unit": BALANCE_UNIT})
        except RoomError as error:
            raise refused(error) from None
        except Busy as error:
            raise busy(error) from None

    @app.get(
        "/api/tournaments/{tid}",
        tags=["tournaments"],
        responses=problems("no_tournament", "busy"),
        openapi_extra=OPTIONAL,
    )
    async def tournament(tid: int, token: Token) -> TournamentInfo:
        """A tournament: its structure, entries, prize pool and payouts; its level,
        time to the next, players left and average stack; with a token, the asker's
        own entry and table (where balancing or a broken table moved them)."""
        return await tournament_of(tid, await the_room.account(token))

    @app.post(
        "/api/tournaments",
        status_code=201,
        tags=["tournaments"],
        responses=problems(*NEW_TOURNAMENT, "rate_limited"),
    )
    async def create_tournament(
        body: NewTournament, account: Annotated[Account, Depends(current)]
    ) -> TournamentInfo:
        """Create a tournament (its creator is not entered by it)."""
        slow_down(new_tables.take(str(account.id)), "tables")
        if account.guest and not body.practice:
            raise Refusal("guests create practice tournaments only", "guests_practice_only", {})
        try:
            tid = await the_room.create_tournament(
                game=body.game, kind=body.kind, name=body.name, seats=body.seats,
                capacity=body.capacity, starts_at=body.starts_at, buy_in=body.buy_in,
                fee=body.fee, speed=body.speed, structure=body.structure,
                late_levels=body.late_levels, reentry=body.reentry, practice=body.practice,
                mix=body.mix, created_by=account,
            )  # fmt: skip
        except RoomError as error:
            raise refused(error) from None
        except Busy as error:
            raise busy(error) from None
        return await tournament_of(tid, account)

    @app.post(
        "/api/tournaments/{tid}/entry",
        tags=["tournaments"],
        responses=problems(*ENTRY, "busy"),
    )
    async def enter(tid: int, account: Annotated[Account, Depends(current)]) -> TournamentInfo:
        """Register: the buy-in and fee from the asker's balance (a sit-and-go starts
        when this fills it; a practice one is filled with computer players)."""
        try:
            await the_room.register_tournament(account, tid)
        except RoomError as error:
            raise refused(error) from None
        except Busy as error:
            raise busy(error) from None
        return await tournament_of(tid, account)

    @app.delete(
        "/api/tournaments/{tid}/entry",
        tags=["tournaments"],
        responses=problems(
            "login", "no_tournament", "tournament_started", "tournament_not_registered", "busy"
        ),
    )
    async def leave(tid: int, account: Annotated[Account, Depends(current)]) -> TournamentInfo:
        """Unregister before the start: the buy-in and fee back to the balance."""
        try:
            await the_room.unregister_tournament(account, tid)
        except RoomError as error:
            raise refused(error) from None
        except Busy as error:
            raise busy(error) from None
        return await tournament_of(tid, account)

    # -- the WebSocket ----------------------------------------------------------------

    @app.websocket("/ws")
    async def websocket(socket: WebSocket, lang: str = "en") -> None:
        """One client's socket.  Its session token comes in the subprotocol header
        (``Sec-WebSocket-Protocol: studpoker, bearer.TOKEN``), never in the URL, which
        servers and proxies log."""
        offered = list(socket.scope.get("subprotocols") or ())
        token = next((p[len(BEARER) :] for p in offered if p.startswith(BEARER)), None)
        where = socket.client.host if socket.client is not None else "unknown"
        await socket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
        if not hub.admit(where):
            refused_by_limit("sockets")
            most = limits.sockets_per_address
            refused_socket: FullMessage = {
                "type": "error",
                "id": None,
                "code": "too_many_sockets",
                "message": f"{most} sockets from one address at most: close one first",
                "params": {"maximum": most},
                "v": VERSION,
            }
            await socket.send_text(encode(refused_socket))
            await socket.close(1008, "too many sockets from this address")
            return
        found = await the_room.session(token)
        account, expires = (None, None) if found is None else found
        client = Client(
            account,
            next((known for known in LANGUAGES if known == lang), "en"),
            session=None if found is None or token is None else token_digest(token),
            expires=expires,
            address=where,
            write_now=socket.scope.get(WRITE_NOW),
        )
        hub.connect(client)
        client.send(
            {
                "type": "welcome",
                "protocol": VERSION,
                "account": None if account is None else account_dict(account),
                "lang": client.lang,
                "v": VERSION,
            }
        )
        if token and account is None:
            _error(client, None, "login", "the session token is not valid: log in again")
        if "token" in socket.query_params:
            _error(
                client,
                None,
                "login",
                "a session token in the URL is not read (logs keep URLs): send it in the "
                f"Sec-WebSocket-Protocol header as '{BEARER}TOKEN'",
            )
        if lang not in LANGUAGES:
            _error(
                client,
                None,
                "unknown_language",
                f"lang is one of {', '.join(LANGUAGES)}: using en",
                params={"value": lang, "allowed": list(LANGUAGES)},
            )
        client.send(hub.lobby())
        writer = asyncio.create_task(_write(socket, client))
        try:
            while True:
                received = await socket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                text = received.get("text")
                if text is None:  # a binary frame: read as UTF-8 text
                    try:
                        text = bytes(received.get("bytes") or b"").decode()
                    except UnicodeDecodeError:
                        _error(client, None, "malformed", "a message is JSON text in UTF-8")
                        continue
                if not _in_time(client, limits):
                    if client.refused > limits.refused_before_close:
                        client.close_with = (1008, "too many messages")
                        break  # the writer sends what is queued, then closes
                    continue
                try:
                    await _handle(hub, client, text)
                except Exception:  # never the room's own refusal: logged, the socket lives
                    log.exception("a client's message failed")
                    _error(client, None, "internal", "the room failed to do that; nothing changed")
                if client.too_slow:
                    break
        except WebSocketDisconnect:
            pass
        finally:
            hub.disconnect(client)
            client.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer

    app.include_router(admin_router(the_room, operator, register=_register(the_room)))
    redis_ping = None if leases_of_redis is None else leases_of_redis.ping
    app.include_router(
        health_router(the_room, measured, redis=redis_ping, metrics_token=metrics_token)
    )

    if WEB.is_dir() and (WEB / "index.html").is_file():
        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    else:

        @app.get("/", response_class=HTMLResponse, include_in_schema=False)
        async def home() -> str:
            return (
                "<!doctype html><title>studpoker</title><h1>studpoker card room</h1>"
                "<p>The API is at <a href='/docs'>/docs</a>.</p>"
            )

    return app


def client_address(request: Request) -> str:
    """The address a request came from (the client's, behind a trusted proxy)."""
    return request.client.host if request.client is not None else "unknown"


def _register(room: Room) -> Callable[[str, str], Awaitable[Account]]:
    async def register(name: str, password: str) -> Account:
        account, _token = await room.register(name, password)
        return account

    return register


async def _write(socket: WebSocket, client: Client) -> None:
    """Send the client's queued messages in order (Client.send writes at once when
    none waits), waiting while the socket is paused."""
    while True:
        message = await client.queue.get()
        if message is None:
            break
        try:
            if isinstance(message, str):
                await socket.send_text(message)
            else:
                await socket.send_text(encode(message))
        except Exception:
            client.dropped = True
            break
        finally:
            client.unsent -= 1
    if client.too_slow:
        client.close_with = (1008, "too slow: messages were not read")
    if client.close_with is not None:
        with contextlib.suppress(Exception):
            await socket.close(*client.close_with)


def _error(
    client: Client,
    ref: Any,
    code: str,
    message: str,
    *,
    params: dict[str, Any] | None = None,
    retry_after: float | None = None,
) -> None:
    """Refuse a message: its ``code``, and the ``params`` its sentence says when it has
    any (docs/protocol.md); ``retry_after`` seconds to wait, for a rate or a busy room."""
    error: dict[str, Any] = {"type": "error", "id": ref, "code": code, "message": message}
    if params:
        error["params"] = params
    if retry_after is not None:
        error["retry_after"] = retry_after
    error["v"] = VERSION
    # The room's errors carry their code and params as text and a dict: which code has
    # which params is messages.ServerError, checked against real traffic by the tests.
    client.send(cast(ServerError, error))


def _in_time(client: Client, limits: Limits) -> bool:
    """Whether a message the client sent now is within its rate; if not it is
    refused, with how long to wait."""
    assert client.messages is not None
    wait = client.messages.take("")
    if not wait:
        return True
    client.refused += 1
    refused_by_limit("messages")
    rate = limits.messages_per_socket
    after = round(wait, 3)
    _error(
        client,
        None,
        "rate_limited",
        f"too many messages ({rate.events} every {rate.seconds:g} s at most): "
        f"this one was not read; wait {wait:.1f} s",
        params={"what": "messages", "retry_after": after},
        retry_after=after,
    )
    return False


async def _handle(hub: Hub, client: Client, text: str) -> None:
    """One client message: done, or refused with an error that changes nothing."""
    room = hub.room
    size = len(text.encode(errors="surrogatepass"))
    if size > MAX_MESSAGE:
        _error(
            client,
            None,
            "too_large",
            f"a message is {MAX_MESSAGE} bytes at most",
            params={"maximum": MAX_MESSAGE, "length": size},
        )
        return
    try:
        message = read_message(text)
    except ValidationError as error:
        first = error.errors()[0] if error.errors() else {"msg": str(error)}
        where = ".".join(str(part) for part in first.get("loc", ()))
        said = f"{where}: {first['msg']}" if where else first["msg"]
        _error(client, message_id(text), "malformed", said)
        return
    except ValueError as error:  # protocol.MalformedMessage: not even parsed
        _error(client, None, "malformed", str(error))
        return
    ref = message.id
    account = client.signed_in()
    table_id = getattr(message, "table", None)
    peers = hub.peers
    if peers is not None and isinstance(table_id, str) and not room.runs(table_id):
        owner = None
        if not client.relayed:
            owner = peers.owner_of.get(table_id)
            if owner is None:  # opened elsewhere a moment ago, or between owners?
                owner = await peers.owner_soon(table_id)
        if owner is not None and not room.runs(table_id):
            # Run by another process: it answers (server/peers.py).
            peers.forward(client, owner, table_id, text, watch=not isinstance(message, Unwatch))
            return
        local = room.runs(table_id)
        if isinstance(message, Watch) and not local and peers.await_owner(client, table_id):
            return  # between owners: watched where it is run next
    try:
        match message:
            case Ping():
                client.send({"type": "pong", "id": ref, "v": VERSION})
            case Lobby():
                client.send(hub.lobby(ref))
            case Language(lang=lang):
                client.lang = lang
                if peers is not None:
                    peers.language(client)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case Watch(table=table_id):
                hub.watch(client, table_id, ref)
            case Unwatch(table=table_id):
                hub.unwatch(client, table_id)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case _ if account is None:
                _error(client, ref, "login", "log in or play as a guest first")
                return
            case Sit(table=table_id, seat=seat, buy_in=buy_in):
                number = await room.sit(account, table_id, seat=seat, buy_in=buy_in)
                client.send({"type": "ok", "id": ref, "seat": number, "v": VERSION})
                if table_id not in client.watching:
                    hub.watch(client, table_id)
            case Stand(table=table_id):
                await room.stand(account, table_id)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case SitOut(table=table_id):
                room.sit_out(account, table_id, True)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case SitIn(table=table_id):
                room.sit_out(account, table_id, False)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case TopUp(table=table_id, amount=amount):
                await room.top_up(account, table_id, amount)
                client.send({"type": "ok", "id": ref, "v": VERSION})
            case Act(table=table_id, seq=seq, action=action):
                hub.acted(table_id)
                room.act(account, table_id, action, seq)
            case Chat(table=table_id, text=said):
                wait = hub.chat_limit.take(str(account.id))
                if wait:
                    refused_by_limit("chat")
                    rate, after = hub.limits.chat_per_socket, round(wait, 3)
                    _error(
                        client,
                        ref,
                        "chat_limit",
                        f"{rate.events} chat lines every {rate.seconds:g} s at most: "
                        f"wait {wait:.1f} s",
                        params={
                            "lines": rate.events,
                            "seconds": rate.seconds,
                            "retry_after": after,
                        },
                        retry_after=after,
                    )
                    return
                room.say(account, table_id, said)
            case StartCompetition(table=table_id):
                number = await room.start_competition(account, table_id)
                client.send({"type": "ok", "id": ref, "competition": number, "v": VERSION})
    except RoomError as error:
        _error(client, ref, error.code, str(error), params=error.params)
    except Busy as error:
        after = error.retry_after
        params = {"what": error.what, "retry_after": after}
        _error(client, ref, "busy", str(error), params=params, retry_after=after)
