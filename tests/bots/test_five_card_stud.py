"""The computer players in fixed-limit Five-Card Stud (R9): every one of them plays
hundreds of random hands legally (400 each in CI's bounded run, 2,000 with
``STUD_FULL=1``); the rule-based player's starting standard (a
pair, or a hidden card above every up card showing) and its later streets (a hand
beaten in sight folds); the equity player's share of the pot from
``studpoker.equity``.

Positions are dealt as R9.1 deals them: every seat's down card, then every seat's
up card (second street), then one up card a seat a street.
"""

from __future__ import annotations

import os
import random

import pytest

from studpoker.bots import PLAYERS, EquityPlayer, RuleBasedPlayer, make_player, play_hand
from studpoker.bots.reading import Reading
from studpoker.bots.starting_hands import starting_tier
from studpoker.bots.strength import five_card_strength, strength
from studpoker.engine import Action, Hand
from studpoker.equity import equity
from studpoker.games import GameSpec, five_card_stud

from .positions import dealt

FOLD, MARGINAL, PLAYABLE, STRONG, PREMIUM = range(5)
# Hands each player plays in CI's bounded run; STUD_FULL=1 plays five times as many.
HANDS = 2_000 if os.environ.get("STUD_FULL") == "1" else 400


def random_spec(rng: random.Random) -> GameSpec:
    """Five-Card Stud with random stakes and options (R9.2, R9.3, R2.5, R2.12)."""
    small = rng.randint(2, 40) * 10
    return five_card_stud(
        ante=rng.randint(0, small // 4),
        bring_in=rng.randint(1, small - 1),
        small_bet=small,
        big_bet=small * rng.choice([1, 2]),
        max_raises=rng.randint(1, 4),
        open_pair_double=rng.random() < 0.5,
        cap_heads_up=rng.random() < 0.5,
        burn_cards=rng.random() < 0.5,
        board_tie=rng.choice(["seat", "suit"]),
        max_seats=10,
    )


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_player_plays_hundreds_of_random_hands_legally(name):
    # 2 to 10 seats (R9.1), one to three of them ``name``'s and the others random,
    # the calling station and the rule-based player; stacks from one chip up, so
    # that short all-ins (R2.11) come up.  play_hand raises IllegalAction, naming
    # the player, on any illegal decision; the chips are neither made nor lost.
    rng = random.Random(f"five_card_stud {name}")
    fillers = ["random", "station", "rules"]
    for _ in range(HANDS):
        spec = random_spec(rng)
        count = rng.randint(2, 10)
        mine = set(rng.sample(range(count), rng.randint(1, min(3, count))))
        names = [name if seat in mine else rng.choice(fillers) for seat in range(count)]
        players = [make_player(n, spec, random.Random(rng.random())) for n in names]
        stacks = [rng.choice([rng.randint(1, 400), rng.randint(400, 20_000)]) for _ in names]
        hand = play_hand(spec, players, stacks, rng=random.Random(rng.random()))
        assert hand.is_over
        assert sum(hand.result.stacks) == sum(stacks)
        assert sum(hand.result.net) == 0


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_player_plays_fifth_street_at_a_full_table_with_burnt_cards(name):
    # Ten players to fifth street with a card burnt before each street (R2.12): the
    # deck is nearly empty, and the player decides every seat's actions from there to
    # the end of the hand, legally.
    spec = five_card_stud(burn_cards=True, max_seats=10)
    for seed in range(5):
        hand = Hand(spec, [40_000] * 10, rng=random.Random(seed))
        hand.act("bring_in")
        while hand.street < 3:
            hand.check_or_call()
        players = [make_player(name, spec, random.Random(seed)) for _ in range(10)]
        for seat, player in enumerate(players):
            player.new_hand(seat, spec)
        while not hand.is_over:
            assert hand.actor is not None
            hand.act(players[hand.actor].decide(hand.view(hand.actor)))
        assert sum(hand.result.net) == 0


# The first round: the starting standard -------------------------------------------------


def second_street(seat0: str, *others: str) -> Hand:
    """Seat 0 holds ``seat0`` (its down card, then its up card) against seats holding
    ``others`` (the same); the lowest up card brings in (R9.2)."""
    seats = [seat0.split(), *(other.split() for other in others)]
    cards = [down for down, _ in seats] + [up for _, up in seats]
    return dealt(five_card_stud(), len(seats), " ".join(cards))


def tier(seat0: str, *others: str) -> int:
    return starting_tier(Reading(second_street(seat0, *others).view(0)), "five_card_stud")


@pytest.mark.parametrize(
    ("seat0", "others", "expected"),
    [
        ("Ks Qd", ["3c Jh", "4c 7d"], STRONG),  # the hidden king beats every up card
        ("5s 9d", ["3c 4h"], STRONG),  # heads-up, the 5 is above the 4
        ("5s 9d", ["3c 4h", "6c 2d", "7c 3h"], PLAYABLE),  # … among many, a low card
        ("As Kd", ["3c Qh", "4c 7d"], STRONG),  # two cards above every up card
        ("4s 4d", ["3c Jh"], STRONG),  # a pair below a jack showing
        ("Js Jd", ["3c Th"], PREMIUM),  # a pair above every up card
        ("3s Ad", ["3c Qh"], PLAYABLE),  # the ace shows, the hidden card is low
        ("3s 9d", ["2c 8h"], MARGINAL),  # the nine shows, the hidden card is low
        ("Qs 3d", ["2c Qh"], MARGINAL),  # the hidden queen only ties the best up card
        ("7s 4d", ["3c Jh"], FOLD),  # beaten in sight: the jack beats both cards
        ("Ks 9d", ["3c Ah", "4c 7d"], FOLD),  # … the ace
    ],
)
def test_the_starting_standard(seat0, others, expected):
    assert tier(seat0, *others) == expected


def test_a_dead_rank_pairs_less_often():
    # Heads-up against a jack, the hidden king is strong; with two kings folded face
    # up (seats 2 and 3 fold to the J♥'s bring-in), one king is left to pair it.
    hand = second_street("Ks Qd", "3c Jh", "4c Kh", "5c Kc")
    for move in ("bring_in", "fold", "fold"):
        hand.act(move)
    assert hand.actor == 0
    assert starting_tier(Reading(hand.view(0)), "five_card_stud") == PLAYABLE
    assert tier("Ks Qd", "3c Jh") == STRONG


def decide(hand: Hand, style: str = "normal", seed: int = 1) -> Action:
    player = RuleBasedPlayer(random.Random(seed), style)
    seat = hand.actor
    assert seat is not None
    player.new_hand(seat, hand.spec)
    return player.decide(hand.view(seat))


def test_a_strong_start_completes_and_a_hand_beaten_in_sight_folds():
    # Seat 2 brings in with the 2♦ (R9.2); seat 0 acts next.
    hand = second_street("Ks Qd", "3c 7h", "4c 2d")
    hand.act("bring_in")
    assert hand.actor == 0
    assert decide(hand) == Action.complete(200)  # the hidden king
    hand = second_street("4s 4d", "3c Jh", "5c 2d")
    hand.act("bring_in")
    assert decide(hand) == Action.complete(200)  # a pair
    hand = second_street("7s 4d", "3c Jh", "5c 2d")
    hand.act("bring_in")
    assert decide(hand) == Action.fold()  # the jack beats both cards


# Later streets --------------------------------------------------------------------


# Heads-up: seat 0 (7♠ down, 4♣ up) brings in and seat 1 (3♣ down, K♦ up) calls; on
# third street seat 1 pairs its kings on board (K♦ K♣) and seat 0 gets the Q♥.
KINGS_ON_BOARD = "7s 3c  4c Kd  Qh Kc  9h 2s  8d 4h"


def kings_on_board(*moves: str) -> Hand:
    return dealt(five_card_stud(), 2, KINGS_ON_BOARD, "bring_in", "call", *moves)


def test_a_pair_on_board_bets_and_the_hand_it_beats_in_sight_folds():
    hand = kings_on_board()
    assert (hand.street, hand.actor) == (1, 1)  # the kings act first (R9.3)
    assert decide(hand) == Action.bet(200)
    hand.act("bet 200")
    assert decide(hand) == Action.fold()  # 7 4 Q against K K showing
    # With nothing to pay it checks, and never bluffs at a board that beats it.
    hand = kings_on_board("check")
    assert decide(hand) == Action.check()


def test_beaten_in_sight_on_the_last_street_never_calls():
    # Fifth street: 7 4 Q 9 8 against K K 2 4 showing cannot win (R9.4), however
    # big the pot; the calling station would call.
    moves = ["bet 200", "call", "bet 400", "call"]
    hand = kings_on_board(*moves, "bet 400")
    assert (hand.street, hand.actor) == (3, 0)
    read = Reading(hand.view(0))
    assert (read.to_come, five_card_strength(read)) == (0, 0.0)
    for style in ("easy", "normal", "hard"):
        assert decide(hand, style) == Action.fold()


def test_five_cards_are_dealt_a_seat():
    hand = kings_on_board()
    read = Reading(hand.view(0))
    assert (len(read.mine), read.to_come, read.unseen) == (3, 2, 52 - 3 - 2)


def test_strength_is_the_chance_of_beating_every_board():
    # Third street, seat 1's kings against the Q♥ 4♣ showing: far ahead.  The hand
    # they beat in sight is worth at most 0.1 (it folds to a bet); here no one card
    # lifts 7 4 Q above two kings, so nothing.
    hand = kings_on_board()
    kings = strength(Reading(hand.view(1)), "five_card_stud")
    beaten = strength(Reading(hand.view(0)), "five_card_stud")
    assert kings > 0.85
    assert beaten == 0.0
    # Q 4 2 against a king and a seven showing, two cards to come: many cards beat
    # the king high (a pair, an ace, a king), but the hand is beaten in sight.
    hand = dealt(five_card_stud(), 2, "Qs 3c  4c Kd  2h 7h", "bring_in", "call")
    assert 0.0 < strength(Reading(hand.view(0)), "five_card_stud") <= 0.1
    # Against the exact share of the pot, which knows the unseen cards' chances.
    exact = equity("five_card_stud", ["3c Kd Kc", "?? 4c Qh"], samples=20_000, seed=1)
    assert kings == pytest.approx(exact.equities[0], abs=0.08)


# The equity player -----------------------------------------------------------------


# Heads-up: seat 0 (3♣ down, 4♣ up) brings in and seat 1 (K♥ down, K♦ up) calls, and
# both check to fifth street: seat 0 shows A♥ Q♠ J♦ 4♣, seat 1 holds K♥ K♦ 9♠ 7♣ 2♦.
ACE_HIGH_BOARD = "3c Kh  4c Kd  Ah 9s  Qs 7c  Jd 2d"


def fifth_street() -> Hand:
    checks = ["check"] * 5
    hand = dealt(five_card_stud(), 2, ACE_HIGH_BOARD, "bring_in", "call", *checks)
    assert (hand.street, hand.actor) == (3, 1)  # the ace-high board checked first (R9.3)
    return hand


def test_the_equity_player_takes_its_share_from_the_equity_module():
    # Kings against A Q J 4 and one unseen card: 40 of the 43 unseen cards lose for
    # seat 0 (only an ace beats the kings), counted exactly; nobody has bet or
    # called, so nothing tilts the share.
    hand = fifth_street()
    player = EquityPlayer(random.Random(1))
    player.new_hand(1, hand.spec)
    assert player.share(hand.view(1)) == 40 / 43
    assert player.decide(hand.view(1)) == Action.bet(400)
    hand.act("bet 400")
    assert hand.actor == 0


def test_the_equity_player_folds_a_hand_beaten_in_sight():
    hand = kings_on_board("bet 200")
    player = EquityPlayer(random.Random(1))
    player.new_hand(0, hand.spec)
    assert player.share(hand.view(0)) < 0.05
    assert player.decide(hand.view(0)) == Action.fold()


def test_the_equity_player_asks_more_than_the_pot_odds_for_a_call(monkeypatch):
    # Facing a bet on third street, a share of 1.1 times the pot odds folds, 1.2 calls:
    # in Five-Card Stud a call needs 15% more than the odds (the big bets to come).
    hand = kings_on_board("bet 200")
    cost = 200
    odds = cost / (hand.view(0).pot_total + cost)
    player = EquityPlayer(random.Random(1))
    player.new_hand(0, hand.spec)
    for factor, action in ((1.1, Action.fold()), (1.2, Action.call())):
        monkeypatch.setattr(EquityPlayer, "share", lambda self, view, f=factor: odds * f)
        assert player.decide(hand.view(0)) == action


def test_the_equity_player_plays_the_first_round_by_the_starting_standard():
    # As in the seven-card games, second street is the rule-based standard's (a
    # random hand is no range for players who chose to play).
    hand = second_street("Ks Qd", "3c 7h", "4c 2d")
    hand.act("bring_in")
    player = EquityPlayer(random.Random(1))
    player.new_hand(0, hand.spec)
    assert player.decide(hand.view(0)) == Action.complete(200)
