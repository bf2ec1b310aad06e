"""An account's hands as PokerStars text say what the money was (issue: what we write
reads everywhere), so that a tracker never books play chips as dollars: a practice
table's hands are play money (no currency, as PokerStars writes play chips), a chips
table's seven-card hands are dollars and cents, a competition's hands are the
tournament they were (R7.3), numbered by the competition, in chips."""

from __future__ import annotations

import asyncio

from studpoker.history import HandRecord, read_pokerstars, replay
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
    # Read back (our reader reads the seven-card games; Show Hand's text is for others).
    for table in ("green", "blue"):
        records = read_pokerstars(texts[table])
        assert records, table
        for record in records:
            assert isinstance(record, HandRecord), record
            assert replay(record).matched, (table, replay(record).difference)
        expected = (None, None) if table == "green" else ("$", None)
        assert (records[0].currency, records[0].tournament) == expected
