"""The protocol's JSON Schema (docs/protocol.schema.json) is the one the typed messages
make, and real traffic follows it: every message the server sent to every client of
whole hands of every game, a competition, chat and every refusal a client can provoke
is validated, strictly, against :data:`ServerMessage` and against the published file;
the REST answers met on the way against their models."""

from __future__ import annotations

import ast
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, get_args, get_type_hints

import httpx
import jsonschema
import pytest
from pydantic import TypeAdapter, ValidationError
from websockets.sync.client import connect
from websockets.typing import Subprotocol

import studpoker
from studpoker import engine
from studpoker.games import GAMES
from studpoker.server.answers import Me
from studpoker.server.hands import FinishedHand
from studpoker.server.limits import LIMITS, Rate
from studpoker.server.messages import LobbyTable, Reason, ServerError
from studpoker.server.schema import SERVER_MESSAGE, protocol_schema
from studpoker.server.state import HandEvent, TableState

from .conftest import (
    Client,
    Server,
    choose,
    in_threads,
    play_to_the_end,
    play_together,
    read_to_the_close,
    served,
)

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_FILE = ROOT / "docs" / "protocol.schema.json"
SOURCE = Path(studpoker.__file__).resolve().parent
REGENERATE = "python -m studpoker.server.schema docs/protocol.schema.json"


def test_the_published_schema_is_the_one_the_messages_make():
    published = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert published == protocol_schema(), (
        f"docs/protocol.schema.json is not what the messages make: write it again with "
        f"`{REGENERATE}`"
    )
    jsonschema.Draft202012Validator.check_schema(published)


def _members(union: Any) -> list[Any]:
    """The TypedDicts of an annotated union, nested unions flattened."""
    members = []
    for member in get_args(get_args(union)[0]):
        members += _members(member) if get_args(member) else [member]
    return members


def _literal(model: Any, name: str) -> tuple[Any, ...]:
    """The values of the Literal that field ``name`` of ``model`` is."""
    return get_args(get_type_hints(model)[name])


def test_every_event_of_the_engine_has_a_model_with_its_fields():
    by_type = {_literal(model, "type")[0]: model for model in _members(HandEvent)}
    classes = [getattr(engine, name) for name in engine.events.__all__ if name != "Event"]
    assert sorted(by_type) == sorted(cls.__name__ for cls in classes)
    for cls in classes:
        wanted = ["type", *(item.name for item in fields(cls))]
        assert list(by_type[cls.__name__].__annotations__) == wanted, cls.__name__


# Where a refusal names its code: the second argument of the errors, the third of the
# WebSocket's own refusals (server.app._error).
CODE_AT = {"TableError": 1, "RoomError": 1, "Refusal": 1, "_error": 2}
_RULE = re.compile(r"^R[0-9]+\.[0-9]+$")
_WORD = re.compile(r"^[a-z]+(_[a-z]+)*$")


def _word(node: ast.AST) -> str | None:
    is_word = isinstance(node, ast.Constant) and isinstance(node.value, str)
    return node.value if is_word and _WORD.match(node.value) else None


