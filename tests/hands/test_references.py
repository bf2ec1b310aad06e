"""Our hand values order hands exactly as the reference libraries do.

* High (R4.1) against eval7 (bigger is better), phevaluator and treys (smaller is
  better) on 100,000 random pairs of seven-card hands, and PokerKit's
  ``StandardHighHand`` on 5,000 pairs (it is slow);
* ace-to-five low (R4.2) against PokerKit's ``RegularLowHand`` (ace low, straights
  and flushes ignored, pairs allowed and bad: the A-5 low of Razz; its
  ``StandardLowHand`` is deuce-to-seven and does not apply);
* eight-or-better (R4.3) against PokerKit's ``EightOrBetterLowHand``, whose
  ``from_game`` raises ``ValueError`` when no low qualifies (``from_game_or_none``
  returns None then): no low is worse than any low, and two hands without a low tie;
* the 7,462 five-card high classes, all 6,175 five-card A-5 lows and all 56
  eight-or-better lows, one hand of each, in the order of the references.

Paired lows: R4.2 ranks every paired low below every unpaired one, and compares
paired lows like high hands read in reverse (one pair < two pair < trips < full
house < four of a kind, then the ranks grouped by count, a lower pair being
better).  PokerKit's ``RegularLowHand`` orders them the same way, so nothing is
left out of the low comparisons below; ``test_paired_lows...`` checks that on
samples made of few ranks, where most lows are paired.

Every library gets its cards from our text form, ``str(card)`` ("As", "Td").
"""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Sequence

import numpy as np
import phevaluator
import pokerkit
import pytest
import treys

from studpoker.cards import Card
from studpoker.hands import Category, batch, eight_or_better, high, low_a5

with warnings.catch_warnings():
    # eval7 0.1.x calls pyparsing functions that pyparsing 3.3 deprecates, on import.
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

C = Category
NAMES = [str(Card.from_code(code)) for code in range(52)]

# Each library's card for each of our codes, built from our text form.
EVAL7 = [eval7.Card(name) for name in NAMES]
TREYS = [treys.Card.new(name) for name in NAMES]
PHEVAL = [phevaluator.Card(name) for name in NAMES]
POKERKIT = [next(pokerkit.Card.parse(name)) for name in NAMES]
TREYS_EVALUATOR = treys.Evaluator()

EVAL7_CATEGORY = {
    "Straight Flush": C.STRAIGHT_FLUSH,
    "Quads": C.FOUR_OF_A_KIND,
    "Full House": C.FULL_HOUSE,
    "Flush": C.FLUSH,
    "Straight": C.STRAIGHT,
    "Trips": C.THREE_OF_A_KIND,
    "Two Pair": C.TWO_PAIR,
    "Pair": C.PAIR,
    "High Card": C.HIGH_CARD,
}
TREYS_CATEGORY = {
    "Royal Flush": C.STRAIGHT_FLUSH,  # R4.1: the royal flush is the top straight flush
    "Straight Flush": C.STRAIGHT_FLUSH,
    "Four of a Kind": C.FOUR_OF_A_KIND,
    "Full House": C.FULL_HOUSE,
    "Flush": C.FLUSH,
    "Straight": C.STRAIGHT,
    "Three of a Kind": C.THREE_OF_A_KIND,
    "Two Pair": C.TWO_PAIR,
    "Pair": C.PAIR,
    "High Card": C.HIGH_CARD,
}
POKERKIT_CATEGORY = {
    pokerkit.Label.STRAIGHT_FLUSH: C.STRAIGHT_FLUSH,
    pokerkit.Label.FOUR_OF_A_KIND: C.FOUR_OF_A_KIND,
    pokerkit.Label.FULL_HOUSE: C.FULL_HOUSE,
    pokerkit.Label.FLUSH: C.FLUSH,
    pokerkit.Label.STRAIGHT: C.STRAIGHT,
    pokerkit.Label.THREE_OF_A_KIND: C.THREE_OF_A_KIND,
    pokerkit.Label.TWO_PAIR: C.TWO_PAIR,
    pokerkit.Label.ONE_PAIR: C.PAIR,
    pokerkit.Label.HIGH_CARD: C.HIGH_CARD,
}


