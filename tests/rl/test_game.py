"""studpoker.rl's game trees (issue 39): the engine's hand behind integer actions and
chance nodes. A hand played through them comes out as the engine plays it, chips are
conserved and the payoffs sum to zero, and what a player is told (its information
state and observation, as strings and tensors) never holds a card it may not see."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.cards import Card, parse_cards
from studpoker.engine import Action, CardDealt, Hand
from studpoker.games import seven_card_stud
from studpoker.rl import (
    BRING_IN,
    CHANCE,
    CHECK_CALL,
    FOLD,
    GAMES,
    SHOWHAND,
    TERMINAL,
    WAGER,
    WAGER_MAX,
    StudGame,
    StudState,
    card_action,
)
from studpoker.rl.game import information_state_size, observation_size


def deal(state: StudState, cards: str) -> None:
    for card in parse_cards(cards):
        assert state.current_player() == CHANCE
        state.apply_action(card_action(card))


def test_show_hand_as_the_engine_plays_it() -> None:
    """docs/engine.md's Show Hand hand: A♠ speaks first and must bet (R6.4); its
    showhand is called twice; it wins with ace high, and the excess goes back (R6.7)."""
    game = StudGame("show_hand", 3, stacks=(300, 500, 1000))
    state = game.new_initial_state()
    assert state.hand.stacks == [290, 490, 990]  # the antes of 10
    deal(state, "2c 3c 4c  As Kd 9h")
    assert state.current_player() == 0
    # The least bet, the largest short of a showhand, the showhand, half and a whole pot.
    assert state.legal_actions() == [WAGER, WAGER_MAX, SHOWHAND, 6, 7]
    assert [str(state.action_of(a)) for a in state.legal_actions()] == [
        "bet 10", "bet 289", "showhand", "bet 15", "bet 30",
    ]  # fmt: skip
    state.apply_action(SHOWHAND)
    assert state.legal_actions() == [FOLD, CHECK_CALL]  # R6.6: call it all, or drop
    state.apply_action(CHECK_CALL)
    state.apply_action(CHECK_CALL)
    assert state.current_player() == CHANCE  # nobody left to bet: the rest is dealt
    deal(state, "Qs Qh 8h  Js Jh 7h  Ts Th 6h")
    assert state.current_player() == TERMINAL
    assert state.returns() == [600.0, -300.0, -300.0]
    assert len(state.history) == 18


def test_seven_card_stud_bring_in_completion_and_the_open_pair() -> None:
    """R3.1: the lowest up card brings in; R2.7: an open pair on fourth street lets the
    bet be a small or a big one (WAGER and WAGER_MAX)."""
    state = StudGame("seven_card_stud").new_initial_state()
    assert state.hand.stacks == [40000 - 25, 40000 - 25]  # 100 big bets, ante 25
    deal(state, "As Kd  Ah Kh  9s 2d")
    assert state.current_player() == 1  # the 2♦ brings in
    assert state.legal_actions() == [BRING_IN, WAGER]
    state.apply_action(BRING_IN)
    assert [str(state.action_of(a)) for a in state.legal_actions()] == [
        "fold", "call", "complete 200",
    ]  # fmt: skip
    state.apply_action(CHECK_CALL)
    deal(state, "9h 3c")  # seat 0 pairs its nines in the open
    assert state.current_player() == 0
    assert [str(state.action_of(a)) for a in state.legal_actions()] == [
        "fold", "check", "bet 200", "bet 400",
    ]  # fmt: skip
    state.apply_action(WAGER_MAX)
    state.apply_action(FOLD)
    assert state.returns() == [75.0, -75.0]  # the ante and the bring-in


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_wrong_action_or_card_is_refused_and_changes_nothing(name: str) -> None:
    game = StudGame(name, 2)
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="is not a card's code"):
        state.apply_action(52)
    state.apply_action(0)
    before = (list(state.history), state.legal_actions())
    with pytest.raises(ValueError, match="cannot be dealt: it is dealt already"):
        state.apply_action(0)
    assert (list(state.history), state.legal_actions()) == before
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    before = (list(state.history), state.legal_actions(), list(state.hand.events))
    closed = next(a for a in range(game.num_distinct_actions) if a not in before[1])
    with pytest.raises(ValueError, match=f"action {closed} is not open now; open: "):
        state.apply_action(closed)
    assert (list(state.history), state.legal_actions(), list(state.hand.events)) == before
    with pytest.raises(ValueError, match="is not a player of this game"):
        state.information_state_string(2)


def test_a_stripped_deck_deals_only_its_cards() -> None:
    state = StudGame("show_hand", deck=28).new_initial_state()
    assert len(state.chance_outcomes()) == 28
    ranks = {str(Card.from_code(code))[0] for code, _ in state.chance_outcomes()}
    assert ranks == set("89TJQKA")  # R6.10: eights up, four suits each
    with pytest.raises(ValueError, match="2c cannot be dealt"):
        state.apply_action(card_action("2c"))


def test_games_and_stacks_are_checked() -> None:
    with pytest.raises(ValueError, match="'holdem' is not a game: one of seven_card_stud"):
        StudGame("holdem")
    with pytest.raises(ValueError, match="razz deals 2 to 8 players, not 9"):
        StudGame("razz", 9)
    with pytest.raises(ValueError, match="3 stacks for 2 players"):
        StudGame("razz", stacks=(1, 2, 3))
    with pytest.raises(ValueError, match="a stack is a whole number of chips above 0, not 0"):
        StudGame("razz", stack=0)
    with pytest.raises(ValueError, match="the bring-in"):
        StudGame("razz", bring_in=500)  # the preset's own check (R2.4)


# -- every game, every line of play ------------------------------------------------------

games = st.sampled_from(sorted(GAMES)).flatmap(
    lambda name: st.builds(
        lambda players, stack, options: StudGame(name, players, stack, **options),
        st.integers(2, 4),
        st.sampled_from([None, 1, 30, 250, 1000]),
        st.sampled_from(
            [{}, {"burn_cards": True}]
            + ([{"deck": 28}, {"deck": 32}, {"limit": "pot"}] if name == "show_hand" else [])
        ),
    )
)


def hidden_cards(state: StudState, player: int) -> set[str]:
    """The down cards of the other seats that ``player`` has not been shown."""
    hand = state.hand
    seen = {e.card for e in hand.events_for(player) if isinstance(e, CardDealt)}
    return {
        str(card)
        for seat in range(hand.player_count)
        if seat != player
        for card in hand.down[seat]
        if card is not None and card not in seen
    }


@settings(max_examples=60, deadline=None)
@given(game=games, seed=st.integers(0, 2**32 - 1))
def test_every_line_of_play_keeps_the_books_and_the_secrets(game: StudGame, seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state()
    total = sum(game.starting)
    info_size, obs_size = information_state_size(game), observation_size(game)
    steps = 0
    while not state.is_terminal():
        hand = state.hand
        assert sum(hand.stacks) + sum(hand.contributed) + hand.carry_in == total
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        assert legal
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == legal
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        else:
            player = state.current_player()
            assert 0 <= player < game.players
            for viewer in range(game.players):
                hidden = hidden_cards(state, viewer)
                words = set(state.information_state_string(viewer).replace(",", " ").split())
                words |= set(state.observation_string(viewer).split())
                assert not {f"CardDealt({s},{c},False)" for s in range(4) for c in hidden} & words
                assert not hidden & words
                tensor = state.information_state_tensor(viewer)
                assert len(tensor) == info_size
                assert len(state.observation_tensor(viewer)) == obs_size
                ones = {i for i, x in enumerate(tensor) if x}
                cards_at = game.players
                for seat in range(game.players):
                    for slot in range(game.cards_per_player):
                        for code in range(52):
                            at = cards_at + (seat * game.cards_per_player + slot) * 52 + code
                            if at in ones:
                                assert str(Card.from_code(code)) not in hidden
        state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps <= game.max_game_length
    returns = state.returns()
    assert sum(returns) == 0
    assert returns == [float(n) for n in state.hand.result.net]
    assert min(returns) >= game.min_utility
    assert max(returns) <= game.max_utility
    # The history replays to the same hand: the clone, and the engine given its deck.
    clone = state.clone()
    assert clone.hand.events == state.hand.events
    dealt = list(state.hand.deck_order)
    replay = Hand(game.spec, game.starting, deck=dealt)
    for _, action in state.hand.actions:
        if replay.is_over:
            break
        replay.act(action)
    replay.play_showdown()
    assert replay.result.net == state.hand.result.net


def test_a_player_off_the_tree_is_replayed_too() -> None:
    """play(): a computer player's amount that is not one of the ids (Show Hand's bet of
    37) is kept in the history as the engine's action; the clone replays it."""
    state = StudGame("show_hand").new_initial_state()
    deal(state, "2c 3c As Kd")
    state.play(Action.parse("bet 37"))
    assert state.history[-1] == Action.parse("bet 37")
    state.play(Action.parse("call"))
    assert state.history[-1] == CHECK_CALL
    assert state.clone().hand.events == state.hand.events
    assert len(state.information_state_tensor(0)) == information_state_size(state.game)


