"""``stud play``: play at a terminal table against computer players, no server.

A practice table (R7.1) of the game: the player in seat 0 and ``--bots`` computer
players of ``--level`` after them, unlimited chips, no showhand.  The dealer's lines
(R5.7) scroll by as the hand is played; at each of the player's decisions and when a
hand ends the table is drawn with Rich: every seat's stack, bet, down and up cards
(another seat's down card is ``??`` until it is shown: the player sees only what
``hand.view`` lets their seat see), the pot, the street and the player's best hand.

Keys: ``f`` fold, ``c`` check, call or bring in, ``r`` complete, bet or raise
(``r 300``: to 300; without an amount a choice of amounts is asked for), ``s`` show,
``m`` muck, ``q`` quit: the player folds at once and leaves when the hand is over.
The end of input quits the same way.  Amounts are written as the table writes money:
dollars and cents in the seven-card games and Five-Card Stud, chips in Show Hand (the
game's ``money_unit``, R1.4).  See ``docs/play.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import threading
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, TextIO

from rich import box
from rich.cells import cell_len
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table as Grid
from rich.text import Text

from studpoker.bots import LEVELS
from studpoker.cards import Card, Suit
from studpoker.engine import Action, ActionKind, HandView, LegalAction
from studpoker.games import GAME_NAMES, GAMES, GameSpec, preset
from studpoker.hands import (
    LANGUAGES,
)
from studpoker.hands.best import best_hand_names
from studpoker.table import (
    CompletedHand,
    Occupant,
    RemotePlayer,
    Table,
    TableConfig,
    TableError,
    TableUpdate,
    Turn,
)
from studpoker.table.messages import PHRASES, SHOW_HAND_PHRASES, dealer_lines, format_amount

__all__ = ["TerminalPlayer", "add_parser", "run"]

K = ActionKind

# The player thinks as long as they like (R8.1's clock is for a room's tables); a
# table's clock is finite, so it is a year.
NO_CLOCK = 365 * 24 * 3600.0
SEAT = 0  # the player's seat; the computer players sit after it

# One key a kind of action: at most one kind of each key is open at a time.  ``c``
# is the cheapest way to stay in: check, call, or post the bring-in.
KEYS: dict[ActionKind, str] = {
    K.FOLD: "f",
    K.CHECK: "c",
    K.CALL: "c",
    K.BRING_IN: "c",
    K.COMPLETE: "r",
    K.BET: "r",
    K.RAISE: "r",
    K.SHOWHAND: "a",
    K.SHOW: "s",
    K.MUCK: "m",
}

# Each game's name in each language, as the room names it (games.GAME_NAMES).
GAME_NAMES_IN = {
    lang: {game: names[lang] for game, names in GAME_NAMES.items()} for lang in LANGUAGES
}

# The interface's words; the actions are those of the dealer's lines (messages.py),
# the streets are taken from there.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        **GAME_NAMES_IN["en"],
        "hand": "Hand #{number} · {game}",
        "player": "Hero",
        "bot": "Bot {seat}",
        "col.player": "Player",
        "col.stack": "Stack",
        "col.bet": "Bet",
        "col.down": "Down",
        "col.up": "Up",
        "folded": "folded",
        "all_in": "all in",
        "pot": "Pot {amount}",
        "over": "Hand over",
        "showdown": "Showdown",
        "your_hand": "Your hand: {hand}",
        "or": " or ",
        "quit": "quit",
        "amount": "{label} ({allowed}, Enter for {minimum}): ",
        "not_a_key": "{text!r} is not a key here: press {keys}",
        "not_an_amount": "{label} {allowed}, not {text}",
        "fold_free": "You may {check} for free: {fold} anyway? [y/N] ",
        "time_up": "Time is up.",
        "leaving": "You leave the table when this hand is over.",
        "result": "Your result: {net}",
        "summary": "Hands played: {hands}   Net: {net}",
        "fold": "fold",
        "check": "check",
        "call": "call {amount}",
        "bring_in": "bring in {amount}",
        "complete": "complete to {amount}",
        "bet": "bet {amount}",
        "raise": "raise to {amount}",
        "showhand": "showhand",
        "show": "show",
        "muck": "muck",
    },
    "zh-Hant": {
        **GAME_NAMES_IN["zh-Hant"],
        "hand": "第 {number} 局 · {game}",
        "player": "你",
        "bot": "電腦 {seat}",
        "col.player": "玩家",
        "col.stack": "籌碼",
        "col.bet": "下注",
        "col.down": "暗牌",
        "col.up": "明牌",
        "folded": "已蓋牌",
        "all_in": "全押",
        "pot": "底池 {amount}",
        "over": "本局結束",
        "showdown": "攤牌",
        "your_hand": "你的牌：{hand}",
        "or": " 或 ",
        "quit": "離開",
        "amount": "{label}（{allowed}，按 Enter 取 {minimum}）：",
        "not_a_key": "「{text}」不是可用的按鍵：請按 {keys}",
        "not_an_amount": "{label} {allowed}，不是 {text}",
        "fold_free": "可以免費{check}：仍要{fold}嗎？[y/N] ",
        "time_up": "時間到。",
        "leaving": "本局結束後你將離開牌桌。",
        "result": "本局結果：{net}",
        "summary": "已玩 {hands} 局   淨輸贏：{net}",
        "fold": "蓋牌",
        "check": "過牌",
        "call": "跟注 {amount}",
        "bring_in": "強制開注 {amount}",
        "complete": "補足到 {amount}",
        "bet": "下注 {amount}",
        "raise": "加注到 {amount}",
        "showhand": "晒冷",
        "show": "攤牌",
        "muck": "封牌",
    },
    "zh-Hans": {
        **GAME_NAMES_IN["zh-Hans"],
        "hand": "第 {number} 局 · {game}",
        "player": "你",
        "bot": "电脑 {seat}",
        "col.player": "玩家",
        "col.stack": "筹码",
        "col.bet": "下注",
        "col.down": "暗牌",
        "col.up": "明牌",
        "folded": "已弃牌",
        "all_in": "全押",
        "pot": "底池 {amount}",
        "over": "本局结束",
        "showdown": "摊牌",
        "your_hand": "你的牌：{hand}",
        "or": " 或 ",
        "quit": "离开",
        "amount": "{label}（{allowed}，按 Enter 取 {minimum}）：",
        "not_a_key": "「{text}」不是可用的按键：请按 {keys}",
        "not_an_amount": "{label} {allowed}，不是 {text}",
        "fold_free": "可以免费{check}：仍要{fold}吗？[y/N] ",
        "time_up": "时间到。",
        "leaving": "本局结束后你将离开牌桌。",
        "result": "本局结果：{net}",
        "summary": "已玩 {hands} 局   净输赢：{net}",
        "fold": "弃牌",
        "check": "过牌",
        "call": "跟注 {amount}",
        "bring_in": "强制开注 {amount}",
        "complete": "补足到 {amount}",
        "bet": "下注 {amount}",
        "raise": "加注到 {amount}",
        "showhand": "梭哈",
        "show": "摊牌",
        "muck": "封牌",
    },
}
# Hong Kong players drop (放棄), pass (讓牌) and open (開牌) in Show Hand (002).
SHOW_HAND_WORDS: dict[str, dict[str, str]] = {
    "en": {},
    "zh-Hant": {
        "fold": "放棄",
        "folded": "已放棄",
        "check": "讓牌",
        "show": "開牌",
        "showdown": "開牌",
    },
    "zh-Hans": {},
}


def add_parser(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "play",
        help="play at a terminal table against computer players",
        description=(
            "Play GAME at a practice table in this terminal against computer players, no "
            "server needed: unlimited chips, no showhand (R7.1). Keys: f fold, c check, call "
            "or bring in, r complete, bet or raise ('r 300' bets or raises to 300), "
            "s show, m muck, q quit (fold and leave when the hand is over)."
        ),
    )
    parser.add_argument("--game", choices=GAMES, default="seven_card_stud", help="the game")
    parser.add_argument(
        "--bots", type=int, default=5, help="computer players, 1 to 7 (R7.1); default 5"
    )
    parser.add_argument(
        "--level", choices=LEVELS, default="normal", help="the computer players' level"
    )
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the table")
    parser.add_argument("--name", default=None, help="your name at the table")
    parser.add_argument(
        "--seed", type=int, default=None, help="seed for the deck and the computer players"
    )
    parser.add_argument(
        "--hands", type=int, default=None, help="stop after HANDS hands (default: until q)"
    )
    parser.add_argument(
        "--clock", type=float, default=None, help="seconds for each decision (default: no clock)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    spec = preset(args.game)
    most = TableConfig(spec, "practice").players_at_most - 1
    if not 1 <= args.bots <= most:
        raise ValueError(
            f"--bots is 1 to {most} at a {args.game} practice table "
            f"({most + 1} players at most, R7.1), not {args.bots}"
        )
    if args.hands is not None and args.hands < 1:
        raise ValueError(f"--hands is 1 or more, not {args.hands}")
    if args.clock is not None and not 0 < args.clock < NO_CLOCK:
        raise ValueError(f"--clock is a number of seconds above 0, not {args.clock}")
    config = TableConfig(
        spec,
        "practice",
        seats=args.bots + 1,
        clock=NO_CLOCK if args.clock is None else args.clock,
        time_bank=0.0,
        pause=0.0,
        bot_level=args.level,
    )
    # R1.5: the OS CSPRNG unless a seed is given; the computer players are seeded
    # from the table's generator, so a seed makes the whole game reproducible.
    rng = None if args.seed is None else random.Random(args.seed)
    table = Table("terminal", config, rng=rng)
    console = Console(highlight=False, emoji=False)
    player = TerminalPlayer(table, console, sys.stdin, args.lang, args.name)
    try:
        asyncio.run(player.play(args.hands))
    except KeyboardInterrupt:
        console.print()
        player.print_summary()
        return 130
    player.print_summary()
    return 0


class _TimeUp(Exception):
    """The table acted for the player: the clock ran out (R8.1)."""


class _Quit(Exception):
    """The player quits: ``q``, or the end of the input."""


class Keyboard:
    """Lines typed at the terminal, each read in a thread of its own so that the
    table plays on meanwhile.  A line asked for and not used (the clock ran out)
    is the answer to the next question.  The threads are daemons, unlike an
    executor's, so that a read still waiting never keeps the program from ending."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.echo = not _is_terminal(stream)  # show what a script typed
        self._pending: asyncio.Future[str | None] | None = None

    def line(self) -> asyncio.Future[str | None]:
        """The next line (None at the end of input); take it with :meth:`taken`."""
        if self._pending is None:
            loop = asyncio.get_running_loop()
            future: asyncio.Future[str | None] = loop.create_future()
            thread = threading.Thread(target=self._read, args=(loop, future), daemon=True)
            thread.start()
            self._pending = future
        return self._pending

    def taken(self) -> None:
        self._pending = None

    def _read(self, loop: asyncio.AbstractEventLoop, future: asyncio.Future[str | None]) -> None:
        try:
            text: str | None = self.stream.readline() or None
        except (OSError, ValueError):
            text = None
        with contextlib.suppress(RuntimeError):  # the program ended meanwhile
            loop.call_soon_threadsafe(_settle, future, text)


