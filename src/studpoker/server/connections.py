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
import hashlib
import json
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

from studpoker.engine import StreetStarted
from studpoker.hands.best import best_hand_names
from studpoker.room import ChatLine, Room
from studpoker.server.limits import LIMITS, Limiter, Limits
from studpoker.server.messages import (
    ChatMessage,
    LobbyTable,
    PatchOp,
    ServerMessage,
    TableMessage,
)
from studpoker.server.patch import diff
from studpoker.server.protocol import VERSION, Lang
from studpoker.server.state import Change, HandEvent, LegalOption, TableState
from studpoker.store import Account
from studpoker.table import RemotePlayer, Table, TableUpdate
from studpoker.table.messages import cancelled_line, dealer_lines
from studpoker.table.snapshot import event_dict, legal_dict, plain

__all__ = ["Client", "Hub"]

log = logging.getLogger(__name__)

# Messages waiting for a client at most; past that the client is too slow and dropped.
QUEUE_LIMIT = 2000
# Seconds at most that a table's events wait to be sent together (computer players).
FLUSH_AFTER = 0.005
# The lobby is sent again at most this often (seconds) while tables change.
LOBBY_EVERY = 1.0
# Updates after which the lobby changes (who sits where, hands played).
_LOBBY_CHANGES = frozenset(
    {"seat", "hand_ended", "competition_started", "competition_ended", "halted"}
)


@dataclass(eq=False)
class _Watching:
    hand: int | None = None  # the hand the counts are for
    events: int = 0  # events of that hand sent
    lines: int = 0  # dealer lines of that hand sent
    state: TableState | None = None  # the state last sent: the next message patches it


