"""The facts' invariants over random hands of every game (Hypothesis): a PokerStars
record and the hand's own events give the same facts; nothing happens more often than
its chance; the nets add up to nothing (no rake) but what a Show Hand leaves on the
table (R6.8)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from studpoker.cards import deck_cards
from studpoker.engine import Hand
from studpoker.engine.actions import Kinds
from studpoker.games import GameSpec, preset
from studpoker.history import read_pokerstars, to_pokerstars
from studpoker.study import from_hand, from_record
from studpoker.study.facts import FACTS, facts_of

SITE_GAMES = ("seven_card_stud", "stud_hilo", "razz", "five_card_stud")
GAMES = (*SITE_GAMES, "show_hand")
# Each fact and the fact that is its chance (docs/study.md).
CHANCES = {
    "complete": "complete_chance", "raise3": "raise3_chance", "steal": "steal_chance",
    "steal_fold": "steal_faced", "pair4_bet": "pair4_chance", "bi_fold": "bi_faced",
    "bi_call": "bi_faced", "bi_raise": "bi_faced", "bi_faced": "bring_in",
    "won_showdown": "showdown", "scoop": "hilo_showdown", "half": "hilo_showdown",
    "low_made": "hilo_showdown", "sh_called": "sh_faced",
    **{f"bet_{k}": f"bet_chance_{k}" for k in (1, 2, 3, 4)},
    **{f"raise_{k}": f"raise_chance_{k}" for k in (1, 2, 3, 4)},
    **{f"bet_chance_{k}": f"saw_{k}" for k in (1, 2, 3, 4)},
}  # fmt: skip


def random_hand(rng: random.Random, spec: GameSpec) -> Hand:
    """Random legal actions, calls and checks likelier than folds, short stacks now
    and then (all-ins, side pots)."""
    count = rng.randint(2, 6)
    big = spec.big_bet or 20 * spec.ante
    stacks = [rng.choice([rng.randint(1, big), rng.randint(big, 8 * big)]) for _ in range(count)]
    cards = list(deck_cards(spec.deck))
    rng.shuffle(cards)
    hand = Hand(spec, stacks, deck=cards)
    while not hand.is_over:
        options = hand.legal_actions()
        weights = [{Kinds.FOLD: 1, Kinds.CALL: 6, Kinds.CHECK: 6}.get(o.kind, 3) for o in options]
        option = rng.choices(options, weights)[0]
        if option.kind in (Kinds.BET, Kinds.RAISE, Kinds.COMPLETE, Kinds.SHOWHAND):
            amounts = option.choices or (option.minimum, option.maximum)
            hand.act(f"{option.kind.value} {rng.choice(amounts)}")
        else:
            hand.act(option.kind.value)
    return hand


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32))
def test_facts_keep_their_invariants(game: str, seed: int) -> None:
    hand = random_hand(random.Random(seed), preset(game))
    names = [f"p{i}" for i in range(hand.player_count)]
    played = facts_of(from_hand(hand, names, source="room", number=str(seed)))
    assert sum(f.net for f in played) == -hand.rollover  # Show Hand may leave some (R6.8)
    assert [f.net for f in played] == list(hand.result.net)
    for f in played:
        counts = dict(zip(FACTS, f.counts, strict=True))
        assert all(count >= 0 for count in counts.values())
        for fact, chance in CHANCES.items():
            assert counts[fact] <= counts[chance], (fact, counts)
        assert counts["vpip"] <= 1
        assert counts["showdown"] + counts["won_no_showdown"] <= 1
    if game in SITE_GAMES:  # the same facts from the text a site would write
        viewer = seed % hand.player_count
        text = to_pokerstars(hand, viewer=viewer, names=names)
        (record,) = read_pokerstars(text)
        assert not isinstance(record, Exception), record
        read = facts_of(from_record(record, text))
        for a, b in zip(read, played, strict=True):
            # A low is judged from the cards known: the record hides a folded hand's.
            same = [x for i, x in enumerate(a.counts) if FACTS[i] != "low_made"]
            assert same == [x for i, x in enumerate(b.counts) if FACTS[i] != "low_made"]
            assert (a.name, a.net) == (b.name, b.net)
