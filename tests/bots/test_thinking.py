"""Computer players that pause like people (bots/thinking.py, issue 19): a think time
drawn per decision, shorter when obvious, longer for a raise or a showhand; at a room's
table the seat's clock shows while the bot thinks and its action comes after."""

from __future__ import annotations

import asyncio
import random
import statistics

import pytest

from studpoker.bots import CallingStation, RuleBasedPlayer
from studpoker.bots.thinking import LONGEST, SHORTEST, Thinking, think_time
from studpoker.engine import Action, Hand, Showhand
from studpoker.games import razz, show_hand
from studpoker.room import Room
from studpoker.store import Store


def median(text: str, choices: int = 3, **kw: bool) -> float:
    rng = random.Random(1)
    return statistics.median(think_time(Action.parse(text), choices, rng=rng, **kw)
                             for _ in range(2001))  # fmt: skip


def test_obvious_decisions_are_quick_and_big_ones_slow() -> None:
    assert median("check") == pytest.approx(0.6, rel=0.05)
    assert median("fold") == pytest.approx(0.6, rel=0.05)
    assert median("call 200", choices=1) == pytest.approx(0.6, rel=0.05)  # no choice
    assert median("call 200") == pytest.approx(1.2, rel=0.05)
    assert median("raise 400") == pytest.approx(2.5, rel=0.05)
    assert median("showhand") == pytest.approx(4.0, rel=0.05)
    assert median("call 900", showhand_faced=True) == pytest.approx(4.0, rel=0.05)
    rng = random.Random(2)
    drawn = [think_time(Action.parse("showhand"), 3, rng=rng) for _ in range(5000)]
    assert min(drawn) >= SHORTEST
    assert max(drawn) == LONGEST  # cut at six seconds
    assert len(set(drawn)) > 4000  # never the same pause over and over


def test_a_thinking_player_answers_the_same_action_later() -> None:
    hand = Hand(razz(), [1000, 1000], rng=random.Random(3))
    view = hand.view(hand.actor)  # type: ignore[arg-type]
    plain = RuleBasedPlayer(random.Random(5)).decide(view)
    thinking = Thinking(RuleBasedPlayer(random.Random(5)), random.Random(6), scale=0.01)
    answer = thinking.decide(view)
    assert not isinstance(answer, Action)

    async def wait() -> tuple[Action, float]:
        loop = asyncio.get_running_loop()
        start = loop.time()
        action = await answer  # type: ignore[misc]
        return action, loop.time() - start

    action, took = asyncio.run(wait())
    assert action == plain
    assert took >= SHORTEST * 0.01
    at_once = Thinking(CallingStation(), scale=0)
    assert isinstance(at_once.decide(view), Action)
    with pytest.raises(ValueError, match=r"a think time's scale is 0 or more, not -1"):
        Thinking(CallingStation(), scale=-1)


def test_a_showhand_called_is_thought_over() -> None:
    """Show Hand (R6.6): the station calls a showhand after the longest kind of pause."""
    hand = Hand(show_hand(), [1000, 1000], rng=random.Random(1))
    while not any(isinstance(e, Showhand) for e in hand.events):
        kinds = {o.kind.value for o in hand.legal_actions()}
        hand.act("showhand" if "showhand" in kinds else "check" if "check" in kinds else "bet 10")
    view = hand.view(hand.actor)  # type: ignore[arg-type]
    seen = []
    for seed in range(200):
        player = Thinking(CallingStation(), random.Random(seed))
        coro = player.decide(view)
        frame = coro.cr_frame  # type: ignore[union-attr]
        seen.append(frame.f_locals["seconds"])
        coro.close()  # type: ignore[union-attr]
    assert statistics.median(seen) == pytest.approx(4.0, rel=0.1)


def test_at_a_room_table_the_bots_clock_shows_while_it_thinks(tmp_path) -> None:
    """A practice table of a room whose bots think (scale 0.05: pauses of 15 to 300
    ms): each bot decision is a turn told to the table, its action played after."""

    async def run() -> None:
        room = Room(Store(f"sqlite:///{tmp_path / 'r.db'}"), seed=3, pause=0,
                    bot_think=0.05, default_tables=False)  # fmt: skip
        await room.start()
        await room.create_table("razz", "practice", table_id="blue")
        ann, _ = await room.register("ann", "password1")
        seat = await room.sit(ann, "blue")
        loop = asyncio.get_running_loop()
        seen: list[tuple[str, float, object]] = []
        room.listeners.append(
            lambda u: seen.append((u.kind, loop.time(), u.seat if u.kind == "turn" else u.event))
        )
        table = room.tables["blue"].table
        deadline = loop.time() + 30
        while not any(kind == "hand_ended" for kind, _, _ in seen):
            turn = table.turn
            if turn is not None and turn.seat == seat:
                kinds = {o.kind.value for o in turn.legal_actions}
                cheap = ("check", "call", "bring_in", "show", "fold")
                answer = next(k for k in cheap if k in kinds)
                room.act(ann, "blue", answer, turn.seq)
            assert loop.time() < deadline
            await asyncio.sleep(0.002)
        await room.stop()
        ended = next(at for kind, at, _ in seen if kind == "hand_ended")
        bot_turns = [(at, s) for kind, at, s in seen if kind == "turn" and s != seat and at < ended]
        assert bot_turns, "a bot's turn is told, as a person's is"
        for at, _ in bot_turns:  # each bot's action comes a pause after its turn
            after = next(t for kind, t, _ in seen if kind == "event" and t > at)
            assert after - at >= SHORTEST * 0.05 * 0.9

    asyncio.run(run())
