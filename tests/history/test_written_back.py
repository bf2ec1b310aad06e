"""What the room writes, we read (issue 37 point 3).

The room writes every hand it deals as PokerStars text (``room.histories`` calls
:func:`~studpoker.history.pokerstars_write.to_pokerstars`); a player downloads it and
gives it back to ``stud replay`` and ``stud import``.  Here:

1. A property (Hypothesis): any hand of any of our games, with any options its
   GameSpec allows (Show Hand's deck, limits, street caps, showhand rules, settlement
   and rollover; the fixed-limit games' caps and open pairs), any stacks (all in on the
   ante, side pots, a carry-in), any legal play to the end, written under any header
   the room writes (dollars, play money, a tournament with or without a buy-in, a mixed
   game) from every seat's view and as the full record, reads back with
   :func:`~studpoker.history.read_history` and replays with every fact matching, to the
   same chips; and the record states the hand's facts: the players, their stacks, the
   antes, each action, the cards that view saw, what each player collected, what went
   back and what rolled over.
2. A real room: Show Hand hands played at its practice table and at a chips table (with
   showhands, excess returned and rollovers), downloaded as a player does
   (``GET /api/hands``), run through ``stud replay``'s code and ``stud import``'s code:
   every hand read, every hand matched, every hand imported.

``STUD_FULL=1`` runs the property with ten times the examples.
"""

from __future__ import annotations

import os
import random
import time
import uuid
from collections import deque
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx
import hypothesis
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.scripting import deal, play_seats
from engine.test_properties import Deal, deals, draw_action, seven_card_specs, show_hand_specs
from server.conftest import Client, Server, in_threads, served
from studpoker.cards import Card, deck_cards
from studpoker.cli import main
from studpoker.engine import (
    AllIn,
    Ante,
    Bet,
    BringIn,
    Call,
    CardDealt,
    CarryIn,
    Check,
    CommunityCard,
    Complete,
    Event,
    ExcessReturned,
    Fold,
    Hand,
    PotAwarded,
    Raise,
    Rollover,
    Show,
    Showhand,
    StreetStarted,
    UncalledBetReturned,
)
from studpoker.games import GameSpec, five_card_stud, razz, seven_card_stud, show_hand, stud_hilo
from studpoker.history import HandRecord, HistoryError, OtherGame, read_history, replay
from studpoker.history.pokerstars_write import to_pokerstars
from studpoker.store import Store
from studpoker.study.hands import from_record, nets
from studpoker.study.importer import import_files

FULL = os.environ.get("STUD_FULL") == "1"
STARTED = datetime(2024, 5, 1, 14, 30)

# What a PokerStars record of a fixed-limit game cannot say, and the replay is told: the
# cap (R2.5), how equal boards and the showdown order go (R3.3, R5.2) and the odd chip
# (R5.6).  Whether an open pair allows the double bet (R2.7, R9.3) is not among them: the
# text says it ("Pair on board - a double bet is allowed"), and the replay reads it.
# Show Hand's rules are all stated: the header (limit, ante, minimum bet) and the table
# line (the others).
UNSTATED = ("max_raises", "cap_heads_up", "board_tie", "showdown_order", "odd_chip")


def fixed_limit(game: str, preset: Any) -> st.SearchStrategy[GameSpec]:
    """The engine's fixed-limit tables of ``game``, any stakes and options, burning no
    card: a PokerStars text cannot say a card was burnt (R2.12), and a burnt card moves
    the community card of a short deck (R7.4) to another street."""
    return seven_card_specs({game: preset}).map(lambda spec: spec.with_options(burn_cards=False))


SPECS = {
    "seven_card_stud": fixed_limit("seven_card_stud", seven_card_stud),
    "stud_hilo": fixed_limit("stud_hilo", stud_hilo),
    "razz": fixed_limit("razz", razz),
    "five_card_stud": fixed_limit("five_card_stud", five_card_stud),
    "show_hand": show_hand_specs(),
}

# Names as players choose them: spaces, brackets, a colon, digits, letters of any script.
NAMES = (
    "Ann", "Bo", "Ah Wing", "PC [Mittel]", "x: y", "Player7", "陳大文", "Zoë", "bo bo",
    "O Neil", "the nuts", "Hero",
)  # fmt: skip


@dataclass(frozen=True)
class Header:
    """How the room heads a hand: its money, and a tournament or a mixed game."""

    currency: str | None
    tournament: int | None
    level: int
    buy_in: tuple[int, int] | None
    mix: str | None

    def options(self) -> dict[str, Any]:
        return {
            "currency": self.currency,
            "tournament": self.tournament,
            "level": self.level,
            "buy_in": self.buy_in,
            "mix": self.mix,
        }


