"""A table playing hand after hand (the ``table`` layer of DESIGN.md).

The table owns its seats and stacks, deals each hand between the seated players
who are in (the engine numbers them from 0 in seat order), asks each player to
act against the clock (R8.1), and tells its listeners every change.  It knows
nothing of HTTP or SQL: the room reaches it through its methods, its listeners
and its hooks, and the players through :class:`~studpoker.table.TablePlayer`.

Seats are numbered from 0, like the engine's.  A seat's chips stay with the
table between hands; during a hand the hand holds them, and the table takes
the result when it is over (so a hand cut short leaves every stack as it was).
"""

from __future__ import annotations

from studpoker.table.entries import TableEntries
from studpoker.table.restore import TableRestore
from studpoker.table.seats import TableSeats
from studpoker.table.views import TableViews

__all__ = ["Table"]


class Table(TableViews, TableSeats, TableEntries, TableRestore):
    """Table ``table_id`` playing by ``config``.

    ``rng`` shuffles every deck (the OS CSPRNG by default, R1.5: a seeded one
    makes the table reproducible); ``bot_factory(seat)`` makes a practice table's
    computer players (by default the ``config.bot_level`` bot, seeded from
    ``rng``); ``hooks`` are the room's; hands are numbered from
    ``first_hand_number``.

    Its parts are the modules beside this one: :mod:`~studpoker.table.views` (what
    it shows), :mod:`~studpoker.table.seats` (seats taken and left),
    :mod:`~studpoker.table.play` (hand after hand), :mod:`~studpoker.table.restore`
    (a table written down and rebuilt, its hand played on), :mod:`~studpoker.table.decisions`
    (the seat to act and its clock), :mod:`~studpoker.table.competing` (R7.3),
    :mod:`~studpoker.table.departures` (seats emptied), :mod:`~studpoker.table.entries`
    (a tournament's seats and levels), :mod:`~studpoker.table.publish`
    (what it tells) over :mod:`~studpoker.table.state` (what it holds); the engine's
    seats become the table's in :mod:`~studpoker.table.seatmap` alone.
    """

    def __repr__(self) -> str:
        return (
            f"<Table {self.table_id} {self.spec.game} {self.config.mode}, "
            f"{len(self._seats)}/{self.config.seats} seated>"
        )
