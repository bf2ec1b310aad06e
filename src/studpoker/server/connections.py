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
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar, cast

import orjson

from studpoker.engine import Hand, StreetStarted
from studpoker.room import ChatLine, Room
from studpoker.room.timings import Timings
from studpoker.server.limits import LIMITS, Limiter, Limits
from studpoker.server.messages import (
    ChatMessage,
    LobbyTable,
    LoggedOutReason,
    PatchOp,
    ServerMessage,
    TableMessage,
)
from studpoker.server.patch import diff, diff_at
from studpoker.server.protocol import VERSION, Lang
from studpoker.server.state import CardProof, Change, HandEvent, LegalOption, TableState
from studpoker.store import Account
from studpoker.table import RemotePlayer, Table, TableUpdate
from studpoker.table.messages import cancelled_line, dealer_lines
from studpoker.table.seatmap import SeatMap
from studpoker.table.seeds import CARD_EVENTS
from studpoker.table.snapshot import event_dict, legal_dict

if TYPE_CHECKING:
    from studpoker.server.peers import Peers

__all__ = ["Client", "Hub"]

log = logging.getLogger(__name__)

# The key of a WebSocket's ASGI scope under which the server gives a way to write a
# text message on it at once (server/transport.py, RoomWebSocket): Client.write_now.
WRITE_NOW = "studpoker.write_now"
# Messages waiting for a client at most; past that the client is too slow and dropped.
QUEUE_LIMIT = 2000
# Seconds at most that a table's events wait to be sent together (computer players).
FLUSH_AFTER = 0.005
# The lobby is sent again at most this often (seconds) while tables change.
LOBBY_EVERY = 1.0
# Updates after which the lobby changes (who sits where, hands played).
_LOBBY_CHANGES = frozenset(
    {
        "seat",
        "hand_ended",
        "competition_started",
        "competition_ended",
        "halted",
        "paused",
        "closed",
        "waiting",
    }
)


@dataclass(eq=False)
class _Watching:
    """What a client was last sent of a table.  The state it holds (the next message
    patches it) is the onlookers' state ``public`` with the seat's ``private`` values
    put in (:func:`_compose`): kept as those two, so that a message which changes none
    of the seat's own values is the onlookers' patch, with no state of its own made."""

    hand: int | None = None  # the hand the counts are for
    events: int = 0  # events of that hand sent
    lines: int = 0  # dealer lines of that hand sent
    sent: bool = False  # a state was sent: the next message patches it
    public: TableState | None = None  # the onlookers' state the last state was made from
    private: tuple[int | None, dict[str, Any]] | None = None  # _private(state) of a seat
    key: tuple[Any, ...] | None = None  # _private_key when ``private`` was read
    holding: Hand | None = None  # the hand ``key`` names by id (kept: the id stays its)
    proven: set[object] = field(default_factory=set)  # the cards of that hand sent proven


# A card's proof as the wire has it (table.proofs), and an event of a hand sent to
# clients: the event, as the wire has it, and the positions of the cards it shows with
# their proofs (Hub._event_dicts; most show none: the empty tuple).
_Proof = dict[str, object]
_Sent = tuple[Any, Any, tuple[tuple[object, _Proof], ...]]


class _Patch:
    """The onlookers' patch from state ``public`` to the state of a flush, and what
    each operation is to a seat (:func:`_classify`, worked out when a seat asks)."""

    __slots__ = ("_kinds", "_touched", "ops", "public")

    def __init__(self, public: TableState, ops: list[Any]) -> None:
        self.public = public
        self.ops = cast("list[PatchOp]", ops)
        self._kinds: list[tuple[int, int]] | None = None
        self._touched: frozenset[int] | None = None

    def kinds(self) -> list[tuple[int, int]]:
        if self._kinds is None:
            self._kinds = _classify(self.ops)
        return self._kinds

    def plain_for(self, mine: int | None) -> bool:
        """Whether, to a seat whose own player is at index ``mine`` and whose own values
        did not change, this patch is its patch as it is: no operation at or above a
        private path of that seat (seat_patch would keep every operation)."""
        if self._touched is None:
            touched = set()
            for kind, player in self.kinds():
                if kind in (_ABOVE, _ABOVE_PLAYERS, _PRIVATE):
                    touched.add(_EVERY)
                elif kind in (_PLAYER, _ABOVE_PLAYER):
                    touched.add(player)
            self._touched = frozenset(touched)
        return _EVERY not in self._touched and mine not in self._touched


