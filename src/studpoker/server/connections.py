"""One WebSocket client: what it watches, and the messages it may see.

Every message a client gets is made for it alone from the table's view of its seat
(``hand.events_for(seat)``, ``table.snapshot(seat)``; an onlooker's when it is not
dealt in), so it never holds another player's down card before the showdown, nor a
mucked card (DESIGN.md idea 2).  Messages wait in a queue that one task writes to
the socket; a client that stops reading is dropped rather than let the room wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

from studpoker.room import Room
from studpoker.server.protocol import VERSION
from studpoker.store import Account
from studpoker.table import Table, TableUpdate
from studpoker.table.messages import dealer_lines
from studpoker.table.snapshot import event_dict

__all__ = ["Client", "Hub"]

log = logging.getLogger(__name__)

# Messages waiting for a client at most; past that the client is too slow and dropped.
QUEUE_LIMIT = 2000
# The lobby is sent again at most this often (seconds) while tables change.
LOBBY_EVERY = 1.0
# Updates after which the lobby changes (who sits where, hands played).
_LOBBY_CHANGES = frozenset({"seat", "hand_ended", "competition_started", "competition_ended"})


@dataclass(eq=False)
class _Watching:
    hand: int | None = None  # the hand the counts are for
    events: int = 0  # events of that hand sent
    lines: int = 0  # dealer lines of that hand sent


@dataclass(eq=False)
class Client:
    """A connected client: its account (None for an onlooker without one), its
    language, the tables it watches and its queue of messages to send."""

    account: Account | None
    lang: str = "en"
    watching: dict[str, _Watching] = field(default_factory=dict)
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    dropped: bool = False

    def send(self, message: dict[str, Any]) -> None:
        if self.dropped:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.dropped = True
            self.queue.put_nowait(None)
            return
        message.setdefault("v", VERSION)
        self.queue.put_nowait(message)


class Hub:
    """Every client of the room, and the table updates relayed to those watching."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.clients: set[Client] = set()
        self._by_table: dict[str, set[Client]] = {}
        self._lobby_changed = asyncio.Event()
        self._line_cache: dict[tuple[str, int | None, int | None, str], tuple[int, list[str]]] = {}
        room.listeners.append(self.table_changed)
        room.chat_listeners.append(self.chat)

    def connect(self, client: Client) -> None:
        self.clients.add(client)

    def disconnect(self, client: Client) -> None:
        self.clients.discard(client)
        for table_id in list(client.watching):
            self.unwatch(client, table_id)
        client.dropped = True

    def watch(self, client: Client, table_id: str) -> None:
        held = self.room.table(table_id)
        client.watching[table_id] = _Watching()
        self._by_table.setdefault(table_id, set()).add(client)
        self._send_state(client, held.table, full=True)
        for line in held.chat:
            client.send({"type": "chat", "table": table_id, "name": line.name, "text": line.text})

    def unwatch(self, client: Client, table_id: str) -> None:
        client.watching.pop(table_id, None)
        watchers = self._by_table.get(table_id)
        if watchers is not None:
            watchers.discard(client)

    def lobby(self) -> dict[str, Any]:
        return {"type": "lobby", "tables": self.room.lobby()}

    # -- relaying ---------------------------------------------------------------------

    async def run(self) -> None:
        """Send the lobby to every client when tables change, at most once a second."""
        while True:
            await self._lobby_changed.wait()
            self._lobby_changed.clear()
            message = self.lobby()
            for client in list(self.clients):
                client.send(dict(message))
            await asyncio.sleep(LOBBY_EVERY)

    def table_changed(self, update: TableUpdate) -> None:
        if update.kind in _LOBBY_CHANGES:
            self._lobby_changed.set()
        watchers = self._by_table.get(update.table_id)
        if not watchers:
            return
        table = self.room.tables[update.table_id].table
        for client in list(watchers):
            try:
                self._send_state(client, table, update=update)
            except Exception:  # one client's failure never stops the table
                log.exception("sending %s to a client failed", update.kind)

    def chat(self, table_id: str, line: Any) -> None:
        for client in list(self._by_table.get(table_id, ())):
            client.send({"type": "chat", "table": table_id, "name": line.name, "text": line.text})

    def _lines(
        self, table: Table, number: int | None, seen: int | None, lang: str, visible: list[Any]
    ) -> list[str]:
        """The dealer's lines of the events ``visible`` to engine seat ``seen``, made once
        for all the clients who see the same events in the same language."""
        key = (table.table_id, number, seen, lang)
        cached = self._line_cache.get(key)
        if cached is not None and cached[0] == len(visible):
            return cached[1]
        hand = table.current_hand
        assert hand is not None
        names = [
            table.seats[s].occupant.name if s in table.seats else f"Seat {s + 1}"
            for s in table.dealt
        ]
        lines = dealer_lines(visible, hand.spec, names, lang)
        if len(self._line_cache) > 4096:
            self._line_cache.clear()
        self._line_cache[key] = (len(visible), lines)
        return lines

    def _viewer(self, client: Client, table: Table) -> int | None:
        if client.account is None:
            return None
        return self.room.seat_of(client.account.id, table.table_id)

    def _send_state(
        self, client: Client, table: Table, *, update: TableUpdate | None = None, full: bool = False
    ) -> None:
        """The table's state as the client's seat sees it, with the events and dealer
        lines it has not had yet."""
        watching = client.watching.get(table.table_id)
        if watching is None:
            return
        seat = self._viewer(client, table)
        state = table.snapshot(seat, events=False)
        hand = table.current_hand
        events: list[dict[str, Any]] = []
        lines: list[str] = []
        number = table.hand_number
        if watching.hand != number:
            watching.hand, watching.events, watching.lines = number, 0, 0
        if hand is not None:
            dealt = table.dealt
            seen = dealt.index(seat) if seat in dealt else None
            visible = hand.events_for(seen)
            events = [event_dict(event, dealt) for event in visible[watching.events :]]
            watching.events = len(visible)
            names = [
                table.seats[s].occupant.name if s in table.seats else f"Seat {s + 1}" for s in dealt
            ]
            every_line = dealer_lines(visible, hand.spec, names, client.lang)
            lines = every_line[watching.lines :]
            watching.lines = len(every_line)
        message: dict[str, Any] = {
            "type": "table",
            "table": table.table_id,
            "change": "state" if update is None else update.kind,
            "state": state,
            "events": events,
            "lines": lines,
        }
        if update is not None and update.kind == "hand_ended" and update.completed is not None:
            message["result"] = {
                "hand": update.completed.number,
                "net": {str(k): v for k, v in update.completed.net.items()},
            }
        if full or update is None or events or lines or update.kind != "event":
            client.send(message)

    async def close(self) -> None:
        for client in list(self.clients):
            with contextlib.suppress(Exception):
                client.queue.put_nowait(None)