# Helpers ---------------------------------------------------------------------------------


def random_hands(rng: np.random.Generator, n: int, size: int = 7) -> np.ndarray:
    """n uniformly random hands of ``size`` distinct cards (rows with a repeat rejected)."""
    parts, have = [], 0
    while have < n:
        draw = rng.integers(0, 52, size=(int((n - have) * 1.7) + 16, size), dtype=np.uint8)
        draw = draw[(np.diff(np.sort(draw, axis=1), axis=1) != 0).all(axis=1)]
        parts.append(draw)
        have += len(draw)
    return np.concatenate(parts)[:n]


def few_rank_hands(rng: np.random.Generator, n: int) -> list[tuple[int, ...]]:
    """n hands of 5 to 7 cards drawn from only 2 to 5 ranks: nearly every A-5 low of
    these is paired, and every paired shape (trips and quads need 5 or 6 cards)
    occurs."""
    hands = []
    while len(hands) < n:
        size = int(rng.integers(5, 8))
        ranks = rng.choice(13, size=int(rng.integers(2, 6)), replace=False)
        pool = (ranks[:, None] * 4 + np.arange(4)).ravel()
        if len(pool) >= size:
            hands.append(tuple(int(c) for c in rng.choice(pool, size=size, replace=False)))
    return hands


def low_card_hands(rng: np.random.Generator, n: int) -> list[tuple[int, ...]]:
    """n seven-card hands from the 36 cards A to 9: about half hold an 8-or-better
    low, and the others miss by a pair or a 9."""
    deck = np.array([code for code in range(52) if code < 32 or code >= 48])
    return [tuple(int(c) for c in rng.choice(deck, size=7, replace=False)) for _ in range(n)]


RANK_VALUES = {char: rank for rank, char in enumerate("23456789TJQKA", start=2)}


def rank_of(card: pokerkit.Card) -> int:
    """A PokerKit card's rank on our 2..14 scale."""
    return RANK_VALUES[card.rank.value]


def cards_of(codes: Sequence[int]) -> tuple[Card, ...]:
    return tuple(Card.from_code(int(code)) for code in codes)


def text(codes: Sequence[int]) -> str:
    return " ".join(NAMES[int(code)] for code in codes)


def compare(a, b) -> int:
    """-1, 0 or 1 as a is worse than, as good as, or better than b."""
    return (a > b) - (a < b)


def assert_pairs_agree(
    hands: Sequence[Sequence[int]], ours: Sequence[int], theirs: Sequence, library: str
) -> int:
    """Hands 0 and 1, 2 and 3 … are pairs; for each, the sign of ``ours[a] - ours[b]``
    equals the library's comparison (``theirs`` is bigger-is-better)."""
    wrong = [
        (i, compare(ours[i], ours[i + 1]), compare(theirs[i], theirs[i + 1]))
        for i in range(0, len(ours) - 1, 2)
        if compare(ours[i], ours[i + 1]) != compare(theirs[i], theirs[i + 1])
    ]
    examples = [
        f"{text(hands[i])} vs {text(hands[i + 1])}: ours {o}, {library} {t}"
        for i, o, t in wrong[:5]
    ]
    assert not wrong, f"{len(wrong)} pairs ordered differently, e.g. " + "; ".join(examples)
    return len(ours) // 2


def assert_same_total_order(
    hands: Sequence[Sequence[int]], ours: Sequence[int], theirs: Sequence, library: str
) -> None:
    """Every pair of hands of the sample, not only the drawn pairs, compares the same:
    sorted by the library's value, our values rise exactly where the library's do."""
    order = sorted(range(len(ours)), key=theirs.__getitem__)
    for i, j in itertools.pairwise(order):
        if compare(ours[i], ours[j]) != compare(theirs[i], theirs[j]):
            raise AssertionError(
                f"{text(hands[i])} vs {text(hands[j])}: ours {ours[i]} vs {ours[j]}, "
                f"{library} compares {compare(theirs[i], theirs[j])}"
            )


