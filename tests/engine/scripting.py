"""Writing hands in tests as they read in a rule book: the deck in dealing order,
moves as "seat action" ("2 bring_in", "0 raise 400")."""

from __future__ import annotations

from studpoker.cards import Card, parse_cards
from studpoker.engine import Hand, PotAwarded


def deal(*groups: str) -> list[Card]:
    """The cards in dealing order."""
    return parse_cards(" ".join(groups))


def play(hand: Hand, *moves: str) -> None:
    """Apply moves written "seat action", checking that the seat is the one to act."""
    for move in moves:
        seat, action = move.split(" ", 1)
        assert hand.actor == int(seat), f"before {move!r} seat {hand.actor} is to act"
        hand.act(action)


def legal(hand: Hand) -> list[str]:
    """The legal actions as they print: 'fold', 'call 50', 'raise to 400' …"""
    return [str(option) for option in hand.legal_actions()]


def awards(hand: Hand) -> list[tuple[int, str, int, int, str | None]]:
    """Each PotAwarded event as (pot, half, seat, amount, name of the winning value)."""
    return [
        (e.pot, e.half, e.seat, e.amount, None if e.value is None else e.value.name())
        for e in hand.events
        if isinstance(e, PotAwarded)
    ]


def deal_streets(*streets: str) -> list[Card | None]:
    """The deck in dealing order, written street by street; ``??`` is an unknown
    card, and every card after the last one written is unknown too."""
    cards = [None if text == "??" else Card.parse(text) for s in streets for text in s.split()]
    return cards + [None] * (52 - len(cards))


def play_seats(hand: Hand, *moves: tuple[int, str]) -> None:
    """Each move is (the seat that must act, what it does)."""
    for seat, action in moves:
        assert hand.actor == seat, f"seat {hand.actor} is to act, not seat {seat} ({action})"
        hand.act(action)
