"""The card room (the ``room`` layer of DESIGN.md): the lobby and its tables, accounts
and sessions, wallets through the ledger, hands stored as they end, competitions and
their ratings.  It runs the tables on asyncio and reaches the database through
:class:`~studpoker.store.Store` (in a worker thread, so a slow query never stops a
table); it knows nothing of HTTP.

Money moves only through the ledger (DESIGN.md idea 4): a buy-in and a cash-out are
each one transaction of the store, and so is every hand with its chip movements.  A
table's stacks between hands are what the store holds for it, so when the room stops
in the middle of a hand, that hand is void: nobody's chips moved.  When it dies
instead, the room started again — or another process sharing its leases — plays the
hand on from what the journal wrote (docs/scaling.md).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from studpoker.room.chat import ChatLine, ChatListener
from studpoker.room.errors import RoomError
from studpoker.room.lifecycle import RoomLifecycle
from studpoker.room.lobby import known_game
from studpoker.room.tables import RoomTable
from studpoker.room.tournaments import TournamentDesk
from studpoker.store import Account, Store

__all__ = ["ChatLine", "Room", "RoomError", "RoomTable", "known_game"]


class Room(RoomLifecycle):
    """The card room over ``store``.

    ``seed`` makes every table's deals and computer players reproducible (tests);
    by default they come from the OS CSPRNG (R1.5).  ``clock``, ``time_bank`` and
    ``pause`` are the tables' defaults (R8.1); ``competition_seconds`` a
    competition's time limit (R7.3); ``grace`` how long a person's connection may
    stay gone before their practice seats are freed (R8.3); ``journal`` stores each
    hand's deal and actions as they happen (room/journal.py, docs/scaling.md).
    ``bot_think`` scales the computer players' think times (bots/thinking.py: about a
    second a decision at 1; 0, the default, plays them at once).
    ``leases`` shared with other rooms (``RedisLeases``) make each table run by one of
    them at a time, as ``owner``, under leases of ``lease_seconds``: a table whose owner
    dies or stops is taken up by another, its hand played on (room/owners.py).

    Its parts are the modules beside this one: :mod:`~studpoker.room.lifecycle`
    (start and stop), :mod:`~studpoker.room.restore` (tables opened again as they were),
    :mod:`~studpoker.room.owners` (leases kept, tables taken up),
    :mod:`~studpoker.room.lobby` (the tables it opens),
    :mod:`~studpoker.room.seats` (seats and the money that moves with them),
    :mod:`~studpoker.room.competitions` (R7.3), :mod:`~studpoker.room.records` (hands
    stored and their histories) over :mod:`~studpoker.room.state` (what it holds).  Its
    services own their state and are held, not inherited: :attr:`accounts`
    (:class:`~studpoker.room.accounts.Accounts`, and their sessions), :attr:`chat`
    (:class:`~studpoker.room.chat.Chat`), :attr:`attendance`
    (:class:`~studpoker.room.attendance.Attendance`, R8.3) and :attr:`cashier`
    (:class:`~studpoker.room.cashier.Cashier`: every chip the room moves, each table's
    books, free chips), :attr:`registry` (:class:`~studpoker.room.registry.TableRegistry`:
    the tables this process runs and their leases) and :attr:`desk`
    (:class:`~studpoker.room.tournaments.TournamentDesk`: the tournaments).
    """

    def __init__(self, store: Store, **options: Any) -> None:
        super().__init__(store, **options)
        self.desk = TournamentDesk(self)
        self.tournaments = self.desk.tournaments  # read them; the desk changes them

    # -- tournaments (the desk's) -----------------------------------------------------------

    async def create_tournament(self, **options: Any) -> int:
        """A new tournament (:meth:`TournamentDesk.create_tournament
        <studpoker.room.tournaments.TournamentDesk.create_tournament>`): its id."""
        return await self.desk.create_tournament(**options)

    async def tournaments_now(self, account: Account | None = None) -> list[dict[str, Any]]:
        """The lobby of tournaments as ``account`` sees it, whichever process directs
        each."""
        return await self.desk.tournaments_now(account)

    async def tournament_now(self, tid: int, account: Account | None = None) -> dict[str, Any]:
        """Tournament ``tid`` as ``account`` sees it, asked of the process directing it."""
        return await self.desk.tournament_now(tid, account)

    async def register_tournament(self, account: Account, tid: int) -> str:
        """``account`` enters tournament ``tid``, paying its buy-in and fee: its entry."""
        return await self.desk.register_tournament(account, tid)

    async def unregister_tournament(self, account: Account, tid: int) -> None:
        """``account`` leaves tournament ``tid`` before it starts, paid back."""
        await self.desk.unregister_tournament(account, tid)

    async def add_computer_players(self, tid: int, count: int) -> list[str]:
        """``count`` computer players enter free tournament ``tid``: their names."""
        return await self.desk.add_computer_players(tid, count)

    async def answer_tournament(self, args: dict[str, Any]) -> Any:
        """The desk's answer to a question about a tournament (a table's, a peer's)."""
        return await self.desk.answer_tournament(args)

    def directs(self, tid: int) -> bool:
        """Whether this process may act for tournament ``tid`` (it directs it)."""
        return self.desk.directs(tid)

    async def cancel_tournament(self, tid: int, reason: str = "") -> str:
        """The operator cancels tournament ``tid``: what was done, in words."""
        return await self.desk.cancel_tournament(tid, reason)

    def tournament_list(self, account: Account | None = None) -> list[dict[str, Any]]:
        """The tournaments this process knows, as ``account`` sees them."""
        return self.desk.tournament_list(account)

    def tournament_entry(self, tid: int, account: Account | None = None) -> dict[str, Any]:
        """Tournament ``tid`` as ``account`` sees it, from this process."""
        return self.desk.tournament_entry(tid, account)

    async def look_at_tournaments(self) -> None:
        """Read again the tournaments other processes direct."""
        await self.desk.look_at_tournaments()

    # -- accounts -----------------------------------------------------------------------------

    async def register(self, name: str, password: str, *, bot: bool = False) -> tuple[Account, str]:
        """A new account and a session token for it (:meth:`Accounts.register
        <studpoker.room.accounts.Accounts.register>`)."""
        return await self.accounts.register(name, password, bot=bot)

    async def login(self, name: str, password: str) -> tuple[Account, str]:
        """A new session for the account ``name`` (:meth:`Accounts.login
        <studpoker.room.accounts.Accounts.login>`)."""
        return await self.accounts.login(name, password)

    async def reset_password(self, token: str, password: str) -> tuple[Account, str]:
        """A new password by a one-time reset ``token``, and a session
        (:meth:`Accounts.reset_password <studpoker.room.accounts.Accounts.reset_password>`)."""
        return await self.accounts.reset_password(token, password)

    async def guest(self) -> tuple[Account, str]:
        """A guest account and its session (:meth:`Accounts.guest
        <studpoker.room.accounts.Accounts.guest>`)."""
        return await self.accounts.guest()

    async def logout(self, token: str) -> None:
        """End the session ``token`` (:meth:`Accounts.logout
        <studpoker.room.accounts.Accounts.logout>`)."""
        await self.accounts.logout(token)

    async def account(self, token: str | None) -> Account | None:
        """The account of a session token, or None (:meth:`Accounts.account
        <studpoker.room.accounts.Accounts.account>`)."""
        return await self.accounts.account(token)

    async def session(self, token: str | None) -> tuple[Account, datetime] | None:
        """The account of a session token and when it expires, or None
        (:meth:`Accounts.session <studpoker.room.accounts.Accounts.session>`)."""
        return await self.accounts.session(token)

    async def fresh(self, account: Account) -> Account:
        """``account`` read again (:meth:`Accounts.fresh
        <studpoker.room.accounts.Accounts.fresh>`)."""
        return await self.accounts.fresh(account)

    def connected(self, account_id: int) -> None:
        """A connection of ``account_id`` is open again (:meth:`Attendance.connected
        <studpoker.room.attendance.Attendance.connected>`, R8.3)."""
        self.attendance.connected(account_id)

    def disconnected(self, account_id: int) -> None:
        """Every connection of ``account_id`` is gone (:meth:`Attendance.disconnected
        <studpoker.room.attendance.Attendance.disconnected>`, R8.3)."""
        self.attendance.disconnected(account_id)

    def say(self, account: Account, table_id: str, text: str) -> ChatLine:
        """``account`` says ``text`` at ``table_id`` (:meth:`Chat.say
        <studpoker.room.chat.Chat.say>`)."""
        return self.chat.say(account, table_id, text)

    def announce(self, table_id: str, text: str) -> ChatLine:
        """The room's operator says ``text`` at ``table_id`` (:meth:`Chat.announce
        <studpoker.room.chat.Chat.announce>`)."""
        return self.chat.announce(table_id, text)

    @property
    def chat_listeners(self) -> list[ChatListener]:
        """Who is told each line said at a table (the chat's listeners)."""
        return self.chat.listeners