headers = st.builds(
    Header,
    currency=st.sampled_from(["$", None]),
    tournament=st.none(),
    level=st.just(1),
    buy_in=st.none(),
    mix=st.sampled_from([None, None, "Triple Stud", "HORSE"]),
) | st.builds(
    Header,
    currency=st.none(),
    tournament=st.integers(1, 10**9),
    level=st.integers(1, 40),
    buy_in=st.none() | st.tuples(st.integers(0, 10**6), st.integers(0, 10**5)),
    mix=st.sampled_from([None, None, "Triple Stud"]),
)


def play(deal: Deal, data: st.DataObject) -> Hand:
    """The deal played to its end, each action drawn from the legal ones."""
    hand = deal.hand()
    while hand.actor is not None:
        hand.act(draw_action(data.draw, hand.legal_actions()))
    return hand


def written(hand: Hand, data: st.DataObject) -> tuple[dict[str, Any], list[str], list[int]]:
    """How the room could write ``hand``: the writer's arguments but the viewer, and the
    players' names and table seats."""
    count = hand.player_count
    size = data.draw(st.integers(count, max(count, 10)), label="table size")
    seats = sorted(data.draw(st.sets(st.integers(1, size), min_size=count, max_size=count)))
    names = data.draw(st.permutations(NAMES), label="names")[:count]
    header = data.draw(headers, label="header")
    arguments = {
        "names": names,
        "seats": seats,
        "max_seats": size,
        "hand_id": data.draw(st.integers(1, 10**12), label="hand number"),
        "table": data.draw(st.sampled_from(["studpoker", "Lucky 8", "t12-3"]), label="table"),
        "started": STARTED,
        **header.options(),
    }
    return arguments, names, seats


def read_back(hand: Hand, viewer: int | None, arguments: dict[str, Any]) -> tuple[str, HandRecord]:
    text = to_pokerstars(hand, viewer=viewer, **arguments)
    records = read_history(text)
    assert len(records) == 1, text
    (record,) = records
    assert isinstance(record, HandRecord), f"{record}\n{text}"
    return text, record


# -- what the record states, against the hand --------------------------------------------


# An action as the record states it: street, player, kind, amount, all in.
Said = tuple[int, str, str, int | None, bool]


def actions_of(events: list[Event], names: list[str]) -> list[Said]:
    """Each betting action: its street, player, kind (a completion, bet, raise or
    showhand is a ``wager``: the text writes each as ``bets`` or ``raises``), amount (what
    a bring-in or call cost, what a wager went to) and whether it put the player all in."""
    actions: list[Said] = []
    street = -1
    for event in events:
        if isinstance(event, StreetStarted):
            street = event.index
        elif isinstance(event, AllIn) and actions and street >= 0:
            at, name, kind, amount, _ = actions[-1]
            if names.index(name) == event.seat:
                actions[-1] = (at, name, kind, amount, True)
        elif isinstance(event, Complete | Bet | Raise | Showhand):
            actions.append((street, names[event.seat], "wager", event.to, False))
        elif isinstance(event, BringIn | Call):
            kind = "bring_in" if isinstance(event, BringIn) else "call"
            actions.append((street, names[event.seat], kind, event.amount, False))
        elif isinstance(event, Check | Fold):
            kind = "check" if isinstance(event, Check) else "fold"
            actions.append((street, names[event.seat], kind, None, False))
    return actions


def cards_seen(
    hand: Hand, viewer: int | None, names: list[str], slots: int
) -> tuple[dict[str, list[Card | None]], Card | None]:
    """Each player's cards as ``viewer``'s record shows them, in dealing order (None where
    unseen), and the community card (R7.4): the full record every card; a seat's its own,
    the others' up cards and the hands shown at the showdown (a hand mucked face up,
    R5.8, is in the summary alone, which the reader does not read for cards)."""
    cards: dict[str, list[Card | None]] = {name: [] for name in names}
    community = None
    for event in hand.events:
        if isinstance(event, CardDealt):
            seen = viewer is None or event.seat == viewer or event.up
            cards[names[event.seat]].append(event.card if seen else None)
        elif isinstance(event, CommunityCard):
            community = event.card
    for event in hand.events:
        if isinstance(event, Show):  # down cards, up cards, the community card last
            shown = list(event.cards[: len(event.cards) - (community is not None)])
            held = cards[names[event.seat]]
            for slot, card in enumerate(shown):
                held[slot] = card
    return {name: held + [None] * (slots - len(held)) for name, held in cards.items()}, community


