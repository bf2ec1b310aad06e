"""``stud play``: a practice table at the terminal against computer players (R7.1):
the table drawn at each decision, the legal actions with their amounts and keys,
the dealer's lines in the player's language (R5.7), and a summary at the end.

Every game here is seeded, so the cards and the computer players' actions are
known; the player's keys come from a replaced stdin."""

import io
import os
import re
import sys
from dataclasses import dataclass
from typing import ClassVar

import pytest

from studpoker.cli import main
from studpoker.cli import play as play_command
from studpoker.engine import Show
from studpoker.table import Table

# Keys that get through any decision: ``c`` checks, calls or brings in; ``s``
# shows at the showdown; ``r`` and Enter bet the least where a bet must be made
# (the Show Hand opener, R6.4).  A key that is not open now is refused and the
# next one is read.
ANY_DECISION = "c\ns\nr\n\n" * 200


class Recorded(Table):
    """The command's table, kept for the test with the player's chips after each hand."""

    made: ClassVar[list["Recorded"]] = []

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.changes: list[int] = []  # the player's chips after a hand minus before it
        Recorded.made.append(self)

    async def play_hand(self):
        done = await super().play_hand()
        if done is not None and 0 in self.seats:
            self.changes.append(self.seats[0].chips - done.hand.starting_stacks[0])
        return done


@dataclass
class Played:
    status: int
    out: str
    err: str
    table: Recorded | None

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()

    def hands(self) -> list[str]:
        """The output of each hand, from its heading on."""
        return re.split(r"\n─+ (?:Hand #|第 )\d+", self.out)[1:]


def plain_text(monkeypatch):
    """Rich writes to a file as wide as the terminal it is run from, in colour if
    asked to: the tests read plain text, 100 columns wide."""
    monkeypatch.setenv("COLUMNS", "100")
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)


def play(monkeypatch, capsys, *argv: str, keys: str = "") -> Played:
    monkeypatch.setattr(sys, "stdin", io.StringIO(keys))
    plain_text(monkeypatch)
    monkeypatch.setattr(play_command, "Table", Recorded)
    Recorded.made = []
    status = main(["play", "--bots", "2", "--seed", "1", *argv])
    out, err = capsys.readouterr()
    return Played(status, out, err, Recorded.made[0] if Recorded.made else None)


@pytest.mark.parametrize(
    ("game", "keys"),
    [
        ("seven_card_stud", "[f] fold  [c] call 0.50  [r] complete to 2.00  [q] quit"),
        ("stud_hilo", "[f] fold  [c] call 0.50  [r] complete to 2.00  [q] quit"),
        ("razz", "[f] fold  [c] call 0.50  [r] complete to 2.00  [q] quit"),
        ("show_hand", "[f] fold  [c] call 10  [r] raise to 20–990  [q] quit"),
        ("five_card_stud", "[c] bring in 0.50  [r] complete to 2.00  [q] quit"),  # R9.2
    ],
)
def test_the_first_decision_shows_each_legal_action_with_its_key(monkeypatch, capsys, game, keys):
    played = play(monkeypatch, capsys, "--game", game, "--hands", "1", keys="q\n")
    assert played.status == 0
    assert keys in played.lines


def test_each_street_offers_what_the_rules_allow(monkeypatch, capsys):
    played = play(monkeypatch, capsys, "--seed", "24", "--hands", "1", keys="c\nc\nc\nc\nc\ns\n")
    keys = [line for line in played.lines if line.startswith("[")]
    assert keys == [
        "[f] fold  [c] call 0.50  [r] complete to 2.00  [q] quit",
        "[c] check  [f] fold  [r] bet 2.00  [q] quit",  # fourth street: small bets
        "[f] fold  [c] call 4.00  [r] raise to 8.00  [q] quit",  # fifth: big bets (R2.6)
        "[f] fold  [c] call 4.00  [r] raise to 8.00  [q] quit",
        "[f] fold  [c] call 4.00  [r] raise to 8.00  [q] quit",
        "[s] show  [m] muck  [q] quit",  # beaten at the showdown: may muck (R5.3)
    ]


