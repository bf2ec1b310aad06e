"""Our hands written as PokerStars text, read back and replayed: every fact the
text states must match, and the replay must end with the same chips.

Random hands of the three seven-card games, with short stacks (all in on the
ante, short bring-ins, side pots), written as the full record and as one seat's
record (other players' down cards unknown until shown), in dollars and in
tournament chips.  This is the reader's test against records far more varied
than the 42 real ones: every kind of line the writer can produce.
"""

from __future__ import annotations

import os
import random
from datetime import datetime

import pytest

from studpoker.games import razz, seven_card_stud, stud_hilo
from studpoker.history import HandRecord, read_pokerstars, replay
from studpoker.history.pokerstars_write import to_pokerstars

from .test_pokerstars_write import random_hand

SPECS = {
    "seven_card_stud": seven_card_stud(),
    "stud_hilo": stud_hilo(),
    "razz": razz(),
    "seven_card_stud, WSOP cap": seven_card_stud(max_raises=4, cap_heads_up=False),
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
    """What a record cannot say: the cap the table played by (R2.5)."""
    spec = SPECS[game]
    return {"max_raises": spec.max_raises, "cap_heads_up": spec.cap_heads_up}


# -- the property: any hand of any seven-card spec -------------------------------------------

from dataclasses import fields  # noqa: E402

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