def encode(message: Any) -> str:
    """A message as the JSON text the socket sends: compact, UTF-8 (orjson: about ten
    times the standard library's speed on the room's messages; keys that are not
    strings are written as strings, as ``json`` writes them).  Their keys are strings
    but for a rare few: orjson checks them only when one is not (its option for them
    costs some 40% of every message's encoding)."""
    try:
        return orjson.dumps(message).decode()
    except orjson.JSONEncodeError:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


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
    # At tables another process runs (server/peers.py): the number the client goes by
    # there, and the process that runs each of those tables.
    relay_id: int = 0
    remote: dict[str, str] = field(default_factory=dict)
    relayed: ClassVar[bool] = False  # a client of another process's socket (peers.py)
    # Writes a text message on the socket at once, if it takes one now (False: it is
    # paused or closing); None where the server has no such way (server/transport.py).
    write_now: Callable[[str], bool] | None = None
    unsent: int = 0  # messages queued or being sent by the socket's writer

    def send(self, message: ServerMessage | str) -> None:
        """Send ``message``: a message (messages.py), or one already encoded as JSON
        text (one encoding shared by many clients).  Written on the socket at once
        when nothing is waiting before it and the socket takes it (no task woken, no
        future made: a busy room sends thousands a second); else queued for the
        socket's writer, which waits while the socket is paused, and a client with
        :data:`QUEUE_LIMIT` messages waiting is too slow and dropped."""
        if self.dropped:
            return
        if self.unsent == 0 and self.write_now is not None:
            text = message if isinstance(message, str) else encode(message)
            if self.write_now(text):
                return
            message = text
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.dropped = self.too_slow = True
            self.queue.put_nowait(None)
            return
        self.unsent += 1
        self.queue.put_nowait(message)

    def signed_in(self) -> Account | None:
        """The account, while its session holds: at its expiry the socket is logged
        out (it may still watch) and told so."""
        expires = self.expires
        if self.account is not None and expires is not None and datetime.now(UTC) >= expires:
            self.log_out("the session has expired: log in again", "expired")
        return self.account

    def log_out(self, why: str, reason: LoggedOutReason = "logout") -> None:
        self.account, self.session, self.expires = None, None, None
        self.send({"type": "logged_out", "message": why, "reason": reason, "v": VERSION})


def seat_state(public: TableState, table: Table, seat: int | None) -> TableState:
    """``table.snapshot(seat, events=False)`` made from the onlooker's snapshot
    ``public``: what a seat sees beyond an onlooker is its own down cards and best
    hand (the table's :meth:`~studpoker.table.Table.own_cards`, from the hand's view of
    the seat) and its legal actions.  (Made once a table and patched a seat, for
    speed; a test checks that it equals the seat's snapshot.)"""
    if seat is None:
        return public
    state = public.copy()
    state["viewer"] = seat
    hand = table.current_hand
    own = table.own_cards(seat)
    public_hand = public["hand"]
    if hand is not None and own is not None and public_hand is not None:
        view = public_hand.copy()
        players = list(view["players"])
        for index, player in enumerate(players):
            if player["seat"] == seat:
                player = player.copy()
                down, best = own
                player["down_cards"], player["best"] = down, cast("dict[Lang, str] | None", best)
                players[index] = player
        view["players"] = players
        mine = table.engine_seat_of(seat)
        view["legal_actions"] = _legal(hand.legal_actions()) if hand.actor == mine else []
        state["hand"] = view
    turn = table.turn
    public_turn = public["turn"]
    if turn is not None and turn.seat == seat and public_turn is not None:
        mine_now = public_turn.copy()
        mine_now["legal_actions"] = _legal(turn.legal_actions)
        state["turn"] = mine_now
    return state


_MISSING: Any = object()

