"""Positions for the bots' tests, written as a rule book deals them: the cards in
dealing order (third street: every seat's first down card, then the second, then
the up cards), then the moves so far."""

from __future__ import annotations

from studpoker.cards import deck_cards, parse_cards
from studpoker.engine import Hand
from studpoker.games import GameSpec


def dealt(spec: GameSpec, players: int, cards: str, *moves: str, stack: int = 40_000) -> Hand:
    """A hand of ``spec`` dealt ``cards`` first (the rest of the deck after them,
    in order), with ``moves`` played by whoever is to act."""
    first = parse_cards(cards)
    deck = first + [card for card in deck_cards(spec.deck) if card not in first]
    hand = Hand(spec, [stack] * players, deck=deck)
    for move in moves:
        hand.act(move)
    return hand
