"""A hand dealt by hand (``Hand(..., manual_deal=True)``): the cards come a street at a
time through ``deal()``, as a game tree's chance nodes give them (``studpoker.rl``). It
plays exactly the hand a deck in the same order deals: the same events, actions and
result, the burn cards (R2.12) and the community card (R7.4) included."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.cards import Card, deck_cards, parse_cards
from studpoker.engine import CardDealt, CommunityCard, Hand, IllegalAction
from studpoker.games import razz, seven_card_stud

from .test_properties import Deal, deals, draw_action


def deal_as(manual: Hand, dealt: Hand) -> None:
    """Give ``manual`` the cards ``dealt`` (the same hand, dealt from a deck) dealt next."""
    while manual.cards_wanted:
        coming = dealt.events[len(manual.events) :]
        cards: list[Card] = []
        for event in coming:
            if isinstance(event, CardDealt | CommunityCard):
                assert event.card is not None
                cards.append(event.card)
        manual.deal(cards[: manual.cards_wanted])


@settings(max_examples=150, deadline=None)
@given(deal=deals(), data=st.data())
def test_a_hand_dealt_by_hand_plays_as_the_same_deck_deals(deal: Deal, data: st.DataObject) -> None:
    deck = list(deck_cards(deal.spec.deck))
    random.Random(deal.seed).shuffle(deck)
    dealt = Hand(deal.spec, deal.stacks, deck=deck, carry_in=deal.carry_in)
    manual = Hand(deal.spec, deal.stacks, carry_in=deal.carry_in, manual_deal=True)
    while True:
        deal_as(manual, dealt)
        assert manual.events == dealt.events
        assert manual.actor == dealt.actor
        assert manual.legal_actions() == dealt.legal_actions()
        assert manual.cards_left == dealt.cards_left  # the burn cards counted alike
        if dealt.is_over:
            break
        action = draw_action(data.draw, dealt.legal_actions())
        dealt.act(action)
        manual.act(action)
    assert manual.is_over
    assert manual.result == dealt.result
    # What the manual hand was dealt is the deck's order, its burn cards unknown.
    order = manual.deck_order
    assert [c for c in order if c is not None] == [
        c for c, m in zip(dealt.deck_order, order, strict=False) if m is not None
    ]
    assert all(c is None or c == d for c, d in zip(order, dealt.deck_order, strict=False))


def test_it_waits_for_each_street_and_refuses_wrong_cards_changing_nothing() -> None:
    hand = Hand(seven_card_stud(burn_cards=True), [1000, 1000], manual_deal=True)
    assert (hand.cards_wanted, hand.actor, hand.is_over) == (6, None, False)
    assert hand.stacks == [975, 975]  # the antes are in (R2.2)
    with pytest.raises(IllegalAction, match="the hand waits for 6 cards to be dealt"):
        hand.act("fold")
    before = (list(hand.events), hand.cards_wanted, hand.deck_order)
    for cards, said in [
        ("As Kd 7c Ah Kh", "the hand waits for 6 cards, not 5"),
        ("As Kd 7c Ah Kh As", "As is dealt already"),
    ]:
        with pytest.raises(ValueError, match=said):
            hand.deal(parse_cards(cards))
        assert (list(hand.events), hand.cards_wanted, hand.deck_order) == before
    with pytest.raises(ValueError, match="is not a card of the 52-card deck"):
        hand.deal(["As", "Kd", "7c", "Ah", "Kh", "3d"])  # type: ignore[list-item]
    # Down, down, up, in dealing order: seat 0 A♠ A♥ up 7♣; seat 1 K♦ K♥ up 3♦ brings in.
    hand.deal(parse_cards("As Kd Ah Kh 7c 3d"))
    assert hand.cards_wanted == 0
    assert hand.actor == 1
    assert [str(a) for a in hand.legal_actions()] == ["bring_in 50", "complete to 200"]
    hand.act("bring_in")
    hand.act("call")
    # Fourth street: a burn card (R2.12) the hand draws itself, then one card each.
    assert hand.cards_wanted == 2
    with pytest.raises(ValueError, match="7c is dealt already"):
        hand.deal(parse_cards("7c 9s"))
    hand.deal(parse_cards("Qs 9s"))
    assert hand.deck_order == (*parse_cards("As Kd Ah Kh 7c 3d"), None, *parse_cards("Qs 9s"))
    assert [str(c) for c in hand.view(0).me.up_cards] == ["7c", "Qs"]
    assert hand.actor == 0  # Q-7 shows best (R3.3)
    with pytest.raises(ValueError, match="the hand waits for no cards now"):
        hand.deal(parse_cards("2c"))


def test_a_hand_nobody_can_bet_in_asks_for_every_street_in_turn() -> None:
    """Both all in on the ante: no betting, each street still dealt by the caller, then
    the showdown (R2.9)."""
    hand = Hand(razz(), [10, 10], manual_deal=True)
    streets = ["As Kc 2c Kd 3d Ks", "4h Qc", "5s Qd", "6c Qs", "7d Jc"]
    wanted = []
    while hand.cards_wanted:
        wanted.append(hand.cards_wanted)
        hand.deal(parse_cards(streets[len(wanted) - 1]))
    assert wanted == [6, 2, 2, 2, 2]
    assert hand.is_over
    # Seat 0's 5-4-3-2-A against seat 1's kings: both all in for 10 on the ante.
    assert hand.result.net == (10, -10)


def test_manual_deal_takes_no_deck() -> None:
    with pytest.raises(ValueError, match="takes neither a deck nor an rng"):
        Hand(razz(), [100, 100], deck=deck_cards(52), manual_deal=True)