def test_the_table_shows_the_players_cards_and_hides_the_others(monkeypatch, capsys):
    played = play(monkeypatch, capsys, "--hands", "1", keys="q\n")
    panel = played.out.split("Bot 2 calls 0.50\n")[1].split("[f] fold")[0]
    rows = [line.strip("│ ").split() for line in panel.splitlines()]
    assert rows[0][1:7] == ["Seven", "Card", "Stud", "·", "Third", "street"]
    assert ["Player", "Stack", "Bet", "Down", "Up"] in rows
    assert ["▶", "Hero", "399.75", "K♥", "7♣", "7♦"] in rows
    assert ["Bot", "1", "399.25", "0.50", "??", "??", "6♥"] in rows
    assert ["Bot", "2", "399.25", "0.50", "??", "??", "T♣"] in rows
    assert "│ Pot 1.75" in panel
    assert "│ Your hand: Pair of sevens" in panel


def test_the_dealer_tells_every_action_and_the_showdown(monkeypatch, capsys):
    played = play(monkeypatch, capsys, "--hands", "1", keys="c\nc\nc\nc\nc\ns\n")
    said = [line.strip() for line in played.lines if line.startswith("  ")]
    assert said[:6] == [
        "Each player antes 0.25",
        "Third street",
        "Bot 1 brings in for 0.50",
        "Bot 2 calls 0.50",
        "Hero calls 0.50",
        "Fourth street",
    ]
    assert said[-3:] == [  # R5.7, R5.8: the cards shown and the hand; a muck shows none
        "Hero shows [Kh 7c 7d As Ac 5h Jh] — two pair, aces and sevens, and wins 2.25",
        "Bot 1 mucks",
        "Bot 2 mucks",
    ]
    assert "Your result: +1.50" in played.lines
    assert played.lines[-1] == "Hands played: 1   Net: +1.50"


@pytest.mark.parametrize(
    ("game", "summary"),
    [
        ("seven_card_stud", "Hands played: 2   Net: +2.50"),
        ("stud_hilo", "Hands played: 2   Net: +1.50"),
        ("razz", "Hands played: 2   Net: -23.25"),
        ("show_hand", "Hands played: 2   Net: -110"),
        ("five_card_stud", None),
    ],
)
def test_the_summary_is_the_tables_chips_change(monkeypatch, capsys, game, summary):
    played = play(monkeypatch, capsys, "--game", game, "--hands", "2", keys=ANY_DECISION)
    assert played.status == 0
    if summary is not None:
        assert played.lines[-1] == summary
    assert len(played.table.changes) == 2
    net = sum(played.table.changes)
    money = str(abs(net)) if game == "show_hand" else f"{abs(net) // 100}.{abs(net) % 100:02d}"
    assert played.lines[-1].endswith(("+" if net > 0 else "-" if net < 0 else "") + money)


@pytest.mark.parametrize(
    "game", ["seven_card_stud", "stud_hilo", "razz", "show_hand", "five_card_stud"]
)
def test_another_seats_down_card_is_never_shown_before_the_showdown(monkeypatch, capsys, game):
    played = play(
        monkeypatch, capsys, "--game", game, "--bots", "4", "--hands", "4", keys=ANY_DECISION
    )
    table = played.table
    assert len(played.hands()) == 4
    for number, text in enumerate(played.hands(), start=1):
        hand = table.hand(number).hand
        shown = {event.seat for event in hand.events if isinstance(event, Show)}
        # Shown cards are drawn at the showdown: on the table at the player's
        # decision to show or muck, or when the hand is over.
        before = re.split("Showdown|Hand over", text)[0]
        for seat in range(1, hand.player_count):
            for card in hand.down[seat]:
                assert card.symbol not in before, (number, seat, card)
                if seat not in shown:  # mucked or folded: never shown (R5.8, R6.11)
                    assert card.symbol not in text, (number, seat, card)
        for card in hand.down[0]:
            assert card.symbol in text  # the player's own down cards


def test_an_unknown_key_is_explained_and_asked_again(monkeypatch, capsys):
    played = play(monkeypatch, capsys, "--hands", "1", keys="z\ncall\nf\n")
    keys = "[f] fold  [c] call 0.50  [r] complete to 2.00  [q] quit"
    at = played.lines.index(keys)
    assert played.lines[at : at + 7] == [
        keys,
        "> z",
        "'z' is not a key here: press f, c, r, q",
        keys,
        "> call",  # a key is one letter: only r takes more, an amount
        "'call' is not a key here: press f, c, r, q",
        keys,
    ]
    assert "  Hero folds" in played.lines


def test_folding_when_checking_is_free_is_asked_again_r2_8(monkeypatch, capsys):
    played = play(monkeypatch, capsys, "--hands", "1", keys="c\nf\nn\nf\ny\n")
    at = played.lines.index("[c] check  [f] fold  [r] bet 2.00  [q] quit")
    assert played.lines[at + 1 : at + 5] == [
        "> f",
        "You may check for free: fold anyway? [y/N] n",
        "[c] check  [f] fold  [r] bet 2.00  [q] quit",
        "> f",
    ]
    assert played.lines[at + 5 : at + 7] == [
        "You may check for free: fold anyway? [y/N] y",
        "  Hero folds",
    ]


