"""Security headers on every HTTP answer of the room: the web client's page and files, the
API, its errors.  A pure ASGI middleware: Starlette's ``BaseHTTPMiddleware`` would hold
streamed answers back and get in the way of the WebSocket, which passes through here
untouched (a WebSocket handshake is no document a browser renders).

The Content-Security-Policy lets the page run only the room's own files, so that text a
player typed (a name, a chat line) can never become a script even where the client
slipped in escaping it:

- ``default-src 'none'``: nothing loads that a directive below does not allow;
- ``script-src 'self'``, ``style-src 'self'``: index.html loads main.js (an ES module,
  which imports the others of web/) and style.css and has no inline script, style or
  event handler (table.js places the seats through ``element.style``, which CSP does
  not govern);
- ``img-src 'self' data:``: the page's icon is ``data:,`` (so that no favicon is asked for);
- ``connect-src 'self' ws://HOST wss://HOST``: the API (``fetch``) and the WebSocket at
  ``/ws`` of the same host.  CSP Level 3 counts ``ws:`` and ``wss:`` of the page's own
  host as ``'self'``; older browsers (Safari before 15.4) did not, so the host the
  browser asked for is named as well;
- ``frame-ancestors 'none'`` (and ``X-Frame-Options: DENY`` for browsers without it): no
  page may frame the room, so that nobody overlays its buttons (click-jacking);
- ``base-uri 'none'``: an injected ``<base>`` cannot move the page's relative URLs;
- ``form-action 'self'``: a form posts only to the room (its forms are sent by script);
- ``object-src 'none'``: no plugins.

``X-Content-Type-Options: nosniff`` keeps a browser to the declared types (a hand
history downloaded as text is never run as a script), and ``Referrer-Policy:
no-referrer`` keeps the room's URLs (a WebSocket URL holds a session token) out of other
sites' logs.

FastAPI's API explorers, ``/docs`` (Swagger UI) and ``/redoc``, load their scripts, styles
and fonts from public CDNs and start with an inline script; the room's policy would leave
them blank.  They get a policy of their own that allows those hosts (and inline code) on
those pages only, and still ``connect-src 'self'``: they are the developers' view of the
API, and the OpenAPI document at ``/openapi.json`` is what clients are built from.  A CDN
script runs on the room's origin there: a deployment that does not want that turns the
explorers off (``FastAPI(docs_url=None, redoc_url=None)``).
"""

from __future__ import annotations

import re

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["EXPLORER_PATHS", "SecurityHeaders", "content_security_policy"]

# FastAPI's own paths for its API explorers (its defaults, which create_app keeps).
EXPLORER_PATHS = ("/docs", "/docs/oauth2-redirect", "/redoc")

_ROOM_POLICY = (
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
)
_EXPLORER_POLICY = (
    "default-src 'none'",
    "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net",
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com",
    "font-src https://fonts.gstatic.com",
    "img-src 'self' data: https://fastapi.tiangolo.com",
    "worker-src blob:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
)
_OTHER_HEADERS = (
    ("X-Frame-Options", "DENY"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)
# A Host header that may be written into the policy: a name or an IP address, a port.
_HOST = re.compile(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def content_security_policy(path: str, host: str | None) -> str:
    """The policy of the answer to ``path`` asked of ``host`` (the request's Host header).

    >>> content_security_policy("/", "cards.example:8000").split("; ")[4]
    "connect-src 'self' ws://cards.example:8000 wss://cards.example:8000"
    >>> content_security_policy("/app.js", "bad host\\r\\n").split("; ")[4]
    "connect-src 'self'"
    """
    directives = list(_EXPLORER_POLICY if path in EXPLORER_PATHS else _ROOM_POLICY)
    if host is not None and _HOST.fullmatch(host):
        index = directives.index("connect-src 'self'")
        directives[index] += f" ws://{host} wss://{host}"
    return "; ".join(directives)


class SecurityHeaders:
    """The ASGI middleware that adds the headers to every HTTP answer of ``app`` (a header
    the answer sets itself is kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        asked = Headers(scope=scope).get("host")
        policy = content_security_policy(scope["path"], asked)
        added = (("Content-Security-Policy", policy), *_OTHER_HEADERS)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(raw=list(message.get("headers", [])))
                for name, value in added:
                    headers.setdefault(name, value)
                message = {**message, "headers": headers.raw}
            await send(message)

        await self.app(scope, receive, send_with_headers)
