"""``stud equity``: each player's share of the pot, as a table or JSON."""

import json
import re
import subprocess
import sys

import pytest

from studpoker.cli import main
from studpoker.equity import equity
from studpoker.games import show_hand

HERO = "As Ad Kc 7s 7d Ks 2c"
VILLAIN = "?? ?? Qh Qd 9c 9h ??"
HILO = ["Ah 2d 5c 6s Kd", "?? ?? Qs Qc 9h", "?? ?? 3h 4h 8h"]


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_issue_example_prints_exact_json(capsys):
    status, out, err = run(
        capsys, "equity", "--game", "seven_card_stud", HERO, VILLAIN, "--dead", "3c 8h", "--json"
    )
    assert status == 0
    assert err == ""
    data = json.loads(out)
    assert data == {
        "equities": list(equity("seven_card_stud", [HERO, VILLAIN], dead="3c 8h").equities),
        "exact": True,
        "samples": 9139,
    }
    assert round(data["equities"][0], 4) == 0.6919


def test_stud_hilo_monte_carlo_json_has_intervals_and_halves(capsys):
    status, out, _ = run(capsys, "equity", "--game", "stud_hilo", *HILO, "--seed", "1", "--json")
    assert status == 0
    data = json.loads(out)
    assert list(data) == ["equities", "exact", "samples", "ci95", "high", "low", "scoop"]
    assert data["exact"] is False
    assert data["samples"] == 100_000
    assert data == equity("stud_hilo", HILO, seed=1).as_dict()
    for e, (low, high) in zip(data["equities"], data["ci95"], strict=True):
        assert low <= e <= high
    assert data["low"][1] == 0.0  # Q-Q-9 up cannot make an eight-or-better low


def test_five_card_stud_counts_fifth_street_exactly(capsys):
    # R9.4: 40 of the 43 unseen down cards lose to the kings (only an ace wins).
    players = ["Kh Kd 9s 7c 2d", "?? Ah Qs Jd 4c"]
    status, out, _ = run(capsys, "equity", "--game", "five_card_stud", *players, "--json")
    assert status == 0
    assert json.loads(out) == {"equities": [40 / 43, 3 / 43], "exact": True, "samples": 43}
    status, out, _ = run(
        capsys, "equity", "--game", "five_card_stud", *players, "--dead", "As Ac", "--json"
    )
    assert json.loads(out)["samples"] == 41
    status, out, _ = run(
        capsys, "equity", "--game", "five_card_stud", *players, "--range", "2=K+", "--json"
    )
    assert json.loads(out) == {"equities": [0.4, 0.6], "exact": True, "samples": 5}


def test_five_card_stud_table_and_sampling(capsys):
    players = ["Ks Kd", "?? Ah", "?? 7c"]
    status, out, _ = run(capsys, "equity", "--game", "five_card_stud", *players, "--seed", "1")
    assert status == 0
    assert "│      1 │ K♠ K♦ │ 73.94% │" in out
    assert "Monte Carlo: 100,000 runouts, 95% intervals" in out
    status, _, err = run(capsys, "equity", "--game", "five_card_stud", "?? Ah Kd Qs Js Ts", "??")
    assert status == 2
    assert "player 1 has 6 cards, but five_card_stud deals 5 (down, up, up, up, up)" in err
    status, _, err = run(capsys, "equity", "--game", "five_card_stud", *players, "--deck", "32")
    assert status == 2
    assert "--deck and --no-suit-tiebreak apply to --game show_hand only" in err


def test_exact_and_monte_carlo_can_be_forced(capsys):
    argv = ["equity", "--game", "razz", "As 2s 3d 4c 9h Kd", "?? 8d 5c 6c 7d", "--json"]
    _, out, _ = run(capsys, *argv)
    assert json.loads(out)["exact"] is True
    _, out, _ = run(capsys, *argv, "--monte-carlo", "--samples", "2000", "--seed", "5")
    data = json.loads(out)
    assert (data["exact"], data["samples"]) == (False, 2000)
    status, _, err = run(capsys, *argv, "--exact", "--exact-limit", "1000")
    assert status == 2
    assert "stud equity: exact equity needs 447,720 runouts" in err


