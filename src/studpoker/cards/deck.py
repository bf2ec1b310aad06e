"""Decks of 52, 32 (7 to A) and 28 (8 to A) cards, shuffled by an injected RNG.

Real play shuffles with the operating system's CSPRNG; tests and simulations pass
a seeded ``random.Random`` and get the same deal every time (R1.5).

>>> import random
>>> deck = Deck(28, rng=random.Random(7))
>>> len(deck), deck.size
(28, 28)
>>> deck.deal(3) == Deck(28, rng=random.Random(7)).deal(3)
True
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Iterator, Sequence
from typing import Any, Final, Literal

from studpoker.cards.card import Card

__all__ = ["DECK_SIZES", "Deck", "DeckSize", "deck_cards", "shuffle"]

DeckSize = Literal[52, 32, 28]
DECK_SIZES: Final[tuple[DeckSize, ...]] = (52, 32, 28)


def deck_cards(size: int = 52) -> tuple[Card, ...]:
    """The cards of a deck of ``size`` cards in code order (R6.10: 32 is 7-A, 28 is 8-A).

    >>> len(deck_cards(32)), str(deck_cards(32)[0]), str(deck_cards(28)[0])
    (32, '7c', '8c')
    """
    try:
        return _DECKS[size]
    except (KeyError, TypeError):
        raise ValueError(f"a deck has 52, 32 or 28 cards, not {size!r}") from None


def shuffle(cards: list[Any], rng: random.Random | None = None) -> None:
    """Shuffle ``cards`` in place: with the OS CSPRNG when ``rng`` is None (real
    play, R1.5), else reproducibly from the seeded ``rng``.

    Either way it draws one random number of ``n! * 2**64`` size and reads the
    Fisher-Yates swaps off it (a bias below 2**-64): nearly twice as fast as
    ``random.shuffle``'s call per card for a seeded ``rng`` (simulations deal millions
    of decks), and one read of the OS's randomness a deck rather than one a card for
    the CSPRNG (a busy room deals hundreds of decks a second).
    """
    if rng is None:
        rng = secrets.SystemRandom()
    count = len(cards)
    number = rng.getrandbits(_BITS.get(count) or _bits(count))
    for i in range(count - 1, 0, -1):
        number, j = divmod(number, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def _bits(count: int) -> int:
    return math.factorial(count).bit_length() + 64


_BITS: Final = {size: _bits(size) for size in (52, 32, 28)}


_DECKS: Final[dict[int, tuple[Card, ...]]] = {
    size: tuple(Card.from_code(code) for code in range(52 - size, 52)) for size in DECK_SIZES
}


class Deck:
    """A deck to deal from: shuffled when made, dealt from the top.

    ``rng`` is any ``random.Random``; without one the deck is shuffled with
    ``secrets.SystemRandom``.  ``cards`` gives a fixed order instead (the first
    card is dealt first), for replaying a recorded hand.
    """

    __slots__ = ("_cards", "size")

    def __init__(
        self,
        size: int = 52,
        *,
        rng: random.Random | None = None,
        cards: Sequence[Card] | None = None,
    ) -> None:
        full = deck_cards(size)
        self.size: int = size
        if cards is None:
            order = list(full)
            shuffle(order, rng)
        else:
            order = list(cards)
            allowed = set(full)
            seen: set[Card] = set()
            for card in order:
                if card not in allowed:
                    raise ValueError(f"{card} is not in the {size}-card deck")
                if card in seen:
                    raise ValueError(f"{card} is in the deck twice")
                seen.add(card)
        # Kept reversed so that dealing pops from the end of the list.
        order.reverse()
        self._cards: list[Card] = order

    def deal(self, count: int = 1) -> list[Card]:
        """Take ``count`` cards from the top."""
        if count < 0:
            raise ValueError(f"cannot deal {count} cards")
        if count > len(self._cards):
            raise ValueError(f"cannot deal {count} cards: {len(self._cards)} left in the deck")
        dealt = self._cards[-count:] if count else []
        del self._cards[len(self._cards) - count :]
        dealt.reverse()
        return dealt

    def deal_one(self) -> Card:
        """Take the top card."""
        if not self._cards:
            raise ValueError("cannot deal a card: the deck is empty")
        return self._cards.pop()

    def remove(self, cards: Sequence[Card]) -> None:
        """Take known cards out of the deck (dead or already dealt cards); if one
        of them is not in the deck, none is taken."""
        left = set(self._cards)
        for card in cards:
            if card not in left:
                raise ValueError(f"{card} is not in the deck")
            left.discard(card)
        self._cards = [card for card in self._cards if card in left]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards left, top card first."""
        return tuple(reversed(self._cards))

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return reversed(self._cards)

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    def __repr__(self) -> str:
        return f"<Deck {self.size}: {len(self._cards)} cards left>"