def assert_states_the_hand(
    record: HandRecord, hand: Hand, viewer: int | None, names: list[str], seats: list[int]
) -> None:
    events = list(hand.events) if viewer is None else hand.events_for(viewer)
    assert record.players == names
    assert [(s.number, s.name, s.stack) for s in record.seats] == list(
        zip(seats, names, hand.starting_stacks, strict=True)
    )
    antes = {}
    for at, event in enumerate(events):
        if isinstance(event, Ante):
            later = events[at + 1] if at + 1 < len(events) else None
            all_in = isinstance(later, AllIn) and later.seat == event.seat
            antes[names[event.seat]] = (event.amount, all_in)
    assert {name: (amount, all_in) for name, (amount, all_in, _) in record.antes.items()} == antes
    said = [
        (a.street, a.player, "wager" if a.kind in ("complete", "bet", "raise") else a.kind,
         a.amount, a.all_in)
        for a in record.actions
    ]  # fmt: skip
    assert said == actions_of(events, names)
    cards, community = cards_seen(hand, viewer, names, len(record.layout.slots))
    assert record.cards == cards
    assert record.community == community

    def pairs(
        kind: type[PotAwarded | UncalledBetReturned | ExcessReturned],
    ) -> list[tuple[str, int]]:
        return sorted((names[e.seat], e.amount) for e in events if isinstance(e, kind))

    assert sorted((c.player, c.amount) for c in record.collected) == pairs(PotAwarded)
    assert sorted((p, a) for p, a, _ in record.uncalled) == pairs(UncalledBetReturned)
    assert sorted((p, a) for p, a, _ in record.excess) == pairs(ExcessReturned)
    rolled = [e.amount for e in events if isinstance(e, Rollover)]
    assert (record.rollover[0] if record.rollover else None) == (rolled[0] if rolled else None)
    carried = [e.amount for e in events if isinstance(e, CarryIn)]
    assert (record.carry_in[0] if record.carry_in else None) == (carried[0] if carried else None)
    assert record.total_pot == sum(hand.contributed) + hand.carry_in


def assert_written_back(deal: Deal, data: st.DataObject) -> Hand:
    """The hand of ``deal`` written from every seat's view and as the full record: each
    reads back, states the hand's facts, and replays to the same chips."""
    hand = play(deal, data)
    arguments, names, seats = written(hand, data)
    spec = deal.spec
    options = {} if spec.is_show_hand else {name: getattr(spec, name) for name in UNSTATED}
    for viewer in [None, *range(hand.player_count)]:
        text, record = read_back(hand, viewer, arguments)
        assert_states_the_hand(record, hand, viewer, names, seats)
        report = replay(record, **options)
        assert report.matched, f"{report.line()}\n{text}"
        assert report.hand is not None
        assert report.hand.result.net == hand.result.net, text
        # stud import's reading of the same text: each player's net, to the chip.
        study = from_record(record, text)
        assert [nets(study)[seat] for seat in seats] == list(hand.result.net), text
    return hand


