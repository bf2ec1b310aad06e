"""Equity by brute force, written from RULES.md and the reference libraries rather than
from ``studpoker.equity``: every way to deal the unseen cards, one hand at a time,
in exact fractions.

* high (R4.1): eval7's value of the best five of seven cards, or of Five-Card Stud's
  five (R9.4: suits never break a tie);
* ace-to-five low (R4.2, Razz) and eight-or-better (R4.3): the best of the 21
  five-card hands, ranked as the rules define them (below);
* Show Hand (R6.9) with the 52-card deck: eval7's five-card value, then the suit of
  the highest card of the first rank compared; with stripped decks (R6.10), which
  no reference library knows, the scalar ``studpoker.hands.show_hand``;
* the pot (R4.1, R5.5): ties split, Stud/8 halves between the best high and the
  best qualifying low, the whole pot to the high when no low qualifies.
"""

from __future__ import annotations

import itertools
import warnings
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from studpoker.cards import Card, deck_cards, parse_cards
from studpoker.hands import ShowHandRules, show_hand

with warnings.catch_warnings():
    # eval7 0.1.x calls pyparsing functions that pyparsing 3.3 deprecates, on import.
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

RANKS = "23456789TJQKA"
EVAL7 = {str(Card.from_code(code)): eval7.Card(str(Card.from_code(code))) for code in range(52)}
# R1.3, the Show Hand suit order: ♦ < ♣ < ♥ < ♠.
SHOW_HAND_SUIT = {"d": 0, "c": 1, "h": 2, "s": 3}
# R4.2: lows with pairs are bad, and worse the more a rank repeats (shapes, best first).
LOW_SHAPES = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)]


def hand_size(game: str) -> int:
    """Cards a player holds at the showdown: five in Show Hand (R6.2) and Five-Card
    Stud (R9.1), seven in the seven-card games."""
    return 5 if game in ("show_hand", "five_card_stud") else 7


def low_rank(card: str) -> int:
    return 1 if card[0] == "A" else RANKS.index(card[0]) + 2


def high_value(cards: Sequence[str]) -> int:
    """R4.1, bigger is better."""
    return eval7.evaluate([EVAL7[card] for card in cards])


def low_key(cards: Sequence[str]) -> tuple:
    """R4.2, smaller is better: the shape (pairs are bad), then the ranks from the top,
    grouped by how often they appear."""

    def key(five: Sequence[str]) -> tuple:
        ranks = [low_rank(card) for card in five]
        counts = Counter(ranks)
        shape = tuple(sorted(counts.values(), reverse=True))
        order = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
        return (LOW_SHAPES.index(shape), order)

    return min(key(five) for five in itertools.combinations(cards, 5))


def eight_key(cards: Sequence[str]) -> tuple | None:
    """R4.3, smaller is better: five different ranks, all 8 or lower; None if none."""
    lows = [
        sorted((low_rank(card) for card in five), reverse=True)
        for five in itertools.combinations(cards, 5)
    ]
    qualifying = [ranks for ranks in lows if len(set(ranks)) == 5 and ranks[0] <= 8]
    return tuple(min(qualifying)) if qualifying else None


def show_hand_key(cards: Sequence[str]) -> tuple:
    """R6.9 with the 52-card deck: the high value, then the suit of the highest card
    of the first rank compared (the top of a straight, the top pair, the trips)."""
    value = high_value(cards)
    ranks = [RANKS.index(card[0]) + 2 for card in cards]
    if eval7.handtype(value) in ("Straight", "Straight Flush"):
        top = 5 if set(ranks) == {14, 2, 3, 4, 5} else max(ranks)
    else:
        counts = Counter(ranks)
        top = max(ranks, key=lambda r: (counts[r], r))
    suit = max(SHOW_HAND_SUIT[c[1]] for c, r in zip(cards, ranks, strict=True) if r == top)
    return (value, suit)


@dataclass
class BruteForce:
    equities: list[Fraction]
    high: list[Fraction]
    low: list[Fraction]
    scoop: list[Fraction]
    cases: int


