"""Who sits at a table: the occupant of a seat and what the table keeps for it.

A table talks to every seat through its player (DESIGN.md idea 3): a computer
player of :mod:`studpoker.bots`, whose ``decide`` answers at once, or a
:class:`~studpoker.table.RemotePlayer` for a person or a remote program, whose
``decide`` returns an awaitable that the table resolves when the answer comes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from studpoker.engine import Action, Event, HandView
from studpoker.games import GameSpec

__all__ = ["Occupant", "Seat", "TablePlayer"]


@runtime_checkable
class TablePlayer(Protocol):
    """The :class:`~studpoker.bots.Player` protocol, with one freedom more:
    ``decide`` may return an awaitable of the action (a remote seat's answer)."""

    def new_hand(self, seat: int, spec: GameSpec) -> None:
        """A hand of ``spec`` starts, and the player holds engine ``seat``."""

    def observe(self, events: Sequence[Event]) -> None:
        """Events the seat may see, those after the last call's, in order."""

    def decide(self, view: HandView) -> Action | Awaitable[Action]:
        """The seat's action now, one of ``view.legal_actions``, or an awaitable of it."""


@dataclass(frozen=True, slots=True, eq=False)
class Occupant:
    """Who sits in a seat: a name to show, the account the room knows them by
    (None for a computer player or a guest), the player the table asks, and
    whether it is one of the table's computer players (practice, R7.1)."""

    name: str
    account_id: int | None
    player: TablePlayer
    is_bot: bool = False


@dataclass(eq=False, slots=True)
class Seat:
    """A seat's state, kept by the table: read it, never change it.

    ``chips`` is the stack between hands (during a hand, the hand holds the chips
    in play); ``top_up`` chips bought during a hand the seat plays, added when it
    ends; ``leaving``: the occupant stood up during the hand and goes at its end;
    ``successor``: the person who takes a computer player's seat after the hand
    (practice, R7.1), with the chips they sat down with.  ``away``: the seat's clock
    ran out (R8.3), so the table acts for it at once until it sits in again;
    ``connected``: whether the occupant has a connection open (the room says);
    ``hands_dealt``: the hands dealt to it since it sat down (R8.5's refills count them);
    ``auto_muck``: a hand it may muck at the showdown (R5.3) is mucked at once, unasked
    ("Auto-muck losing hands", on unless its player turned it off).
    """

    number: int
    occupant: Occupant
    chips: int
    time_bank: float
    sitting_out: bool = False
    missed_hands: int = 0
    top_up: int = 0
    leaving: bool = False
    successor: tuple[Occupant, int] | None = None
    away: bool = False
    connected: bool = True
    hands_dealt: int = 0
    auto_muck: bool = True
