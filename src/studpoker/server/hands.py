"""The hands a client may ask for over REST: one finished hand of a table as the
asker's seat saw it (the last hand view, R5.8), and the asker's own hands as
PokerStars hand histories.  The routes of :mod:`studpoker.server.routes.hands` call
these; what the room refuses (no such table, its workers busy) is raised as it is."""

from __future__ import annotations

import asyncio
from typing import cast, get_args

from fastapi.responses import PlainTextResponse
from typing_extensions import TypedDict

from studpoker.room import Room, RoomError
from studpoker.server.answers import Refusal, slow_down
from studpoker.server.limits import Limiter
from studpoker.server.protocol import Lang
from studpoker.server.state import HandEvent, Nets, SeatNumber
from studpoker.server.wire import wire
from studpoker.store import Account
from studpoker.table.messages import dealer_lines
from studpoker.table.snapshot import event_dict

__all__ = [
    "LANGUAGES",
    "FinishedHand",
    "RevealedDeal",
    "TableSeeds",
    "finished_hand",
    "hand_histories",
    "known_language",
    "table_seeds",
]

LANGUAGES: tuple[Lang, ...] = get_args(Lang)


@wire
class FinishedHand(TypedDict):
    """A finished hand as the asker's seat saw it (the last hand view, R5.8)."""

    table: str
    hand: int
    names: list[str]
    """Who held each engine seat, in dealing order."""
    seats: list[SeatNumber]
    """The table seat of each engine seat."""
    net: Nets
    events: list[HandEvent]
    lines: list[str]
    """The dealer's lines of those events, in the asked language (R5.7)."""


@wire
class RevealedDeal(TypedDict):
    """A hand's deal whose seed epoch is over (docs/fairness.md): all that anyone needs to
    recompute its deck (``studpoker.fairness.verify_deal``, ``stud verify``)."""

    hand_id: str
    """The hand as the deal names it: ``TABLE/NUMBER``."""
    size: int
    commitment: str
    """SHA-256 of the server seed and the hand id, sent before the deal (hex)."""
    root: str
    """The root of the deck's tree, sent with the deal (hex)."""
    client_seeds: list[str]
    """Each seated player's client seed, in seat order (hex)."""
    chosen_by_room: list[int]
    """The seats (from 0, in that order) whose seed the room chose."""
    test_seed: bool
    server_seed: str
    epoch_started: str
    revealed_at: str


@wire
class TableSeeds(TypedDict):
    """A table's revealed deals, oldest first: every seed of each epoch that is over."""

    table: str
    deals: list[RevealedDeal]


async def table_seeds(room: Room, table_id: str, account: Account | None) -> TableSeeds:
    """``table_id``'s revealed deals.  A running private table shows them to the invited
    only, as it shows its hands.  A deal of a private table whose host let only the
    invited watch stays theirs once the table is closed: given only to an account that
    played a hand of it (or, while it runs here, to whom the room lets watch it); anyone
    else, and an asker with no account, gets none of them (store/deals.py)."""
    watching = True
    try:
        room.check_watch(account, table_id, None)
    except RoomError as error:
        if error.code != "no_table":
            raise
        watching = False  # closed, or run by another process: the store decides
    asker = None if account is None else account.id
    deals = await asyncio.to_thread(room.store.revealed_seeds, table_id, asker, watching=watching)
    return {"table": table_id, "deals": cast(list[RevealedDeal], deals)}


def known_language(lang: str) -> None:
    """A 400 ``unknown_language`` unless ``lang`` is one the dealer speaks."""
    if lang not in LANGUAGES:
        raise Refusal(
            f"lang is one of {', '.join(LANGUAGES)}, not {lang!r}",
            "unknown_language",
            {"value": lang, "allowed": list(LANGUAGES)},
        )


def finished_hand(
    room: Room, table_id: str, number: int, lang: str, account: Account | None
) -> FinishedHand:
    """Hand ``number`` of ``table_id`` as ``account``'s seat saw it (shown cards, never
    a mucked one), or as an onlooker saw it when the account did not play it; ``lines``
    are the dealer's lines of those events in ``lang`` (R5.7)."""
    known_language(lang)
    done = room.table(table_id).table.hand(number)
    if done is None:
        raise Refusal(
            f"hand {number} of {table_id} is not kept",
            "no_hand",
            {"table": table_id, "hand": number},
        )
    seen = None
    if account is not None and account.id in done.account_ids:
        seen = done.account_ids.index(account.id)
    else:  # an onlooker's view: a private table shows it to the invited only
        room.check_watch(account, table_id, None)
    events = done.hand.events_for(seen)
    return {
        "table": table_id,
        "hand": number,
        "names": list(done.names),
        "seats": list(done.seats),
        "net": {str(k): v for k, v in done.net.items()},
        "events": cast(list[HandEvent], [event_dict(e, done.seat_map) for e in events]),
        "lines": dealer_lines(events, done.hand.spec, done.names, lang),
    }


async def hand_histories(
    room: Room, account: Account, limit: int, table_id: str | None, downloads: Limiter
) -> PlainTextResponse:
    """The last ``limit`` hands ``account`` played (at ``table_id`` only, if given) as
    PokerStars hand histories from their seat, as a file to save; a 429 when the
    account downloads too often, a 503 when the room's workers are busy."""
    slow_down(downloads.take(str(account.id)), "hand_histories")
    text = await room.hand_history(account, limit=limit, table_id=table_id)
    return PlainTextResponse(
        text,
        headers={"Content-Disposition": 'attachment; filename="studpoker-hands.txt"'},
    )
