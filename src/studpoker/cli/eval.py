"""``stud eval CARDS``: the hands that cards make, with their names.

Five to seven cards give the showdown hands of the game (all of them when no
game is named: high, ace-to-five low and eight-or-better low; Five-Card Stud
and Show Hand rank five cards); one to four cards give the value of a showing
board, which decides who acts first.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from rich.cells import cell_len

from studpoker.cards import Card, format_cards, parse_cards
from studpoker.games import GAMES
from studpoker.hands import (
    LANGUAGES,
    HandValue,
    ShowHandRules,
    eight_or_better,
    high,
    low_a5,
    show_hand,
    show_hand_board,
    showing_high,
    showing_low,
)
from studpoker.hands.best import GAME_VALUES, showdown_values

_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "cards": "Cards",
        "high": "High",
        "low_a5": "Low (A-5)",
        "eight_or_better": "Low (8 or better)",
        "show_hand": "Show Hand",
        "showing": "Showing",
        "none": "none",
    },
    "zh-Hant": {
        "cards": "牌",
        "high": "高牌",
        "low_a5": "低牌 (A-5)",
        "eight_or_better": "低牌 (8 或更好)",
        "show_hand": "話事啤",
        "showing": "明牌",
        "none": "無",
    },
    "zh-Hans": {
        "cards": "牌",
        "high": "高牌",
        "low_a5": "低牌 (A-5)",
        "eight_or_better": "低牌 (8 或更好)",
        "show_hand": "话事啤",
        "showing": "明牌",
        "none": "无",
    },
}


def add_parser(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "eval",
        help="name the best hands that cards make",
        description=(
            "Name the best high and low hands of 5 to 7 cards, or the value of 1 to 4 "
            "showing cards. Cards are written like 'As Kd 7c Th' (also 10h, lower case, ♠♥♦♣)."
        ),
    )
    parser.add_argument("cards", nargs="+", help="the cards, e.g. 'As Ks Qs Js Ts 2d 3c'")
    parser.add_argument("--game", choices=GAMES, help="rank as this game does (default: all)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the names")
    add_show_hand_options(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def add_show_hand_options(parser: argparse.ArgumentParser) -> None:
    """The Show Hand ranking options every command that ranks hands takes."""
    parser.add_argument(
        "--deck", type=int, choices=(52, 32, 28), default=52, help="Show Hand deck (R6.10)"
    )
    parser.add_argument(
        "--suit-order",
        choices=("show_hand", "regional"),
        default="show_hand",
        help="Show Hand suit order (R1.3)",
    )
    parser.add_argument(
        "--straight-face",
        choices=("any", "consecutive"),
        default="any",
        help="Show Hand straight faces (R6.3)",
    )


def _evaluations(cards: list[Card], args: argparse.Namespace) -> list[tuple[str, HandValue | None]]:
    game = args.game
    if game == "show_hand":
        rules = ShowHandRules(
            deck=args.deck, suit_order=args.suit_order, straight_face=args.straight_face
        )
        if len(cards) == 5:
            return [("show_hand", show_hand(cards, rules))]
        return [("showing", show_hand_board(cards, rules))]
    if args.deck != 52:
        raise ValueError("--deck applies to --game show_hand only")
    if game == "five_card_stud" and len(cards) > 5:
        raise ValueError(f"a five_card_stud hand is 1 to 5 cards (R9.1), not {len(cards)}")
    if len(cards) <= 4:
        board = showing_low if game == "razz" else showing_high
        return [("showing", board(cards))]
    if game is None:  # no game named: every value of the seven-card games
        every: list[tuple[str, Callable[[list[Card]], HandValue | None]]]
        every = [("high", high), ("low_a5", low_a5), ("eight_or_better", eight_or_better)]
        return [(label, evaluate(cards)) for label, evaluate in every]
    return list(zip(GAME_VALUES[game], showdown_values(game, cards), strict=True))


def run(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    if not 1 <= len(cards) <= 7:
        raise ValueError(f"give 1 to 7 cards, not {len(cards)}")
    if len(set(cards)) != len(cards):
        raise ValueError("a card is given twice")
    results = _evaluations(cards, args)
    labels = _LABELS[args.lang]
    if args.json:
        print(
            json.dumps(
                {
                    "cards": [str(c) for c in cards],
                    **{
                        label: None
                        if value is None
                        else {
                            "name": value.name(args.lang),
                            "category": value.category.name.lower(),
                            "value": value.value,
                            "cards": [str(c) for c in value.cards],
                        }
                        for label, value in results
                    },
                },
                ensure_ascii=False,
            )
        )
        return 0
    rows = [(labels["cards"], format_cards(cards, symbols=True))]
    for label, value in results:
        if value is None:
            rows.append((labels[label], labels["none"]))
        else:
            shown = format_cards(value.cards, symbols=True)
            rows.append((labels[label], f"{value.name(args.lang)}  [{shown}]"))
    # Chinese labels are two columns wide a character: pad by width on screen.
    width = max(cell_len(label) for label, _ in rows) + 1
    for label, text in rows:
        print(f"{label}:{' ' * (width - cell_len(label))}{text}")
    return 0
