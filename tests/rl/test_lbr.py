"""Local best response (studpoker.rl.lbr) is right where the answer is known: against a
policy that folds to every bet it wins all the policy has put in, exactly; on a game
small enough to count, its decision and its values are the best response's, counted
here through the engine alone."""

from __future__ import annotations

import itertools
import random

import pytest

from studpoker.bots.show_hand_cfr.player import SolverPlayer
from studpoker.cards import deck_cards, parse_cards
from studpoker.engine import Hand
from studpoker.rl import CHECK_CALL, FOLD, StudGame, card_action
from studpoker.rl.game import nearest_action
from studpoker.rl.lbr import LocalBestResponse, always_fold, lbr_match, show_hand_solver, uniform


@pytest.mark.parametrize("seed", range(4))
def test_against_a_policy_that_folds_to_every_bet_it_wins_everything_put_in(seed: int) -> None:
    """Seven Card Stud heads-up: the best response completes on third street and the
    policy folds; LBR wins the ante (25) when it had the bring-in, the ante and the
    bring-in (75) when the policy had it — every hand, not on average."""
    game = StudGame("seven_card_stud")
    lbr = LocalBestResponse(game, always_fold, exact=0, samples=2, holdings_at_most=20)
    deck = list(deck_cards(52))
    random.Random(seed).shuffle(deck)
    for seat in (0, 1):
        result = lbr.play(deck, seat, random.Random(seed))
        hand = Hand(game.spec, list(game.starting), deck=deck)
        brought_in_by_lbr = hand.actor == seat  # the bring-in acts first (R3.1)
        assert result == (25 if brought_in_by_lbr else 75)


SMALL = "As Ks Qs Js Ts Ah Kh Qh Jh Th"


def counted_call(mine: list[str], their_up: str, seat: int) -> float:
    """What calling the opener's forced bet of its last chip (Show Hand, ten cards, both
    stacks two antes) is worth to ``seat``, counted through the engine alone: every card
    the opener may hold down and every order of the cards left, each deal played with
    the opener betting all and ``seat`` calling."""
    game = StudGame("show_hand", stack=20, cards=SMALL)
    known = parse_cards(" ".join([*mine, their_up]))
    unseen = [card for card in parse_cards(SMALL) if card not in known]
    total, deals = 0, 0
    for hole in unseen:
        rest = [card for card in unseen if card != hole]
        for run in itertools.permutations(rest, 6):
            # Dealing order: each seat's down card (seat 0 first), then the up cards.
            downs = [hole, known[0]] if seat == 1 else [known[0], hole]
            ups = [known[2], known[1]] if seat == 1 else [known[1], known[2]]
            hand = Hand(game.spec, [20, 20], deck=[*downs, *ups, *run])
            assert hand.actor == 1 - seat  # the opener is the other seat
            hand.act(hand.default_action())  # the least bet: every chip it has
            hand.act("call")
            total += hand.result.net[seat]
            deals += 1
    return total / deals


@pytest.mark.parametrize(
    ("mine", "their_up"),
    [(["Th", "Ts"], "As"), (["Kh", "Js"], "Qs")],
)
def test_on_a_small_game_lbr_is_the_best_response(mine: list[str], their_up: str) -> None:
    """Show Hand from ten cards, stacks of two antes: the opener (the better up card)
    must bet its last chips (R6.4) and nothing is left to decide after the answer, so the
    best response of the answering seat is to call when calling is worth more than the
    ante folded; LBR, every run-out counted, finds the same values and the same answer."""
    game = StudGame("show_hand", stack=20, cards=SMALL)
    lbr = LocalBestResponse(game, uniform, exact=10_000)
    state = game.new_initial_state()
    seat = 1
    unseen = [c for c in parse_cards(SMALL) if str(c) not in (*mine, their_up)]
    hole = str(unseen[0])  # the opener's real down card: LBR never looks at it
    for card in (hole, mine[0], their_up, mine[1]):
        state.apply_action(card_action(card))
    assert state.current_player() == 0  # the opener
    state.apply_action(state.legal_actions()[0])  # its least bet: all it has
    assert state.current_player() == seat
    values = lbr.values(state, seat, random.Random(1))
    call = counted_call(mine, their_up, seat)
    assert values[FOLD] == -10.0
    assert values[CHECK_CALL] == pytest.approx(call)
    best = CHECK_CALL if call > -10.0 else FOLD
    assert lbr.choose(state, seat, random.Random(1)) == best


def test_a_duplicate_match_against_the_folding_policy_is_exactly_fifty_a_hand() -> None:
    """Each deck twice, LBR in each seat: one seat has the bring-in, so every pair is
    25 and 75 (the test above), the mean 50 and the interval nothing."""
    game = StudGame("seven_card_stud")
    lbr = LocalBestResponse(game, always_fold, exact=0, samples=2, holdings_at_most=10)
    mean, half, pairs = lbr_match(lbr, 6, seed=3)
    assert pairs == [50.0, 50.0, 50.0]
    assert (mean, half) == (50.0, 0.0)


@pytest.mark.parametrize(
    ("cards", "moves"),
    [("As 9c Ah Tc", []), ("9c As Tc Ah", [3])],  # the opener; the answer to its least bet
)
def test_the_solver_policy_gives_the_chances_its_player_plays_by(
    cards: str, moves: list[int]
) -> None:
    """show_hand_solver: the shipped 28-card policy's chances at a decision are those
    SolverPlayer plays by: 400 fresh players' answers there, each action within 0.08."""
    game = StudGame("show_hand", deck=28)
    state = game.new_initial_state()
    for card in cards.split():
        state.apply_action(card_action(card))
    for move in moves:
        state.apply_action(move)
    chances = show_hand_solver(game)(state)
    assert sum(chances.values()) == pytest.approx(1.0)
    seat = state.current_player()
    counts: dict[int, int] = {}
    for sample in range(400):
        player = SolverPlayer(random.Random(sample))
        player.new_hand(seat, game.spec)
        player.observe(state.hand.events_for(seat))
        played = nearest_action(state, player.decide(state.hand.view(seat)))
        counts[played] = counts.get(played, 0) + 1
    assert set(counts) <= set(chances)
    for action, chance in chances.items():
        assert abs(counts.get(action, 0) / 400 - chance) < 0.08, (action, chance, counts)