# Where a seat's state differs from the onlookers' (seat_state): the viewer, its legal
# actions, and its own player's down cards and hand name.
_FIXED_PRIVATE = ("/viewer", "/hand/legal_actions", "/turn/legal_actions")
_PLAYER_PRIVATE = ("down_cards", "best")
# What an operation of the onlookers' patch is to a seat (_classify).
_KEEP, _PRIVATE, _PLAYER, _ABOVE, _ABOVE_PLAYERS, _ABOVE_PLAYER = range(6)
_EVERY = -2  # _Patch.plain_for: an operation at or above a private path of every seat
_PLAYERS = "/hand/players/"


def _private(state: TableState) -> tuple[int | None, dict[str, Any]]:
    """The index of the seat's own player in the hand's players (None if it is not
    dealt in), and the state's values at its private paths (_MISSING where none)."""
    hand, turn = state["hand"], state["turn"]
    found: dict[str, Any] = {
        "/viewer": state["viewer"],
        "/hand/legal_actions": _MISSING if hand is None else hand.get("legal_actions", _MISSING),
        "/turn/legal_actions": _MISSING if turn is None else turn.get("legal_actions", _MISSING),
    }
    mine = None
    if hand is not None:
        for index, player in enumerate(hand["players"]):
            if player["seat"] == state["viewer"]:
                mine = index
                for key in _PLAYER_PRIVATE:
                    found[f"{_PLAYERS}{index}/{key}"] = player.get(key, _MISSING)
    return mine, found


def _compose(public: TableState, private: tuple[int | None, dict[str, Any]] | None) -> TableState:
    """The state a seat was sent: the onlookers' ``public`` with the seat's own values
    ``private`` (:func:`_private` of that state) put back in; ``public`` itself for an
    onlooker."""
    if private is None:
        return public
    mine, values = private
    state = public.copy()
    state["viewer"] = values["/viewer"]
    hand = public["hand"]
    if hand is not None:
        hand = hand.copy()
        _put(hand, "legal_actions", values["/hand/legal_actions"])
        if mine is not None:
            players = list(hand["players"])
            player = players[mine].copy()
            for key in _PLAYER_PRIVATE:
                _put(player, key, values[f"{_PLAYERS}{mine}/{key}"])
            players[mine] = player
            hand["players"] = players
        state["hand"] = hand
    turn = public["turn"]
    if turn is not None:
        turn = turn.copy()
        _put(turn, "legal_actions", values["/turn/legal_actions"])
        state["turn"] = turn
    return state


def _put(document: Any, key: str, value: Any) -> None:
    if value is _MISSING:
        document.pop(key, None)
    else:
        document[key] = value


def _private_key(table: Table, seat: int) -> tuple[Any, ...]:
    """What a seat's own values (_private) are made from: equal keys, equal values.
    Its own cards (the hand, how many it was dealt, the community cards), its legal
    actions while it is to act (which change with every event then), and its turn."""
    hand = table.current_hand
    mine = table.engine_seat_of(seat)
    dealt: tuple[Any, ...] | None = None
    if hand is not None and mine is not None:
        acting = len(hand.events) if hand.actor == mine else -1
        dealt = (id(hand), len(hand.down[mine]) + len(hand.up[mine]), len(hand.community), acting)
    turn = table.turn
    return (seat, dealt, turn.seq if turn is not None and turn.seat == seat else None)


def _classify(ops: list[PatchOp]) -> list[tuple[int, int]]:
    """What each operation of an onlookers' patch is to a seat, worked out once for
    every seat told of it: kept as it is; under a private path (dropped); under a
    player's private path (dropped for that player's seat); or above a private path
    (its value is the seat's)."""
    kinds = []
    for op in ops:
        path = op["path"]
        kind, player = _KEEP, -1
        if path in ("", "/hand", "/turn"):
            kind = _ABOVE
        elif path == "/hand/players":
            kind = _ABOVE_PLAYERS
        elif path.startswith(_PLAYERS):
            index, _, rest = path[len(_PLAYERS) :].partition("/")
            if index.isdigit():
                player = int(index)
                if not rest:
                    kind = _ABOVE_PLAYER
                elif rest.partition("/")[0] in _PLAYER_PRIVATE:
                    kind = _PLAYER
        elif any(path == p or path.startswith(p + "/") for p in _FIXED_PRIVATE):
            kind = _PRIVATE
        kinds.append((kind, player))
    return kinds


def _at(document: Any, path: str) -> Any:
    """The value at JSON Pointer ``path`` (no escaped tokens: the paths above a private
    path have none)."""
    value = document
    for token in path[1:].split("/") if path else ():
        value = value[int(token)] if isinstance(value, list) else value[token]
    return value


