"""What the store hands out and takes in: plain frozen values, never ORM objects, so
nothing a caller holds is tied to a database session."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Literal, get_args

from studpoker.fairness import DealRecord

PROVISIONAL_RD = 110.0
"""A rating whose deviation is above this is provisional (R7.3)."""


class TableMode(StrEnum):
    """The table modes of R7; only ``chips`` hands move money."""

    PRACTICE = "practice"
    CHIPS = "chips"
    COMPETITION = "competition"
    TOURNAMENT = "tournament"


class LedgerKind(StrEnum):
    """Why money moved."""

    DEPOSIT = "deposit"
    """The operator put money into an account: the only way chips come into being."""
    BUY_IN = "buy_in"
    """From an account's balance to its chips at a table."""
    CASH_OUT = "cash_out"
    """From an account's chips at a table back to its balance."""
    HAND = "hand"
    """A chips-mode hand's net for one seat (or the table's rollover, R6.8)."""
    ROLLOVER = "rollover"
    """A table's rollover paid out to the players seated (R6.8)."""
    ENTRY = "entry"
    """A competition's entry fee, from the balance to the competition's pool (R7.3)."""
    PRIZE = "prize"
    """From a competition's pool to a balance."""
    TOURNAMENT_ENTRY = "tourney_entry"
    """A tournament's buy-in and fee, from the balance to its pool and its fees."""
    TOURNAMENT_REFUND = "tourney_refund"
    """A tournament's buy-in and fee back to the balance (unregistered, cancelled)."""
    TOURNAMENT_PRIZE = "tourney_prize"
    """From a tournament's pool to a balance."""
    TOURNAMENT_CHOP = "tourney_chop"
    """A cancelled tournament's pool shared by chip count among those still in it."""
    WITHDRAWAL = "withdrawal"
    """The operator took money out of an account's balance (a cash-out to the player)."""
    FREE_CHIPS = "free_chips"
    """Chips a play-money room gives an account (a new one, or one that ran low)."""


@dataclass(frozen=True, slots=True)
class Account:
    """A player's account: ``balance`` is money not at any table."""

    id: int
    name: str
    balance: int
    bot: bool
    guest: bool
    created_at: datetime
    password_hash: str | None = field(default=None, repr=False)
    role: str = "player"
    """``player``, or ``operator``: may use the operator's tools."""
    banned_at: datetime | None = None
    muted_until: datetime | None = None

    @property
    def operator(self) -> bool:
        return self.role == "operator"


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One movement of money: ``balance_change`` to the account's balance and
    ``table_change`` to its chips at ``table_id`` (or, with no account, to the table's
    rollover)."""

    id: int
    at: datetime
    kind: LedgerKind
    account_id: int | None
    table_id: str | None
    balance_change: int
    table_change: int
    hand_id: int | None = None
    competition_id: int | None = None
    note: str = ""
    tournament_id: int | None = None


@dataclass(frozen=True, slots=True)
class HandPlayer:
    """A seat of a hand: who sat there (no account for a computer player or a guest
    without one) and what they won or lost."""

    seat: int
    name: str
    net: int
    account_id: int | None = None


@dataclass(frozen=True, slots=True)
class HandRow:
    """A finished hand to store. ``record`` is its hand history (PHH), ``events`` its
    events as JSON text, ``pot`` the chips that were in the pot. ``rollover``, when
    given, is what the hand leaves on the table for the next one (R6.8)."""

    table_id: str
    number: int
    game: str
    mode: TableMode | str
    started_at: datetime
    ended_at: datetime
    record: str
    events: str
    pot: int
    players: Sequence[HandPlayer]
    rollover: int | None = None
    # The hand's deal from seeds (issue 38), its server seed kept secret until the seed
    # epoch that began at ``epoch_started`` ends (store/deals.py).
    deal: DealRecord | None = None
    epoch_started: datetime | None = None
    # Its table showed its hands to the invited only (a private table whose host let only
    # the invited watch): its revealed seed is for those who played there (store/deals.py).
    invited_only: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A hand as the store keeps it."""

    id: int
    table_id: str
    number: int
    game: str
    mode: TableMode
    started_at: datetime
    ended_at: datetime
    record: str
    events: str
    pot: int
    rake: int
    rollover: int | None
    players: tuple[HandPlayer, ...]


@dataclass(frozen=True, slots=True)
class JournalDeal:
    """Hand ``number`` of a table is dealt from ``setup`` (store.write_journal)."""

    table_id: str
    number: int
    setup: str
    started_at: datetime
    fence: int | None = None


@dataclass(frozen=True, slots=True)
class JournalActions:
    """Actions ``first``, ``first + 1``, … of a table's running hand
    (store.write_journal)."""

    table_id: str
    number: int
    first: int
    actions: Sequence[str]
    fence: int | None = None


