"""Every REST operation fuzzed from the room's own OpenAPI document (schemathesis): valid
and invalid bodies, parameters and headers, and no answer is a server error (issue 13).

Each generated request is sent twice: as generated (its ``Authorization`` header is
whatever was drawn, mostly no valid session) and with a valid session token, so that
the handlers behind the login are reached too.  The room's rate limits are lifted, so
that requests reach the handlers rather than a 429.

Schemathesis draws only what JSON Schema describes: no lone surrogate (``"\\ud800"``),
no ``NaN``, no body nested a thousand deep.  Hypothesis draws those too, for every body
and every path and query parameter (as raw bytes, percent-encoded).

The default run draws 25 examples an operation (60 hostile bodies and 60 URLs);
``STUD_FULL=1`` runs the ``slow`` variants with 300 (and 600).
"""

from __future__ import annotations

import itertools
import json
import math
import os
from collections.abc import Iterator
from dataclasses import fields, replace
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

from studpoker.room import Room
from studpoker.room.passwords import set_test_parameters
from studpoker.server import create_app
from studpoker.server.limits import LIMITS, Rate
from studpoker.store import Store

FULL = os.environ.get("STUD_FULL") == "1"
BASE_URL = "http://testserver"

# Every rate of the room lifted, and as many tables a player as the fuzzer opens.
UNLIMITED = replace(
    LIMITS,
    tables_per_account=10**6,
    tables_per_guest=10**6,
    **{
        limit.name: Rate(10**6, 1.0)
        for limit in fields(LIMITS)
        if isinstance(getattr(LIMITS, limit.name), Rate)
    },
)
APP = create_app(Room(Store("sqlite://"), seed=1, pause=0.0, default_tables=True), limits=UNLIMITED)
schema = schemathesis.openapi.from_dict(APP.openapi())


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    """The room, started (the lifespan runs), with cheap password hashes meanwhile."""
    set_test_parameters()  # as tests/conftest.py does for the whole suite
    with TestClient(APP, base_url=BASE_URL, raise_server_exceptions=False) as client:
        yield client


# The module's fixtures may be made again in one test process (pytest-xdist's worksteal
# runs some of its tests, others elsewhere, then more of them), on the one room of APP.
_FUZZERS = itertools.count(1)


@pytest.fixture(scope="module")
def token(api: TestClient) -> str:
    """A registered player's session (a new player each time: the room outlives it)."""
    name = f"fuzzer{next(_FUZZERS)}"
    made = api.post("/api/accounts", json={"name": name, "password": "password1"})
    assert made.status_code == 201, made.text
    return str(made.json()["token"])


def send(api: TestClient, case: Any, token: str | None = None) -> None:
    """Send ``case`` (with ``token`` as its session, if given) and check its answer."""
    kwargs = case.as_transport_kwargs(base_url=BASE_URL)
    if token is not None:
        headers = {k: v for k, v in kwargs["headers"].items() if k.lower() != "authorization"}
        kwargs["headers"] = headers | {"Authorization": f"Bearer {token}"}
    if "data" in kwargs:  # requests' name for a raw body
        kwargs["content"] = kwargs.pop("data")
    if not kwargs.get("cookies"):  # the API reads no cookie
        kwargs.pop("cookies", None)
    answer = api.request(**kwargs)
    case.validate_response(answer, checks=[not_a_server_error], transport_kwargs=kwargs)


def no_server_error(api: TestClient, token: str, case: Any) -> None:
    send(api, case)
    send(api, case, token)


RUN = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
FULL_RUN = settings(RUN, max_examples=300)


@schema.parametrize()
@RUN
def test_no_request_gets_a_server_error(case, api: TestClient, token: str):
    no_server_error(api, token, case)


if FULL:  # made only then: schemathesis builds each operation's test as it collects

    @pytest.mark.slow
    @schema.parametrize()
    @FULL_RUN
    def test_no_request_gets_a_server_error_full_run(case, api: TestClient, token: str):
        no_server_error(api, token, case)


# -- what JSON Schema does not describe -------------------------------------------------------

