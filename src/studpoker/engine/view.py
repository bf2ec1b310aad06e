"""What one seat may know of a hand, decided in one place (DESIGN.md idea 2).

A seat sees its own down cards, every up card, every chip and every action; it
never sees another seat's down card unless that seat shows it, and never a
mucked card (unless the table shows mucked hands, ``reveal_mucked``, R5.8).
``None`` as the viewer is an observer, who sees no down card until it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from studpoker.cards import Card
from studpoker.engine.actions import LegalAction
from studpoker.engine.events import CardDealt, Event, Muck, Show
from studpoker.engine.pots import Pot

if TYPE_CHECKING:
    from studpoker.engine.hand import Hand

__all__ = ["HandView", "SeatView", "filter_events", "view_of"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it; a hidden card is ``None``."""

    seat: int
    stack: int
    bet: int
    contributed: int
    folded: bool
    all_in: bool
    down_cards: tuple[Card | None, ...]
    up_cards: tuple[Card | None, ...]
    shown: bool


@dataclass(frozen=True, slots=True)
class HandView:
    """Everything ``viewer`` may know of the hand now."""

    game: str
    viewer: int | None
    street: int
    street_name: str
    actor: int | None
    legal_actions: tuple[LegalAction, ...]
    seats: tuple[SeatView, ...]
    community: tuple[Card | None, ...]
    pots: tuple[Pot, ...]
    pot_total: int
    carry_in: int
    is_over: bool
    events: tuple[Event, ...]

    @property
    def me(self) -> SeatView | None:
        """The viewer's own seat (None for an observer)."""
        return None if self.viewer is None else self.seats[self.viewer]


def _revealed_by(event: Event) -> int | None:
    """The seat whose down cards ``event`` reveals to everyone, if any."""
    if isinstance(event, Show) or (isinstance(event, Muck) and event.cards is not None):
        return event.seat
    return None


def _filtered(hand: Hand, viewer: int | None) -> tuple[list[Event], frozenset[int]]:
    """The events ``viewer`` may see, and the seats whose down cards everyone has
    seen.  Kept per viewer on the hand and extended as events come (a bot asks for
    a view at every decision); worked out again only when a hand is shown, which
    reveals its earlier cards too."""
    events = hand.events
    cached = hand._filtered.get(viewer)
    if cached is not None:
        count, revealed, seen = cached
        new = events[count:]
        if not any(_revealed_by(event) is not None for event in new):
            seen.extend(_hide(new, viewer, revealed))
            hand._filtered[viewer] = (len(events), revealed, seen)
            return seen, revealed
    revealed = frozenset(
        seat for seat in (_revealed_by(event) for event in events) if seat is not None
    )
    seen = list(_hide(events, viewer, revealed))
    hand._filtered[viewer] = (len(events), revealed, seen)
    return seen, revealed


def _hide(events: list[Event], viewer: int | None, revealed: frozenset[int]) -> list[Event]:
    return [
        replace(event, card=None)
        if isinstance(event, CardDealt)
        and not event.up
        and event.seat != viewer
        and event.seat not in revealed
        else event
        for event in events
    ]


def filter_events(hand: Hand, viewer: int | None) -> list[Event]:
    """The hand's events with every card ``viewer`` may not see replaced by None."""
    if viewer is not None and not 0 <= viewer < hand.player_count:
        raise ValueError(f"there is no seat {viewer} in a hand of {hand.player_count}")
    return list(_filtered(hand, viewer)[0])


def view_of(hand: Hand, viewer: int | None) -> HandView:
    if viewer is not None and not 0 <= viewer < hand.player_count:
        raise ValueError(f"there is no seat {viewer} in a hand of {hand.player_count}")
    seen, revealed = _filtered(hand, viewer)
    seats = tuple(
        SeatView(
            seat=s,
            stack=hand.stacks[s],
            bet=hand.bets[s],
            contributed=hand.contributed[s],
            folded=hand.folded[s],
            all_in=hand.stacks[s] == 0 and not hand.folded[s],
            down_cards=tuple(
                card if s == viewer or s in revealed else None for card in hand.down[s]
            ),
            up_cards=tuple(hand.up[s]),
            shown=s in revealed,
        )
        for s in range(hand.player_count)
    )
    actor = hand.actor
    pots = tuple(hand.pots)
    street = max(hand.street, 0)
    return HandView(
        game=hand.spec.game,
        viewer=viewer,
        street=street,
        street_name=hand.spec.streets[min(street, len(hand.spec.streets) - 1)].name,
        actor=actor,
        legal_actions=tuple(hand.legal_actions()) if actor is not None and actor == viewer else (),
        seats=seats,
        community=tuple(hand.community),
        pots=pots,
        pot_total=sum(hand.contributed) + hand.carry_in,
        carry_in=hand.carry_in,
        is_over=hand.is_over,
        events=tuple(seen),
    )
