"""The Player protocol and play_hand: a player decides from its seat's view only,
and is told every event its seat may see, once, in order (DESIGN.md ideas 2, 3)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from studpoker.bots import (
    PLAYERS,
    BasePlayer,
    CallingStation,
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    make_player,
    play_hand,
)
from studpoker.cards import deck_cards
from studpoker.engine import Action, CardDealt, Event, HandView, IllegalAction, Show
from studpoker.games import GameSpec, preset, razz, seven_card_stud, show_hand

from .positions import dealt

GAMES = ["seven_card_stud", "stud_hilo", "razz", "show_hand", "five_card_stud"]


class Spy:
    """A player that records what it is given and lets another player decide."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.seat: int | None = None
        self.views: list[HandView] = []
        self.told: list[list[Event]] = []  # each call of observe

    def new_hand(self, seat: int, spec: GameSpec) -> None:
        self.seat = seat
        self.views, self.told = [], []
        self.inner.new_hand(seat, spec)

    def observe(self, events: Sequence[Event]) -> None:
        self.told.append(list(events))
        self.inner.observe(events)

    def decide(self, view: HandView) -> Action:
        self.views.append(view)
        return self.inner.decide(view)


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_named_player_is_a_player(name):
    assert isinstance(make_player(name, "razz", random.Random(1)), Player)


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_never_sees_another_seats_down_card(game):
    """Every view a bot gets is its own seat's; another seat's down cards are None
    in its views and in the events it is told, until that seat shows them."""
    spec = preset(game)
    rng = random.Random(game)
    stack = 1000 if spec.is_show_hand else 40_000
    for _ in range(40):
        names = ["rules", "hard", "station", "random", "easy"]
        spies = [Spy(make_player(name, spec, random.Random(rng.random()))) for name in names]
        hand = play_hand(spec, spies, [stack] * len(spies), rng=rng)
        for seat, spy in enumerate(spies):
            assert spy.seat == seat
            for view in spy.views:
                assert view.viewer == seat
                assert view.actor == seat
                for other in view.seats:
                    if other.seat != seat and not other.shown:
                        assert set(other.down_cards) <= {None}
            shown: set[int] = set()
            for batch in spy.told:
                shown |= {event.seat for event in batch if isinstance(event, Show)}
                for event in batch:
                    if isinstance(event, CardDealt) and not event.up and event.seat != seat:
                        assert event.card is None or event.seat in shown
            # Each event once, in order: the whole record, as the seat may see it.
            told = [event for batch in spy.told for event in batch]
            assert [type(e) for e in told] == [type(e) for e in hand.events]


def _betting(hand) -> list[tuple[int, Action]]:
    return [
        (seat, action) for seat, action in hand.actions if action.kind.value not in ("show", "muck")
    ]


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_play_does_not_change_with_cards_it_cannot_see(game):
    """Seat 1's down cards swapped for others nobody is dealt: seat 0's rule-based
    player and seat 2's random player act exactly alike, and the calling station in
    seat 1 never lets its cards decide anything."""
    spec = preset(game)
    players = 3
    dealt_cards = players * spec.cards_per_player
    for seed in range(15):
        order = list(deck_cards(spec.deck))
        random.Random(seed).shuffle(order)
        other = order.copy()
        last = len(other) - 1
        # Seat 1's down cards: the second card dealt, and in the seven-card games
        # the second of its second down card's round too (Show Hand and Five-Card
        # Stud deal one down card, R6.2, R9.1).
        hidden = (1,) if spec.cards_per_player == 5 else (1, players + 1)
        for i, position in enumerate(hidden):
            other[position], other[last - i] = other[last - i], other[position]
        assert last - 1 >= dealt_cards
        runs = []
        for deck in (order, other):
            seats = [
                RuleBasedPlayer(random.Random(seed)),
                CallingStation(),
                RandomPlayer(random.Random(seed + 100)),
            ]
            stack = 1000 if spec.is_show_hand else 40_000
            runs.append(_betting(play_hand(spec, seats, [stack] * players, deck=deck)))
        assert runs[0] == runs[1]


class Cheat(BasePlayer):
    def bet(self, view: HandView) -> Action:
        return Action.raise_to(1)


def test_an_illegal_action_names_the_player_and_the_seat():
    with pytest.raises(IllegalAction, match=r"<Cheat 'player'> in seat 1: seat 1 cannot raise 1"):
        play_hand(
            razz(), [CallingStation(), Cheat(), CallingStation()], [1000] * 3, rng=random.Random(2)
        )


def test_a_bot_decides_only_for_its_own_seat_when_it_is_to_act():
    hand = dealt(seven_card_stud(), 3, "As Kd 7c  Ah Kh 3d  9s 4c 2d")
    assert hand.actor == 2
    with pytest.raises(ValueError, match="the view is seat 0's, and seat 2 is to act"):
        RuleBasedPlayer(random.Random(1)).decide(hand.view(0))
    with pytest.raises(ValueError, match="the view is seat None's"):
        CallingStation().decide(hand.view(None))


def test_play_hand_needs_one_player_a_seat():
    with pytest.raises(ValueError, match="2 players for 3 stacks"):
        play_hand(razz(), [CallingStation(), CallingStation()], [1000] * 3)


def test_bots_show_a_hand_that_can_win_and_muck_one_that_cannot():
    """R5.3: heads-up to the showdown, seat 0 shows two pair, aces and kings; seat 1's
    queen high cannot beat it, and the engine offers it the muck, which every bot takes."""
    deck = "As 2c  Ad 7h  Kc 3d  Kd 9s  5h Jc  6c Qd  8s 4h"
    hand = dealt(seven_card_stud(), 2, deck, "bring_in", "call", *["check"] * 8)
    for player in (RuleBasedPlayer(random.Random(1)), CallingStation(), RandomPlayer()):
        assert player.decide(hand.view(0)) == Action.show()
    hand.act("show")
    for player in (RuleBasedPlayer(random.Random(1)), CallingStation(), RandomPlayer()):
        assert player.decide(hand.view(1)) == Action.muck()


def test_without_an_rng_a_bot_draws_from_the_os_csprng():
    import secrets

    for player in (RandomPlayer(), RuleBasedPlayer(), CallingStation()):
        assert isinstance(player.rng, secrets.SystemRandom)  # R1.5


def test_show_hand_bots_play_whole_hands_with_every_player():
    spec = show_hand()
    names = list(PLAYERS)
    rng = random.Random(5)
    for _ in range(30):
        seats = [make_player(name, spec, random.Random(rng.random())) for name in names]
        hand = play_hand(spec, seats, [rng.randint(11, 600) for _ in names], rng=rng)
        assert sum(hand.result.stacks) + hand.result.rollover == sum(hand.starting_stacks)