@dataclass(frozen=True, slots=True)
class JournalSeating:
    """Who sits where at a table now, ``seating`` (JSON text), replacing what was
    written before (store.write_journal)."""

    table_id: str
    seating: str
    fence: int | None = None

    @property
    def number(self) -> int:
        """No hand's entry: 0 (a refused entry is logged with its hand's number)."""
        return 0


@dataclass(frozen=True, slots=True)
class SavedTable:
    """A table the room keeps open: what it was opened with (``config``, JSON text),
    who opened it, and who sits where as last written (``seating``, JSON text, or
    None before anyone sat down)."""

    table_id: str
    config: str
    created_by: int | None
    created_at: datetime
    seating: str | None


@dataclass(frozen=True, slots=True)
class RunningHand:
    """A hand a table is playing, as the store keeps it until the hand is stored or
    void: what it was dealt from (``setup``, JSON text: the deck's order among it,
    which no client is ever sent) and its actions so far, in order."""

    table_id: str
    number: int
    started_at: datetime
    setup: str
    actions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Placing:
    """Where a player finished in a competition (1 is the winner) and with how many
    chips."""

    account_id: int
    place: int
    chips: int


@dataclass(frozen=True, slots=True)
class Competition:
    """A competition (R7.3): its entrants and, once finished, their standings and
    prizes (account id to amount)."""

    id: int
    table_id: str
    game: str
    chips: int
    entry_fee: int
    pool: int
    started_at: datetime
    ends_at: datetime
    finished_at: datetime | None
    entrants: tuple[int, ...]
    standings: tuple[Placing, ...]
    prizes: dict[int, int] = field(hash=False)

    @property
    def running(self) -> bool:
        return self.finished_at is None


@dataclass(frozen=True, slots=True)
class RatingRow:
    """An account's current Glicko-2 rating in one game."""

    account_id: int
    game: str
    rating: float
    rd: float
    volatility: float
    games: int
    updated_at: datetime

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One step of an account's rating history."""

    at: datetime
    rating: float
    rd: float
    volatility: float
    competition_id: int | None


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    """A line of a game's leaderboard."""

    account_id: int
    name: str
    rating: float
    rd: float
    games: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """A tournament as the store keeps it: ``pool`` the buy-ins not yet paid out,
    ``fees`` what the room kept; ``settings`` and ``director`` JSON text."""

    id: int
    name: str
    game: str
    kind: str
    state: str
    buy_in: int
    fee: int
    pool: int
    fees: int
    settings: str
    created_by: int | None
    created_at: datetime
    starts_at: datetime | None
    started_at: datetime | None
    finished_at: datetime | None
    director: str | None
    entries: int


@dataclass(frozen=True, slots=True)
class TournamentEntry:
    """An entry of a tournament (no account: a computer player's), its place and prize
    once it is over."""

    name: str
    account_id: int | None
    paid: int
    registered_at: datetime
    place: int | None
    prize: int


ROLES = ("player", "operator")
"""An account's roles: an operator may use the operator's tools (docs/operating.md)."""


@dataclass(frozen=True, slots=True)
class Actor:
    """Who does an operator's action: an operator's account (``account_id``), or the
    console (``stud admin``, ``name`` "console (user)")."""

    name: str
    account_id: int | None = None


@dataclass(frozen=True, slots=True)
class AccountSummary:
    """An account as the operator's list shows it: its money on the balance and at the
    tables, its role, and whether it is banned or muted."""

    id: int
    name: str
    balance: int
    at_tables: int
    role: str
    guest: bool
    bot: bool
    created_at: datetime
    banned_at: datetime | None
    muted_until: datetime | None


@dataclass(frozen=True, slots=True)
class AdminAction:
    """One line of the admin log: ``operator`` did ``action`` to ``target`` at ``at``
    for ``reason``; ``details`` (JSON text) what exactly.  An action a running room has
    to carry out at a table names it (``table_id``) until done (``done_at``, ``result``)."""

    id: int
    at: datetime
    operator: str
    action: str
    target: str
    reason: str
    details: str
    table_id: str | None = None
    done_at: datetime | None = None
    result: str | None = None


@dataclass(frozen=True, slots=True)
class Presence:
    """Who one process of the room had online at ``seen_at`` (JSON text: each account's
    name and the tables it sits or watches at)."""

    owner: str
    started_at: datetime
    seen_at: datetime
    online: str


NoteColour = Literal["red", "orange", "yellow", "green", "teal", "blue", "purple", "grey"]
"""A note's colour tag (issue 36): what each means is its writer's own."""
NOTE_COLOURS: tuple[NoteColour, ...] = get_args(NoteColour)


@dataclass(frozen=True, slots=True)
class Note:
    """A player's note on another (``subject``, by its name now): a colour tag or none,
    and text; only its writer ever reads it."""

    subject_id: int
    subject: str
    colour: NoteColour | None
    text: str
    updated_at: datetime