def seat_patch(
    public_ops: list[PatchOp],
    kinds: list[tuple[int, int]],
    before: tuple[int | None, dict[str, Any]],
    now: tuple[int | None, dict[str, Any]],
    state: TableState,
) -> list[PatchOp] | None:
    """The patch from a seat's last state to its ``state``, made from the onlookers'
    patch ``public_ops`` (``kinds``: :func:`_classify`'s) between the states they
    were made from, and the seat's private values ``before`` and ``now``
    (:func:`_private`): every operation outside the seat's private paths as it is,
    one above a private path with the seat's value, those under one dropped; then
    each private path's own changes.  None when the seat's own player is not where
    it was in the list of players (a new hand): the caller diffs the states whole."""
    mine, values = now
    if before[0] != mine or before[1].keys() != values.keys():
        return None
    was = before[1]
    ops: list[PatchOp] = []
    covered: list[str] = []  # emitted paths above a private path
    for op, (kind, player) in zip(public_ops, kinds, strict=True):
        others = kind in (_PLAYER, _ABOVE_PLAYER) and player != mine  # another's player
        if kind == _KEEP or others or (kind == _ABOVE_PLAYERS and mine is None):
            ops.append(op)
        elif kind in (_PRIVATE, _PLAYER):
            continue  # the seat's own value replaces it, below
        else:
            path = op["path"]
            covered.append(path)
            if op["op"] != "remove":
                op = cast("PatchOp", {"op": op["op"], "path": path, "value": _at(state, path)})
            ops.append(op)
    for path, new in values.items():
        old = was[path]
        if old is new or (covered and any(c == "" or path.startswith(c + "/") for c in covered)):
            continue
        if old is _MISSING:
            ops.append(cast("PatchOp", {"op": "add", "path": path, "value": new}))
        elif new is _MISSING:
            ops.append(cast("PatchOp", {"op": "remove", "path": path}))
        else:
            ops.extend(cast("list[PatchOp]", diff_at(old, new, path)))
    return ops


def _diff(before: TableState, state: TableState) -> list[PatchOp]:
    return cast("list[PatchOp]", diff(before, state))


def _legal(options: Any) -> list[LegalOption]:
    return cast("list[LegalOption]", [legal_dict(option) for option in options])


def _chat(table_id: str, line: ChatLine) -> ChatMessage:
    return {
        "type": "chat",
        "table": table_id,
        "name": line.name or "",
        "text": line.text,
        "room": line.room,
        "v": VERSION,
    }


def _snapshot(table: Table) -> TableState:
    """The onlooker's snapshot without events, as the wire's :class:`TableState` (its
    shape is checked against real traffic by tests/server/test_schema.py)."""
    return cast(TableState, table.snapshot(None, events=False))


