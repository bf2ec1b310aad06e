"""The lobby: the tables as it lists them, and a table opened with the choices a
player may make, played by a task of its own."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from studpoker.bots import LEVELS, bot
from studpoker.bots.thinking import Thinking
from studpoker.games import (
    DEALERS_CHOICE,
    DEALERS_CHOICE_GAMES,
    GAMES,
    MIXES,
    DealersChoice,
    GameSpec,
    Rotation,
    preset,
)
from studpoker.room.competitions import RoomCompetitions
from studpoker.room.errors import RoomError
from studpoker.room.ownership import Lease
from studpoker.room.privacy import Privacy
from studpoker.room.records import RoomRecords
from studpoker.room.seats import _may_play
from studpoker.room.state import log
from studpoker.room.tables import RoomTable
from studpoker.store import Account
from studpoker.table import MODES, Table, TableConfig, TableError, TableHooks, TableUpdate
from studpoker.table.config import chosen_clock, option_names, stake_names

__all__ = ["RoomLobby", "known_game"]

# The table's updates after which who sits where, or with what, may have changed.
_SEATING = frozenset(
    {"seat", "hand_ended", "competition_started", "competition_ended", "hand_cancelled"}
)


def _rotation(mix: str, game: str, seats: int, choice_hands: int | None = None) -> Rotation:
    """The mix ``mix`` at a table of ``game``'s stakes, a game an orbit (a hand a seat);
    dealer's choice ``choice_hands`` hands a choice (an orbit by default)."""
    if mix == DEALERS_CHOICE:
        if game not in DEALERS_CHOICE_GAMES:
            raise RoomError(
                f"dealer's choice deals {', '.join(DEALERS_CHOICE_GAMES)}: a table of "
                f"one of them, not of {game}",
                "unknown_mix",
                value=mix,
                allowed=list(MIXES),
            )
        hands = seats if choice_hands is None else choice_hands
        if not isinstance(hands, int) or isinstance(hands, bool) or not 1 <= hands <= 50:
            raise RoomError(
                f"a dealer's choice lasts 1 to 50 hands, not {hands!r}",
                "choice_hands_range",
                minimum=1,
                maximum=50,
            )
        return DealersChoice.of_table(game, hands=hands)
    if choice_hands is not None:
        raise RoomError("only dealer's choice has hands a choice", "malformed")
    if mix not in MIXES:
        raise RoomError(
            f"mix must be one of {', '.join(MIXES)}, not {mix!r}",
            "unknown_mix",
            value=str(mix),
            allowed=list(MIXES),
        )
    first = MIXES[mix][0]
    if game != first:
        raise RoomError(
            f"a {mix} table is opened with {first}'s stakes, not {game}'s",
            "unknown_mix",
            value=mix,
            allowed=list(MIXES),
        )
    return Rotation.of(mix, hands=seats)


def known_game(game: str) -> str:
    """``game`` if the room plays it, else a RoomError ``unknown_game`` naming those it
    plays (a table's game, a leaderboard's)."""
    if game not in GAMES:
        raise RoomError(
            f"game must be one of {', '.join(GAMES)}, not {game!r}",
            "unknown_game",
            value=game,
            allowed=list(GAMES),
        )
    return game


