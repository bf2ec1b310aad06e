"""Each hand of a record with its deal, its cards placed in the deck (issue 38,
docs/fairness.md): what ``stud verify`` and the browser's Verify page check.

A hand record (PokerStars text as the room writes it, or PHH) carries its deal: the
commitment, the root of the deck's tree, the client seeds and, once its seed epoch has
ended, the server seed.  To check the record's cards against the deck the seeds make,
each card must be put at its place in the deck; the record is played through the
engine, which deals as the rules say (burnt cards too), and the deck it drew from is read
back: :func:`dealt`.  The checks themselves are :func:`studpoker.fairness.verify_dealt`
here and ``verifyDeal`` of ``web/fairness.js`` in the browser.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from studpoker.cards import Card
from studpoker.engine import Hand
from studpoker.fairness import DealRecord, FairnessError, verify_dealt
from studpoker.history import HandRecord, HistoryError, OtherGame, read_history
from studpoker.history.phh import NotToml, from_phh, load_toml
from studpoker.history.replay import replay

__all__ = [
    "PHH_FIELD",
    "DealtHand",
    "dealt",
    "dealt_hands",
    "phh_hands",
    "verdict",
]

PHH_FIELD = re.compile(r"^\s*variant\s*=", re.MULTILINE)  # a PHH record's, found in a head
_PHHS_TABLE = re.compile(r"^\[[^\]\n]+\]\s*$", re.MULTILINE)


def phh_hands(text: str) -> list[str]:
    """The PHH hands of ``text``: one, or each table of a ``.phhs`` file."""
    starts = [m.start() for m in _PHHS_TABLE.finditer(text)]
    if not starts:
        return [text]
    ends = [*starts[1:], len(text)]
    return [
        text[a:b].split("\n", 1)[1] if "\n" in text[a:b] else ""
        for a, b in zip(starts, ends, strict=True)
    ]


def dealt(hand: Hand) -> list[Card | None]:
    """Every card ``hand`` drew from its deck, in order (burnt cards too; None for a
    card its record does not show)."""
    order = hand.deck_order
    return list(order[: len(order) - hand.cards_left])


@dataclass(frozen=True, slots=True)
class DealtHand:
    """One hand of a record: its number as the record gives it, its deal (None: the
    record carries none), and the cards it drew from the deck in order (None: the
    record could not be played through the engine to place them)."""

    number: str
    deal: DealRecord | None
    cards: list[Card | None] | None


def verdict(hand: DealtHand) -> tuple[str, str]:
    """A hand's verdict — ``verified``, ``unrevealed``, ``no deal`` or ``wrong`` — and
    its line."""
    deal = hand.deal
    if deal is None:
        return "no deal", "no deal in the record"
    if deal.server_seed is None:
        return "unrevealed", f"not revealed yet (commitment {deal.commitment.hex()[:16]}…)"
    if hand.cards is None:
        return "wrong", "the record cannot be replayed to place its cards"
    wrong = verify_dealt(deal, hand.cards)
    if wrong:
        return "wrong", "; ".join(wrong)
    shown = sum(card is not None for card in hand.cards)
    test = ", dealt from a test seed" if deal.test_seed else ""
    return "verified", f"verified ({shown} cards{test})"


def dealt_hands(text: str) -> Iterator[DealtHand | HistoryError]:
    """Each stud hand of ``text`` (PokerStars text or any site's we read, or PHH: one
    hand or a ``.phhs`` file) with its deal and its cards placed; a hand that cannot be
    read is its error, another game's is passed over.  Raises :class:`HistoryError`
    when ``text`` holds no hand at all."""
    if PHH_FIELD.search(text[:65536]):
        for one in phh_hands(text):
            yield _phh(one)
        return
    for record in read_history(text):
        if isinstance(record, OtherGame):
            continue
        if isinstance(record, HistoryError):
            yield record
            continue
        yield DealtHand(record.number, record.deal, _placed(record))


def _phh(text: str) -> DealtHand | HistoryError:
    try:
        fields = load_toml(text)
        deal = DealRecord.from_phh_fields(fields)
    except (NotToml, FairnessError) as error:
        return HistoryError(str(error))
    try:
        hand: Hand | None = from_phh(text)
    except ValueError:
        hand = None
    # A PHH hand's number if it has one; else the hand its deal names (TABLE/NUMBER).
    number = str(fields.get("hand", "?" if deal is None else deal.hand_id))
    if hand is None or deal is None or deal.server_seed is None:
        return DealtHand(number, deal, None)
    return DealtHand(number, deal, dealt(hand))


def _placed(record: HandRecord) -> list[Card | None] | None:
    """The record's cards in deck order, if it can be played through the engine (only
    a hand whose seed is revealed is: the others have nothing to check yet)."""
    if record.deal is None or record.deal.server_seed is None:
        return None
    hand = replay(record).hand
    return None if hand is None else dealt(hand)
