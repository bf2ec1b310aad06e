"""The lobby's routes: the games and their presets, the tables (listed, opened) and a
table's state as an onlooker sees it."""

from functools import cache
from typing import Annotated, cast, get_args

from fastapi import APIRouter
from pydantic import AfterValidator, Field, StrictBool
from typing_extensions import TypedDict

from studpoker.games.spec import MAX_SEATS, MIN_SEATS, STAKE_MAX
from studpoker.server.answers import (
    OPTIONAL,
    Asker,
    GameInfo,
    Token,
    game_infos,
    problems,
    slow_down,
)
from studpoker.server.messages import LobbyTable
from studpoker.server.peers import account_data
from studpoker.server.protocol import Text, Unicode
from studpoker.server.routes import AppServices, Body
from studpoker.server.state import TableState
from studpoker.table.config import (
    CLOCK_MAX,
    CLOCK_MIN,
    TABLE_NAME_LENGTH,
    GameOption,
    Stake,
    table_name,
)

__all__ = ["lobby_router"]

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


class NewTable(Body):
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
    private: StrictBool = False
    """A private table, for friends: only those with its invite (its link) may sit."""
    onlookers: Text = "anyone"
    """Who may watch a private table: ``anyone`` or only the ``invited``."""
    choice_hands: Annotated[int, Field(strict=True, ge=1, le=50)] | None = None
    """Dealer's choice (``mix`` ``dealers_choice``, a private table's): the hands each
    choice lasts (an orbit, a hand a seat, by default)."""


class NewTableAnswer(LobbyTable):
    """The table opened; a private one's ``invite``, for its host to share (its link:
    ``/?table=ID&invite=INVITE``)."""

    invite: str | None


class Invite(TypedDict):
    """A private table's invite, for its host (``/?table=ID&invite=INVITE``)."""

    table: str
    invite: str


class Closed(TypedDict):
    """A table its host closed: it deals no new hand, everyone seated is paid out (at
    once between hands; once the hand under way is played out, ``closed`` false)."""

    table: str
    people: int
    """The people paid out, or to be paid out."""
    closed: bool
    """Closed already (between hands), or once the hand under way ends."""


# What the room may refuse of a new table (Room.create_table, table.config), for its
# route's document.
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
    "unknown_onlookers",
    "choice_hands_range",
    "dealers_choice_private",
)


@cache
def lobby_router() -> APIRouter:
    """The lobby's routes (built once a process; a table another process runs is asked
    of it); an account opens a few tables at a time (``Services.new_tables``)."""
    router = APIRouter(tags=["lobby"])

    @router.get("/api/games")
    async def games() -> list[GameInfo]:
        """Every game's preset stakes, money unit, seats and buy-ins."""
        return game_infos()

    @router.get("/api/tables", responses=problems())
    async def tables(
        app: AppServices, game: str | None = None, mode: str | None = None
    ) -> list[LobbyTable]:
        """Every table: id, game, mode, stakes, seated, seats, average_pot, hands_per_hour…"""
        return [
            t
            for t in app.hub.lobby_tables()
            if (game is None or t["game"] == game) and (mode is None or t["mode"] == mode)
        ]

    @router.post(
        "/api/tables",
        status_code=201,
        responses=problems("malformed", "login", *NEW_TABLE, "rate_limited"),
    )
    async def create_table(body: NewTable, account: Asker, app: AppServices) -> NewTableAnswer:
        """Open a table of a mode the asker may play at (a guest: practice); a player
        has a few open at most, and opens a few every ten minutes (docs/security.md)."""
        slow_down(app.new_tables.take(str(account.id)), "tables")
        limits = app.limits
        table_id = await app.room.create_table(
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
            private=body.private,
            onlookers=body.onlookers,
            choice_hands=body.choice_hands,
        )
        app.hub.lobby_changed(table_id)
        entry = app.room.lobby_entry(table_id)
        invite = app.room.invite_of(account, table_id) if body.private else None
        return cast(NewTableAnswer, {**entry, "invite": invite})

    @router.get(
        "/api/tables/{table_id}",
        responses=problems("no_table", "invite_only", "busy"),
        openapi_extra=OPTIONAL,
    )
    async def table(
        table_id: str,
        app: AppServices,
        token: Token,
        invite: Annotated[str, Field(max_length=64)] | None = None,
    ) -> TableState:
        """The table's state as an onlooker sees it, with the events of the hand; a
        private table its host shows only to the invited asks for the ``invite`` (or
        the session of one let in)."""
        account = await app.room.account(token)
        if app.peers is not None and not app.room.runs(table_id):
            args = {"account": account_data(account), "invite": invite}
            return cast(TableState, await app.peers.ask_owner(table_id, "table", args))
        app.room.check_watch(account, table_id, invite)
        return cast(TableState, app.room.table(table_id).table.snapshot(None))

    @router.get(
        "/api/tables/{table_id}/invite",
        responses=problems("login", "no_table", "not_host", "busy"),
    )
    async def invite_of(table_id: str, account: Asker, app: AppServices) -> Invite:
        """A private table's invite, for its host alone."""
        if app.peers is not None and not app.room.runs(table_id):
            args = {"account": account_data(account)}
            return cast(Invite, await app.peers.ask_owner(table_id, "invite", args))
        return {"table": table_id, "invite": app.room.invite_of(account, table_id)}

    @router.post(
        "/api/tables/{table_id}/close",
        responses=problems("login", "no_table", "not_host", "tournament_table", "busy"),
    )
    async def close(table_id: str, account: Asker, app: AppServices) -> Closed:
        """A private table's host closes it: the hand under way is played to its end,
        then everyone seated is paid out, as when the operator closes a table."""
        if app.peers is not None and not app.room.runs(table_id):
            args = {"account": account_data(account)}
            return cast(Closed, await app.peers.ask_owner(table_id, "close", args))
        return cast(Closed, await app.room.close_private(account, table_id))

    return router
