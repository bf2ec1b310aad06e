"""An account's hands as PokerStars text say what the money was (issue: what we write
reads everywhere), so that a tracker never books play chips as dollars: a practice
table's hands are play money (no currency, as PokerStars writes play chips), a chips
table's fixed-limit hands are dollars and cents, a competition's hands are the
tournament they were (R7.3), numbered by the competition, in chips."""

from __future__ import annotations

import asyncio

from studpoker.history import HandRecord, read_pokerstars, replay
from studpoker.history.deals import DealtHand, dealt, verdict
from studpoker.room import Room
from studpoker.store import Store

from .test_room import answer_until, cheap, until


def test_each_mode_writes_its_money_as_pokerstars_does(tmp_path):
    url = f"sqlite:///{tmp_path / 'room.db'}"

    def push(legal) -> str:
        kinds = {option.kind.value for option in legal}
        return next((k for k in ("showhand", "call", "show") if k in kinds), cheap(legal))

    async def play() -> tuple[dict[str, str], int]:
        room = Room(Store(url), seed=3, pause=0, clock=30, default_tables=False)
        await room.start()
        ann, _ = await room.register("ann", "password1")
        bo, _ = await room.register("bo", "password1")
        for account in (ann, bo):
            room.store.deposit(account.id, 10_000)
        await room.create_table("razz", "practice", table_id="green")
        await room.create_table("razz", "chips", table_id="blue")
        await room.create_table("show_hand", "competition", table_id="gold")
        texts = {}
        for table_id in ("green", "blue"):
            for account in (ann, bo):
                await room.sit(account, table_id, buy_in=4000 if table_id == "blue" else None)
            table = room.tables[table_id].table
            await answer_until(room, table_id, [ann, bo], lambda t=table: t.last_hand() is not None)
            for account in (ann, bo):
                await room.stand(account, table_id)
            texts[table_id] = await room.hand_history(ann, table_id=table_id)
        for account in (ann, bo):
            await room.sit(account, "gold")
        competition = await room.start_competition(ann, "gold")
        table = room.tables["gold"].table
        await answer_until(room, "gold", [ann, bo], lambda: table.competition is None, push)
        await until(lambda: room.tables["gold"].competition_id is None)
        texts["gold"] = await room.hand_history(ann, table_id="gold")
        await room.stop()
        return texts, competition

    texts, competition = asyncio.run(play())
    first = {table: text.splitlines()[0] for table, text in texts.items()}
    assert first["green"].endswith("Razz Limit (200/400) - " + first["green"].split(" - ")[-1])
    assert "$" not in texts["green"]
    assert "USD" not in texts["green"]
    assert "Razz Limit ($2/$4 USD)" in first["blue"]
    # Show Hand is written as PokerStars' nearest game (docs/history.md).
    assert f"Tournament #{competition}, Freeroll  5 Card Stud No Limit" in first["gold"]
    assert "Level I (" in first["gold"]
    # Read back and replayed, Show Hand's too (issue 37: what we write, we read).
    for table in ("green", "blue", "gold"):
        records = read_pokerstars(texts[table])
        assert records, table
        for record in records:
            assert isinstance(record, HandRecord), record
            assert replay(record).matched, (table, replay(record).difference)
        expected = {"green": (None, None), "blue": ("$", None), "gold": (None, str(competition))}
        assert (records[0].currency, records[0].tournament) == expected[table]


