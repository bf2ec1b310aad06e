"""``stud eval``: the best hands of given cards, with their names."""

import json
import subprocess
import sys

import pytest

from studpoker.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_eval_prints_high_and_both_lows(capsys):
    status, out, _ = run(capsys, "eval", "As Ks Qs Js Ts 2d 3c")
    assert status == 0
    assert out.splitlines() == [
        "Cards:             A♠ K♠ Q♠ J♠ T♠ 2♦ 3♣",
        "High:              Royal flush  [A♠ K♠ Q♠ J♠ T♠]",
        "Low (A-5):         J-10-3-2-A low  [J♠ T♠ 3♣ 2♦ A♠]",
        "Low (8 or better): none",
    ]


def test_eval_in_traditional_chinese(capsys):
    status, out, _ = run(capsys, "eval", "Kh Kd 7s 7c Qs 2d 3c", "--lang", "zh-Hant")
    assert status == 0
    assert "兩對 K 和 7  [K♥ K♦ 7♠ 7♣ Q♠]" in out
    assert "低牌 (A-5):      K-Q-7-3-2 低牌  [K♥ Q♠ 7♠ 3♣ 2♦]" in out
    assert "低牌 (8 或更好): 無" in out


def test_eval_cards_may_be_separate_arguments(capsys):
    status, out, _ = run(capsys, "eval", "8h", "6d", "4c", "2s", "As", "--game", "razz")
    assert status == 0
    assert out.splitlines()[1] == "Low (A-5): 8-6-4-2-A low  [8♥ 6♦ 4♣ 2♠ A♠]"


def test_eval_stud_hilo_json(capsys):
    status, out, _ = run(capsys, "eval", "As 2s 3s 4d 7c 8h 8d", "--game", "stud_hilo", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["high"]["name"] == "Pair of eights"
    assert data["high"]["cards"] == ["8h", "8d", "As", "7c", "4d"]
    assert data["eight_or_better"]["name"] == "7-4-3-2-A low"
    assert "low_a5" not in data


def test_eval_show_hand_with_a_stripped_deck(capsys):
    status, out, _ = run(
        capsys, "eval", "Ah 7h 8h 9c Tc", "--game", "show_hand", "--deck", "32", "--lang", "zh-Hant"
    )
    assert status == 0
    assert out.splitlines()[1] == "話事啤: 蛇 10 高  [T♣ 9♣ 8♥ 7♥ A♥]"


def test_eval_show_hand_board(capsys):
    status, out, _ = run(capsys, "eval", "5h 6h 8h 9h", "--game", "show_hand", "--lang", "zh-Hant")
    assert status == 0
    assert out.splitlines()[1] == "明牌: 同花順面 9 高  [9♥ 8♥ 6♥ 5♥]"


def test_eval_showing_board_of_a_seven_card_game(capsys):
    status, out, _ = run(capsys, "eval", "Kh Kd 7s")
    assert status == 0
    assert out.splitlines()[1] == "Showing: Pair of kings  [K♥ K♦ 7♠]"


def test_eval_five_card_stud_in_three_languages(capsys):
    # R9.4: the five cards' high hand, named as the seven-card games name it (R4.5).
    names = []
    for lang in ("en", "zh-Hant", "zh-Hans"):
        argv = ["eval", "Kh Kd 7s 7c Qs", "--game", "five_card_stud", "--lang", lang]
        status, out, _ = run(capsys, *argv)
        assert status == 0
        names.append(out.splitlines()[1])
    assert names == [
        "High:  Two pair, kings and sevens  [K♥ K♦ 7♠ 7♣ Q♠]",
        "高牌: 兩對 K 和 7  [K♥ K♦ 7♠ 7♣ Q♠]",
        "高牌: 两对 K 和 7  [K♥ K♦ 7♠ 7♣ Q♠]",
    ]


def test_eval_five_card_stud_json_and_board(capsys):
    status, out, _ = run(capsys, "eval", "9h Th Jh Qc Kd", "--game", "five_card_stud", "--json")
    assert status == 0
    data = json.loads(out)
    assert list(data) == ["cards", "high"]
    assert (data["high"]["name"], data["high"]["category"]) == ("Straight, king high", "straight")
    # Fewer cards show what they make, as a board is read: no straight of four (R9.3).
    status, out, _ = run(capsys, "eval", "9h Th Jh Qh", "--game", "five_card_stud")
    assert out.splitlines()[1] == "Showing: High card, queen  [9♥ T♥ J♥ Q♥]"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["eval", "As Kx"], "stud eval: 'Kx' is not a card"),
        (["eval", "As As Kd Qc Jh"], "stud eval: a card is given twice"),
        (["eval", "As Ks Qs Js Ts 9s 8s 7s"], "stud eval: give 1 to 7 cards, not 8"),
        (
            ["eval", "As Ks Qs Js Ts", "--deck", "32"],
            "stud eval: --deck applies to --game show_hand",
        ),
        (["eval", "2c 3d 4h 5s 7c", "--game", "show_hand", "--deck", "28"], "2c is not in the 28"),
        (
            ["eval", "As Ks Qs Js Ts 9s", "--game", "five_card_stud"],
            "stud eval: a five_card_stud hand is 1 to 5 cards (R9.1), not 6",
        ),
        (
            ["eval", "As Ks Qs Js Ts", "--game", "five_card_stud", "--deck", "32"],
            "stud eval: --deck applies to --game show_hand",
        ),
    ],
)
def test_eval_bad_input_is_a_clear_error(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert message in err


def test_the_stud_command_is_installed():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "studpoker.cli",
            "eval",
            "Kh Kd Ks 7c 7d",
            "--game",
            "seven_card_stud",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Full house, kings full of sevens" in result.stdout
