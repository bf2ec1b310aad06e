"""The room over a real database: a stop in the middle of a hand loses no chip (the
hand is void and the chips at tables go back to their accounts), and a competition
from start to end, with its Glicko-2 ratings (R7.3)."""

from __future__ import annotations

import asyncio
import os

import pytest

from studpoker.room import Room, RoomError
from studpoker.store import Store


async def until(test, timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not test():
        if loop.time() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.005)


def cheap(legal) -> str:
    kinds = {option.kind.value: option for option in legal}
    for kind in ("show", "check", "call", "bring_in"):
        if kind in kinds:
            return kind
    return str(next(iter(kinds)))


async def answer_until(room: Room, table_id: str, accounts, done, policy=cheap) -> None:
    """Answer every decision at ``table_id`` for the seated ``accounts`` with
    ``policy`` until ``done()``."""
    table = room.tables[table_id].table
    by_seat = {room.seat_of(a.id, table_id): a for a in accounts}
    while not done():
        turn = table.turn
        if turn is not None and turn.seat in by_seat:
            room.act(by_seat[turn.seat], table_id, policy(turn.legal_actions), turn.seq)
        await asyncio.sleep(0.002)


@pytest.mark.both_databases
@pytest.mark.parametrize("how", ["stop", "crash"])
def test_a_stop_in_the_middle_of_a_hand_loses_no_chip(tmp_path, how):
    """Issue 6: the unfinished hand is cancelled with every bet returned: the stacks
    the store holds are those after the last finished hand.  A stop pays them back to
    the accounts at once; after a crash (the tables' tasks die, nothing is closed) the
    next start does."""
    url = f"sqlite:///{tmp_path / 'room.db'}"

    async def first_run() -> dict[str, int]:
        room = Room(Store(url), seed=5, pause=0, clock=30, default_tables=False)
        await room.start()
        await room.create_table("razz", "chips", table_id="blue")
        ann, _ = await room.register("ann", "password1")
        bo, _ = await room.register("bo", "password1")
        for account in (ann, bo):
            room.store.deposit(account.id, 10_000)
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        await room.sit(bo, "blue", seat=1, buy_in=6000)
        table = room.tables["blue"].table
        await answer_until(room, "blue", [ann, bo], lambda: table.last_hand() is not None)
        first = table.last_hand()
        # Hand 2: bets go in, and the room stops while it waits for a decision.
        await until(lambda: table.turn is not None and table.hand_number == 2)
        turn = table.turn
        account = ann if turn.seat == 0 else bo
        room.act(account, "blue", cheap(turn.legal_actions), turn.seq)
        await until(lambda: table.turn is not None and table.turn.seq != turn.seq)
        assert sum(table.current_hand.contributed) > 0
        if how == "stop":
            await room.stop()
        else:
            for held in room.tables.values():
                held.task.cancel()
            await asyncio.sleep(0.01)
        room.store.close()
        return {"ann": 10_000 + first.net[0], "bo": 10_000 + first.net[1]}

    expected = asyncio.run(first_run())
    store = Store(url)
    # Before the next start, after a crash, the first hand's stacks are at the table.
    assert sum(store.holdings("blue").values()) == (10_000 if how == "crash" else 0)
    assert store.total_chips() == 20_000

    async def second_run() -> None:
        room = Room(store, default_tables=False)
        await room.start()
        await room.stop()

    asyncio.run(second_run())
    assert {name: store.account(name).balance for name in ("ann", "bo")} == expected
    assert store.holdings() == {}
    assert store.total_chips() == 20_000
    assert store.audit() == []
    assert store.last_hand_number("blue") == 1  # the cut hand was never stored
    store.close()


