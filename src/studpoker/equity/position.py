"""What is known of a position: each player's cards in dealing order, the dead cards,
and therefore the unseen cards that every unknown or future card comes from.

A player is written as their cards in dealing order (seven-card games: down, down,
up, up, up, up, down; Show Hand and Five-Card Stud: down, up, up, up, up), ``??``
(``None``) for a card dealt but not seen, and the cards not dealt yet left out.
Both kinds of missing card are drawn alike, uniformly from the unseen cards.

>>> spot = read_position("razz", ["As 2s 3d 4c", "?? ?? Kc Qh"], dead="5h")
>>> spot.missing, len(spot.unseen), spot.cases
((3, 5), 45, 12070978920)
>>> spot = read_position("five_card_stud", ["Kh Kd 9s 7c", "?? Ah Qs Jd"])   # fourth street
>>> spot.missing, len(spot.unseen), spot.cases
((1, 2), 45, 42570)
>>> read_position("show_hand", ["Ah Kd", "Qc Qc"])
Traceback (most recent call last):
...
ValueError: Qc is given twice (player 2)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from studpoker.cards import Card, deck_cards
from studpoker.games import GameSpec, preset

__all__ = ["Player", "Position", "read_player", "read_position"]

Player = str | Sequence[Card | int | None]

UNKNOWN: Final = "??"
_DEALT: Final = {"d": "down", "u": "up"}
# Players a deck can deal to the end: eight in the seven-card games, whose last card
# becomes one community card when the deck runs short (R7.4); in Show Hand 2 to 10,
# every one of them five cards of the deck (R6.1, R6.10); in Five-Card Stud 2 to 10
# (R9.1), whose 50 cards the 52-card deck always holds.
_SEVEN_CARD_SEATS: Final = 8
_SHOW_HAND_SEATS: Final = 10
_FIVE_CARD_SEATS: Final = 10


@dataclass(frozen=True, slots=True)
class Position:
    """A position read and checked: ``players`` (each player's cards, ``None`` for
    a card dealt but unseen, cards not dealt yet left out), ``dead`` and the
    ``unseen`` cards in code order.  ``community`` is R7.4's case: the unseen cards
    cannot give everyone a last card, so one card is dealt face up for all; ``board``
    is that card once it is dealt (None while it is to come)."""

    spec: GameSpec
    players: tuple[tuple[Card | None, ...], ...]
    dead: tuple[Card, ...]
    unseen: tuple[Card, ...]
    community: bool
    board: Card | None = None

    @property
    def hand_size(self) -> int:
        """Cards in a hand at the showdown: 7, or 5 in Show Hand and Five-Card Stud."""
        return self.spec.cards_per_player

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """Each player's known cards."""
        return tuple(tuple(card for card in cards if card is not None) for cards in self.players)

    @property
    def missing(self) -> tuple[int, ...]:
        """How many cards each player is still to get from the unseen cards (their
        unknown and future cards; without the community card)."""
        last = 1 if self.community else 0
        return tuple(self.hand_size - last - len(known) for known in self.known)

    @property
    def draws(self) -> tuple[int, ...]:
        """The cards drawn from the unseen cards in one runout: each player's
        missing cards in turn, then the community card if it is to come."""
        return (*self.missing, 1) if self.community and self.board is None else self.missing

    @property
    def cases(self) -> int:
        """How many equally likely runouts there are: the ways to deal each player
        their missing cards (in any order) and the community card."""
        left = len(self.unseen)
        count = 1
        for size in self.draws:
            count *= math.comb(left, size)
            left -= size
        return count


def read_player(player: Player) -> tuple[Card | None, ...]:
    """One player's cards from text (``"?? ?? Qh"``) or a sequence of cards and ``None``.

    >>> read_player("?? ?? Qh, 10d")
    (None, None, Card.parse('Qh'), Card.parse('Td'))
    """
    if isinstance(player, str):
        tokens = player.replace(",", " ").split()
        return tuple(None if token == UNKNOWN else Card.parse(token) for token in tokens)
    cards: list[Card | None] = []
    for card in player:
        if card is None or isinstance(card, Card):
            cards.append(card)
        elif isinstance(card, int) and not isinstance(card, bool):
            cards.append(Card.from_code(card))
        else:
            raise ValueError(f"{card!r} is not a card: give cards, card codes, None or text")
    return tuple(cards)


def _read_dead(dead: str | Iterable[Card]) -> tuple[Card, ...]:
    cards = read_player(dead) if isinstance(dead, str) else read_player(tuple(dead))
    if None in cards:
        raise ValueError("dead cards are cards that were seen: write them all, no '??'")
    return tuple(card for card in cards if card is not None)


def _spec(game: str | GameSpec) -> GameSpec:
    return game if isinstance(game, GameSpec) else preset(game)


