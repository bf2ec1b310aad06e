"""Exhaustive and statistical checks of the hand values (R4.1 high, R4.2 A-5 low,
R4.3 eight-or-better) against numbers that do not come from our evaluator: the
textbook counts of poker hands, independent enumerations of rank multisets, and
the best of the 21 five-card hands inside a seven-card hand (R4.1 "the best five
of the player's cards").

Every five-card hand and every seven-card hand is enumerated with NumPy and
evaluated by :mod:`studpoker.hands.batch` (which is checked against the scalar
evaluators in ``test_batch.py`` and ``test_properties.py``).
"""

from __future__ import annotations

import itertools
import math
import os

import numpy as np
import pytest

from studpoker.cards import Card
from studpoker.hands import Category, batch, low_a5

C = Category
FULL = os.environ.get("STUD_FULL") == "1"

# The 21 ways to keep five of seven cards, as column indexes.
FIVE_OF_SEVEN = np.array(list(itertools.combinations(range(7), 5)), dtype=np.intp)


def combinations_array(n: int, k: int) -> np.ndarray:
    """All k-combinations of range(n) as a (C(n, k), k) uint8 array (lexicographic)."""
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(n), k)),
        dtype=np.uint8,
        count=math.comb(n, k) * k,
    )
    return flat.reshape(-1, k)


def colex_combinations(n: int, k: int) -> np.ndarray:
    """The same rows in colex order: the first C(m, k) rows are the combinations of range(m)."""
    combos = combinations_array(n, k)
    return np.ascontiguousarray(combos[np.lexsort(combos.T)])


def seven_card_blocks(firsts=range(52)):
    """Every seven-card hand whose lowest card is in ``firsts``, exactly once, in blocks:
    the two lowest cards a < b and a 5-combination of the cards above b."""
    tails = colex_combinations(50, 5)
    for a in firsts:
        for b in range(a + 1, 47):
            count = math.comb(51 - b, 5)
            block = np.empty((count, 7), dtype=np.uint8)
            block[:, 0] = a
            block[:, 1] = b
            np.add(tails[:count], b + 1, out=block[:, 2:])
            yield block


def random_hands(rng: np.random.Generator, n: int, size: int = 7) -> np.ndarray:
    """n uniformly random hands of ``size`` distinct cards: independent uniform codes,
    rows with a repeated card rejected (every set of cards is then equally likely)."""
    parts, have = [], 0
    while have < n:
        draw = rng.integers(0, 52, size=(int((n - have) * 1.7) + 16, size), dtype=np.uint8)
        ordered = np.sort(draw, axis=1)
        draw = draw[(np.diff(ordered, axis=1) != 0).all(axis=1)]
        parts.append(draw)
        have += len(draw)
    return np.concatenate(parts)[:n]


def best_of_21(hands: np.ndarray, evaluate, chunk: int = 100_000) -> np.ndarray:
    """The best (max) value of the 21 five-card hands in each seven-card row, each of
    them evaluated on its own as a five-card row."""
    out = np.empty(len(hands), dtype=np.int64)
    for start in range(0, len(hands), chunk):
        part = hands[start : start + chunk]
        fives = part[:, FIVE_OF_SEVEN].reshape(-1, 5)
        out[start : start + chunk] = evaluate(fives).reshape(-1, 21).max(axis=1)
    return out


def low_ranks(codes: np.ndarray) -> np.ndarray:
    """Ranks with the ace low (1) and the king 13, as R4.2 reads them."""
    ranks = codes.astype(np.int64) // 4 + 2
    return np.where(ranks == 14, 1, ranks)


@pytest.fixture(scope="module")
def all_five_card_hands() -> np.ndarray:
    hands = combinations_array(52, 5)
    assert len(hands) == 2_598_960
    return hands


# R4.1: all 2,598,960 five-card hands ---------------------------------------------------

FIVE_CARD_COUNTS = {
    C.STRAIGHT_FLUSH: 40,
    C.FOUR_OF_A_KIND: 624,
    C.FULL_HOUSE: 3_744,
    C.FLUSH: 5_108,
    C.STRAIGHT: 10_200,
    C.THREE_OF_A_KIND: 54_912,
    C.TWO_PAIR: 123_552,
    C.PAIR: 1_098_240,
    C.HIGH_CARD: 1_302_540,
}
FIVE_CARD_DISTINCT = {
    C.STRAIGHT_FLUSH: 10,
    C.FOUR_OF_A_KIND: 156,
    C.FULL_HOUSE: 156,
    C.FLUSH: 1_277,
    C.STRAIGHT: 10,
    C.THREE_OF_A_KIND: 858,
    C.TWO_PAIR: 858,  # C(13, 2) pairs of ranks * 11 kickers
    C.PAIR: 2_860,
    C.HIGH_CARD: 1_277,
}
assert sum(FIVE_CARD_DISTINCT.values()) == 7_462


