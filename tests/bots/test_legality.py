"""Every bot's every decision is legal, whatever the game, its options, the stacks
and the players around it (Hypothesis)."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studpoker.bots import PLAYERS, make_player, play_hand
from studpoker.games import (
    GameSpec,
    five_card_stud,
    razz,
    seven_card_stud,
    show_hand,
    stud_hilo,
)


@st.composite
def fixed_limit_specs(draw: st.DrawFn) -> GameSpec:
    preset = draw(st.sampled_from([seven_card_stud, stud_hilo, razz, five_card_stud]))
    small = draw(st.integers(2, 40)) * 10
    # Five-Card Stud seats up to ten (R9.1), the seven-card games eight (R7.4).
    seats = {"max_seats": 10} if preset is five_card_stud else {}
    return preset(
        ante=draw(st.integers(0, small // 4)),
        bring_in=draw(st.integers(1, small - 1)),
        small_bet=small,
        big_bet=small * draw(st.sampled_from([1, 2])),
        max_raises=draw(st.integers(1, 4)),
        open_pair_double=draw(st.booleans()),
        cap_heads_up=draw(st.booleans()),
        burn_cards=draw(st.booleans()),
        board_tie=draw(st.sampled_from(["seat", "suit"])),
        **seats,
    )


@st.composite
def show_hand_specs(draw: st.DrawFn) -> GameSpec:
    limit = draw(st.sampled_from(["none", "pot", "fixed_max"]))
    ante = draw(st.integers(1, 20))
    caps = draw(st.none() | st.just((Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(1))))
    return show_hand(
        ante=ante,
        min_bet=draw(st.integers(1, 3 * ante)),
        opener_may_check=draw(st.booleans()),
        limit=limit,
        max_bet=draw(st.integers(3 * ante, 200)) if limit == "fixed_max" else 0,
        street_caps=caps,
        showhand_allowed=draw(st.booleans()),
        showhand_from_round=draw(st.integers(1, 4)),
        showhand_amount=draw(st.sampled_from(["all", "smallest_stack"])),
        short_call_excess=draw(st.sampled_from(["rollover", "return"])),
        deck=draw(st.sampled_from([52, 32, 28])),
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    spec=fixed_limit_specs() | show_hand_specs(),
    data=st.data(),
    seed=st.integers(0, 2**32),
)
def test_every_decision_of_every_bot_is_legal(spec, data, seed):
    count = data.draw(st.integers(2, spec.max_seats), label="players")
    names = data.draw(st.lists(st.sampled_from(sorted(PLAYERS)), min_size=count, max_size=count))
    stacks = data.draw(st.lists(st.integers(1, 6_000), min_size=count, max_size=count))
    rng = random.Random(seed)
    players = [make_player(name, spec, random.Random(rng.random())) for name in names]
    carry = data.draw(st.integers(0, 50)) if spec.is_show_hand else 0
    # play_hand raises IllegalAction, naming the player, on any illegal decision.
    hand = play_hand(spec, players, stacks, rng=rng, carry_in=carry)
    result = hand.result
    assert sum(result.stacks) + result.rollover == sum(stacks) + carry
