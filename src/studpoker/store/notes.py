"""Players' notes on each other (issue 36): a colour tag from a fixed palette, or none,
and free text, one a writer and subject, kept for the writer alone.

A note is read and written only by its writer's account: every method takes the writer,
and nothing here answers what another wrote.  A note with no colour and no text is no
note: writing one deletes it.

>>> from studpoker.store import Store
>>> store = Store("sqlite://")
>>> store.migrate()
>>> ann, bob = store.create_account("ann", None), store.create_account("bob", None)
>>> store.set_note(ann.id, bob.id, "red", "  calls down light  ").text
'calls down light'
>>> [(note.subject, note.colour) for note in store.notes_of(ann.id)], store.notes_of(bob.id)
([('bob', 'red')], [])
>>> store.set_note(ann.id, bob.id, None, "") is None, store.notes_of(ann.id)
(True, [])
"""

from __future__ import annotations

import unicodedata
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from studpoker.store.base import StoreBase
from studpoker.store.checks import whole
from studpoker.store.errors import StoreError
from studpoker.store.models import AccountModel, NoteModel
from studpoker.store.values import NOTE_COLOURS, Note, NoteColour

__all__ = ["NOTES_PER_WRITER", "NOTE_LENGTH", "NoteRefused", "Notes", "note_colour", "note_text"]

NOTE_LENGTH = 2000
"""A note's text at most, in characters once read (:func:`note_text`)."""
NOTES_PER_WRITER = 1000
"""The notes one account may keep at most: every one of them comes with each reading."""

# Characters that reorder what follows them on the screen (U+202A to U+202E, U+2066 to
# U+2069): a note is shown beside a name, which they could turn around.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_LINE_CONTROLS = frozenset("\n\t")


class NoteRefused(StoreError):
    """A note not written: ``code`` says why (``unknown_colour``: not of the palette;
    ``note_length``: too long; ``note_characters``: a control character; ``note_self``: on
    one's own account; ``notes_full``: the writer keeps as many as they may), ``params``
    what the refusal says.  Nothing changed."""

    def __init__(self, message: str, code: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def _character(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X} ({name})" if name else f"U+{ord(char):04X}"


def note_text(raw: object) -> str:
    """A note's text as it is kept: its lines ended by ``\\n`` whatever the browser sent,
    white space at both ends left out; a :class:`NoteRefused` for a control character
    other than a line's end or a tab, a lone surrogate or a bidirectional control
    (``note_characters``), and for more than :data:`NOTE_LENGTH` characters
    (``note_length``).

    >>> note_text(" tight\\r\\nbluffs the river \\n")
    'tight\\nbluffs the river'
    >>> note_text("x\\x00")
    Traceback (most recent call last):
    ...
    studpoker.store.notes.NoteRefused: a note may not hold the control character U+0000
    """
    if not isinstance(raw, str):
        raise StoreError(f"a note's text is text, not {raw!r}")
    text = raw.replace("\r\n", "\n").replace("\r", "\n").strip()
    for char in text:
        category = unicodedata.category(char)
        if (category == "Cc" and char not in _LINE_CONTROLS) or category == "Cs":
            what = "control character" if category == "Cc" else "lone surrogate"
            raise NoteRefused(
                f"a note may not hold the {what} {_character(char)}",
                "note_characters",
                character=f"U+{ord(char):04X}",
            )
        if char in _BIDI_CONTROLS:
            raise NoteRefused(
                f"a note may not hold the bidirectional control {_character(char)}",
                "note_characters",
                character=f"U+{ord(char):04X}",
            )
    if len(text) > NOTE_LENGTH:
        raise NoteRefused(
            f"a note is {NOTE_LENGTH} characters at most, not {len(text)}",
            "note_length",
            maximum=NOTE_LENGTH,
            length=len(text),
        )
    return text


def note_colour(colour: object) -> NoteColour | None:
    """``colour`` if it is one of the palette's (:data:`NOTE_COLOURS`) or None; else a
    :class:`NoteRefused` (``unknown_colour``) naming the palette."""
    if colour is None:
        return None
    for known in NOTE_COLOURS:
        if colour == known:
            return known
    raise NoteRefused(
        f"a note's colour is one of {', '.join(NOTE_COLOURS)}, or none; not {colour!r}",
        "unknown_colour",
        value=str(colour),
        allowed=list(NOTE_COLOURS),
    )


def _note(row: NoteModel, subject: str) -> Note:
    return Note(
        subject_id=row.subject_id,
        subject=subject,
        colour=note_colour(row.colour),
        text=row.text,
        updated_at=row.updated_at,
    )


class Notes(StoreBase):
    """The store's part that keeps players' notes; each method is the writer's own."""

    def notes_of(self, writer_id: int) -> list[Note]:
        """Every note ``writer_id`` keeps, by its subject's name (as it is now)."""
        writer = whole(writer_id, "an account id")
        with self._transaction() as session:
            rows = session.execute(
                select(NoteModel, AccountModel.name)
                .join(AccountModel, AccountModel.id == NoteModel.subject_id)
                .where(NoteModel.writer_id == writer)
                .order_by(AccountModel.name_key)
            )
            return [_note(row, name) for row, name in rows]

    def set_note(
        self, writer_id: int, subject_id: int, colour: str | None, text: str
    ) -> Note | None:
        """Write ``writer_id``'s note on ``subject_id``: a new one, or in place of the one
        there was.  No colour and no text: the note is deleted, and None answered.  A
        :class:`NoteRefused` (or a :class:`StoreError` for an account that is not there)
        changes nothing."""
        writer = whole(writer_id, "an account id")
        subject = whole(subject_id, "an account id")
        tag = note_colour(colour)
        kept = note_text(text)
        with self._transaction() as session:
            # The writer's row locked: their writes one at a time (PostgreSQL; SQLite's
            # transactions take the database's lock as they begin), so that no two make
            # the same note at once nor pass the limit together.
            self._account_row(session, writer, lock=True)
            other = self._account_row(session, subject)
            if other.id == writer:
                raise NoteRefused(
                    "a note is on another player, not on oneself", "note_self", name=other.name
                )
            row = self._row(session, writer, subject)
            if tag is None and not kept:
                if row is not None:
                    session.delete(row)
                return None
            now = self._now()
            if row is None:
                held = session.scalar(
                    select(func.count()).select_from(NoteModel).where(NoteModel.writer_id == writer)
                )
                if (held or 0) >= NOTES_PER_WRITER:
                    raise NoteRefused(
                        f"a player keeps {NOTES_PER_WRITER} notes at most: delete one first",
                        "notes_full",
                        maximum=NOTES_PER_WRITER,
                    )
                row = NoteModel(writer_id=writer, subject_id=subject, colour=tag, text=kept,
                                updated_at=now)  # fmt: skip
                session.add(row)
            else:
                row.colour, row.text, row.updated_at = tag, kept, now
            session.flush()
            return _note(row, other.name)

    def delete_note(self, writer_id: int, subject_id: int) -> bool:
        """Delete ``writer_id``'s note on ``subject_id``; whether there was one."""
        writer = whole(writer_id, "an account id")
        subject = whole(subject_id, "an account id")
        with self._transaction() as session:
            gone = session.execute(
                delete(NoteModel).where(
                    NoteModel.writer_id == writer, NoteModel.subject_id == subject
                )
            )
            return bool(getattr(gone, "rowcount", 0))

    @staticmethod
    def _row(session: Session, writer: int, subject: int) -> NoteModel | None:
        return session.scalars(
            select(NoteModel).where(NoteModel.writer_id == writer, NoteModel.subject_id == subject)
        ).one_or_none()