@pytest.fixture(scope="module")
def five_card_high(all_five_card_hands) -> np.ndarray:
    return batch.high(all_five_card_hands)


def test_five_card_hands_have_7462_distinct_high_values(five_card_high):
    # R4.1: equal hands split, so the number of distinct values is the number of
    # classes of equal hands, 7,462.
    assert len(np.unique(five_card_high)) == 7_462


def test_five_card_hands_have_textbook_counts_per_category(five_card_high):
    counts = np.bincount(batch.categories(five_card_high), minlength=9)
    assert {category: int(counts[category]) for category in FIVE_CARD_COUNTS} == FIVE_CARD_COUNTS


def test_five_card_hands_have_textbook_distinct_values_per_category(five_card_high):
    distinct = np.unique(five_card_high)
    per_category = np.bincount(batch.categories(distinct), minlength=9)
    assert {c: int(per_category[c]) for c in FIVE_CARD_DISTINCT} == FIVE_CARD_DISTINCT


def test_every_five_card_value_is_held_by_as_many_hands_as_its_suit_patterns_allow(
    five_card_high,
):
    # E.g. a pair class (K K 9 7 4) is held by C(4,2) * 4**3 = 384 hands, a high-card
    # class by 4**5 - 4 = 1020 (the 4 flushes are another category): R1.2, suits never
    # change a value except through flushes.
    expected = {
        C.STRAIGHT_FLUSH: 4,
        C.FOUR_OF_A_KIND: 4,
        C.FULL_HOUSE: 4 * 6,
        C.FLUSH: 4,
        C.STRAIGHT: 4**5 - 4,
        C.THREE_OF_A_KIND: 4 * 4 * 4,
        C.TWO_PAIR: 6 * 6 * 4,
        C.PAIR: 6 * 4**3,
        C.HIGH_CARD: 4**5 - 4,
    }
    values, hands_per_value = np.unique(five_card_high, return_counts=True)
    categories = batch.categories(values)
    for category, count in expected.items():
        assert set(hands_per_value[categories == category].tolist()) == {count}, category.name


def test_high_categories_rank_in_textbook_order(five_card_high):
    # R4.1: every hand of a better category beats every hand of a worse one.
    values = np.unique(five_card_high)
    categories = batch.categories(values)
    assert (np.diff(categories) >= 0).all()
    assert categories[0] == C.HIGH_CARD
    assert categories[-1] == C.STRAIGHT_FLUSH


# R4.2 and R4.3: five-card lows -----------------------------------------------------------


def independent_low_classes():
    """Every multiset of five ranks (ace low, at most four of a rank), enumerated
    without the evaluator, with its A-5 category and an order key (smaller is a
    better low): pairs are bad, and hands of one shape compare like high hands
    read in reverse (R4.2)."""
    shapes = {
        (1, 1, 1, 1, 1): C.HIGH_CARD,
        (2, 1, 1, 1): C.PAIR,
        (2, 2, 1): C.TWO_PAIR,
        (3, 1, 1): C.THREE_OF_A_KIND,
        (3, 2): C.FULL_HOUSE,
        (4, 1): C.FOUR_OF_A_KIND,
    }
    classes = {}
    for ranks in itertools.combinations_with_replacement(range(1, 14), 5):
        counts = {rank: ranks.count(rank) for rank in set(ranks)}
        if max(counts.values()) > 4:
            continue  # five of a kind: not in one deck
        grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
        shape = tuple(sorted(counts.values(), reverse=True))
        classes[ranks] = (shapes[shape], (shapes[shape], *grouped))
    return classes


def test_five_card_a5_lows_have_one_value_per_rank_multiset(all_five_card_hands):
    # R4.2: suits never matter in a low (no flushes) and ranks only count as a
    # multiset, so every multiset of five ranks is one low, and no two share a value.
    classes = independent_low_classes()
    assert len(classes) == math.comb(13 + 4, 5) - 13 == 6_175
    values = batch.low_a5(all_five_card_hands)
    ranks = np.sort(low_ranks(all_five_card_hands), axis=1)
    multiset = (ranks * 14 ** np.arange(5)).sum(axis=1)
    assert len(np.unique(values)) == len(classes)
    assert len(np.unique(multiset)) == len(classes)
    # Distinct (multiset, value) pairs: as many as multisets, so value is a function of
    # the multiset; as many as values, so no two multisets share one.
    assert len(np.unique(multiset * (1 << 32) + values)) == len(classes)