BODIES = {
    "/api/accounts": ("name", "password", "bot"),
    "/api/sessions": ("name", "password"),
    "/api/tables": ("game", "mode", "seats", "clock", "stakes", "name"),
}
# Text of any code point, lone surrogates too; numbers JSON cannot write back.
CHARACTERS = (
    st.characters(exclude_categories=())
    | st.characters(categories=["Cs"])
    | st.sampled_from("\x00\u200b\u202e\ufffd\ufdfa")
)
TEXT = st.text(CHARACTERS, max_size=50)
NUMBERS = st.one_of(
    st.integers(),
    st.integers(min_value=2**63 - 2, max_value=2**63 + 2),
    st.sampled_from([10**30, -(10**30), 2**53 + 1]),
    st.floats(),
    st.sampled_from([math.nan, math.inf, -math.inf, 1e999]),
)
VALUES = st.recursive(
    st.none() | st.booleans() | NUMBERS | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)


@st.composite
def hostile_bodies(draw: st.DrawFn) -> tuple[str, bytes]:
    """A body operation and its body: the model's fields (some) with any values, maybe
    nested deep, written as Python's ``json`` writes them (``\\ud800``, ``NaN``)."""
    path = draw(st.sampled_from(sorted(BODIES)))
    names = draw(st.lists(st.sampled_from(BODIES[path]), unique=True))
    value: Any = {name: draw(VALUES) for name in names}
    value = draw(st.sampled_from([value, draw(VALUES)]))
    depth = draw(st.sampled_from([0, 0, 0, 50, 900, 3000]))
    text = "[" * depth + json.dumps(value) + "]" * depth
    return path, text.encode()


PATHS = (
    "/api/tables/{}",
    "/api/tables/practice-razz/hands/{}",
    "/api/ratings/{}",
    "/api/tables?game={}",
    "/api/hands?table={}",
    "/api/tables/practice-razz/hands/1?lang={}",
    "/api/leaderboard?game={}&limit=5",
)
# A URL's part as raw bytes: invalid UTF-8 (a surrogate's bytes, lone continuation
# bytes), huge numbers, and plain words.
PARTS = st.one_of(
    st.binary(max_size=30),
    st.sampled_from([b"\xed\xa0\x80", b"\x80", str(10**30).encode(), b"-1", b"0"]),
    st.text(max_size=30).map(str.encode),
)


def no_server_error_for_bodies(api: TestClient, token: str, path: str, body: bytes) -> None:
    for headers in ({}, {"Authorization": f"Bearer {token}"}):
        headers |= {"Content-Type": "application/json"}
        answer = api.post(path, content=body, headers=headers)
        assert answer.status_code < 500, (path, body[:200], answer.text[:300])


def no_server_error_for_urls(api: TestClient, token: str, template: str, part: bytes) -> None:
    quoted = "".join(f"%{byte:02X}" for byte in part)
    for headers in ({}, {"Authorization": f"Bearer {token}"}):
        answer = api.get(template.format(quoted), headers=headers)
        assert answer.status_code < 500, (template, part, answer.text[:300])


HOSTILE = settings(RUN, max_examples=60)


@HOSTILE
@given(case=hostile_bodies())
def test_no_hostile_body_gets_a_server_error(api: TestClient, token: str, case):
    no_server_error_for_bodies(api, token, *case)


@HOSTILE
@given(template=st.sampled_from(PATHS), part=PARTS)
def test_no_url_gets_a_server_error(api: TestClient, token: str, template: str, part: bytes):
    no_server_error_for_urls(api, token, template, part)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="set STUD_FULL=1 for the full run")
@settings(HOSTILE, max_examples=600)
@given(case=hostile_bodies())
def test_no_hostile_body_gets_a_server_error_full_run(api: TestClient, token: str, case):
    no_server_error_for_bodies(api, token, *case)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="set STUD_FULL=1 for the full run")
@settings(HOSTILE, max_examples=600)
@given(template=st.sampled_from(PATHS), part=PARTS)
def test_no_url_gets_a_server_error_full_run(
    api: TestClient, token: str, template: str, part: bytes
):
    no_server_error_for_urls(api, token, template, part)
