"""The ``store`` layer of DESIGN.md: accounts, sessions, money, hands, competitions,
tournaments and ratings in one SQL database (SQLite by default, PostgreSQL by URL),
behind one class.

>>> from studpoker.store import Store
>>> store = Store("sqlite://")
>>> store.migrate()
>>> alice = store.create_account("alice", None)
>>> store.deposit(alice.id, 1000)
1000
"""

from __future__ import annotations

from studpoker.store.errors import InsufficientFunds, NameTaken, StaleOwner, StoreError
from studpoker.store.fences import tournament_key
from studpoker.store.journal import JournalEntry
from studpoker.store.models import STUDY_FACTS
from studpoker.store.notes import NOTE_LENGTH, NOTES_PER_WRITER, NoteRefused
from studpoker.store.operators import FreeChipsRefused
from studpoker.store.store import Store
from studpoker.store.study import StudyFilter, StudyPlayerRow, StudyRow
from studpoker.store.values import (
    NOTE_COLOURS,
    PROVISIONAL_RD,
    ROLES,
    Account,
    AccountSummary,
    Actor,
    AdminAction,
    Competition,
    HandPlayer,
    HandRow,
    JournalActions,
    JournalDeal,
    JournalSeating,
    LeaderboardEntry,
    LedgerEntry,
    LedgerKind,
    Note,
    NoteColour,
    Placing,
    Presence,
    RatingChange,
    RatingRow,
    RunningHand,
    SavedTable,
    StoredHand,
    TableMode,
    TournamentEntry,
    TournamentRow,
)

__all__ = [
    "NOTES_PER_WRITER",
    "NOTE_COLOURS",
    "NOTE_LENGTH",
    "PROVISIONAL_RD",
    "ROLES",
    "STUDY_FACTS",
    "Account",
    "AccountSummary",
    "Actor",
    "AdminAction",
    "Competition",
    "FreeChipsRefused",
    "HandPlayer",
    "HandRow",
    "InsufficientFunds",
    "JournalActions",
    "JournalDeal",
    "JournalEntry",
    "JournalSeating",
    "LeaderboardEntry",
    "LedgerEntry",
    "LedgerKind",
    "NameTaken",
    "Note",
    "NoteColour",
    "NoteRefused",
    "Placing",
    "Presence",
    "RatingChange",
    "RatingRow",
    "RunningHand",
    "SavedTable",
    "StaleOwner",
    "Store",
    "StoreError",
    "StoredHand",
    "StudyFilter",
    "StudyPlayerRow",
    "StudyRow",
    "TableMode",
    "TournamentEntry",
    "TournamentRow",
    "tournament_key",
]
