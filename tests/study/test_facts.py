"""Each statistic's definition pinned by a hand counted by hand (docs/study.md).

Every hand is played through the engine, written as PokerStars text as Ann downloads it
(her cards, the others' up cards, the hands shown), read back, and turned into facts;
the same hand's own events (the room's path) must give the same facts."""

from __future__ import annotations

import pytest

from engine.scripting import deal, play
from studpoker.engine import Hand
from studpoker.games import seven_card_stud, stud_hilo
from studpoker.history import read_pokerstars, replay, to_pokerstars
from studpoker.study import from_hand, from_record
from studpoker.study.facts import FACTS, PlayerFacts, facts_of, worse

NAMES = ["Ann", "Bob", "Cy", "Di"]


def facts(hand: Hand, viewer: int = 0) -> dict[str, PlayerFacts]:
    """Each player's facts, read from the PokerStars text of ``hand`` as ``viewer``
    downloads it; checked equal to those of the hand's own events."""
    text = to_pokerstars(hand, viewer=viewer, names=NAMES[: hand.player_count])
    (record,) = read_pokerstars(text)
    assert not isinstance(record, Exception), record
    assert replay(record).matched
    read = facts_of(from_record(record, text))
    played = facts_of(from_hand(hand, NAMES[: hand.player_count], source="room", number="1"))
    for a, b in zip(read, played, strict=True):
        assert (a.name, a.net) == (b.name, b.net)
        # The record shows the viewer's cards and those shown; the events every card:
        # a fact that needs a hidden card (a low made) may differ, no other.
        assert a.counts == b.counts
    return {f.name: f for f in read}


def only(player: PlayerFacts) -> dict[str, int]:
    """The facts that are not zero."""
    return {name: count for name, count in zip(FACTS, player.counts, strict=True) if count}


def test_a_completion_with_every_up_card_behind_lower_is_a_steal() -> None:
    # Ann (2c) brings in; Bob's K♦ completes with 9♠, 7♥ and the 2♣ behind: a steal.
    # Cy and Di fold to it, and Ann, the bring-in, folds to the completion.
    hand = Hand(
        seven_card_stud(), [5000] * 4, deck=deal("3s As 5h 8d", "4s Qd 6h 8c", "2c Kd 9s 7h")
    )
    play(hand, "0 bring_in", "1 complete 200", "2 fold", "3 fold", "0 fold")
    got = facts(hand)
    assert only(got["Bob"]) == {
        "vpip": 1, "complete_chance": 1, "complete": 1, "steal_chance": 1, "steal": 1,
        "won_no_showdown": 1,
    }  # fmt: skip
    assert only(got["Cy"]) == {"raise3_chance": 1, "steal_faced": 1, "steal_fold": 1}
    assert only(got["Di"]) == {"raise3_chance": 1, "steal_faced": 1, "steal_fold": 1}
    assert only(got["Ann"]) == {
        "bring_in": 1, "raise3_chance": 1, "bi_faced": 1, "bi_fold": 1,
        "steal_faced": 1, "steal_fold": 1,
    }  # fmt: skip
    # The antes 4 × 25 and the bring-in's 50 matched: Bob wins 150 more than he put in.
    nets = {name: f.net for name, f in got.items()}
    assert nets == {"Ann": -75, "Bob": 125, "Cy": -25, "Di": -25}
    assert got["Bob"].net_bb == 125 / 400


def test_a_completion_into_a_higher_up_card_behind_is_no_steal() -> None:
    # Bob completes with 9♦ up, but Cy's K♠ is yet to act: a completion, not a steal;
    # nobody faces a steal.  Ann calls the completion from the bring-in.
    hand = Hand(
        seven_card_stud(),
        [5000] * 4,
        deck=deal("3s As 5h 8d", "4s Qd 6h 8c", "2c 9d Ks 7h", "2d 5s", "Jc Jd", "Tc Th", "Ac 3c"),
    )
    play(hand, "0 bring_in", "1 complete 200", "2 fold", "3 fold", "0 call 150")
    # Fourth street: Ann's 2♣ 2♦ is an open pair, first to act; she bets, Bob calls.
    play(hand, "0 bet 200", "1 call 200")
    play(hand, "0 check", "1 bet 400", "0 raise 800", "1 call 400")  # fifth
    play(hand, "0 bet 400", "1 fold")  # sixth
    got = facts(hand)
    assert got["Bob"]["complete"] == 1
    assert got["Bob"]["steal_chance"] == 0
    assert got["Cy"]["steal_faced"] == 0
    assert got["Cy"]["raise3_chance"] == 1
    assert only(got["Ann"]) == {
        "vpip": 1, "bring_in": 1, "raise3_chance": 1, "bi_faced": 1, "bi_call": 1,
        "pair4_chance": 1, "pair4_bet": 1,
        "saw_1": 1, "bet_chance_1": 1, "bet_1": 1,
        "saw_2": 1, "bet_chance_2": 1, "raise_chance_2": 1, "raise_2": 1,
        "saw_3": 1, "bet_chance_3": 1, "bet_3": 1,
        "agg_br": 3, "won_no_showdown": 1,
    }  # fmt: skip
    assert only(got["Bob"]) == {
        "vpip": 1, "complete_chance": 1, "complete": 1,
        "saw_1": 1, "raise_chance_1": 1,
        "saw_2": 1, "bet_chance_2": 1, "bet_2": 1, "raise_chance_2": 1,  # facing Ann's raise
        "saw_3": 1, "raise_chance_3": 1,
        "agg_br": 1, "agg_calls": 2, "agg_folds": 1,
    }  # fmt: skip
    # The pot: antes 100, third street 400, fourth 400, fifth 1,600; Ann put in 1,225
    # (her sixth-street bet nobody called came back).
    assert got["Ann"].net == 2500 - (25 + 200 + 200 + 800)
    assert got["Bob"].net == -(25 + 200 + 200 + 800)


