"""``stud replay FILE…``: every hand of history files replayed and checked."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import read_sites_files
from studpoker.cli import main

SHARED = Path(__file__).parents[2] / ".." / "shared" / "handhistories"
FILES = read_sites_files(SHARED) if SHARED.is_dir() else []
needs_shared = pytest.mark.usefixtures("shared")  # tests/conftest.py: fails under CI

HAND = """PokerStars Game #7:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:31:45 ET
Table 'Gotha II' 8-max
Seat 1: Ann ($1 in chips)
Seat 2: Bob ($1 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Kc]
Dealt to Bob [3d]
Ann: brings in for $0.02
Bob: folds
Uncalled bet ($0.02) returned to Ann
Ann collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
"""


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@needs_shared
def test_replay_of_every_shared_hand_prints_a_match_per_hand_and_a_summary(capsys):
    status, out, _ = run(capsys, "replay", *map(str, FILES))
    lines = out.splitlines()
    assert status == 0
    assert len(lines) == 84
    assert lines[-1] == (
        "83 stud hands: 83 matched, 0 mismatched, 0 could not be read; other games: 1 skipped"
    )
    assert all(": match (" in line for line in lines[:-1])


@needs_shared
def test_replay_json_counts_the_hands(capsys):
    status, out, _ = run(capsys, "replay", "--json", *map(str, FILES))
    assert status == 0
    assert json.loads(out) == {
        "hands": 83,
        "matched": 83,
        "mismatched": [],
        "errors": [],
        "skipped": 1,
    }


def test_replay_names_the_first_difference_and_the_unreadable_hand(capsys, tmp_path):
    wrong = HAND.replace("#7:", "#8:").replace("collected $0.02", "collected $0.03")
    broken = HAND.replace("#7:", "#9:").replace("[3d]", "[3z]")
    path = tmp_path / "hands.txt"
    path.write_text(HAND + "\n" + wrong + "\n" + broken, encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 1
    assert out.splitlines() == [
        "hands.txt: PokerStars #7: match (14 facts)",
        "hands.txt: PokerStars #8: line 29: Ann collects 3 in the record; ours 2",
        f"{path}: error: PokerStars hand #9, line 41: '3z' is not a card",
        "3 stud hands: 1 matched, 1 mismatched, 1 could not be read",
    ]
    status, out, _ = run(capsys, "replay", "--json", str(path))
    assert json.loads(out) == {
        "hands": 3,
        "matched": 1,
        "mismatched": [
            {
                "file": str(path),
                "hand": "8",
                "site": "PokerStars",
                "difference": "line 29: Ann collects 3 in the record; ours 2",
            }
        ],
        "errors": [
            {
                "file": str(path),
                "hand": None,
                "error": "PokerStars hand #9, line 41: '3z' is not a card",
            }
        ],
        "skipped": 0,
    }


def test_replay_of_a_missing_file_is_an_error(capsys, tmp_path):
    status, out, _ = run(capsys, "replay", str(tmp_path / "nothing.txt"))
    assert status == 1
    assert out.splitlines()[-1] == "0 stud hands: 0 matched, 0 mismatched, 1 could not be read"


def test_stud_replay_runs_as_a_command(tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text(HAND, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "studpoker.cli", "replay", "--quiet", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (
        0,
        "1 stud hands: 1 matched, 0 mismatched, 0 could not be read\n",
    )


def test_replay_of_a_mixed_game_file_skips_the_other_games_and_exits_0(capsys, tmp_path):
    """An 8-Game or HORSE file: its stud hands replayed, the others counted as skipped,
    not as errors, and every stud hand matching is a success."""
    holdem = HAND.replace(HAND.splitlines()[0], HORSE_HOLDEM, 1)
    path = tmp_path / "horse.txt"
    path.write_text(HAND + "\n\n" + holdem + "\n\n" + holdem, encoding="utf-8")
    status, out, _ = run(capsys, "replay", "--quiet", str(path))
    assert (status, out.splitlines()[-1]) == (
        0,
        "1 stud hands: 1 matched, 0 mismatched, 0 could not be read; other games: 2 skipped",
    )
    status, out, _ = run(capsys, "replay", "--json", str(path))
    assert (status, json.loads(out)["skipped"], json.loads(out)["hands"]) == (0, 2, 1)


HORSE_HOLDEM = (
    "PokerStars Hand #77: HORSE (Hold'em Limit, $0.04/$0.08 USD) - 2009/11/26 10:24:42 ET"
)


# -- PHH files: found by their content -----------------------------------------------------


def played_phh(seed: int) -> str:
    """A whole Razz hand the engine plays (every action the cheapest), as PHH."""
    import random

    from studpoker.cards import Deck
    from studpoker.engine import Hand
    from studpoker.games import razz
    from studpoker.history import to_phh

    deck = Deck(rng=random.Random(seed)).deal(52)
    hand = Hand(razz(ante=5, bring_in=10, small_bet=20, big_bet=40), [500, 500, 500], deck=deck)
    hand.act("bring_in")
    while hand.round is not None:
        hand.check_or_call()
    hand.play_showdown()
    return to_phh(hand, names=["Ann", "Bob", "Cy"])


def test_replay_reads_phh_and_phhs_files_by_their_content(capsys, tmp_path):
    one = tmp_path / "one.txt"  # no .phh suffix: the content says what it is
    one.write_text(played_phh(1), encoding="utf-8")
    many = tmp_path / "many.phhs"
    many.write_text("".join(f"[{n}]\n{played_phh(n)}\n" for n in (2, 3, 4)), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(one), str(many))
    lines = out.splitlines()
    assert status == 0
    assert lines[-1] == "4 stud hands: 4 matched, 0 mismatched, 0 could not be read"
    assert all(": PHH: match (" in line and "the stacks)" in line for line in lines[:-1])


def test_a_phh_hand_whose_stacks_differ_or_that_breaks_a_rule_is_a_difference(capsys, tmp_path):
    text = played_phh(5)
    stacks = next(line for line in text.splitlines() if line.startswith("finishing_stacks"))
    wrong = tmp_path / "wrong.phh"
    wrong.write_text(text.replace(stacks, "finishing_stacks = [1, 2, 1497]"), encoding="utf-8")
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'R'\nactions = [", encoding="utf-8")
    status, out, _ = run(capsys, "replay", "--quiet", str(wrong), str(broken))
    assert status == 1
    assert out.splitlines()[-1] == "2 stud hands: 0 matched, 1 mismatched, 1 could not be read"
    status, out, _ = run(capsys, "replay", "--json", str(wrong))
    (difference,) = json.loads(out)["mismatched"]
    ours = stacks.split(" = ")[1]
    assert difference["difference"] == (
        f"PHH: finishing stacks [1, 2, 1497] in the record; ours {ours}"
    )


def test_a_phh_file_nested_hundreds_deep_is_reported_not_a_traceback(capsys, tmp_path):
    """Issue 37: Python's TOML reader recurses once a bracket; a record nested 500 deep
    is a hand that cannot be read, said with its file and number, by `stud replay` and
    by the study's importer (the upload's reader) alike."""
    deep = (
        'variant = "7S"\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n'
        "starting_stacks = [100, 100]\nactions = " + "[" * 500 + "]" * 500 + "\n"
    )
    path = tmp_path / "deep.phh"
    path.write_text(deep, encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 1
    assert out.splitlines() == [
        f"{path}: error: hand 1: the text nests its brackets too deep to be a hand record",
        "1 stud hands: 0 matched, 0 mismatched, 1 could not be read",
    ]
    from studpoker.study.hands import from_phh_text

    with pytest.raises(ValueError, match="nests its brackets too deep") as refused:
        from_phh_text(deep)
    assert str(refused.value).startswith("not a PHH record: ")
