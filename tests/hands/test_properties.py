"""Properties of the showdown values that hold for every set of 5 to 7 distinct
cards (Hypothesis): high (R4.1), ace-to-five low (R4.2), eight-or-better (R4.3).

* the value is that of the best five cards, whatever order the cards come in;
* ``.cards`` are five distinct cards of the hand that alone have the same value;
* the batch evaluator gives the scalar value;
* one more card never makes a hand worse (the player picks the best five, R4.1);
* a hand has an 8-or-better low exactly when its best A-5 low qualifies (R4.3
  restricts R4.2), and then both are the same five ranks.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.cards import Card
from studpoker.hands import Category, batch, eight_or_better, high, low_a5

SCALAR = {"high": high, "low_a5": low_a5, "eight_or_better": eight_or_better}
BATCH = {"high": batch.high, "low_a5": batch.low_a5, "eight_or_better": batch.eight_or_better}
KINDS = list(SCALAR)

EXAMPLES = settings(max_examples=400, deadline=None)


def cards_from(codes: list[int]) -> tuple[Card, ...]:
    return tuple(Card.from_code(code) for code in codes)


@st.composite
def crowded_hands(draw, max_size: int = 7) -> tuple[Card, ...]:
    """5 to ``max_size`` cards of one or two suits (flushes, straight flushes) or of two
    to six ranks (quads, full houses, paired lows), which uniform draws rarely give."""
    if draw(st.booleans()):
        suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
        pool = [code for code in range(52) if code & 3 in suits]
    else:
        ranks = draw(st.lists(st.integers(0, 12), min_size=2, max_size=6, unique=True))
        pool = [code for code in range(52) if code >> 2 in ranks]
    size = draw(st.integers(5, min(max_size, len(pool))))
    codes = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    return cards_from(codes)


def any_cards(max_size: int) -> st.SearchStrategy[tuple[Card, ...]]:
    uniform = st.lists(st.integers(0, 51), min_size=5, max_size=max_size, unique=True)
    return st.one_of(uniform.map(cards_from), crowded_hands(max_size))


hands = any_cards(7)
short_hands = any_cards(6)


def value_of(kind: str, cards) -> int:
    """The value, with 0 for no qualifying 8-or-better low (as the batch gives it)."""
    hand = SCALAR[kind](cards)
    return 0 if hand is None else hand.value


@pytest.mark.parametrize("kind", KINDS)
@EXAMPLES
@given(cards=hands, data=st.data())
def test_value_does_not_depend_on_card_order(kind, cards, data):
    shuffled = data.draw(st.permutations(cards))
    assert value_of(kind, shuffled) == value_of(kind, cards)


@pytest.mark.parametrize("kind", KINDS)
@EXAMPLES
@given(cards=hands)
def test_cards_given_as_text_have_the_same_value(kind, cards):
    assert value_of(kind, " ".join(str(card) for card in cards)) == value_of(kind, cards)


@pytest.mark.parametrize("kind", KINDS)
@EXAMPLES
@given(cards=hands)
def test_batch_equals_scalar(kind, cards):
    codes = np.array([[int(card) for card in cards]], dtype=np.int64)
    assert BATCH[kind](codes).tolist() == [value_of(kind, cards)]


@pytest.mark.parametrize("kind", KINDS)
@EXAMPLES
@given(cards=hands)
def test_best_five_cards_are_five_distinct_cards_of_the_hand_with_the_same_value(kind, cards):
    hand = SCALAR[kind](cards)
    if hand is None:  # no 8-or-better low: nothing to show
        return
    five = hand.cards
    assert len(five) == 5
    assert len(set(five)) == 5
    assert set(five) <= set(cards)
    alone = SCALAR[kind](five)
    assert alone.value == hand.value
    assert alone.category == hand.category


@pytest.mark.parametrize("kind", KINDS)
@EXAMPLES
@given(cards=short_hands, extra=st.integers(0, 51))
def test_one_more_card_never_makes_a_hand_worse(kind, cards, extra):
    if extra in cards:
        extra = next(code for code in range(52) if code not in cards)
    more = (*cards, Card.from_code(extra))
    assert value_of(kind, more) >= value_of(kind, cards)


@EXAMPLES
@given(cards=hands)
def test_eight_or_better_exists_exactly_when_the_best_a5_low_is_eight_or_better(cards):
    low = low_a5(cards)
    eight = eight_or_better(cards)
    qualifies = low.category == Category.HIGH_CARD and max(low.ranks) <= 8
    assert (eight is not None) == qualifies
    if eight is not None:
        assert eight.ranks == low.ranks
        assert sorted(card.rank for card in eight.cards) == sorted(card.rank for card in low.cards)


@EXAMPLES
@given(cards=hands)
def test_high_category_of_the_batch_is_the_scalar_category(cards):
    values = batch.high(np.array([[int(card) for card in cards]]))
    assert batch.categories(values).tolist() == [high(cards).category]