def test_the_table_shows_cards_equities_and_how_they_were_counted(capsys):
    status, out, _ = run(
        capsys, "equity", "--game", "seven_card_stud", HERO, VILLAIN, "--dead", "3c 8h"
    )
    assert status == 0
    assert "A♠ A♦ K♣ 7♠ 7♦ K♠ 2♣" in out
    assert "?? ?? Q♥ Q♦ 9♣ 9♥ ??" in out
    assert "69.19%" in out
    assert "30.81%" in out
    assert "exact: all 9,139 runouts counted" in out


def test_a_community_card_is_every_players_seventh(capsys):
    # R7.4: the deck ran short on the last street; the 4d is player 2's wheel card.
    argv = ["equity", "--game", "razz", "As 2s 3s 4s Kd Kh", "Ac 2c 3c 5c Qd Qh"]
    status, out, _ = run(capsys, *argv, "--community", "4d")
    assert status == 0
    assert "community card 4♦ (R7.4); exact: no card" in out  # the caption wraps
    assert tuple(re.findall(r"\d+\.\d+%", out)) == ("0.00%", "100.00%")
    status, out, _ = run(capsys, *argv, "--community", "5d", "--json")
    assert json.loads(out) == {"equities": [1.0, 0.0], "exact": True, "samples": 1}


def test_the_stud_hilo_table_has_intervals_high_low_and_scoop(capsys):
    status, out, _ = run(capsys, "equity", "--game", "stud_hilo", *HILO, "--samples", "5000")
    assert status == 0
    header = next(line for line in out.splitlines() if "equity" in line)
    for column in ("player", "cards", "95% interval", "high", "low", "scoop"):
        assert column in header
    assert "Monte Carlo: 5,000 runouts, 95% intervals" in out


def test_show_hand_deck_and_tiebreak_options(capsys):
    # R6.10: with 32 cards a flush beats a full house; R6.9 off: equal hands split.
    argv = ["equity", "--game", "show_hand", "--json"]
    _, out, _ = run(capsys, *argv, "Ah Th 9h 8h 7h", "Kc Kd Ks 7c 7d", "--deck", "32")
    assert json.loads(out)["equities"] == [1.0, 0.0]
    _, out, _ = run(capsys, *argv, "Ks Kd 9c 5h 2h", "Kh Kc 9d 5c 2s")
    assert json.loads(out)["equities"] == [1.0, 0.0]
    _, out, _ = run(capsys, *argv, "Ks Kd 9c 5h 2h", "Kh Kc 9d 5c 2s", "--no-suit-tiebreak")
    assert json.loads(out)["equities"] == [0.5, 0.5]
    options = ["--suit-order", "regional", "--deck", "28", "--seed", "2"]
    _, out, _ = run(capsys, *argv, "Kc 9h", "Ks 9d", *options)
    expected = equity(show_hand(deck=28, suit_order="regional"), ["Kc 9h", "Ks 9d"], seed=2)
    assert json.loads(out) == expected.as_dict()


def test_a_progress_bar_goes_to_stderr_not_into_the_json(capsys):
    status, out, err = run(
        capsys, "equity", "--game", "stud_hilo", *HILO, "--samples", "50000", "--json", "--progress"
    )
    assert status == 0
    assert json.loads(out)["samples"] == 50_000
    assert "runouts" in err
    assert "50000/50000" in err