def _most_players(spec: GameSpec) -> tuple[int, str]:
    """How many players the deck deals to the end, and the rule that says so."""
    if spec.is_show_hand:
        seats = min(_SHOW_HAND_SEATS, spec.deck // spec.cards_per_player)
        return seats, f"a {spec.deck}-card deck deals five cards to at most {seats} players"
    if spec.game == "five_card_stud":
        return _FIVE_CARD_SEATS, f"Five-Card Stud deals to at most {_FIVE_CARD_SEATS} players"
    return _SEVEN_CARD_SEATS, f"the seven-card games deal to at most {_SEVEN_CARD_SEATS} players"


def read_position(
    game: str | GameSpec,
    players: Sequence[Player],
    *,
    dead: str | Iterable[Card] = (),
    community: str | Card | None = None,
) -> Position:
    """Read and check a position; a ``ValueError`` says what is wrong with it.
    ``community`` is R7.4's community card, once dealt."""
    spec = _spec(game)
    if isinstance(players, str):
        raise ValueError("give the players as a list, one string of cards for each player")
    seats = [read_player(player) for player in players]
    dead_cards = _read_dead(dead)
    if len(seats) < 2:
        raise ValueError(f"equity needs at least 2 players, not {len(seats)}")
    most, limit = _most_players(spec)
    if len(seats) > most:
        rule = {"show_hand": "R6.1, R6.10", "five_card_stud": "R9.1"}.get(spec.game, "R7.4")
        raise ValueError(f"{limit}, not {len(seats)} ({rule})")
    order = "".join(street.cards for street in spec.streets)
    for number, cards in enumerate(seats, 1):
        if len(cards) > len(order):
            dealt = ", ".join(_DEALT[kind] for kind in order)
            raise ValueError(
                f"player {number} has {len(cards)} cards, but {spec.game} deals "
                f"{len(order)} ({dealt})"
            )
    deck = deck_cards(spec.deck)
    in_deck = frozenset(deck)
    holders: dict[Card, str] = {}
    named = [(f"player {n}", cards) for n, cards in enumerate(seats, 1)]
    for holder, cards in [*named, ("the dead cards", dead_cards)]:
        for card in cards:
            if card is None:
                continue
            if card not in in_deck:
                raise ValueError(f"{card} ({holder}) is not in the {spec.deck}-card deck (R6.10)")
            if card in holders:
                where = holder if holders[card] == holder else f"{holders[card]} and {holder}"
                raise ValueError(f"{card} is given twice ({where})")
            holders[card] = holder
    if community is not None:
        return _with_board(spec, seats, dead_cards, holders, community, (deck, most, order))
    unseen = tuple(card for card in deck if card not in holders)
    position = Position(spec, tuple(seats), dead_cards, unseen, community=False)
    needed = sum(position.missing)
    if needed <= len(unseen):
        return position
    # R7.4: the last street is one community card when the deck cannot give every
    # player a card; it can only be that street, and only if nobody has their last card.
    # Only the seven-card games' full tables can run out: Show Hand and Five-Card Stud
    # deal every player five cards of the deck (R6.10, R9.1).
    shared = Position(spec, tuple(seats), dead_cards, unseen, community=True)
    if (
        most * spec.cards_per_player > spec.deck
        and all(len(cards) < len(order) for cards in seats)
        and sum(shared.draws) <= len(unseen)
    ):
        return shared
    raise ValueError(
        f"the deck cannot deal this: the players are still to get {needed} cards "
        f"but only {len(unseen)} are unseen"
    )


def _with_board(
    spec: GameSpec,
    seats: list[tuple[Card | None, ...]],
    dead: tuple[Card, ...],
    holders: dict[Card, str],
    community: str | Card,
    dealing: tuple[tuple[Card, ...], int, str],
) -> Position:
    """The position with R7.4's community card dealt: it is the last street's, every
    player's last card, and no one else's.  ``dealing`` is the deck, the most players
    it deals to and the streets' cards, as :func:`read_position` found them."""
    deck, most, order = dealing
    if most * spec.cards_per_player <= spec.deck:
        raise ValueError(f"{spec.game} never runs out of cards: it has no community card (R7.4)")
    cards = read_player(community) if isinstance(community, str) else (community,)
    if len(cards) != 1 or cards[0] is None:
        raise ValueError(f"the community card is one card, not {community!r}")
    board = cards[0]
    if board not in deck:
        raise ValueError(f"{board} (the community card) is not in the {spec.deck}-card deck")
    if board in holders:
        raise ValueError(f"{board} is given twice ({holders[board]} and the community card)")
    short = [n for n, held in enumerate(seats, 1) if len(held) != len(order) - 1]
    if short:
        raise ValueError(
            f"the community card is the last street's: every player has {len(order) - 1} "
            f"cards before it, not player {short[0]}'s {len(seats[short[0] - 1])} (R7.4)"
        )
    taken = {*holders, board}
    unseen = tuple(card for card in deck if card not in taken)
    return Position(spec, tuple(seats), dead, unseen, community=True, board=board)
