"""``POST /api/verify`` (issue 38 point 4, the Verify page's route): a hand record, pasted
or one of one's own downloaded, answered with each hand's deal and every card it shows at
its place in the deck — what the browser needs to recompute the deck from the seeds and
check it (tests/web/test_verify_page.py checks it there)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from studpoker.cards import Card
from studpoker.engine import ActionKind, Hand
from studpoker.fairness import Deal, DealRecord, verify_dealt
from studpoker.games import seven_card_stud
from studpoker.history import to_phh, to_pokerstars
from studpoker.room import Room
from studpoker.server import create_app
from studpoker.server.routes.verify import RECORD_CHARACTERS
from studpoker.store import HandPlayer, HandRow, Store
from studpoker.table.snapshot import event_dict

SEED = bytes(range(32))
NAMES = ["ann", "bo"]


@pytest.fixture
def api() -> Iterator[TestClient]:
    room = Room(Store("sqlite://"), seed=1, pause=0, default_tables=False)
    with TestClient(create_app(room)) as client:
        yield client


def called_down(deal: Deal) -> Hand:
    hand = Hand(seven_card_stud(), [1000, 1000], deck=deal.order)
    while not hand.is_over:
        kinds = {option.kind for option in hand.legal_actions()}
        kind = next(k for k in (ActionKind.SHOW, ActionKind.CHECK, ActionKind.CALL,
                                ActionKind.BRING_IN) if k in kinds)  # fmt: skip
        hand.act(kind.value)
    return hand


def kept(store: Store, number: int) -> tuple[Deal, Hand]:
    """Hand ``number`` of practice-stud between ann and bo, dealt from seeds and kept
    as the room keeps its hands."""
    deal = Deal(SEED, f"practice-stud/{number}", [b"ann", b"bo"], 52)
    hand = called_down(deal)
    ids = [store.account(n).id for n in NAMES]  # type: ignore[union-attr]
    store.record_hand(
        HandRow(
            table_id="practice-stud", number=number, game="seven_card_stud", mode="practice",
            started_at=store._now(), ended_at=store._now(), record=to_phh(hand, names=NAMES),
            events=json.dumps([event_dict(e, [1, 2]) for e in hand.events]),
            pot=sum(hand.contributed),
            players=[HandPlayer(s + 1, n, hand.result.net[s], ids[s]) for s, n in enumerate(NAMES)],
            deal=DealRecord.of(deal, server_seed=SEED),
            epoch_started=store.epoch_for("practice-stud"),
        )
    )  # fmt: skip
    return deal, hand


def placed(answer: dict[str, object], size: int = 52) -> list[Card | None]:
    cards = answer["cards"]
    assert isinstance(cards, dict)
    out: list[Card | None] = [None] * (max(map(int, cards)) + 1)
    for place, card in cards.items():
        out[int(place)] = Card.parse(card)
    return out


def test_ones_own_hand_is_placed_once_revealed_and_every_card_is_the_seeds(
    api: TestClient,
) -> None:
    tokens = {}
    for name in NAMES:
        made = api.post("/api/accounts", json={"name": name, "password": "password1"})
        tokens[name] = {"Authorization": f"Bearer {made.json()['token']}"}
    store: Store = api.app.state.services.room.store  # type: ignore[attr-defined]
    deal, hand = kept(store, 1)
    # Before the reveal: the deal is stated, no seed, nothing placed.
    record = api.get("/api/hands", headers=tokens["ann"]).text
    answer = api.post("/api/verify", json={"record": record})
    assert answer.status_code == 200, answer.text
    (one,) = answer.json()["hands"]
    assert one["deal"] == {
        "hand_id": "practice-stud/1", "size": 52, "commitment": deal.commitment.hex(),
        "root": deal.root.hex(), "client_seeds": ["616e6e", "626f"], "chosen_by_room": [],
        "test_seed": False, "server_seed": None,
    }  # fmt: skip
    assert one["cards"] is None
    assert answer.json()["errors"] == []
    # The table closes: ann's download now carries the seed, and every card ann saw is
    # placed where the seeds deal it — her own down cards and both players' up cards.
    store.close_epoch("practice-stud")
    record = api.get("/api/hands", headers=tokens["ann"]).text
    answer = api.post("/api/verify", json={"record": record}, headers=tokens["ann"]).json()
    (one,) = answer["hands"]
    assert one["deal"]["server_seed"] == SEED.hex()
    cards = placed(one)
    assert verify_dealt(DealRecord.of(deal, server_seed=SEED), cards) == []
    # A call-down shows both hands: the 14 cards dealt, at places 0 to 13.
    assert sorted(map(int, one["cards"])) == list(range(14))
    assert cards == list(deal.order[:14])
    assert hand.is_over


def test_a_switched_card_is_placed_as_the_record_says_so_the_check_catches_it(
    api: TestClient,
) -> None:
    deal = Deal(SEED, "practice-stud/3", [b"ann", b"bo"], 52)
    hand = called_down(deal)
    text = to_pokerstars(hand, names=NAMES, hand_id=3, deal=DealRecord.of(deal, server_seed=SEED))
    # ann's first down card, Jh, switched for a card of its rank the seeds did not deal.
    first = str(deal.order[0])
    other = next(f"{first[0]}{suit}" for suit in "cdhs"
                 if Card.parse(f"{first[0]}{suit}") not in deal.order[:14])  # fmt: skip
    switched = text.replace(first, other)
    assert (first, other) == ("Jh", "Jc")
    assert switched.count(other) == 7
    (one,) = api.post("/api/verify", json={"record": switched}).json()["hands"]
    assert one["cards"]["0"] == other
    said = verify_dealt(DealRecord.of(deal, server_seed=SEED), placed(one))
    assert said == [f"card 1 is {other} in the record; the seeds deal {first}"]
    # PHH says the same.
    phh = to_phh(hand, names=NAMES, **DealRecord.of(deal, server_seed=SEED).phh_fields())
    (one,) = api.post("/api/verify", json={"record": phh}).json()["hands"]
    assert one["number"] == "practice-stud/3"  # a PHH hand without a number: its deal's
    assert verify_dealt(DealRecord.of(deal, server_seed=SEED), placed(one)) == []


def test_bad_records_are_said_and_a_long_one_is_refused(api: TestClient) -> None:
    answer = api.post("/api/verify", json={"record": "hello"})
    assert answer.status_code == 200
    assert answer.json() == {"hands": [], "errors": ["no hand of any site we read"], "more": False}
    deal = Deal(SEED, "practice-stud/3", [b"ann", b"bo"], 52)
    text = to_pokerstars(called_down(deal), names=NAMES, hand_id=3)
    (one,) = api.post("/api/verify", json={"record": text}).json()["hands"]
    assert one == {"number": "3", "deal": None, "cards": None}  # no deal in the record
    long = api.post("/api/verify", json={"record": "x" * (RECORD_CHARACTERS + 1)})
    assert long.status_code == 422
    assert api.post("/api/verify", json={"record": ""}).status_code == 422
    assert api.post("/api/verify", json={"text": "x"}).status_code == 422
