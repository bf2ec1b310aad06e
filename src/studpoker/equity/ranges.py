"""Ranges: which cards a player's unseen down cards may be.

A range is written for the cards a player has been dealt but nobody has seen (their
``??``): one pattern for each hand they may hold, separated by commas.  A pattern
gives a rank for each unseen card, in any order:

* ``AA``, ``KQ``, ``A5`` (two cards), ``K`` (one card, as Show Hand's down card),
  ``A23`` (three cards, seventh street); ``X`` stands for any rank;
* ``s`` after the ranks: all of the same suit (``AKs``); ``o``: not all of the same
  suit (``AKo``);
* ``+`` after a pattern raises its last rank up to the one before it, or for one
  card or a pair to the ace: ``TT+`` is TT to AA, ``A9s+`` is A9s to AKs, ``J+`` is
  J, Q, K and A;
* exact cards: ``AsKs``, ``Qh``.

Each combination of cards in the range is as likely as any other, so the range
``AA`` holds six pairs of aces less those whose cards are seen elsewhere.

>>> from studpoker.cards import deck_cards
>>> r = parse_range("TT+, AKs", 2)
>>> len(r.combos(deck_cards(52)))
34
>>> parse_range("AKs+", 2)
Traceback (most recent call last):
...
ValueError: 'AKs+': '+' raises the last rank up to the first, and K is already one below A
>>> parse_range("AK", 1)
Traceback (most recent call last):
...
ValueError: 'AK' gives 2 cards, but the player has 1 unseen card
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from studpoker.cards import Card
from studpoker.cards.card import RANK_CHARS

__all__ = ["Range", "parse_range"]

_ANY: Final = "X"
_RANK_OF: Final = {char: index for index, char in enumerate(RANK_CHARS)}
_ACE: Final = len(RANK_CHARS) - 1


@dataclass(frozen=True, slots=True)
class _Pattern:
    """Ranks (an index into RANK_CHARS, or None for any) and a suit condition."""

    ranks: tuple[int | None, ...]
    suited: bool | None  # True: all one suit; False: not all one suit; None: either

    def matches(self, cards: Sequence[Card]) -> bool:
        if self.suited is not None:
            one_suit = len({card & 3 for card in cards}) == 1
            if one_suit != self.suited:
                return False
        # Any order: try the cards against the ranks in every order.
        ranks = [card >> 2 for card in cards]
        return any(
            all(want is None or want == rank for want, rank in zip(self.ranks, order, strict=True))
            for order in itertools.permutations(ranks)
        )


@dataclass(frozen=True, slots=True)
class Range:
    """A parsed range: ``text`` as given, for ``size`` unseen cards."""

    text: str
    size: int
    patterns: tuple[_Pattern, ...]
    exact: frozenset[frozenset[Card]]

    def __contains__(self, cards: object) -> bool:
        if not isinstance(cards, Iterable):
            return False
        hand = tuple(cards)
        if len(hand) != self.size:
            return False
        if frozenset(hand) in self.exact:
            return True
        return any(pattern.matches(hand) for pattern in self.patterns)

    def combos(self, unseen: Sequence[Card]) -> list[tuple[Card, ...]]:
        """The combinations of ``unseen`` cards that the range holds."""
        return [hand for hand in itertools.combinations(unseen, self.size) if hand in self]

    def table(self, unseen: Sequence[Card]) -> npt.NDArray[np.bool_]:
        """A look-up of the range over indexes into ``unseen``: ``table[i, j] ``
        (one index per unseen card, in any order) tells whether those cards are in
        the range."""
        count = len(unseen)
        table = np.zeros((count,) * self.size, dtype=np.bool_)
        for indexes in itertools.combinations(range(count), self.size):
            if tuple(unseen[i] for i in indexes) in self:
                for order in itertools.permutations(indexes):
                    table[order] = True
        return table


def parse_range(text: str, size: int) -> Range:
    """Read a range for a player with ``size`` unseen cards; a ``ValueError`` says
    what is wrong with it."""
    if size < 1:
        raise ValueError(f"a range is for unseen cards ('??'), and the player has none: {text!r}")
    patterns: list[_Pattern] = []
    exact: set[frozenset[Card]] = set()
    tokens = [token.strip() for token in text.split(",")]
    if not any(tokens):
        raise ValueError("the range is empty: give hands like 'AA, KK, AKs'")
    for token in tokens:
        if not token:
            raise ValueError(f"an empty hand between commas in {text!r}")
        cards = _exact_cards(token, size)
        if cards is not None:
            exact.add(cards)
        else:
            patterns.extend(_patterns(token, size))
    return Range(text, size, tuple(patterns), frozenset(exact))


def _exact_cards(token: str, size: int) -> frozenset[Card] | None:
    """``AsKs`` as cards, or None when the token is a pattern of ranks."""
    if len(token) != 2 * size or token[-1].lower() not in "shdc":
        return None
    try:
        cards = [Card.parse(token[i : i + 2]) for i in range(0, len(token), 2)]
    except ValueError:
        return None
    if len(set(cards)) != size:
        raise ValueError(f"{token!r} gives the same card twice")
    return frozenset(cards)


def _patterns(token: str, size: int) -> list[_Pattern]:
    body = token
    plus = body.endswith("+")
    if plus:
        body = body[:-1]
    suited: bool | None = None
    if body[-1:] in ("s", "o") and len(body) > 1:
        suited = body[-1] == "s"
        body = body[:-1]
    chars = body.upper()
    if len(chars) != size:
        have = f"{size} unseen card" + ("" if size == 1 else "s")
        raise ValueError(f"{token!r} gives {len(chars)} cards, but the player has {have}")
    ranks: list[int | None] = []
    for char in chars:
        if char == _ANY:
            ranks.append(None)
        elif char in _RANK_OF:
            ranks.append(_RANK_OF[char])
        else:
            raise ValueError(f"{token!r}: {char!r} is not a rank (2-9, T, J, Q, K, A or X)")
    if suited is not None and size == 1:
        raise ValueError(f"{token!r}: one card cannot be suited or offsuit")
    known = [rank for rank in ranks if rank is not None]
    if suited and len(set(known)) != len(known):
        raise ValueError(f"{token!r}: cards of one rank cannot all be of one suit")
    if not plus:
        return [_Pattern(tuple(ranks), suited)]
    return [_Pattern(ranks_, suited) for ranks_ in _raised(token, ranks)]


def _raised(token: str, ranks: list[int | None]) -> list[tuple[int | None, ...]]:
    """The patterns of ``XY+``: the last rank up to one below the first, or, for
    one card or all ranks alike, every rank up to the ace."""
    if None in ranks:
        raise ValueError(f"{token!r}: '+' needs ranks, not X")
    known = [rank for rank in ranks if rank is not None]
    if len(set(known)) == 1:  # "J+", "TT+", "888+"
        return [(rank,) * len(known) for rank in range(known[0], _ACE + 1)]
    if len(known) != 2:
        raise ValueError(f"{token!r}: '+' is for one card, a pair, trips or two ranks")
    first, last = known
    if last > first:
        first, last = last, first
    if last + 1 >= first:
        raise ValueError(
            f"{token!r}: '+' raises the last rank up to the first, "
            f"and {RANK_CHARS[last]} is already one below {RANK_CHARS[first]}"
        )
    return [(first, rank) for rank in range(last, first)]
