"""A chips table's books (issue 13): every seated stack and pending top-up equals what
the database holds for that seat, checked before every deal, after every hand and
after every seat operation; a table whose books disagree deals no more hands, says
why, and pays its players what the database holds when they leave."""

from __future__ import annotations

import asyncio

import pytest

from studpoker.cli import main
from studpoker.room import Room, RoomError
from studpoker.store import Store
from studpoker.store.errors import StoreError

from .test_room import answer_until, until


@pytest.fixture
def url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'room.db'}"


async def chips_room(url: str, game: str = "razz", pause: float = 0) -> tuple[Room, list]:
    room = Room(Store(url), seed=3, pause=pause, clock=30, default_tables=False)
    await room.start()
    await room.create_table(game, "chips", table_id="blue")
    players = [(await room.register(name, "password1"))[0] for name in ("ann", "bo")]
    for account in players:
        room.store.deposit(account.id, 10_000)
    return room, players


def test_books_that_disagree_halt_the_table_before_the_next_deal(url: str):
    async def play() -> None:
        room, (ann, bo) = await chips_room(url)
        table = room.tables["blue"].table
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        # A seat given 500 chips the database does not hold (the race of issue 13).
        table.seats[0].chips += 500
        reason = (
            "its books disagree with the database: table blue: ann (account 1) has 4500 "
            "at the table but the database holds 4000"
        )
        await until(lambda: table.halted is not None)
        assert table.halted == reason
        assert room.lobby_entry("blue")["halted"] == reason
        with pytest.raises(RoomError) as refused:
            await room.sit(bo, "blue", seat=1, buy_in=4000)
        assert str(refused.value) == f"the table deals no more hands: {reason}"
        assert table.hand_number is None  # no hand dealt
        assert table.last_hand() is None
        # The audit sees what the room said: its books, against the holdings.
        assert room.store.audit() == [
            "table blue: ann (account 1) has 4500 at the table but the database holds 4000"
        ]
        # Leaving pays what the database holds: the ledger is the truth of money.
        await room.stand(ann, "blue")
        assert [room.store.account(a.id).balance for a in (ann, bo)] == [10_000, 10_000]
        assert room.store.holdings() == {}
        await room.stop()

    asyncio.run(play())


def test_a_hand_the_store_refuses_halts_the_table_and_loses_no_chip(url: str, caplog):
    async def play() -> None:
        room, (ann, bo) = await chips_room(url)
        table = room.tables["blue"].table
        store = room.store

        def refuse(row, *, fence=None):
            raise StoreError("the database is read-only")

        store.record_hand = refuse  # type: ignore[method-assign]
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        await room.sit(bo, "blue", seat=1, buy_in=4000)
        await answer_until(room, "blue", [ann, bo], lambda: table.halted is not None)
        assert table.halted == "hand 1 could not be recorded: the database is read-only"
        assert "table blue: hand 1 was not recorded" in caplog.messages
        assert table.last_hand().number == 1
        await asyncio.sleep(0.05)
        assert table.hand_number is None  # no second hand
        await room.stand(ann, "blue")
        await room.stand(bo, "blue")
        # The hand was never stored: both get their buy-in back, whatever it said.
        assert [store.account(a.id).balance for a in (ann, bo)] == [10_000, 10_000]
        assert store.audit() == []
        await room.stop()

    asyncio.run(play())


@pytest.mark.parametrize("game", ["razz", "five_card_stud"])
def test_every_hand_keeps_the_books_for_the_audit(url: str, game: str):
    async def play() -> None:
        # A pause between hands (the room's pause) for the audit to be read in: with none, a loaded
        # machine could deal the next hand before a poll saw the table between hands.
        room, (ann, bo) = await chips_room(url, game, pause=0.05)
        table = room.tables["blue"].table
        audits: dict[int, list[str]] = {}

        def audited() -> bool:
            """After each hand, before the next is dealt: the audit of the books."""
            done = table.last_hand()
            if done is not None and done.number not in audits and table.hand_number is None:
                audits[done.number] = room.store.audit()
            return done is not None and done.number >= 3

        await room.sit(ann, "blue", seat=0, buy_in=4000)
        await room.sit(bo, "blue", seat=1, buy_in=6000)
        await answer_until(room, "blue", [ann, bo], lambda: table.last_hand() is not None)
        await room.top_up(ann, "blue", 1000)
        await answer_until(room, "blue", [ann, bo], audited)
        assert table.halted is None
        assert audits
        assert all(audit == [] for audit in audits.values()), audits
        assert room.store.audit() == []
        # Every hand's chips are the ledger's: the balances and the stacks are the
        # deposits, whatever the hands did.
        balances = sum(room.store.account(a.id).balance for a in (ann, bo))
        assert balances + sum(seat.chips + seat.top_up for seat in table.seats.values()) == 20_000
        await room.stop()

    asyncio.run(play())


def test_stud_admin_audit_reports_a_seat_the_database_does_not_hold(url: str, capsys):
    async def play() -> None:
        room, (ann, _) = await chips_room(url)
        await room.sit(ann, "blue", seat=0, buy_in=4000)
        table = room.tables["blue"].table
        table.seats[0].chips += 1
        await until(lambda: table.halted is not None)  # checked before a deal
        room.store.close()

    asyncio.run(play())
    assert main(["admin", "audit", "--database", url]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "table blue: ann (account 1) has 4001 at the table but the database holds 4000",
        "1 differences; 200.00 in the room (20000 chips)",
    ]


def test_a_busted_player_who_stands_up_leaves_the_table_dealing(url: str):
    """A chips seat left with no chips (busted, sitting out) stands up: nothing goes back
    to the balance, and the table goes on; it once asked the store to cash out 0 chips,
    was refused, and halted."""

    def all_in(legal) -> str:
        kinds = {option.kind.value: option for option in legal}
        for kind in ("showhand", "call", "show", "check"):
            if kind in kinds:
                return kind
        return str(next(iter(kinds)))

    async def play() -> None:
        room, (ann, bo) = await chips_room(url, "show_hand")
        table = room.tables["blue"].table
        minimum = table.config.buy_in_min
        await room.sit(ann, "blue", seat=0, buy_in=minimum)
        await room.sit(bo, "blue", seat=1, buy_in=minimum)

        def busted() -> bool:
            return table.hand_number is None and any(
                seat.chips == 0 for seat in table.seats.values()
            )

        await answer_until(room, "blue", [ann, bo], busted, policy=all_in)
        loser = next(a for a in (ann, bo) if table.seat(room.seat_of(a.id, "blue")).chips == 0)
        assert table.seat(room.seat_of(loser.id, "blue")).sitting_out  # no chips: out
        await room.stand(loser, "blue")
        assert room.seat_of(loser.id, "blue") is None
        assert table.halted is None
        assert room.store.account(loser.id).balance == 10_000 - minimum
        assert room.store.audit() == []
        await room.stop()
        assert sum(room.store.account(a.id).balance for a in (ann, bo)) == 20_000

    asyncio.run(play())