def test_seven_card_stud_from_the_preset_matches_the_engine_spec() -> None:
    assert StudGame("seven_card_stud").spec == seven_card_stud()
    assert StudGame("show_hand").spec.short_call_excess == "return"


def test_a_small_deck_is_checked() -> None:
    with pytest.raises(ValueError, match="2c is not in the 28-card deck"):
        StudGame("show_hand", deck=28, cards="As Ks Qs Js Ts Ah Kh Qh Jh 2c")
    with pytest.raises(ValueError, match="a card is given twice"):
        StudGame("show_hand", cards="As As Qs Js Ts Ah Kh Qh Jh Th")
    with pytest.raises(ValueError, match="9 cards cannot deal 2 players of show_hand: 10 at least"):
        StudGame("show_hand", cards="As Ks Qs Js Ts Ah Kh Qh Jh")
    with pytest.raises(ValueError, match="'A2345678' is not a card"):
        StudGame("razz", cards="A2345678")
    # Burn cards (R2.12) are drawn from the small deck too: one a street after the first.
    fourteen = "As Ks Qs Js Ts 9s 8s Ah Kh Qh Jh Th 9h 8h"
    assert len(StudGame("razz", cards=fourteen).cards) == 14
    with pytest.raises(ValueError, match="14 cards cannot deal 2 players of razz: 18 at least"):
        StudGame("razz", cards=fourteen, burn_cards=True)
