"""What one seat may know of a hand (``Hand.view``, DESIGN.md idea 2): its own down
cards, every up card, every chip and action; another seat's down cards only once
that seat shows them, and a mucked hand never, unless the table shows mucked hands
(``reveal_mucked``, R5.8).  ``None`` as the viewer is an observer.

Decks are given in dealing order, one group per round of dealing; seats are 0-based.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.cards import Card, parse_cards
from studpoker.engine import CardDealt, Hand, Muck, Pot, Show
from studpoker.games import GAMES, preset, seven_card_stud, show_hand

from .scripting import deal, play


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def check_down(hand: Hand) -> None:
    """Call the bring-in, then check every street until the showdown."""
    while hand.round is not None:
        kinds = {option.kind.value for option in hand.legal_actions()}
        hand.act(next(kind for kind in ("bring_in", "check", "call") if kind in kinds))


VIEWERS = [None, 0, 1, 2]

# Three players of Seven Card Stud; seat 2 brings in with the 2♦ (R3.1).
THREE_WAY = deal("As Kd 7c", "Ah Kh 3d", "9s 4c 2d", "Qc Jd Ts") + [None] * 40
DOWN = [cards("As Ah"), cards("Kd Kh"), cards("7c 3d")]
UP = [cards("9s"), cards("4c"), cards("2d")]

# Heads-up to the showdown: seat 0 two pair, aces and kings; seat 1 queen high, which
# cannot beat it and may be mucked (R5.3).  Seat 1 brings in with the 3♦.
HEADS_UP = deal("As 2c", "Ad 7h", "Kc 3d", "Kd 9s", "5h Jc", "6c Qd", "8s 4h")
WINNER_CARDS = cards("As Ad Kc Kd 5h 6c 8s")
LOSER_CARDS = cards("2c 7h 3d 9s Jc Qd 4h")


def heads_up_at_showdown(**options) -> Hand:
    hand = Hand(seven_card_stud(**options), [1000, 1000], deck=HEADS_UP)
    check_down(hand)
    assert hand.actor == 0  # no bet on seventh street: seat 0 shows first (R5.2)
    return hand


def test_a_seat_sees_its_own_down_cards_and_not_the_others():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE_WAY)
    for viewer in range(3):
        view = hand.view(viewer)
        for seat in range(3):
            down = DOWN[seat] if seat == viewer else (None, None)
            assert view.seats[seat].down_cards == down
            assert not view.seats[seat].shown


def test_up_cards_are_seen_by_every_seat_and_observer():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE_WAY)
    for viewer in VIEWERS:
        assert [seat.up_cards for seat in hand.view(viewer).seats] == UP


def test_an_observer_sees_no_down_card():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE_WAY)
    view = hand.view(None)
    assert view.viewer is None
    assert all(seat.down_cards == (None, None) for seat in view.seats)
    dealt = [e for e in view.events if isinstance(e, CardDealt)]
    assert [e.card for e in dealt if not e.up] == [None] * 6
    assert [e.card for e in dealt if e.up] == list(cards("9s 4c 2d"))


def test_events_for_a_seat_hide_only_the_others_down_cards():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE_WAY)
    mine = [e for e in hand.events_for(1) if isinstance(e, CardDealt) and not e.up]
    assert [(e.seat, e.card) for e in mine] == [
        (0, None), (1, Card.parse("Kd")), (2, None),
        (0, None), (1, Card.parse("Kh")), (2, None),
    ]  # fmt: skip
    assert hand.view(1).events == tuple(hand.events_for(1))


def test_the_seventh_street_down_card_is_hidden_from_the_others():
    hand = heads_up_at_showdown()
    assert hand.view(0).seats[0].down_cards == cards("As Ad 8s")
    assert hand.view(1).seats[0].down_cards == (None, None, None)
    assert hand.view(0).seats[1].down_cards == (None, None, None)
    assert hand.view(1).seats[1].down_cards == cards("2c 7h 4h")


def test_legal_actions_are_in_the_actors_own_view_only():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE_WAY)
    assert hand.actor == 2
    assert hand.view(2).legal_actions == tuple(hand.legal_actions())
    assert [str(option) for option in hand.view(2).legal_actions] == [
        "bring_in 50",
        "complete to 200",
    ]
    for viewer in (None, 0, 1):
        assert hand.view(viewer).legal_actions == ()
        assert hand.view(viewer).actor == 2


def test_view_me_is_the_viewers_seat():
    hand = Hand(seven_card_stud(), [1000, 900, 800], deck=THREE_WAY)
    for viewer in range(3):
        view = hand.view(viewer)
        assert view.me is view.seats[viewer]
        assert view.me.seat == viewer
        assert view.me.down_cards == DOWN[viewer]
    assert hand.view(1).me.stack == 900 - 25
    assert hand.view(None).me is None


def test_every_viewer_sees_every_chip():
    hand = Hand(seven_card_stud(), [1000, 900, 800], deck=THREE_WAY)
    play(hand, "2 bring_in", "0 complete 200")
    for viewer in VIEWERS:
        view = hand.view(viewer)
        assert [seat.stack for seat in view.seats] == [775, 875, 725]
        assert [seat.bet for seat in view.seats] == [200, 0, 50]
        assert [seat.contributed for seat in view.seats] == [225, 25, 75]
        assert view.pot_total == 325
        assert sum(pot.amount for pot in view.pots) == 325


def test_r5_4_bets_of_a_street_in_progress_make_no_side_pot():
    # Nobody is all in: seat 1 has not yet answered the completion, so all 325 chips
    # are one pot that any of the three may still win.
    hand = Hand(seven_card_stud(), [1000, 900, 800], deck=THREE_WAY)
    play(hand, "2 bring_in", "0 complete 200")
    assert hand.view(None).pots == (Pot(325, (0, 1, 2)),)


def test_pots_and_pot_total_with_an_all_in_bring_in():
    # Seat 2 has 60 chips: 25 for the ante, then its last 35 as the bring-in (R2.4);
    # the others enter for the full bring-in, so 15 each makes a side pot (R5.4).
    hand = Hand(seven_card_stud(), [1000, 1000, 60], deck=THREE_WAY)
    play(hand, "2 bring_in", "0 call", "1 call")
    for viewer in VIEWERS:
        view = hand.view(viewer)
        assert view.pots == (Pot(180, (0, 1, 2)), Pot(30, (0, 1)))
        assert view.pot_total == 210
        assert view.seats[2].all_in
        assert not view.seats[0].all_in
    assert list(hand.view(0).pots) == hand.pots


def test_pot_total_counts_the_chips_carried_in():
    spec = show_hand(ante=10)
    hand = Hand(spec, [1000, 1000], deck=deal("2c 3c", "Kd As") + [None] * 6, carry_in=35)
    view = hand.view(None)
    assert view.carry_in == 35
    assert view.pot_total == 20 + 35
    assert view.pots == (Pot(20, (0, 1)),)


def test_a_shown_hand_is_seen_by_everyone():
    hand = heads_up_at_showdown()
    play(hand, "0 show")
    for viewer in (None, 0, 1):
        view = hand.view(viewer)
        assert view.seats[0].down_cards == cards("As Ad 8s")
        assert view.seats[0].shown
        assert Show(0, WINNER_CARDS) in view.events
        dealt = [e.card for e in view.events if isinstance(e, CardDealt) and e.seat == 0]
        assert None not in dealt


def test_r5_8_a_mucked_hand_is_never_seen():
    hand = heads_up_at_showdown()
    play(hand, "0 show", "1 muck")
    assert hand.is_over
    assert Muck(1, None) in hand.events
    for viewer in (None, 0):
        view = hand.view(viewer)
        assert view.seats[1].down_cards == (None, None, None)
        assert not view.seats[1].shown
        assert view.seats[1].up_cards == cards("3d 9s Jc Qd")
        hidden = [e.card for e in view.events if isinstance(e, CardDealt) and e.seat == 1]
        assert hidden == [None, None, *cards("3d 9s Jc Qd"), None]
    assert hand.view(1).seats[1].down_cards == cards("2c 7h 4h")
    assert 1 not in hand.result.shown


def test_r5_8_reveal_mucked_shows_a_mucked_hand():
    hand = heads_up_at_showdown(reveal_mucked=True)
    play(hand, "0 show", "1 muck")
    assert Muck(1, LOSER_CARDS) in hand.events
    for viewer in (None, 0, 1):
        view = hand.view(viewer)
        assert view.seats[1].down_cards == cards("2c 7h 4h")
        assert view.seats[1].shown


def test_a_folded_hand_stays_hidden_after_the_hand():
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE_WAY)
    play(hand, "2 bring_in", "0 complete 200", "1 fold", "2 fold")
    assert hand.is_over
    for viewer in (None, 0):
        view = hand.view(viewer)
        assert view.seats[1].down_cards == (None, None)
        assert view.seats[2].down_cards == (None, None)
        assert view.seats[1].folded
        assert view.seats[2].folded
    assert hand.view(None).seats[0].down_cards == (None, None)  # R5.1: no show
    assert hand.view(2).seats[2].down_cards == DOWN[2]


def test_r6_11_the_show_hand_winner_shows_no_down_card_when_everyone_drops():
    hand = Hand(show_hand(ante=10), [1000, 1000], deck=deal("2c 3c", "Kd As") + [None] * 6)
    assert hand.actor == 1  # the A♠ speaks first (R6.3)
    play(hand, "1 bet 10", "0 fold")
    assert hand.is_over
    for viewer in (None, 0):
        assert hand.view(viewer).seats[1].down_cards == (None,)
        assert hand.view(viewer).seats[1].up_cards == cards("As")
    assert hand.view(1).seats[1].down_cards == cards("3c")


def test_show_hand_all_in_hands_are_shown_to_everyone():
    deck = deal("2c 3c", "Kd As", "4h 5h", "6h 7h", "8h 9h")
    hand = Hand(show_hand(ante=10), [100, 100], deck=deck)
    play(hand, "1 showhand", "0 call")
    assert hand.is_over
    for viewer in (None, 0, 1):
        view = hand.view(viewer)
        assert view.seats[0].down_cards == cards("2c")
        assert view.seats[1].down_cards == cards("3c")
        assert view.is_over
        assert view.actor is None
        assert view.legal_actions == ()


@pytest.mark.parametrize("seat", [3, -1, 10])
def test_a_seat_not_at_the_table_has_no_view(seat):
    hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=THREE_WAY)
    with pytest.raises(ValueError, match=f"no seat {seat}"):
        hand.view(seat)


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(GAMES), players=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_a_seat_made_alone_is_the_seat_of_the_whole_view(game, players, seed):
    """DESIGN.md idea 2: ``hand.seat_view(seat, viewer)`` (a player's own cards, asked
    for at every message) is the seat of ``hand.view(viewer)`` at every step of a hand,
    for every viewer and onlookers: never a down card the whole view hides."""
    hand = Hand(preset(game), [10_000] * players, rng=random.Random(seed))
    rng = random.Random(seed)
    while True:
        for viewer in (None, *range(players)):
            whole = hand.view(viewer)
            for seat in range(players):
                assert hand.seat_view(seat, viewer) == whole.seats[seat], (viewer, seat)
        if hand.is_over:
            break
        options = hand.legal_actions()
        option = rng.choice(options)
        hand.act(f"{option.kind.value} {option.minimum}" if option.minimum else option.kind.value)
