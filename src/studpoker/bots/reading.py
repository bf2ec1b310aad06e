"""What a seat reads from its view: its own cards, the up cards it sees elsewhere,
and from them which cards are still live and the chance of drawing what it needs.

A card is *live* when the seat has not seen it: not in its own hand and not among
the up cards of the other seats, folded ones included (a folded up card is dead,
so it cuts the value of a draw to it).

>>> from studpoker.cards import parse_cards
>>> from studpoker.engine import Hand
>>> from studpoker.games import seven_card_stud
>>> first = parse_cards("Ah 2c 5c  Kh Td 9d  Qh 3h 4s")   # seat 0 holds A♥ K♥, shows Q♥
>>> hand = Hand(seven_card_stud(), [1000] * 3, deck=first + [None] * 43)
>>> read = Reading(hand.view(0))
>>> [str(card) for card in read.mine], read.to_come, read.unseen
(['Ah', 'Kh', 'Qh'], 4, 47)
>>> read.live_suit(2)            # hearts: 13, less the three held and the 3♥ seat 1 shows
9
>>> read.live_rank(14), read.live_rank(4)   # a 4 shows in seat 2's up cards
(3, 3)
>>> round(draw_chance(9, 47, 4, need=2), 3)   # two more hearts in four cards
0.16
"""

from __future__ import annotations

from functools import cache
from math import comb

from studpoker.cards import Card
from studpoker.engine import Bet, Complete, Event, HandView, Raise, Showhand, StreetStarted
from studpoker.games import preset
from studpoker.hands import high
from studpoker.hands.value import group_ranks

__all__ = ["Made", "Reading", "cards_dealt", "draw_chance", "made_high", "street_wagers"]

# What a hand is made of, comparable: (category, ranks in the order they compare).
Made = tuple[int, tuple[int, ...]]


@cache
def cards_dealt(game: str) -> int:
    """How many cards each player is dealt in ``game``, as its streets say: 7 in
    the seven-card games, 5 in Show Hand (R6.2) and Five-Card Stud (R9.1)."""
    return preset(game).cards_per_player


def rank_of(card: Card) -> int:
    """The card's rank, 2 to 14 (the ace high)."""
    return (card >> 2) + 2


def low_of(card: Card) -> int:
    """The card's rank in ace-to-five lows: the ace is 1 (R4.2)."""
    rank = (card >> 2) + 2
    return 1 if rank == 14 else rank


class Reading:
    """The seat's cards and what it sees of the others' (``view`` must be a seat's).

    ``deck`` is the number of cards in the deck (Show Hand's stripped decks,
    R6.10); ``to_come`` counts the seat's cards still to be dealt, of the
    :func:`cards_dealt` its game deals each player."""

    __slots__ = (
        "_rank_seen",
        "_suit_seen",
        "deck",
        "mine",
        "opponents",
        "seen",
        "to_come",
        "unseen",
        "up",
    )

    def __init__(self, view: HandView, *, deck: int = 52) -> None:
        me = view.me
        if me is None:
            raise ValueError("an observer's view has no cards of its own to read")
        self.deck = deck
        community = [card for card in view.community if card is not None]
        self.up = [card for card in me.up_cards if card is not None]
        self.mine = [card for card in me.down_cards if card is not None] + self.up + community
        self.opponents: list[list[Card]] = []
        self.seen: list[Card] = []
        for seat in view.seats:
            if seat.seat == me.seat:
                continue
            up = [card for card in seat.up_cards if card is not None]
            self.seen += up
            if not seat.folded:
                self.opponents.append(up)
        dealt = cards_dealt(view.game)
        self.to_come = max(dealt - len(me.down_cards) - len(me.up_cards), 0)
        self.unseen = deck - len(self.mine) - len(self.seen)
        self._rank_seen = [0] * 15
        self._suit_seen = [0] * 4
        for card in self.mine + self.seen:
            self._rank_seen[rank_of(card)] += 1
            self._suit_seen[card & 3] += 1

    @property
    def lowest_rank(self) -> int:
        """The deck's lowest rank: 2, or 7 and 8 in the stripped decks (R6.10)."""
        return {52: 2, 32: 7, 28: 8}.get(self.deck, 2)

    def live_rank(self, rank: int) -> int:
        """How many cards of ``rank`` (2 to 14; 1 is the ace) the seat has not seen."""
        rank = 14 if rank == 1 else rank
        if rank < self.lowest_rank:
            return 0
        return 4 - self._rank_seen[rank]

    def live_suit(self, suit: int) -> int:
        """How many cards of ``suit`` the seat has not seen."""
        return (self.deck // 4) - self._suit_seen[suit]

    def chance(self, outs: int, need: int = 1) -> float:
        """The chance that ``need`` of the seat's cards to come are among ``outs`` live cards."""
        return draw_chance(outs, self.unseen, self.to_come, need=need)


def draw_chance(outs: int, unseen: int, draws: int, *, need: int = 1) -> float:
    """The chance of at least ``need`` of ``outs`` among ``draws`` cards drawn from
    ``unseen`` (hypergeometric: the cards others get are as unknown as the seat's)."""
    if need <= 0:
        return 1.0
    if outs <= 0 or draws < need or unseen <= 0:
        return 0.0
    draws = min(draws, unseen)
    total = comb(unseen, draws)
    missing = sum(comb(outs, k) * comb(unseen - outs, draws - k) for k in range(need))
    return 1.0 - missing / total


def made_high(cards: list[Card]) -> Made:
    """The high hand of any number of cards as (category, ranks): the best five of
    five to seven (R4.1), or pairs and kickers of fewer (no straight or flush, as a
    board is read, R3.3)."""
    if len(cards) >= 5:
        value = high(tuple(cards))
        return int(value.category), value.ranks
    category, ranks = group_ranks(rank_of(card) for card in cards)
    return int(category), tuple(ranks)


def board_high(cards: list[Card]) -> Made:
    """What an opponent's up cards make, read as a board (R3.3)."""
    category, ranks = group_ranks(rank_of(card) for card in cards)
    return int(category), tuple(ranks)


def street_wagers(events: tuple[Event, ...]) -> tuple[int, list[int]]:
    """The bets, completions and raises made on the current street, and by whom
    (in order), read back from the events; a showhand counts as one."""
    seats: list[int] = []
    for event in reversed(events):
        if isinstance(event, StreetStarted):
            break
        if isinstance(event, Bet | Raise | Complete | Showhand):
            seats.append(event.seat)
    seats.reverse()
    return len(seats), seats
