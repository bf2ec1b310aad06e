"""How each computer-player level plays, as our own statistics read a player (issue 36):
VPIP, aggression, went to showdown and won at showdown, over many hands of each game.

Usage (from the repository root)::

    .venv/bin/python bench/styles.py                      # 20,000 hands of each game
    .venv/bin/python bench/styles.py --hands 2000 --game razz

Six seats: easy, normal, hard, expert, easy, normal, the seats turning every hand and
every stack reset to 100 big bets (Show Hand: 100 antes), as ``stud sim`` plays them.
Each hand is read by the study's own facts (studpoker.study.facts, what ``stud stats``
and the HUD add up), so the figures are the ones a player's statistics would show:

- VPIP: put chips in voluntarily on the first betting street (the bring-in is not);
- AF: bets and raises after the first street, over calls there;
- WTSD: went to the showdown, of the hands that saw the second betting street;
- W$SD: won chips at the showdown, of the showdowns.

Every level is dealt at least ``--hands`` hands (easy and normal have two seats).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from studpoker.bots import make_player, play_hand
from studpoker.games import preset
from studpoker.study.facts import facts_of
from studpoker.study.hands import from_hand

LEVELS = ("easy", "normal", "hard", "expert")
SEATS = ("easy", "normal", "hard", "expert", "easy", "normal")
GAMES = ("seven_card_stud", "stud_hilo", "razz", "five_card_stud", "show_hand")
COUNTED = ("vpip", "agg_br", "agg_calls", "saw_1", "showdown", "won_showdown")


def styles(game: str, hands: int, seed: int) -> dict[str, dict[str, float]]:
    """Each level's VPIP, AF, WTSD and W$SD (per cent but AF) over ``hands`` hands."""
    spec = preset(game)
    players = [
        make_player(name, spec, random.Random(f"{seed}/{i}")) for i, name in enumerate(SEATS)
    ]
    deck = random.Random(f"{seed}/deck")
    unit = spec.ante if game == "show_hand" else spec.big_bet
    stacks = [100 * unit] * len(SEATS)
    counts: dict[str, Counter[str]] = {level: Counter() for level in LEVELS}
    dealt: Counter[str] = Counter()
    for number in range(hands):
        order = [(seat + number) % len(SEATS) for seat in range(len(SEATS))]
        hand = play_hand(spec, [players[j] for j in order], stacks, rng=deck)
        read = from_hand(hand, [SEATS[j] for j in order], source="styles", number=str(number))
        for facts in facts_of(read):
            dealt[facts.name] += 1
            for name in COUNTED:
                counts[facts.name][name] += facts[name]
    out = {}
    for level in LEVELS:
        got = counts[level]
        out[level] = {
            "hands": dealt[level],
            "vpip": 100 * got["vpip"] / dealt[level],
            "af": got["agg_br"] / max(1, got["agg_calls"]),
            "wtsd": 100 * got["showdown"] / max(1, got["saw_1"]),
            "wsd": 100 * got["won_showdown"] / max(1, got["showdown"]),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands of each game")
    parser.add_argument("--game", choices=GAMES, action="append", help="a game (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.hands < 1:
        parser.error(f"--hands is 1 or more, not {args.hands}")
    print("| game | level | hands | VPIP | AF | WTSD | W$SD |")
    print("|---|---|---|---|---|---|---|")
    for game in args.game or GAMES:
        for level, got in styles(game, args.hands, args.seed).items():
            print(
                f"| {game} | {level} | {got['hands']:,} | {got['vpip']:.1f}% | {got['af']:.2f} "
                f"| {got['wtsd']:.1f}% | {got['wsd']:.1f}% |",
                flush=True,
            )


if __name__ == "__main__":
    main()