class RoomLobby(RoomCompetitions, RoomRecords):
    """A room's lobby and the tables it opens."""

    def lobby(self) -> list[dict[str, Any]]:
        """The tables, as ``GET /api/tables`` lists them."""
        return [
            self.lobby_entry(table_id)
            for table_id, room_table in self.tables.items()
            if room_table.tournament_id is None  # a tournament's are in its own lobby
        ]

    def lobby_entry(self, table_id: str) -> dict[str, Any]:
        """Table ``table_id`` as the lobby lists it."""
        room_table = self.table(table_id)
        info = room_table.table.info()
        info["id"] = table_id
        info["name"] = room_table.table.config.name or table_id
        info["clock"] = room_table.table.config.clock
        info["buy_in"] = [room_table.table.config.buy_in_min, room_table.table.config.buy_in_max]
        info["options"] = room_table.table.config.options
        info["competition"] = room_table.table.competition is not None
        info["mix"] = (
            None
            if room_table.table.config.rotation is None
            else room_table.table.config.rotation.name
        )
        # The computer players' level, where they play: a practice table (issue 19).
        config = room_table.table.config
        info["level"] = config.bot_level if config.mode == "practice" else None
        # A private table: its host and who may watch, never its invite (room/privacy.py).
        privacy = room_table.privacy
        info["private"] = privacy is not None
        info["host"] = None if privacy is None else privacy.host
        info["onlookers"] = "anyone" if privacy is None else privacy.onlookers
        info.update(self.waiting.entry(table_id))  # its waiting list (room/waiting.py)
        # Dealer's choice: the game of the block to come, and who chose it or chooses it.
        info["next_game"], info["chooser"] = None, None
        mix = room_table.table.mix_state()
        if mix is not None and "chooser" in mix:
            seat = (
                room_table.table.seats.get(mix["chooser"]) if mix["chooser"] is not None else None
            )
            info["next_game"] = mix["choice"]
            info["chooser"] = None if seat is None else seat.occupant.name
        return info

    async def create_table(
        self,
        game: str,
        mode: str,
        *,
        table_id: str | None = None,
        seats: int | None = None,
        clock: float | None = None,
        stakes: dict[str, int] | None = None,
        options: dict[str, bool] | None = None,
        name: str = "",
        created_by: Account | None = None,
        most: int | None = None,
        mix: str | None = None,
        level: str | None = None,
        private: bool = False,
        onlookers: str = "anyone",
        choice_hands: int | None = None,
    ) -> str:
        """Open a table of ``game`` (a preset, with ``stakes`` overriding its own) in
        ``mode`` and start playing it.  What a player chooses is bounded: the stakes are
        the game's own (at most ``STAKE_MAX`` each), the ``options`` too, each on or off
        (``open_pair_double``, R2.7, R9.3), the seats the game's (up to ten for Show Hand
        and Five-Card Stud), the clock 5 to 120 seconds, the name 40 visible characters
        (table.config), the computer players' ``level`` of a practice table one of
        bots.LEVELS (the room's by default); a player ``created_by`` opens tables of the
        modes they may play
        at (a guest practice tables only) and has ``most`` tables of their own open at
        once (docs/security.md).  A ``private`` table is its creator's, for those they
        invite; ``onlookers`` ``anyone`` or only the ``invited`` may watch it
        (room/privacy.py).  A refusal is a RoomError with its code:
        ``unknown_game``, ``unknown_options``, ``seats_range``, ``open_tables``…

        The room keeps the table (store.keep_table): opened with the same choices when
        the room starts again, with its players and its running hand (room/restore.py)."""
        choices: dict[str, Any] = {
            "game": game,
            "mode": mode,
            "seats": seats,
            "clock": clock,
            "stakes": stakes,
            "options": options,
            "name": name,
        }
        if mix is not None:  # kept only when given: a table kept before mixes reads as it was
            choices["mix"] = mix
        if level is not None:  # likewise
            choices["level"] = level
        if choice_hands is not None:
            choices["choice_hands"] = choice_hands
        if mix == DEALERS_CHOICE and not private:
            raise RoomError(
                "dealer's choice is a private table's: its players choose the games",
                "dealers_choice_private",
            )
        config = self._table_config(**choices)
        if created_by is not None:  # a table its player may not sit at is no use to them
            _may_play(created_by, mode)
        privacy = None
        if private:
            if created_by is None:
                raise RoomError("a private table is a player's, for their friends", "malformed")
            privacy = Privacy.new(created_by, onlookers)
            choices["private"] = privacy.choice()
        elif onlookers != "anyone":
            raise RoomError(
                "only a private table keeps onlookers out: anyone may watch the others",
                "unknown_onlookers",
                value=str(onlookers),
                allowed=["anyone"],
            )
        if created_by is not None and most is not None:
            made = sum(
                room_table.created_by == created_by.id for room_table in self.tables.values()
            )
            if made >= most:
                tables = "table" if made == 1 else "tables"
                who = "a guest" if created_by.guest else "a player"
                raise RoomError(
                    f"{created_by.name} already has {made} open {tables}: "
                    f"{who} may open {most} at most",
                    "open_tables",
                    name=created_by.name,
                    open=made,
                    most=most,
                )
        if table_id is None:
            table_id = f"{game}-{len(self.tables) + 1}-{secrets.token_hex(2)}"
        if table_id in self.tables:
            raise RoomError(
                f"there is already a table {table_id!r}", "table_exists", table=table_id
            )
        creator = None if created_by is None else created_by.id
        owned = await self.registry.own(table_id)
        if owned is None:
            raise RoomError(
                f"there is already a table {table_id!r}", "table_exists", table=table_id
            )
        try:
            await asyncio.to_thread(
                self.store.keep_table,
                table_id,
                json.dumps(choices),
                created_by=creator,
                fence=owned[1],
            )
            await self._open(table_id, config, creator, owned=owned, privacy=privacy)
        except BaseException:
            await self.leases.release(owned[0])
            raise
        return table_id

    def _table_config(
        self,
        *,
        game: str,
        mode: str,
        seats: int | None,
        clock: float | None,
        stakes: dict[str, int] | None,
        options: dict[str, bool] | None,
        name: str,
        mix: str | None = None,
        level: str | None = None,
        choice_hands: int | None = None,
    ) -> TableConfig:
        """The config of a table opened with these choices, or a RoomError saying which
        choice is refused."""
        known_game(game)
        if mode not in MODES:
            raise RoomError(
                f"mode must be one of {', '.join(MODES)}, not {mode!r}",
                "unknown_mode",
                value=mode,
                allowed=list(MODES),
            )
        if level is not None and level not in LEVELS:
            raise RoomError(
                f"the computer players' level is one of {', '.join(LEVELS)}, not {level!r}",
                "unknown_level",
                value=level,
                allowed=list(LEVELS),
            )
        if level is not None and mode != "practice":
            raise RoomError(
                "computer players play at practice tables only: a level is a practice "
                f"table's, not a {mode} table's",
                "unknown_level",
                value=level,
                allowed=list(LEVELS),
            )
        names = stake_names(game)
        others = [name for name in stakes or {} if name not in names]
        if others:
            raise RoomError(
                f"the stakes of a {game} table are {', '.join(names)}, "
                f"not {', '.join(map(repr, others))}",
                "unknown_stakes",
                game=game,
                stakes=others,
                allowed=list(names),
            )
        allowed = option_names(game)
        others = [name for name in options or {} if name not in allowed]
        if others:
            raise RoomError(
                f"the options of a {game} table are {', '.join(allowed) or 'none'}, "
                f"not {', '.join(map(repr, others))}",
                "unknown_options",
                game=game,
                options=others,
                allowed=list(allowed),
            )
        for option, value in (options or {}).items():
            if not isinstance(value, bool):
                raise RoomError(f"{option} is true or false, not {value!r}", "malformed")
        try:
            spec = preset(game, **(stakes or {}))
        except (TypeError, ValueError) as error:  # games.spec: the stakes do not go together
            raise RoomError(str(error), "invalid_stakes") from None
        if options:
            spec = spec.with_options(**options)
        seated = seats if isinstance(seats, int) and not isinstance(seats, bool) else None
        rotation = (
            None if mix is None else _rotation(mix, game, seated or spec.max_seats, choice_hands)
        )
        if mix == DEALERS_CHOICE and (seated or spec.max_seats) > 8:
            raise RoomError(
                "a dealer's choice table seats 8 at most: every game it deals must fit",
                "seats_range",
                game=game,
                minimum=2,
                maximum=8,
                seats=seated or spec.max_seats,
            )
        try:
            table_options: dict[str, Any] = {
                "clock": self.clock if clock is None else chosen_clock(clock),
                "time_bank": self.time_bank,
                "pause": self.pause,
                "competition_seconds": self.competition_seconds,
                "bot_level": self.bot_level if level is None else level,
                "name": name,
            }
            if seats is not None:
                table_options["seats"] = seats
            if rotation is not None:
                table_options["rotation"] = rotation
            return TableConfig(spec, mode, **table_options)
        except TableError as error:  # a player's choice: the seats, the clock, the name
            raise RoomError.of(error) from None
        except (TypeError, ValueError) as error:  # the room's own options
            raise RoomError(str(error), "internal") from None

    async def _open(
        self,
        table_id: str,
        config: TableConfig,
        created_by: int | None,
        restore: Callable[[Table, RoomTable], Awaitable[None]] | None = None,
        *,
        owned: tuple[Lease, int | None],
        privacy: Privacy | None = None,
    ) -> RoomTable:
        """Table ``table_id`` playing by ``config`` under this process's lease and
        fencing token (``owned``), its task started; ``restore`` puts its seats and
        running hand back first (room/restore.py)."""
        first = await asyncio.to_thread(self.store.last_hand_number, table_id) + 1
        rng = self._table_rng(table_id)
        table = Table(
            table_id,
            config,
            rng=rng,
            bot_factory=self._bot_factory(config.spec, rng, config.bot_level),
            hooks=TableHooks(
                on_hand_end=self._hand_ended,
                on_seat_left=self.cashier.seat_left,
                on_bust=self._busted,
                on_competition_end=self._competition_ended,
                check_books=self.cashier.check_books,
                on_deal=self._hand_dealt if self.journal else None,
                on_actions=self._actions_taken if self.journal else None,
            ),
            first_hand_number=first,
        )
        if config.mode == "chips":  # R6.8: a rollover left by the last run is still on the table
            table.rollover = await self.cashier.rollover(table_id)
        room_table = RoomTable(table, created_by, lease=owned[0], fence=owned[1], privacy=privacy)
        if restore is not None:
            await restore(table, room_table)
        if table_id in self.paused:  # by the operator, whichever process ran it then
            table.pause(True)
        table.listeners.append(self._relay)
        self.registry.add(table_id, room_table)
        if self._stopping:  # taken up as the room stops: handed over, no hand dealt here
            room_table.stop.set()
        room_table.task = asyncio.create_task(self._run(room_table), name=f"table {table_id}")
        return room_table

    def _table_rng(self, table_id: str) -> random.Random:
        """A table's decks: seeded by the room's seed and the table (tests), else the
        OS CSPRNG (R1.5)."""
        if self.seed is not None:
            return random.Random(f"{self.seed}/{table_id}")
        return secrets.SystemRandom()

    def _bot_factory(self, spec: GameSpec, rng: random.Random, level: str) -> Callable[[int], Any]:
        def make(seat: int) -> Any:
            seed = rng.getrandbits(64) if self.seed is not None else None
            return self.computer_player(spec, None if seed is None else random.Random(seed), level)

        return make

    def computer_player(
        self, spec: GameSpec | str, rng: random.Random | None, level: str | None = None
    ) -> Any:
        """A computer player of ``level`` (the room's by default), pausing like a
        person as the room says (``bot_think``); ``rng`` (seeded: tests) makes its
        choices and pauses reproducible, else they come from the OS CSPRNG (R1.5)."""
        player = bot(self.bot_level if level is None else level, spec, rng)
        if self.bot_think == 0:
            return player
        pauses = None if rng is None else random.Random(rng.getrandbits(64))
        return Thinking(player, pauses, scale=self.bot_think)

    async def _run(self, room_table: RoomTable) -> None:
        try:
            await room_table.table.run(room_table.stop)
        except asyncio.CancelledError:
            raise
        except Exception:  # a table that fails is logged and stops; the room goes on
            log.exception("table %s stopped", room_table.table.table_id)

    def _relay(self, update: TableUpdate) -> None:
        if self.registry.lapsed(update.table_id):  # woken after its lease: nothing stale is told
            self.drop_lapsed()
            return
        room_table = self.tables.get(update.table_id)
        # A tournament's seating is its director's, kept with each hand: not journaled.
        journaled = room_table is None or room_table.tournament_id is None
        if update.kind in _SEATING and self._journal is not None and journaled:
            self._seating_changed(update.table_id)
        if update.kind in _SEATING or update.kind == "closed":  # a seat may be free
            self.waiting.update(update.table_id)
        self._tell(update)
