"""The notes' routes (issue 36): a player's notes on other players — a colour tag from a
fixed palette, or none, and text — kept by the room for their writer alone.  Every
route answers the asker's own notes and nothing else: no route reads another's."""

import asyncio
import unicodedata
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import ConfigDict, Field

from studpoker.server.answers import Asker, PlayerNote, Refusal, problems, slow_down
from studpoker.server.protocol import Text
from studpoker.server.routes import AppServices, Body, Services
from studpoker.store import Account, Note, NoteRefused
from studpoker.store.models import NAME_LENGTH

__all__ = ["NoteBody", "notes_router"]


class NoteBody(Body):
    """A note as its writer leaves it: ``colour`` one of the palette (``red``,
    ``orange``, ``yellow``, ``green``, ``teal``, ``blue``, ``purple``, ``grey``) or null,
    ``text`` up to 2,000 characters (its ends trimmed).  No colour and no text: no note."""

    model_config = ConfigDict(extra="forbid")

    colour: Annotated[Text, Field(strict=True)] | None
    text: Annotated[Text, Field(strict=True)]


# What writing a note may be refused (store/notes.py), for its route's document.
WRITE = (
    "login",
    "no_player",
    "note_self",
    "unknown_colour",
    "note_length",
    "note_characters",
    "notes_full",
    "rate_limited",
)

PlayerName = Annotated[str, Path(description="The player's name, in any case.")]


def note_view(note: Note) -> PlayerNote:
    return {
        "name": note.subject,
        "colour": note.colour,
        "text": note.text,
        "updated": note.updated_at.isoformat(),
    }


async def _subject(app: Services, name: str) -> Account:
    """The account called ``name`` (in any case), or a 404 ``no_player``.  A name no
    account may have (too long, a control character) is not looked for."""
    if 1 <= len(name) <= NAME_LENGTH and all(unicodedata.category(c)[0] != "C" for c in name):
        account = await asyncio.to_thread(app.room.store.account, name)
        if account is not None:
            return account
    raise Refusal(f"no player {name!r}", "no_player", {"name": name})


async def _stored(work: Any) -> Any:
    """A store's operation on the notes, what it refuses answered with its code."""
    try:
        return await work
    except NoteRefused as error:
        raise Refusal(str(error), error.code, error.params) from None


@cache
def notes_router() -> APIRouter:
    """The notes' routes (built once a process); writes are limited by account
    (``Limits.notes_per_account``)."""
    router = APIRouter(tags=["notes"])

    @router.get("/api/notes", responses=problems("login", invalid=False))
    async def notes(account: Asker, app: AppServices) -> list[PlayerNote]:
        """Every note the asker keeps, by the player's name."""
        kept = await asyncio.to_thread(app.room.store.notes_of, account.id)
        return [note_view(note) for note in kept]

    @router.put("/api/notes/{name}", responses=problems(*WRITE))
    async def write(
        name: PlayerName, body: NoteBody, account: Asker, app: AppServices
    ) -> PlayerNote:
        """Write the asker's note on the player ``name`` (in place of the one there was):
        the note as it now is.  A note with no colour and no text is deleted (its
        ``updated`` null).  A note is on another player, never on oneself (``note_self``);
        a player keeps 1,000 notes at most (``notes_full``)."""
        slow_down(app.notes.take(str(account.id)), "notes")
        subject = await _subject(app, name)
        store = app.room.store
        note = await _stored(
            asyncio.to_thread(store.set_note, account.id, subject.id, body.colour, body.text)
        )
        if note is None:
            return {"name": subject.name, "colour": None, "text": "", "updated": None}
        return note_view(note)

    @router.delete(
        "/api/notes/{name}",
        status_code=204,
        responses=problems("login", "no_player", "rate_limited"),
    )
    async def forget(name: PlayerName, account: Asker, app: AppServices) -> None:
        """Delete the asker's note on the player ``name`` (204 whether there was one)."""
        slow_down(app.notes.take(str(account.id)), "notes")
        subject = await _subject(app, name)
        await asyncio.to_thread(app.room.store.delete_note, account.id, subject.id)

    return router
