"""The study routes (issue 18): one's own hand histories imported, a player's
statistics and winnings graph, and the replayer's hands, imported or played in the room.

Their work is done on workers of its own (issue 34), off the room's event loop: a
process for each kind — imports, replays, statistics — at a lower priority than the
room's (:mod:`studpoker.study.jobs`).  Each asker (its account, or its address without
one) is held to a rate and to a share of the workers' places — over either a 429
``rate_limited`` — and a kind whose places are all taken answers 503 ``busy``, both with
``Retry-After`` (docs/security.md).  The same rates are applied by session before a
request is routed (:class:`~studpoker.server.limits.SessionLimits`), so that a flood
from one session costs the room little; here they hold an account's sessions together.
An upload is written to a file as it comes, never held whole in memory, and read there
by the import's worker.
"""

import asyncio
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any, NamedTuple, TypeVar, cast

from fastapi import APIRouter, Depends, Query, Request
from fastapi import Path as PathParam

from studpoker.games.spec import MAX_SEATS, STAKE_MAX
from studpoker.room import Room, Workers, known_game
from studpoker.server.answers import (
    OPTIONAL,
    Asker,
    Refusal,
    StudyHandInfo,
    StudyImport,
    StudySite,
    StudyStake,
    StudyStats,
    StudyWinnings,
    Token,
    current_account,
    problems,
    slow_down,
)
from studpoker.server.limits import Limiter, Limits
from studpoker.server.messages import Limited
from studpoker.server.routes import AppServices
from studpoker.store import Account, Store, StudyFilter
from studpoker.store.checks import LARGEST
from studpoker.study.importer import upload_name
from studpoker.study.jobs import (
    import_upload,
    imported_hand_replay,
    room_hand_replay,
    statistics,
    winnings_graph,
)

__all__ = ["StudyDesk", "StudyQuery", "StudyWork", "asker_of", "study_router"]

T = TypeVar("T")
DATE = r"^\d{4}-\d{2}-\d{2}$"  # YYYY-MM-DD


@dataclass
class StudyWork:
    """One kind of the study tools' work: its ``workers`` (a process; a thread beside an
    in-memory database, which another process cannot open), how often one asker may ask
    for it (``rate``, over it ``what``), and how many of the workers' places one asker
    may hold at once (``each``), so that one asker's flood leaves room for the others."""

    workers: Workers
    what: Limited
    rate: Limiter
    each: int
    store: Store
    taken: Counter[str] = field(default_factory=Counter)

    @contextmanager
    def place(self, asker: str) -> Iterator[None]:
        """A place for one job of ``asker``'s, given back when the block ends: a 429
        when ``asker`` asks too often or holds its share of the places already, a 503
        when the places are all taken."""
        slow_down(self.rate.take(asker), self.what)
        if self.taken[asker] >= self.each:
            slow_down(self.workers.retry_after, self.what)
        self.workers.admit()
        self.taken[asker] += 1
        try:
            yield
        finally:
            self.taken[asker] -= 1
            if not self.taken[asker]:
                del self.taken[asker]

    async def run(self, job: Callable[..., T], *args: object) -> T:
        """``job(where, *args)`` on the workers, ``where`` the room's database: its URL
        for a process, the store itself for a thread."""
        where: Store | str = self.store
        if self.workers.processes:
            where = self.store.url.render_as_string(hide_password=False)
        return await self.workers.run(job, where, *args)


class StudyQuery(NamedTuple):
    """The hands a statistic or a graph counts, and whose rate asking it spends."""

    among: StudyFilter
    asker: str


def asker_of(account: Account | None, request: Request) -> str:
    """Whose rate and places a request spends: its account's, or, asked without one,
    its address's."""
    if account is not None:
        return f"account {account.id}"
    return f"address {request.client.host if request.client is not None else 'unknown'}"


class StudyDesk:
    """The study tools' work for one application — ``imports``, ``replays`` and
    ``statistics``, each on one worker of its own at a lower priority than the room's —
    which the routes of :func:`study_router` ask for (``Services.study``).  Its workers
    stop with the application, which calls :meth:`close` when it stops."""

    def __init__(self, room: Room, limits: Limits) -> None:
        processes = not room.store.in_memory
        # An import of the largest file is seconds of a core: its 503 asks for 10 s.
        self.imports = StudyWork(
            Workers("imports", size=1, waiting=6, processes=processes, retry_after=10.0),
            what="imports",
            rate=Limiter(limits.import_per_account),
            each=2,
            store=room.store,
        )
        self.replays = StudyWork(
            Workers("replays", size=1, waiting=8, processes=processes),
            what="replays",
            rate=Limiter(limits.replay_per_account),
            each=2,
            store=room.store,
        )
        # One worker: the room's new hands are turned into facts by one job at a time.
        # A table's HUD asks for each of its players at once (web/study.js): ten places.
        self.statistics = StudyWork(
            Workers("statistics", size=1, waiting=32, processes=processes),
            what="statistics",
            rate=Limiter(limits.stats_per_account),
            each=10,
            store=room.store,
        )

    def close(self) -> None:
        for work in (self.imports, self.replays, self.statistics):
            work.workers.close()


