"""Any file, however broken, deep or large, is reported hand by hand and never ends in a
traceback (issue 37 point 5): through the readers and the replay, ``stud replay``,
``stud import`` and the upload.

Hypothesis breaks the real files of every site (lines lost, doubled, swapped or
replaced, numbers changed, bytes flipped, the file cut anywhere, deep nesting and huge
lines put in); hand-made hostile files (XML entities that expand a billion times or name
a file of ours, nesting a hundred thousand deep, NUL bytes, a file of headers only) go
through the same three doors.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studpoker.cli import main
from studpoker.history import HandRecord, HistoryError, iter_history, read_history, replay
from studpoker.room import Room
from studpoker.server import create_app
from studpoker.server.limits import Limits
from studpoker.store import Store
from studpoker.study.importer import import_files

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "handhistories"
SEEDS = sorted(p for p in SHARED.glob("*/*") if p.is_file() and p.name != "README.md")
EXAMPLES = 1000 if os.environ.get("STUD_FULL") else 150
needs_shared = pytest.mark.usefixtures("shared")  # tests/conftest.py: fails under CI


def read_every_way(path: Path, store: Store, owner: int) -> list[HandRecord | HistoryError]:
    """``path`` through the reader (each record replayed), ``stud import``'s code and
    ``stud replay``'s: whatever the file, no exception but the reader's "no hand here";
    returns what the reader read."""
    items: list[HandRecord | HistoryError] = []
    refused: HistoryError | None = None
    try:
        items = list(iter_history(path))
    except HistoryError as error:  # no hand of a site we read: said, not a traceback
        refused = error
    if refused is not None:
        assert str(refused) in ("no hand of any site we read", "not a hand history (not text)")
    for item in items:
        assert isinstance(item, HandRecord | HistoryError), item
        if isinstance(item, HandRecord):
            report = replay(item)  # matched or a difference: never an exception
            assert report.matched or report.difference
    report = import_files(store, owner, [path])
    assert report.added + report.duplicates + report.other_games + len(report.errors) >= 1
    assert all(isinstance(error, str) and error for error in report.errors)
    assert main(["replay", str(path)]) in (0, 1)
    return items


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [data]


@st.composite
def broken_files(draw: st.DrawFn) -> bytes:
    """A real file of one of the sites, broken a few ways at once."""
    data = draw(st.sampled_from(SEEDS)).read_bytes()
    for _ in range(draw(st.integers(1, 4))):
        lines = _lines(data)
        at = draw(st.integers(0, len(lines) - 1))
        how = draw(
            st.sampled_from(
                ["lose", "double", "swap", "replace", "insert", "number", "flip", "cut",
                 "nest", "huge"]
            )
        )  # fmt: skip
        if how == "lose":
            del lines[at]
        elif how == "double":
            lines.insert(at, lines[at])
        elif how == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif how in ("replace", "insert"):
            text = draw(st.text(max_size=60)).encode("utf-8", "surrogatepass")
            line = text + b"\r\n"
            if how == "replace":
                lines[at] = line
            else:
                lines.insert(at, line)
        elif how == "number":
            new = str(draw(st.integers(-(10**12), 10**12))).encode()
            lines[at] = re.sub(rb"\d+(?:\.\d+)?", new.replace(b"\\", b""), lines[at], count=1)
        elif how == "flip":
            whole = bytearray(b"".join(lines))
            if whole:
                spot = draw(st.integers(0, len(whole) - 1))
                whole[spot] = draw(st.integers(0, 255))
            lines = [bytes(whole)]
        elif how == "cut":
            whole = b"".join(lines)
            lines = [whole[: draw(st.integers(0, len(whole)))]]
        elif how == "nest":
            depth = draw(st.integers(100, 5_000))
            opener, closer = draw(st.sampled_from([(b"[", b"]"), (b"<a>", b"</a>"), (b"(", b")")]))
            lines.insert(at, opener * depth + closer * draw(st.integers(0, depth)) + b"\n")
        else:  # a huge line
            lines.insert(at, b"Seat 1: " + b"x" * draw(st.integers(10_000, 200_000)) + b"\n")
        data = b"".join(lines)
    return data


@pytest.fixture(scope="module")
def store() -> Iterator[Store]:
    with Store("sqlite://") as kept:
        kept.migrate()
        yield kept


@pytest.fixture(scope="module")
def owner(store: Store) -> int:
    return store.create_account("ann", "hash").id


@needs_shared
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=broken_files())
def test_a_broken_file_of_any_site_is_reported_never_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], store: Store, owner: int, data: bytes
) -> None:
    path = tmp_path / "broken.txt"
    path.write_bytes(data)
    read_every_way(path, store, owner)
    capsys.readouterr()


_BILLION_LAUGHS = (
    b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(
        f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i > 1 else "&lol;" * 10}">'.encode()
        for i in range(1, 10)
    )
    + b']>\n<session sessioncode="1"><general><gametype>7 Card Stud L $0.05/$0.10'
    b'</gametype></general>\n<game gamecode="1">&lol9;</game></session>\n'
)
_EXTERNAL = (
    b'<?xml version="1.0"?>\n<!DOCTYPE s [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
    b'<session sessioncode="1"><general><gametype>7 Card Stud L $0.05/$0.10</gametype>'
    b'</general>\n<game gamecode="2"><general><players><player seat="1" name="&secret;" '
    b'chips="$1" win="$0" bet="$0"/></players></general></game></session>\n'
)
HOSTILE = {
    "billion laughs": _BILLION_LAUGHS,
    "an external entity": _EXTERNAL,
    "XML nested 100,000 deep": b'<session sessioncode="1">' + b"<game>" * 100_000 + b"\n",
    "brackets nested 100,000 deep": b"PokerStars Hand #1:  Razz Limit ($1/$2) - 2020/01/01 "
    b"1:00:00 ET\nSeat 1: " + b"[" * 100_000 + b"\n",
    "NUL bytes": b"PokerStars Hand #1: \x00\x00 Razz\x00\n" * 50,
    "headers only": b"Full Tilt Poker Game #1: Table T - $1/$2 - Limit Razz - 1:00:00 ET\n" * 5_000,
    "a 3 MB line": b"#1: Limit Razz - 1/2\n" + b"9" * 3_000_000 + b"\n",
    "binary": bytes(range(256)) * 64,
    "UTF-16 cut in half a character": "\ufeffWinamax Poker - CashGame".encode("utf-16-le")[:-1],
    "Merge XML with a doctype": b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>\n'
    b'<description type="Razz" stakes="Limit $0.50/$1"/>\n<game id="1-1">&a;&a;</game>\n',
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_file_is_reported_never_a_traceback(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], store: Store, owner: int
) -> None:
    path = tmp_path / "hostile.txt"
    path.write_bytes(HOSTILE[name])
    items = read_every_way(path, store, owner)
    assert not any(isinstance(item, HandRecord) for item in items)  # nothing in them to read
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert "root:" not in out.out  # /etc/passwd's first line is never read into a name


def test_hostile_uploads_are_answered_and_change_nothing() -> None:
    room = Room(Store("sqlite://"), seed=1, pause=0, default_tables=False)
    with TestClient(create_app(room, limits=Limits(import_bytes=4_000_000))) as api:
        made = api.post("/api/accounts", json={"name": "ann", "password": "password1"})
        who = {"Authorization": f"Bearer {made.json()['token']}"}
        for name, data in sorted(HOSTILE.items()):
            answer = api.post("/api/study/hands?name=hostile.xml", content=data, headers=who)
            assert answer.status_code == 200, (name, answer.text)
            body = answer.json()
            assert body["added"] == 0, name
            assert "root:" not in answer.text, name
        assert api.get("/api/study/hands", headers=who).json() == []


def test_read_history_of_a_hostile_text_is_an_error_not_a_traceback() -> None:
    for name, data in HOSTILE.items():
        try:
            items = read_history(data)
        except HistoryError:
            continue
        assert not any(isinstance(item, HandRecord) for item in items), name
