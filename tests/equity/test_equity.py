"""``studpoker.equity.equity``: each player's share of the pot.

* exact results equal, to the last bit, the fractions of a brute force written from
  RULES.md and the reference libraries (``brute_force.py``), on chosen and on
  random small positions of every game;
* Monte Carlo intervals cover the exact values;
* the rules that decide a pot: ties split (R4.1), Stud/8 halves and scoops (R5.5),
  Razz pairs (R4.2), the Show Hand suit tie-break and stripped decks (R6.9, R6.10),
  the community card (R7.4); Five-Card Stud's positions counted by hand are in
  ``test_five_card_stud.py``;
* properties (Hypothesis): equities are shares of one pot;
* bad input: a ``ValueError`` that says why.

``STUD_FULL=1`` runs the ``slow`` test with many more random positions.
"""

from __future__ import annotations

import math
import os
import random
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studpoker.cards import Card, deck_cards, parse_cards
from studpoker.equity import Equity, equity
from studpoker.equity.position import read_position
from studpoker.games import razz, seven_card_stud, show_hand, stud_hilo

from .brute_force import BruteForce, brute_force, hand_size

FULL = os.environ.get("STUD_FULL") == "1"
GAMES = ("seven_card_stud", "stud_hilo", "razz", "show_hand", "five_card_stud")


def floats(fractions: list[Fraction]) -> tuple[float, ...]:
    return tuple(float(f) for f in fractions)


def assert_same(result: Equity, expected: BruteForce) -> None:
    """Exact results are the brute force's fractions, correctly rounded."""
    assert result.exact
    assert result.samples == expected.cases
    assert result.equities == floats(expected.equities)
    if result.high is not None:
        assert result.high == floats(expected.high)
        assert result.low == floats(expected.low)
        assert result.scoop == floats(expected.scoop)


# Exact results against brute force --------------------------------------------------

CHOSEN = [
    # The seventh-street heads-up spot: 9,139 runouts.
    ("seven_card_stud", ["As Ad Kc 7s 7d Ks 2c", "?? ?? Qh Qd 9c 9h ??"], "3c 8h", 52),
    (
        "seven_card_stud",
        ["?? 9d 8s 8d Ah Jc 4s", "Kh Kd Kc 2s 3s 9s 5h", "7s 7c 7h 7d 2c Js"],
        "",
        52,
    ),
    ("stud_hilo", ["Ah 2d 3c 6s Kd Qh 9c", "?? ?? 4h 5h 8h 9h Jc"], "7h 2h", 52),
    ("stud_hilo", ["As 3s Ks 5d 7c 8c Qd", "?? 2c 4d 6h Qc Jh", "Ad 2s 3h 4c Tc Td 6c"], "", 52),
    ("razz", ["As 2s 3d 4c 9h Kc Jd", "?? 8d 5c 6c 7d Qh"], "Ac", 52),
    ("razz", ["?? 8c 2h 2d 3c 3s 9d", "Kd Qd Jc Th 9s 8s 7h", "?? 5d 4s 5s 6s As 2c"], "", 52),
    ("show_hand", ["?? Ah Kd Qs Jh", "?? 9c 9d Js Tc"], "2c 2d", 52),
    ("show_hand", ["Ks Kd 9c 5h", "Kh Kc 9d 5c", "Ts Qs Qh 3d 3c"], "", 52),
    ("show_hand", ["Ah Th 9h 8h", "Kc Kd Ks 7c 7d", "?? Jc Js Jd"], "", 32),
    ("show_hand", ["?? Ac 8d 9d Tc", "Ts Th Td 8s", "Qd Jd 9c Ad Kd"], "Kh", 28),
    # R9.4: a straight, a flush and tied ranks whose suits do not count.
    ("five_card_stud", ["?? 9h Th Jh Qc", "Ks Kd 9c 5h 2h", "Kh Kc 9d 5c ??"], "2s", 52),
    ("five_card_stud", ["?? As Ad 8h", "Kd Ks 7s 7c Qs", "Qh Qd 2c 2s 9h"], "Ac Kh 7d", 52),
]


def game_spec(game: str, deck: int):
    return show_hand(deck=deck) if game == "show_hand" else game