def negated(values: Sequence[int]) -> list[int]:
    """A smaller-is-better library's values turned bigger-is-better."""
    return [-v for v in values]


# Card conversion ---------------------------------------------------------------------------


def test_every_library_reads_our_card_text_as_the_same_card():
    for code, name in enumerate(NAMES):
        assert str(EVAL7[code]) == name
        assert treys.Card.int_to_str(TREYS[code]) == name
        assert str(PHEVAL[code]) == name
        assert repr(POKERKIT[code]) == name


# R4.1 high: seven-card pairs ----------------------------------------------------------------

PAIRS = 100_000


@pytest.fixture(scope="module")
def seven_card_sample():
    """2 * 100,000 random seven-card hands (pairs: rows 0-1, 2-3 …) and our values."""
    hands = random_hands(np.random.default_rng(4711), 2 * PAIRS)
    return hands.tolist(), batch.high(hands).tolist()


def test_high_orders_100000_pairs_as_eval7_does(seven_card_sample):
    hands, ours = seven_card_sample
    theirs = [eval7.evaluate([EVAL7[c] for c in hand]) for hand in hands]
    assert assert_pairs_agree(hands, ours, theirs, "eval7") >= 100_000
    assert_same_total_order(hands, ours, theirs, "eval7")
    categories = [EVAL7_CATEGORY[eval7.handtype(v)] for v in theirs]
    assert batch.categories(np.array(ours)).tolist() == categories


def test_high_orders_100000_pairs_as_phevaluator_does(seven_card_sample):
    hands, ours = seven_card_sample
    ranks = [phevaluator.evaluate_cards(*[PHEVAL[c] for c in hand]) for hand in hands]
    theirs = negated(ranks)  # phevaluator: 1 is the royal flush, smaller is better
    assert assert_pairs_agree(hands, ours, theirs, "phevaluator") >= 100_000
    assert_same_total_order(hands, ours, theirs, "phevaluator")


def test_high_orders_100000_pairs_as_treys_does(seven_card_sample):
    hands, ours = seven_card_sample
    ranks = [
        TREYS_EVALUATOR.evaluate([TREYS[c] for c in hand[:2]], [TREYS[c] for c in hand[2:]])
        for hand in hands
    ]
    theirs = negated(ranks)  # treys: smaller is better
    assert assert_pairs_agree(hands, ours, theirs, "treys") >= 100_000
    assert_same_total_order(hands, ours, theirs, "treys")
    categories = [
        TREYS_CATEGORY[TREYS_EVALUATOR.class_to_string(TREYS_EVALUATOR.get_rank_class(r))]
        for r in ranks
    ]
    assert batch.categories(np.array(ours)).tolist() == categories


def test_high_orders_5000_pairs_as_pokerkit_does(seven_card_sample):
    hands, ours = seven_card_sample
    hands, ours = hands[:10_000], ours[:10_000]
    theirs = [pokerkit.StandardHighHand.from_game([POKERKIT[c] for c in hand]) for hand in hands]
    assert assert_pairs_agree(hands, ours, theirs, "PokerKit") >= 5_000
    assert_same_total_order(hands, ours, theirs, "PokerKit")
    assert [high(cards_of(h)).category for h in hands] == [
        POKERKIT_CATEGORY[hand.entry.label] for hand in theirs
    ]
    # The best five cards have the same ranks (suits may differ outside flushes).
    for hand, value in zip(hands, theirs, strict=True):
        ours_five = sorted(int(c.rank) for c in high(cards_of(hand)).cards)
        assert ours_five == sorted(rank_of(c) for c in value.cards), text(hand)


# R4.1 high: the 7,462 five-card classes --------------------------------------------------


