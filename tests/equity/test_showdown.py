"""Many showdowns at once: the Show Hand values of the batch form equal the scalar
``show_hand`` (R6.9, R6.10), and pots split as R4.1 and R5.5 say."""

from __future__ import annotations

import itertools
import os

import numpy as np
import pytest

from studpoker.cards import Card, deck_cards, parse_cards
from studpoker.equity.showdown import POT, pot_shares, show_hand_values
from studpoker.games import razz, seven_card_stud, show_hand, stud_hilo
from studpoker.hands import ShowHandRules
from studpoker.hands import show_hand as scalar_show_hand

FULL = os.environ.get("STUD_FULL") == "1"

RULES = [
    ShowHandRules(),
    ShowHandRules(suit_order="regional"),
    ShowHandRules(suit_tiebreak=False),
    ShowHandRules(deck=32),
    ShowHandRules(deck=32, flush_beats_full_house=False, ace_bridges_gap=False),
    ShowHandRules(deck=28),
    ShowHandRules(deck=28, flush_beats_full_house=True, ace_bridges_gap=True),
]


def scalar_values(rows: np.ndarray, rules: ShowHandRules) -> list[int]:
    return [
        scalar_show_hand(tuple(Card.from_code(c) for c in row), rules).value
        for row in rows.tolist()
    ]


def crowded_rows(rules: ShowHandRules, count: int, seed: int) -> np.ndarray:
    """Random five-card hands, half of them from few ranks or one suit (full houses,
    flushes, straights, ties), which uniform draws rarely give."""
    rng = np.random.default_rng(seed)
    deck = np.array(deck_cards(rules.deck), dtype=np.uint8)
    rows = []
    for i in range(count):
        if i % 2:
            pool = deck
        elif i % 4:
            pool = deck[(deck & 3) == rng.integers(0, 4)]
            pool = np.concatenate([pool, rng.choice(deck, 2, replace=False)])
            pool = np.unique(pool)
        else:
            ranks = rng.choice(np.unique(deck >> 2), 5, replace=False)
            pool = deck[np.isin(deck >> 2, ranks)]
        rows.append(rng.choice(pool, 5, replace=False))
    return np.array(rows, dtype=np.uint8)


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_show_hand_values_equal_the_scalar_values(rules):
    rows = crowded_rows(rules, 3_000, seed=rules.deck)
    assert show_hand_values(rows, rules).tolist() == scalar_values(rows, rules)


@pytest.mark.parametrize(
    ("deck", "text", "name"),
    [
        (32, "Ac 7d 8h 9s Tc", "Straight, ten high"),
        (32, "Ah 7h 8h 9h Th", "Straight flush, ten high"),
        (28, "Ac 8d 9h Ts Jc", "High card, ace"),
    ],
)
def test_the_ace_below_a_stripped_deck(deck, text, name):
    # R6.10: ace_bridges_gap defaults on for 32 cards, off for 28.
    rules = ShowHandRules(deck=deck)
    rows = np.array([parse_cards(text)], dtype=np.uint8)
    assert scalar_show_hand(text, rules).name() == name
    assert show_hand_values(rows, rules).tolist() == scalar_values(rows, rules)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="set STUD_FULL=1 for the full run")
@pytest.mark.parametrize("rules", [r for r in RULES if r.deck == 28], ids=repr)
def test_show_hand_values_of_every_28_card_hand(rules):
    deck = [int(c) for c in deck_cards(28)]
    rows = np.array(list(itertools.combinations(deck, 5)), dtype=np.uint8)
    assert show_hand_values(rows, rules).tolist() == scalar_values(rows, rules)


def hands(*players: str) -> np.ndarray:
    """One runout: (players, 1, cards)."""
    return np.array([[parse_cards(p)] for p in players], dtype=np.uint8)


def test_the_pot_is_counted_in_units_that_split_evenly():
    assert all(POT % (2 * k) == 0 for k in range(1, 11))


def test_high_ties_split():
    high, low = pot_shares(seven_card_stud(), hands("As Ks Qs Jd 9c 4h 2d", "Ad Kd Qd Jc 9h 4c 2s"))
    assert low is None
    assert high[:, 0].tolist() == [POT // 2, POT // 2]


def test_razz_low_wins():
    high, _ = pot_shares(razz(), hands("As 2s 3d 4c 6h Kd Qc", "Ac 2c 3h 4d 5s Kh Kc"))
    assert high[:, 0].tolist() == [0, POT]


def test_stud_hilo_halves_and_no_low():
    high, low = pot_shares(
        stud_hilo(),
        np.concatenate(
            [
                hands("Ah 2c 3d 4s 8h Kc Kd", "As 2d 3c 4h 8c Qd Jd"),  # low tied
                hands("Ks Kd 9c 9h Qs Jd Tc", "Ad Qd 9s 7h 6c 5d Th"),  # no low
            ],
            axis=1,
        ),
    )
    assert high.tolist() == [[POT // 2, POT], [0, 0]]
    assert low.tolist() == [[POT // 4, 0], [POT // 4, 0]]


def test_show_hand_never_splits_with_the_tiebreak():
    runout = hands("Ks Kd 9c 5h 2h", "Kh Kc 9d 5c 2s")
    high, _ = pot_shares(show_hand(), runout)
    assert high[:, 0].tolist() == [POT, 0]
    high, _ = pot_shares(show_hand(showdown_suit_tiebreak=False), runout)
    assert high[:, 0].tolist() == [POT // 2, POT // 2]