def _rule(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id == "rule"
    value = node.value if isinstance(node, ast.Constant) else ...
    return value is None or (isinstance(value, str) and bool(_RULE.match(value)))


def test_every_refusal_the_room_gives_has_a_model():
    """The reasons of the engine's IllegalAction (a ``reason=``, or a reason beside its
    rule in a tuple) and the codes of the table's and the room's errors are the ones the
    messages name: a new one fails here, not only when traffic happens to carry it."""
    reasons: set[str] = set()
    codes: set[str] = set()
    for folder in ("engine", "table", "room", "server"):
        for path in (SOURCE / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.keyword) and node.arg == "reason":
                    value = node.value
                    given = [value.body, value.orelse] if isinstance(value, ast.IfExp) else [value]
                    reasons |= {word for word in map(_word, given) if word}
                elif isinstance(node, ast.Tuple) and len(node.elts) >= 2:
                    word = _word(node.elts[-2])
                    if word and _rule(node.elts[-1]):
                        reasons.add(word)
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    at = CODE_AT.get(node.func.id, len(node.args))
                    code = _word(node.args[at]) if len(node.args) > at else None
                    codes |= {code} if code else set()
    assert reasons == set(get_args(Reason))
    named = {code for model in _members(ServerError) for code in _literal(model, "code")}
    assert codes <= named, codes - named


# -- real traffic ----------------------------------------------------------------------

# Chat and sockets limited low enough for a test to pass them cheaply; as many accounts
# as it makes.
TRAFFIC_LIMITS = replace(
    LIMITS,
    chat_per_socket=Rate(3, 60.0),
    sockets_per_address=16,
    connections_per_address=100,
    register_per_address=Rate(100, 60.0),
)
PUBLISHED = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


def problems_of(message: dict[str, Any]) -> list[str]:
    """How a message differs from :data:`ServerMessage` (strict: no field it does not
    name, no text for a number) and from the published schema."""
    text = json.dumps(message, ensure_ascii=False)
    found = []
    try:
        SERVER_MESSAGE.validate_json(text, strict=True)
    except ValidationError as error:
        found.append(f"{text[:300]}: {error}")
    found += [f"{text[:200]}: {e.message[:300]}" for e in PUBLISHED.iter_errors(message)]
    hand = message["state"]["hand"] if "state" in message else None
    if ("state" in message) == ("patch" in message) and message.get("type") == "table":
        found.append(f"{text[:200]}: a table message holds a state or a patch, one of them")
    if hand is not None and "events" in hand:
        found.append(f"{text[:200]}: a table message's hand carries its events")
    return found


def test_a_field_no_message_names_or_a_wrong_value_fails_the_check():
    welcome = {"type": "welcome", "protocol": 1, "account": None, "lang": "en", "v": 1}
    assert problems_of(welcome) == []
    assert len(problems_of(welcome | {"motd": "hello"})) == 2  # the models', the file's
    assert len(problems_of(welcome | {"protocol": "1"})) == 2
    stale = {"type": "error", "id": 7, "code": "stale_decision", "message": "too late", "v": 1}
    assert problems_of(stale | {"params": {"seat": 0, "seq": 8, "pending": 3}}) == []
    assert problems_of(stale | {"params": {"seat": 0, "actor": 3}})  # not_your_turn's
    assert problems_of(stale)  # without its params


def answer_of(client: Client, ref: str) -> dict[str, Any]:
    return client.until(lambda m: m.get("id") == ref)


def rest(server: Server, path: str, token: str | None = None, model: Any = None) -> Any:
    """A REST answer, which must be a 200 whose body is ``model``, strictly."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = httpx.get(f"{server.url}{path}", headers=headers)
    assert answer.status_code == 200, answer.text
    if model is not None:
        TypeAdapter(model).validate_json(answer.content, strict=True)
    return answer.json()


def practice_of_every_game(server: Server, client: Callable[..., Client]) -> None:
    """A player at the practice table of each game against computer players, two hands,
    watched by an onlooker reading Chinese; the REST views of the tables meanwhile."""
    players = []
    for game in GAMES:
        table = f"practice-{game}"
        token = server.register(f"prac{game[:6]}")
        onlooker = client(lang="zh-Hant")
        onlooker.send(type="watch", table=table, id="w")
        player = client(token)
        player.send(type="sit", table=table, seat=0, id="s")
        answer_of(player, "s")
        players.append((player, table, token))
    playing = threading.Event()
    hands_seen: list[int] = []

    def look() -> None:
        while playing.is_set():
            for _, table, token in players:
                state = rest(server, f"/api/tables/{table}", model=TableState)
                hands_seen.extend([state["hand_number"]] if state["hand"] else [])
                rest(server, "/api/me", token, Me)
            time.sleep(0.05)

    def play(player: Client, table: str) -> None:
        try:
            player.play(table, 2)
        finally:
            playing.clear()  # the views are looked at while every table plays

    playing.set()
    in_threads(look, *(lambda p=p, t=t: play(p, t) for p, t, _ in players))
    assert hands_seen, "no REST view of a hand being played: the check would prove little"
    for _, table, token in players:
        rest(server, f"/api/tables/{table}/hands/1", token, FinishedHand)
        rest(server, f"/api/tables/{table}/hands/2?lang=zh-Hans", None, FinishedHand)
    rest(server, "/api/tables", model=list[LobbyTable])


def decisions_refused(server: Server, client: Callable[..., Client]) -> None:
    """Two people at a chips table: an answer to a decision not pending, one by the seat
    not to act, illegal and unreadable actions, one at a table the player is not at and
    one where nobody is to act; then two hands played through."""
    table = "chips-seven_card_stud"
    store = server.room.store
    people = []
    for name in ("chipann", "chipbo"):
        token = server.register(name)
        store.deposit(store.account(name).id, 10_000)
        people.append(client(token))
    for seat, person in enumerate(people):
        person.send(type="sit", table=table, seat=seat, buy_in=4000, id="s")
        assert answer_of(person, "s")["seat"] == seat

    def a_turn(message: dict[str, Any]) -> bool:
        return message["type"] == "table" and message["state"]["turn"] is not None

    first = people[0].until(a_turn)["state"]["turn"]
    seq, seat = first["seq"], first["seat"]
    actor, other = people[seat], people[1 - seat]
    if seat == 0:
        legal = first["legal_actions"]
    else:
        mine = actor.until(lambda m: a_turn(m) and m["state"]["turn"]["seq"] == seq)
        legal = mine["state"]["turn"]["legal_actions"]
    assert legal
    actor.send(type="act", table=table, seq=seq + 50, action="call", id="stale")
    assert answer_of(actor, "stale")["code"] == "stale_decision"
    other.send(type="act", table=table, seq=seq, action="fold", id="early")
    assert answer_of(other, "early")["code"] == "not_your_turn"
    for action in ("raise 1", "bet 3", "check", "dance"):
        actor.send(type="act", table=table, seq=seq, action=action, id=action)
        assert answer_of(actor, action)["code"] == "illegal_action"
    actor.send(type="act", table="chips-razz", seq=seq, action="fold", id="elsewhere")
    assert answer_of(actor, "elsewhere")["code"] == "not_seated"
    actor.send(type="act", table=table, seq=seq, action=choose(legal))
    play_together(people, table, hands=2)
    alone = people[0]
    alone.send(type="sit", table="chips-razz", seat=3, id="alone")
    answer_of(alone, "alone")
    alone.send(type="act", table="chips-razz", seq=0, action="fold", id="nobody")
    assert answer_of(alone, "nobody")["code"] == "no_turn"
    alone.send(type="top_up", table="chips-razz", amount=1000, id="top")
    answer_of(alone, "top")
    alone.send(type="sit_out", table="chips-razz", id="out")
    alone.send(type="sit_in", table="chips-razz", id="in")
    alone.send(type="stand", table="chips-razz", id="up")
    answer_of(alone, "up")


def a_competition(server: Server, client: Callable[..., Client]) -> None:
    table = "competition-razz"
    people = [client(server.register(name)) for name in ("compcy", "compdi")]
    for seat, person in enumerate(people):
        person.send(type="sit", table=table, seat=seat, id="s")
        answer_of(person, "s")
    people[0].send(type="start_competition", table=table, id="go")
    assert answer_of(people[0], "go")["competition"] == 1
    in_threads(*(lambda p=p: play_to_the_end(p, table) for p in people))


def every_other_message(server: Server, client: Callable[..., Client], made: list[Client]) -> None:
    """Pings, the lobby, languages, watching, chat past its limit, malformed and refused
    messages, a burst past the rate, onlookers asking for a player's things, a bad token
    and language, a token in the address, a logout and a socket too many."""
    token = server.register("misc")
    misc = client(token)
    misc.send(type="ping", id=1)
    misc.send(type="lobby", id=2)
    misc.send(type="language", lang="zh-Hans", id=3)
    misc.send(type="watch", table="practice-razz", id=4)
    for n in range(4):  # the fourth is past the chat limit
        misc.send(type="chat", table="practice-razz", text=f"line {n}", id=f"chat{n}")
    misc.send(type="unwatch", table="practice-razz", id=5)
    misc.send(type="top_up", table="practice-razz", amount=100, id=6)
    misc.send(type="sit", table="nowhere", id=7)
    misc.send(type="dance", id=8)
    misc.send(type="watch", table="practice-razz", extra=1, id=9)
    misc.send(type="sit", table="practice-razz", seat="by the window", id=10)
    for raw in ("not json", "[" * 20 + "]" * 20, json.dumps({"type": "chat", "text": "a" * 5000})):
        misc.socket.send(raw)
    misc.socket.send(b"\xff\xfe")
    answer_of(misc, 10)
    later = client(token)  # watches, and sees the chat said before
    later.send(type="watch", table="practice-razz", id="w")
    answer_of(later, "w")
    burst = client(token)
    for n in range(50):
        burst.send(type="ping", id=n)
    guest = httpx.post(f"{server.url}/api/guests").json()["token"]
    refused = client(guest)
    refused.send(type="sit", table="chips-razz", id="g")
    assert answer_of(refused, "g")["code"] == "guests_practice_only"
    onlooker = client()
    onlooker.send(type="sit", table="practice-razz", id="o")
    assert answer_of(onlooker, "o")["code"] == "login"
    client("not-a-token")
    client(lang="fr")
    protocols = [Subprotocol("studpoker")]
    url = f"ws://127.0.0.1:{server.port}/ws?token=abc"
    socket = connect(url, subprotocols=protocols, close_timeout=1, legacy=True)
    in_url = Client(socket, server=server)
    in_url.receive()
    made.append(in_url)
    leaver = server.register("leaver")
    leaving = client(leaver)
    httpx.delete(f"{server.url}/api/sessions", headers={"Authorization": f"Bearer {leaver}"})
    leaving.until(lambda m: m["type"] == "logged_out")
    while True:  # sockets until the address may open no more
        extra = client()
        first = extra.receive()
        if first["type"] == "error":
            assert first["code"] == "too_many_sockets"
            break


def kinds(received: list[dict[str, Any]]) -> set[str]:
    """What the messages were: each type, an error's code, a table message's change and
    the types of its events."""
    seen = set()
    for message in received:
        seen.add(message["type"])
        if message["type"] == "error":
            seen.add(f"error {message['code']}")
        if message["type"] == "table":
            seen.add(f"change {message['change']}")
            seen |= {f"table {part}" for part in ("state", "patch") if part in message}
            seen |= {f"event {event['type']}" for event in message["events"]}
    return seen


def done_with(made: list[Client]) -> None:
    """Read what is left for every client so far, and close it."""
    for one in made:
        one.drain()
        one.close()


@pytest.mark.long
def test_real_traffic_follows_the_schema():
    made: list[Client] = []
    with served(limits=TRAFFIC_LIMITS, competition_seconds=2.0) as server:

        def client(token: str | None = None, lang: str = "en") -> Client:
            made.append(server.client(token, lang))
            return made[-1]

        for phase in (practice_of_every_game, decisions_refused, a_competition):
            phase(server, client)
            done_with(made)
        every_other_message(server, client, made)
        done_with(made)
        # A hand cut short when the server stops, told to the player at it.
        last = client(server.register("lastone"))
        last.send(type="sit", table="practice-stud_hilo", seat=2, id="s")
        last.until(lambda m: m.get("change") == "turn" and m["state"]["turn"]["legal_actions"])
    read_to_the_close(last)
    received = [message for one in made for message in one.wire]  # as they came
    problems = [problem for message in received for problem in problems_of(message)]
    assert problems == [], "\n".join(problems[:10])
    wanted = {
        *("welcome", "lobby", "table", "chat", "ok", "pong", "logged_out", "error"),
        *(f"change {change}" for change in ("state", "hand_started", "event", "turn", "seat")),
        *(f"change {c}" for c in ("hand_ended", "competition_started", "competition_ended")),
        *(f"error {code}" for code in ("malformed", "too_large", "login", "no_table")),
        *(f"error {code}" for code in ("guests_practice_only", "no_top_ups", "chat_limit")),
        "error unknown_language",
        *(f"error {code}" for code in ("rate_limited", "too_many_sockets", "stale_decision")),
        *(f"error {code}" for code in ("not_your_turn", "not_seated", "no_turn")),
        "error illegal_action",
        "table state",
        "table patch",
        *(f"event {kind}" for kind in ("Ante", "StreetStarted", "CardDealt", "BringIn")),
        *(f"event {kind}" for kind in ("Call", "Check", "Show", "PotAwarded", "Fold")),
    }
    assert wanted <= kinds(received), wanted - kinds(received)
