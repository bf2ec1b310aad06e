"""The dealer's lines in the table's chat, in each reader's language (R5.7).

A hand is its events (DESIGN.md idea 1): the lines are read from the events a
reader may see, ``hand.events_for(seat)``, one line for each action, street and
settlement; the result of every showdown says which hand each player showed and
what it won, listing the cards shown (R5.8, 003's 报告每个成手的价值).  A line never
names a card a reader cannot see: it names only the cards of hands shown at the
showdown, which a show reveals to everyone, and the community card, which everyone
sees; a muck names none.  So every reader of one language gets the same lines.

>>> from studpoker.cards import parse_cards
>>> from studpoker.engine import Hand
>>> from studpoker.games import seven_card_stud
>>> deck = parse_cards("As Kd 7c  Ah Kh 3d  9s 4c 2d") + [None] * 43
>>> hand = Hand(seven_card_stud(), [1000, 1000, 1000], deck=deck)
>>> for action in ("bring_in", "complete 200", "fold", "fold"):
...     hand.act(action)
>>> names = ["Ann", "Bo", "Cai"]
>>> for line in dealer_lines(hand.events_for(1), hand.spec, names):
...     print(line)
Each player antes 0.25
Third street
Cai brings in for 0.50
Ann completes to 2.00
Bo folds
Cai folds
Uncalled bet of 1.50 returned to Ann
Ann wins 1.75
>>> dealer_lines(hand.events_for(None), hand.spec, names, "zh-Hant")[2:4]
['Cai 強制開注 0.50', 'Ann 補足到 2.00']

A show lists the cards shown, in dealing order (two down, four up, the last down), in
brackets before the hand's name; a muck lists none:

>>> deck = parse_cards("Kh Ah  Kd Ad  7s 9c  7c Jd  Qs Ts  2d 4h  3c 5c")
>>> hand = Hand(seven_card_stud(), [1000, 1000], deck=deck)
>>> hand.act("bring_in")
>>> while hand.round is not None:
...     hand.check_or_call()
>>> hand.play_showdown()                      # Bo's pair of aces cannot win: he mucks
>>> for lang in ("en", "zh-Hant", "zh-Hans"):
...     for line in dealer_lines(hand.events_for(None), hand.spec, names, lang)[-2:]:
...         print(line)
Ann shows [Kh Kd 7s 7c Qs 2d 3c] — two pair, kings and sevens, and wins 1.50
Bo mucks
Ann 攤牌 [Kh Kd 7s 7c Qs 2d 3c]：兩對 K 和 7，贏得 1.50
Bo 封牌
Ann 摊牌 [Kh Kd 7s 7c Qs 2d 3c]：两对 K 和 7，赢得 1.50
Bo 封牌

The showdown's lines come once the pot is awarded (a winner's show and winnings are
one line), so after every action the lines of the events so far are the first lines
of the whole hand's: a table may send each reader the new lines as they come.

Every phrase of every language is in :data:`PHRASES`, a dict per language (Show Hand
changes a few words, :data:`SHOW_HAND_PHRASES`); hand names come from
:func:`studpoker.hands.describe` (R4.5).  The Chinese words are those of the seeds:
底注, 過牌, 蓋牌 and 攤牌 (000); 弃牌, 过牌, 强制开注 and 补足 (004); 摊牌, 封牌 and the
高手/低手 halves (003); for Show Hand 放棄, 讓牌, 開牌, 晒冷 and 滾存 (002), and 梭哈,
the Simplified Chinese showhand (R6.6).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from studpoker.cards import Card
from studpoker.engine.events import (
    AllIn,
    Ante,
    Bet,
    BringIn,
    Call,
    CarryIn,
    Check,
    CommunityCard,
    Complete,
    Event,
    ExcessReturned,
    Fold,
    Muck,
    PotAwarded,
    Raise,
    Rollover,
    Show,
    Showhand,
    StreetStarted,
    UncalledBetReturned,
)
from studpoker.games import GameSpec
from studpoker.hands import HandValue, describe, eight_or_better, high, low_a5, show_hand

__all__ = ["PHRASES", "SHOW_HAND_PHRASES", "cancelled_line", "dealer_lines", "format_amount"]

# {name} is a player's name, {amount} an amount as the table writes money, {hand}
# a hand's name (R4.5), {card} a card and {cards} the cards a player shows, as
# :func:`studpoker.cards.format_cards` writes them ("Kh Kd 7s 7c Qs 2d 3c").
PHRASES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "antes_each": "Each player antes {amount}",
        "ante": "{name} antes {amount}",
        "carry_in": "{amount} rolled over from the last hand is in the pot",
        "street.second": "Second street",
        "street.third": "Third street",
        "street.fourth": "Fourth street",
        "street.fifth": "Fifth street",
        "street.sixth": "Sixth street",
        "street.seventh": "Seventh street",
        "community_card": "Community card: {card}",
        "bring_in": "{name} brings in for {amount}",
        "complete": "{name} completes to {amount}",
        "bet": "{name} bets {amount}",
        "raise": "{name} raises to {amount}",
        "call": "{name} calls {amount}",
        "check": "{name} checks",
        "fold": "{name} folds",
        "showhand": "{name} goes showhand for {amount}",
        "and_all_in": "{line} and is all in",
        "all_in": "{name} is all in",
        "uncalled": "Uncalled bet of {amount} returned to {name}",
        "high_and_low": "{high} / {low}",
        "shows": "{name} shows [{cards}] — {hand}",
        "shows_unnamed": "{name} shows [{cards}]",
        "shows_and_wins": "{name} shows [{cards}] — {hand}, and wins {amount}",
        "shows_and_wins_high": "{name} shows [{cards}] — {hand}, and wins {amount} for high",
        "shows_and_wins_low": "{name} shows [{cards}] — {hand}, and wins {amount} for low",
        "wins": "{name} wins {amount}",
        "mucks": "{name} mucks",
        "excess_returned": "{amount} goes back to {name}",
        "cancelled": "Hand #{number} is void: the room stopped, and every bet goes back",
        "rollover": "{amount} stays on the table for the next hand",
    },
    "zh-Hant": {
        "antes_each": "每位玩家下底注 {amount}",
        "ante": "{name} 下底注 {amount}",
        "carry_in": "上一局滾存的 {amount} 加入底池",
        "street.second": "第二街",
        "street.third": "第三街",
        "street.fourth": "第四街",
        "street.fifth": "第五街",
        "street.sixth": "第六街",
        "street.seventh": "第七街",
        "community_card": "公用牌：{card}",
        "bring_in": "{name} 強制開注 {amount}",
        "complete": "{name} 補足到 {amount}",
        "bet": "{name} 下注 {amount}",
        "raise": "{name} 加注到 {amount}",
        "call": "{name} 跟注 {amount}",
        "check": "{name} 過牌",
        "fold": "{name} 蓋牌",
        "showhand": "{name} 晒冷 {amount}",
        "and_all_in": "{line}，全押",
        "all_in": "{name} 全押",
        "uncalled": "無人跟注的 {amount} 退還給 {name}",
        "cancelled": "第 {number} 局作廢：牌室已停止，所有注碼退回",
        "high_and_low": "{high} / {low}",
        "shows": "{name} 攤牌 [{cards}]：{hand}",
        "shows_unnamed": "{name} 攤牌 [{cards}]",
        "shows_and_wins": "{name} 攤牌 [{cards}]：{hand}，贏得 {amount}",
        "shows_and_wins_high": "{name} 攤牌 [{cards}]：{hand}，贏得高手一半底池 {amount}",
        "shows_and_wins_low": "{name} 攤牌 [{cards}]：{hand}，贏得低手一半底池 {amount}",
        "wins": "{name} 贏得 {amount}",
        "mucks": "{name} 封牌",
        "excess_returned": "{amount} 退還給 {name}",
        "rollover": "{amount} 滾存至下一局",
    },
    "zh-Hans": {
        "antes_each": "每位玩家下底注 {amount}",
        "ante": "{name} 下底注 {amount}",
        "carry_in": "上一局滚存的 {amount} 加入底池",
        "street.second": "第二街",
        "street.third": "第三街",
        "street.fourth": "第四街",
        "street.fifth": "第五街",
        "street.sixth": "第六街",
        "street.seventh": "第七街",
        "community_card": "公共牌：{card}",
        "bring_in": "{name} 强制开注 {amount}",
        "complete": "{name} 补足到 {amount}",
        "bet": "{name} 下注 {amount}",
        "raise": "{name} 加注到 {amount}",
        "call": "{name} 跟注 {amount}",
        "check": "{name} 过牌",
        "fold": "{name} 弃牌",
        "showhand": "{name} 梭哈 {amount}",
        "and_all_in": "{line}，全押",
        "all_in": "{name} 全押",
        "uncalled": "无人跟注的 {amount} 退还给 {name}",
        "cancelled": "第 {number} 局作废：牌室已停止，所有注码退回",
        "high_and_low": "{high} / {low}",
        "shows": "{name} 摊牌 [{cards}]：{hand}",
        "shows_unnamed": "{name} 摊牌 [{cards}]",
        "shows_and_wins": "{name} 摊牌 [{cards}]：{hand}，赢得 {amount}",
        "shows_and_wins_high": "{name} 摊牌 [{cards}]：{hand}，赢得高手一半底池 {amount}",
        "shows_and_wins_low": "{name} 摊牌 [{cards}]：{hand}，赢得低手一半底池 {amount}",
        "wins": "{name} 赢得 {amount}",
        "mucks": "{name} 封牌",
        "excess_returned": "{amount} 退还给 {name}",
        "rollover": "{amount} 滚存至下一局",
    },
}

# Show Hand's own words (002): its rounds are named by the cards each player holds
# (3張梭 / 4張梭, R6.6), and Hong Kong players drop (放棄), pass (讓牌) and open (開牌).
SHOW_HAND_PHRASES: Final[dict[str, dict[str, str]]] = {
    "en": {},
    "zh-Hant": {
        "street.second": "第二張",
        "street.third": "第三張",
        "street.fourth": "第四張",
        "street.fifth": "第五張",
        "check": "{name} 讓牌",
        "fold": "{name} 放棄",
        "all_in": "{name} 晒冷",
        "and_all_in": "{line}，晒冷",
        "shows": "{name} 開牌 [{cards}]：{hand}",
        "shows_unnamed": "{name} 開牌 [{cards}]",
        "shows_and_wins": "{name} 開牌 [{cards}]：{hand}，贏得 {amount}",
    },
    "zh-Hans": {
        "street.second": "第二张",
        "street.third": "第三张",
        "street.fourth": "第四张",
        "street.fifth": "第五张",
        "all_in": "{name} 梭哈",
        "and_all_in": "{line}，梭哈",
    },
}


def cancelled_line(number: int, lang: str = "en") -> str:
    """The dealer's line for a hand cut short (DESIGN.md idea 4: void, every bet back).

    >>> cancelled_line(12, "zh-Hant")
    '第 12 局作廢：牌室已停止，所有注碼退回'
    """
    if lang not in PHRASES:
        raise ValueError(f"dealer lines are in {', '.join(PHRASES)}, not {lang!r}")
    return PHRASES[lang]["cancelled"].format(number=number)


def format_amount(amount: int, spec: GameSpec) -> str:
    """An amount as the table writes money, by the game's ``money_unit`` (R1.4): the
    fixed-limit games (the seven-card games and Five-Card Stud) count cents ("12.40"),
    Show Hand counts chips ("1240").

    >>> from studpoker.games import seven_card_stud, show_hand
    >>> format_amount(1240, seven_card_stud()), format_amount(5, seven_card_stud())
    ('12.40', '0.05')
    >>> format_amount(1240, show_hand())
    '1240'
    """
    if spec.money_unit == 1:
        return str(amount)
    whole, cents = divmod(amount, spec.money_unit)
    return f"{whole}.{cents:02d}"


def dealer_lines(
    events: Sequence[Event],
    spec: GameSpec,
    names: Sequence[str],
    lang: str = "en",
    *,
    money: Callable[[int], str] | None = None,
) -> list[str]:
    """The dealer's lines for ``events`` (those a reader may see, from
    ``hand.events_for(seat)``) in ``lang``; ``names[i]`` is engine seat i's name
    and ``money`` writes an amount (default: :func:`format_amount`)."""
    if lang not in PHRASES:
        raise ValueError(f"dealer lines are in {', '.join(PHRASES)}, not {lang!r}")
    phrases = PHRASES[lang]
    if spec.is_show_hand:
        phrases = phrases | SHOW_HAND_PHRASES[lang]
    reader = _Reader(spec, names, lang, phrases, money or (lambda a: format_amount(a, spec)))
    return reader.read(events)


# The names the room gives its guests ("Guest 123456", room/accounts.py), in each
# language: a name no player may take (room/names.py), so its word is the room's.
_GUEST_NAME = re.compile(r"^Guest (\d+)$")
GUEST_WORDS = {"en": "Guest", "zh-Hant": "訪客", "zh-Hans": "访客"}


def shown_name(name: str, lang: str) -> str:
    """A player's name as a reader of ``lang`` reads it: a guest's in their words.

    >>> shown_name("Guest 123456", "zh-Hant"), shown_name("Ann", "zh-Hans")
    ('訪客 123456', 'Ann')
    """
    found = _GUEST_NAME.match(name)
    if found is None or lang not in GUEST_WORDS:
        return name
    return f"{GUEST_WORDS[lang]} {found.group(1)}"


class _Reader:
    """Turns one hand's events into lines; kept apart from :func:`dealer_lines` only
    so that the phrase table, the names and the money writer travel together."""

    def __init__(
        self,
        spec: GameSpec,
        names: Sequence[str],
        lang: str,
        phrases: dict[str, str],
        money: Callable[[int], str],
    ) -> None:
        self.spec = spec
        self.names = names
        self.lang = lang
        self.phrases = phrases
        self.money = money
        self.community = 0  # community cards dealt so far (R7.4): no one's own cards

    def say(self, key: str, **words: object) -> str:
        return self.phrases[key].format(**words)

    def name(self, seat: int) -> str:
        if not 0 <= seat < len(self.names):
            raise ValueError(f"no name for seat {seat}: names has {len(self.names)}")
        return shown_name(self.names[seat], self.lang)

    def read(self, events: Sequence[Event]) -> list[str]:
        lines: list[str] = []
        showdown: list[Show | Muck] = []  # told once the pot is awarded
        i, end = 0, len(events)
        while i < end:
            event = events[i]
            i += 1
            if isinstance(event, Ante):
                run = i - 1
                while i < end and isinstance(events[i], Ante | AllIn):
                    i += 1
                lines.extend(self.antes(events[run:i]))
            elif isinstance(event, Show | Muck):
                showdown.append(event)
            elif isinstance(event, PotAwarded):
                run = i - 1
                while i < end and isinstance(events[i], PotAwarded):
                    i += 1
                awards = [e for e in events[run:i] if isinstance(e, PotAwarded)]
                lines.extend(self.settle(showdown, awards))
                showdown = []
            else:
                if isinstance(event, CommunityCard):
                    self.community += 1  # on every seat's cards from now on (R7.4)
                line = self.line(event)
                if line is None:
                    continue
                after = events[i] if i < end else None
                if isinstance(after, AllIn) and after.seat == _seat(event):
                    i += 1  # the action that put the last chip in says so itself
                    if not isinstance(event, Showhand):  # a showhand is all in by name
                        line = self.say("and_all_in", line=line)
                lines.append(line)
        return lines

    def line(self, event: Event) -> str | None:
        """The line of one event outside the antes and the showdown (None: no line)."""
        money, name = self.money, self.name
        match event:
            case StreetStarted(street=street):
                key = f"street.{street}"
                return self.say(key) if key in self.phrases else street.capitalize()
            case BringIn(seat=seat, amount=amount):
                return self.say("bring_in", name=name(seat), amount=money(amount))
            case Complete(seat=seat, to=to):
                return self.say("complete", name=name(seat), amount=money(to))
            case Bet(seat=seat, to=to):
                return self.say("bet", name=name(seat), amount=money(to))
            case Raise(seat=seat, to=to):
                return self.say("raise", name=name(seat), amount=money(to))
            case Call(seat=seat, amount=amount):
                return self.say("call", name=name(seat), amount=money(amount))
            case Check(seat=seat):
                return self.say("check", name=name(seat))
            case Fold(seat=seat):
                return self.say("fold", name=name(seat))
            case Showhand(seat=seat, amount=amount):
                return self.say("showhand", name=name(seat), amount=money(amount))
            case AllIn(seat=seat):
                return self.say("all_in", name=name(seat))
            case UncalledBetReturned(seat=seat, amount=amount):
                return self.say("uncalled", name=name(seat), amount=money(amount))
            case ExcessReturned(seat=seat, amount=amount):
                return self.say("excess_returned", name=name(seat), amount=money(amount))
            case Rollover(amount=amount):
                return self.say("rollover", amount=money(amount))
            case CarryIn(amount=amount):
                return self.say("carry_in", amount=money(amount))
            case CommunityCard(card=card) if card is not None:
                return self.say("community_card", card=card.symbol)
        return None  # a card dealt: the table shows it, the dealer does not say it

    def antes(self, run: Sequence[Event]) -> list[str]:
        """The antes as one line when everyone posted the same, else one a seat; and
        who is all in from the ante (R2.2)."""
        antes = [e for e in run if isinstance(e, Ante)]
        all_in = [e.seat for e in run if isinstance(e, AllIn)]
        amounts = {e.amount for e in antes}
        if len(antes) > 1 and len(amounts) == 1:
            lines = [self.say("antes_each", amount=self.money(antes[0].amount))]
            return lines + [self.say("all_in", name=self.name(seat)) for seat in all_in]
        lines = []
        for ante in antes:
            line = self.say("ante", name=self.name(ante.seat), amount=self.money(ante.amount))
            if ante.seat in all_in:
                line = self.say("and_all_in", line=line)
            lines.append(line)
        return lines

    def settle(self, showdown: Sequence[Show | Muck], awards: Sequence[PotAwarded]) -> list[str]:
        """Who showed what and won what (R5.7): a winner's show and winnings are one
        line, the sum of every pot and half it takes."""
        won: dict[int, list[PotAwarded]] = {}
        for award in awards:
            won.setdefault(award.seat, []).append(award)
        lines = []
        for event in showdown:
            seat = event.seat
            if isinstance(event, Muck):
                lines.append(self.say("mucks", name=self.name(seat)))
                continue
            name, cards = self.name(seat), self.own_cards(event.cards)
            hand = self.hand_name(event.cards, won.get(seat, ()))
            if hand is None:
                lines.append(self.say("shows_unnamed", name=name, cards=cards))
                if seat in won:
                    lines.append(self.wins(seat, won.pop(seat)))
                continue
            if seat not in won:
                lines.append(self.say("shows", name=name, cards=cards, hand=hand))
                continue
            mine = won.pop(seat)
            halves = {award.half for award in mine}
            key = {frozenset({"high"}): "_high", frozenset({"low"}): "_low"}.get(
                frozenset(halves), ""
            )
            amount = self.money(sum(award.amount for award in mine))
            lines.append(
                self.say(f"shows_and_wins{key}", name=name, cards=cards, hand=hand, amount=amount)
            )
        # Winners who showed nothing: everyone else folded (R5.1, R6.11).
        lines.extend(self.wins(seat, mine) for seat, mine in won.items())
        return lines

    def own_cards(self, shown: Sequence[Card | None]) -> str:
        """The cards a player shows, in dealing order as the hand gives them (down and
        up cards where the player holds them), without the community card, which the
        dealer has said already (R7.4); ``??`` for a card a record did not give."""
        own = shown[: len(shown) - self.community] if self.community else shown
        return " ".join("??" if card is None else str(card) for card in own)

    def wins(self, seat: int, awards: Sequence[PotAwarded]) -> str:
        amount = self.money(sum(award.amount for award in awards))
        return self.say("wins", name=self.name(seat), amount=amount)

    def hand_name(self, cards: Sequence[Card | None], won: Sequence[PotAwarded]) -> str | None:
        """The name of a shown hand: its high and its low in Stud/8 (R4.4)."""
        values = _values(cards, self.spec)
        if values is None:  # cards a record did not give: name what the awards say
            values = tuple(award.value for award in won if award.value is not None)
            if not values:
                return None
        described = [_mid_sentence(describe(value, self.lang)) for value in values]
        if len(described) == 2:
            return self.say("high_and_low", high=described[0], low=described[1])
        return described[0]


def _values(cards: Sequence[Card | None], spec: GameSpec) -> tuple[HandValue, ...] | None:
    """The showdown values of shown cards, as the engine reads them (R4, R6.9)."""
    if not cards or None in cards:
        return None
    known: tuple[Card, ...] = tuple(card for card in cards if card is not None)
    if spec.is_show_hand:
        return (show_hand(known, spec.ranking),)
    if spec.low:
        return (low_a5(known),)
    if spec.hilo:
        low = eight_or_better(known)
        return (high(known),) if low is None else (high(known), low)
    return (high(known),)


def _seat(event: Event) -> int | None:
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) else None


def _mid_sentence(name: str) -> str:
    """A hand's name inside a sentence: "Two pair, …" becomes "two pair, …"; a rank
    ("K …") or a Chinese name stays as it is."""
    if len(name) > 1 and name[0].isupper() and name[1].islower():
        return name[0].lower() + name[1:]
    return name