def _shares(values: list, best_is_max: bool = True) -> list[Fraction]:
    best = max(values) if best_is_max else min(values)
    winners = [i for i, v in enumerate(values) if v == best]
    return [Fraction(1, len(winners)) if i in winners else Fraction(0) for i in range(len(values))]


def pot(game: str, hands: list[list[str]], rules: ShowHandRules | None) -> tuple[list, list]:
    """The high and low parts of the pot each hand wins (R4.1, R5.5)."""
    n = len(hands)
    zero = [Fraction(0)] * n
    if game in ("seven_card_stud", "five_card_stud"):
        return _shares([high_value(h) for h in hands]), zero
    if game == "razz":
        return _shares([low_key(h) for h in hands], best_is_max=False), zero
    if game == "show_hand":
        if rules is None or rules == ShowHandRules():
            return _shares([show_hand_key(h) for h in hands]), zero
        values = [show_hand(parse_cards(" ".join(h)), rules).value for h in hands]
        return _shares(values), zero
    high = _shares([high_value(h) for h in hands])
    lows = [eight_key(h) for h in hands]
    if all(low is None for low in lows):
        return high, zero
    qualifying = [low for low in lows if low is not None]
    best = min(qualifying)
    winners = [i for i, low in enumerate(lows) if low == best]
    low = [Fraction(1, 2 * len(winners)) if i in winners else Fraction(0) for i in range(n)]
    return [h / 2 for h in high], low


def _deals(pool: list[str], sizes: Sequence[int]) -> Iterator[list[tuple[str, ...]]]:
    if not sizes:
        yield []
        return
    for chosen in itertools.combinations(pool, sizes[0]):
        rest = [card for card in pool if card not in chosen]
        for later in _deals(rest, sizes[1:]):
            yield [chosen, *later]


def brute_force(
    game: str,
    players: Sequence[str],
    dead: str = "",
    *,
    deck: int = 52,
    rules: ShowHandRules | None = None,
    community: bool = False,
    ranges: Mapping[int, Callable[[tuple[str, ...]], bool]] | None = None,
    board: str | None = None,
) -> BruteForce:
    """Every runout of the position, and each player's exact share of the pot.

    ``ranges[i]`` tells whether player ``i``'s unseen cards (their ``??``) may be the
    cards dealt to them; the runouts where one may not are left out.  ``board`` is a
    community card already dealt (R7.4), everyone's last card."""
    if board is not None:
        dead = f"{dead} {board}"
    size = hand_size(game)
    ranges = ranges or {}
    known = [[t for t in p.split() if t != "??"] for p in players]
    hidden = [p.split().count("??") for p in players]
    seen = {c for cards in known for c in cards} | set(dead.split())
    pool = [str(card) for card in deck_cards(deck) if str(card) not in seen]
    last = 1 if community or board is not None else 0
    n = len(players)
    # Each player two deals: a ranged player's unseen cards, then their cards to come
    # (so the range can look at the first); any other player's missing cards at once.
    sizes = []
    for i, cards in enumerate(known):
        missing = size - last - len(cards)
        sizes += [hidden[i], missing - hidden[i]] if i in ranges else [missing, 0]
    sizes += [1] if community else []
    totals = [Fraction(0)] * n
    highs = [Fraction(0)] * n
    lows = [Fraction(0)] * n
    scoops = [0] * n
    cases = 0
    for deal in _deals(pool, sizes):
        if not all(fits(deal[2 * i]) for i, fits in ranges.items()):
            continue
        shared = list(deal[2 * n]) if community else [] if board is None else [board]
        hands = [known[i] + list(deal[2 * i]) + list(deal[2 * i + 1]) + shared for i in range(n)]
        high, low = pot(game, hands, rules)
        cases += 1
        for i in range(n):
            highs[i] += high[i]
            lows[i] += low[i]
            totals[i] += high[i] + low[i]
            scoops[i] += high[i] + low[i] == 1
    return BruteForce(
        [t / cases for t in totals],
        [h / cases for h in highs],
        [low / cases for low in lows],
        [Fraction(s, cases) for s in scoops],
        cases,
    )
