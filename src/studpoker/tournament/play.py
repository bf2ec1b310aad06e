"""A whole tournament of computer players in one process (issue 17): the tests'
200-player tournament and ``bench/tournament.py``.

:func:`play_tournament` runs a :class:`~studpoker.tournament.Tournament` on a
simulated clock: each table deals as soon as the director lets it, and a hand takes
``seconds_per_action`` of the clock for each action in it (the antes and the deal
count as one), so that tables finish their hands at different times, as at a real
room.  The hands themselves are played by the engine with a computer player in
each seat.  An entry listed as ``absent`` is dealt in and acted for as R8.4 says:
it posts its ante and the bring-in, checks when free and folds otherwise.

``on_step`` is called after every deal and every hand's end with the tournament,
what happened (a :class:`~studpoker.tournament.Deal`, or the finished
:class:`~studpoker.engine.Hand` with its table) and the clock: the tests check the
director's rules there, after every step.

>>> from studpoker.tournament import default_structure, structure_of
>>> t = play_tournament(default_structure("razz", "turbo"), ["rules"] * 12, seed=3)
>>> t.state, len(t.finishes) + 1, t.chips
('finished', 12, 18000)
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Collection, Sequence

from studpoker.bots import Player, make_player
from studpoker.engine import Action, ActionKind, Event, Hand, HandView
from studpoker.games import GameSpec
from studpoker.tournament.director import Deal, Tournament, TournamentError
from studpoker.tournament.structure import Structure

__all__ = ["AbsentPlayer", "play_tournament"]

K = ActionKind
_ABSENT_ORDER = (K.BRING_IN, K.CHECK, K.FOLD, K.MUCK, K.SHOW)

Step = Callable[[Tournament, "Deal | tuple[int, Hand]", float], None]


class AbsentPlayer:
    """An absent player in a tournament (R8.4): the bring-in when it falls to the
    seat, a check when free, else a fold; at the showdown it mucks when it may (a
    hand that cannot win), else shows."""

    name = "absent"

    def new_hand(self, seat: int, spec: GameSpec) -> None:
        pass

    def observe(self, events: Sequence[Event]) -> None:
        pass

    def decide(self, view: HandView) -> Action:
        kinds = {option.kind: option for option in view.legal_actions}
        for kind in _ABSENT_ORDER:
            if kind in kinds:
                return Action(kind)
        if K.BET in kinds:  # a Show Hand opener who may not fold bets the least (R6.4)
            return Action(K.BET, kinds[K.BET].minimum)
        return Action(K.SHOWHAND)


def play_tournament(
    structure: Structure,
    players: Sequence[str],
    *,
    seed: int,
    table_size: int = 0,
    absent: Collection[int] = (),
    seconds_per_action: float = 2.0,
    on_step: Step | None = None,
    mix: str | None = None,
) -> Tournament:
    """Play a tournament of ``structure`` to its end between computer players, one
    entry each: ``players[i]`` names the player of entry ``p{i}`` (``"rules"``,
    ``"station"``...); the entries numbered in ``absent`` are away all along.  Every
    random draw (seats, decks, players) comes from ``seed``; ``mix`` deals a mixed
    game (``triple_stud``) at the structure's stakes."""
    rng = random.Random(f"studpoker-tournament/{seed}")
    tournament = Tournament(
        structure, table_size=table_size, rng=random.Random(rng.random()), mix=mix
    )
    spec = structure.spec(structure.levels[0])
    seats: dict[str, Player] = {}
    for i, name in enumerate(players):
        entry = tournament.register(f"p{i}")
        seats[entry] = (
            AbsentPlayer() if i in absent else make_player(name, spec, random.Random(rng.random()))
        )
    deck_rng = random.Random(rng.random())
    tournament.start(now=0.0)
    clock: list[tuple[float, int]] = [(0.0, number) for number in tournament.tables]
    heapq.heapify(clock)
    waiting: set[int] = set()
    now = 0.0
    while tournament.state == "running":
        if not clock:
            raise TournamentError("stuck", f"no table can deal: {sorted(waiting)} wait")
        now, number = heapq.heappop(clock)
        table = tournament.tables[number]
        if table.broken:
            continue
        deal = tournament.next_hand(number, now)
        if deal is None:
            waiting.add(number)
            if tournament.on_break:
                ends = tournament.next_level_in(now)
                assert ends is not None
                heapq.heappush(clock, (now + ends, number))
            continue
        waiting.discard(number)
        if on_step is not None:
            on_step(tournament, deal, now)
        hand = _play(deal, [seats[entry] for entry in deal.players], deck_rng)
        now += seconds_per_action * (1 + len(hand.actions))
        result = hand.result
        tournament.hand_over(number, result.stacks, carry=result.rollover, now=now)
        if on_step is not None:
            on_step(tournament, (number, hand), now)
        heapq.heappush(clock, (now, number))
        for other in sorted(waiting):  # a move may let a waiting table deal
            heapq.heappush(clock, (now, other))
        waiting.clear()
    return tournament


def _play(deal: Deal, players: Sequence[Player], rng: random.Random) -> Hand:
    hand = Hand(deal.spec, deal.stacks, rng=rng, carry_in=deal.carry)
    told = [0] * len(players)
    for seat, player in enumerate(players):
        player.new_hand(seat, deal.spec)
    while not hand.is_over:
        actor = hand.actor
        assert actor is not None
        view = hand.view(actor)
        players[actor].observe(view.events[told[actor] :])
        told[actor] = len(view.events)
        hand.act(players[actor].decide(view))
    for seat, player in enumerate(players):
        events = hand.events_for(seat)
        player.observe(events[told[seat] :])
    return hand
