"""Decks of 52, 32 and 28 cards and shuffling (R1.5, R6.10)."""

import math
import random
import secrets

import pytest

from studpoker.cards import Card, Deck, deck_cards, format_cards, parse_cards, shuffle


@pytest.mark.parametrize(("size", "lowest"), [(52, "2"), (32, "7"), (28, "8")])
def test_deck_sizes_hold_the_right_ranks(size, lowest):
    cards = deck_cards(size)
    assert len(cards) == len(set(cards)) == size
    assert min(c.rank for c in cards).char == lowest
    assert max(cards) == Card.parse("As")
    assert {c.suit for c in cards} == set(range(4))


def test_other_deck_sizes_are_refused():
    with pytest.raises(ValueError, match="a deck has 52, 32 or 28 cards, not 36"):
        Deck(36)


def test_a_seeded_shuffle_is_reproducible():
    first = Deck(rng=random.Random(42))
    second = Deck(rng=random.Random(42))
    assert first.deal(52) == second.deal(52)
    assert Deck(rng=random.Random(42)).cards != Deck(rng=random.Random(43)).cards


def test_the_seeded_order_is_pinned():
    # The same seed gives the same deal on every machine and Python version we support.
    assert format_cards(Deck(rng=random.Random(1)).deal(5)) == "4h 4d 8h 2s 9d"


def test_default_shuffle_uses_the_system_csprng(monkeypatch):
    used = []

    class Spy(secrets.SystemRandom):
        def getrandbits(self, k):
            used.append(k)
            return super().getrandbits(k)

    monkeypatch.setattr(secrets, "SystemRandom", Spy)
    deck = Deck(32)
    # R1.5: one draw of the OS's randomness, as many bits as 32! * 2**64 needs.
    assert used == [(math.factorial(32) * 2**64).bit_length()]
    assert sorted(deck) == sorted(deck_cards(32))


def test_dealing_takes_from_the_top():
    deck = Deck(cards=parse_cards("As Kd 7c Th 2s"))
    assert deck.deal_one() == Card.parse("As")
    assert format_cards(deck.deal(2)) == "Kd 7c"
    assert len(deck) == 2
    assert format_cards(deck) == "Th 2s"
    assert Card.parse("Th") in deck
    assert Card.parse("As") not in deck


def test_dealing_more_than_is_left_changes_nothing():
    deck = Deck(cards=parse_cards("As Kd"))
    with pytest.raises(ValueError, match="cannot deal 3 cards: 2 left in the deck"):
        deck.deal(3)
    assert len(deck) == 2
    deck.deal(2)
    with pytest.raises(ValueError, match="the deck is empty"):
        deck.deal_one()


def test_a_given_order_must_fit_the_deck():
    with pytest.raises(ValueError, match="2c is not in the 28-card deck"):
        Deck(28, cards=parse_cards("As 2c"))
    with pytest.raises(ValueError, match="As is in the deck twice"):
        Deck(cards=parse_cards("As Kd As"))


def test_remove_takes_known_cards_out():
    deck = Deck(rng=random.Random(3))
    deck.remove(parse_cards("As Kd"))
    assert len(deck) == 50
    with pytest.raises(ValueError, match="As is not in the deck"):
        deck.remove(parse_cards("As"))


def test_remove_with_a_missing_card_changes_nothing():
    deck = Deck(cards=parse_cards("As Kd 7c"))
    with pytest.raises(ValueError, match="2c is not in the deck"):
        deck.remove(parse_cards("Kd 2c"))
    assert format_cards(deck) == "As Kd 7c"
    with pytest.raises(ValueError, match="Kd is not in the deck"):
        deck.remove(parse_cards("Kd Kd"))
    assert len(deck) == 3


def test_a_seeded_shuffle_deals_every_order_alike():
    # R1.5: 60,000 seeded shuffles of three cards: each of the six orders about
    # 10,000 times (a binomial sd of 91; 5 sd either way).
    rng = random.Random(5)
    seen: dict[tuple[int, ...], int] = {}
    for _ in range(60_000):
        cards = [0, 1, 2]
        shuffle(cards, rng)
        seen[tuple(cards)] = seen.get(tuple(cards), 0) + 1
    assert len(seen) == 6
    assert all(abs(count - 10_000) < 5 * 91 for count in seen.values())


def test_a_seeded_shuffle_of_52_cards_puts_each_card_everywhere():
    rng = random.Random(6)
    first = [0] * 52
    for _ in range(26_000):
        cards = list(range(52))
        shuffle(cards, rng)
        first[cards[0]] += 1
    # 500 each on average, binomial sd about 22: 6 sd either way.
    assert all(abs(count - 500) < 6 * 22 for count in first)