def test_a_no_limit_amount_is_asked_for_or_typed_after_the_key(monkeypatch, capsys):
    keys = "r\n5\nr 30\n"
    played = play(monkeypatch, capsys, "--game", "show_hand", "--hands", "1", keys=keys)
    lines = played.lines
    at = lines.index("> r")
    assert lines[at + 1 : at + 4] == [
        "raise to (20–990, Enter for 20): 5",
        "raise to 20–990, not 5",
        "[f] fold  [c] call 10  [r] raise to 20–990  [q] quit",
    ]
    assert lines[at + 4 : at + 6] == ["> r 30", "  Hero raises to 30"]


def test_after_an_open_pair_a_bet_is_small_or_big_r2_7(monkeypatch, capsys):
    played = play(monkeypatch, capsys, "--seed", "40", "--hands", "1", keys="c\nr\n3\nr\n4\n")
    lines = played.lines
    at = lines.index("[c] check  [f] fold  [r] bet 2.00 or 4.00  [q] quit")
    # Hero's own open pair of fives on fourth street: the small or the big bet (R2.7)
    assert "│ ▶   Hero     399.25            9♠ T♠      5♦ 5♥                │" in lines[:at]
    assert lines[at + 1 : at + 7] == [
        "> r",
        "bet (2.00 or 4.00, Enter for 2.00): 3",
        "bet 2.00 or 4.00, not 3",
        "[c] check  [f] fold  [r] bet 2.00 or 4.00  [q] quit",
        "> r",
        "bet (2.00 or 4.00, Enter for 2.00): 4",
    ]
    assert lines[at + 7] == "  Hero bets 4.00"


def test_enter_takes_the_least_amount(monkeypatch, capsys):
    played = play(monkeypatch, capsys, "--game", "show_hand", "--hands", "1", keys="r\n\n")
    assert "raise to (20–990, Enter for 20): " in played.lines
    assert "  Hero raises to 20" in played.lines


def test_q_folds_at_once_and_leaves_after_the_hand(monkeypatch, capsys):
    played = play(monkeypatch, capsys, keys="q\nc\nc\n")  # no --hands: until q
    assert played.status == 0
    lines = played.lines
    at = lines.index("> q")
    assert lines[at + 1 : at + 3] == ["You leave the table when this hand is over.", "  Hero folds"]
    assert lines[-1] == "Hands played: 1   Net: -0.25"  # the ante
    assert 0 not in played.table.seats


def test_the_end_of_input_quits_cleanly(monkeypatch, capsys):
    played = play(monkeypatch, capsys, keys="c\n")
    assert played.status == 0
    assert "  Hero calls 0.50" in played.lines
    assert "You leave the table when this hand is over." in played.lines
    assert played.lines[-1].startswith("Hands played: 1   Net: -")
    assert played.err == ""


def test_the_end_of_input_at_a_question_quits_too(monkeypatch, capsys):
    played = play(monkeypatch, capsys, "--game", "show_hand", keys="r\n")
    lines = played.lines
    at = lines.index("raise to (20–990, Enter for 20): ")
    assert lines[at + 1 : at + 3] == ["You leave the table when this hand is over.", "  Hero folds"]
    assert lines[-1] == "Hands played: 1   Net: -10"


def test_the_clock_acts_for_a_player_who_does_not_answer_r8_1(monkeypatch, capsys):
    read, write = os.pipe()  # nothing is ever typed
    with open(read, encoding="utf-8") as keys, open(write, "w", encoding="utf-8"):
        monkeypatch.setattr(sys, "stdin", keys)
        plain_text(monkeypatch)
        status = main(["play", "--bots", "2", "--seed", "1", "--hands", "1", "--clock", "0.05"])
        out = capsys.readouterr().out
    assert status == 0
    lines = out.splitlines()
    at = lines.index("Time is up.")
    assert lines[at + 1] == "  Hero folds"
    assert lines[-1] == "Hands played: 1   Net: -0.25"