@cache
def study_router() -> APIRouter:
    """The study routes (built once a process): each asks its application's study desk
    (``Services.study``), whose workers stop with the application (server/app.py)."""
    router = APIRouter()

    @router.post(
        "/api/study/hands",
        tags=["study"],
        responses=problems("login", "too_large", "rate_limited", "busy"),
        openapi_extra={
            "requestBody": {
                "required": True,
                "description": "A hand history file as the site wrote it (PokerStars, "
                "Full Tilt, Winamax, WPN, KingsClub, iPoker, PartyPoker, Bovada, Everleaf, "
                "OnGame or Merge, in any of their encodings, or PHH).",
                "content": {"application/octet-stream": {"schema": {"type": "string",
                                                                     "format": "binary"}}},
            }
        },
    )  # fmt: skip
    async def import_hands(
        request: Request,
        account: Asker,
        app: AppServices,
        name: Annotated[str, Query(min_length=1, max_length=100)] = "hands.txt",
    ) -> StudyImport:
        """Import one of the asker's hand history files (the body, as the site wrote it;
        ``name`` is how errors name it): each hand read, turned into facts and stored
        as the asker's own, seen only by them.  A hand imported before is skipped, a
        hand that cannot be read is reported and skipped, the rest imported."""
        most, imports = app.limits.import_bytes, app.study.imports
        with imports.place(asker_of(account, request)):
            declared = request.headers.get("content-length", "")
            if declared.isascii() and declared.isdigit() and int(declared) > most:
                raise _too_large(most, int(declared))  # refused before a byte is read
            with tempfile.TemporaryDirectory(prefix="stud-import-") as folder:
                path = Path(folder) / upload_name(name)
                await _save(request, path, most)
                report = await imports.run(import_upload, account.id, str(path))
        return {
            "added": report.added,
            "duplicates": report.duplicates,
            "other_games": report.other_games,
            "errors": report.errors,
        }

    async def study_filter(
        request: Request,
        token: Token,
        app: AppServices,
        game: str | None = None,
        big_bet: Annotated[int | None, Query(ge=0, le=STAKE_MAX)] = None,
        since: Annotated[str | None, Query(pattern=DATE)] = None,
        until: Annotated[str | None, Query(pattern=DATE)] = None,
        table_size: Annotated[int | None, Query(ge=2, le=MAX_SEATS)] = None,
        currency: Annotated[str | None, Query(pattern=r"^(chips|[^\s\w]{1,3})$")] = None,
        site: Annotated[str | None, Query(min_length=1, max_length=16)] = None,
        mine: bool = False,
    ) -> StudyQuery:
        """The hands a statistic or a graph counts, from its query (``mine``: the
        asker's imported ones too, so a login; ``currency``: a site's money sign, or
        ``chips``); the room's new hands studied first."""
        if game is not None:
            known_game(game)
        room = app.room
        account = await current_account(request, token) if mine else await room.account(token)
        among = StudyFilter(
            owner_id=account.id if mine and account is not None else None, game=game,
            big_bet=big_bet, since=since, until=until, table_size=table_size,
            currency="" if currency == "chips" else currency, site=site,
        )  # fmt: skip
        return StudyQuery(among, asker_of(account, request))

    @router.get(
        "/api/study/stats",
        tags=["study"],
        responses=problems("login", "unknown_game", "rate_limited", "busy"),
        openapi_extra=OPTIONAL,
    )
    async def study_stats(
        player: Annotated[str, Query(min_length=1, max_length=64)],
        where: Annotated[StudyQuery, Depends(study_filter)],
        app: AppServices,
    ) -> StudyStats:
        """A player's statistics (docs/study.md) over the room's hands and, with
        ``mine``, the asker's imported hands: each share with its sample, results in big
        bets per 100 hands with a 95% interval."""
        stats = app.study.statistics
        with stats.place(where.asker):
            found, stakes, sites = await stats.run(statistics, player, where.among)
        frequency = found.aggression_frequency
        return {
            "player": player,
            "hands": found.hands,
            "bb_per_100": found.bb_per_100,
            "interval": None if found.interval is None else list(found.interval),
            "aggression": found.aggression,
            "aggression_frequency": {
                "key": "aggression_frequency",
                "label": "Aggression frequency (fourth street on)",
                "count": frequency.count,
                "sample": frequency.sample,
            },
            "stats": [
                {"key": key, "label": label, "count": share.count, "sample": share.sample}
                for key, (label, share) in found.keyed().items()
            ],
            "stakes": cast("list[StudyStake]", stakes),
            "sites": cast("list[StudySite]", sites),
        }

    @router.get(
        "/api/study/winnings",
        tags=["study"],
        responses=problems("login", "unknown_game", "rate_limited", "busy"),
        openapi_extra=OPTIONAL,
    )
    async def study_winnings(
        player: Annotated[str, Query(min_length=1, max_length=64)],
        where: Annotated[StudyQuery, Depends(study_filter)],
        app: AppServices,
    ) -> StudyWinnings:
        """A player's winnings graph over the hands ``study/stats`` would count: the
        running total in big bets, and its showdown and non-showdown parts."""
        stats = app.study.statistics
        with stats.place(where.asker):
            count, graph = await stats.run(winnings_graph, player, where.among)
        return {
            "player": player,
            "hands": count,
            "every": graph.every,
            "total": [round(value, 3) for value in graph.total],
            "showdown": [round(value, 3) for value in graph.showdown],
            "no_showdown": [round(value, 3) for value in graph.no_showdown],
        }

    @router.get("/api/study/hands", tags=["study"], responses=problems("login"))
    async def my_study_hands(
        account: Asker,
        app: AppServices,
        limit: Annotated[int, Query(ge=1, le=500)] = 100,
        before: Annotated[int | None, Query(ge=1, le=LARGEST)] = None,
    ) -> list[StudyHandInfo]:
        """The asker's imported hands, the newest first (``before``: the next page)."""
        rows = await asyncio.to_thread(
            app.room.store.study_hands_of, account.id, limit=limit, before=before
        )
        return cast(list[StudyHandInfo], rows)

    @router.get(
        "/api/study/hands/{hand_id}",
        tags=["study"],
        responses=problems("login", "no_hand", "rate_limited", "busy"),
    )
    async def my_study_hand(
        request: Request,
        hand_id: Annotated[int, PathParam(ge=1, le=LARGEST)],
        account: Asker,
        app: AppServices,
    ) -> dict[str, Any]:
        """One of the asker's imported hands for the replayer: every card its record
        holds, street by street, with each player's equity against the cards the
        record's own player knew at that street (docs/study.md)."""
        replays = app.study.replays
        with replays.place(asker_of(account, request)):
            view = await replays.run(imported_hand_replay, account.id, hand_id)
        if view is None:
            raise Refusal(f"no hand {hand_id} of yours", "no_hand", {"number": hand_id})
        return view

    @router.get(
        "/api/tables/{table_id}/hands/{number}/replay",
        tags=["study"],
        responses=problems("no_hand", "invite_only", "rate_limited", "busy"),
        openapi_extra=OPTIONAL,
    )
    async def room_replay(
        request: Request,
        table_id: Annotated[str, PathParam(min_length=1, max_length=64)],
        number: Annotated[int, PathParam(ge=1, le=LARGEST)],
        token: Token,
        app: AppServices,
    ) -> dict[str, Any]:
        """A hand played in the room for the replayer (its shareable link): what an
        onlooker saw — the up cards, the hands shown — unless the asker played in it,
        who sees their own down cards too; each player's equity at every street against
        the cards the viewer knew then."""
        account = await app.room.account(token)
        if app.room.runs(table_id):  # a private table's hands: the invited's (its players')
            app.room.check_watch(account, table_id, None)
        replays = app.study.replays
        with replays.place(asker_of(account, request)):
            view = await replays.run(
                room_hand_replay, table_id, number, None if account is None else account.id
            )
        if view is None:
            raise Refusal(f"no hand {number} of {table_id}", "no_hand", {"number": number})
        return view

    return router


def _too_large(most: int, length: int) -> Refusal:
    return Refusal(
        f"a file is {most} bytes at most", "too_large", {"maximum": most, "length": length}
    )


async def _save(request: Request, path: Path, most: int) -> None:
    """The request's body written to ``path`` as it comes; a 413 ``too_large`` as soon
    as it passes ``most`` bytes (with or without a Content-Length)."""
    length = 0
    with path.open("wb") as file:
        async for chunk in request.stream():
            length += len(chunk)
            if length > most:
                raise _too_large(most, length)
            file.write(chunk)