def test_a_tie_behind_is_no_steal_chance_and_after_a_limper_nobody_steals() -> None:
    # Bob's K♦ has Cy's K♠ behind: a tie is not worse, so no steal chance.
    hand = Hand(
        seven_card_stud(), [5000] * 4, deck=deal("3s As 5h 8d", "4s Qd 6h 8c", "2c Kd Ks 7h")
    )
    play(hand, "0 bring_in", "1 call 50", "2 complete 200", "3 fold", "0 fold", "1 fold")
    got = facts(hand)
    assert got["Bob"]["steal_chance"] == 0
    assert got["Cy"]["steal_chance"] == 0
    assert got["Cy"]["complete"] == 1
    assert got["Ann"]["bi_faced"] == 1
    assert got["Ann"]["bi_fold"] == 1
    assert got["Di"]["steal_faced"] == 0
    assert got["Di"]["raise3_chance"] == 1


def test_a_steal_chance_not_taken() -> None:
    # Bob's K♦ over Cy's Q♠, Di's 7♥ and the bring-in: a steal chance; he only calls.
    hand = Hand(
        seven_card_stud(), [5000] * 4, deck=deal("3s As 5h 8d", "4s Qd 6h 8c", "2c Kd Qs 7h")
    )
    play(hand, "0 bring_in", "1 call 50", "2 complete 200", "3 fold", "0 fold", "1 fold")
    got = facts(hand)
    assert (got["Bob"]["steal_chance"], got["Bob"]["steal"]) == (1, 0)
    assert (got["Cy"]["steal_chance"], got["Cy"]["complete"]) == (0, 1)


def test_stud_hilo_scoop_half_and_low_made_at_a_showdown() -> None:
    # Seven streets checked down: Ann's 8-7-4-3-2 low and Bob's trip kings split the
    # pot; Cy's hand makes no low.
    spec = stud_hilo()
    hand = Hand(
        spec,
        [5000] * 3,
        deck=deal(
            "2h Ks 9c", "3h Kd 9d", "Ah 4c 9h", "4d Kh Ts", "7c 2s Jd", "8c 5d Qd", "Jc 6c 3d"
        ),
    )
    # Ann A♥ 2♥ 3♥ 4♦ 7♣ 8♣ J♣; Bob K♠ K♦ 4♣ K♥ 2♠ 5♦ 6♣; Cy 9♣ 9♦ 9♥ T♠ J♦ Q♦ 3♦.
    play(hand, "1 bring_in", "2 call 50", "0 call 50")  # Bob's 4♣ is the lowest up card
    while not hand.is_over:
        hand.act("check" if hand.round is not None else "show")
    got = facts(hand)
    assert {name: (f["hilo_showdown"], f["scoop"], f["half"], f["low_made"])
            for name, f in got.items()} == {
        "Ann": (1, 0, 1, 1),  # the low half, with 7-4-3-2-A
        "Bob": (1, 0, 1, 0),  # the high half, trip kings; 6-5-4-2 is no low
        "Cy": (1, 0, 0, 0),
    }  # fmt: skip
    assert {name: f["showdown"] for name, f in got.items()} == {"Ann": 1, "Bob": 1, "Cy": 1}


@pytest.mark.parametrize(
    ("game", "card", "than", "worse_"),
    [
        ("seven_card_stud", "9s", "Kd", True),
        ("seven_card_stud", "Kd", "Ks", False),  # a tie is not worse
        ("seven_card_stud", "Ad", "Ks", False),  # an ace is high
        ("razz", "Ks", "5d", True),
        ("razz", "Ad", "2c", False),  # an ace is low: the best razz card
        ("razz", "2c", "Ad", True),
    ],
)
def test_worse_up_cards_by_game(game: str, card: str, than: str, worse_: bool) -> None:
    assert worse(game, card, than) is worse_
