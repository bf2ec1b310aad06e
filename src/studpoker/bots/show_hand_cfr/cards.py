"""The cards of heads-up Show Hand for the solver: every five-card hand and every
board of a deck as one number, many at once, and a hand's equity against an
opponent whose down card is unknown.

Cards are *deck indices* here: 0 for the deck's lowest card (2♣ in 52 cards, 7♣ in
32, 8♣ in 28, R6.10) up to ``deck - 1`` for A♠, in card-code order, so that a card's
code is its index plus ``52 - deck``.

>>> import numpy as np
>>> from studpoker.cards import parse_cards
>>> table = DeckTables(28)
>>> hands = np.array([table.indices(parse_cards("As Ah Ad 9c 9d")),
...                   table.indices(parse_cards("Ks Qs Js Ts 8s"))])
>>> bool(table.showdown(hands)[0] < table.showdown(hands)[1])  # a flush beats a full house?
False
>>> DeckTables(32).flush_over_full_house   # R6.10: in 32 cards it does
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from studpoker.cards import Card, deck_cards
from studpoker.hands import batch
from studpoker.hands.show_hand import ShowHandRules, show_hand, show_hand_board

__all__ = ["DeckTables", "tables"]

# A stripped deck's showdown values of at most this many hands at once are worked out
# hand by hand (a decision's equity), more build the whole table (the abstraction's).
FEW = 2_000

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

# BINOMIAL[n, k] = n choose k: a sorted hand's place among all hands of its size
# (the combinatorial number system), so a table of every hand is one array.
BINOMIAL: Final = np.array(
    [[int(np.prod(range(n - k + 1, n + 1)) // np.prod(range(1, k + 1))) for k in range(6)]
     for n in range(53)],
    dtype=np.int64,
)  # fmt: skip


def _places(cards: IntArray) -> IntArray:
    """Each row's place among the sorted hands of its size (rows of deck indices)."""
    ordered = np.sort(cards, axis=1)
    place = np.zeros(len(ordered), dtype=np.int64)
    for k in range(ordered.shape[1]):
        place += BINOMIAL[ordered[:, k], k + 1]
    return place


class DeckTables:
    """One deck's hands as numbers: :meth:`showdown` (R6.9, R6.10) and :meth:`board`
    (who speaks first, R6.3), bigger is better.  Built once a deck (:func:`tables`):
    the stripped decks' showdown tables from :func:`~studpoker.hands.show_hand` (a
    few seconds), the 52-card showdown by the batch evaluator, whose values omit R6.9's
    suit tie-break (two equal hands count half each: rare heads-up)."""

    def __init__(self, deck: int) -> None:
        self.deck = deck
        self.rules = ShowHandRules(deck=deck)  # type: ignore[arg-type]
        self.flush_over_full_house = self.rules.flush_over_full_house
        self.cards: tuple[Card, ...] = deck_cards(deck)
        self.offset = 52 - deck
        self._five: IntArray | None = None
        self._boards: dict[int, IntArray] = {}
        self._some: dict[int, int] = {}  # showdown values by place, before the table

    def indices(self, cards: Sequence[Card]) -> list[int]:
        """The deck indices of ``cards``."""
        return [int(card) - self.offset for card in cards]

    def showdown(self, hands: IntArray) -> IntArray:
        """The showdown value of each row of five deck indices."""
        if self.deck == 52:
            return batch.high(hands, validate=False).astype(np.int64)
        if self._five is None and len(hands) <= FEW:
            return self._few(hands)
        if self._five is None:
            self._five = self._table(5, lambda cards: show_hand(cards, self.rules).value)
        return self._five[_places(hands)]

    def _few(self, hands: IntArray) -> IntArray:
        """The showdown values of a few hands (one decision's), each worked out once,
        without the whole table: a room's first decision at a stripped deck does not
        wait the seconds the table takes."""
        places = _places(hands)
        known = self._some
        for place, row in zip(places.tolist(), hands.tolist(), strict=True):
            if place not in known:
                known[place] = show_hand([self.cards[i] for i in row], self.rules).value
        return np.array([known[place] for place in places.tolist()], dtype=np.int64)

    def board(self, ups: IntArray) -> IntArray:
        """The R6.3 value of each row of up cards (one to four): the higher speaks first."""
        size = ups.shape[1]
        table = self._boards.get(size)
        if table is None:
            table = self._boards[size] = self._table(
                size, lambda cards: show_hand_board(cards, self.rules).value
            )
        return table[_places(ups)]

    def _table(self, size: int, value: object) -> IntArray:
        count = int(BINOMIAL[self.deck, size])
        combos = np.array(list(itertools.combinations(range(self.deck), size)), dtype=np.int64)
        out = np.empty(count, dtype=np.int64)
        # Combinations come in lexicographic order, places in colexicographic order.
        out[_places(combos)] = [value([self.cards[i] for i in row]) for row in combos.tolist()]  # type: ignore[operator]
        return out

    def equity(
        self,
        hole: IntArray,
        ups: IntArray,
        their_ups: IntArray,
        rng: np.random.Generator,
        samples: int,
    ) -> FloatArray:
        """Each row's chance of winning the showdown (ties half) against an opponent
        holding ``their_ups`` and any down card, every card to come dealt at random:
        exact over the opponent's down card when every up card is dealt, else by
        ``samples`` deals of the cards unseen.  ``hole`` has shape ``(N,)``, the ups
        ``(N, t)`` for street ``t`` (1 to 4)."""
        count, street = ups.shape
        known = np.concatenate([hole[:, None], ups, their_ups], axis=1)
        if street == 4:
            return self._river_equity(known)
        to_come = 4 - street
        needed = 1 + 2 * to_come
        out = np.empty(count, dtype=np.float64)
        step = max(1, 200_000 // samples)
        for start in range(0, count, step):
            part = known[start : start + step]
            rows = len(part)
            # ``samples`` deals a row, all at once: the ``needed`` unseen cards with the
            # smallest random keys (a known card's key is above every other).
            keys = rng.random((rows * samples, self.deck))
            np.put_along_axis(keys, np.repeat(part, samples, axis=0), 2.0, axis=1)
            drawn = np.argpartition(keys, needed, axis=1)[:, :needed]
            mine_known = np.repeat(part[:, : 1 + street], samples, axis=0)
            theirs_known = np.repeat(part[:, 1 + street :], samples, axis=0)
            mine = np.concatenate([mine_known, drawn[:, 1 : 1 + to_come]], axis=1)
            theirs = np.concatenate([drawn[:, :1], theirs_known, drawn[:, 1 + to_come :]], axis=1)
            a, b = self.showdown(mine), self.showdown(theirs)
            score = (a > b) + 0.5 * (a == b)
            out[start : start + rows] = score.reshape(rows, samples).mean(axis=1)
        return out

    def _river_equity(self, known: IntArray) -> FloatArray:
        count = len(known)
        mine = self.showdown(known[:, :5])
        unseen = np.ones((count, self.deck), dtype=bool)
        np.put_along_axis(unseen, known, False, axis=1)
        wins = np.zeros(count, dtype=np.float64)
        for card in range(self.deck):
            rows = np.flatnonzero(unseen[:, card])
            theirs = np.concatenate([np.full((len(rows), 1), card), known[rows, 5:]], axis=1)
            value = self.showdown(theirs)
            wins[rows] += (mine[rows] > value) + 0.5 * (mine[rows] == value)
        out: FloatArray = wins / unseen.sum(axis=1)
        return out


@cache
def tables(deck: int) -> DeckTables:
    """The tables of a deck of ``deck`` cards, built once a process."""
    return DeckTables(deck)
