"""The room behind a reverse proxy (server/proxies.py, docs/security.md): the client a
trusted proxy names in ``X-Forwarded-For`` or ``Forwarded`` is the address every limit
counts; anyone else's headers are never read, and no header, however written, is an
error.  The connections of a trusted proxy count for the clients it forwards for
(server/transport.py).  tests/server/test_nginx.py puts a real nginx in front."""

from __future__ import annotations

import dataclasses
import ipaddress
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from studpoker.room import Room
from studpoker.server import create_app
from studpoker.server.limits import LIMITS, Limits, Rate
from studpoker.server.proxies import Origin, ProxyHeaders, TrustedProxies
from studpoker.server.transport import room_protocol
from studpoker.store import Store

from .conftest import Server

PROXIES = TrustedProxies(["127.0.0.1", "10.0.0.0/8", "2001:db8:ffff::/48"])


def xff(value: str) -> list[tuple[bytes, bytes]]:
    return [(b"x-forwarded-for", value.encode("latin-1"))]


def forwarded(*lines: str) -> list[tuple[bytes, bytes]]:
    return [(b"forwarded", line.encode("latin-1")) for line in lines]


# -- whom a request is from ------------------------------------------------------------


def test_a_proxy_s_client_is_the_rightmost_address_that_is_no_proxy():
    # Each proxy adds the address it was connected from: a client behind two of ours
    # (10.0.0.9, then 127.0.0.1) is the address before them; what it wrote itself, the
    # addresses further left, is never read.
    assert PROXIES.client("127.0.0.1", xff("203.0.113.7")) == "203.0.113.7"
    assert PROXIES.client("127.0.0.1", xff("6.6.6.6, 203.0.113.7, 10.0.0.9")) == "203.0.113.7"
    assert PROXIES.client("127.0.0.1", xff("1.1.1.1,2.2.2.2,   203.0.113.7 ,10.2.3.4")) == (
        "203.0.113.7"
    )
    # One hop a header line, as some proxies write them: read as one list, in order.
    lines = [(b"x-forwarded-for", b"6.6.6.6"), (b"x-forwarded-for", b"203.0.113.7, 10.0.0.9")]
    assert PROXIES.client("127.0.0.1", lines) == "203.0.113.7"
    assert PROXIES.origin("127.0.0.1", xff("203.0.113.7:4711")) == Origin("203.0.113.7", 4711)


def test_a_request_made_on_a_proxy_s_own_machine_is_that_machine_s():
    # Every address a proxy of ours: nothing outside sent it (a health check, or curl on
    # the proxy's machine); the first of them is where it began.
    assert PROXIES.client("127.0.0.1", xff("10.0.0.3, 10.0.0.9")) == "10.0.0.3"
    assert PROXIES.client("127.0.0.1", xff("127.0.0.1")) == "127.0.0.1"


def test_a_proxy_without_a_forwarding_header_is_its_own_client():
    assert PROXIES.origin("127.0.0.1", []) is None
    assert PROXIES.client("127.0.0.1", [(b"x-real-ip", b"203.0.113.7")]) == "127.0.0.1"


def test_an_untrusted_peer_s_headers_are_not_read():
    headers = xff("10.0.0.1, 203.0.113.7") + forwarded("for=203.0.113.8")
    headers += [(b"x-forwarded-proto", b"https")]
    assert PROXIES.origin("198.51.100.4", headers) is None
    assert PROXIES.client("198.51.100.4", headers) == "198.51.100.4"
    assert TrustedProxies([]).client("127.0.0.1", headers) == "127.0.0.1"


@pytest.mark.parametrize(
    ("lines", "client"),
    [
        (["for=192.0.2.60;proto=http;by=203.0.113.43"], Origin("192.0.2.60", 0, "http")),
        (['for="[2001:db8:cafe::17]:4711"'], Origin("2001:db8:cafe::17", 4711)),
        (['For="[2001:DB8:CAFE::17]"; PROTO=HTTPS'], Origin("2001:db8:cafe::17", 0, "https")),
        (["for=192.0.2.43, for=198.51.100.17;proto=https"], Origin("198.51.100.17", 0, "https")),
        (["for=192.0.2.43", "for=198.51.100.17, for=10.0.0.2"], Origin("198.51.100.17")),
        (['for="192.0.2.43:_p1"'], Origin("192.0.2.43")),
        (["for=192.0.2.43,,for=10.0.0.2,"], Origin("192.0.2.43")),
        (['for="[2001:db8:ffff::1]", for=10.0.0.2'], Origin("2001:db8:ffff::1")),
    ],
)
def test_forwarded_names_the_client_as_rfc_7239_writes_it(lines: list[str], client: Origin):
    assert PROXIES.origin("127.0.0.1", forwarded(*lines)) == client