def test_no_progress_bar_when_output_is_not_a_terminal(capsys):
    status, _, err = run(capsys, "equity", "--game", "stud_hilo", *HILO, "--samples", "50000")
    assert status == 0
    assert err == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["As Ad"], "stud equity: equity needs at least 2 players, not 1"),
        (["As Ks", "Ks Qd"], "stud equity: Ks is given twice (player 1 and player 2)"),
        (["As", "Kd", "--dead", "As"], "stud equity: As is given twice (player 1 and the dead"),
        (["As Kx", "Kd"], "stud equity: 'Kx' is not a card"),
        (["As", "?? ?? Qh Qd 9c 9h ?? 2c"], "stud equity: player 2 has 8 cards"),
        (["As", "Kd", "--deck", "32"], "stud equity: --deck and --no-suit-tiebreak apply to"),
        (["As", "Kd", "--samples", "0", "--monte-carlo"], "samples must be at least 1, not 0"),
        (
            ["As", "?? Kd", "--range", "3=K"],
            "stud equity: --range '3=K': there is no player 3 of 2",
        ),
        (["As", "Kd", "--community", "7h"], "stud equity: the community card is the last"),
        (
            ["As 2s 3s 4s 5s 6s", "Kd Kh Kc Ks Qd Qh", "--community", "6s"],
            "stud equity: 6s is given twice (player 1 and the community card)",
        ),
        (["As", "?? Kd", "--range", "two=K"], "--range 'two=K': write the player's number, '='"),
        (["As", "?? Kd", "--range", "2=K", "--range", "2=Q"], "--range: player 2 has two ranges"),
        (["As", "?? Kd", "--range", "1=K"], "player 1 has no unseen card ('??'), so a range"),
        (
            ["As", "?? Kd", "--range", "2=KK"],
            "'KK' gives 2 cards, but the player has 1 unseen card",
        ),
    ],
)
def test_bad_input_is_a_clear_error(capsys, argv, message):
    status, out, err = run(capsys, "equity", "--game", "seven_card_stud", *argv)
    assert status == 2
    assert out == ""
    assert message in err


def test_show_hand_card_outside_a_stripped_deck(capsys):
    status, _, err = run(capsys, "equity", "--game", "show_hand", "--deck", "28", "?? 7c", "?? Ah")
    assert status == 2
    assert "stud equity: 7c (player 1) is not in the 28-card deck (R6.10)" in err


def test_the_command_runs_as_a_program():
    result = subprocess.run(
        [
            *(sys.executable, "-m", "studpoker.cli", "equity", "--game", "razz"),
            *("As 2s 3d 4c 6h Kd Qc", "Ac 2c 3h 4d 5s Kh Kc", "--json"),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(result.stdout) == {"equities": [0.0, 1.0], "exact": True, "samples": 1}


def test_a_range_for_the_unseen_cards(capsys):
    """Issue 5: unknown cards are drawn uniformly "unless a range is given": a queen or a
    nine among the villain's three down cards is a full house, which wins every runout."""
    argv = ["equity", "--game", "seven_card_stud", HERO, VILLAIN, "--dead", "3c 8h"]
    status, out, _ = run(capsys, *argv, "--range", "2=QXX, 9XX", "--json")
    assert status == 0
    assert json.loads(out) == {"equities": [0.0, 1.0], "exact": True, "samples": 2594}
    status, out, _ = run(capsys, *argv, "--range", "2=QXX, 9XX")
    assert "?? ?? Q♥ Q♦ 9♣ 9♥ ??  (QXX, 9XX)" in out
    assert "exact: all 2,594 runouts that fit the ranges counted" in out


def test_ranges_with_monte_carlo(capsys):
    argv = ["equity", "--game", "stud_hilo", *HILO, "--range", "3=A2, A3, 23", "--seed", "1"]
    status, out, _ = run(capsys, *argv, "--samples", "20000", "--json")
    data = json.loads(out)
    expected = equity("stud_hilo", HILO, seed=1, samples=20_000, ranges={2: "A2, A3, 23"})
    assert (status, data["samples"], data["equities"]) == (0, 20_000, list(expected.equities))
