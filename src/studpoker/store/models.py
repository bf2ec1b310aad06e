"""The tables (SQLAlchemy 2 declarative models). The migrations in ``migrations/``
build exactly this schema; a test compares the two on SQLite and PostgreSQL.

Money is whole numbers in ``BigInteger`` columns, each kept 0 or more by a CHECK
constraint as well as by the store. Timestamps are UTC: :class:`UTCDateTime` refuses
naive datetimes and gives back aware ones on every backend.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    Dialect,
    Double,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

Id = BigInteger().with_variant(Integer(), "sqlite")
"""Row ids: 64-bit on PostgreSQL; SQLite's rowid needs its column to be INTEGER."""

NAME_LENGTH = 24
TABLE_ID_LENGTH = 64
GAME_LENGTH = 32
ACTION_LENGTH = 32
TOURNAMENT_NAME_LENGTH = 64
ENTRY_NAME_LENGTH = 32  # an account's name, then "#2" for a re-entry
ROLE_LENGTH = 16
OPERATOR_LENGTH = 64  # who did an operator's action: an account's name, or "console (user)"
NOTE_COLOUR_LENGTH = 16  # a note's colour tag: a word of the palette (store/notes.py)


class UTCDateTime(TypeDecorator[datetime]):
    """A moment in UTC: stored naive in SQLite, as ``timestamptz`` in PostgreSQL."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"a naive datetime cannot be stored (give it a time zone): {value}")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(table_name)s_%(column_0_N_name)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


class AccountModel(Base):
    __tablename__ = "accounts"
    __table_args__ = (CheckConstraint("balance >= 0", name="balance"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    # The name case-folded: unique, so "Alice" and "alice" cannot both exist.
    name_key: Mapped[str] = mapped_column(String(4 * NAME_LENGTH), unique=True)
    # The name's shape (studpoker.store.names.skeleton, whose SKELETON_LENGTH is this
    # column's): unique, so "Alice" and "Аlice" (its А Cyrillic) cannot both exist.
    skeleton: Mapped[str] = mapped_column(String(8 * NAME_LENGTH), index=True, unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255))
    bot: Mapped[bool] = mapped_column(Boolean)
    guest: Mapped[bool] = mapped_column(Boolean)
    balance: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # "player", or "operator": may use the operator's tools (docs/operating.md).
    role: Mapped[str] = mapped_column(
        String(ROLE_LENGTH), default="player", server_default="player"
    )
    # Banned by the operator: no login, no session, no seat (the reason is the log's).
    banned_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # Muted by the operator until then: no chat line.
    muted_until: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class SessionModel(Base):
    __tablename__ = "sessions"

    # The token itself is never stored, only its SHA-256.
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Id, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class HoldingModel(Base):
    """The chips an account has at a table (R7.2): bought in, not yet cashed out."""

    __tablename__ = "holdings"
    __table_args__ = (CheckConstraint("chips >= 0", name="chips"),)

    table_id: Mapped[str] = mapped_column(String(TABLE_ID_LENGTH), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Id, ForeignKey("accounts.id"), primary_key=True, index=True
    )
    chips: Mapped[int] = mapped_column(BigInteger)


class BooksModel(Base):
    """What a running room says an account has at a table: the stack of its seat and
    its pending top-up, written with the id of the last ledger row of that account at
    that table, so that the audit can compare it with the holding while no chip has
    moved since (a seat the room holds with chips the database does not)."""

    __tablename__ = "table_books"
    __table_args__ = (CheckConstraint("chips >= 0", name="chips"),)

    table_id: Mapped[str] = mapped_column(String(TABLE_ID_LENGTH), primary_key=True)
    account_id: Mapped[int] = mapped_column(Id, ForeignKey("accounts.id"), primary_key=True)
    chips: Mapped[int] = mapped_column(BigInteger)
    ledger_id: Mapped[int | None] = mapped_column(Id, nullable=True)


class RolloverModel(Base):
    """Chips a chips-mode table owns between hands (R6.8)."""

    __tablename__ = "rollovers"
    __table_args__ = (CheckConstraint("chips >= 0", name="chips"),)

    table_id: Mapped[str] = mapped_column(String(TABLE_ID_LENGTH), primary_key=True)
    chips: Mapped[int] = mapped_column(BigInteger)


class CompetitionModel(Base):
    __tablename__ = "competitions"
    __table_args__ = (
        CheckConstraint("pool >= 0", name="pool"),
        Index(None, "table_id", "finished_at"),
    )

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    table_id: Mapped[str] = mapped_column(String(TABLE_ID_LENGTH))
    game: Mapped[str] = mapped_column(String(GAME_LENGTH))
    chips: Mapped[int] = mapped_column(BigInteger)
    entry_fee: Mapped[int] = mapped_column(BigInteger)
    # Entry fees not yet paid out as prizes.
    pool: Mapped[int] = mapped_column(BigInteger)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    ends_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class TournamentModel(Base):
    """A tournament (issue 17): what it is, its money, and its director's state."""

    __tablename__ = "tournaments"
    __table_args__ = (
        CheckConstraint("pool >= 0", name="pool"),
        CheckConstraint("fees >= 0", name="fees"),
        Index(None, "state", "starts_at"),
    )

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    name: Mapped[str] = mapped_column(String(TOURNAMENT_NAME_LENGTH))
    game: Mapped[str] = mapped_column(String(GAME_LENGTH))
    kind: Mapped[str] = mapped_column(String(16))
    state: Mapped[str] = mapped_column(String(16))
    buy_in: Mapped[int] = mapped_column(BigInteger)
    fee: Mapped[int] = mapped_column(BigInteger)
    # Buy-ins not yet paid out as prizes, and the fees the room kept.
    pool: Mapped[int] = mapped_column(BigInteger)
    fees: Mapped[int] = mapped_column(BigInteger)
    # What it was created with (JSON: structure, seats, capacity, late levels, re-entry).
    settings: Mapped[str] = mapped_column(Text)
    created_by: Mapped[int | None] = mapped_column(
        Id, ForeignKey("accounts.id", ondelete="SET NULL")
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    starts_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # The director's state after the last hand ended (JSON), to go on after a restart.
    director: Mapped[str | None] = mapped_column(Text)


class TournamentEntryModel(Base):
    """An entry of a tournament: a player's (a computer player's has no account); a
    re-entry is another entry of the same account."""

    __tablename__ = "tournament_entries"
    __table_args__ = (UniqueConstraint("tournament_id", "name"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(Id, ForeignKey("tournaments.id"), index=True)
    account_id: Mapped[int | None] = mapped_column(Id, ForeignKey("accounts.id"), index=True)
    name: Mapped[str] = mapped_column(String(ENTRY_NAME_LENGTH))
    paid: Mapped[int] = mapped_column(BigInteger)
    registered_at: Mapped[datetime] = mapped_column(UTCDateTime)
    place: Mapped[int | None] = mapped_column(Integer)
    prize: Mapped[int] = mapped_column(BigInteger)


class EntryModel(Base):
    __tablename__ = "competition_entries"

    competition_id: Mapped[int] = mapped_column(Id, ForeignKey("competitions.id"), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Id, ForeignKey("accounts.id"), primary_key=True, index=True
    )
    place: Mapped[int | None] = mapped_column(Integer)
    chips: Mapped[int | None] = mapped_column(BigInteger)
    prize: Mapped[int] = mapped_column(BigInteger)


class FenceModel(Base):
    """The greatest fencing token a table's owner has written with (docs/scaling.md):
    a write with a smaller one is a stale owner's, and refused."""

    __tablename__ = "table_fences"
    __table_args__ = (CheckConstraint("token >= 1", name="token"),)

    table_id: Mapped[str] = mapped_column(String(TABLE_ID_LENGTH), primary_key=True)
    token: Mapped[int] = mapped_column(BigInteger)


class RoomTableModel(Base):
    """A table the room keeps open (docs/scaling.md): ``config`` (JSON text) is what it
    was opened with, ``seating`` (JSON text) who sits where as last written, so that
    the process that takes the table over, or the room started again, opens the same
    table with the same people in their seats."""

    __tablename__ = "room_tables"

    table_id: Mapped[str] = mapped_column(String(TABLE_ID_LENGTH), primary_key=True)
    config: Mapped[str] = mapped_column(Text)
    created_by: Mapped[int | None] = mapped_column(
        Id, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    seating: Mapped[str | None] = mapped_column(Text, nullable=True)
    # Paused by the operator: the table deals no hand until resumed, whoever runs it.
    paused_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class RunningHandModel(Base):
    """The hand a table is playing (docs/scaling.md, "A hand survives its process"):
    ``setup`` (JSON text) is what it was dealt from — the game, the seats and their
    stacks, the deck's order, which stays on the server — and its actions are the
    ``running_actions`` rows. Both go when the hand is stored, or void."""

    __tablename__ = "running_hands"
    __table_args__ = (CheckConstraint("number >= 1", name="number"),)

    table_id: Mapped[str] = mapped_column(String(TABLE_ID_LENGTH), primary_key=True)
    number: Mapped[int] = mapped_column(BigInteger)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    setup: Mapped[str] = mapped_column(Text)


class RunningActionModel(Base):
    """Action ``seq`` (from 0) of the hand table ``table_id`` is playing, as the
    engine writes it (``"raise 400"``)."""

    __tablename__ = "running_actions"
    __table_args__ = (CheckConstraint("seq >= 0", name="seq"),)

    table_id: Mapped[str] = mapped_column(String(TABLE_ID_LENGTH), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(BigInteger)
    action: Mapped[str] = mapped_column(String(ACTION_LENGTH))


class HandModel(Base):
    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    table_id: Mapped[str] = mapped_column(String(TABLE_ID_LENGTH))
    number: Mapped[int] = mapped_column(BigInteger)
    game: Mapped[str] = mapped_column(String(GAME_LENGTH))
    mode: Mapped[str] = mapped_column(String(16))
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    ended_at: Mapped[datetime] = mapped_column(UTCDateTime)
    record: Mapped[str] = mapped_column(Text)
    events: Mapped[str] = mapped_column(Text)
    pot: Mapped[int] = mapped_column(BigInteger)
    rake: Mapped[int] = mapped_column(BigInteger)
    rollover: Mapped[int | None] = mapped_column(BigInteger)


class DealModel(Base):
    """A stored hand's deal from seeds (issue 38, docs/fairness.md): what was sent with
    it, and its server seed, secret until its table's seed epoch ends (``revealed_at``;
    an epoch also ends by age: store/deals.py)."""

    __tablename__ = "deals"
    __table_args__ = (Index("ix_deals_table_id_epoch_started", "table_id", "epoch_started"),)

    hand_id: Mapped[int] = mapped_column(Id, ForeignKey("hands.id"), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(TABLE_ID_LENGTH))
    hand_key: Mapped[str] = mapped_column(String(TABLE_ID_LENGTH + 24))  # "TABLE/NUMBER"
    size: Mapped[int] = mapped_column(Integer)
    commitment: Mapped[str] = mapped_column(String(64))
    root: Mapped[str] = mapped_column(String(64))
    client_seeds: Mapped[str] = mapped_column(Text)  # JSON: hex, in seat order
    chosen_by_room: Mapped[str] = mapped_column(Text)  # JSON: the seats, from 0
    test_seed: Mapped[bool] = mapped_column(Boolean)
    server_seed: Mapped[str] = mapped_column(String(64))
    epoch_started: Mapped[datetime] = mapped_column(UTCDateTime)
    revealed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # Its table showed its hands to the invited only (a private table whose host let
    # only the invited watch, room/privacy.py): its revealed seed is theirs, not anyone's.
    invited_only: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class HandPlayerModel(Base):
    __tablename__ = "hand_players"

    hand_id: Mapped[int] = mapped_column(Id, ForeignKey("hands.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int | None] = mapped_column(Id, ForeignKey("accounts.id"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    net: Mapped[int] = mapped_column(BigInteger)


class LedgerModel(Base):
    """Every movement of money, one row per account moved (DESIGN idea 4); a row with no
    account moves a table's rollover."""

    __tablename__ = "ledger"

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    kind: Mapped[str] = mapped_column(String(16))
    account_id: Mapped[int | None] = mapped_column(Id, ForeignKey("accounts.id"), index=True)
    table_id: Mapped[str | None] = mapped_column(String(TABLE_ID_LENGTH), index=True)
    balance_change: Mapped[int] = mapped_column(BigInteger)
    table_change: Mapped[int] = mapped_column(BigInteger)
    hand_id: Mapped[int | None] = mapped_column(Id, ForeignKey("hands.id"), index=True)
    competition_id: Mapped[int | None] = mapped_column(
        Id, ForeignKey("competitions.id"), index=True
    )
    note: Mapped[str] = mapped_column(Text)
    tournament_id: Mapped[int | None] = mapped_column(Id, ForeignKey("tournaments.id"), index=True)


class RatingModel(Base):
    __tablename__ = "ratings"
    __table_args__ = (Index(None, "game", "rating"),)

    account_id: Mapped[int] = mapped_column(Id, ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(GAME_LENGTH), primary_key=True)
    rating: Mapped[float] = mapped_column(Double)
    rd: Mapped[float] = mapped_column(Double)
    volatility: Mapped[float] = mapped_column(Double)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class RatingChangeModel(Base):
    __tablename__ = "rating_history"
    __table_args__ = (Index(None, "account_id", "game"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    account_id: Mapped[int] = mapped_column(Id, ForeignKey("accounts.id"))
    game: Mapped[str] = mapped_column(String(GAME_LENGTH))
    competition_id: Mapped[int | None] = mapped_column(Id, ForeignKey("competitions.id"))
    rating: Mapped[float] = mapped_column(Double)
    rd: Mapped[float] = mapped_column(Double)
    volatility: Mapped[float] = mapped_column(Double)
    at: Mapped[datetime] = mapped_column(UTCDateTime)


# -- study (issue 18) ----------------------------------------------------------------------

STUDY_FACTS: tuple[str, ...] = (
    "vpip",  # put chips in voluntarily on the first street (not the bring-in)
    "complete_chance",  # acted on the first street before anyone completed
    "complete",
    "raise3_chance",  # acted on the first street facing a completion
    "raise3",
    "bring_in",  # posted the bring-in
    "bi_faced",  # as the bring-in, faced a completion
    "bi_fold",
    "bi_call",
    "bi_raise",
    "steal_chance",  # nobody in yet, every up card behind worse (docs/study.md)
    "steal",
    "steal_faced",  # behind a steal, nobody else in yet
    "steal_fold",
    "pair4_chance",  # fourth street, an open pair of one's own, no bet yet
    "pair4_bet",
    # Each street after the first (1: fourth street in the seven-card games, third in
    # the five-card ones): saw it, a chance to bet (nobody had), bet, a chance to
    # raise (facing a bet), raised.
    *(
        f"{what}_{street}"
        for street in (1, 2, 3, 4)
        for what in ("saw", "bet_chance", "bet", "raise_chance", "raise")
    ),
    "agg_br",  # bets and raises after the first street
    "agg_calls",
    "agg_folds",
    "showdown",
    "won_showdown",  # collected chips at a showdown
    "won_no_showdown",  # won with no showdown
    "hilo_showdown",  # Stud/8: went to a showdown
    "scoop",  # Stud/8: took every chip of the pots at a showdown
    "half",  # Stud/8: took part of them
    "low_made",  # Stud/8: showed a low of eight or better
    "sh_made",  # Show Hand: pushed (showhand)
    "sh_faced",  # Show Hand: faced another's showhand
    "sh_called",
)
"""The facts of a player in a hand (studpoker.study.facts), each a column of
``study_players``."""

SOURCE_LENGTH = 16
NUMBER_LENGTH = 80

study_hands = Table(
    "study_hands",
    Base.metadata,
    Column("id", Id, primary_key=True),
    # Who imported it (their own files: only they see it); None for a room hand.
    Column("owner_id", Id, ForeignKey("accounts.id"), nullable=True),
    Column("source", String(SOURCE_LENGTH), nullable=False),  # PokerStars, Full Tilt, PHH, room
    Column("number", String(NUMBER_LENGTH), nullable=False),
    Column("game", String(GAME_LENGTH), nullable=False),
    Column("played_at", String(19), nullable=True),  # "YYYY-MM-DD HH:MM:SS", the site's clock
    Column("small_bet", BigInteger, nullable=False),
    Column("big_bet", BigInteger, nullable=False),
    Column("currency", String(3), nullable=True),
    Column("table_size", Integer, nullable=True),
    Column("players", Integer, nullable=False),
    Column("record", Text, nullable=False),
    Column("events", Text, nullable=False),
    Column("imported_at", UTCDateTime, nullable=False),
    # A room hand's row in ``hands`` (each is studied once).
    Column("room_hand_id", Id, ForeignKey("hands.id"), nullable=True, unique=True),
    UniqueConstraint("owner_id", "source", "number"),
    Index(None, "owner_id", "game"),
)

study_players = Table(
    "study_players",
    Base.metadata,
    Column("hand_id", Id, ForeignKey("study_hands.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("net", BigInteger, nullable=False),
    Column("net_bb", Double, nullable=False),
    *(Column(name, SmallInteger, nullable=False) for name in STUDY_FACTS),
    Index(None, "name"),
)


class PasswordResetModel(Base):
    """A one-time password reset the operator made for an account: only the token's
    SHA-256 is kept; it is used once, before it expires."""

    __tablename__ = "password_resets"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Id, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class AdminActionModel(Base):
    """Every action of an operator (the admin log: who, when, what, why), and what of it
    a running room still has to carry out: an action on a table is ``done`` once the
    process that runs the table has (``result`` says how), and every process of the room
    reads the actions after the last it read (room/operator.py)."""

    __tablename__ = "admin_log"

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    operator: Mapped[str] = mapped_column(String(OPERATOR_LENGTH))
    operator_id: Mapped[int | None] = mapped_column(
        Id, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True
    )
    action: Mapped[str] = mapped_column(String(32))
    target: Mapped[str] = mapped_column(String(128))
    reason: Mapped[str] = mapped_column(Text)
    details: Mapped[str] = mapped_column(Text)  # JSON
    # The table a running room must act on, until it has (then done_at and result).
    table_id: Mapped[str | None] = mapped_column(String(TABLE_ID_LENGTH), nullable=True)
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)


class PresenceModel(Base):
    """Who each process of a running room has online and where (JSON), written every
    few seconds, for the operator's "who is online" from any process or the console."""

    __tablename__ = "room_presence"

    owner: Mapped[str] = mapped_column(String(128), primary_key=True)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    seen_at: Mapped[datetime] = mapped_column(UTCDateTime)
    online: Mapped[str] = mapped_column(Text)


class FreeChipsModel(Base):
    """A grant of free chips (a play-money room's): to whom, asked from which address,
    when; the money itself moves in the ledger (``free_chips``)."""

    __tablename__ = "free_chips"
    __table_args__ = (Index(None, "address", "at"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    account_id: Mapped[int] = mapped_column(Id, ForeignKey("accounts.id"), index=True)
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    chips: Mapped[int] = mapped_column(BigInteger)


class NoteModel(Base):
    """A player's note on another (issue 36): a colour tag from the palette, or none, and
    text; one a writer and subject, seen by nobody but its writer."""

    __tablename__ = "notes"
    __table_args__ = (UniqueConstraint("writer_id", "subject_id"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    # (writer_id, subject_id) is unique: its index finds a writer's notes too.
    writer_id: Mapped[int] = mapped_column(Id, ForeignKey("accounts.id", ondelete="CASCADE"))
    subject_id: Mapped[int] = mapped_column(Id, ForeignKey("accounts.id", ondelete="CASCADE"))
    colour: Mapped[str | None] = mapped_column(String(NOTE_COLOUR_LENGTH), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
