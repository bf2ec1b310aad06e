"""Play one whole hand with a player in each seat.

Each player decides from ``hand.view(seat)`` alone and is told the events its seat
may see (``hand.events_for(seat)``): before each of its decisions, the events since
it was last told, and at the end of the hand the rest.

>>> import random
>>> from studpoker.bots import CallingStation, RandomPlayer
>>> from studpoker.games import razz
>>> players = [CallingStation(), RandomPlayer(random.Random(1)), CallingStation()]
>>> hand = play_hand(razz(), players, [10_000] * 3, rng=random.Random(7))
>>> hand.is_over, sum(hand.result.net)
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from studpoker.bots.player import Player
from studpoker.cards import Card, Deck
from studpoker.engine import Event, Hand, IllegalAction
from studpoker.games import GameSpec

__all__ = ["play_hand"]


def play_hand(
    spec: GameSpec,
    players: Sequence[Player],
    stacks: Sequence[int],
    *,
    rng: random.Random | None = None,
    deck: Deck | Iterable[Card | None] | None = None,
    carry_in: int = 0,
) -> Hand:
    """Deal a hand of ``spec`` (``rng`` shuffles, or ``deck`` gives the cards, as for
    :class:`~studpoker.engine.Hand`), let ``players[seat]`` act for each seat until
    it is over, and return it.

    A player's illegal action raises :class:`~studpoker.engine.IllegalAction`
    naming the player and the seat."""
    if len(players) != len(stacks):
        raise ValueError(f"{len(players)} players for {len(stacks)} stacks: one player a seat")
    hand = Hand(spec, stacks, rng=rng, deck=deck, carry_in=carry_in)
    told = [0] * len(players)  # how many of its events each seat has been told

    def tell(seat: int, events: Sequence[Event]) -> None:
        if len(events) > told[seat]:
            players[seat].observe(events[told[seat] :])
            told[seat] = len(events)

    for seat, player in enumerate(players):
        player.new_hand(seat, spec)
    while not hand.is_over:
        actor = hand.actor
        assert actor is not None
        view = hand.view(actor)
        tell(actor, view.events)  # the view's events are hand.events_for(actor)
        action = players[actor].decide(view)
        try:
            hand.act(action)
        except IllegalAction as error:
            raise IllegalAction(f"{players[actor]!r} in seat {actor}: {error}") from None
    for seat in range(len(players)):
        tell(seat, hand.events_for(seat))
    return hand