def _settle(future: asyncio.Future[str | None], text: str | None) -> None:
    if not future.done():
        future.set_result(text)


class TerminalPlayer:
    """The person at the terminal, playing seat 0 of ``table`` as a
    :class:`~studpoker.table.RemotePlayer`: it tells them what their seat may
    see, on ``console`` in ``lang``, and answers the table's turns with the keys
    read from ``keys``."""

    def __init__(
        self,
        table: Table,
        console: Console,
        keys: TextIO,
        lang: str = "en",
        name: str | None = None,
    ) -> None:
        self.table = table
        self.spec = table.spec
        self.console = console
        self.keyboard = Keyboard(keys)
        self.lang = lang
        self.words = WORDS[lang] | (SHOW_HAND_WORDS[lang] if self.spec.is_show_hand else {})
        self.streets = PHRASES[lang] | (SHOW_HAND_PHRASES[lang] if self.spec.is_show_hand else {})
        self.name = name or self.words["player"]
        self.remote = RemotePlayer()
        self.played: list[CompletedHand] = []
        self.quitting = False
        self._turns: asyncio.Queue[tuple[Turn, asyncio.Future[Action]]] = asyncio.Queue()
        self._names: list[str] = []  # each engine seat's name, this hand
        self._me = 0  # the player's engine seat, this hand
        self._said = 0  # dealer's lines printed, this hand
        self._asking = False  # a question waits for the player's line

    @property
    def net(self) -> int:
        """The player's gain or loss over the hands played."""
        return sum(done.net[SEAT] for done in self.played)

    async def play(self, hands: int | None = None) -> None:
        """Sit down and play ``hands`` hands, or until the player quits."""
        self.table.listeners.append(self._heard)
        self.table.sit(Occupant(self.name, None, self.remote), 0, seat=SEAT)
        # The terminal asks every decision, a losing hand's show or muck (R5.3) too: a
        # room's seat mucks it unasked ("Auto-muck losing hands"), this one does not.
        self.table.set_auto_muck(SEAT, False)
        while not self.quitting and (hands is None or len(self.played) < hands):
            done = await self._hand()
            if done is None:
                break
            self.played.append(done)
            self._draw(done.hand.view(self._me), over=True)
            net = done.net[SEAT]
            self._say(self.words["result"].format(net=self._signed(net)), "bold")

    def print_summary(self) -> None:
        summary = self.words["summary"].format(hands=len(self.played), net=self._signed(self.net))
        self.console.print(Text(summary, style="bold"))

    async def _hand(self) -> CompletedHand | None:
        """Play one hand, answering the player's turns as they come."""
        playing = asyncio.ensure_future(self.table.play_hand())
        try:
            while True:
                waiting = asyncio.ensure_future(self._turns.get())
                await asyncio.wait((playing, waiting), return_when=asyncio.FIRST_COMPLETED)
                if waiting.done():
                    await self._answer(*waiting.result())
                    continue
                waiting.cancel()
                return playing.result()
        finally:
            if not playing.done():
                playing.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await playing

    # -- what the table says -----------------------------------------------------------

    def _heard(self, update: TableUpdate) -> None:
        if update.kind == "hand_started":
            assert update.seats is not None
            self._me = update.seats.index(SEAT)
            self._names = [self._seat_name(seat) for seat in update.seats]
            self._said = 0
            game = self.words[self.spec.game]
            self.console.print()
            self.console.rule(self.words["hand"].format(number=update.hand_number, game=game))
        elif update.kind == "event" and update.hand is not None:
            if self._asking:  # the table acted for the player: the clock ran out (R8.1)
                self._asking = False
                self.console.print()
                self._say(self.words["time_up"], "red")
            seen = update.hand.events_for(self._me)
            lines = dealer_lines(seen, self.spec, self._names, self.lang)
            for line in lines[self._said :]:
                self.console.print(Text("  " + line, style="cyan"))
            self._said = len(lines)
        elif update.kind == "turn" and update.seat == SEAT:
            turn, answered = self.table.turn, self.remote.pending
            if turn is not None and answered is not None:
                self._turns.put_nowait((turn, answered))

    def _seat_name(self, seat: int) -> str:
        occupant = self.table.seats[seat].occupant
        return self.words["bot"].format(seat=seat) if occupant.is_bot else occupant.name

    # -- the player's decisions --------------------------------------------------------

    async def _answer(self, turn: Turn, answered: asyncio.Future[Action]) -> None:
        """Show the table and the keys, and submit the player's action."""
        view = self.remote.view
        if view is not None:
            self._draw(view)
        options = {KEYS[option.kind]: option for option in turn.legal_actions}
        keys = "  ".join(f"[{key}] {self._label(option)}" for key, option in options.items())
        keys += f"  [q] {self.words['quit']}"
        with contextlib.suppress(_TimeUp):
            while not answered.done():
                self.console.print(Text(keys, style="bold"))
                try:
                    text = (await self._ask("> ", answered)).strip()
                    if text.lower() == "q":
                        raise _Quit
                    action = await self._action(text, options, answered)
                except _Quit:
                    await self._quit()
                    return
                if action is None:
                    continue
                try:
                    self.table.submit(SEAT, action, turn.seq)
                except TableError as error:
                    self._say(str(error), "red")
                    continue
                return

    async def _action(
        self, text: str, options: dict[str, LegalAction], answered: asyncio.Future[Action]
    ) -> Action | None:
        """The action of a key (and an amount), or None with a message why not."""
        key, rest = text[:1].lower(), text[1:].strip()
        option = options.get(key)
        takes_amount = option is not None and option.kind in (K.COMPLETE, K.BET, K.RAISE)
        if option is None or (rest and not takes_amount):
            allowed = ", ".join([*options, "q"])
            self._say(self.words["not_a_key"].format(text=text, keys=allowed), "red")
            return None
        kind = option.kind
        if kind == K.FOLD and "c" in options and options["c"].kind == K.CHECK:
            # R2.8: folding when checking is free is allowed, but asked again.
            question = self.words["fold_free"].format(
                check=self.words["check"], fold=self.words["fold"]
            )
            sure = await self._ask(question, answered)
            return Action(kind) if sure.strip().lower() == "y" else None
        if not takes_amount:
            return Action(kind)
        amounts = option.choices or (option.minimum, option.maximum)
        if not rest and len(set(amounts)) == 1:
            return Action(kind, option.minimum)
        label = self._label(option, amounts=False)
        allowed = self._amounts(option)
        if not rest:
            question = self.words["amount"].format(
                label=label, allowed=allowed, minimum=self._money(option.minimum)
            )
            rest = (await self._ask(question, answered)).strip()
            if not rest:
                return Action(kind, option.minimum)
        amount = _parse_amount(rest, self.spec)
        if amount is None or not option.allows(amount):
            message = self.words["not_an_amount"].format(label=label, allowed=allowed, text=rest)
            self._say(message, "red")
            return None
        return Action(kind, amount)

    async def _ask(self, prompt: str, answered: asyncio.Future[Action]) -> str:
        """A line typed after ``prompt``; _TimeUp if the table acts for the player
        first, _Quit at the end of the input."""
        self.console.print(Text(prompt), end="")
        line = self.keyboard.line()
        self._asking = True
        try:
            await asyncio.wait((line, answered), return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._asking = False
        if not line.done():
            raise _TimeUp  # told when the table acted
        self.keyboard.taken()
        text = line.result()
        if self.keyboard.echo or text is None:
            self.console.print(Text("" if text is None else text.rstrip("\r\n")))
        if text is None:
            raise _Quit
        return text

    async def _quit(self) -> None:
        """Fold now (or post what must be posted) and leave when the hand is over."""
        self.quitting = True
        self._say(self.words["leaving"], "bold")
        await self.table.stand(SEAT)

    # -- drawing -----------------------------------------------------------------------

    def _draw(self, view: HandView, *, over: bool = False) -> None:
        words = self.words
        # Columns as wide as a whole hand's cards, so that the table keeps its width.
        dealt = "".join(street.cards for street in self.spec.streets)
        grid = Grid(box=box.SIMPLE, pad_edge=False, show_edge=False)
        money = cell_len(self._money(self.table.config.buy_in_max))
        grid.add_column("", min_width=1)
        grid.add_column(words["col.player"], min_width=max(map(cell_len, self._names)))
        grid.add_column(words["col.stack"], justify="right", min_width=money)
        grid.add_column(words["col.bet"], justify="right", min_width=money)
        grid.add_column(words["col.down"], min_width=3 * dealt.count("d") - 1)
        grid.add_column(words["col.up"], min_width=3 * dealt.count("u") - 1)
        grid.add_column("", min_width=max(cell_len(words["folded"]), cell_len(words["all_in"])))
        for seat in view.seats:
            status = words["folded"] if seat.folded else words["all_in"] if seat.all_in else ""
            style = "dim" if seat.folded else "bold" if seat.seat == view.viewer else ""
            grid.add_row(
                "▶" if seat.seat == view.actor else "",
                self._names[seat.seat],
                self._money(seat.stack),
                self._money(seat.bet) if seat.bet else "",
                _cards(seat.down_cards, own=seat.seat == view.viewer),
                _cards(seat.up_cards),
                status,
                style=style,
            )
        if over:
            street = words["over"]
        elif view.legal_actions and all(o.kind in (K.SHOW, K.MUCK) for o in view.legal_actions):
            street = words["showdown"]
        else:
            street = self.streets.get(f"street.{view.street_name}", "")
        lines: list[Any] = [grid]
        if any(card is not None for card in view.community):
            card = " ".join(card.symbol for card in view.community if card is not None)
            lines.append(Text(PHRASES[self.lang]["community_card"].format(card=card)))
        lines.append(Text(words["pot"].format(amount=self._money(view.pot_total)), style="bold"))
        mine = _best_hand(view, self.lang)
        if mine is not None:
            lines.append(Text(words["your_hand"].format(hand=mine), style="green"))
        title = " · ".join(part for part in (words[self.spec.game], street) if part)
        self.console.print(Panel(Group(*lines), title=title, title_align="left", expand=False))

    def _label(self, option: LegalAction, *, amounts: bool = True) -> str:
        template = self.words[option.kind.value]
        if "{amount}" not in template:
            return template
        if not amounts:
            return template.replace("{amount}", "").strip()
        if option.kind in (K.CALL, K.BRING_IN):
            return template.format(amount=self._money(option.minimum))
        return template.format(amount=self._amounts(option))

    def _amounts(self, option: LegalAction) -> str:
        """The amounts an option allows: one, a few, or a range."""
        if option.choices is not None:
            return self.words["or"].join(self._money(amount) for amount in option.choices)
        if option.minimum == option.maximum:
            return self._money(option.minimum)
        return f"{self._money(option.minimum)}–{self._money(option.maximum)}"

    def _money(self, amount: int) -> str:
        return format_amount(amount, self.spec)

    def _signed(self, amount: int) -> str:
        sign = "+" if amount > 0 else "-" if amount < 0 else ""
        return sign + self._money(abs(amount))

    def _say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))


def _cards(cards: Sequence[Card | None], *, own: bool = False) -> Text:
    """Cards as the table shows them: ``??`` for a card the viewer may not see, the
    viewer's own down cards in italics."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        if card is None:
            text.append("??", style="dim")
        else:
            red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
            text.append(card.symbol, style=("red" if red else "") + (" italic" if own else ""))
    return text


def _best_hand(view: HandView, lang: str) -> str | None:
    """The name of the viewer's best hand so far (R4.5), as the room's table names it
    (hands.best: a showing board's value below five cards, the showdown's from five,
    Stud/8's high and low)."""
    me = view.me
    if me is None:
        return None
    names = best_hand_names(
        view.game, (*me.down_cards, *me.up_cards, *view.community), view.ranking
    )
    return None if names is None else names[lang]


def _parse_amount(text: str, spec: GameSpec) -> int | None:
    """An amount as the player writes money ("4", "4.00"; Show Hand: chips) in the
    table's units (the game's ``money_unit`` of them make one, R1.4), or None."""
    try:
        value = Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None
    units = value * spec.money_unit
    if not units.is_finite() or units != units.to_integral_value() or units < 0:
        return None
    return int(units)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
