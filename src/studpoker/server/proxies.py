"""The reverse proxies in front of the room (``stud serve --trusted-proxies``), and the
client behind them.  A request that comes from a trusted proxy is the request of the
client the proxy names in ``X-Forwarded-For`` or ``Forwarded`` (RFC 7239), for every
limit by address (docs/security.md); from anyone else those headers are ignored, so
that nobody chooses the address their own limits count.

Each proxy adds the address it was connected from at the right of the list, so the
list is read from the right: the first address that is not a trusted proxy is the
client's, and whatever stands to its left is what the client itself claimed.

>>> proxies = TrustedProxies(["127.0.0.1", "10.0.0.0/8"])
>>> forged = [(b"x-forwarded-for", b"6.6.6.6, 203.0.113.9, 10.0.0.2")]
>>> proxies.client("127.0.0.1", forged)  # 6.6.6.6 is what the client sent
'203.0.113.9'
>>> proxies.client("198.51.100.7", forged)  # not a proxy of ours: its headers say nothing
'198.51.100.7'
>>> proxies.origin("127.0.0.1", [(b"forwarded", b'for="[2001:db8::1]:4711";proto=https')])
Origin(host='2001:db8::1', port=4711, scheme='https')
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Network", "Origin", "ProxyHeaders", "TrustedProxies"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Headers = Iterable[tuple[bytes, bytes]]

# One pair of a Forwarded element (RFC 7239 §4: a token, "=", a token or a quoted
# string) and what ends it: ";" another pair, "," another element, or the end.  A
# missing pair (",," or a trailing ",") is an empty element, which the list syntax allows.
_PAIR = re.compile(
    r"""[ \t]*(?:([!#$%&'*+.^_`|~0-9A-Za-z-]+)=("(?:[^"\\]|\\.)*"|[^ \t;,"]*))?[ \t]*([;,]|$)"""
)
_ESCAPE = re.compile(r"\\(.)")
_SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}
_WEBSOCKET = {"http": "ws", "https": "wss"}  # a WebSocket's scope names its own schemes


@dataclass(frozen=True, slots=True)
class Origin:
    """The client a trusted proxy forwards for: its address, its port (0 when the
    proxy does not say) and the scheme it asked with (None: not said)."""

    host: str
    port: int = 0
    scheme: str | None = None


class TrustedProxies:
    """The networks whose ``X-Forwarded-For`` / ``Forwarded`` headers name the client.

    ``X-Forwarded-For`` is read when there is one — nginx, Caddy, HAProxy and Traefik
    all set it — else ``Forwarded``: a proxy that keeps only one of them passes the
    other on as the client sent it, and the common one wins (docs/security.md says
    how to configure a proxy that writes only ``Forwarded``)."""

    def __init__(self, networks: Iterable[Network | str]) -> None:
        self.networks = tuple(
            ipaddress.ip_network(network, strict=False) if isinstance(network, str) else network
            for network in networks
        )

    def __bool__(self) -> bool:
        return bool(self.networks)

    def __repr__(self) -> str:
        return f"TrustedProxies({[str(network) for network in self.networks]!r})"

    def trusts(self, host: str) -> bool:
        """Whether ``host`` (an address, as a socket or a header gives it) is a proxy
        of ours; a name or anything else that is no address is not."""
        found = _address(host)
        return found is not None and self._trusted(found[0])

    def _trusted(self, host: str) -> bool:
        ip = ipaddress.ip_address(host)
        return any(ip in network for network in self.networks)

    def origin(self, peer: str, headers: Headers) -> Origin | None:
        """The client that ``peer``'s request is from, or None when ``peer`` is no
        trusted proxy, or its headers name no client (none sent, or the entry to take
        is not an address: malformed, ``unknown``, an obfuscated ``_name``): the
        request is then the peer's own."""
        if not self.networks or not self.trusts(peer):
            return None
        forwarded_for: list[str] = []
        forwarded: list[str] = []
        proto: list[str] = []
        for name, value in headers:
            if name == b"x-forwarded-for":
                forwarded_for.append(value.decode("latin-1"))
            elif name == b"forwarded":
                forwarded.append(value.decode("latin-1"))
            elif name == b"x-forwarded-proto":
                proto.append(value.decode("latin-1"))
        if forwarded_for:
            hops = [(entry, None) for entry in ",".join(forwarded_for).split(",")]
            found = self._nearest_client(hops)
            if found is None:
                return None
            return Origin(found.host, found.port, _scheme(proto[0]) if len(proto) == 1 else None)
        if forwarded:
            elements = _elements(",".join(forwarded))
            if not elements:
                return None
            return self._nearest_client([(e.get("for", ""), e.get("proto")) for e in elements])
        return None

    def client(self, peer: str, headers: Headers) -> str:
        """The address that ``peer``'s request counts for: its client's behind a
        trusted proxy, else ``peer`` itself."""
        found = self.origin(peer, headers)
        return peer if found is None else found.host

    def _nearest_client(self, hops: Sequence[tuple[str, str | None]]) -> Origin | None:
        """The rightmost hop that is not a trusted proxy (``hops``: each address as
        written, and the scheme it gives); if every one is, the leftmost (a request
        made from a proxy's own machine); None at an entry that is no address."""
        found: Origin | None = None
        for written, scheme in reversed(hops):
            address = _address(written)
            if address is None:
                return None
            found = Origin(address[0], address[1], None if scheme is None else _scheme(scheme))
            if not self._trusted(found.host):
                return found
        return found


class ProxyHeaders:
    """ASGI middleware, outermost: a request or WebSocket from a trusted proxy gets its
    client's address (``scope["client"]``, which every limit by address reads) and
    scheme (``scope["scheme"]``); from anyone else the headers are left unread.  The
    scope is changed in place, so that uvicorn's access log shows the client too."""

    def __init__(self, app: Any, proxies: TrustedProxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        peer = scope.get("client") if scope["type"] in ("http", "websocket") else None
        found = self.proxies.origin(str(peer[0]), scope["headers"]) if peer else None
        if found is not None:
            scope["client"] = (found.host, found.port)
            if found.scheme is not None:
                websocket = scope["type"] == "websocket"
                scope["scheme"] = _WEBSOCKET[found.scheme] if websocket else found.scheme
        await self.app(scope, receive, send)


def _address(text: str) -> tuple[str, int] | None:
    """The address and port of a socket's or a header's entry — ``192.0.2.1``,
    ``192.0.2.1:4711``, ``2001:db8::1``, ``[2001:db8::1]:4711``, ``"[2001:db8::1]"``
    (RFC 7239 quotes them) — written as Python writes it (``2001:DB8:0::1`` and
    ``2001:db8::1`` are one address; an IPv4 address mapped into IPv6 is the IPv4
    one); None for a name, ``unknown``, an obfuscated ``_name``, or garbage."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        text = _ESCAPE.sub(r"\1", text[1:-1])
    port = 0
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        if rest:
            given = _port(rest[1:])
            if given is None:
                return None
            port = given
    elif text.count(":") == 1:
        host, _, written = text.partition(":")
        given = _port(written)
        if given is None:
            return None
        port = given
    else:
        host = text
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return str(ip), port


def _port(text: str) -> int | None:
    """A port as a header writes it: a number to 65535, or an obfuscated ``_name``
    (RFC 7239 §6.3), which says none (0); None for anything else."""
    if text.startswith("_") and len(text) > 1:
        return 0
    if text.isascii() and text.isdigit() and len(text) <= 5 and int(text) <= 65535:
        return int(text)
    return None


def _elements(value: str) -> list[dict[str, str]] | None:
    """The elements of a ``Forwarded`` value (its lines joined by commas), each its
    pairs by lower-case name, values unquoted; None if it does not parse — one
    unclosed quote would make the rest of the list part of its string, so nothing in
    a list that does not parse is read."""
    elements: list[dict[str, str]] = [{}]
    position = 0
    while position < len(value):
        pair = _PAIR.match(value, position)
        if pair is None or pair.end() == position:
            return None
        name, written, separator = pair.groups()
        if name is not None:
            key = name.lower()
            if key in elements[-1]:  # a parameter appears once in an element (RFC 7239 §4)
                return None
            if written.startswith('"'):
                written = _ESCAPE.sub(r"\1", written[1:-1])
            elements[-1][key] = written
        if separator == ",":
            elements.append({})
        position = pair.end()
    return [element for element in elements if element]


def _scheme(written: str) -> str | None:
    """``http`` or ``https`` from a proxy's word for the scheme, None for any other."""
    return _SCHEMES.get(written.strip().lower())