@pytest.mark.both_databases
def test_a_competition_from_start_to_end(tmp_path):
    """R7.3: 1000 chips each; the player who busts leaves, with a Glicko-2 game lost to
    the chip leader; the last player left wins; the results are stored and the table
    waits for the next competition."""
    url = f"sqlite:///{tmp_path / 'room.db'}"

    def push(legal) -> str:
        kinds = {option.kind.value for option in legal}
        for kind in ("showhand", "call", "show"):
            if kind in kinds:
                return kind
        return cheap(legal)

    async def play() -> None:
        room = Room(Store(url), seed=11, pause=0, clock=30, default_tables=False)
        await room.start()
        await room.create_table("show_hand", "competition", table_id="gold")
        players = [(await room.register(name, "password1"))[0] for name in ("ann", "bo")]
        for account in players:
            await room.sit(account, "gold")
        table = room.tables["gold"].table
        competition = await room.start_competition(players[0], "gold")
        assert {s.chips for s in table.seats.values()} == {1000}
        await answer_until(room, "gold", players, lambda: table.competition is None, push)
        await until(lambda: room.tables["gold"].competition_id is None)
        stored = room.store.competition(competition)
        assert stored is not None
        assert not stored.running
        places = sorted((s.place, s.chips) for s in stored.standings)
        assert places == [(1, 2000), (2, 0)]
        winner = next(a for a in players if a.id == stored.standings[0].account_id)
        loser = next(a for a in players if a.id != winner.id)
        won, lost = (room.store.rating(a.id, "show_hand") for a in (winner, loser))
        # One game from 1500/350 each: the winner gains what the loser drops.
        assert round(won.rating, 2) == 1662.31
        assert round(lost.rating, 2) == 1337.69
        assert won.provisional
        assert lost.provisional
        board = room.store.leaderboard("show_hand")
        assert [row.name for row in board] == [winner.name, loser.name]
        assert table.seats == {}  # the table waits for the next competition
        await room.stop()

    asyncio.run(play())


def test_five_card_stud_is_played_in_every_mode_r9(tmp_path):
    """The room opens a practice, a chips and a competition table of Five-Card Stud at
    the start, like every game's (R7); a player opens one of ten seats with the open
    pair's big bet on (R9.1, R9.3), where ten players are dealt a hand each with the
    books kept; a competition of it is rated as its own game (R7.3)."""
    url = f"sqlite:///{tmp_path / 'room.db'}"

    def push(legal) -> str:
        kinds = {option.kind.value: option for option in legal}
        for kind in ("raise", "complete", "bet"):
            if kind in kinds:
                return f"{kind} {kinds[kind].maximum}"
        return cheap(legal)

    async def play() -> None:
        room = Room(Store(url), seed=4, pause=0, clock=30)
        await room.start()
        for mode in ("practice", "chips", "competition"):
            entry = room.lobby_entry(f"{mode}-five_card_stud")
            assert (entry["game"], entry["mode"], entry["seats"]) == ("five_card_stud", mode, 8)
            assert entry["stakes"] == {"ante": 25, "bring_in": 50, "small_bet": 200, "big_bet": 400}
            assert entry["options"] == {"open_pair_double": False}
        players = [(await room.register(f"p{n}", "password1"))[0] for n in range(10)]
        for account in players:
            room.store.deposit(account.id, 10_000)
        await room.create_table(
            "five_card_stud",
            "chips",
            table_id="ten",
            seats=10,
            options={"open_pair_double": True},
            created_by=players[0],
        )
        entry = room.lobby_entry("ten")
        assert (entry["seats"], entry["options"]) == (10, {"open_pair_double": True})
        table = room.tables["ten"].table
        assert (table.spec.max_seats, table.spec.open_pair_double) == (10, True)
        for n, account in enumerate(players):
            await room.sit(account, "ten", seat=n, buy_in=4000)
        await answer_until(  # the first hands began before all ten sat
            room,
            "ten",
            players,
            lambda: (done := table.last_hand()) is not None and done.hand.player_count == 10,
        )
        for account in players:
            await room.stand(account, "ten")
        await until(lambda: not room.store.holdings("ten"))
        assert room.store.audit() == []
        assert sum(room.store.account(a.id).balance for a in players) == 100_000
        # A competition between two of them, rated as Five-Card Stud's.
        ann, bo = players[:2]
        for account in (ann, bo):
            await room.sit(account, "competition-five_card_stud")
        gold = room.tables["competition-five_card_stud"].table
        competition = await room.start_competition(ann, "competition-five_card_stud")
        assert {s.chips for s in gold.seats.values()} == {1000}
        await answer_until(
            room, "competition-five_card_stud", [ann, bo], lambda: gold.competition is None, push
        )
        await until(lambda: room.tables["competition-five_card_stud"].competition_id is None)
        stored = room.store.competition(competition)
        assert stored is not None
        assert not stored.running
        assert sorted((s.place, s.chips) for s in stored.standings) == [(1, 2000), (2, 0)]
        board = room.store.leaderboard("five_card_stud")
        assert len(board) == 2
        assert room.store.leaderboard("seven_card_stud") == []
        await room.stop()

    asyncio.run(play())


