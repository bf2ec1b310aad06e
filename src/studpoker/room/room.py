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

from studpoker.room.accounts import RoomAccounts
from studpoker.room.chat import ChatLine, ChatListener
from studpoker.room.errors import RoomError
from studpoker.room.lifecycle import RoomLifecycle
from studpoker.room.lobby import known_game
from studpoker.room.tables import RoomTable
from studpoker.store import Account

__all__ = ["ChatLine", "Room", "RoomError", "RoomTable", "known_game"]


class Room(RoomLifecycle, RoomAccounts):
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
    :mod:`~studpoker.room.accounts`, :mod:`~studpoker.room.lobby`
    (the tables it opens), :mod:`~studpoker.room.seats` (seats and the ledger),
    :mod:`~studpoker.room.competitions` (R7.3), :mod:`~studpoker.room.records` (hands
    stored and their histories) over :mod:`~studpoker.room.state` (what it holds).  Its
    services own their state and are held, not inherited: :attr:`chat`
    (:class:`~studpoker.room.chat.Chat`) and :attr:`attendance`
    (:class:`~studpoker.room.attendance.Attendance`, R8.3).
    """

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