def test_five_card_a5_lows_order_and_categories_match_an_independent_enumeration(
    all_five_card_hands,
):
    # R4.2: 7-6-5-4-3 beats 8-7-3-2-A; any unpaired low beats any pair; one pair beats
    # two pair, which beats trips, then full house, then four of a kind; a lower pair
    # beats a higher one.
    classes = independent_low_classes()
    values, first = np.unique(batch.low_a5(all_five_card_hands), return_index=True)
    ours = {}
    for value, row in zip(values.tolist(), first.tolist(), strict=True):
        hand = tuple(Card.from_code(int(c)) for c in all_five_card_hands[row])
        scalar = low_a5(hand)
        assert scalar.value == value
        ranks = tuple(sorted(1 if c.rank == 14 else int(c.rank) for c in hand))
        ours[ranks] = (scalar.category, value)
    assert ours.keys() == classes.keys()
    assert {r: cat for r, (cat, _) in ours.items()} == {r: cat for r, (cat, _) in classes.items()}
    best_first = sorted(classes, key=lambda ranks: classes[ranks][1])
    our_values = [ours[ranks][1] for ranks in best_first]
    assert all(a > b for a, b in itertools.pairwise(our_values))
    per_category = {
        category: sum(1 for cat, _ in classes.values() if cat == category)
        for category in (C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND)
    }
    assert per_category == {
        C.HIGH_CARD: math.comb(13, 5),  # 1,287 unpaired lows
        C.PAIR: 13 * math.comb(12, 3),  # 2,860
        C.TWO_PAIR: math.comb(13, 2) * 11,  # 858
        C.THREE_OF_A_KIND: 13 * math.comb(12, 2),  # 858
    }


def test_five_card_eight_or_better_has_56_lows_and_only_qualifying_hands_get_one(
    all_five_card_hands,
):
    # R4.3: five distinct ranks, all 8 or lower (ace low): C(8, 5) = 56 lows, each
    # held by 4**5 hands; every other hand gets 0.
    eight = batch.eight_or_better(all_five_card_hands)
    ranks = low_ranks(all_five_card_hands)
    ordered = np.sort(ranks, axis=1)
    qualifies = (ordered[:, -1] <= 8) & (np.diff(ordered, axis=1) != 0).all(axis=1)
    assert np.array_equal(eight != 0, qualifies)
    assert int(qualifies.sum()) == math.comb(8, 5) * 4**5 == 57_344
    assert len(np.unique(eight[qualifies])) == math.comb(8, 5) == 56


def test_five_card_eight_or_better_orders_its_lows_as_the_a5_low_does(all_five_card_hands):
    # R4.3 restricts R4.2: among qualifying lows the order is the A-5 order, 8-7-6-5-4
    # is the worst and 5-4-3-2-A the best.
    eight = batch.eight_or_better(all_five_card_hands)
    low = batch.low_a5(all_five_card_hands)
    pairs = np.unique(np.stack([eight, low])[:, eight != 0], axis=1)
    assert pairs.shape[1] == 56
    by_eight = pairs[:, np.argsort(pairs[0])]
    assert (np.diff(by_eight[1]) > 0).all()
    worst = all_five_card_hands[np.argmin(np.where(eight != 0, eight, np.iinfo(np.int32).max))]
    best = all_five_card_hands[np.argmax(eight)]
    assert sorted(low_ranks(worst).tolist()) == [4, 5, 6, 7, 8]
    assert sorted(low_ranks(best).tolist()) == [1, 2, 3, 4, 5]


# R4.1: seven-card hands ----------------------------------------------------------------

SEVEN_CARD_COUNTS = {
    C.STRAIGHT_FLUSH: 41_584,
    C.FOUR_OF_A_KIND: 224_848,
    C.FULL_HOUSE: 3_473_184,
    C.FLUSH: 4_047_644,
    C.STRAIGHT: 6_180_020,
    C.THREE_OF_A_KIND: 6_461_620,
    C.TWO_PAIR: 31_433_400,
    C.PAIR: 58_627_800,
    C.HIGH_CARD: 23_294_460,
}
SEVEN_CARD_TOTAL = math.comb(52, 7)


def test_seven_card_textbook_counts_add_up_to_every_hand():
    assert sum(SEVEN_CARD_COUNTS.values()) == SEVEN_CARD_TOTAL == 133_784_560


def test_enumeration_gives_every_seven_card_hand_once():
    # The enumeration used below, on the hands whose lowest card is the 8c (code 24):
    # C(27, 6) distinct sets of seven distinct cards, each holding the 8c.
    hands = np.concatenate(list(seven_card_blocks(firsts=[24])))
    assert len(hands) == math.comb(27, 6)
    assert (hands[:, 0] == 24).all()
    assert (np.diff(hands, axis=1) > 0).all()  # rows ascending: seven distinct cards
    keys = (hands.astype(np.int64)[:, 1:] * 52 ** np.arange(6)).sum(axis=1)
    assert len(np.unique(keys)) == len(hands)


