"""``stud verify FILE…`` (issue 38): a hand's record checked against its deal's seeds —
verified when every card shown is the seeds' card at its place, the seed its
commitment's; a card switched in the record, a seed that is not its commitment, a deal
not revealed yet or a record with no deal each said, in PokerStars text and in PHH."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from studpoker.cli import main
from studpoker.engine import ActionKind, Hand
from studpoker.fairness import Deal, DealRecord
from studpoker.games import seven_card_stud, show_hand
from studpoker.history import read_history, to_phh, to_pokerstars

SEED = bytes(range(32))
NAMES = ["ann", "bo", "cy"]


def played(deal: Deal, spec: object) -> Hand:
    """The hand ``deal``'s deck deals, everyone calling or checking to the showdown."""
    hand = Hand(spec, [100_000] * len(NAMES), deck=deal.order)  # type: ignore[arg-type]
    order = (ActionKind.SHOW, ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN)
    while not hand.is_over:
        legal = {option.kind: option for option in hand.legal_actions()}
        kind = next((k for k in order if k in legal), None)
        if kind is None:  # Show Hand's opener bets the least (R6.4)
            hand.act(f"bet {legal[ActionKind.BET].minimum}")
        else:
            hand.act(kind.value)
    return hand


def record(tmp_path: Path, text: str, name: str = "hand.txt") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def verify(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, list[str]]:
    status = main(["verify", *map(str, paths)])
    return status, capsys.readouterr().out.splitlines()


@pytest.fixture
def stud() -> tuple[Deal, Hand]:
    deal = Deal(SEED, "practice-stud/7", [b"ann's", b"bo's", b"cy's"], 52)
    return deal, played(deal, seven_card_stud())


def test_a_revealed_deal_is_verified_card_by_card(stud, tmp_path, capsys) -> None:
    deal, hand = stud
    said = DealRecord.of(deal, chosen_by_room=frozenset({2}), server_seed=SEED)
    text = to_pokerstars(hand, names=NAMES, hand_id=7, deal=said)
    assert text.splitlines()[-5:] == [
        f"Deal: hand practice-stud/7, 52 cards, commitment {deal.commitment.hex()}, "
        f"root {deal.root.hex()}",
        f"Client seed: Seat 1: {deal.client_seeds[0].hex()}",
        f"Client seed: Seat 2: {deal.client_seeds[1].hex()}",
        f"Client seed: Seat 3: {deal.client_seeds[2].hex()} (chosen by the room)",
        f"Server seed: {SEED.hex()}",
    ]
    assert deal.client_seeds[0].hex() == "616e6e2773"  # "ann's"
    (read,) = read_history(text)
    assert not isinstance(read, Exception)
    assert read.deal == said  # what we write, we read
    status, lines = verify(capsys, record(tmp_path, text))
    assert status == 0
    assert lines == [
        "hand.txt: hand 7: verified (21 cards)",
        "1 hands: 1 verified, 0 wrong, 0 not revealed yet, 0 with no deal; 0 could not be read",
    ]
    # One seat's record (its own down cards and every up card) verifies what it shows.
    mine = to_pokerstars(hand, viewer=0, names=NAMES, hand_id=7, deal=said)
    status, lines = verify(capsys, record(tmp_path, mine, "mine.txt"))
    assert status == 0
    assert lines[0].startswith("mine.txt: hand 7: verified (")


def test_a_card_switched_in_the_record_is_caught(stud, tmp_path, capsys) -> None:
    deal, hand = stud
    text = to_pokerstars(hand, names=NAMES, hand_id=7, deal=DealRecord.of(deal, server_seed=SEED))
    unseen = next(c for c in deal.order[21:] if str(c) not in text)
    first = deal.order[0]  # ann's first down card
    switched = re.sub(rf"\b{first}\b", str(unseen), text)  # a word: not hex in a seed
    status, lines = verify(capsys, record(tmp_path, switched))
    assert status == 1
    assert lines[0] == (
        f"hand.txt: hand 7: card 1 is {unseen} in the record; the seeds deal {first}"
    )


def test_a_seed_that_is_not_its_commitment_is_caught(stud, tmp_path, capsys) -> None:
    deal, hand = stud
    other = bytes(32)
    text = to_pokerstars(hand, names=NAMES, hand_id=7, deal=DealRecord.of(deal, server_seed=other))
    status, lines = verify(capsys, record(tmp_path, text))
    assert status == 1
    assert lines[0].startswith(
        "hand.txt: hand 7: the server seed does not match its commitment; the deal's root is "
        "not the tree of the deck the seeds make; card 1 is"
    )


def test_an_unrevealed_deal_and_a_record_without_one_are_said(stud, tmp_path, capsys) -> None:
    deal, hand = stud
    waiting = to_pokerstars(hand, names=NAMES, hand_id=7, deal=DealRecord.of(deal))
    assert waiting.splitlines()[-1] == "Server seed: not revealed yet"
    plain = to_pokerstars(hand, names=NAMES, hand_id=8)
    status, lines = verify(capsys, record(tmp_path, waiting), record(tmp_path, plain, "plain.txt"))
    assert status == 0
    assert lines == [
        f"hand.txt: hand 7: not revealed yet (commitment {deal.commitment.hex()[:16]}…)",
        "plain.txt: hand 8: no deal in the record",
        "2 hands: 0 verified, 0 wrong, 1 not revealed yet, 1 with no deal; 0 could not be read",
    ]


def test_phh_records_carry_the_deal_and_verify(stud, tmp_path, capsys) -> None:
    deal, hand = stud
    fields = DealRecord.of(deal, server_seed=SEED, test_seed=True).phh_fields()
    text = to_phh(hand, names=NAMES, hand=7, **fields)
    status, lines = verify(capsys, record(tmp_path, text, "hand.phh"))
    assert status == 0
    assert lines[0] == "hand.phh: hand 7: verified (21 cards, dealt from a test seed)"
    forged = text.replace(
        f"_deal_server_seed = '{SEED.hex()}'", f"_deal_server_seed = '{'00' * 32}'"
    )
    status, lines = verify(capsys, record(tmp_path, forged, "forged.phh"))
    assert status == 1
    assert "the server seed does not match its commitment" in lines[0]


def test_show_hands_short_decks_verify(tmp_path, capsys) -> None:
    for size in (32, 28):
        deal = Deal(SEED, f"practice-show_hand/{size}", [b"a", b"b", b"c"], size)
        hand = played(deal, show_hand(deck=size))
        text = to_pokerstars(
            hand, names=NAMES, hand_id=size, deal=DealRecord.of(deal, server_seed=SEED)
        )
        status, lines = verify(capsys, record(tmp_path, text, f"sh{size}.txt"))
        assert status == 0, lines
        assert lines[0] == f"sh{size}.txt: hand {size}: verified (15 cards)"


def test_json_and_a_broken_file(stud, tmp_path, capsys) -> None:
    deal, hand = stud
    text = to_pokerstars(hand, names=NAMES, hand_id=7, deal=DealRecord.of(deal, server_seed=SEED))
    broken = record(tmp_path, "not a hand\n", "notes.txt")
    status = main(["verify", "--json", str(record(tmp_path, text)), str(broken)])
    said = json.loads(capsys.readouterr().out)
    assert status == 1
    assert (said["verified"], said["wrong"]) == (1, 0)
    assert said["errors"] == [{"file": str(broken), "error": "no hand of any site we read"}]