@pytest.mark.parametrize(("game", "players", "dead", "deck"), CHOSEN)
def test_exact_equity_equals_brute_force(game, players, dead, deck):
    spec = game_spec(game, deck)
    rules = show_hand(deck=deck).ranking if game == "show_hand" else None
    result = equity(spec, players, dead=dead)
    assert_same(result, brute_force(game, players, dead, deck=deck, rules=rules))


def random_spot(rng: random.Random, game: str, deck: int, limit: int):
    """A random position of ``game`` with at most ``limit`` runouts: 2 to 4 players,
    some cards unseen (``??``) or not dealt yet, a few dead cards."""
    size = hand_size(game)
    most = min(4, deck // size)
    while True:
        cards = [str(card) for card in deck_cards(deck)]
        rng.shuffle(cards)
        players = []
        for _ in range(rng.randint(2, most)):
            missing = rng.choice((0, 1, 1, 2, 2, 3))
            dealt = rng.randint(size - missing, size)
            slots = [cards.pop() for _ in range(dealt)]
            for index in rng.sample(range(dealt), missing - (size - dealt)):
                slots[index] = "??"
            players.append(" ".join(slots))
        dead = " ".join(cards.pop() for _ in range(rng.randint(0, 3)))
        spec = show_hand(deck=deck) if game == "show_hand" else game
        try:
            if read_position(spec, players, dead=dead).cases <= limit:
                return players, dead
        except ValueError:  # the deck cannot deal it
            continue


def check_random_spots(seed: int, count: int) -> None:
    rng = random.Random(seed)
    for game, deck, limit in [
        ("seven_card_stud", 52, 3_000),
        ("stud_hilo", 52, 500),
        ("razz", 52, 500),
        ("show_hand", 52, 3_000),
        ("show_hand", 32, 1_000),
        ("show_hand", 28, 1_000),
        ("five_card_stud", 52, 3_000),
    ]:
        for _ in range(count):
            players, dead = random_spot(rng, game, deck, limit)
            spec = game_spec(game, deck)
            rules = show_hand(deck=deck).ranking if game == "show_hand" else None
            expected = brute_force(game, players, dead, deck=deck, rules=rules)
            assert_same(equity(spec, players, dead=dead), expected)


def test_exact_equity_equals_brute_force_on_random_positions():
    check_random_spots(seed=5, count=8)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="set STUD_FULL=1 for the full run")
def test_exact_equity_equals_brute_force_on_many_random_positions():
    check_random_spots(seed=6, count=60)


def test_stud_hilo_parts_add_up_to_the_equity():
    players = ["As 3s Ks 5d 7c 8c", "?? ?? 2c 4d 6h Qc ??", "Ad 2s 3h 4c Tc Td"]
    result = equity("stud_hilo", players)
    for total, high, low, scoop in zip(
        result.equities, result.high, result.low, result.scoop, strict=True
    ):
        assert high + low == pytest.approx(total, abs=1e-15)
        assert scoop <= total


# Monte Carlo ------------------------------------------------------------------------

SAMPLED = [
    ("seven_card_stud", ["As Ad Kc 7s 7d Ks", "?? ?? Qh Qd 9c 9h"], "3c 8h"),
    ("stud_hilo", ["Ah 2d 3c 6s Kd Qh", "?? 7s 4h 5h 8h 9h", "Td Ts Ks Kc 7d Jc"], ""),
    ("razz", ["As 2s 3d 4c 9h Kd", "?? 8d 5c 6c 7d"], "Ac"),
    ("show_hand", ["?? Ah Kd Qs", "?? 9c 9d Js"], "2c 2d"),
    ("five_card_stud", ["?? Ah Kd Qs", "?? 9c 9d Js"], "Ac 9h"),
]


def test_monte_carlo_intervals_cover_the_exact_equity():
    covered = total = 0
    for game, players, dead in SAMPLED:
        exact = equity(game, players, dead=dead, exact=True, exact_limit=10**7)
        for seed in range(10):
            sampled = equity(game, players, dead=dead, exact=False, samples=20_000, seed=seed)
            assert not sampled.exact
            assert sampled.samples == 20_000
            for truth, estimate, (low, high) in zip(
                exact.equities, sampled.equities, sampled.ci95, strict=True
            ):
                assert low <= estimate <= high
                assert high - low < 0.03
                total += 1
                covered += low <= truth <= high
                # Beyond four standard errors is a bug, not bad luck.
                assert abs(estimate - truth) <= (high - low) / 2 * 4 / 1.96 + 1e-9
    # 95% intervals: about 95% of them cover the truth (0.85 is 4 standard deviations off).
    assert covered / total >= 0.85