@pytest.mark.both_databases
def test_a_rollover_outlives_a_restart_and_is_shared_at_the_last_hand(tmp_path):
    """R6.8 at a chips table: the rollover the store keeps is carried into the table
    when the room starts again, and when the room stops (the table's last hand) it is
    split equally among the players seated, the odd chip to the first by seat order."""
    from datetime import UTC, datetime

    from studpoker.store import HandPlayer, HandRow

    url = f"sqlite:///{tmp_path / 'room.db'}"
    store = Store(url)
    store.migrate()
    ids = [store.create_account(name, None).id for name in ("ann", "bo", "cai")]
    for account in ids:
        store.deposit(account, 2000)
        store.buy_in(account, "chips-show_hand", 1000)
    now = datetime.now(UTC)
    # A hand that left 31 chips on the table (a short caller won, R6.8).
    store.record_hand(
        HandRow(
            "chips-show_hand",
            1,
            "show_hand",
            "chips",
            now,
            now,
            "",
            "[]",
            62,
            [HandPlayer(0, "ann", 20, ids[0]), HandPlayer(1, "bo", -51, ids[1])],
            rollover=31,
        )
    )

    async def run() -> None:
        room = Room(store, seed=1, pause=0, clock=30, default_tables=False)
        await room.start()  # the chips held are paid back; the rollover stays
        await room.create_table("show_hand", "chips", table_id="chips-show_hand")
        table = room.tables["chips-show_hand"].table
        assert table.rollover == 31
        accounts = [store.account(account) for account in ids]
        for seat, account in enumerate(accounts):
            await room.sit(account, "chips-show_hand", seat=seat, buy_in=1000)
        room.tables["chips-show_hand"].stop.set()  # no hand: stop at once
        await room.stop()

    asyncio.run(run())
    # 31 = 11 + 10 + 10, by seat order.
    assert [store.account(a).balance for a in ids] == [2000 + 20 + 11, 2000 - 51 + 10, 2000 + 10]
    assert store.rollover("chips-show_hand") == 0
    assert store.audit() == []
    assert store.total_chips() == 6000
    store.close()


def test_a_bot_account_plays_practice_only(tmp_path):
    async def run() -> None:
        room = Room(Store(f"sqlite:///{tmp_path / 'r.db'}"), seed=1, pause=0)
        await room.start()
        robot, _ = await room.register("robot", "password1", bot=True)
        assert robot.bot
        for mode in ("chips", "competition"):
            with pytest.raises(RoomError, match=r"computer players play at practice tables only"):
                await room.sit(robot, f"{mode}-razz", buy_in=4000)
        assert await room.sit(robot, "practice-razz") == 0
        await room.stop()

    asyncio.run(run())


def test_a_name_that_reads_like_a_players_or_the_rooms_is_refused(tmp_path):
    """Issue 13: look-alike letters, the room's own names and a name NFKC spells out past
    its column are refused with what was wrong; a look-alike login finds nobody."""

    async def run() -> None:
        room = Room(Store(f"sqlite:///{tmp_path / 'r.db'}"), default_tables=False)
        await room.start()
        alice, _ = await room.register("  Alice ", "password1")
        assert alice.name == "Alice"
        with pytest.raises(
            RoomError, match=r"^the name 'АLICE' looks like the name of another player; choose"
        ):
            await room.register("АLICE", "password1")  # its А Cyrillic
        with pytest.raises(RoomError, match=r"^the name 'Bot 3' is kept for the room's computer"):
            await room.register("Bot 3", "password1")
        with pytest.raises(
            RoomError,
            match=r"^a name is 1 to 24 characters once normalised \(NFKC\), and this one is 396$",
        ):
            await room.register("\ufdfa" * 22, "password1")
        with pytest.raises(
            RoomError, match=r"^a name may not hold the invisible character U\+3164 \(HANGUL"
        ):
            await room.register("Ann\u3164", "password1")
        lee, _ = await room.register("Ｌｅｅ   Wong", "password1")
        assert lee.name == "Lee Wong"
        assert (await room.login(" Lee Wong", "password1"))[0] == lee
        assert (await room.login("Ｌｅｅ  Wong", "password1"))[0] == lee
        with pytest.raises(RoomError, match=r"^wrong name or password$"):
            await room.login("Аlice", "password1")
        guest, _ = await room.guest()
        assert guest.name.startswith("Guest ")
        await room.stop()

    asyncio.run(run())


