"""A table's seeds over REST and in the downloads (issue 38 point 3): secret while the
table's seed epoch runs, then revealed all at once; a download carries each hand's deal,
and once revealed ``stud verify`` checks it card by card."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from studpoker.cli import main
from studpoker.engine import ActionKind, Hand
from studpoker.fairness import Deal, DealRecord
from studpoker.games import seven_card_stud
from studpoker.history import to_phh
from studpoker.room import Room
from studpoker.server import create_app
from studpoker.store import HandPlayer, HandRow, Store
from studpoker.table.snapshot import event_dict

SEED = bytes(range(32))


@pytest.fixture
def api() -> Iterator[TestClient]:
    room = Room(Store("sqlite://"), seed=1, pause=0, default_tables=False)
    with TestClient(create_app(room)) as client:
        yield client


def account(api: TestClient, name: str) -> dict[str, str]:
    answer = api.post("/api/accounts", json={"name": name, "password": "password1"})
    assert answer.status_code == 201, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def dealt_at_the_room(store: Store, number: int) -> Deal:
    """Hand ``number`` of practice-stud between ann and bo, dealt from seeds and kept as
    the room keeps its hands: both call or check to the showdown."""
    deal = Deal(SEED, f"practice-stud/{number}", [b"ann", b"bo"], 52)
    hand = Hand(seven_card_stud(), [1000, 1000], deck=deal.order)
    while not hand.is_over:
        kinds = {option.kind for option in hand.legal_actions()}
        kind = next(k for k in (ActionKind.SHOW, ActionKind.CHECK, ActionKind.CALL,
                                ActionKind.BRING_IN) if k in kinds)  # fmt: skip
        hand.act(kind.value)
    ids = [store.account(n).id for n in ("ann", "bo")]  # type: ignore[union-attr]
    store.record_hand(
        HandRow(
            table_id="practice-stud", number=number, game="seven_card_stud", mode="practice",
            started_at=store._now(), ended_at=store._now(),
            record=to_phh(hand, names=["ann", "bo"]),
            events=json.dumps([event_dict(e, [1, 2]) for e in hand.events]),
            pot=sum(hand.contributed),
            players=[HandPlayer(s + 1, n, hand.result.net[s], ids[s])
                     for s, n in enumerate(("ann", "bo"))],
            deal=DealRecord.of(deal, server_seed=SEED),
            epoch_started=store.epoch_for("practice-stud"),
        )
    )  # fmt: skip
    return deal


def test_seeds_are_secret_until_the_epoch_ends_then_every_deal_verifies(
    api: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ann = account(api, "ann")
    account(api, "bo")
    store: Store = api.app.state.services.room.store  # type: ignore[attr-defined]
    first, second = dealt_at_the_room(store, 1), dealt_at_the_room(store, 2)
    seeds = api.get("/api/tables/practice-stud/seeds")
    assert seeds.status_code == 200, seeds.text
    assert seeds.json() == {"table": "practice-stud", "deals": []}  # the epoch runs
    download = api.get("/api/hands", headers=ann).text
    assert f"commitment {first.commitment.hex()}, root {first.root.hex()}" in download
    assert download.count("Server seed: not revealed yet") == 2
    assert SEED.hex() not in download
    path = tmp_path / "mine.txt"
    path.write_text(download)
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "2 hands: 0 verified, 0 wrong, 2 not revealed yet, 0 with no deal; 0 could not be read"
    )
    assert store.close_epoch("practice-stud") == 2  # the table closes: all at once
    deals = api.get("/api/tables/practice-stud/seeds").json()["deals"]
    assert [(d["hand_id"], d["server_seed"]) for d in deals] == [
        ("practice-stud/1", SEED.hex()),
        ("practice-stud/2", SEED.hex()),
    ]
    assert deals[1]["commitment"] == second.commitment.hex()
    assert deals[0]["client_seeds"] == [b"ann".hex(), b"bo".hex()]
    path.write_text(api.get("/api/hands", headers=ann).text)
    assert main(["verify", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Both hands went to the showdown: all 14 cards of each are in ann's record.
    assert lines[:2] == [
        "mine.txt: hand 1: verified (14 cards)",
        "mine.txt: hand 2: verified (14 cards)",
    ]
    assert lines[-1] == (
        "2 hands: 2 verified, 0 wrong, 0 not revealed yet, 0 with no deal; 0 could not be read"
    )


def test_a_table_nobody_dealt_at_has_no_seeds(api: TestClient) -> None:
    answer = api.get("/api/tables/nowhere/seeds")
    assert answer.status_code == 200
    assert answer.json() == {"table": "nowhere", "deals": []}