def test_monte_carlo_with_a_seed_is_reproducible():
    players = ["Ah 2d 5c 6s Kd", "?? ?? Qs Qc 9h", "?? ?? 3h 4h 8h"]
    first = equity("stud_hilo", players, samples=5_000, seed=3)
    assert first == equity("stud_hilo", players, samples=5_000, seed=3)
    assert first == equity("stud_hilo", players, samples=5_000, seed=np.random.default_rng(3))
    assert first != equity("stud_hilo", players, samples=5_000, seed=4)


def test_exact_is_chosen_by_the_number_of_runouts():
    players = ["As Ad Kc 7s 7d Ks", "?? ?? Qh Qd 9c 9h"]  # 42 * C(41, 3) = 447,720 runouts
    assert equity("seven_card_stud", players).exact
    sampled = equity("seven_card_stud", players, exact_limit=400_000, samples=1_000, seed=1)
    assert (sampled.exact, sampled.samples) == (False, 1_000)
    assert not equity("seven_card_stud", players, exact=False, samples=1_000).exact
    with pytest.raises(ValueError, match=r"exact equity needs 447,720 runouts"):
        equity("seven_card_stud", players, exact=True, exact_limit=400_000)


def test_progress_is_reported_after_each_block():
    calls = []
    equity(
        "razz",
        ["As 2s 3d", "?? ?? 7c"],
        exact=False,
        samples=40_000,
        seed=1,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert [total for _, total in calls] == [40_000] * len(calls)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert calls[-1] == (40_000, 40_000)
    assert len(calls) > 1


# The rules that decide a pot ----------------------------------------------------------


def test_ties_split_the_pot():
    # R4.1, R1.2: the same five ranks in other suits tie, and split.
    result = equity("seven_card_stud", ["As Ks Qs Jd 9c 4h 2d", "Ad Kd Qd Jc 9h 4c 2s"])
    assert result.equities == (0.5, 0.5)
    three = ["As Ks Qs Jd 9c 4h 2d", "Ad Kd Qd Jc 9h 4c 2s", "Ac Kc Qc Js 9s 4s 2c"]
    assert equity("seven_card_stud", three).equities == (1 / 3, 1 / 3, 1 / 3)


def test_stud_hilo_one_player_scoops_with_the_best_high_and_low():
    # R5.5: a wheel straight flush is both the best high and the best low.
    result = equity("stud_hilo", ["Ah 2h 3h 4h 5h Kc Kd", "As 2s 3s 4d 6c 7d Ks"])
    assert result.equities == (1.0, 0.0)
    assert (result.high, result.low, result.scoop) == ((0.5, 0.0), (0.5, 0.0), (1.0, 0.0))


def test_stud_hilo_high_takes_the_whole_pot_when_no_low_qualifies():
    # R5.5, R4.3: ace-5-6-7 and nothing else 8 or lower is no low.
    result = equity("stud_hilo", ["Ks Kd 9c 9h Qs Jd Tc", "Ad Qd 9s 7h 6c 5d Th"])
    assert result.equities == (1.0, 0.0)
    assert result.low == (0.0, 0.0)
    assert result.scoop == (1.0, 0.0)


def test_stud_hilo_a_tied_low_splits_its_half():
    # R5.5: the same 8-4-3-2-A low quarters the pot; kings win the high half.
    result = equity("stud_hilo", ["Ah 2c 3d 4s 8h Kc Kd", "As 2d 3c 4h 8c Qd Jd"])
    assert result.equities == (0.75, 0.25)
    assert result.high == (0.5, 0.0)
    assert result.low == (0.25, 0.25)
    assert result.scoop == (0.0, 0.0)


def test_razz_pairs_are_bad_and_straights_and_flushes_do_not_count():
    # R4.2: king-high without a pair beats three aces and two pairs.
    assert equity("razz", ["Kd Qd Jc Th 9s 9c 9h", "As Ad 2c 2d 3h 3c Ac"]).equities == (1.0, 0.0)
    # The wheel in one suit is the best low, not a straight flush.
    assert equity("razz", ["As 2s 3s 4s 5s Kd Kh", "Ac 2c 3d 4h 6s 7s 8s"]).equities == (1.0, 0.0)


def test_show_hand_suit_tiebreak_means_no_split():
    # R6.9: equal ranks, the K♠ decides; with the tie-break off they split.
    players = ["Ks Kd 9c 5h 2h", "Kh Kc 9d 5c 2s"]
    assert equity("show_hand", players).equities == (1.0, 0.0)
    no_tiebreak = show_hand(showdown_suit_tiebreak=False)
    assert equity(no_tiebreak, players).equities == (0.5, 0.5)


def test_show_hand_32_card_deck_flush_beats_full_house_and_ace_bridges():
    # R6.10: with 32 cards a flush beats a full house, A-7-8-9-10 is a straight.
    players = ["Ah Th 9h 8h 7h", "Kc Kd Ks 7c 7d"]
    assert equity(show_hand(deck=32), players).equities == (1.0, 0.0)
    assert equity(show_hand(), players).equities == (0.0, 1.0)
    assert equity(show_hand(deck=32), ["Ac 7d 8h 9s Tc", "Kc Kd Qs Qh Jd"]).equities == (1.0, 0.0)


def test_community_card_when_the_deck_runs_out():
    # R7.4: eight players to seventh street need 8 cards, 4 are left: one card for all.
    cards = [str(card) for card in deck_cards()]
    players = [" ".join(cards[6 * i : 6 * i + 6]) for i in range(8)]
    position = read_position("seven_card_stud", players)
    assert position.community
    assert position.cases == 4
    result = equity("seven_card_stud", players)
    assert_same(result, brute_force("seven_card_stud", players, community=True))
    # With one unseen down card, 4 * 3 runouts.
    players[0] = "?? " + players[0].split(" ", 1)[1]
    result = equity("seven_card_stud", players)
    assert_same(result, brute_force("seven_card_stud", players, community=True))


@pytest.mark.parametrize("game", ["seven_card_stud", "stud_hilo", "razz"])
def test_a_dealt_community_card_is_every_players_last_card(game):
    # R7.4 once the card is out: eight players' six cards each (two of them with their
    # down cards unseen), the community card face up, the rest of the deck unseen.
    rng = random.Random(f"board {game}")
    cards = [str(card) for card in deck_cards()]
    rng.shuffle(cards)
    players = [" ".join(cards[6 * i : 6 * i + 6]) for i in range(8)]
    for seat in (0, 3):
        players[seat] = "?? ?? " + players[seat].split(" ", 2)[2]
    board = cards[48]
    position = read_position(game, players, community=board)
    assert (position.community, position.board, position.cases) == (True, Card.parse(board), 210)
    result = equity(game, players, community=board)
    assert_same(result, brute_force(game, players, board=board))
    # Without it the community card is still to come: the two players' down cards,
    # then the board, from the 8 cards unseen.
    assert equity(game, players).samples == math.comb(8, 2) * math.comb(6, 2) * 4


def test_the_community_card_decides_the_low_it_is_dealt_in():
    # Razz, two players' six cards known, four low cards and a pair each: the community
    # card is each one's fifth low card, or not.
    players = ["As 2s 3s 4s Kd Kh", "Ac 2c 3c 5c Qd Qh"]
    assert equity("razz", players, community="5d").equities == (1.0, 0.0)  # 5-4-3-2-A
    assert equity("razz", players, community="4d").equities == (0.0, 1.0)  # 5-4-3-2-A
    assert equity("razz", players, community="Kc").equities == (0.0, 1.0)  # Q-5 beats K-4
    assert equity("razz", players, community="5d").samples == 1


@pytest.mark.parametrize(
    ("game", "players", "board", "message"),
    [
        ("five_card_stud", ["As 2s 3s 4s", "Kd Kh Kc Ks"], "7h",
         "five_card_stud never runs out of cards: it has no community card (R7.4)"),
        ("seven_card_stud", ["As 2s", "Kd Kh"], "7h",
         "the community card is the last street's: every player has 6 cards before it, "
         "not player 1's 2 (R7.4)"),
        ("seven_card_stud", ["As 2s 3s 4s 5s 6s", "Kd Kh Kc Ks Qd Qh"], "2s",
         "2s is given twice (player 1 and the community card)"),
        ("seven_card_stud", ["As 2s 3s 4s 5s 6s", "Kd Kh Kc Ks Qd Qh"], "Ac Ad",
         "the community card is one card, not 'Ac Ad'"),
        ("seven_card_stud", ["As 2s 3s 4s 5s 6s", "Kd Kh Kc Ks Qd Qh"], "??",
         "the community card is one card, not '??'"),
    ],
)  # fmt: skip
def test_a_wrong_community_card_is_refused(game, players, board, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        equity(game, players, community=board)


def test_unseen_and_future_cards_are_drawn_alike():
    future = equity("seven_card_stud", ["As Ad Kc 7s 7d Ks 2c", "?? ?? Qh Qd 9c 9h"])
    unseen = equity("seven_card_stud", ["As Ad Kc 7s 7d Ks 2c", "?? ?? Qh Qd 9c 9h ??"])
    assert future == unseen


def test_players_as_text_or_cards():
    as_text = equity("razz", ["As 2s 3d 4c 9h Kc", "?? ?? 5c 6c 7d Qh ??"], dead="Ac")
    as_cards = equity(
        razz(),
        [parse_cards("As 2s 3d 4c 9h Kc"), [None, None, *parse_cards("5c 6c 7d Qh"), None]],
        dead=parse_cards("Ac"),
    )
    assert as_text == as_cards


def test_dead_cards_are_out_of_the_deck():
    # A flush draw: every dead heart lowers it.
    players = ["Ah Kh 2h 5h 9c 7d", "Qs Qd Qc 3s 4s 6d"]
    live = equity("seven_card_stud", players).equities[0]
    dead = equity("seven_card_stud", players, dead="3h 8h Jh").equities[0]
    assert dead < live
    assert dead == float(brute_force("seven_card_stud", players, "3h 8h Jh").equities[0])


def test_as_dict_is_the_json_of_the_command():
    exact = equity("seven_card_stud", ["As Ad Kc 7s 7d Ks 2c", "?? ?? Qh Qd 9c 9h ??"])
    assert list(exact.as_dict()) == ["equities", "exact", "samples"]
    sampled = equity("stud_hilo", ["As 2s 3d", "?? ?? Kc"], samples=1_000, seed=1)
    data = sampled.as_dict()
    assert list(data) == ["equities", "exact", "samples", "ci95", "high", "low", "scoop"]
    assert data["exact"] is False
    assert all(len(interval) == 2 for interval in data["ci95"])


# Properties -----------------------------------------------------------------------------


@st.composite
def positions(draw):
    """A game, 2 to 4 players with random known cards, and a few dead cards."""
    game = draw(st.sampled_from(GAMES))
    deck = draw(st.sampled_from((52, 32, 28))) if game == "show_hand" else 52
    size = hand_size(game)
    cards = draw(st.permutations(deck_cards(deck)))
    count = draw(st.integers(2, min(4, deck // size)))
    players = []
    for _ in range(count):
        dealt = draw(st.integers(0, size))
        seen = draw(st.lists(st.booleans(), min_size=dealt, max_size=dealt))
        players.append([cards.pop() if known else None for known in seen])
    dead = [cards.pop() for _ in range(draw(st.integers(0, 3)))]
    spec = show_hand(deck=deck) if game == "show_hand" else game
    return spec, players, dead


PROPERTIES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTIES
@given(positions(), st.integers(0, 2**32 - 1))
def test_equities_are_shares_of_one_pot(position, seed):
    spec, players, dead = position
    result = equity(spec, players, dead=dead, samples=2_000, seed=seed, exact_limit=20_000)
    assert math.fsum(result.equities) == pytest.approx(1.0, abs=1e-12)
    assert all(0.0 <= e <= 1.0 for e in result.equities)
    if result.ci95 is not None:
        for e, (low, high) in zip(result.equities, result.ci95, strict=True):
            assert 0.0 <= low <= e <= high <= 1.0
    if result.high is not None:
        assert math.fsum(result.high) + math.fsum(result.low) == pytest.approx(1.0, abs=1e-12)
        assert all(s <= e + 1e-12 for s, e in zip(result.scoop, result.equities, strict=True))


@PROPERTIES
@given(positions(), st.randoms(use_true_random=False))
def test_the_order_of_the_players_does_not_matter(position, rng):
    spec, players, dead = position
    order = list(range(len(players)))
    rng.shuffle(order)
    try:
        first = equity(spec, players, dead=dead, exact=True, exact_limit=20_000)
    except ValueError:  # too many runouts to count
        return
    second = equity(spec, [players[i] for i in order], dead=dead, exact=True)
    assert second.equities == tuple(first.equities[i] for i in order)


# Bad input ------------------------------------------------------------------------------

ERRORS = [
    ("seven_card_stud", ["As Ad"], "", "equity needs at least 2 players, not 1"),
    ("seven_card_stud", ["As Ks", "Ks Qd"], "", "Ks is given twice (player 1 and player 2)"),
    ("razz", ["As 3c", "2d 4d"], "3c", "3c is given twice (player 1 and the dead cards)"),
    ("razz", ["As As", "2d 4d"], "", "As is given twice (player 1)"),
    (
        "seven_card_stud",
        ["As", "?? ?? Qh Qd 9c 9h ?? 2c"],
        "",
        "player 2 has 8 cards, but seven_card_stud deals 7 (down, down, up, up, up, up, down)",
    ),
    (
        "show_hand",
        ["?? Ah Kd Qs Js Ts", "??"],
        "",
        "player 1 has 6 cards, but show_hand deals 5 (down, up, up, up, up)",
    ),
    (
        show_hand(deck=28),
        ["?? Ah", "?? 7c"],
        "",
        "7c (player 2) is not in the 28-card deck (R6.10)",
    ),
    (
        show_hand(deck=32),
        ["?? Ah", "?? Kc"],
        "2c",
        "2c (the dead cards) is not in the 32-card deck",
    ),
    (
        show_hand(deck=28),
        ["??"] * 6,
        "",
        "a 28-card deck deals five cards to at most 5 players, not 6 (R6.1, R6.10)",
    ),
    ("show_hand", ["??"] * 11, "", "a 52-card deck deals five cards to at most 10 players, not 11"),
    ("razz", ["??"] * 9, "", "the seven-card games deal to at most 8 players, not 9 (R7.4)"),
    (
        "five_card_stud",
        ["??"] * 11,
        "",
        "Five-Card Stud deals to at most 10 players, not 11 (R9.1)",
    ),
    (
        "five_card_stud",
        ["?? Ah Kd Qs Js Ts", "??"],
        "",
        "player 1 has 6 cards, but five_card_stud deals 5 (down, up, up, up, up)",
    ),
    (
        show_hand(deck=28),
        ["??"] * 5,
        "As Ks Qs Js",
        "the deck cannot deal this: the players are still to get 25 cards but only 24 are unseen",
    ),
    ("holdem", ["As", "Kd"], "", "game must be one of seven_card_stud, stud_hilo, razz, show_hand"),
    ("razz", ["As 1h", "Kd"], "", "'1h' is not a card"),
    ("razz", ["As", "Kd"], "?? 2c", "dead cards are cards that were seen: write them all, no '??'"),
    ("razz", "As Kd", "", "give the players as a list, one string of cards for each player"),
    ("razz", [["As"], ["Kd"]], "", "'As' is not a card: give cards, card codes, None or text"),
]


@pytest.mark.parametrize(("game", "players", "dead", "message"), ERRORS)
def test_bad_input_says_why(game, players, dead, message):
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        equity(game, players, dead=dead)


def test_too_few_samples_is_an_error():
    with pytest.raises(ValueError, match=r"^samples must be at least 1, not 0$"):
        equity("razz", ["As", "Kd"], samples=0)


def test_a_seventh_card_leaves_no_room_for_a_community_card():
    # R7.4 makes the last card shared; a player who holds theirs leaves no such case.
    cards = [str(card) for card in deck_cards()]
    players = [" ".join(cards[6 * i : 6 * i + 6]) for i in range(8)]
    players[0] += " " + cards[48]
    message = "the deck cannot deal this: the players are still to get 7 cards but only 3"
    with pytest.raises(ValueError, match=message):
        equity(seven_card_stud(), players)


def test_card_codes_are_cards():
    by_code = equity(stud_hilo(), [[51, 50, 0], [None, None, 4]], exact=False, seed=1, samples=500)
    by_card = equity(
        "stud_hilo",
        [[Card.from_code(51), Card.from_code(50), Card.from_code(0)], "?? ?? 3c"],
        exact=False,
        seed=1,
        samples=500,
    )
    assert by_code == by_card
