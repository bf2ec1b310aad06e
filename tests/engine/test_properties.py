"""Properties of a hand that hold for every game, option, stake and line of play
(Hypothesis), checked after every action, not only at the end:

* chips are conserved exactly: stacks, pots and the carried-in and rolled-over chips
  (R2.10, R5.4, R6.7, R6.8), and no stack goes below zero;
* every hand ends, within a bound of actions;
* while someone must act, ``legal_actions()`` is not empty and every legal action
  applies; an illegal one raises :class:`IllegalAction` and changes nothing;
* no view (a seat's, or an observer's) holds another seat's down card before that
  seat shows it, nor a mucked card unless the table shows mucked hands (R5.8);
* replaying a hand's deck and actions rebuilds the same events and result.

Set ``STUD_FULL=1`` to run the ``slow`` variant with many more examples.

The examples at the end of the file are engine bugs the properties found, kept as
regression tests.
"""

from __future__ import annotations

import copy
import os
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from studpoker.cards import Card, deck_cards
from studpoker.engine import (
    Action,
    ActionKind,
    CardDealt,
    CommunityCard,
    Event,
    Hand,
    IllegalAction,
    LegalAction,
    Muck,
    Show,
)
from studpoker.games import (
    GameSpec,
    five_card_stud,
    razz,
    seven_card_stud,
    show_hand,
    stud_hilo,
)

K = ActionKind
WAGERS = (K.BET, K.RAISE, K.COMPLETE)
FULL = os.environ.get("STUD_FULL") == "1"


