"""DESIGN idea 4 as a property (Hypothesis, rule-based): whatever the room does —
deposits, the operator's withdrawals, free chips, buy-ins, cash-outs, hands with
rollovers, rollovers shared out, competitions with entry fees and prizes, and refused
operations — after every step the audit finds nothing, every balance and holding is what
a plain model of the room says, and the room's chips have changed only by the deposits,
withdrawals and free chips.

Set ``STUD_FULL=1`` for many more runs.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    MultipleResults,
    RuleBasedStateMachine,
    initialize,
    invariant,
    multiple,
    precondition,
    rule,
    run_state_machine_as_test,
)

from studpoker.store import (
    Actor,
    FreeChipsRefused,
    HandPlayer,
    HandRow,
    InsufficientFunds,
    Placing,
    Store,
    StoreError,
)

FULL = bool(os.environ.get("STUD_FULL"))
CONSOLE = Actor("console (test)")
START = datetime(2026, 3, 1, tzinfo=UTC)


class Room(RuleBasedStateMachine):
    """The store next to a model of the room in dicts. The database is shared by every
    run of the machine, so each run has names and tables of its own and compares only
    them, while the audit and the total cover everything."""

    accounts = Bundle("accounts")

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.run = uuid.uuid4().hex[:8]
        self.tables = [f"{self.run}-{i}" for i in range(2)]
        self.total = store.total_chips()
        self.balance: dict[int, int] = {}
        self.held: dict[tuple[str, int], int] = {}
        self.rollover = dict.fromkeys(self.tables, 0)
        self.hands = dict.fromkeys(self.tables, 0)
        self.running: dict[int, tuple[list[int], int]] = {}
        self.granted: dict[int, datetime] = {}  # when each account had free chips last

    def holders(self, table: str) -> list[int]:
        return sorted(a for (t, a), chips in self.held.items() if t == table and chips > 0)

    @initialize(target=accounts, amounts=st.lists(st.integers(1, 5000), min_size=3, max_size=3))
    def seat_players(self, amounts: list[int]) -> MultipleResults[int]:
        """Three players with money, each with half of it at the first table."""
        seated = [self.new_account(amount) for amount in amounts]
        for account, amount in zip(seated, amounts, strict=True):
            self.store.buy_in(account, self.tables[0], amount // 2 + 1)
            self.balance[account] -= amount // 2 + 1
            self.held[self.tables[0], account] = amount // 2 + 1
        return multiple(*seated)

    @rule(target=accounts, amount=st.integers(1, 5000))
    def open_account(self, amount: int) -> int:
        return self.new_account(amount)

    def new_account(self, amount: int) -> int:
        """A new account, and the operator's first deposit into it."""
        account = self.store.create_account(f"p{self.run}{len(self.balance)}", None)
        self.balance[account.id] = 0
        self.add_money(account.id, amount)
        return account.id

    @rule(account=accounts, amount=st.integers(1, 5000))
    def deposit(self, account: int, amount: int) -> None:
        self.add_money(account, amount)

    def add_money(self, account: int, amount: int) -> None:
        assert self.store.deposit(account, amount) == self.balance[account] + amount
        self.balance[account] += amount
        self.total += amount

    @rule(account=accounts, data=st.data())
    def withdraw(self, account: int, data: st.DataObject) -> None:
        """The operator takes money off a balance (issue 34): never more than it holds,
        never a chip at a table."""
        amount = data.draw(st.integers(1, self.balance[account] + 20))
        if amount > self.balance[account]:
            with pytest.raises(InsufficientFunds, match=r"cannot have \d+ withdrawn"):
                self.store.withdraw(account, amount, by=CONSOLE, reason="cash-out")
            return
        left = self.store.withdraw(account, amount, by=CONSOLE, reason="cash-out")
        assert left == self.balance[account] - amount
        self.balance[account] -= amount
        self.total -= amount

    @rule(account=accounts, chips=st.integers(1, 3000), below=st.none() | st.integers(1, 6000))
    def free_chips(self, account: int, chips: int, below: int | None) -> None:
        """A play-money room's free chips: money that comes in, as a deposit, while the
        balance is below ``below`` and the account had none in the last four hours."""
        grant: dict[str, Any] = {
            "address": f"10.0.{self.run}",
            "every": timedelta(hours=4),
            "per_address": 10**6,
        }
        last = self.granted.get(account)
        refused = (below is not None and self.balance[account] >= below) or (
            last is not None and self.store._now() < last + timedelta(hours=4)
        )
        if refused:
            with pytest.raises(FreeChipsRefused):
                self.store.grant_free_chips(account, chips, below=below, **grant)
            return
        got = self.store.grant_free_chips(account, chips, below=below, **grant)
        assert got == self.balance[account] + chips
        self.granted[account] = self.store._now()
        self.balance[account] += chips
        self.total += chips

    @rule(account=accounts, table=st.integers(0, 1), data=st.data())
    def buy_in(self, account: int, table: int, data: st.DataObject) -> None:
        """Mostly what the balance allows, sometimes a little more."""
        name = self.tables[table]
        amount = data.draw(st.integers(1, self.balance[account] + 20))
        if amount > self.balance[account]:
            with pytest.raises(
                InsufficientFunds,
                match=f"has {self.balance[account]} and cannot buy in for {amount}$",
            ):
                self.store.buy_in(account, name, amount)
            return
        assert self.store.buy_in(account, name, amount) == self.balance[account] - amount
        self.balance[account] -= amount
        self.held[name, account] = self.held.get((name, account), 0) + amount

    @rule(account=accounts, table=st.integers(0, 1), data=st.data())
    def cash_out(self, account: int, table: int, data: st.DataObject) -> None:
        name = self.tables[table]
        chips = self.held.get((name, account), 0)
        amount = data.draw(st.none() | st.integers(1, chips + 20))
        if amount is not None and amount > chips:
            with pytest.raises(InsufficientFunds, match="cannot cash out"):
                self.store.cash_out(account, name, amount)
            return
        paid = chips if amount is None else amount
        assert self.store.cash_out(account, name, amount) == self.balance[account] + paid
        self.balance[account] += paid
        self.held[name, account] = chips - paid

    @precondition(lambda self: any(len(self.holders(t)) >= 2 for t in self.tables))
    @rule(data=st.data())
    def play_hand(self, data: st.DataObject) -> None:
        """A chips hand: some players lose part of what they hold, one wins it, and some
        of it may stay on the table for the next hand (R6.8)."""
        name = data.draw(st.sampled_from([t for t in self.tables if len(self.holders(t)) >= 2]))
        seated = self.holders(name)
        if data.draw(st.booleans()):
            self.refused_hand(name, *seated[:2])
        winner = data.draw(st.sampled_from(seated))
        losses = {a: data.draw(st.integers(0, self.held[name, a])) for a in seated if a != winner}
        pot = sum(losses.values()) + self.rollover[name]
        left = data.draw(st.integers(0, pot))
        nets = {winner: pot - left} | {a: -loss for a, loss in losses.items()}
        self.hands[name] += 1
        self.store.record_hand(
            HandRow(
                table_id=name,
                number=self.hands[name],
                game="show_hand",
                mode="chips",
                started_at=START,
                ended_at=START + timedelta(seconds=40),
                record="",
                events="[]",
                pot=pot,
                players=[HandPlayer(s, f"p{a}", nets[a], a) for s, a in enumerate(seated)],
                rollover=left,
            )
        )
        for account, net in nets.items():
            self.held[name, account] += net
        self.rollover[name] = left

    def refused_hand(self, name: str, loser: int, winner: int) -> None:
        """A hand whose loser would lose more than they hold: nothing of it is kept."""
        too_much = self.held[name, loser] + 1
        row = HandRow(
            table_id=name,
            number=self.hands[name] + 1,
            game="razz",
            mode="chips",
            started_at=START,
            ended_at=START,
            record="",
            events="[]",
            pot=too_much,
            players=[HandPlayer(0, "l", -too_much, loser), HandPlayer(1, "w", too_much, winner)],
        )
        with pytest.raises(StoreError, match="cannot lose"):
            self.store.record_hand(row)

    @precondition(lambda self: any(self.rollover.values()))
    @rule(data=st.data())
    def share_rollover(self, data: st.DataObject) -> None:
        """The table's last hand: its rollover split among the players seated (R6.8)."""
        name = data.draw(st.sampled_from([t for t in self.tables if self.rollover[t]]))
        seated = self.holders(name) or sorted(self.balance)[:1]
        share, rest = divmod(self.rollover[name], len(seated))
        shares = {a: share + (i < rest) for i, a in enumerate(seated)}
        shares = {a: s for a, s in shares.items() if s}
        self.store.set_rollover(name, 0, shares=shares)
        for account, chips in shares.items():
            self.held[name, account] = self.held.get((name, account), 0) + chips
        self.rollover[name] = 0

    @precondition(lambda self: len(self.balance) >= 2 and not self.running)
    @rule(data=st.data())
    def start_competition(self, data: st.DataObject) -> None:
        entrants = data.draw(
            st.lists(st.sampled_from(sorted(self.balance)), min_size=2, max_size=4, unique=True)
        )
        fee = data.draw(st.integers(0, min(self.balance[a] for a in entrants) + 20))
        table = f"{self.run}-c"
        ends = self.store._now() + timedelta(hours=1)
        if any(self.balance[a] < fee for a in entrants):
            with pytest.raises(InsufficientFunds, match="cannot pay the entry fee"):
                self.store.start_competition(
                    table, "razz", entrants, chips=1000, entry_fee=fee, ends_at=ends
                )
            return
        competition = self.store.start_competition(
            table, "razz", entrants, chips=1000, entry_fee=fee, ends_at=ends
        )
        for account in entrants:
            self.balance[account] -= fee
        self.running[competition] = (entrants, fee * len(entrants))

    @precondition(lambda self: bool(self.running))
    @rule(data=st.data())
    def finish_competition(self, data: st.DataObject) -> None:
        competition, (entrants, pool) = next(iter(self.running.items()))
        winner = data.draw(st.sampled_from(entrants))
        second = data.draw(st.integers(0, pool))
        prize = {winner: pool - second}
        if second:
            runner_up = next(a for a in entrants if a != winner)
            prize[runner_up] = second
        prize = {a: p for a, p in prize.items() if p}
        standings = [Placing(a, 1 if a == winner else 2, 0) for a in entrants]
        self.store.finish_competition(competition, standings, prize=prize)
        for account, amount in prize.items():
            self.balance[account] += amount
        del self.running[competition]

    @rule(
        account=accounts,
        amount=st.sampled_from([0, -1, 1.5, True, "5", 10**16]),
        operation=st.sampled_from(["deposit", "buy_in", "cash_out"]),
    )
    def refused_amount(self, account: int, amount: Any, operation: str) -> None:
        calls: dict[str, Callable[[], int]] = {
            "deposit": lambda: self.store.deposit(account, amount),
            "buy_in": lambda: self.store.buy_in(account, self.tables[0], amount),
            "cash_out": lambda: self.store.cash_out(account, self.tables[0], amount),
        }
        with pytest.raises(StoreError):
            calls[operation]()

    @invariant()
    def the_ledger_accounts_for_everything(self) -> None:
        assert self.store.audit() == []
        assert self.store.total_chips() == self.total

    def teardown(self) -> None:
        """Every amount is the model's (each step checked the balances it changed)."""
        for account, balance in self.balance.items():
            assert self.store.account(account).balance == balance  # type: ignore[union-attr]
        for name in self.tables:
            assert self.store.holdings(name) == {
                (t, a): chips for (t, a), chips in self.held.items() if t == name and chips
            }
            assert self.store.rollover(name) == self.rollover[name]


@pytest.mark.long
def test_random_operations_keep_every_amount_equal_to_its_ledger(store: Store) -> None:
    class RoomOfThisTest(Room):
        def __init__(self) -> None:
            super().__init__(store)

    run_state_machine_as_test(
        RoomOfThisTest,
        settings=settings(
            max_examples=200 if FULL else 10,
            stateful_step_count=60 if FULL else 40,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
