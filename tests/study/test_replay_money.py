"""The replayer's amounts come with the unit its table or site wrote money in (R1.4,
issue 34): a room hand's from its record (100 for the fixed-limit games' cents, 1 for
Show Hand and a tournament's chips), an imported hand's from its site's record (cents
with its money sign, chips in a tournament), so that the page writes a bet of 400 at a
2.00/4.00 table as 4.00, never 400."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from studpoker.engine import Hand
from studpoker.games import GameSpec, preset
from studpoker.history import read_history, to_phh
from studpoker.store.values import HandPlayer, StoredHand, TableMode
from studpoker.study import from_record
from studpoker.study.replay import replay_view
from studpoker.study.room import room_hand
from studpoker.table.messages import format_amount
from studpoker.table.snapshot import event_dict
from studpoker.tournament import default_structure

SHARED = Path(__file__).resolve().parents[3] / "shared" / "handhistories" / "pokerstars"
CENTS = SHARED / "7-Stud-USD-0.04-0.08-200911.txt"
TOURNAMENT = SHARED / "Triple-Stud-USD-2.00-0.20-MTT-201301.txt"


def stored(spec: GameSpec) -> StoredHand:
    """A heads-up hand of ``spec`` played to its end (the least each street), stored as
    the room stores one."""
    hand = Hand(spec, [5000, 5000], rng=random.Random(3))
    while not hand.is_over:
        legal = {option.kind.value: option for option in hand.legal_actions()}
        kind = next(k for k in ("bring_in", "check", "call", "show", "bet") if k in legal)
        hand.act(f"bet {legal['bet'].minimum}" if kind == "bet" else kind)
    now = datetime(2024, 5, 1, tzinfo=UTC)
    return StoredHand(
        id=1, table_id="t", number=1, game=spec.game, mode=TableMode.PRACTICE, started_at=now,
        ended_at=now, record=to_phh(hand, names=["ann", "bo"]),
        events=json.dumps([event_dict(e, [1, 2]) for e in hand.events]), pot=0, rake=0,
        rollover=None,
        players=tuple(HandPlayer(s + 1, n, 0, None) for s, n in enumerate(("ann", "bo"))),
    )  # fmt: skip


def test_a_room_hand_at_two_and_four_replays_in_cents() -> None:
    spec = preset("seven_card_stud")  # 2.00/4.00: 200/400 chips, 100 a unit
    view = replay_view(room_hand(stored(spec)), samples=200)
    assert (view["small_bet"], view["big_bet"], view["money_unit"]) == (200, 400, 100)
    amounts = [a.get("to", a.get("amount")) for s in view["streets"] for a in s["actions"]]
    assert 50 in amounts  # the bring-in, written 0.50
    assert format_amount(400, spec) == "4.00"


@pytest.mark.parametrize("game", ["show_hand", "razz"])
def test_show_hand_and_a_tournaments_chips_replay_as_chips(game: str) -> None:
    """Show Hand's preset counts chips; a tournament's level is the game with whole
    chips (its record says ``_money_unit = 1``)."""
    if game == "show_hand":
        spec = preset("show_hand")
    else:
        structure = default_structure(game)
        spec = structure.spec(structure.levels[0])
    assert spec.money_unit == 1
    assert room_hand(stored(spec)).scale == 1
    assert replay_view(room_hand(stored(spec)), samples=200)["money_unit"] == 1


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_an_imported_hand_replays_in_its_sites_money() -> None:
    """A PokerStars USD ring hand in cents with its sign; a tournament's in chips."""
    text = CENTS.read_text()
    record = read_history(text)[1]
    assert not isinstance(record, Exception)
    view = replay_view(from_record(record, text), samples=200)
    assert (view["currency"], view["money_unit"], view["big_bet"]) == ("$", 100, 8)
    text = TOURNAMENT.read_text(encoding="utf-8-sig")
    played = next(r for r in read_history(text) if not isinstance(r, Exception))
    assert played.tournament is not None
    view = replay_view(from_record(played, text), samples=200)
    assert (view["currency"], view["money_unit"]) == (None, 1)