# -- strategies -----------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """One hand to play: the game, the players' stacks, the chips carried in and the
    deck in dealing order (shuffled from ``seed``)."""

    spec: GameSpec
    stacks: tuple[int, ...]
    carry_in: int
    seed: int

    @property
    def deck(self) -> list[Card]:
        cards = list(deck_cards(self.spec.deck))
        random.Random(self.seed).shuffle(cards)
        return cards

    def hand(self, deck: list[Card | None] | None = None) -> Hand:
        cards = self.deck if deck is None else deck
        return Hand(self.spec, list(self.stacks), deck=cards, carry_in=self.carry_in)


SEVEN_CARD = {"seven_card_stud": seven_card_stud, "stud_hilo": stud_hilo, "razz": razz}
FIXED_LIMIT = SEVEN_CARD | {"five_card_stud": five_card_stud}  # R2 and R9


@st.composite
def seven_card_specs(draw: st.DrawFn, games: dict[str, Any] = SEVEN_CARD) -> GameSpec:
    """A fixed-limit game of ``games`` with any stakes and options."""
    name = draw(st.sampled_from(sorted(games)))
    preset = games[name]
    small_bet = draw(st.integers(1, 400))
    big_bet = draw(
        st.sampled_from([small_bet, 2 * small_bet]) | st.integers(small_bet, 3 * small_bet)
    )
    bring_in = draw(st.integers(0, small_bet - 1))
    ante = draw(st.integers(0 if bring_in else 1, max(1, small_bet)))
    return preset(
        ante=ante,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=big_bet,
        max_raises=draw(st.sampled_from([3, 4, 1, 2])),
        cap_heads_up=draw(st.booleans()),
        open_pair_double=draw(st.booleans()),
        burn_cards=draw(st.booleans()),
        board_tie=draw(st.sampled_from(["seat", "suit"])),
        showdown_order=draw(st.sampled_from(["seat", "last_aggressor"])),
        odd_chip=draw(st.sampled_from(["suit", "seat"])),
        reveal_mucked=draw(st.booleans()),
        max_seats=draw(st.sampled_from([8, 10])) if name == "five_card_stud" else 8,
    )


fractions = st.builds(Fraction, st.integers(1, 8), st.just(8))


@st.composite
def show_hand_specs(draw: st.DrawFn) -> GameSpec:
    ante = draw(st.integers(0, 50))
    least = 0 if ante else 1
    min_bet = draw(
        (st.none() if ante else st.nothing())
        | st.sampled_from([least, 1, ante or 1])
        | st.integers(least, 100)
    )
    limit = draw(st.sampled_from(["none", "pot", "fixed_max"]))
    options: dict[str, Any] = {}
    if limit == "fixed_max":
        least = max(ante if min_bet is None else min_bet, 1)
        options["max_bet"] = draw(st.integers(least, 4 * least + 100))
    deck = draw(st.sampled_from([52, 32, 28]))
    if deck != 52:  # R6.10: stripped decks only
        options["flush_beats_full_house"] = draw(st.sampled_from([None, False, True]))
        options["ace_bridges_gap"] = draw(st.sampled_from([None, False, True]))
    return show_hand(
        ante=ante,
        min_bet=min_bet,
        limit=limit,
        opener_may_check=draw(st.booleans()),
        street_caps=draw(st.none() | st.tuples(fractions, fractions, fractions, fractions)),
        showhand_allowed=draw(st.booleans()),
        showhand_from_round=draw(st.integers(1, 4)),
        showhand_amount=draw(st.sampled_from(["all", "smallest_stack"])),
        settlement=draw(st.sampled_from(["capped", "side_pots"])),
        short_call_excess=draw(st.sampled_from(["rollover", "return"])),
        showdown_suit_tiebreak=draw(st.booleans()),
        suit_order=draw(st.sampled_from(["show_hand", "regional"])),
        straight_face=draw(st.sampled_from(["any", "consecutive"])),
        deck=deck,
        burn_cards=draw(st.booleans()),
        odd_chip=draw(st.sampled_from(["suit", "seat"])),
        showdown_order=draw(st.sampled_from(["seat", "last_aggressor"])),
        reveal_mucked=draw(st.booleans()),
        **options,
    )


specs = seven_card_specs(FIXED_LIMIT) | show_hand_specs()


@st.composite
def deals(draw: st.DrawFn, specs: st.SearchStrategy[GameSpec] = specs) -> Deal:
    """A spec, 2 to ``max_seats`` stacks from 1 chip (all in on the ante) to deep, a
    carry-in for Show Hand and a deck seed."""
    spec = draw(specs)
    unit = max(spec.ante, spec.big_bet, spec.min_bet, spec.max_bet, 1)
    deep = st.integers(spec.ante + 1, 50 * unit) | st.integers(20 * unit, 200 * unit)
    stack = draw(
        st.sampled_from(
            [
                deep,
                # short stacks too: all in on the ante, or soon after
                st.integers(1, max(spec.ante, 1)) | st.integers(1, 4 * unit) | deep,
                # a few chips each: every amount rounds
                st.integers(1, spec.ante + 10),
            ]
        )
    )
    count = draw(st.integers(2, spec.max_seats))
    stacks = tuple(draw(st.lists(stack, min_size=count, max_size=count)))
    carry_in = draw(st.integers(0, 5 * unit)) if spec.is_show_hand and draw(st.booleans()) else 0
    return Deal(spec, stacks, carry_in, draw(st.integers(0, 2**32 - 1)))


# How often a random player picks each kind of action, when open: mostly the hand goes
# on (a fold-first player would end most hands on third street).
WEIGHTS = {K.CHECK: 6, K.CALL: 6, K.BRING_IN: 4, K.SHOW: 3, K.MUCK: 2, K.BET: 3, K.RAISE: 3,
           K.COMPLETE: 3, K.SHOWHAND: 1, K.FOLD: 1}  # fmt: skip


def draw_action(draw: st.DrawFn, legal: list[LegalAction]) -> Action:
    """One of the legal actions, with an amount from its choices or its range."""
    options = {option.kind: option for option in legal}
    pool = [kind for kind in WEIGHTS if kind in options for _ in range(WEIGHTS[kind])]
    option = options[draw(st.sampled_from(pool))]
    if option.kind not in WAGERS:
        return Action(option.kind)
    if option.choices is not None:
        return Action(option.kind, draw(st.sampled_from(option.choices)))
    low, high = option.minimum, option.maximum
    amount = draw(
        st.just(low) | st.integers(low, min(high, 3 * low)) | st.integers(low, high) | st.just(high)
    )
    return Action(option.kind, amount)


# -- what must hold at every step ------------------------------------------------------


def snapshot(hand: Hand) -> tuple[Any, ...]:
    return (
        list(hand.events),
        list(hand.actions),
        list(hand.stacks),
        list(hand.bets),
        list(hand.contributed),
        list(hand.folded),
        hand.actor,
        hand.legal_actions(),
        hand.is_over,
    )


def check_chips(hand: Hand, deal: Deal) -> None:
    total = sum(deal.stacks) + deal.carry_in
    assert all(stack >= 0 for stack in hand.stacks), hand.stacks
    assert all(put >= 0 for put in hand.contributed), hand.contributed
    if hand.is_over:
        result = hand.result
        assert sum(result.stacks) + result.rollover == total
        assert result.rollover >= 0
        assert result.net == tuple(
            s - start for s, start in zip(result.stacks, deal.stacks, strict=True)
        )
    else:
        assert sum(hand.stacks) + sum(hand.contributed) + hand.carry_in == total
        assert sum(pot.amount for pot in hand.pots) == sum(hand.contributed)
        assert hand.view(None).pot_total == sum(hand.contributed) + hand.carry_in


def revealed(hand: Hand) -> set[int]:
    """Seats whose down cards everyone may see: shown, or mucked face up (R5.8)."""
    return {
        e.seat
        for e in hand.events
        if isinstance(e, Show) or (isinstance(e, Muck) and e.cards is not None)
    }


def check_views(hand: Hand) -> None:
    shown = revealed(hand)
    mucked = {e.seat for e in hand.events if isinstance(e, Muck)}
    for e in hand.events:
        if isinstance(e, Muck) and not hand.spec.reveal_mucked:
            assert e.cards is None, "a mucked hand is face up at a table that hides them"
    for viewer in [None, *range(hand.player_count)]:
        view = hand.view(viewer)
        assert view.viewer == viewer
        assert view.actor == hand.actor
        if viewer is not None and viewer == hand.actor:
            assert list(view.legal_actions) == hand.legal_actions()
        else:
            assert view.legal_actions == ()
        for seat, seen in enumerate(view.seats):
            assert seen.up_cards == tuple(hand.up[seat])
            assert seen.stack == hand.stacks[seat]
            if seat == viewer or seat in shown:
                assert seen.down_cards == tuple(hand.down[seat])
            else:
                assert seen.down_cards == (None,) * len(hand.down[seat]), (
                    f"{'observer' if viewer is None else f'seat {viewer}'} sees seat "
                    f"{seat}'s down cards {seen.down_cards}"
                    + (" after a muck" if seat in mucked else "")
                )
        events = hand.events_for(viewer)
        assert view.events == tuple(events)
        assert len(events) == len(hand.events)
        for mine, real in zip(events, hand.events, strict=True):
            if isinstance(real, CardDealt) and not real.up and real.seat != viewer:
                hidden = real.seat not in shown
                assert mine == (CardDealt(real.seat, None, False) if hidden else real)
            else:
                assert mine == real


def illegal_actions(hand: Hand, legal: list[LegalAction]) -> list[Action]:
    """Actions the rules do not allow now: a kind that is not open, an amount off the
    range or choices, a wrong amount to call, check or fold."""
    kinds = {option.kind: option for option in legal}
    wrong: list[Action] = []
    for kind in ActionKind:
        if kind not in kinds:
            wrong.append(Action(kind, 100 if kind in WAGERS else None))
    for option in legal:
        if option.kind in WAGERS:
            off = {option.minimum - 1, option.maximum + 1, -1, 0}
            if option.choices is not None:
                off |= set(range(option.minimum, option.maximum + 1)) - set(option.choices)
            wrong += [Action(option.kind, a) for a in sorted(off) if not option.allows(a)]
            wrong.append(Action(option.kind))  # no amount
        else:
            # "call 90" as the legal actions print it is accepted; another amount is not.
            wrong.append(Action(option.kind, option.minimum + 1))
    return wrong


def check_legal_actions(hand: Hand, legal: list[LegalAction]) -> None:
    seat = hand.actor
    assert seat is not None
    assert legal, f"seat {seat} must act but has no legal action"
    assert len({option.kind for option in legal}) == len(legal)
    for option in legal:
        assert 0 <= option.minimum <= option.maximum
        if option.choices is not None:
            assert option.choices
            assert all(option.minimum <= c <= option.maximum for c in option.choices)
        if option.kind in WAGERS:
            assert option.maximum - hand.bets[seat] <= hand.stacks[seat]
            assert option.minimum > hand.bets[seat]
        elif option.kind in (K.CALL, K.BRING_IN, K.SHOWHAND):
            assert 0 < option.minimum <= hand.stacks[seat]


def check_each_legal_action_applies(hand: Hand, legal: list[LegalAction]) -> None:
    for option in legal:
        amounts = [None]
        if option.kind in WAGERS:
            amounts = list(option.choices or {option.minimum, option.maximum})
        for amount in amounts:
            trial = copy.deepcopy(hand)
            trial.act(Action(option.kind, amount))


def check_illegal_actions_change_nothing(hand: Hand, legal: list[LegalAction]) -> None:
    before = snapshot(hand)
    for action in illegal_actions(hand, legal):
        with pytest.raises(IllegalAction):
            hand.act(action)
        assert snapshot(hand) == before, f"the illegal {action} changed the hand"


def dealt_order(events: list[Event]) -> list[Card | None]:
    return [e.card for e in events if isinstance(e, CardDealt | CommunityCard)]


# -- playing a hand --------------------------------------------------------------------


def play(draw: st.DrawFn, deal: Deal) -> Hand:
    """Play one hand with random legal actions, checking every property at each step."""
    spec = deal.spec
    hand = deal.hand()
    most_actions = (
        2 * hand.player_count * len(spec.streets) * (spec.max_raises + 3)
        + (sum(deal.stacks) // max(spec.min_bet, 1) if spec.is_show_hand else 0)
        + hand.player_count
    )
    steps = 0
    while True:
        check_chips(hand, deal)
        check_views(hand)
        if hand.actor is None:
            break
        steps += 1
        assert steps <= most_actions, f"the hand has not ended after {most_actions} actions"
        legal = hand.legal_actions()
        check_legal_actions(hand, legal)
        check_illegal_actions_change_nothing(hand, legal)
        check_each_legal_action_applies(hand, legal)
        action = draw_action(draw, legal)
        seat = hand.actor
        events = len(hand.events)
        hand.act(str(action) if draw(st.booleans()) else action)  # as text, or not
        assert hand.actions[-1] == (seat, action)
        assert len(hand.events) > events
    assert hand.is_over
    assert hand.legal_actions() == []
    with pytest.raises(IllegalAction):
        hand.act("fold")
    return hand


def check_replay(hand: Hand, deal: Deal) -> None:
    """The deck and the actions rebuild the hand event for event."""
    decks: list[list[Card | None]] = [list(deal.deck)]
    if not deal.spec.burn_cards:
        # Burnt cards are in no event; without them the dealt cards are the deck.
        decks.append(dealt_order(hand.events))
    for deck in decks:
        again = deal.hand(deck)
        for seat, action in hand.actions:
            assert again.actor == seat
            again.act(action)
        assert again.is_over
        assert again.events == hand.events
        assert again.result == hand.result


def run(data: st.DataObject, deal: Deal) -> None:
    hand = play(data.draw, deal)
    check_replay(hand, deal)
    kinds = {type(e).__name__ for e in hand.events}
    for name in ("Show", "Muck", "CommunityCard", "Showhand", "Rollover", "ExcessReturned",
                 "UncalledBetReturned", "Complete", "Raise", "AllIn"):  # fmt: skip
        event(f"{deal.spec.game}: {name} {'yes' if name in kinds else 'no'}")
    event(f"{deal.spec.game}: {len(hand.actions) // 10 * 10}+ actions")


# -- the tests -----------------------------------------------------------------------

QUICK = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FULL_RUN = settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@QUICK
@given(deal=deals(seven_card_specs()), data=st.data())
def test_seven_card_games_conserve_chips_end_and_hide_cards(deal: Deal, data: st.DataObject):
    run(data, deal)


@QUICK
@given(deal=deals(seven_card_specs({"five_card_stud": five_card_stud})), data=st.data())
def test_five_card_stud_conserves_chips_ends_and_hides_cards(deal: Deal, data: st.DataObject):
    """R9: the same properties for fixed-limit Five-Card Stud, 2 to 10 players."""
    run(data, deal)


@QUICK
@given(deal=deals(show_hand_specs()), data=st.data())
def test_show_hand_conserves_chips_ends_and_hides_cards(deal: Deal, data: st.DataObject):
    run(data, deal)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="set STUD_FULL=1 for the full run")
@FULL_RUN
@given(deal=deals(), data=st.data())
def test_every_game_holds_its_properties_full_run(deal: Deal, data: st.DataObject):
    run(data, deal)


# -- the engine bugs above, as examples ----------------------------------------------------


def code_order(size: int = 52) -> list[Card]:
    """A deck in code order: 2c 2d 2h 2s 3c ... (the 2s and the 2h are up heads-up)."""
    return list(deck_cards(size))


def test_r6_4_r6_5_pot_limit_below_the_minimum_bet_still_lets_the_opener_bet():
    # R6.4: the opener must bet at least min_bet; R6.5: limit="pot".  With antes of 1
    # the pot is 2, below the minimum bet (100): a limit never forbids the least bet.
    spec = show_hand(ante=1, min_bet=100, limit="pot", showhand_allowed=False)
    hand = Hand(spec, [1000, 1000], deck=code_order())
    assert hand.actor == 1
    assert hand.legal_actions() != []


def test_r6_10_show_hand_burns_at_a_full_table_reach_the_showdown():
    # R2.12 with R6.10: 6 seats of a 32-card deck take 30 cards; three burns would
    # leave 1 card for the fifth street.  Show Hand has no community card: the burns
    # the deck cannot spare are skipped and everyone gets five cards.
    spec = show_hand(ante=1, deck=32, burn_cards=True)
    hand = Hand(spec, [1] * 6, deck=code_order(32))  # all in on the ante
    assert hand.is_over
    assert sum(hand.result.stacks) + hand.result.rollover == 6


def test_r6_5_street_cap_rounding_to_nothing_still_lets_the_opener_bet():
    # R6.5 street caps: int(1/8 * 2) == 0 chips; the opener, who must bet (R6.4),
    # may still bet the least bet of 1 chip.
    spec = show_hand(ante=1, min_bet=0, street_caps=(Fraction(1, 8),) * 4, showhand_allowed=False)
    hand = Hand(spec, [2, 2], deck=code_order())
    assert hand.actor == 1
    assert hand.legal_actions() != []


def test_r6_8_carry_in_is_won_when_nobody_put_a_chip_in():
    # R6.8: the carry-in goes whole to this hand's winner, even when no ante and no
    # bet made a pot (settlement by side pots, as with capped settlement).
    spec = show_hand(ante=0, min_bet=1, opener_may_check=True, settlement="side_pots")
    hand = Hand(spec, [10, 10], deck=code_order(), carry_in=5)
    while hand.actor is not None:
        hand.act("check" if hand.round is not None else "show")
    assert hand.result.stacks == (15, 10)  # 2c 2h 3d 3s 4c beats 2d 2s 3c 3h 4d by suit