def test_a_chat_line_that_hides_or_reorders_text_is_refused(tmp_path):
    async def run() -> None:
        room = Room(Store(f"sqlite:///{tmp_path / 'r.db'}"), default_tables=False)
        await room.start()
        await room.create_table("razz", "practice", table_id="blue")
        ann, _ = await room.register("ann", "password1")
        assert room.say(ann, "blue", " nice\u200b  hand ").text == "nice hand"
        with pytest.raises(RoomError, match=r"^a chat line may not hold the bidirectional control"):
            room.say(ann, "blue", "gg \u202eevil")
        with pytest.raises(
            RoomError, match=r"^a chat line may not hold the control character U\+0000"
        ):
            room.say(ann, "blue", "gg\x00")
        with pytest.raises(RoomError, match=r"^say something: the line is empty$"):
            room.say(ann, "blue", "\u200b \u2060")
        assert [line.text for line in room.tables["blue"].chat] == ["nice hand"]
        await room.stop()

    asyncio.run(run())


def test_hand_histories_are_written_in_a_worker_process(tmp_path):
    """A room on a database file writes hand histories in a process of its own (they
    are seconds of pure Python for a thousand hands: issue 13); what it writes is the
    player's own view, as on a thread."""
    url = f"sqlite:///{tmp_path / 'room.db'}"

    async def play() -> tuple[str, str, int | None]:
        room = Room(Store(url), seed=5, pause=0, clock=30, default_tables=False)
        await room.start()
        await room.create_table("razz", "practice", table_id="green")
        ann, _ = await room.register("ann", "password1")
        await room.sit(ann, "green", seat=0)
        table = room.tables["green"].table
        await answer_until(room, "green", [ann], lambda: table.last_hand() is not None)
        assert room.histories.processes
        text = await room.hand_history(ann)
        pid = room.histories._pool._processes and next(iter(room.histories._pool._processes))
        await room.stop()
        from studpoker.room.histories import hand_histories

        return text, hand_histories(room.store, ann.id, 100, None), pid

    text, on_a_thread, pid = asyncio.run(play())
    assert text == on_a_thread
    assert text.startswith("PokerStars Hand #")
    assert "Dealt to ann [" in text
    assert pid is not None
    assert pid != os.getpid()


def test_a_practice_tables_level_seats_its_computer_players_and_survives_a_restart(tmp_path):
    """Issue 19: a practice table opened at the expert level seats range-reading players
    (the solver's player in Show Hand), says its level in the lobby, and opens at that
    level again when the room starts again."""
    from studpoker.bots import RangePlayer
    from studpoker.bots.show_hand_cfr.player import SolverPlayer

    url = f"sqlite:///{tmp_path / 'r.db'}"

    async def first() -> None:
        room = Room(Store(url), seed=2, pause=0, default_tables=False)
        await room.start()
        await room.create_table("razz", "practice", table_id="sharks", level="expert")
        await room.create_table("show_hand", "practice", table_id="pushers", level="expert")
        await room.create_table("razz", "practice", table_id="plain")
        ann, _ = await room.register("ann", "password1")
        for table_id in ("sharks", "pushers"):
            await room.sit(ann, table_id)
            seats = room.tables[table_id].table._seats
            await until(lambda seats=seats: any(h.occupant.is_bot for h in seats.values()))
            bots = [h.occupant.player for h in seats.values() if h.occupant.is_bot]
            kind = RangePlayer if table_id == "sharks" else SolverPlayer
            assert all(type(player) is kind for player in bots)
            await room.stand(ann, table_id)
        assert room.lobby_entry("sharks")["level"] == "expert"
        assert room.lobby_entry("plain")["level"] == "normal"  # the room's
        await room.stop()

    async def second() -> None:
        room = Room(Store(url), seed=2, pause=0, default_tables=False)
        await room.start()
        assert room.lobby_entry("sharks")["level"] == "expert"
        assert room.tables["sharks"].table.config.bot_level == "expert"
        await room.stop()

    asyncio.run(first())
    asyncio.run(second())