def test_all_seven_card_hands_have_textbook_category_counts():
    # R4.1, the best five of seven: all 133,784,560 hands (a few seconds with batch).
    counts = np.zeros(9, dtype=np.int64)
    for block in seven_card_blocks():
        counts += np.bincount(batch.categories(batch.high(block, validate=False)), minlength=9)
    assert {c: int(counts[c]) for c in SEVEN_CARD_COUNTS} == SEVEN_CARD_COUNTS


def test_random_seven_card_hands_follow_textbook_probabilities():
    # 3,000,000 uniformly random hands: every category's frequency is within 5 sigma
    # (binomial) of its textbook probability, and the sample is uniform over cards.
    n = 3_000_000
    hands = random_hands(np.random.default_rng(20240607), n)
    card_counts = np.bincount(hands.ravel(), minlength=52)
    expected_per_card = 7 * n / 52
    assert np.abs(card_counts - expected_per_card).max() < 5 * math.sqrt(expected_per_card)
    counts = np.bincount(batch.categories(batch.high(hands)), minlength=9)
    for category, textbook in SEVEN_CARD_COUNTS.items():
        p = textbook / SEVEN_CARD_TOTAL
        sigma = math.sqrt(n * p * (1 - p))
        assert abs(int(counts[category]) - n * p) < 5 * sigma, category.name


@pytest.mark.parametrize(
    ("name", "evaluate"),
    [("high", batch.high), ("low_a5", batch.low_a5), ("eight_or_better", batch.eight_or_better)],
)
def test_seven_card_value_is_the_best_of_its_21_five_card_hands(name, evaluate):
    # R4.1, R4.2, R4.3: the value of seven cards is that of their best five (for a
    # low the best is the biggest value; eight-or-better is 0 when none of the 21
    # qualifies), on 100,000 random hands.
    hands = random_hands(np.random.default_rng(7), 100_000)
    assert np.array_equal(evaluate(hands), best_of_21(hands, evaluate))


def subdeck(ranks: str) -> np.ndarray:
    return np.array([Card.parse(r + s) for r in ranks for s in "cdhs"], dtype=np.uint8)


SUBDECKS = {
    # wheel and 6-high straights, A-6 lows, ace low and high
    "A23456": subdeck("A23456"),
    # 8-or-better at its edge: 8-7-6-5-4 qualifies, any 9 does not; 9-high straights
    "456789": subdeck("456789"),
    # broadway, king-high straights, the ace as the only low card
    "9TJQKA": subdeck("9TJQKA"),
}


@pytest.mark.parametrize("ranks", list(SUBDECKS))
def test_every_seven_card_hand_of_a_24_card_subdeck_is_the_best_of_its_21_fives(ranks):
    # Exact: all C(24, 7) = 346,104 seven-card hands of six ranks, for high, A-5 low
    # and eight-or-better, against the best of the 21 five-card hands evaluated alone.
    hands = SUBDECKS[ranks][combinations_array(24, 7)]
    assert len(hands) == 346_104
    high = batch.high(hands)
    assert np.array_equal(high, best_of_21(hands, batch.high))
    assert np.array_equal(batch.low_a5(hands), best_of_21(hands, batch.low_a5))
    assert np.array_equal(batch.eight_or_better(hands), best_of_21(hands, batch.eight_or_better))
    # Seven cards of six ranks always pair, and six distinct consecutive ranks make
    # a straight: every category from two pair up occurs, and nothing below.
    assert set(batch.categories(np.unique(high)).tolist()) == set(range(C.TWO_PAIR, 9))


@pytest.mark.slow
def test_every_seven_card_hand_is_the_best_of_its_21_fives():
    """R4.1-R4.3 on every seven-card hand with STUD_FULL=1 (2.8 billion five-card
    evaluations per kind, minutes); by default, exactly the 3,338,980 hands whose
    lowest card is one of 5c, 9d, Jh or Qs (some seconds)."""
    firsts = range(52) if FULL else [Card.parse(c) for c in ("5c", "9d", "Jh", "Qs")]
    seen = 0
    for block in seven_card_blocks(firsts=firsts):
        seen += len(block)
        for evaluate in (batch.high, batch.low_a5, batch.eight_or_better):
            ours = evaluate(block, validate=False)
            assert np.array_equal(ours, best_of_21(block, evaluate)), evaluate.__name__
    first_cards = [int(c) for c in firsts]
    assert seen == sum(math.comb(51 - a, 6) for a in first_cards)