def test_five_card_stud_hands_download_and_read_back_in_every_mode(tmp_path):
    """R9: a Five-Card Stud hand of each mode as PokerStars text (its "5 Card Stud"), read
    back and replayed through the engine fact for fact; play money at practice, dollars
    at a chips table, a tournament in a competition."""
    url = f"sqlite:///{tmp_path / 'room.db'}"

    async def play() -> tuple[dict[str, str], int]:
        room = Room(Store(url), seed=5, pause=0, clock=30, default_tables=False)
        await room.start()
        ann, _ = await room.register("ann", "password1")
        bo, _ = await room.register("bo", "password1")
        for account in (ann, bo):
            room.store.deposit(account.id, 10_000)
        texts = {}
        for mode in ("practice", "chips", "competition"):
            await room.create_table("five_card_stud", mode, table_id=mode)
            for account in (ann, bo):
                await room.sit(account, mode, buy_in=4000 if mode == "chips" else None)
            table = room.tables[mode].table
            if mode == "competition":
                competition = await room.start_competition(ann, mode)
            await answer_until(room, mode, [ann, bo], lambda t=table: t.last_hand() is not None)
            if mode != "competition":
                for account in (ann, bo):
                    await room.stand(account, mode)
            texts[mode] = await room.hand_history(ann, table_id=mode)
        await room.stop()
        return texts, competition

    texts, competition = asyncio.run(play())
    first = {mode: text.splitlines()[0] for mode, text in texts.items()}
    assert "5 Card Stud Limit (200/400)" in first["practice"]
    assert "$" not in texts["practice"]
    assert "5 Card Stud Limit ($2/$4 USD)" in first["chips"]
    assert f"Tournament #{competition}, Freeroll  5 Card Stud Limit" in first["competition"]
    for mode, text in texts.items():
        records = read_pokerstars(text)
        assert records, mode
        for record in records:
            assert isinstance(record, HandRecord), record
            assert record.game == "five_card_stud"
            assert replay(record).matched, (mode, replay(record).difference)
        currency = "$" if mode == "chips" else None
        assert records[0].currency == currency
        assert (records[0].tournament is not None) == (mode == "competition")


def test_a_closed_tables_hands_verify_against_their_revealed_seeds(tmp_path):
    """Issue 38: each hand the room deals is kept with its deal; while the table plays,
    the downloads say its seeds are not revealed yet; the operator closes the table, its
    epoch's seeds are revealed all at once, and ``stud verify`` checks every card of the
    downloaded hands against the decks the seeds make (a chips table of Razz, a practice
    table of Show Hand)."""
    url = f"sqlite:///{tmp_path / 'room.db'}"

    def push(legal) -> str:
        """Call or check down; a Show Hand opener (no showhand at practice) bets least."""
        kinds = {option.kind.value: option for option in legal}
        if "bet" in kinds and not {"check", "call", "show"} & kinds.keys():
            return f"bet {kinds['bet'].minimum}"
        return cheap(legal)

    async def play() -> dict[str, tuple[str, str, list[dict]]]:
        room = Room(Store(url), seed=7, pause=0, clock=30, default_tables=False)
        await room.start()
        ann, _ = await room.register("ann", "password1")
        bo, _ = await room.register("bo", "password1")
        for account in (ann, bo):
            room.store.deposit(account.id, 10_000)
        await room.create_table("razz", "chips", table_id="blue")
        await room.create_table("show_hand", "practice", table_id="red")
        texts = {}
        for table_id in ("blue", "red"):
            for account in (ann, bo):
                await room.sit(account, table_id, buy_in=4000 if table_id == "blue" else None)
            table = room.tables[table_id].table
            await answer_until(
                room, table_id, [ann, bo], lambda t=table: t.hand(2) is not None, push
            )
            for account in (ann, bo):
                await room.stand(account, table_id)
            before = await room.hand_history(ann, table_id=table_id)
            await room.close_table(table_id)
            after = await room.hand_history(ann, table_id=table_id)
            texts[table_id] = (before, after, room.store.revealed_seeds(table_id))
        await room.stop()
        return texts

    texts = asyncio.run(play())
    for table_id, (before, after, seeds) in texts.items():
        hands = before.count("Deal: hand ")
        assert hands >= 1, table_id
        assert before.count("Server seed: not revealed yet") == hands
        assert after.count("Server seed: not revealed yet") == 0
        assert [s["hand_id"].split("/")[0] for s in seeds] == [table_id] * len(seeds)
        assert all(s["test_seed"] for s in seeds)  # the room ran with a test seed
        path = tmp_path / f"{table_id}.txt"
        path.write_text(after)
        records = read_pokerstars(after)
        assert all(isinstance(r, HandRecord) and r.deal is not None for r in records)
        for record in records:
            assert isinstance(record, HandRecord)
            report = replay(record)
            assert report.matched, report.difference
            assert report.hand is not None
            said, line = verdict(DealtHand(record.number, record.deal, dealt(report.hand)))
            assert (said, line.split(" (")[0]) == ("verified", "verified"), line
            assert record.deal.size == 52
            assert len(dealt(report.hand)) >= 6
