"""Our hands written as PokerStars text, read back and replayed: every fact the
text states must match, and the replay must end with the same chips.

Random hands of the three seven-card games and of Five-Card Stud (R9, up to ten
players), with short stacks (all in on the ante, short bring-ins, side pots), written
as the full record and as one seat's record (other players' down cards unknown until
shown), in dollars and in tournament chips; Five-Card Stud through PHH too.  This is
the reader's test against records far more varied than the 42 real ones: every kind
of line the writer can produce.
"""

from __future__ import annotations

import os
import random
from datetime import datetime

import pytest

from studpoker.games import five_card_stud, razz, seven_card_stud, stud_hilo
from studpoker.history import HandRecord, from_phh, read_pokerstars, replay, to_phh
from studpoker.history.pokerstars_write import to_pokerstars

from .test_pokerstars_write import random_hand

SPECS = {
    "seven_card_stud": seven_card_stud(),
    "stud_hilo": stud_hilo(),
    "razz": razz(),
    "seven_card_stud, WSOP cap": seven_card_stud(max_raises=4, cap_heads_up=False),
    "five_card_stud": five_card_stud(),
    "five_card_stud, ten seats, open pairs": five_card_stud(max_seats=10, open_pair_double=True),
}
HANDS = 2_000 if os.environ.get("STUD_FULL") else 200


@pytest.mark.parametrize("game", SPECS)
def test_written_hands_read_back_and_replay_to_the_same_chips(game: str) -> None:
    spec = SPECS[game]
    rng = random.Random(f"roundtrip {game}")
    for number in range(HANDS):
        hand, _ = random_hand(rng, spec)
        viewer = rng.choice([None, rng.randrange(hand.player_count)])
        money = rng.random() < 0.5
        text = to_pokerstars(
            hand,
            viewer=viewer,
            hand_id=number + 1,
            started=datetime(2024, 5, 1, 14, 30),
            currency="$" if money else None,
            tournament=None if money else 77,
        )
        (record,) = read_pokerstars(text)
        assert isinstance(record, HandRecord), f"{record}\n{text}"
        report = replay(record, **_options(game))
        assert report.matched, f"{report.line()}\n{text}"
        assert report.hand is not None
        assert report.hand.result.net == hand.result.net, text


def _options(game: str) -> dict[str, object]:
    """What a record cannot say: the cap the table played by (R2.5), and whether a
    Five-Card Stud table allows the double bet (R9.3: PokerStars says so only when a
    pair shows)."""
    spec = SPECS[game]
    return {
        "max_raises": spec.max_raises,
        "cap_heads_up": spec.cap_heads_up,
        "open_pair_double": spec.open_pair_double,
    }


# -- the property: any hand of any seven-card spec -------------------------------------------

from dataclasses import fields  # noqa: E402
from functools import partial  # noqa: E402

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from engine.test_properties import deals, draw_action, seven_card_specs  # noqa: E402

# What a PokerStars record cannot say, and the replay is told: the table's options.
UNSTATED = (
    "max_raises",
    "cap_heads_up",
    "open_pair_double",
    "board_tie",
    "showdown_order",
    "odd_chip",
    "reveal_mucked",
)


@settings(
    max_examples=1000 if os.environ.get("STUD_FULL") else 150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(deal=deals(seven_card_specs()), data=st.data())
def test_any_hand_written_as_pokerstars_text_reads_back_with_the_same_facts(deal, data):
    """Any seven-card spec and option, any stacks, any legal play: the full record or
    one seat's, in dollars or tournament chips, reads back and replays to the same
    chips.  (Not with burnt cards, R2.12, nor without a bring-in: PokerStars deals no
    such game, and its records cannot say a card was burnt or a bet was no bring-in.)"""
    assume(not deal.spec.burn_cards and deal.spec.bring_in > 0)
    hand = deal.hand()
    while hand.actor is not None:
        hand.act(draw_action(data.draw, hand.legal_actions()))
    viewer = data.draw(st.none() | st.integers(0, hand.player_count - 1), label="viewer")
    money = data.draw(st.booleans(), label="dollars")
    text = to_pokerstars(
        hand,
        viewer=viewer,
        started=datetime(2024, 5, 1, 14, 30),
        currency="$" if money else None,
        tournament=None if money else 77,
    )
    (record,) = read_pokerstars(text)
    assert isinstance(record, HandRecord), f"{record}\n{text}"
    names = {field.name for field in fields(deal.spec)}
    options = {name: getattr(deal.spec, name) for name in UNSTATED if name in names}
    report = replay(record, **options)
    assert report.matched, f"{report.line()}\n{text}"
    assert report.hand is not None
    assert report.hand.result.net == hand.result.net, text


# -- the property: any hand of Five-Card Stud (R9) ------------------------------------------


# The engine's strategy of fixed-limit tables, Five-Card Stud's only: any stakes, every
# option of R2 and R9, eight or ten seats.
five_card_specs = partial(seven_card_specs, {"five_card_stud": five_card_stud})


@settings(
    max_examples=600 if os.environ.get("STUD_FULL") else 100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(deal=deals(five_card_specs()), data=st.data())
def test_any_five_card_stud_hand_written_as_pokerstars_text_reads_back_r9(deal, data):
    """Any Five-Card Stud table, stacks and legal play, the full record or a seat's, in
    dollars or tournament chips: it reads back and replays to the same chips.  (Not with
    burnt cards nor without a bring-in, as above.)"""
    assume(not deal.spec.burn_cards and deal.spec.bring_in > 0)
    hand = deal.hand()
    while hand.actor is not None:
        hand.act(draw_action(data.draw, hand.legal_actions()))
    viewer = data.draw(st.none() | st.integers(0, hand.player_count - 1), label="viewer")
    money = data.draw(st.booleans(), label="dollars")
    text = to_pokerstars(
        hand,
        viewer=viewer,
        started=datetime(2024, 5, 1, 14, 30),
        currency="$" if money else None,
        tournament=None if money else 77,
    )
    (record,) = read_pokerstars(text)
    assert isinstance(record, HandRecord), f"{record}\n{text}"
    assert record.game == "five_card_stud"
    options = {name: getattr(deal.spec, name) for name in UNSTATED}
    report = replay(record, **options)
    assert report.matched, f"{report.line()}\n{text}"
    assert report.hand is not None
    assert report.hand.result.net == hand.result.net, text


@settings(
    max_examples=600 if os.environ.get("STUD_FULL") else 100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(deal=deals(five_card_specs()), data=st.data())
def test_any_five_card_stud_hand_round_trips_through_phh_r9(deal, data):
    """Any Five-Card Stud hand, burnt cards and no bring-in too (PHH says so), finished
    or not, written as PHH and read back: the same hand, event for event."""
    hand = deal.hand()
    steps = data.draw(st.integers(0, 40), label="actions")
    while hand.actor is not None and steps:
        hand.act(draw_action(data.draw, hand.legal_actions()))
        steps -= 1
    text = to_phh(hand)
    again = from_phh(text)
    assert again.spec == deal.spec
    assert again.events == hand.events, text
    assert to_phh(again) == text