@pytest.fixture(scope="module")
def five_card_classes():
    """One five-card hand of each high value, and each A-5 low and 8-or-better value."""
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=math.comb(52, 5) * 5,
    )
    hands = flat.reshape(-1, 5)
    out = {}
    for name, evaluate in (
        ("high", batch.high),
        ("low", batch.low_a5),
        ("eight", batch.eight_or_better),
    ):
        values, first = np.unique(evaluate(hands), return_index=True)
        out[name] = (hands[first].tolist(), values.tolist())
    return out


FIVE_CARD_HIGH = {
    # bigger is better for every one of these
    "eval7": lambda hand: eval7.evaluate([EVAL7[c] for c in hand]),
    "phevaluator": lambda hand: -phevaluator.evaluate_cards(*[PHEVAL[c] for c in hand]),
    "treys": lambda hand: -TREYS_EVALUATOR.evaluate([TREYS[c] for c in hand], []),
    "PokerKit": lambda hand: pokerkit.StandardHighHand([POKERKIT[c] for c in hand]),
}


@pytest.mark.parametrize("library", list(FIVE_CARD_HIGH))
def test_the_7462_five_card_high_classes_are_ordered_as_the_library_does(
    five_card_classes, library
):
    hands, ours = five_card_classes["high"]
    assert len(ours) == 7_462
    theirs = [FIVE_CARD_HIGH[library](hand) for hand in hands]
    # Distinct for us, distinct for them, and in the same order.
    assert all(a < b for a, b in itertools.pairwise(theirs)), library


# R4.2 A-5 low --------------------------------------------------------------------------------


def pokerkit_low(hand: Sequence[int]) -> pokerkit.RegularLowHand:
    return pokerkit.RegularLowHand.from_game([POKERKIT[c] for c in hand])


def test_all_6175_five_card_a5_lows_are_ordered_as_pokerkit_regular_low_does(
    five_card_classes,
):
    # Includes every paired shape: pair, two pair, trips, full house, four of a kind.
    hands, ours = five_card_classes["low"]
    assert len(ours) == 6_175
    theirs = [pokerkit_low(hand) for hand in hands]
    assert all(a < b for a, b in itertools.pairwise(theirs))
    assert [low_a5(cards_of(h)).category for h in hands] == [
        POKERKIT_CATEGORY[hand.entry.label] for hand in theirs
    ]


def check_lows_against_pokerkit(hands: Sequence[Sequence[int]]) -> int:
    values = [low_a5(cards_of(hand)) for hand in hands]
    ours = [value.value for value in values]
    theirs = [pokerkit_low(hand) for hand in hands]
    pairs = assert_pairs_agree(hands, ours, theirs, "PokerKit RegularLowHand")
    assert_same_total_order(hands, ours, theirs, "PokerKit RegularLowHand")
    for hand, value, reference in zip(hands, values, theirs, strict=True):
        assert value.category == POKERKIT_CATEGORY[reference.entry.label], text(hand)
        low = sorted(14 if r == 1 else r for r in value.ranks)
        assert low == sorted(rank_of(c) for c in reference.cards), text(hand)
        assert sorted(int(c.rank) for c in value.cards) == low, text(hand)
    return pairs


def test_a5_low_orders_5000_random_seven_card_pairs_as_pokerkit_does():
    hands = random_hands(np.random.default_rng(8), 10_000).tolist()
    assert check_lows_against_pokerkit(hands) >= 5_000


def test_paired_lows_of_5_to_7_cards_are_ordered_as_pokerkit_does():
    # R4.2 "pairs are bad": hands from two to five ranks, where most lows are paired.
    hands = few_rank_hands(np.random.default_rng(9), 5_000)
    shapes = {low_a5(cards_of(hand)).category for hand in hands}
    assert shapes == {
        C.HIGH_CARD,
        C.PAIR,
        C.TWO_PAIR,
        C.THREE_OF_A_KIND,
        C.FULL_HOUSE,
        C.FOUR_OF_A_KIND,
    }
    assert check_lows_against_pokerkit(hands) >= 2_500