def test_x_forwarded_for_is_read_before_forwarded():
    # nginx and Caddy set X-Forwarded-For and pass a client's Forwarded header on as it
    # was sent: were Forwarded read first, a client behind them would choose its address.
    headers = forwarded("for=6.6.6.6") + xff("6.6.6.6, 203.0.113.7")
    assert PROXIES.client("127.0.0.1", headers) == "203.0.113.7"


@pytest.mark.parametrize(
    "headers",
    [
        forwarded("for=unknown"),
        forwarded("for=_hidden"),
        forwarded('for="_gazonk"'),
        # An obfuscated hop in the middle hides who is behind it; what is further left
        # is no proxy's word.
        forwarded("for=6.6.6.6, for=_hidden, for=10.0.0.2"),
        forwarded("proto=https"),
        xff("6.6.6.6, unknown"),
    ],
)
def test_an_unknown_or_obfuscated_client_leaves_the_peer_s_address(headers: Any):
    assert PROXIES.origin("127.0.0.1", headers) is None


@pytest.mark.parametrize(
    "headers",
    [
        xff(""),
        xff(" , "),
        xff("203.0.113.7, garbage"),
        xff("203.0.113.300"),
        xff("1.2.3.4.5"),
        xff("[2001:db8::1"),
        xff("[2001:db8::1]x"),
        xff("[2001:db8::1]:port"),
        xff("203.0.113.7:99999"),
        xff("203.0.113.7:-1"),
        xff("2001:db8::1]:80"),
        xff("example.org"),
        xff("\x00\xff"),
        forwarded('for="203.0.113.7'),  # an unclosed quote would swallow the rest
        forwarded('for="203.0.113.7, for=198.51.100.9'),
        forwarded("for=203.0.113.7;for=198.51.100.9"),  # a parameter twice
        forwarded("for"),
        forwarded("for=;proto=https"),
        forwarded("=203.0.113.7"),
        forwarded("for=203.0.113.7 garbage"),
        forwarded('for=203.0.113.7"'),
        forwarded(";;;"),
        forwarded(""),
    ],
)
def test_a_malformed_header_leaves_the_peer_s_address(headers: Any):
    assert PROXIES.origin("127.0.0.1", headers) is None
    assert PROXIES.client("127.0.0.1", headers) == "127.0.0.1"


def test_one_address_however_written():
    # The limits count each client once: however a proxy writes its address.
    assert PROXIES.client("127.0.0.1", xff("2001:DB8:0:0::0001")) == "2001:db8::1"
    assert PROXIES.client("127.0.0.1", xff("[2001:db8::1]:80")) == "2001:db8::1"
    assert PROXIES.client("127.0.0.1", xff("::ffff:203.0.113.7")) == "203.0.113.7"
    # A proxy seen on a socket of both families (IPv4 mapped into IPv6) is the same proxy.
    assert PROXIES.client("::ffff:127.0.0.1", xff("203.0.113.7")) == "203.0.113.7"
    assert PROXIES.client("127.0.0.1", xff("203.0.113.7, ::ffff:10.0.0.2")) == "203.0.113.7"


def test_proxies_are_addresses_and_networks_never_names():
    proxies = TrustedProxies(["10.0.0.0/8", "::1", ipaddress.ip_network("192.0.2.0/24")])
    assert [proxies.trusts(host) for host in ("10.255.0.1", "::1", "192.0.2.9")] == [True] * 3
    assert [proxies.trusts(host) for host in ("11.0.0.1", "::2", "localhost", "")] == [False] * 4
    assert not TrustedProxies([])
    assert TrustedProxies(["::1"])
    assert repr(proxies) == "TrustedProxies(['10.0.0.0/8', '::1/128', '192.0.2.0/24'])"


# -- properties ---------------------------------------------------------------------------

HEADER_NAMES = st.sampled_from(
    [b"x-forwarded-for", b"forwarded", b"x-forwarded-proto", b"x-real-ip", b"host"]
)
HEADERS = st.lists(st.tuples(HEADER_NAMES, st.binary(max_size=80)), max_size=6)
WRITTEN = st.lists(
    st.one_of(
        st.ip_addresses().map(str),
        st.sampled_from(["127.0.0.1", "10.0.0.2", "unknown", "_x", "[::1]:80", '"', ";", "="]),
        st.text(max_size=12),
    ),
    max_size=6,
).map(", ".join)
UNTRUSTED = st.ip_addresses().filter(lambda ip: not PROXIES.trusts(str(ip))).map(str)


