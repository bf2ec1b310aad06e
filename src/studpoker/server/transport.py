"""The HTTP connection under the room: uvicorn's h11 protocol with two limits of its
own — a time limit on a request's headers, so that a client that opens connections and
sends half a request (slowloris) is cut off after ``header_seconds`` instead of holding
them forever (uvicorn limits only the idle time between requests), and a number of
connections one address may hold open, refused as they are made, before a byte of
HTTP is read (a flood of sockets costs the room a close, not a handshake each).  Behind
a trusted reverse proxy that number is counted by the client the proxy names, once a
request's headers are read (server/proxies.py)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import socket
import threading
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

from studpoker.server.connections import WRITE_NOW
from studpoker.server.proxies import Network, TrustedProxies

__all__ = [
    "NoQuery",
    "RoomProtocol",
    "RoomServer",
    "RoomWebSocket",
    "listen",
    "room_protocol",
]

# How long a stopping server gives the sockets to send what the room's stop told them.
TELL_SECONDS = 2.0


class RoomProtocol(H11Protocol):
    """h11 that refuses a connection from an address holding
    :attr:`connections_per_address` open already, and closes one whose request's
    headers have not all come within :attr:`header_seconds` of the connection (or of
    the last response).

    A connection from one of :attr:`proxies` (``--trusted-proxies``) is the proxy's,
    which carries the requests of many clients: it counts for nobody as it is made,
    and for the client its proxy names (server/proxies.py) once a request's headers
    are read — while the request is answered, or for as long as a WebSocket is open.
    One over that client's number is answered 429 and closed."""

    header_seconds = 10.0
    connections_per_address = 40
    proxies: ClassVar[TrustedProxies] = TrustedProxies(())
    # The open connections of each address (HTTP or, once upgraded, WebSocket): shared
    # by every connection of one server (a class of its own, room_protocol()).
    _open: ClassVar[dict[str, set[asyncio.BaseTransport]]] = {}

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._refused = False
        self._header_timer: asyncio.TimerHandle | None = None
        self._address: str | None = None  # the address it counts for, while it does
        peer = transport.get_extra_info("peername")
        self._peer = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        self._proxied = bool(self.proxies) and self.proxies.trusts(self._peer)
        if not self._proxied and not self._hold(self._peer, transport):
            self._refused = True
            transport.abort()
            return
        super().connection_made(transport)
        if self._proxied:
            self._room_app = self.app
            self.app = self._counted
        self._arm()

    def _hold(self, address: str, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport`` for ``address``; False if that address holds its number."""
        open_here = self._open.setdefault(address, set())
        for gone in [t for t in open_here if t.is_closing()]:
            open_here.discard(gone)
        if len(open_here) >= self.connections_per_address:
            if not open_here:
                del self._open[address]
            return False
        open_here.add(transport)
        self._address = address
        return True

    def _let_go(self) -> None:
        """Count this connection for nobody any more."""
        if self._address is None:
            return
        open_here = self._open.get(self._address)
        if open_here is not None:
            open_here.discard(self.transport)
            if not open_here:
                del self._open[self._address]
        self._address = None

    def _too_many(self) -> tuple[list[tuple[bytes, bytes]], bytes]:
        """The headers and body of the 429 that refuses a client over its number."""
        body = (
            f"too many connections from your address: {self.connections_per_address} "
            "at most; close one first"
        ).encode()
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        return headers, body

    async def _counted(self, scope: Any, receive: Any, send: Any) -> None:
        """The room, for a request that came through a trusted proxy: counted for its
        client while it is answered (until on_response_complete)."""
        if self._hold(self.proxies.client(self._peer, scope["headers"]), self.transport):
            await self._room_app(scope, receive, send)
            return
        headers, body = self._too_many()
        await send({"type": "http.response.start", "status": 429, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """A WebSocket through a trusted proxy counts for its client for as long as it
        is open (it is pruned once closing, as every upgraded connection is)."""
        if self._proxied and not self._hold(
            self.proxies.client(self._peer, self.headers), self.transport
        ):
            headers, body = self._too_many()
            refusal = (
                h11.Response(status_code=429, headers=headers),
                h11.Data(data=body),
                h11.EndOfMessage(),
            )
            for part in refusal:
                self.transport.write(self.conn.send(part) or b"")
            self.transport.close()
            return
        super().handle_websocket_upgrade(event)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_seconds, self._headers_late)

    def _disarm(self) -> None:
        timer = getattr(self, "_header_timer", None)
        if timer is not None:
            timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        transport = self.transport
        if transport.is_closing() or transport.get_protocol() is not self:
            return  # closed, or now a WebSocket's
        if self.conn.their_state is h11.IDLE:  # the request line and headers are not in
            transport.close()

    def on_response_complete(self) -> None:
        if self._proxied:
            self._let_go()  # idle between requests, the proxy's connection is nobody's
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this connection gets the same time

    def connection_lost(self, exc: Exception | None) -> None:
        if self._refused:
            return
        self._disarm()
        super().connection_lost(exc)
        self._let_go()


def room_protocol(
    header_seconds: float,
    connections_per_address: int,
    trusted_proxies: Iterable[Network | str] = (),
) -> type[RoomProtocol]:
    """The protocol class to give uvicorn (``http=``) for one server; the connections
    of ``trusted_proxies`` count for the clients they forward for."""
    attributes: dict[str, Any] = {
        "header_seconds": float(header_seconds),
        "connections_per_address": int(connections_per_address),
        "proxies": TrustedProxies(trusted_proxies),
        "_open": {},
    }
    return type("RoomProtocol", (RoomProtocol,), attributes)


class NoQuery(logging.Filter):
    """Drops the query string from the paths uvicorn logs: its access lines (client,
    method, path with query, HTTP version, status) and its WebSocket lines (client,
    path with query)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if not isinstance(args, tuple):
            return True
        if len(args) == 5 and isinstance(args[2], str):
            record.args = (args[0], args[1], args[2].partition("?")[0], args[3], args[4])
        elif "WebSocket %s" in str(record.msg) and len(args) >= 2 and isinstance(args[1], str):
            record.args = (args[0], args[1].partition("?")[0], *args[2:])
        return True


class RoomWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket, which also lets the room write a text message on
    it at once (``write_now``, given in the ASGI scope under WRITE_NOW): what ASGI's
    ``send`` does, without a task woken and a coroutine and future made for every
    message (a busy room sends thousands a second, and those short-lived objects are
    most of what its garbage collector has to look at)."""

    async def run_asgi(self) -> None:
        self.scope[WRITE_NOW] = self.write_now  # type: ignore[literal-required]
        await super().run_asgi()

    def write_now(self, text: str) -> bool:
        """Write ``text`` as a message now; False if the socket does not take one at
        once (paused by a client that reads slowly, not open yet, closing): the room
        then queues it for ASGI's ``send``, which waits."""
        if (
            not self.writable.is_set()
            or not self.handshake_complete
            or self.close_sent
            or self.initial_response is not None
            or self.transport.is_closing()
        ):
            return False
        try:
            self.conn.send_text(text.encode())
        except InvalidState:  # closed from the other side
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True


# The collector's thresholds for a serving room (gc.set_threshold): Python's own for the
# youngest generation; the middle one collected every 2 of those, not 10 (at 2,500
# sockets a process its pauses were 25-50 ms, now 10-25 ms, for the same CPU); and a
# full collection only after 50,000 of the middle one's (hours apart on a busy room: one
# takes most of a second, and finds a few hundred objects).
GC_THRESHOLDS = (700, 2, 50_000)


def quiet_collector() -> None:
    """The garbage collector of a serving room, kept from pausing it: what the process
    holds once it serves (its code, its tables) frozen out of every collection, and
    the thresholds of :data:`GC_THRESHOLDS`.  Measured with 2,500 clients a process
    (docs/benchmarks.md, "The room on two processes"): a full collection every 9 s
    took 0.8 s, the p99 of an action 1.6 s."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` and ``port``, bound before the room opens its
    database: a second room started on a taken port stops here, having touched nothing.
    Inheritable, so that the processes of ``--workers`` serve it (server/supervisor.py)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        # SO_REUSEADDR lets a restarted room bind while the old connections time out;
        # it never lets two rooms listen on one port (that is SO_REUSEPORT).
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except BaseException:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


class RoomServer(uvicorn.Server):
    """uvicorn's server, stopping the room before it closes the connections: a hand
    being played is void when the room stops (``Room.stop``), and its players are told
    so (``hand_cancelled``) on their sockets while they are still open — uvicorn alone
    closes every connection first and stops the application after.  ``ready``, if
    set, is set once it serves (server/supervisor.py waits for it).

    A stop asked by Ctrl-C or SIGTERM ends there, quietly: uvicorn raises the signal
    again once it has stopped (a KeyboardInterrupt's traceback after an orderly stop);
    here :attr:`stopped_by` names it and the process ends as it chooses."""

    ready: Any = None
    stopped_by: str | None = None

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        handled = (signal.SIGINT, signal.SIGTERM)
        before = {number: signal.signal(number, self.handle_exit) for number in handled}
        try:
            yield
        finally:
            for number, handler in before.items():
                signal.signal(number, handler)
        captured = getattr(self, "_captured_signals", [])
        if captured:
            self.stopped_by = signal.Signals(captured[0]).name

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            quiet_collector()
        if self.ready is not None and self.started:
            self.ready.set()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        app = self.config.app
        state = getattr(app, "state", None)
        room, hub = getattr(state, "room", None), getattr(state, "hub", None)
        if room is not None:
            try:
                await room.stop()
                if hub is not None:
                    await hub.drain(TELL_SECONDS)
            except Exception:  # the connections are closed whatever happened
                logging.getLogger(__name__).exception("stopping the room failed")
        await super().shutdown(sockets)
