"""What one seat may know of a hand, decided in one place (DESIGN.md idea 2).

A seat sees its own down cards, every up card, every chip and every action; it
never sees another seat's down card unless that seat shows it, and never a
mucked card (unless the table shows mucked hands, ``reveal_mucked``, R5.8).
``None`` as the viewer is an observer, who sees no down card until it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from studpoker.cards import Card
from studpoker.engine.actions import LegalAction
from studpoker.engine.events import CardDealt, Event, Muck, Show
from studpoker.engine.pots import Pot

if TYPE_CHECKING:
    from studpoker.engine.hand import Hand
    from studpoker.hands.show_hand import ShowHandRules

__all__ = ["HandView", "SeatView", "filter_events", "seat_view", "view_of"]


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
    # How Show Hand's hands rank at this table (its deck and options, R6.10); None in the
    # other games.  What names a seat's best hand as the engine values it.
    ranking: ShowHandRules | None = None

    @property
    def me(self) -> SeatView | None:
        """The viewer's own seat (None for an observer)."""
        return None if self.viewer is None else self.seats[self.viewer]


def _revealed_by(event: Event) -> int | None:
    """The seat whose down cards ``event`` reveals to everyone, if any."""
    if isinstance(event, Show) or (isinstance(event, Muck) and event.cards is not None):
        return event.seat
    return None


class _Seen:
    """What one viewer has seen of a hand: the events so far with the cards hidden
    from it replaced by None, the seats whose down cards everyone has seen, and where
    each other seat's hidden cards are in the list (so that a show uncovers them
    without going through the hand again)."""

    __slots__ = ("count", "hidden", "revealed", "seen")

    def __init__(self) -> None:
        self.count = 0
        self.seen: list[Event] = []
        self.revealed: frozenset[int] = frozenset()
        self.hidden: dict[int, list[int]] = {}


def _filtered(hand: Hand, viewer: int | None) -> tuple[list[Event], frozenset[int]]:
    """The events ``viewer`` may see, and the seats whose down cards everyone has
    seen.  Kept per viewer on the hand and extended as events come (a bot asks for
    a view at every decision, the room for every message to a seat); a show
    uncovers the seat's earlier cards too."""
    events = hand.events
    mine = hand._filtered.get(viewer)
    if mine is None:
        mine = hand._filtered[viewer] = _Seen()
    if mine.count == len(events):
        return mine.seen, mine.revealed
    seen, hidden = mine.seen, mine.hidden
    for index in range(mine.count, len(events)):
        event = events[index]
        seat = _revealed_by(event)
        if seat is not None and seat not in mine.revealed:
            mine.revealed = mine.revealed | {seat}
            for at in hidden.pop(seat, ()):
                seen[at] = events[at]
        if (
            isinstance(event, CardDealt)
            and not event.up
            and event.seat != viewer
            and event.seat not in mine.revealed
        ):
            hidden.setdefault(event.seat, []).append(len(seen))
            event = _hidden(hand, index, event)
        seen.append(event)
    mine.count = len(events)
    return seen, mine.revealed


def _hidden(hand: Hand, index: int, event: CardDealt) -> CardDealt:
    """Event ``index`` (a down card dealt) with its card hidden: one event for every
    viewer it is hidden from, so that what is made of it (a message's part) is made
    once."""
    made = hand._hidden.get(index)
    if made is None:
        made = hand._hidden[index] = CardDealt(event.seat, None, event.up)
    return made


def filter_events(hand: Hand, viewer: int | None, start: int = 0) -> list[Event]:
    """The hand's events from index ``start`` on, with every card ``viewer`` may not see
    replaced by None (as many events as the hand's: only cards are hidden)."""
    if viewer is not None and not 0 <= viewer < hand.player_count:
        raise ValueError(f"there is no seat {viewer} in a hand of {hand.player_count}")
    return _filtered(hand, viewer)[0][start:]


def _seat_view(hand: Hand, s: int, viewer: int | None, revealed: frozenset[int]) -> SeatView:
    """Seat ``s`` as ``viewer`` sees it: its down cards to itself, and to everyone
    once shown (``revealed``); hidden (None) otherwise."""
    folded, stack, down = hand.folded[s], hand.stacks[s], hand.down[s]
    return SeatView(
        s,
        stack,
        hand.bets[s],
        hand.contributed[s],
        folded,
        stack == 0 and not folded,
        tuple(down) if s == viewer or s in revealed else (None,) * len(down),
        tuple(hand.up[s]),
        s in revealed,
    )


def seat_view(hand: Hand, seat: int, viewer: int | None) -> SeatView:
    """Seat ``seat`` as ``viewer`` sees it: the seat of :func:`view_of`'s view, made
    alone (a player's own cards are asked for at every message it is sent; its
    whole view only when the hand changes for it)."""
    if not 0 <= seat < hand.player_count:
        raise ValueError(f"there is no seat {seat} in a hand of {hand.player_count}")
    if viewer is not None and not 0 <= viewer < hand.player_count:
        raise ValueError(f"there is no seat {viewer} in a hand of {hand.player_count}")
    return _seat_view(hand, seat, viewer, _filtered(hand, viewer)[1])


def view_of(hand: Hand, viewer: int | None) -> HandView:
    if viewer is not None and not 0 <= viewer < hand.player_count:
        raise ValueError(f"there is no seat {viewer} in a hand of {hand.player_count}")
    seen, revealed = _filtered(hand, viewer)
    seats = tuple(_seat_view(hand, s, viewer, revealed) for s in range(hand.player_count))
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
        ranking=hand.spec.hand_ranking,
    )
