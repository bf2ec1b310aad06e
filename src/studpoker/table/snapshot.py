"""A table's state as plain values (JSON-ready) for one viewer: what a player who
reconnects needs to see the table again.  Cards are text (``"As"``); a card the
viewer may not see is ``None`` (DESIGN.md idea 2: the hand's view decides).
Seats are the table's numbers, never the engine's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from studpoker.cards import Card
from studpoker.engine import Event, HandView, LegalAction
from studpoker.hands import HandValue, ShowHandRules
from studpoker.hands.best import best_hand_names
from studpoker.table.seatmap import SeatMap

__all__ = ["best_names", "cards_plain", "event_dict", "legal_dict", "plain", "view_dict"]

# Event fields that hold an engine seat.
_SEAT_FIELDS = frozenset({"seat"})


def plain(value: Any) -> Any:
    """``value`` as JSON-ready values: cards as text, hand values by name."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, int | float):
        return value
    if isinstance(value, HandValue):
        return {"name": value.name(), "cards": [str(card) for card in value.cards]}
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return str(value)


_FIELDS: dict[type, tuple[str, ...]] = {}  # each event class's fields, read once


def event_dict(event: Event, seats: SeatMap | Sequence[int]) -> dict[str, Any]:
    """An event as a dict: its ``type`` (the class name) and its fields, a seat
    given as the table's seat (``seats``: the table seat of each engine seat)."""
    kind = type(event)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(item.name for item in fields(event))
    table_seat = SeatMap.of(seats).table_seat
    out: dict[str, Any] = {"type": kind.__name__}
    for name in names:
        value = getattr(event, name)
        out[name] = table_seat(value) if name in _SEAT_FIELDS else plain(value)
    return out


_CARDS: dict[tuple[Card | None, ...], list[str | None]] = {}


def cards_plain(cards: Sequence[Card | None]) -> list[str | None]:
    """Cards as text (None for one hidden), the same list for the same cards: a
    table's state is made at every action, its cards change on a new street.  (The
    list is shared: read it, never change it.)"""
    key = tuple(cards)
    made = _CARDS.get(key)
    if made is None:
        if len(_CARDS) > 20_000:  # far more than the hands being played show at once
            _CARDS.clear()
        made = _CARDS[key] = [None if card is None else str(card) for card in key]
    return made


def best_names(
    view: HandView, down: Sequence[Card | None], up: Sequence[Card | None]
) -> dict[str, str] | None:
    """The best hand of a seat whose every card the viewer knows (its own, or one shown),
    named in each language (R4.5); None for a seat with a card hidden from the viewer."""
    return seat_names(view.game, view.ranking, down, up, view.community)


def seat_names(
    game: str,
    ranking: ShowHandRules | None,
    down: Sequence[Card | None],
    up: Sequence[Card | None],
    community: Sequence[Card | None],
) -> dict[str, str] | None:
    """:func:`best_names` of a seat's cards and the community cards of a hand of ``game``
    ranked by ``ranking`` (a Show Hand table's, R6.10)."""
    if any(card is None for card in (*down, *up)):
        return None
    return best_hand_names(game, [*down, *up, *community], ranking)


def legal_dict(option: LegalAction) -> dict[str, Any]:
    return {
        "kind": option.kind.value,
        "minimum": option.minimum,
        "maximum": option.maximum,
        "choices": None if option.choices is None else list(option.choices),
        "text": str(option),
    }


def view_dict(
    view: HandView, seats: SeatMap | Sequence[int], *, events: bool = True
) -> dict[str, Any]:
    """A hand's view (``hand.view(seat)``) with table seat numbers (``seats``: the table
    seat of each engine seat); ``events=False`` leaves the events out (a client that is
    sent them as they come)."""
    dealt = SeatMap.of(seats)
    table_seat = dealt.table_seat
    out = {
        "game": view.game,
        "street": view.street,
        "street_name": view.street_name,
        "actor": None if view.actor is None else table_seat(view.actor),
        "legal_actions": [legal_dict(option) for option in view.legal_actions],
        "players": [
            {
                "seat": table_seat(seat.seat),
                "stack": seat.stack,
                "bet": seat.bet,
                "contributed": seat.contributed,
                "folded": seat.folded,
                "all_in": seat.all_in,
                "down_cards": cards_plain(seat.down_cards),
                "up_cards": cards_plain(seat.up_cards),
                "shown": seat.shown,
                "best": best_names(view, seat.down_cards, seat.up_cards),
            }
            for seat in view.seats
        ],
        "community": cards_plain(view.community),
        "pots": [
            {"amount": pot.amount, "eligible": [table_seat(s) for s in pot.eligible]}
            for pot in view.pots
        ],
        "pot_total": view.pot_total,
        "carry_in": view.carry_in,
        "is_over": view.is_over,
    }
    if events:
        out["events"] = [event_dict(event, dealt) for event in view.events]
    return out