def test_traditional_chinese(monkeypatch, capsys):
    played = play(monkeypatch, capsys, "--hands", "1", "--lang", "zh-Hant", keys="x\nq\n")
    lines = played.lines
    assert any(re.fullmatch(r"─+ 第 1 局 · 七張梭哈 ─+", line) for line in lines)
    assert "  電腦 1 強制開注 0.50" in lines
    assert "[f] 蓋牌  [c] 跟注 0.50  [r] 補足到 2.00  [q] 離開" in lines
    assert "「x」不是可用的按鍵：請按 f, c, r, q" in lines
    assert any("玩家" in line and "籌碼" in line and "暗牌" in line for line in lines)
    assert "│ 你的牌：一對 7" in played.out
    assert "  你 蓋牌" in lines
    assert lines[-1] == "已玩 1 局   淨輸贏：-0.25"


def test_show_hand_in_hong_kong_words_and_simplified_chinese(monkeypatch, capsys):
    argv = ("--game", "show_hand", "--hands", "1", "--lang")
    hant = play(monkeypatch, capsys, *argv, "zh-Hant", keys="q\n").lines
    assert "[f] 放棄  [c] 跟注 10  [r] 加注到 20–990  [q] 離開" in hant  # 002
    assert "  你 放棄" in hant
    hans = play(monkeypatch, capsys, *argv, "zh-Hans", keys="q\n").lines
    assert "[f] 弃牌  [c] 跟注 10  [r] 加注到 20–990  [q] 离开" in hans
    assert hans[-1] == "已玩 1 局   净输赢：-10"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--bots", "0"],
            "--bots is 1 to 7 at a seven_card_stud practice table (8 players at most, R7.1), not 0",
        ),
        (
            ["--game", "razz", "--bots", "8"],
            "--bots is 1 to 7 at a razz practice table (8 players at most, R7.1), not 8",
        ),
        (
            ["--game", "show_hand", "--bots", "9"],
            "--bots is 1 to 7 at a show_hand practice table (8 players at most, R7.1), not 9",
        ),
        (["--hands", "0"], "--hands is 1 or more, not 0"),
        (["--clock", "0"], "--clock is a number of seconds above 0, not 0.0"),
    ],
)
def test_bad_options_are_refused_with_status_2(monkeypatch, capsys, argv, message):
    monkeypatch.setattr(sys, "stdin", io.StringIO("c\n"))
    assert main(["play", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"stud play: {message}\n"


def test_an_unknown_level_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["play", "--level", "shark"])
    assert exit.value.code == 2
    assert "invalid choice: 'shark' (choose from 'easy', 'normal', 'hard', 'expert')" in (
        capsys.readouterr().err
    )


def test_the_table_is_a_practice_table_of_the_players_and_bots_asked_for(monkeypatch, capsys):
    played = play(monkeypatch, capsys, "--bots", "3", "--level", "hard", keys="q\n")
    config = played.table.config
    assert (config.mode, config.seats, config.bot_level) == ("practice", 4, "hard")
    assert played.table.hand(1).names == ("Hero", "Bot 1", "Bot 2", "Bot 3")


@pytest.mark.parametrize(
    ("lang", "title", "street", "hand"),
    [
        ("en", "Five Card Stud", "Second street", "Your hand: High card, king"),
        ("zh-Hant", "限注五張梭哈", "第二街", "你的牌：高牌 K"),
        ("zh-Hans", "限注五张梭哈", "第二街", "你的牌：散牌 K"),
    ],
)
def test_five_card_stud_is_named_in_each_language(monkeypatch, capsys, lang, title, street, hand):
    # R9.1: one down card and one up card on second street; the game's name in the
    # heading and the panel, as the web client names it (R4.5: one word for one
    # thing), the street as the dealer says it (R5.7).
    played = play(
        monkeypatch, capsys, "--game", "five_card_stud", "--lang", lang, "--hands", "1", keys="q\n"
    )
    assert played.status == 0
    assert f" · {title} " in played.lines[1]
    panel = played.out.split("╭─ ", 1)[1].split("╰", 1)[0]
    assert panel.startswith(f"{title} · {street} ")
    rows = [line.strip("│ ").split() for line in panel.splitlines()]
    assert rows[3][:4] == ["▶", "Hero" if lang == "en" else "你", "399.75", "K♥"]
    assert rows[3][4] == "7♣"  # one down card, then the up card
    assert hand in panel


def test_five_card_stud_amounts_are_dollars_and_cents(monkeypatch, capsys):
    # money_unit 100 (R1.4): "r 2" and "r 2.00" complete to 200 cents; "r 2.005" is none.
    played = play(
        monkeypatch, capsys, "--game", "five_card_stud", "--hands", "1", keys="r 2.005\nr 2\nq\n"
    )
    assert "complete to 2.00, not 2.005" in played.lines
    assert "  Hero completes to 2.00" in played.lines
