"""Cards, ranks, suits and decks (the ``cards`` layer of DESIGN.md)."""

from studpoker.cards.card import Card, Rank, Suit, format_cards, parse_cards
from studpoker.cards.deck import DECK_SIZES, Deck, DeckSize, deck_cards, shuffle

__all__ = [
    "DECK_SIZES",
    "Card",
    "Deck",
    "DeckSize",
    "Rank",
    "Suit",
    "deck_cards",
    "format_cards",
    "parse_cards",
    "shuffle",
]