def token_digest(token: str) -> str:
    """How the hub knows a session's sockets without keeping the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Client:
    """A connected client: its account (None for an onlooker without one) and until
    when its session holds, its language, the tables it watches and its queue of
    messages to send."""

    account: Account | None
    lang: Lang = "en"
    session: str | None = None  # the digest of its session token
    expires: datetime | None = None
    address: str = "unknown"
    messages: Limiter | None = None  # how often it may send (limits.py)
    refused: int = 0  # messages refused for coming too fast
    close_with: tuple[int, str] | None = None  # the close code and reason, once closing
    watching: dict[str, _Watching] = field(default_factory=dict)
    queue: asyncio.Queue[ServerMessage | str | None] = field(default_factory=asyncio.Queue)
    dropped: bool = False
    too_slow: bool = False
    present: int | None = None  # the account counted as connected by this socket (R8.3)

    def send(self, message: ServerMessage | str) -> None:
        """Queue ``message`` for the socket: a message (messages.py), or one already
        encoded as JSON text (one encoding shared by many clients)."""
        if self.dropped:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.dropped = self.too_slow = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(message)

    def signed_in(self) -> Account | None:
        """The account, while its session holds: at its expiry the socket is logged
        out (it may still watch) and told so."""
        expires = self.expires
        if self.account is not None and expires is not None and datetime.now(UTC) >= expires:
            self.log_out("the session has expired: log in again")
        return self.account

    def log_out(self, why: str) -> None:
        self.account, self.session, self.expires = None, None, None
        self.send({"type": "logged_out", "message": why, "v": VERSION})


def seat_state(public: TableState, table: Table, seat: int | None) -> TableState:
    """``table.snapshot(seat, events=False)`` made from the onlooker's snapshot
    ``public``: what a seat sees beyond an onlooker is its own down cards and its
    legal actions.  (Made once a table and patched a seat, for speed; a test checks
    that it equals the seat's snapshot.)"""
    if seat is None:
        return public
    state = public.copy()
    state["viewer"] = seat
    hand = table.current_hand
    mine = table.engine_seat_of(seat)
    public_hand = public["hand"]
    if hand is not None and mine is not None and public_hand is not None:
        view = public_hand.copy()
        players = list(view["players"])
        for index, player in enumerate(players):
            if player["seat"] == seat:
                player = player.copy()
                down = tuple(hand.down[mine])
                player["down_cards"] = plain(down)
                # the seat knows its own cards: its best hand is named (R4.5)
                names = best_hand_names(hand.spec.game, (*down, *hand.up[mine], *hand.community))
                player["best"] = cast("dict[Lang, str] | None", names)
                players[index] = player
        view["players"] = players
        view["legal_actions"] = _legal(hand.legal_actions()) if hand.actor == mine else []
        state["hand"] = view
    turn = table.turn
    public_turn = public["turn"]
    if turn is not None and turn.seat == seat and public_turn is not None:
        mine_now = public_turn.copy()
        mine_now["legal_actions"] = _legal(turn.legal_actions)
        state["turn"] = mine_now
    return state


def _legal(options: Any) -> list[LegalOption]:
    return cast("list[LegalOption]", [legal_dict(option) for option in options])


def _chat(table_id: str, line: ChatLine) -> ChatMessage:
    return {
        "type": "chat",
        "table": table_id,
        "name": line.name or "",
        "text": line.text,
        "v": VERSION,
    }


def _snapshot(table: Table) -> TableState:
    """The onlooker's snapshot without events, as the wire's :class:`TableState` (its
    shape is checked against real traffic by tests/server/test_schema.py)."""
    return cast(TableState, table.snapshot(None, events=False))


class Hub:
    """Every client of the room, and the table updates relayed to those watching."""

    def __init__(self, room: Room, limits: Limits = LIMITS) -> None:
        self.room = room
        self.limits = limits
        self.clients: set[Client] = set()
        self._addresses: dict[str, int] = {}  # open sockets by address
        self._sockets: dict[int, int] = {}  # open signed-in sockets by account (R8.3)
        self.chat_limit = Limiter(limits.chat_per_socket)  # by account
        self._by_table: dict[str, set[Client]] = {}
        self._lobby_changed = asyncio.Event()
        # The lobby kept up to date a table at a time, and its message encoded once for
        # every client that is sent it until a table changes again.
        self._lobby_entries: dict[str, LobbyTable] = {}
        self._lobby_stale: set[str] = set(room.tables)
        self._lobby_text: str | None = None
        self._pending: dict[str, Change] = {}  # tables with changes not yet sent, and of what kind
        self._flush_soon = False
        # (table, hand, language) -> (events read, where the last street began, the lines
        # before it, every line)
        self._line_cache: dict[
            tuple[str, int | None, str], tuple[int, int, list[str], list[str]]
        ] = {}
        room.listeners.append(self.table_changed)
        room.chat_listeners.append(self.chat)

    def admit(self, address: str) -> bool:
        """Whether another socket from ``address`` may open (``sockets_per_address``)."""
        return self._addresses.get(address, 0) < self.limits.sockets_per_address

    def connect(self, client: Client) -> None:
        self.clients.add(client)
        self._addresses[client.address] = self._addresses.get(client.address, 0) + 1
        if client.account is not None:
            account = client.present = client.account.id
            self._sockets[account] = self._sockets.get(account, 0) + 1
            if self._sockets[account] == 1:
                self.room.connected(account)
        client.messages = Limiter(self.limits.messages_per_socket, most_keys=1)

    def disconnect(self, client: Client) -> None:
        if client in self.clients:
            self.clients.discard(client)
            left = self._addresses.get(client.address, 1) - 1
            if left > 0:
                self._addresses[client.address] = left
            else:
                self._addresses.pop(client.address, None)
        for table_id in list(client.watching):
            self.unwatch(client, table_id)
        client.dropped = True
        self._absent(client)

    def _absent(self, client: Client) -> None:
        """The socket no longer speaks for its account: when it was the account's
        last, the room is told that the account's connection is gone (R8.3)."""
        account, client.present = client.present, None
        if account is None:
            return
        left = self._sockets.get(account, 1) - 1
        if left > 0:
            self._sockets[account] = left
        else:
            self._sockets.pop(account, None)
            self.room.disconnected(account)

    def logged_out(self, token: str) -> None:
        """The session of ``token`` has ended: its open sockets are told, and can no
        longer sit, play or chat (they may still watch)."""
        digest = token_digest(token)
        for client in list(self.clients):
            if client.session == digest:
                client.log_out("logged out")
                self._absent(client)

    def watch(self, client: Client, table_id: str, ref: Any = None) -> None:
        held = self.room.table(table_id)
        client.watching[table_id] = _Watching()
        self._by_table.setdefault(table_id, set()).add(client)
        self._send_state(client, held.table, full=True, ref=ref)
        for line in held.chat:
            client.send(_chat(table_id, line))

    def unwatch(self, client: Client, table_id: str) -> None:
        client.watching.pop(table_id, None)
        watchers = self._by_table.get(table_id)
        if watchers is not None:
            watchers.discard(client)

    def lobby_tables(self) -> list[LobbyTable]:
        """The lobby's tables (``GET /api/tables``): only those that changed since it
        was last asked for are read again."""
        tables = self.room.tables
        if self._lobby_stale:
            for table_id in self._lobby_stale:
                if table_id in tables:
                    self._lobby_entries[table_id] = self._lobby_entry(table_id)
                else:
                    self._lobby_entries.pop(table_id, None)
            self._lobby_stale.clear()
            self._lobby_text = None
        missing = [t for t in tables if t not in self._lobby_entries]
        for table_id in missing:  # opened without a word to the hub
            self._lobby_entries[table_id] = self._lobby_entry(table_id)
            self._lobby_text = None
        return [self._lobby_entries[t] for t in tables]

    def _lobby_entry(self, table_id: str) -> LobbyTable:
        return cast(LobbyTable, self.room.lobby_entry(table_id))

    def lobby(self, ref: Any = None) -> str:
        """The lobby message as JSON text, encoded once while no table changes (with
        ``ref`` as its ``id``)."""
        tables = self.lobby_tables()
        if self._lobby_text is None:
            message = {"type": "lobby", "tables": tables, "v": VERSION}
            self._lobby_text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        if ref is None:
            return self._lobby_text
        return '{"id":' + json.dumps(ref) + "," + self._lobby_text[1:]

    def lobby_changed(self, table_id: str) -> None:
        """Table ``table_id`` was opened or changed: the lobby is sent again soon."""
        self._lobby_stale.add(table_id)
        self._lobby_changed.set()

    # -- relaying ---------------------------------------------------------------------

    async def run(self) -> None:
        """Send the lobby to every client when tables change, at most once a second,
        one message encoded once for all."""
        while True:
            await self._lobby_changed.wait()
            self._lobby_changed.clear()
            text = self.lobby()
            # To those in the lobby: a client at a table asks for it (``lobby``) when
            # it goes back there.
            for client in list(self.clients):
                if not client.watching:
                    client.send(text)
            await asyncio.sleep(LOBBY_EVERY)

    def table_changed(self, update: TableUpdate) -> None:
        """Relay a table's change to its watchers.  The events of one action come as
        several updates; they are sent as one message a client, once the action is
        done (the next turn of the event loop).  A hand's start and end are sent at
        once, so a message never mixes two hands."""
        if update.kind in _LOBBY_CHANGES:
            self.lobby_changed(update.table_id)
        watchers = self._by_table.get(update.table_id)
        if not watchers:
            return
        if update.kind in ("event", "seat"):
            before = self._pending.get(update.table_id)
            # A message that holds a seat change is sent even with no new event.
            if before is None or before == "event":
                self._pending[update.table_id] = update.kind
            if not self._flush_soon:
                # A table about to wait for a person says so (a turn, below) and its news
                # go out with it; else they go out in a few milliseconds, computer
                # players' actions of those milliseconds together.
                self._flush_soon = True
                wait = FLUSH_AFTER * (10 if self._person_next(update.table_id) else 1)
                asyncio.get_running_loop().call_later(wait, self._flush)
            return
        pending = self._pending.pop(update.table_id, None)
        # A turn carries the news before it; a new hand's first message has the whole
        # state (seat changes before the deal included) and none of the last hand's
        # events are left unsent (its end was sent at once).
        if pending is not None and update.kind not in ("turn", "hand_started"):
            self._flush_table(update.table_id, pending)
        self._flush_table(update.table_id, update.kind, update)

    def _person_next(self, table_id: str) -> bool:
        """Whether the next to act at the table is a person or a remote program."""
        table = self.room.tables[table_id].table
        hand = table.current_hand
        if hand is None or hand.is_over or hand.actor is None:
            return False
        seat = table.seats.get(table.dealt[hand.actor])
        return seat is not None and isinstance(seat.occupant.player, RemotePlayer)

    def _flush(self) -> None:
        self._flush_soon = False
        pending, self._pending = self._pending, {}
        for table_id, kind in pending.items():
            self._flush_table(table_id, kind)

    def _flush_table(self, table_id: str, kind: Change, update: TableUpdate | None = None) -> None:
        watchers = self._by_table.get(table_id)
        held = self.room.tables.get(table_id)
        if not watchers or held is None:
            return
        public = _snapshot(held.table)
        # The onlookers' patches, by the state each changes (and that state, kept alive).
        patches: dict[int, tuple[TableState, list[PatchOp]]] = {}
        for client in list(watchers):
            try:
                self._send_state(
                    client, held.table, kind=kind, update=update, public=public, patches=patches
                )
            except Exception:  # one client's failure never stops the table
                log.exception("sending %s to a client failed", kind)

    def chat(self, table_id: str, line: ChatLine) -> None:
        message = _chat(table_id, line)
        for client in list(self._by_table.get(table_id, ())):
            client.send(message)

    def _lines(self, table: Table, number: int | None, lang: str, visible: list[Any]) -> list[str]:
        """The dealer's lines of the events ``visible`` to an onlooker: made once for all
        the clients of one language, and a street at a time (a street's lines never
        depend on the events after it)."""
        key = (table.table_id, number, lang)
        cached = self._line_cache.get(key)
        if cached is not None and cached[0] == len(visible):
            return cached[3]
        hand = table.current_hand
        assert hand is not None
        names = [
            table.seats[s].occupant.name if s in table.seats else f"Seat {s + 1}"
            for s in table.dealt
        ]
        street, before = (0, []) if cached is None else (cached[1], cached[2])
        # Move the start to the last street begun: the lines before it are final.
        last = street
        for index in range(len(visible) - 1, street, -1):
            if isinstance(visible[index], StreetStarted):
                last = index
                break
        if last != street:
            before = before + dealer_lines(visible[street:last], hand.spec, names, lang)
        lines = before + dealer_lines(visible[last:], hand.spec, names, lang)
        if len(self._line_cache) > 4096:
            self._line_cache.clear()
        self._line_cache[key] = (len(visible), last, before, lines)
        return lines

    def _viewer(self, client: Client, table: Table) -> int | None:
        if client.account is None:
            return None
        return self.room.seat_of(client.account.id, table.table_id)

    def _send_state(
        self,
        client: Client,
        table: Table,
        *,
        kind: Change = "state",
        update: TableUpdate | None = None,
        full: bool = False,
        public: TableState | None = None,
        patches: dict[int, tuple[TableState, list[PatchOp]]] | None = None,
        ref: Any = None,
    ) -> None:
        """The table's state as the client's seat sees it, with the events and dealer
        lines it has not had yet: the whole state (``full``, the answer to ``watch``) or
        what changed since the last state sent to it.  ``patches``: the patches of the
        onlookers' state ``public`` made so far, by the state they change (onlookers
        told of the same changes share one state, so one diff serves them all)."""
        watching = client.watching.get(table.table_id)
        if watching is None:
            return
        seat = self._viewer(client, table)
        if public is None:
            public = _snapshot(table)
        state = seat_state(public, table, seat)
        hand = table.current_hand
        events: list[HandEvent] = []
        lines: list[str] = []
        number = table.hand_number
        if watching.hand != number:
            watching.hand, watching.events, watching.lines = number, 0, 0
        if hand is not None:
            dealt = table.dealt
            seen = table.engine_seat_of(seat)
            visible = hand.events_for(seen)
            new = visible[watching.events :]
            events = cast("list[HandEvent]", [event_dict(event, dealt) for event in new])
            watching.events = len(visible)
            # The dealer names no card a seat alone may see: every reader of one
            # language gets the same lines, read once from an onlooker's events.
            every_line = self._lines(table, number, client.lang, hand.events_for(None))
            lines = every_line[watching.lines :]
            watching.lines = len(every_line)
        if update is not None and update.kind == "hand_cancelled" and update.hand_number:
            lines.append(cancelled_line(update.hand_number, client.lang))
        message: TableMessage = {
            "type": "table",
            "table": table.table_id,
            "change": kind,
            "events": events,
            "lines": lines,
            "v": VERSION,
        }
        before, watching.state = watching.state, state
        if full or before is None:
            message["state"] = state
        elif patches is not None and state is public:
            known = patches.get(id(before))
            if known is None or known[0] is not before:
                known = patches[id(before)] = (before, cast("list[PatchOp]", diff(before, state)))
            message["patch"] = known[1]
        else:
            message["patch"] = cast("list[PatchOp]", diff(before, state))
        if ref is not None:
            message["id"] = ref
        if update is not None and update.kind == "hand_ended" and update.completed is not None:
            message["result"] = {
                "hand": update.completed.number,
                "net": {str(k): v for k, v in update.completed.net.items()},
            }
        if update is not None and update.kind == "competition_ended" and update.standings:
            message["standings"] = [
                {
                    "place": standing.place,
                    "seat": standing.seat,
                    "name": standing.occupant.name,
                    "chips": standing.chips,
                    "busted": standing.busted,
                }
                for standing in update.standings
            ]
        if full or events or lines or kind != "event":
            client.send(message)
        else:
            watching.state = before  # nothing sent: the client still holds ``before``

    async def drain(self, seconds: float) -> None:
        """Send what is pending now, and wait until every client's queue is sent or
        ``seconds`` have passed (a stopping server: its sockets close next)."""
        self._flush()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while any(not client.queue.empty() for client in self.clients):
            if loop.time() > deadline:
                return
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)  # the last message from the queue to the socket

    async def close(self) -> None:
        for client in list(self.clients):
            with contextlib.suppress(Exception):
                client.queue.put_nowait(None)
