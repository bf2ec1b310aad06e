"""A table's seeds over REST and in the downloads (issue 38 point 3): secret while the
table's seed epoch runs, then revealed all at once; a download carries each hand's deal,
and once revealed ``stud verify`` checks it card by card."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from studpoker.cli import main
from studpoker.engine import ActionKind, Hand
from studpoker.fairness import Deal, DealRecord, commitment
from studpoker.games import seven_card_stud
from studpoker.history import to_phh
from studpoker.room import Room
from studpoker.server import create_app
from studpoker.store import Account, HandPlayer, HandRow, Store
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


def cheap(legal: list[Any]) -> str:
    """Check or call down (a bring-in when it must)."""
    kinds = {option.kind.value for option in legal}
    return next(k for k in ("show", "check", "call", "bring_in") if k in kinds)


async def answer_until(
    room: Room, table_id: str, people: list[Account], done: Callable[[], bool]
) -> None:
    """Every decision of ``people`` at ``table_id`` answered until ``done()``."""
    by_seat = {room.seat_of(a.id, table_id): a for a in people}
    while not done():
        running = room.tables.get(table_id)
        turn = None if running is None else running.table.turn
        if turn is not None and turn.seat in by_seat:
            room.act(by_seat[turn.seat], table_id, cheap(turn.legal_actions), turn.seq)
        await asyncio.sleep(0.002)


def opened_and_played(room: Room, table_id: str, host: Account, guest: Account, **how: Any):
    """``host`` opens ``table_id`` (a practice table of Seven Card Stud, as ``how`` says)
    and ``guest`` sits too; both play until the table has kept two hands."""

    async def play() -> None:
        await room.create_table(
            "seven_card_stud", "practice", table_id=table_id, created_by=host, **how
        )
        invite = room.invite_of(host, table_id) if how.get("private") else None
        await room.sit(host, table_id)
        await room.sit(guest, table_id, invite=invite)
        table = room.tables[table_id].table
        await answer_until(room, table_id, [host, guest], lambda: table.hand(2) is not None)

    return play


def closed(room: Room, table_id: str, host: Account, guest: Account):
    """``table_id`` closed by its host (the operator, for a public table), its hand under
    way played out: its seeds are revealed.  The number of its last hand kept."""

    async def close() -> int:
        if room.tables[table_id].privacy is not None:
            await room.close_private(host, table_id)  # at the end of the hand under way
            await answer_until(room, table_id, [host, guest], lambda: table_id not in room.tables)
        else:
            closing = asyncio.create_task(room.close_table(table_id))
            await answer_until(room, table_id, [host, guest], closing.done)
            await closing
        return room.store.last_hand_number(table_id)

    return close


def test_a_closed_private_tables_seeds_are_for_its_players_only(api: TestClient) -> None:
    """Issue 38: a private table whose host let only the invited watch, played by ann and
    bo and closed: the room no longer knows it was private, but its deals were kept so;
    ann gets their server seeds, cy (another account) and an asker with no account get
    none.  A public table's closed deals are anyone's still."""
    headers = {name: account(api, name) for name in ("ann", "bo", "cy")}
    room: Room = api.app.state.services.room  # type: ignore[attr-defined]
    ann, bo = (room.store.account(name) for name in ("ann", "bo"))
    assert ann is not None
    assert bo is not None
    portal = api.portal  # type: ignore[union-attr]

    portal.call(opened_and_played(room, "friends", ann, bo, private=True, onlookers="invited"))
    # While it runs: only the invited see its seeds (none revealed yet: its epoch runs).
    answer = api.get("/api/tables/friends/seeds", headers=headers["ann"])
    assert answer.json() == {"table": "friends", "deals": []}
    for who in (headers["cy"], {}):
        answer = api.get("/api/tables/friends/seeds", headers=who)
        assert (answer.status_code, answer.json()["code"]) == (403, "invite_only")
    last = portal.call(closed(room, "friends", ann, bo))
    assert last >= 2  # the hand under way when its host closed it was played out
    kept = [room.store.hand("friends", number) is not None for number in range(1, last + 2)]
    assert kept == [True] * last + [False]
    hands = [f"friends/{number}" for number in range(1, last + 1)]

    def seeds(table_id: str, who: dict[str, str]) -> list[tuple[str, bool]]:
        """Each deal given: its hand, and whether its server seed is the one committed."""
        answer = api.get(f"/api/tables/{table_id}/seeds", headers=who)
        assert answer.status_code == 200, answer.text
        assert answer.json()["table"] == table_id
        return [
            (d["hand_id"], commitment(bytes.fromhex(d["server_seed"]), d["hand_id"]).hex()
             == d["commitment"])
            for d in answer.json()["deals"]
        ]  # fmt: skip

    assert seeds("friends", headers["ann"]) == [(hand, True) for hand in hands]
    assert seeds("friends", headers["bo"]) == [(hand, True) for hand in hands]
    assert seeds("friends", headers["cy"]) == []  # another account: none
    assert seeds("friends", {}) == []  # nor an asker with no account

    # A public table, played and closed the same way: its seeds are anyone's.
    portal.call(opened_and_played(room, "open", ann, bo))
    last = portal.call(closed(room, "open", ann, bo))
    assert last >= 2
    public = [(f"open/{number}", True) for number in range(1, last + 1)]
    for who in (headers["ann"], headers["cy"], {}):
        assert seeds("open", who) == public
