"""The operator's actions carried out by a running room (docs/operating.md).

An operator acts through the store — ``stud admin`` at a console, the REST API or the
Admin page — in one transaction with its line in the admin log (store/operators.py).
What a running room must then do is read from that log by every process of the room,
so that the console, the browser and a room of several processes take one path:

* a ban logs out the account's sockets and stands its seats at the end of their hands,
  paying them out; a mute or unmute holds at once for chat; a message to every table is
  said at each; a pause or resume is known to every process (whichever runs the table,
  now or after a failover);
* an action at one table (close it, pause or resume it, remove a seat, say something
  there) is carried out by the process that runs the table, which marks it done with
  its result — once, whichever process reads it first.

Each process reads the lines after the last it read every :data:`POLL` seconds, and at
once when it wrote one itself (:meth:`RoomOperator.wake`).  Every few seconds it also
writes who it has online (for "who is online" from any process or the console).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from studpoker.room.errors import RoomError
from studpoker.room.tasks import stop_task
from studpoker.store import Account, AdminAction

if TYPE_CHECKING:
    from studpoker.room import Room

__all__ = ["POLL", "PRESENCE_EVERY", "TABLE_ACTIONS", "Outcome", "RoomOperator", "outcome_of"]

log = logging.getLogger("studpoker.room.operator")

POLL = 1.0
"""Seconds between two reads of the admin log by a process of the room."""
PRESENCE_EVERY = 5.0
"""Seconds between two writes of who a process has online."""
TABLE_ACTIONS = ("close", "pause", "resume", "remove_seat", "message", "cancel_tournament")
"""The actions the process that runs a table (or directs a tournament) carries out."""
_UNSET = object()

OnlineList = Callable[[], list[dict[str, Any]]]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the room did of an action at a table: a ``code`` and its ``params`` (a page
    writes them in its reader's language) and ``text``, the English sentence (the
    console's).  Kept in the admin log's line as JSON (:func:`outcome_of` reads it)."""

    code: str
    text: str
    params: dict[str, Any] = field(default_factory=dict)

    def stored(self) -> str:
        return json.dumps({"code": self.code, "text": self.text, "params": self.params},
                          ensure_ascii=False, sort_keys=True)  # fmt: skip


def outcome_of(result: str | None) -> Outcome | None:
    """The outcome an admin log's line keeps (None: not carried out yet)."""
    if result is None:
        return None
    try:
        data = json.loads(result)
        return Outcome(str(data["code"]), str(data["text"]), dict(data.get("params") or {}))
    except (ValueError, KeyError, TypeError):  # a sentence alone
        return Outcome("done", result)