class Hub:
    """Every client of the room, and the table updates relayed to those watching."""

    def __init__(self, room: Room, limits: Limits = LIMITS) -> None:
        self.currency = "$"  # the sign of the room's money, told with the welcome
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
        # table -> (its hand, each event sent of it as the wire has it and the proofs of
        # the cards it shows, by id; each proof made, by the card's position)
        self._events_of: dict[str, tuple[Hand, dict[int, _Sent], dict[int, _Proof]]] = {}
        # The room's other processes (server/peers.py), when it runs on several.
        self.peers: Peers | None = None
        # What the metrics read (server/metrics.py): hands ended and actions received,
        # and each action's round trip — from its message to the table's next news sent.
        self.hands = 0
        self.actions = 0
        self.action_seconds = Timings()
        self._acted: dict[str, float] = {}  # by table: when its first unanswered act came
        room.listeners.append(self.table_changed)
        room.chat_listeners.append(self.chat)

    def acted(self, table_id: str) -> None:
        """An action for ``table_id`` came: timed until the table's next news goes out."""
        self.actions += 1
        if table_id not in self._acted:
            self._acted[table_id] = time.perf_counter()

    def accounts_online(self) -> int:
        """Accounts with a socket open here."""
        return len(self._sockets)

    def admit(self, address: str) -> bool:
        """Whether another socket from ``address`` may open (``sockets_per_address``)."""
        return self._addresses.get(address, 0) < self.limits.sockets_per_address

    def connect(self, client: Client) -> None:
        self.clients.add(client)
        self._addresses[client.address] = self._addresses.get(client.address, 0) + 1
        self.present(client)
        client.messages = Limiter(self.limits.messages_per_socket, most_keys=1)

    def present(self, client: Client) -> None:
        """The client speaks for its account: counted among the account's
        connections, the first telling the room it is connected (R8.3)."""
        if client.account is not None and client.present is None:
            account = client.present = client.account.id
            self._sockets[account] = self._sockets.get(account, 0) + 1
            if self._sockets[account] == 1:
                self.room.connected(account)

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
        self.absent(client)
        if self.peers is not None:
            self.peers.disconnected(client)

    def absent(self, client: Client) -> None:
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
                self.absent(client)
                if self.peers is not None:
                    self.peers.logged_out(client)

    def banned(self, account_id: int) -> None:
        """The room's operator banned ``account_id``: its sockets here are logged out
        (they may still watch) and told so."""
        for client in list(self.clients):
            if client.relayed:  # another process's socket: that process logs it out
                continue
            if client.account is not None and client.account.id == account_id:
                client.log_out("the room has banned this account", "banned")
                self.absent(client)
                if self.peers is not None:
                    self.peers.logged_out(client)

    def online(self) -> list[dict[str, Any]]:
        """Who this process has online: each account with its sockets, the address of
        one, the tables they watch and the seats they hold here."""
        people: dict[int, dict[str, Any]] = {}
        for client in self.clients:
            account = client.account
            if account is None or client.relayed:
                continue
            person = people.setdefault(
                account.id,
                {"account": account.id, "name": account.name, "sockets": 0,
                 "address": client.address, "watching": [], "seats": {}},
            )  # fmt: skip
            person["sockets"] += 1
            person["watching"] = sorted({*person["watching"], *client.watching, *client.remote})
        for person in people.values():
            for table_id in self.room.tables:
                seat = self.room.seat_of(person["account"], table_id)
                if seat is not None:
                    person["seats"][table_id] = seat
        return sorted(people.values(), key=lambda person: str(person["name"]))

    def watch(self, client: Client, table_id: str, ref: Any = None) -> None:
        room_table = self.room.table(table_id)
        client.watching[table_id] = _Watching()
        self._by_table.setdefault(table_id, set()).add(client)
        self._send_state(client, room_table.table, full=True, ref=ref)
        for line in room_table.chat:
            client.send(_chat(table_id, line))

    def unwatch(self, client: Client, table_id: str) -> None:
        client.watching.pop(table_id, None)
        watchers = self._by_table.get(table_id)
        if watchers is not None:
            watchers.discard(client)

    def watchers(self, table_id: str) -> list[Client]:
        """The clients watching ``table_id`` here."""
        return list(self._by_table.get(table_id, ()))

    def lobby_tables(self) -> list[LobbyTable]:
        """The lobby's tables (``GET /api/tables``): this process's, and when the room
        runs on several, the others' as their heartbeats list them (server/peers.py),
        every table once, by id, so that every process shows one lobby."""
        local = self.local_lobby()
        if self.peers is None or not self.peers.tables_of:
            return local
        every = {}
        for entries in self.peers.tables_of.values():
            every.update(entries)
        every.update((entry["id"], entry) for entry in local)
        return [every[table_id] for table_id in sorted(every)]

    def remote_changed(self) -> None:
        """Another process's tables changed: the lobby is sent again soon."""
        self._lobby_text = None
        self._lobby_changed.set()

    def local_lobby(self) -> list[LobbyTable]:
        """This process's tables as the lobby lists them: only those that changed since
        it was last asked for are read again."""
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

    def lobby(self, ref: Any = None, *, tables: list[LobbyTable] | None = None) -> str:
        """The lobby message as JSON text, encoded once while no table changes (with
        ``ref`` as its ``id``); ``tables`` when the caller has just read them."""
        if tables is None:
            tables = self.lobby_tables()
        if self._lobby_text is None:
            message = {"type": "lobby", "tables": tables, "v": VERSION}
            self._lobby_text = encode(message)
        if ref is None:
            return self._lobby_text
        return '{"id":' + encode(ref) + "," + self._lobby_text[1:]

    def lobby_changed(self, table_id: str) -> None:
        """Table ``table_id`` was opened or changed: the lobby is sent again soon."""
        self._lobby_stale.add(table_id)
        self._lobby_changed.set()
        if self.peers is not None:
            self.peers.changed()

    # -- relaying ---------------------------------------------------------------------

    async def run(self) -> None:
        """Send the lobby to every client when tables change, at most once a second,
        one message encoded once for all."""
        while True:
            await self._lobby_changed.wait()
            self._lobby_changed.clear()
            tables = self.lobby_tables()
            text = self.lobby(tables=tables)
            waiting = self._waiting_names(tables)
            # To those in the lobby: a client at a table asks for it (``lobby``) when
            # it goes back there; one on a waiting list gets it wherever it is (its
            # place and a seat offered, room/waiting.py).
            for client in list(self.clients):
                if client.relayed:
                    continue
                in_lobby = not client.watching and not client.remote
                if in_lobby or (client.account is not None and client.account.name in waiting):
                    client.send(text)
            await asyncio.sleep(LOBBY_EVERY)

    @staticmethod
    def _waiting_names(tables: list[LobbyTable]) -> set[str]:
        """The names on the waiting lists of ``tables`` (this process's and the others')."""
        return {name for entry in tables for name in entry.get("waiting") or ()}

    def send_lobby_to(self, client: Client) -> None:
        """The lobby now, to ``client`` alone (it joined a waiting list)."""
        client.send(self.lobby())

    def table_changed(self, update: TableUpdate) -> None:
        """Relay a table's change to its watchers.  The events of one action come as
        several updates; they are sent as one message a client, once the action is
        done (the next turn of the event loop).  A hand's start and end are sent at
        once, so a message never mixes two hands."""
        if update.kind in _LOBBY_CHANGES:
            self.lobby_changed(update.table_id)
            if update.kind == "hand_ended":
                self.hands += 1
        watchers = self._by_table.get(update.table_id)
        if not watchers:
            return
        if update.kind == "waiting":  # the lobby's news (above), not the table's
            return
        if update.kind == "closed":  # gone: its watchers were told by the room's chat line
            self._pending.pop(update.table_id, None)
            for client in list(watchers):
                self.unwatch(client, update.table_id)
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
        seat = table.seat(table.seat_map.table_seat(hand.actor))
        return seat is not None and isinstance(seat.occupant.player, RemotePlayer)

    def _flush(self) -> None:
        self._flush_soon = False
        pending, self._pending = self._pending, {}
        for table_id, kind in pending.items():
            self._flush_table(table_id, kind)

    def _flush_table(self, table_id: str, kind: Change, update: TableUpdate | None = None) -> None:
        acted = self._acted.pop(table_id, None)
        if acted is not None:
            self.action_seconds.observe(time.perf_counter() - acted)
        watchers = self._by_table.get(table_id)
        room_table = self.room.tables.get(table_id)
        if not watchers or room_table is None:
            return
        public = _snapshot(room_table.table)
        # The onlookers' patches, by the state each changes (and that state, kept alive).
        patches: dict[int, _Patch] = {}
        for client in list(watchers):
            try:
                self._send_state(
                    client,
                    room_table.table,
                    kind=kind,
                    update=update,
                    public=public,
                    patches=patches,
                )
            except Exception:  # one client's failure never stops the table
                log.exception("sending %s to a client failed", kind)

    def chat(self, table_id: str, line: ChatLine) -> None:
        message = _chat(table_id, line)
        for client in list(self._by_table.get(table_id, ())):
            client.send(message)

    def _lines(self, table: Table, number: int | None, lang: str, hand: Hand) -> list[str]:
        """The dealer's lines of the events of ``hand`` an onlooker sees: made once for
        all the clients of one language, and a street at a time (a street's lines never
        depend on the events after it)."""
        key = (table.table_id, number, lang)
        cached = self._line_cache.get(key)
        if cached is not None and cached[0] == len(hand.events):
            return cached[3]
        visible = hand.events_for(None)
        seated = [table.seat(s) for s in table.seat_map]
        names = [
            f"Seat {s + 1}" if seat is None else seat.occupant.name
            for s, seat in zip(table.seat_map, seated, strict=True)
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

    def _event_dicts(
        self, table: Table, hand: Hand, seats: SeatMap, events: list[Any]
    ) -> tuple[list[Any], list[tuple[object, _Proof]]]:
        """The events as the wire has them, and the positions of the cards they show in
        their order with their proofs (a card more than once if they show it again),
        each made once for every client it goes to (an event a seat sees with a card
        hidden is another event, kept by the hand, which proves no card).  Each card's
        proof is made once a hand (``table.proofs``) and shared by the clients it goes
        to, kept here while the hand is played."""
        cache = self._events_of.get(table.table_id)
        if cache is None or cache[0] is not hand:
            cache = self._events_of[table.table_id] = (hand, {}, {})
        made, proven = cache[1], cache[2]
        out = []
        shown: list[tuple[object, _Proof]] = []
        for event in events:
            known = made.get(id(event))
            if known is None or known[0] is not event:
                proofs: tuple[tuple[object, _Proof], ...] = ()
                if isinstance(event, CARD_EVENTS):
                    proofs = tuple(
                        (proof["position"], proof) for proof in table.proofs((event,), proven)
                    )
                known = made[id(event)] = (event, event_dict(event, seats), proofs)
            out.append(known[1])
            if known[2]:
                shown += known[2]
        return out, shown

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
        patches: dict[int, _Patch] | None = None,
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
        hand = table.current_hand
        events: list[HandEvent] = []
        lines: list[str] = []
        number = table.hand_number
        proofs: list[Any] = []
        if watching.hand != number:
            watching.hand, watching.events, watching.lines = number, 0, 0
            watching.proven = set()
        if hand is not None:
            seats = table.seat_map
            seen = table.engine_seat_of(seat)
            new = hand.events_for(seen, watching.events)
            dicts, shown = self._event_dicts(table, hand, seats, new)
            events = cast("list[HandEvent]", dicts)
            watching.events = len(hand.events)
            # Each card these events show the client, proven the first time: the events
            # are its seat's (events_for), so never a card it may not see.
            if shown:
                proven = watching.proven
                for at, proof in shown:
                    if at not in proven:
                        proven.add(at)
                        proofs.append(proof)
            # The dealer names no card a seat alone may see: every reader of one
            # language gets the same lines, read once from an onlooker's events.
            every_line = self._lines(table, number, client.lang, hand)
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
        was = (watching.sent, watching.public, watching.private, watching.key, watching.holding)
        was_sent, was_public, was_private, was_key = was[:4]
        key = None if seat is None else _private_key(table, seat)
        known: _Patch | None = None
        if patches is not None and was_public is not None:
            # The onlookers' patch from the state this client's was made from, made once
            # for every client told of the same change.
            known = patches.get(id(was_public))
            if known is None or known.public is not was_public:
                known = patches[id(was_public)] = _Patch(was_public, diff(was_public, public))
        watching.sent, watching.public, watching.key, watching.holding = True, public, key, hand
        if (
            not full
            and was_sent
            and known is not None
            and was_private is not None
            and key == was_key
            and known.plain_for(was_private[0])
        ):
            # The seat's own values are as they were, and the onlookers' patch touches
            # none of them: its patch is that patch, its state made of nothing new.
            message["patch"] = known.ops
        else:
            state = seat_state(public, table, seat)
            now_private = watching.private = None if state is public else _private(state)
            if full or not was_sent:
                message["state"] = state
            elif known is not None:
                # A seat's patch is the onlookers' with its own cards and actions put
                # in (seat_patch).  An onlooker's is theirs, unless it was a seat when
                # last sent (it stood or sat out): its own values then go too.
                if now_private is None and was_private is None:
                    message["patch"] = known.ops
                else:
                    mine = None
                    if was_private is not None and now_private is not None:
                        mine = seat_patch(known.ops, known.kinds(), was_private, now_private, state)
                    message["patch"] = (
                        _diff(_compose(known.public, was_private), state) if mine is None else mine
                    )
            else:
                assert was_public is not None  # sent before
                message["patch"] = _diff(_compose(was_public, was_private), state)
        if proofs:
            message["proofs"] = cast("list[CardProof]", proofs)  # shared: the same objects
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
        else:  # nothing sent: the client holds what it held
            watching.sent, watching.public, watching.private, watching.key, watching.holding = was

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