# R4.3 eight-or-better ------------------------------------------------------------------------


def pokerkit_eight(hand: Sequence[int]) -> pokerkit.EightOrBetterLowHand | None:
    return pokerkit.EightOrBetterLowHand.from_game_or_none([POKERKIT[c] for c in hand])


class NoLow:
    """What PokerKit gives when no low qualifies: worse than any low, equal to itself."""

    def __lt__(self, other):
        return not isinstance(other, NoLow)

    def __gt__(self, other):
        return False

    def __eq__(self, other):
        return isinstance(other, NoLow)

    __hash__ = None


def check_eights_against_pokerkit(hands: Sequence[Sequence[int]]) -> int:
    ours = [eight_or_better(cards_of(hand)) for hand in hands]
    reference = [pokerkit_eight(hand) for hand in hands]
    for hand, value, theirs in zip(hands, ours, reference, strict=True):
        assert (value is None) == (theirs is None), text(hand)
        if value is not None:
            assert sorted(int(c.rank) for c in value.cards) == sorted(
                rank_of(c) for c in theirs.cards
            ), text(hand)
    our_values = [0 if value is None else value.value for value in ours]
    theirs = [NoLow() if hand is None else hand for hand in reference]
    pairs = assert_pairs_agree(hands, our_values, theirs, "PokerKit EightOrBetterLowHand")
    # A total order over the sample: the hands without a low first, then PokerKit's order.
    with_low = [i for i, hand in enumerate(reference) if hand is not None]
    assert_same_total_order(
        [hands[i] for i in with_low],
        [our_values[i] for i in with_low],
        [reference[i] for i in with_low],
        "PokerKit EightOrBetterLowHand",
    )
    return pairs


def test_all_56_eight_or_better_lows_are_ordered_as_pokerkit_does(five_card_classes):
    hands, ours = five_card_classes["eight"]
    assert ours[0] == 0  # the value of the hands without a low
    hands = hands[1:]
    assert len(hands) == 56
    theirs = [pokerkit_eight(hand) for hand in hands]
    assert all(a < b for a, b in itertools.pairwise(theirs))


def test_eight_or_better_orders_5000_random_seven_card_pairs_as_pokerkit_does():
    hands = random_hands(np.random.default_rng(10), 10_000).tolist()
    assert check_eights_against_pokerkit(hands) >= 5_000


def test_eight_or_better_orders_low_card_hands_as_pokerkit_does():
    # Hands of A to 9 only: many qualify, many miss by a pair or a 9 (R4.3).
    hands = low_card_hands(np.random.default_rng(11), 5_000)
    qualifying = sum(eight_or_better(cards_of(hand)) is not None for hand in hands)
    assert 1_000 < qualifying < 4_000
    assert check_eights_against_pokerkit(hands) >= 2_500


def test_reference_helpers_compare_as_bigger_is_better():
    # The comparisons above rely on these conventions of each library.
    royal, wheel = ["As", "Ks", "Qs", "Js", "Ts"], ["5d", "4c", "3h", "2s", "Ad"]
    assert eval7.evaluate([eval7.Card(c) for c in royal]) > eval7.evaluate(
        [eval7.Card(c) for c in wheel]
    )
    assert phevaluator.evaluate_cards(*royal) < phevaluator.evaluate_cards(*wheel)
    royal_treys, wheel_treys = ([treys.Card.new(c) for c in cs] for cs in (royal, wheel))
    assert TREYS_EVALUATOR.evaluate(royal_treys, []) < TREYS_EVALUATOR.evaluate(wheel_treys, [])
    assert pokerkit.RegularLowHand("".join(wheel)) > pokerkit.RegularLowHand("6c4d3h2sAc")
    assert NoLow() < pokerkit.EightOrBetterLowHand("8c7d6h5s4c")
    assert NoLow() == NoLow()
