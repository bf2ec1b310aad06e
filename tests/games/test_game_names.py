"""Each game's name in each language is one table (games.GAME_NAMES, issue 35): the
terminal table, a tournament's default name and the web client (rules.js, written from
it) all read it."""

from __future__ import annotations

import pytest

from studpoker.cli.play import WORDS
from studpoker.games import GAME_NAMES, GAMES, game_name
from studpoker.hands import LANGUAGES
from studpoker.room.tournaments import _default_name


def test_every_game_has_a_name_in_every_language_and_no_two_games_share_one():
    assert tuple(GAME_NAMES) == GAMES
    for lang in LANGUAGES:
        names = [GAME_NAMES[game][lang] for game in GAMES]
        assert all(names), lang
        assert len(set(names)) == len(names), lang
    assert [game_name(g, "zh-Hant") for g in GAMES] == [
        "七張梭哈",
        "七張梭哈高/低",
        "Razz",
        "話事啤 (梭哈)",
        "限注五張梭哈",
    ]


def test_an_unknown_game_or_language_is_refused_by_name():
    with pytest.raises(ValueError, match="no game is called 'holdem': the games are seven_card"):
        game_name("holdem")
    with pytest.raises(ValueError, match="no language 'fr': the languages are en, zh-Hant"):
        game_name("razz", "fr")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_table_names_the_games_as_the_room_does(lang):
    # They disagreed: "七張梭哈高低" in `stud play`, "七張梭哈高/低" in the browser.
    assert {game: WORDS[lang][game] for game in GAMES} == {g: game_name(g, lang) for g in GAMES}


def test_a_tournaments_default_name_says_the_game_as_the_lobby_does():
    # It said "Five-Card Stud" where the lobby said "Five Card Stud".
    assert _default_name("five_card_stud", "sit_and_go", 2, 500, 50, False) == (
        "Five Card Stud Heads-up sit-and-go, 5.00+0.50"
    )
    assert _default_name("stud_hilo", "scheduled", 8, 0, 0, True) == "Stud Hi/Lo practice"