@given(peer=UNTRUSTED, headers=HEADERS)
def test_an_untrusted_peer_s_headers_never_change_its_address(peer: str, headers: Any):
    scope = {"type": "http", "client": (peer, 5000), "scheme": "http", "headers": headers}
    seen = run_middleware(scope)
    assert seen["client"] == (peer, 5000)
    assert seen["scheme"] == "http"


@given(claimed=WRITTEN, client=UNTRUSTED)
def test_what_a_client_writes_never_hides_its_address(claimed: str, client: str):
    # The client's own X-Forwarded-For, then its address as our proxy adds it.
    header = f"{claimed}, {client}".encode("latin-1", "replace")
    ip = ipaddress.ip_address(client)
    mapped = getattr(ip, "ipv4_mapped", None)
    expected = str(mapped or ip)
    assert PROXIES.client("127.0.0.1", [(b"x-forwarded-for", header)]) == expected
    # Another proxy of ours between them changes nothing.
    header += b", 10.0.0.2"
    assert PROXIES.client("127.0.0.1", [(b"x-forwarded-for", header)]) == expected


@given(headers=HEADERS)
def test_whatever_a_proxy_sends_is_its_address_or_another(headers: Any):
    found = PROXIES.client("127.0.0.1", headers)
    assert found == "127.0.0.1" or ipaddress.ip_address(found)


# -- the middleware ---------------------------------------------------------------------


def run_middleware(scope: dict[str, Any], proxies: TrustedProxies = PROXIES) -> dict[str, Any]:
    """The scope the room sees under ProxyHeaders."""
    import asyncio

    seen: dict[str, Any] = {}

    async def room(scope: Any, _receive: Any, _send: Any) -> None:
        seen.update(scope)

    asyncio.run(ProxyHeaders(room, proxies)(scope, None, None))
    return seen


def test_the_room_sees_the_client_and_its_scheme():
    headers = [*xff("203.0.113.7"), (b"x-forwarded-proto", b"https")]
    http = {"type": "http", "client": ("127.0.0.1", 5000), "scheme": "http", "headers": headers}
    seen = run_middleware(http)
    assert (seen["client"], seen["scheme"]) == (("203.0.113.7", 0), "https")
    assert http["client"] == ("203.0.113.7", 0)  # in place: uvicorn's access log shows it
    socket_scope = dict(http, type="websocket", client=("127.0.0.1", 5001), scheme="ws")
    assert run_middleware(socket_scope)["scheme"] == "wss"
    with_proto = forwarded("for=203.0.113.7;proto=http")
    again = dict(socket_scope, client=("127.0.0.1", 5002), headers=with_proto, scheme="wss")
    assert run_middleware(again)["scheme"] == "ws"


@pytest.mark.parametrize("proto", [b"gopher", b"https, http", b""])
def test_a_scheme_the_room_does_not_know_is_left_as_it_was(proto: bytes):
    headers = [*xff("203.0.113.7"), (b"x-forwarded-proto", proto)]
    scope = {"type": "http", "client": ("127.0.0.1", 5000), "scheme": "http", "headers": headers}
    assert run_middleware(scope)["scheme"] == "http"


def test_lifespan_and_a_scope_without_a_client_pass_through():
    assert run_middleware({"type": "lifespan"}) == {"type": "lifespan"}
    scope = {"type": "http", "client": None, "scheme": "http", "headers": xff("203.0.113.7")}
    assert run_middleware(scope)["client"] is None


# -- the room's limits ------------------------------------------------------------------

TIGHT = dataclasses.replace(LIMITS, guest_per_address=Rate(2, 600.0))


