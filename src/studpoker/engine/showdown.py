"""The showdown: who shows first (R5.2), who may muck (R5.3), and who wins what
(R5.4 to R5.6, and Show Hand's settlement, R6.7 and R6.8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from studpoker.cards import Card
from studpoker.engine.events import Event, ExcessReturned, PotAwarded, Rollover
from studpoker.engine.pots import Pot, split
from studpoker.hands import HandValue
from studpoker.hands.best import showdown_values

if TYPE_CHECKING:
    from studpoker.engine.hand import Hand

__all__ = ["SeatValues", "award", "can_win", "showdown_order", "values_of"]

Half = Literal["whole", "high", "low"]


@dataclass(frozen=True, slots=True)
class SeatValues:
    """What a seat's cards are worth at showdown: ``main`` wins the whole pot (or
    its high half in Stud/8), ``low`` the low half in Stud/8 (None: no
    qualifying low)."""

    main: HandValue
    low: HandValue | None = None


def values_of(hand: Hand, seat: int) -> SeatValues | None:
    """The seat's showdown values, or None if any of its cards is unknown."""
    cards = hand.cards_of(seat)
    if None in cards:
        return None
    known: tuple[Card, ...] = tuple(cards)  # type: ignore[arg-type]
    spec = hand.spec
    main, *low = showdown_values(spec.game, known, spec.hand_ranking)  # the game's values (R4)
    if main is None:
        raise AssertionError(f"{spec.game}'s first value is always made")
    return SeatValues(main, low[0] if low else None)


def showdown_order(hand: Hand) -> list[int]:
    """The seats still in, in the order they show (R5.2): from the last to bet or
    raise on the final round, else by ``showdown_order``, then clockwise."""
    final = hand.aggressors[-1] if hand.aggressors else None
    start = 0
    if final is not None:
        start = final
    elif hand.spec.showdown_order == "last_aggressor":
        earlier = [seat for seat in hand.aggressors if seat is not None]
        start = earlier[-1] if earlier else 0
    count = hand.player_count
    return [
        (start + step) % count for step in range(count) if not hand.folded[(start + step) % count]
    ]


def can_win(
    pots: list[Pot],
    seat: int,
    mine: SeatValues | None,
    shown: dict[int, SeatValues],
    *,
    capped: bool = False,
) -> bool:
    """Whether the seat's hand (``mine``) beats or ties, for some half of some pot
    it is in, every hand already shown there (R5.3).  With Show Hand's capped
    settlement (R6.7) only the best hand wins anything, so it must beat or tie
    every hand shown."""
    if mine is None:
        return False
    # Values of one ranking compare by their numbers (``HandValue.value``).
    main = mine.main.value
    if capped:
        return all(main >= rival.main.value for s, rival in shown.items() if s != seat)
    low = None if mine.low is None else mine.low.value
    for pot in pots:
        if seat not in pot.eligible:
            continue
        rivals = [shown[s] for s in pot.eligible if s != seat and s in shown]
        if all(main >= rival.main.value for rival in rivals):
            return True
        if low is not None and all(rival.low is None or low >= rival.low.value for rival in rivals):
            return True
    return False


def award(hand: Hand, shown: dict[int, SeatValues]) -> list[Event]:
    """Settle every pot among the hands shown; the chips go to the winners' stacks."""
    spec = hand.spec
    if spec.settlement == "capped":
        best = max((v.main for v in shown.values()), default=None)
        winners = [s for s, v in shown.items() if v.main == best]
        if len(winners) == 1:
            return _capped(hand, winners[0], shown[winners[0]].main)
        # With the suit tie-break off, tied Show Hand hands settle by side pots (R6.7).
    return _side_pots(hand, shown)


def _side_pots(hand: Hand, shown: dict[int, SeatValues]) -> list[Event]:
    spec = hand.spec
    events: list[Event] = []
    carry = hand.carry_in
    pots = hand.pots
    if not pots and carry:
        # Nobody put a chip in, but the rollover is still to be won (R6.8).
        pots = [Pot(0, tuple(s for s in range(hand.player_count) if not hand.folded[s]))]
    for index, pot in enumerate(pots):
        claimants = [s for s in pot.eligible if s in shown] or list(pot.eligible)
        amount = pot.amount + (carry if index == 0 else 0)
        mains = {s: shown[s].main for s in claimants if s in shown}
        lows = {s: low for s in claimants if s in shown and (low := shown[s].low) is not None}
        halves: list[tuple[Half, int, dict[int, HandValue]]]
        if spec.hilo and lows:
            # R5.5 and R5.6: the odd chip of a split pot goes to the high half.
            low_half = amount // 2
            halves = [("high", amount - low_half, mains), ("low", low_half, lows)]
        else:
            halves = [("whole", amount, mains)]
        for half, chips, values in halves:
            if values:
                best = max(values.values())
                winners = [s for s in claimants if s in values and values[s] == best]
            else:
                winners = claimants
            for seat, won in split(chips, winners, values, spec.odd_chip).items():
                hand.stacks[seat] += won
                events.append(PotAwarded(index, half, seat, won, values.get(seat)))
    return events


def _capped(hand: Hand, winner: int, value: HandValue) -> list[Event]:
    """R6.7: the winner takes from each other player what that player put in, but
    never more than the winner put in; the rest goes back, or with a short-call
    winner (R6.8) stays on the table for the next hand."""
    spec = hand.spec
    cap = hand.contributed[winner]
    taken = hand.carry_in
    events: list[Event] = []
    excess: dict[int, int] = {}
    for seat, put in enumerate(hand.contributed):
        taken += min(put, cap)
        if put > cap:
            excess[seat] = put - cap
    hand.stacks[winner] += taken
    events.append(PotAwarded(0, "whole", winner, taken, value))
    if excess and winner in hand.short_callers and spec.short_call_excess == "rollover":
        hand.rollover = sum(excess.values())
        events.append(Rollover(hand.rollover))
    else:
        for seat, chips in excess.items():
            hand.stacks[seat] += chips
            events.append(ExcessReturned(seat, chips))
    return events
