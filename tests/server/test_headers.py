"""Security headers on every answer: the page, its files, the API and its errors (issue 13)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from studpoker.room import Room
from studpoker.server import create_app
from studpoker.server.headers import content_security_policy
from studpoker.store import Store

ROOM_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws://testserver wss://testserver; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'; object-src 'none'"
)
EXPLORER_POLICY = (
    "default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com; "
    "worker-src blob:; connect-src 'self' ws://testserver wss://testserver; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
)


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    room = Room(Store("sqlite://"), seed=1, pause=0.0, default_tables=False)
    with TestClient(create_app(room)) as client:
        yield client


def security_headers(answer) -> dict[str, str | None]:
    return {
        name: answer.headers.get(name)
        for name in (
            "Content-Security-Policy",
            "X-Frame-Options",
            "X-Content-Type-Options",
            "Referrer-Policy",
        )
    }


EXPECTED = {
    "Content-Security-Policy": ROOM_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@pytest.mark.parametrize(
    ("path", "status", "kind"),
    [
        ("/api/tables", 200, "application/json"),
        ("/", 200, "text/html"),
        ("/index.html", 200, "text/html"),
        ("/main.js", 200, "text/javascript"),
        ("/patch.js", 200, "text/javascript"),
        ("/style.css", 200, "text/css"),
        ("/openapi.json", 200, "application/json"),
        ("/api/tables/no-such-table", 404, "application/json"),
        ("/api/me", 401, "application/json"),
        ("/api/leaderboard?limit=0", 422, "application/json"),
        ("/no-such-file.js", 404, "application/json"),
    ],
)
def test_every_answer_carries_the_security_headers(api: TestClient, path, status, kind):
    answer = api.get(path)
    assert answer.status_code == status
    assert answer.headers["content-type"].startswith(kind)
    assert security_headers(answer) == EXPECTED


def test_a_post_refused_carries_them_too(api: TestClient):
    answer = api.post("/api/sessions", json={"name": "", "password": ""})
    assert answer.status_code == 422
    assert security_headers(answer) == EXPECTED


def test_the_api_explorers_get_their_cdn_and_nothing_else(api: TestClient):
    for path in ("/docs", "/redoc", "/docs/oauth2-redirect"):
        answer = api.get(path)
        assert answer.status_code == 200
        assert security_headers(answer) == EXPECTED | {"Content-Security-Policy": EXPLORER_POLICY}


def test_the_page_has_no_inline_script_or_style_for_the_policy_to_block(api: TestClient):
    """The room's policy allows only its own files: the page must not need more."""
    page = api.get("/").text
    assert "<style" not in page
    assert " style=" not in page
    assert re.findall(r"<[^>]*\son[a-z]+\s*=", page) == []  # no onclick= and the like
    for script in page.split("<script")[1:]:
        assert script.lstrip().startswith("src=")


def test_the_websocket_still_connects(api: TestClient):
    with api.websocket_connect("/ws") as socket:
        assert socket.receive_json()["type"] == "welcome"


def test_a_host_that_cannot_be_written_into_the_policy_is_left_out():
    assert "connect-src 'self';" in content_security_policy("/", 'evil" ; script-src *')
    assert "connect-src 'self';" in content_security_policy("/", None)
    assert "ws://[::1]:8000 wss://[::1]:8000" in content_security_policy("/", "[::1]:8000")


def test_the_clients_files_are_served_compressed_to_a_browser_that_asks(api: TestClient):
    """The page's script, style and page go gzipped when asked (Accept-Encoding), whole
    and identical once unpacked, with the security headers still on them."""
    web = Path(__file__).resolve().parents[2] / "src" / "studpoker" / "web"
    for name in ("main.js", "style.css", "index.html"):
        answer = api.get(f"/{name}", headers={"Accept-Encoding": "gzip"})
        assert answer.status_code == 200
        assert answer.headers["content-encoding"] == "gzip"
        assert answer.content == (web / name).read_bytes()  # httpx unpacks it
        assert answer.num_bytes_downloaded < len(answer.content) / 2
        assert answer.headers["x-content-type-options"] == "nosniff"
        plain = api.get(f"/{name}", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers
        assert plain.content == (web / name).read_bytes()