def test_every_limit_by_address_counts_the_client_a_proxy_names():
    room = Room(Store("sqlite://"), seed=1, pause=0.0, default_tables=False)
    app = create_app(room, limits=TIGHT, trusted_proxies=["127.0.0.1"])
    with TestClient(app, client=("127.0.0.1", 40000)) as proxy:
        answers = [
            proxy.post("/api/guests", headers={"X-Forwarded-For": "203.0.113.7"}).status_code
            for _ in range(3)
        ]
        assert answers == [201, 201, 429]
        other = proxy.post("/api/guests", headers={"X-Forwarded-For": "203.0.113.8"})
        assert other.status_code == 201
    with TestClient(app, client=("198.51.100.4", 40000)) as forger:
        answers = [
            forger.post("/api/guests", headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code
            for n in range(20, 23)
        ]
        assert answers == [201, 201, 429]


# -- connections, on a real server ---------------------------------------------------------

TRUSTED = ["127.0.0.1"]
FEW = dataclasses.replace(LIMITS, connections_per_address=3)


@contextmanager
def behind_a_proxy(limits: Limits = FEW) -> Iterator[Server]:
    """A room served as ``stud serve --trusted-proxies 127.0.0.1`` serves it: its
    proxy's connections counted for the clients they carry, and uvicorn's own reading
    of X-Forwarded-For (which trusts 127.0.0.1 by default) off."""
    room = Room(Store("sqlite://"), seed=1, pause=0.0, default_tables=False)
    server = Server(room, limits, trusted_proxies=TRUSTED)
    config = server.server.config
    config.http = room_protocol(limits.header_seconds, limits.connections_per_address, TRUSTED)
    config.proxy_headers = False
    with server:
        yield server


def from_address(source: str, port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))


def websocket(source: str, port: int, client: str) -> ClientConnection:
    """A WebSocket from ``source`` that says (in X-Forwarded-For) it is for ``client``."""
    return connect(
        f"ws://127.0.0.1:{port}/ws",
        sock=from_address(source, port),
        additional_headers={"X-Forwarded-For": client},
        close_timeout=1,
        legacy=True,
    )


def ask(connection: socket.socket, client: str) -> bytes:
    """A request for the tables on ``connection``, for ``client``: the answer's head."""
    connection.sendall(
        b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + f"X-Forwarded-For: {client}\r\n\r\n".encode()
    )
    return connection.recv(65536)


def closed(connection: socket.socket) -> bool:
    try:
        return connection.recv(65536) == b""
    except ConnectionResetError:
        return True


def test_a_proxy_s_connections_count_for_the_clients_it_names():
    with behind_a_proxy() as server:
        port = server.port
        # More idle connections from the proxy than any address may hold: before its
        # headers, a connection of the proxy's is nobody's.
        idle = [from_address("127.0.0.1", port) for _ in range(5)]
        held = [websocket("127.0.0.1", port, "203.0.113.7") for _ in range(3)]
        for socket_ in held:
            assert '"welcome"' in str(socket_.recv(timeout=10))
        over = from_address("127.0.0.1", port)
        answer = ask(over, "203.0.113.7")
        assert answer.startswith(b"HTTP/1.1 429 Too Many Requests\r\n")
        assert answer.endswith(
            b"\r\n\r\ntoo many connections from your address: 3 at most; close one first"
        )
        assert closed(over)
        with pytest.raises(Exception, match="HTTP 429"):
            websocket("127.0.0.1", port, "203.0.113.7")
        # Another client of the same proxy is not touched; an idle connection of the
        # proxy's counts for whoever its next request is from.
        assert ask(idle[0], "203.0.113.8").startswith(b"HTTP/1.1 200 OK\r\n")
        assert ask(idle[0], "203.0.113.9").startswith(b"HTTP/1.1 200 OK\r\n")
        # Its answer given, a kept-alive connection is nobody's again: one WebSocket
        # closed, the client has room for one more connection.
        held[0].close()
        time.sleep(0.2)
        assert ask(idle[0], "203.0.113.7").startswith(b"HTTP/1.1 200 OK\r\n")
        for connection in idle:
            connection.close()
        for socket_ in held[1:]:
            socket_.close()


def test_a_peer_that_is_no_proxy_is_refused_as_itself_before_a_byte_is_read():
    with behind_a_proxy() as server:
        port = server.port
        held = [from_address("127.0.0.2", server.port) for _ in range(3)]
        # Naming other clients in X-Forwarded-For gains nothing: closed unanswered.
        extra = from_address("127.0.0.2", port)
        try:
            answer = ask(extra, "203.0.113.50")
        except ConnectionResetError:
            answer = b""
        assert answer == b""
        # The proxy (and another address) still get in.
        assert httpx.get(f"{server.url}/api/tables").status_code == 200
        other = from_address("127.0.0.3", port)
        assert ask(other, "127.0.0.2").startswith(b"HTTP/1.1 200 OK\r\n")
        for connection in [*held, extra, other]:
            connection.close()