@pytest.mark.parametrize("game", SPECS)
@settings(
    max_examples=600 if FULL else 60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(data=st.data())
def test_every_hand_of_every_game_written_as_the_room_writes_it_reads_back(
    game: str, data: st.DataObject
) -> None:
    deal = data.draw(deals(SPECS[game]), label="deal")
    hand = assert_written_back(deal, data)
    kinds = {type(e).__name__ for e in hand.events}
    for name in ("Showhand", "ExcessReturned", "Rollover", "CarryIn", "CommunityCard"):
        hypothesis.event(f"{name} {'yes' if name in kinds else 'no'}")
    hypothesis.event(f"pots: {len(hand.pots)}")


# -- a real room: Show Hand hands downloaded as a player downloads them --------------------

PRACTICE, CHIPS = "practice-show_hand", "chips-show_hand"
PRACTICE_HANDS = 100 if FULL else 40
# How often a player of these tests picks each kind of action, when open: mostly the
# hand goes on; showhands often enough for excess returned and rollovers (R6.6 to R6.8).
WEIGHTS = {"fold": 2, "check": 6, "call": 6, "bet": 3, "raise": 2, "showhand": 2, "show": 5}


def decide(legal: list[dict[str, Any]], rng: random.Random) -> str:
    """A random legal action; a bet or raise of any amount the table allows, mostly small."""
    options = {option["kind"]: option for option in legal}
    kinds = list(options)
    kind = rng.choices(kinds, [WEIGHTS.get(kind, 1) for kind in kinds])[0]
    if kind not in ("bet", "raise"):
        return str(kind)
    low, high = options[kind]["minimum"], options[kind]["maximum"]
    some = [low, low, rng.randint(low, min(high, 5 * low)), rng.randint(low, high)]
    return f"{kind} {rng.choice(some)}"


class Paced:
    """A client that sends 18 messages a second at most: the room reads 40 every 2 s
    (and closes a socket that sends many more), and computer players act at once."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.sent: deque[float] = deque(maxlen=36)

    def send(self, **message: Any) -> None:
        if len(self.sent) == self.sent.maxlen:
            time.sleep(max(0.0, self.sent[0] + 2.0 - time.monotonic()))
        self.sent.append(time.monotonic())
        self.client.send(**message)


def play_hands(client: Client, name: str, table: str, hands: int, rng: random.Random) -> int:
    """Answer this seat's decisions at ``table`` until ``hands`` hands have ended there
    (or none is dealt for 10 s); at a chips table, top a short stack up to the buy-in and
    sit in again.  How many hands ended."""
    paced = Paced(client)
    answered: set[int] = set()
    ended = 0
    while ended < hands:
        try:
            message = client.receive(timeout=10)
        except TimeoutError:
            break
        if message.get("type") != "table" or message.get("table") != table:
            continue
        if "result" in message:
            ended += 1
            seats = {seat["name"]: seat for seat in message["state"].get("seats") or [] if seat}
            mine = seats.get(name)
            if table == CHIPS and mine is not None and mine["chips"] < 300:
                paced.send(type="top_up", table=table, amount=1000 - mine["chips"])
                paced.send(type="sit_in", table=table)
            continue
        turn = message["state"]["turn"]
        if turn and turn["legal_actions"] and turn["seq"] not in answered:
            answered.add(turn["seq"])
            action = decide(turn["legal_actions"], rng)
            paced.send(type="act", table=table, seq=turn["seq"], action=action)
    return ended


def downloaded(server: Server, token: str) -> str:
    answer = httpx.get(f"{server.url}/api/hands", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    return answer.text


@pytest.mark.long
def test_show_hand_hands_downloaded_from_the_room_replay_and_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The user's report (issue 37): ``stud replay`` and ``stud import`` could read none
    of 100 Show Hand hands downloaded from the room.  Here: 40 hands (100 with
    ``STUD_FULL=1``) at the practice
    table (computer players, the showhand not allowed, R7.1), and hands of four players
    at a chips table (showhands, excess returned, rollovers, R6.6 to R6.8), each
    player's download replayed and imported: every hand read, matched and imported."""
    suffix = uuid.uuid4().hex[:6]
    with served("sqlite://") as server:
        practised = f"lee{suffix}"
        token = server.register(practised)
        client = server.client(token)
        try:
            client.send(type="sit", table=PRACTICE, seat=0)
            assert play_hands(client, practised, PRACTICE, PRACTICE_HANDS, random.Random(1)) == (
                PRACTICE_HANDS
            )
            client.send(type="stand", table=PRACTICE)
        finally:
            client.close()
        texts = {practised: downloaded(server, token)}
        names = [f"{first}{suffix}" for first in ("ann", "bo", "chan", "dee")]
        tokens = [server.register(name) for name in names]
        for name in names:
            account = server.room.store.account(name)
            assert account is not None
            server.room.store.deposit(account.id, 100_000)
        clients = [server.client(token) for token in tokens]
        try:
            for seat, player in enumerate(clients):
                player.send(type="sit", table=CHIPS, seat=seat, buy_in=1000)
            in_threads(
                *(
                    lambda i=i: play_hands(clients[i], names[i], CHIPS, 40, random.Random(i))
                    for i in range(len(clients))
                ),
                timeout=300,
            )
        finally:
            for player in clients:
                player.close()
        texts |= {
            name: downloaded(server, token) for name, token in zip(names, tokens, strict=True)
        }
    # (and the hand dealt as the player stood up, played out for the seat, R8.1)
    assert texts[practised].count("PokerStars Hand #") >= PRACTICE_HANDS
    assert "(rules: showhand_allowed=False)" in texts[practised]
    chips = "\n\n".join(texts[name] for name in names)
    for said in ("Excess (", "and is all-in"):
        assert said in chips
    for name, text in texts.items():
        path = tmp_path / f"{name}.txt"
        path.write_text(text, encoding="utf-8")
        hands = text.count("PokerStars Hand #")
        assert hands > 0
        # stud replay's code: every hand read and matched.
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[-1] == f"{hands} stud hands: {hands} matched, 0 mismatched, 0 could not be read"
        assert sum(": match (" in line for line in out) == hands
        # stud import's code: every hand imported, none an error.
        with Store(f"sqlite:///{tmp_path / f'{name}.db'}") as store:
            store.migrate()
            owner = store.create_account(name, None).id
            report = import_files(store, owner, [path])
        assert (report.added, report.errors, report.other_games) == (hands, [], 0)
        # And what the import reads is what the replay played: each player's net.
        for record in read_history(text):
            assert isinstance(record, HandRecord)
            played = replay(record)
            assert played.matched
            assert played.hand is not None
            seats = [seat.number for seat in record.seats if seat.name in record.players]
            study = nets(from_record(record))
            assert [study[seat] for seat in seats] == list(played.hand.result.net)


# -- Show Hand's text, line by line: what is read, and what a changed fact says ------------------


def excess_hand() -> Hand:
    """docs/engine.md's hand: the smallest stack shows hand with ace high and wins 290
    from each caller; their excess goes back (R6.7)."""
    cards = deal("2c 3c 4c  As Kd 9h  Qs Qh 8h  Js Jh 7h  Ts Th 6h")
    hand = Hand(show_hand(ante=10), [300, 500, 1000], deck=cards)
    play_seats(hand, (0, "showhand"), (1, "call"), (2, "call"))
    return hand


def rollover_hands() -> tuple[Hand, Hand]:
    """Player2 calls 200 with its last 90 (R6.8) and wins with kings: 280 stays on the
    table, and the next hand carries it in."""
    cards = deal("2c 3c 4c  As Kd 9h  Qs Kh 8h  Js Jh 7h  Ts Th 6h")
    hand = Hand(show_hand(ante=10), [1000, 100, 500], deck=cards)
    play_seats(hand, (0, "bet 200"), (1, "call"), (2, "call"))
    play_seats(hand, (2, "bet 10"), (0, "call"), (2, "bet 10"), (0, "call"), (0, "bet 10"))
    play_seats(hand, (2, "call"), (0, "show"), (2, "muck"))
    following = Hand(show_hand(ante=10), [990, 300, 260], deck=cards, carry_in=hand.result.rollover)
    play_seats(following, (0, "bet 10"), (1, "fold"), (2, "fold"))
    return hand, following


def read_one(text: str) -> HandRecord:
    (record,) = read_history(text)
    assert isinstance(record, HandRecord), record
    return record


def test_show_hand_reads_its_stakes_limit_excess_and_showhand_r6_4_to_r6_7() -> None:
    text = to_pokerstars(excess_hand(), names=["Ah Wing", "Bo", "Chan"], started=STARTED)
    record = read_one(text)
    assert (record.game, record.ante, record.small_bet, record.big_bet) == ("show_hand", 10, 0, 0)
    assert record.options == {"limit": "none", "min_bet": 10}
    assert [(a.player, a.kind, a.amount, a.all_in) for a in record.actions] == [
        ("Ah Wing", "bet", 290, True),
        ("Bo", "call", 490, True),
        ("Chan", "call", 990, True),
    ]
    lines = text.splitlines()
    excess = [number for number, line in enumerate(lines, 1) if line.startswith("Excess")]
    assert record.excess == [("Bo", 200, excess[0]), ("Chan", 700, excess[1])]
    assert (record.rollover, record.carry_in, record.total_pot) == (None, None, 1800)
    report = replay(record)
    assert report.line() == "PokerStars #1: match (22 facts)"
    assert report.hand is not None
    assert report.hand.result.net == (600, -300, -300)
    showhand = next(e for e in report.hand.events if isinstance(e, Showhand))
    assert (showhand.seat, showhand.amount, showhand.to) == (0, 290, 290)  # R6.6


def test_an_excess_returned_otherwise_is_the_difference_r6_7() -> None:
    text = to_pokerstars(excess_hand(), names=["Ah Wing", "Bo", "Chan"], started=STARTED)
    changed = text.replace("Excess (200) returned to Bo", "Excess (250) returned to Bo")
    line = changed.splitlines().index("Excess (250) returned to Bo") + 1
    assert replay(read_one(changed)).difference == (
        f"line {line}: excess returned: the record [('Bo', 250), ('Chan', 700)], "
        "ours [('Bo', 200), ('Chan', 700)] (R6.7)"
    )


def test_a_rollover_is_read_checked_and_carried_into_the_next_hand_r6_8() -> None:
    hand, following = rollover_hands()
    first = to_pokerstars(hand, started=STARTED)
    second = to_pokerstars(following, hand_id=2, started=STARTED)
    records = read_history(first + "\n\n" + second)
    assert isinstance(records[0], HandRecord)
    assert isinstance(records[1], HandRecord)
    lines = (first + "\n\n" + second).splitlines()
    assert records[0].rollover == (280, lines.index("Rollover (280) to the next hand") + 1)
    assert records[1].carry_in == (280, lines.index("Rollover (280) from the previous hand") + 1)
    assert [replay(r).line() for r in records if isinstance(r, HandRecord)] == [
        "PokerStars #1: match (47 facts)",
        "PokerStars #2: match (19 facts)",
    ]
    changed = first.replace("Rollover (280) to the next hand", "Rollover (300) to the next hand")
    line = changed.splitlines().index("Rollover (300) to the next hand") + 1
    assert replay(read_one(changed)).difference == (
        f"line {line}: rolled over to the next hand: the record 300, ours 280 (R6.8)"
    )


def test_the_table_line_states_the_rules_the_text_cannot_otherwise_say_r6_10() -> None:
    caps = (Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(1))  # R6.5
    spec = show_hand(
        ante=5, min_bet=20, limit="fixed_max", max_bet=100, deck=32, showhand_from_round=3,
        street_caps=caps,
    )  # fmt: skip
    hand = Hand(spec, [800, 800], deck=list(deck_cards(32)))
    play_seats(hand, (hand.actor, "bet 20"), (1 - hand.actor, "fold"))
    text = to_pokerstars(hand, currency="$", started=STARTED)
    assert text.splitlines()[:2] == [
        "PokerStars Hand #1:  5 Card Stud Spread Limit ($0.05/$0.20 USD) - 2024/05/01 14:30:00 ET",
        "Table 'studpoker' 6-max (rules: max_bet=$1, street_caps=1/4 1/2 1 1, "
        "showhand_from_round=3, deck=32)",
    ]
    record = read_one(text)
    assert record.options == {
        "limit": "fixed_max", "min_bet": 20, "max_bet": 100,
        "street_caps": caps,
        "showhand_from_round": 3, "deck": 32,
    }  # fmt: skip
    report = replay(record)
    assert report.matched
    assert report.hand is not None
    assert report.hand.spec == spec.with_options(max_seats=6)


def test_a_rule_we_do_not_know_is_an_error_naming_its_line_and_the_next_hand_reads() -> None:
    text = to_pokerstars(excess_hand(), started=STARTED)
    broken = text.replace("10-max", "10-max (rules: colour=red)")
    error, record = read_history(broken + "\n\n" + text.replace("Hand #1:", "Hand #2:"))
    assert isinstance(error, HistoryError)
    assert str(error) == "PokerStars hand #1, line 2: cannot read the table's rule 'colour=red'"
    assert isinstance(record, HandRecord)
    assert replay(record).matched
    odd = read_one(text.replace("10-max", "10-max (rules: deck=33)"))
    assert replay(odd).difference == (
        "line 1: cannot set up the game: deck is 52 or 32 or 28, not 33"
    )


def test_no_limit_five_card_stud_with_a_bring_in_is_another_game_not_show_hand() -> None:
    """R6.4: Show Hand has no bring-in; a hand of no-limit five-card stud that brings in
    is a game we do not deal, skipped and counted as one."""
    text = """\
PokerStars Hand #7:  5 Card Stud No Limit ($0.10/$0.25 USD) - 2011/02/14 21:07:40 ET
Table 'Alcyone IV' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts the ante $0.10
Bob: posts the ante $0.10
*** 2nd STREET ***
Dealt to Ann [9s] [Kd]
Dealt to Bob [3d]
Bob: brings in for $0.10
Ann: folds
Uncalled bet ($0.10) returned to Bob
Bob collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
"""
    (skipped,) = read_history(text)
    assert isinstance(skipped, OtherGame)
    assert skipped.game == "5 Card Stud No Limit"
    assert str(skipped) == (
        "PokerStars hand #7, line 10: a hand of 5 Card Stud No Limit with a bring-in, not Show Hand"
    )
