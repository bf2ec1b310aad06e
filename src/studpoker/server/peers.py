"""The room's processes as peers (docs/scaling.md, "Any process serves any client"):
a client connected to one process watches, sits and plays at a table another process
runs, and sees the same lobby everywhere.

Every process says, on the broker's channel ``peers`` once a second and soon after its
tables change, which tables it runs and how the lobby shows them (a heartbeat); a peer
not heard for :data:`SILENT` seconds is gone.  From the heartbeats each process knows
the owner of every table (``owner_of``) and shows every table in its lobby.  A heartbeat
carries only the tables changed, opened or let go since the one before (a busy process
changes a few of its hundreds of tables between two); every :data:`FULL_EVERY` seconds,
and when a peer asks (it came later, or missed one: the heartbeats are numbered), it
carries them all.

A client's message for a table run elsewhere goes, as the client wrote it, on the
owner's channel ``to:OWNER`` with who sent it (account, session, language); the owner
answers it, and sends that client the table's updates, through a
:class:`RelayedClient` — a client of its hub like any other, whose messages go back
on ``to:PEER`` to the process holding the socket, encoded once, each flush of the hub
one publish a peer.  One publisher's messages on one channel keep their order (relay.py),
so a client's messages and their answers do too.

When a table changes owner (a process died or stopped, room/owners.py), the next
heartbeat of the new owner lists it: the process holding the sockets of its watchers
asks the new owner to watch it for them, and they get its whole state, their hand
played on (the new owner's ``watch``).

A REST question about a table run elsewhere (its state, a hand it keeps) is asked of
its owner on ``to:OWNER`` and answered on ``to:ASKER`` (:meth:`Peers.ask_owner`); the
seats an account holds are asked of every process (:meth:`Peers.seats_of`).

The broker carries only what is in flight: what must survive a process is in the
database (hands, seats, the ledger).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from itertools import count
from typing import Any, ClassVar

import orjson

from studpoker.room import Busy, RoomError
from studpoker.room.relay import Broker, Subscription
from studpoker.room.tasks import stop_task
from studpoker.server.answers import Refusal, refused
from studpoker.server.connections import Client, Hub, encode
from studpoker.server.messages import LobbyTable, ServerMessage
from studpoker.store import Account

__all__ = [
    "ASK_SECONDS",
    "FULL_EVERY",
    "HEARTBEAT",
    "SILENT",
    "Peers",
    "RelayedClient",
    "account_data",
    "account_of",
]

log = logging.getLogger(__name__)

CHANNEL = "peers"
# Seconds between heartbeats; a peer not heard for SILENT seconds is gone.
HEARTBEAT = 1.0
SILENT = 3.5
# Seconds at most between two heartbeats that list every table of their process.
FULL_EVERY = 10.0
# Seconds at least between two heartbeats sent because the tables changed.
SOONEST = 0.2
# Seconds a process waits for another's answer to a REST question (Peers.ask).
ASK_SECONDS = 5.0
# Seconds a client's message for a table nobody is known to run waits for its owner to
# be heard of (a table another process opened a moment ago) before "no table".
NEW_TABLE_SECONDS = 1.5

Handle = Callable[[Hub, Client, str], Awaitable[None]]
# What a process answers of its own tables when another asks (a question's arguments,
# JSON, to its answer, JSON); a Refusal is told to the asker as it is.
Question = Callable[[dict[str, Any]], Awaitable[Any]]


@dataclass(eq=False)
class RelayedClient(Client):
    """A client whose socket is on process ``peer``, at tables this process runs: what
    the hub sends it goes back to that process (``Peers.reply``)."""

    relayed: ClassVar[bool] = True
    peer: str = ""
    cid: int = 0
    relay: Peers | None = None
    inbox: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    reader: asyncio.Task[None] | None = None

    def send(self, message: ServerMessage | str) -> None:
        if self.dropped or self.relay is None:
            return
        text = message if isinstance(message, str) else encode(message)
        self.relay.reply(self.peer, self.cid, text)


def account_of(data: dict[str, Any] | None) -> Account | None:
    if data is None:
        return None
    return Account(
        id=int(data["id"]),
        name=str(data["name"]),
        balance=int(data["balance"]),
        bot=bool(data["bot"]),
        guest=bool(data["guest"]),
        created_at=datetime.fromisoformat(data["created_at"]),
    )


def account_data(account: Account | None) -> dict[str, Any] | None:
    if account is None:
        return None
    return {
        "id": account.id,
        "name": account.name,
        "balance": account.balance,
        "bot": account.bot,
        "guest": account.guest,
        "created_at": account.created_at.isoformat(),
    }


class Peers:
    """This process among the others of the room: its hub's clients at their tables,
    and their clients at its tables.  ``handle`` answers one client message (the
    server's own, routes.socket.handle)."""

    def __init__(
        self,
        hub: Hub,
        broker: Broker,
        owner: str,
        handle: Handle,
        *,
        heartbeat: float = HEARTBEAT,
        silent: float = SILENT,
    ) -> None:
        self.hub, self.broker, self.owner = hub, broker, owner
        self.handle = handle
        self.heartbeat, self.silent = heartbeat, silent
        hub.peers = self
        self.heard: dict[str, float] = {}  # peer -> when last heard (the loop's time)
        self._checked = 0.0  # when the peers' silence was last judged (the loop's time)
        self.tables_of: dict[str, dict[str, LobbyTable]] = {}  # peer -> its tables
        # The number of the last heartbeat heard of each peer whose tables are known.
        self._beats_of: dict[str, int] = {}
        # This process's heartbeats: the number of the last, the entries it told (by
        # table: the lobby's entry objects, a changed one is a new object), and when
        # the next must tell every table (the loop's time; 0: at once).
        self._beats = 0
        self._beaten: dict[str, LobbyTable] = {}
        self._full_at = 0.0
        self.owner_of: dict[str, str] = {}  # table -> the peer that runs it
        # Clients of this process at tables run elsewhere, by the number they go by.
        self.clients: dict[int, Client] = {}
        self._numbers = count(1)
        # Clients of other processes at tables run here.
        self.relayed: dict[tuple[str, int], RelayedClient] = {}
        # Clients here watching a table of the room no process is known to run now, by
        # table: they watch it where it is run next (await_owner).
        self.waiting: dict[str, set[Client]] = {}
        # Messages waiting for the owner of a table to be heard of, by table: the
        # event set when it is, and how many wait on it (owner_soon).
        self._appeared: dict[str, tuple[asyncio.Event, int]] = {}
        self._outbox: dict[str, list[tuple[int, str]]] = {}
        self._sending: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._changed = asyncio.Event()
        self._local: frozenset[str] = frozenset()
        # The questions this process answers, by name (server/app.py registers them),
        # and its own questions waiting for their answers, by number.
        self.questions: dict[str, Question] = {}
        self._asked: dict[int, asyncio.Future[Any]] = {}
        self._answering: set[asyncio.Task[None]] = set()
        self.ask_seconds = ASK_SECONDS
        self._subscription: Subscription | None = None
        self._tasks: list[asyncio.Task[None]] = []

    # -- running ----------------------------------------------------------------------

    async def start(self) -> None:
        self._subscription = await self.broker.subscribe(CHANNEL, f"to:{self.owner}")
        self._tasks = [
            asyncio.create_task(self._listen(), name="peers: listen"),
            asyncio.create_task(self._send(), name="peers: send"),
            asyncio.create_task(self._beat(), name="peers: heartbeat"),
        ]

    async def stop(self) -> None:
        """Say goodbye (the others forget this process's tables at once), then stop."""
        with contextlib.suppress(Exception):
            await self.broker.publish(CHANNEL, orjson.dumps({"k": "bye", "p": self.owner}))
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            await stop_task(task)
        for relayed in list(self.relayed.values()):
            self._drop(relayed)
        if self._subscription is not None:
            with contextlib.suppress(Exception):
                await self._subscription.close()

    def changed(self) -> None:
        """This process's tables, or how the lobby shows one, changed: a heartbeat soon."""
        self._changed.set()

    def _publish(self, channel: str, message: dict[str, Any] | bytes) -> None:
        data = message if isinstance(message, bytes) else orjson.dumps(message)
        self._sending.put_nowait((channel, data))

    async def _send(self) -> None:
        """Every message this process sends, in order: those waiting, all at once (one
        round trip to Redis, not one a message)."""
        while True:
            batch = [await self._sending.get()]
            while not self._sending.empty():
                batch.append(self._sending.get_nowait())
            try:
                await self.broker.publish_all(batch)
            except Exception:
                log.exception("publishing %d messages failed", len(batch))

    async def _beat(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.heartbeat):  # not wait_for: room/tasks.py
                    await self._changed.wait()
            self._changed.clear()
            try:
                self.hub.room.drop_lapsed()  # none that may be another's by now
                self._tables_here()
                self._publish(CHANNEL, self._heartbeat(loop.time()))
                self._forget_silent(loop.time())
                self._move_watchers()
            except Exception:
                log.exception("a heartbeat failed")
            await asyncio.sleep(SOONEST)

    def _heartbeat(self, now: float) -> dict[str, Any]:
        """The next heartbeat: the tables changed since the last (``t``), those let go
        (``x``), or every table (``full``)."""
        entries = {entry["id"]: entry for entry in self.hub.local_lobby()}
        told, self._beaten = self._beaten, entries
        self._beats += 1
        said: dict[str, Any] = {"k": "hb", "p": self.owner, "n": self._beats}
        if now >= self._full_at:
            self._full_at = now + FULL_EVERY
            said["full"] = True
            said["t"] = list(entries.values())
            return said
        said["t"] = [entry for key, entry in entries.items() if told.get(key) is not entry]
        said["x"] = [key for key in told if key not in entries]
        return said

    def _tables_here(self) -> None:
        """Tables taken up or let go since the last heartbeat: the lobby reads them again."""
        now = frozenset(self.hub.room.tables)
        for table_id in now ^ self._local:
            self.hub.lobby_changed(table_id)
        if now - self._local:
            self._claim_local(now - self._local)
        self._local = now

    async def _listen(self) -> None:
        assert self._subscription is not None
        while True:
            message = await self._subscription.get()
            if message is None:
                continue
            channel, data = message
            try:
                said = orjson.loads(data)
                if channel == CHANNEL:
                    self._heard(said)
                else:
                    self._received(said)
            except Exception:
                log.exception("a message from a peer failed")

    # -- what the others say ----------------------------------------------------------

    def _heard(self, said: dict[str, Any]) -> None:
        peer = said["p"]
        if peer == self.owner:
            return
        if said["k"] == "bye":
            self._gone(peer)
            return
        if said["k"] == "full?":  # a peer that does not know this process's tables
            if said["w"] == self.owner:
                self._full_at = 0.0
                self.changed()
            return
        self.heard[peer] = asyncio.get_running_loop().time()
        number = said.get("n")
        before = self.tables_of.get(peer)
        told = {entry["id"]: entry for entry in said["t"]}
        if said.get("full") or number is None:
            entries = told
            gone = [table_id for table_id in before or () if table_id not in entries]
            changed = before != entries
        elif before is not None and number == self._beats_of.get(peer, 0) + 1:
            entries = before  # changed in place: a few of its hundreds of tables
            entries.update(told)
            gone = [table_id for table_id in said["x"] if table_id in entries]
            for table_id in gone:
                del entries[table_id]
            changed = bool(told or gone)
        else:
            # Come later than its last full heartbeat, or one was missed: this one's
            # changes alone are not its tables.  Its next heartbeat lists them all.
            self._beats_of.pop(peer, None)
            self._publish(CHANNEL, {"k": "full?", "p": self.owner, "w": peer})
            return
        self._beats_of[peer] = int(number or 0)
        self.tables_of[peer] = entries
        moved = []
        for table_id in told:
            if self.owner_of.get(table_id) != peer:
                self.owner_of[table_id] = peer
                moved.append(table_id)
        for table_id in gone:
            if self.owner_of.get(table_id) == peer:
                del self.owner_of[table_id]
        if changed:
            self.hub.remote_changed()
        for table_id in moved:
            self._appear(table_id)
            self._rewatch(table_id, peer)

    def _forget_silent(self, now: float) -> None:
        # This process's own stall (a busy loop, a pause) is no peer's silence: the
        # heartbeats it could not read meanwhile are waiting for it.
        stalled = now - self._checked - self.heartbeat - SOONEST if self._checked else 0.0
        self._checked = now
        if stalled > self.heartbeat:
            for peer in self.heard:
                self.heard[peer] += stalled
        for peer, when in list(self.heard.items()):
            if now - when > self.silent:
                log.warning("process %s is not heard from: gone", peer)
                self._gone(peer)

    def _gone(self, peer: str) -> None:
        self.heard.pop(peer, None)
        self._beats_of.pop(peer, None)
        if self.tables_of.pop(peer, None) is not None:
            self.hub.remote_changed()
        for table_id in [t for t, p in self.owner_of.items() if p == peer]:
            del self.owner_of[table_id]
        for key in [key for key in self.relayed if key[0] == peer]:
            self._drop(self.relayed[key])

    def _received(self, said: dict[str, Any]) -> None:
        kind = said["k"]
        if kind == "r":  # messages for clients of this process
            for number, text in said["m"]:
                client = self.clients.get(number)
                if client is not None:
                    client.send(text)
            return
        if kind == "ask":
            task = asyncio.create_task(self._answer(said))
            self._answering.add(task)
            task.add_done_callback(self._answering.discard)
            return
        if kind == "told":
            self._told(said)
            return
        key = (said["p"], int(said["c"]))
        relayed = self.relayed.get(key)
        if kind == "m":
            if relayed is None:
                relayed = self._relayed(said)
            else:
                self._update(relayed, said)
            relayed.inbox.put_nowait(said["t"])
            if relayed.reader is None or relayed.reader.done():
                relayed.reader = asyncio.create_task(self._read(relayed))
        elif relayed is not None and kind == "gone":
            self._drop(relayed)
        elif relayed is not None and kind == "out":
            relayed.account, relayed.session, relayed.expires = None, None, None
            self.hub.absent(relayed)
        elif relayed is not None and kind == "lang":
            relayed.lang = said["l"]

    def _relayed(self, said: dict[str, Any]) -> RelayedClient:
        expires = said.get("e")
        relayed = RelayedClient(
            account_of(said.get("a")),
            said["l"],
            session=said.get("s"),
            expires=None if expires is None else datetime.fromisoformat(expires),
            address=f"peer {said['p']}",
            peer=said["p"],
            cid=int(said["c"]),
            relay=self,
        )
        self.relayed[(relayed.peer, relayed.cid)] = relayed
        self.hub.connect(relayed)  # its account is connected here too (R8.3)
        return relayed

    def _update(self, relayed: RelayedClient, said: dict[str, Any]) -> None:
        relayed.lang = said["l"]
        account = account_of(said.get("a"))
        if (relayed.account is None) != (account is None):
            if account is None:
                self.hub.absent(relayed)
            relayed.account = account
            if account is not None:
                self.hub.present(relayed)
        elif account is not None:
            relayed.account = account

    async def _read(self, relayed: RelayedClient) -> None:
        """A relayed client's messages, one at a time, in the order sent."""
        while not relayed.inbox.empty() and not relayed.dropped:
            text = relayed.inbox.get_nowait()
            try:
                await self.handle(self.hub, relayed, text)
            except Exception:
                log.exception("a relayed client's message failed")

    def _drop(self, relayed: RelayedClient) -> None:
        self.relayed.pop((relayed.peer, relayed.cid), None)
        self.hub.disconnect(relayed)
        if relayed.reader is not None:
            relayed.reader.cancel()

    def reply(self, peer: str, number: int, text: str) -> None:
        """Queue ``text`` for client ``number`` of ``peer``: sent with the others of
        this turn of the loop, one message a peer."""
        if not self._outbox:
            asyncio.get_running_loop().call_soon(self._flush)
        self._outbox.setdefault(peer, []).append((number, text))

    def _flush(self) -> None:
        outbox, self._outbox = self._outbox, {}
        for peer, messages in outbox.items():
            self._publish(f"to:{peer}", {"k": "r", "m": messages})

    # -- REST questions about tables run elsewhere ------------------------------------

    async def ask(self, peer: str, question: str, args: dict[str, Any]) -> Any:
        """``peer``'s answer to ``question`` about its tables; its refusal raised as
        it made it; a 503 ``busy`` (Busy) when it does not answer in
        :attr:`ask_seconds` (it died or is stopping: its tables move in a few seconds)."""
        number = next(self._numbers)
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._asked[number] = answer
        said = {"k": "ask", "p": self.owner, "q": number, "w": question, "a": args}
        self._publish(f"to:{peer}", said)
        try:
            async with asyncio.timeout(self.ask_seconds):  # not wait_for: room/tasks.py
                return await answer
        except TimeoutError:
            raise Busy(
                "the process that runs the table did not answer: try again", 1.0, "table_owner"
            ) from None
        finally:
            self._asked.pop(number, None)

    async def ask_owner(self, table_id: str, question: str, args: dict[str, Any]) -> Any:
        """The answer of the process that runs ``table_id``: a 404 ``no_table`` for a
        table the room does not keep, a 503 ``busy`` for one between owners."""
        owner = self.owner_of.get(table_id)
        if owner is None:
            if table_id in self.hub.room.known_tables:
                raise Busy(f"table {table_id} is changing hands: try again", 1.0, "table_owner")
            raise refused(RoomError(f"no table {table_id!r}", "no_table", table=table_id))
        return await self.ask(owner, question, {"table": table_id, **args})

    def loads(self) -> dict[str, int]:
        """How many tables each other process runs (its last heartbeat's), by name: a
        tournament's tables are opened where the fewest run."""
        return {peer: len(tables) for peer, tables in self.tables_of.items()}

    async def seats_of(self, account_id: int) -> dict[str, int]:
        """The seats ``account_id`` holds at tables every other process runs, by
        table; a process that does not answer in time is left out."""
        peers = sorted(self.tables_of)
        answers = await asyncio.gather(
            *(self.ask(peer, "seats", {"account": account_id}) for peer in peers),
            return_exceptions=True,
        )
        seats: dict[str, int] = {}
        for peer, answer in zip(peers, answers, strict=True):
            if isinstance(answer, BaseException):
                log.warning("process %s did not say the seats of %d: %s", peer, account_id, answer)
                continue
            seats.update(answer)
        return seats

    async def _answer(self, said: dict[str, Any]) -> None:
        """Answer another process's question (it waits for no more than a few seconds)."""
        reply: dict[str, Any] = {"k": "told", "q": said["q"]}
        try:
            question = self.questions[said["w"]]
            reply["v"] = await question(said["a"])
        except Refusal as error:
            reply["e"] = {"detail": error.detail, "code": error.code, "params": error.params}
        except RoomError as error:
            reply["e"] = {"detail": str(error), "code": error.code, "params": error.params}
        except Exception:
            log.exception("answering %s of %s failed", said.get("w"), said.get("p"))
            return  # the asker is told it is busy when its wait is over
        self._publish(f"to:{said['p']}", reply)

    def _told(self, said: dict[str, Any]) -> None:
        answer = self._asked.get(int(said["q"]))
        if answer is None or answer.done():
            return  # asked too long ago: the asker gave up
        if "e" in said:
            error = said["e"]
            answer.set_exception(Refusal(error["detail"], error["code"], error["params"]))
        else:
            answer.set_result(said["v"])

    # -- this process's clients at tables run elsewhere --------------------------------

    def number(self, client: Client) -> int:
        if client.relay_id == 0:
            client.relay_id = next(self._numbers)
        self.clients[client.relay_id] = client
        return client.relay_id

    def forward(self, client: Client, owner: str, table_id: str, text: str, *, watch: bool) -> None:
        """Send a client's message for ``table_id`` to the process that runs it."""
        if watch:
            client.remote[table_id] = owner
        else:
            client.remote.pop(table_id, None)
        expires = client.expires
        message = {
            "k": "m",
            "p": self.owner,
            "c": self.number(client),
            "a": account_data(client.account),
            "s": client.session,
            "e": None if expires is None else expires.isoformat(),
            "l": client.lang,
            "t": text,
        }
        self._publish(f"to:{owner}", message)

    def language(self, client: Client) -> None:
        """The client reads another language now: so do the owners of its tables."""
        said = {"k": "lang", "p": self.owner, "c": client.relay_id, "l": client.lang}
        for owner in set(client.remote.values()):
            self._publish(f"to:{owner}", said)

    def logged_out(self, client: Client) -> None:
        for owner in set(client.remote.values()):
            self._publish(f"to:{owner}", {"k": "out", "p": self.owner, "c": client.relay_id})

    def disconnected(self, client: Client) -> None:
        """The client's socket closed: the owners of its tables forget it."""
        for waiting in self.waiting.values():
            waiting.discard(client)
        if client.relay_id == 0:
            return
        self.clients.pop(client.relay_id, None)
        for owner in set(client.remote.values()):
            self._publish(f"to:{owner}", {"k": "gone", "p": self.owner, "c": client.relay_id})
        client.remote.clear()

    def _watch_text(self, table_id: str) -> str:
        return encode({"type": "watch", "table": table_id})

    async def owner_soon(self, table_id: str, seconds: float = NEW_TABLE_SECONDS) -> str | None:
        """The process that runs ``table_id``, waiting up to ``seconds`` to hear of it
        (None: this process runs it, or nobody is heard to): a table another process
        opened a moment ago, whose opener's client sent its ``sit`` to this process
        before that process's heartbeat came."""
        owner = self.owner_of.get(table_id)
        if owner is not None or table_id in self.hub.room.tables:
            return owner
        event, waiting = self._appeared.get(table_id, (asyncio.Event(), 0))
        self._appeared[table_id] = (event, waiting + 1)
        try:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(seconds):  # not wait_for: room/tasks.py
                    await event.wait()
        finally:
            event, waiting = self._appeared[table_id]
            if waiting == 1:
                del self._appeared[table_id]
            else:
                self._appeared[table_id] = (event, waiting - 1)
        return self.owner_of.get(table_id)

    def _appear(self, table_id: str) -> None:
        waited = self._appeared.get(table_id)
        if waited is not None:
            waited[0].set()

    def await_owner(self, client: Client, table_id: str) -> bool:
        """Whether ``table_id`` is a table of the room that no process is known to run
        now: its owner died or let it go and another takes it up within a lease, or this
        process started a moment ago and has not heard its owner yet.  The client then
        watches it where it is run next, rather than being told there is no such table
        (a browser coming back after a kill -9 or a rolling restart).  A client of
        another process whose watch came here, where the table was run a moment ago,
        waits too: its own process moves it once it hears the new owner."""
        if table_id not in self.hub.room.known_tables:
            return False
        self.waiting.setdefault(table_id, set()).add(client)
        return True

    def _rewatch(self, table_id: str, owner: str) -> None:
        """``owner`` runs ``table_id`` now: the clients here that watched it elsewhere,
        or waited for it to be run, watch it there."""
        for client in list(self.clients.values()):
            was = client.remote.get(table_id)
            if was is not None and was != owner and not client.dropped:
                self.forward(client, owner, table_id, self._watch_text(table_id), watch=True)
        for client in self.waiting.pop(table_id, ()):
            if not client.dropped and not client.relayed:
                self.forward(client, owner, table_id, self._watch_text(table_id), watch=True)

    def _claim_local(self, tables: frozenset[str]) -> None:
        """Tables this process took up: the clients here that watched them elsewhere
        watch them here."""
        for table_id in tables:
            self._appear(table_id)
        for client in list(self.clients.values()):
            for table_id in tables:
                if client.remote.pop(table_id, None) is not None and not client.dropped:
                    with contextlib.suppress(Exception):
                        self.hub.watch(client, table_id)
        for table_id in tables:
            for client in self.waiting.pop(table_id, ()):
                if not client.dropped:
                    with contextlib.suppress(Exception):
                        self.hub.watch(client, table_id)

    def _move_watchers(self) -> None:
        """Tables this process let go of, whose new owner is known: the clients here
        that watched them here watch them there."""
        for table_id, owner in list(self.owner_of.items()):
            if table_id in self.hub.room.tables:
                continue
            for client in self.hub.watchers(table_id):
                if client.relayed:
                    self.hub.unwatch(client, table_id)  # its own process moves it
                    continue
                self.hub.unwatch(client, table_id)
                self.forward(client, owner, table_id, self._watch_text(table_id), watch=True)