class RoomOperator:
    """The operator's side of one process of ``room``: reads the admin log and carries
    out what it says.  ``logged_out`` are told an account's id when it is banned (the
    server logs its sockets out); ``online`` says who this process has online."""

    def __init__(
        self, room: Room, *, poll: float = POLL, presence_every: float = PRESENCE_EVERY
    ) -> None:
        self.room = room
        self.poll = poll
        self.presence_every = presence_every
        self.logged_out: list[Callable[[int], None]] = []
        self.online: OnlineList | None = None
        self._muted: dict[int, datetime | None] = {}
        self._last = 0
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._doing: dict[int, asyncio.Task[None]] = {}
        self._started_at = datetime.now(UTC)
        self._presence_at = 0.0
        self._reading = asyncio.Lock()

    # -- running -------------------------------------------------------------------------

    async def start(self) -> None:
        """Read from the log's end (what was done before the room started is in the
        store already: bans, mutes, paused tables), and carry out the table actions
        still waiting."""
        store = self.room.store
        self._last = await asyncio.to_thread(store.last_action)
        self._muted = dict(await asyncio.to_thread(store.muted_accounts))
        self.room.chat.muted = self.muted_until
        self._started_at = datetime.now(UTC)
        await self.read()
        self._task = asyncio.create_task(self._run(), name="the operator's actions")

    async def stop(self) -> None:
        if self._task is not None:
            await stop_task(self._task)
            self._task = None
        for task in list(self._doing.values()):
            await stop_task(task)
        self._doing.clear()
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.room.store.drop_presence, self.room.owner)

    def wake(self) -> None:
        """This process wrote an action: read the log now."""
        self._wake.set()

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll)
            self._wake.clear()
            try:
                await self.read()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database away a moment: read again next time
                log.exception("reading the admin log failed")

    async def read(self) -> None:
        """Carry out the log's new lines and the table actions this process can."""
        async with self._reading:
            store = self.room.store
            for action in await asyncio.to_thread(store.actions_after, self._last):
                self._last = action.id
                try:
                    await self._everywhere(action)
                except Exception:
                    log.exception("the operator's action %d (%s) failed", action.id, action.action)
            for action in await asyncio.to_thread(store.waiting_actions):
                if action.id in self._doing or not self._mine(action):
                    continue
                task = asyncio.create_task(self._at_table(action), name=f"action {action.id}")
                self._doing[action.id] = task
                task.add_done_callback(self._done(action.id))
            await self._write_presence()

    def _done(self, action_id: int) -> Callable[[asyncio.Task[None]], None]:
        def forget(_task: asyncio.Task[None]) -> None:
            self._doing.pop(action_id, None)

        return forget

    def _mine(self, action: AdminAction) -> bool:
        """Whether this process carries out ``action``: it runs the table, or directs
        the tournament, the action is for."""
        if action.action == "cancel_tournament":
            return self.room.directs(int(json.loads(action.details)["tournament"]))
        return action.table_id is not None and self.room.runs(action.table_id)

    async def result(self, action_id: int, timeout: float) -> AdminAction | None:
        """Action ``action_id`` once a process has carried it out, or None after
        ``timeout`` seconds (it is still to be done: a hand to end, a table whose
        process is away)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self.wake()
            action = await asyncio.to_thread(self.room.store.admin_action, action_id)
            if action is not None and action.done_at is not None:
                return action
            if loop.time() >= deadline:
                return None
            await asyncio.sleep(min(0.05, max(deadline - loop.time(), 0)))

    def muted_until(self, account: Account) -> datetime | None:
        """Until when ``account`` may not chat, as the log says now."""
        until = self._muted.get(account.id, _UNSET)
        return account.muted_until if until is _UNSET else until  # type: ignore[return-value]

    # -- carrying out ----------------------------------------------------------------------

    async def _everywhere(self, action: AdminAction) -> None:
        """What every process does of ``action``."""
        details = json.loads(action.details or "{}")
        match action.action:
            case "ban":
                account = int(details["account"])
                for told in list(self.logged_out):
                    told(account)
                await self._stand_everywhere(account)
            case "mute" | "unmute":
                until = details.get("until")
                self._muted[int(details["account"])] = (
                    None if until is None else datetime.fromisoformat(until)
                )
            case "pause":
                self.room.paused.add(action.target)
            case "resume":
                self.room.paused.discard(action.target)
            case "message_all":
                for table_id in list(self.room.tables):
                    with contextlib.suppress(RoomError):
                        self.room.announce(table_id, str(details["text"]))
            case _:
                pass

    async def _stand_everywhere(self, account: int) -> None:
        """A banned account's seats here stand at the end of their hands, paid out (a
        tournament's seat stays its director's: the player is blinded away, R8.4)."""
        for table_id in list(self.room.tables):
            number = self.room.seat_of(account, table_id)
            if number is None:
                continue
            try:
                await self.room.remove_seat(table_id, number)
            except RoomError as error:
                log.info("a banned account's seat %d of %s stays: %s", number, table_id, error)

    async def _at_table(self, action: AdminAction) -> None:
        try:
            outcome = await self._table_action(action)
        except RoomError as error:
            outcome = Outcome("refused", f"refused: {error}", {"code": error.code, **error.params})
        except Exception as error:
            log.exception("the operator's action %d at %s failed", action.id, action.table_id)
            outcome = Outcome("failed", f"failed: {error}")
        await asyncio.to_thread(self.room.store.finish_action, action.id, outcome.stored())
        log.info("the operator's %s at %s: %s", action.action, action.table_id, outcome.text)

    async def _table_action(self, action: AdminAction) -> Outcome:
        table_id = str(action.table_id)
        details = json.loads(action.details or "{}")
        room = self.room
        match action.action:
            case "close":
                reason = f": {action.reason}" if action.reason else ""
                with contextlib.suppress(RoomError):
                    room.announce(table_id, f"This table closes at the end of the hand{reason}.")
                people = await room.close_table(table_id)
                said = f"closed; {people} {'person' if people == 1 else 'people'} paid out"
                return Outcome("closed", said, {"people": people})
            case "pause":
                await asyncio.to_thread(room.store.set_table_paused, table_id, True)
                room.paused.add(table_id)
                room.table(table_id).table.pause(True)
                return Outcome("paused", "paused: no hand is dealt until resumed")
            case "resume":
                await asyncio.to_thread(room.store.set_table_paused, table_id, False)
                room.paused.discard(table_id)
                room.table(table_id).table.pause(False)
                return Outcome("resumed", "resumed")
            case "remove_seat":
                seat = int(details["seat"])
                name = await room.remove_seat(table_id, seat)
                said = f"{name} leaves seat {seat} (at the end of the hand if in one)"
                return Outcome("seat_removed", said, {"name": name, "seat": seat})
            case "message":
                room.announce(table_id, str(details["text"]))
                return Outcome("said", "said")
            case "cancel_tournament":
                tid = int(details["tournament"])
                said = await room.cancel_tournament(tid, action.reason)
                return Outcome("tournament_cancelled", said, {"tournament": tid})
        raise RoomError(f"no such table action: {action.action}", "malformed")

    # -- who is online -----------------------------------------------------------------

    async def _write_presence(self, *, now: bool = False) -> None:
        loop = asyncio.get_running_loop()
        if self.online is None or (not now and loop.time() < self._presence_at):
            return
        self._presence_at = loop.time() + self.presence_every
        text = json.dumps(self.online(), ensure_ascii=False, sort_keys=True)
        await asyncio.to_thread(
            self.room.store.write_presence, self.room.owner, self._started_at, text
        )

    async def who_is_online(self) -> list[dict[str, Any]]:
        """Everyone online in every process of the room (this one's as of now), each
        with the process that holds their sockets."""
        await self._write_presence(now=True)
        found = await asyncio.to_thread(self.room.store.presence)
        people: list[dict[str, Any]] = []
        for process in found:
            for person in json.loads(process.online):
                people.append({**person, "process": process.owner})
        return sorted(people, key=lambda person: (str(person.get("name")), person["process"]))
