"""The study tools' work as the room's workers do it (``POST /api/study/hands``, the
statistics and the replays): imports are seconds of pure Python a file, a replay's
equities a tenth of a second a hand, and the room's new hands turned into facts before a
statistic — in the room's own process each would hold the interpreter's lock against the
tables (issue 34).

Each job takes the room's store or its database's URL first: a worker process opens the
database by its URL, once a process; a room on an in-memory SQLite database (tests),
which no other process can open, runs the jobs on a thread with its own store.  A job's
answer is plain data, to be pickled back to the room.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from studpoker.history import HistoryError
from studpoker.history.deals import dealt_hands
from studpoker.store import Store, StoreError, StudyFilter
from studpoker.study.importer import ImportReport, import_files
from studpoker.study.replay import imported_replay, replay_view
from studpoker.study.room import room_hand
from studpoker.study.stats import Stats, Winnings, player_stats, room_hands_studied, winnings

__all__ = [
    "BATCH",
    "GRAPH_POINTS",
    "import_upload",
    "imported_hand_replay",
    "room_hand_replay",
    "statistics",
    "verify_record",
    "winnings_graph",
]

VERIFY_HANDS = 100  # the hands of a pasted record placed at most: an answer stays small

GRAPH_POINTS = 500  # a winnings graph's points at most: a screen's width, not 100,000 hands
# Hands a transaction of a job's writes (an upload's hands, the room's new hands' facts):
# on SQLite a transaction holds the write lock, which the room's own writes and reads
# wait for, and a worker at a lower priority may hold it longer on a busy machine — 2,000
# hands (``stud import``'s) hold it 0.2–0.3 s, 500 under a tenth, for 8% more time in all.
BATCH = 500

_stores: dict[str, Store] = {}  # the worker process's stores, by URL


def _store(where: Store | str) -> Store:
    if isinstance(where, Store):
        return where
    if where not in _stores:
        _stores[where] = Store(where)
    return _stores[where]


def import_upload(where: Store | str, owner_id: int, path: str) -> ImportReport:
    """The file at ``path`` (an upload, saved as it came) imported as ``owner_id``'s."""
    return import_files(_store(where), owner_id, [Path(path)], batch_size=BATCH)


def statistics(
    where: Store | str, player: str, among: StudyFilter
) -> tuple[Stats, list[dict[str, object]], list[dict[str, object]]]:
    """``player``'s statistics over the hands ``among`` takes, the stakes they played
    there and the sites their hands come from; the room's new hands are studied first
    (one job at a time: the workers of statistics are one)."""
    store = _store(where)
    room_hands_studied(store, batch=BATCH)
    stats = player_stats(store, player, among)
    return stats, store.study_stakes(player, among), store.study_sites(player, among)


def winnings_graph(where: Store | str, player: str, among: StudyFilter) -> tuple[int, Winnings]:
    """How many hands ``player``'s winnings graph counts over the hands ``among`` takes,
    and the graph at :data:`GRAPH_POINTS` points at most (``Winnings.every``)."""
    store = _store(where)
    room_hands_studied(store, batch=BATCH)
    graph = winnings(store, player, among)
    return len(graph.total), graph.thinned(GRAPH_POINTS)


def imported_hand_replay(where: Store | str, owner_id: int, hand_id: int) -> dict[str, Any] | None:
    """``owner_id``'s imported hand ``hand_id`` for the replayer, or None when it is not
    theirs (:func:`~studpoker.study.replay.imported_replay`)."""
    found = _store(where).study_hand(owner_id, hand_id)
    return None if found is None else imported_replay(*found)


def room_hand_replay(
    where: Store | str, table_id: str, number: int, account_id: int | None
) -> dict[str, Any] | None:
    """Hand ``number`` of ``table_id`` for the replayer as ``account_id`` may see it
    (their own down cards if they played it; an onlooker's view else), or None when
    the store holds no such hand."""
    try:
        stored = _store(where).hand(table_id, number)
    except StoreError:  # not a table id the store could hold
        return None
    if stored is None:
        return None
    viewer = None
    if account_id is not None:
        viewer = next((p.seat for p in stored.players if p.account_id == account_id), None)
    return replay_view(room_hand(stored), viewer=viewer)


def verify_record(where: Store | str, text: str) -> dict[str, Any]:
    """Each hand of a pasted record with its deal and the cards it shows at their places
    in the deck (history/deals.py), for the Verify page to check in the browser: the
    first :data:`VERIFY_HANDS` hands, the errors of those it cannot read, and whether
    there were more.  ``where`` is not read: a record pasted is not the room's."""
    del where
    hands: list[dict[str, Any]] = []
    errors: list[str] = []
    more = False
    try:
        for hand in dealt_hands(text):
            if len(hands) + len(errors) >= VERIFY_HANDS:
                more = True
                break
            if isinstance(hand, HistoryError):
                errors.append(str(hand))
                continue
            deal = hand.deal
            hands.append(
                {
                    "number": hand.number,
                    "deal": None if deal is None else {
                        "hand_id": deal.hand_id,
                        "size": deal.size,
                        "commitment": deal.commitment.hex(),
                        "root": deal.root.hex(),
                        "client_seeds": [seed.hex() for seed in deal.client_seeds],
                        "chosen_by_room": sorted(deal.chosen_by_room),
                        "test_seed": deal.test_seed,
                        "server_seed": None if deal.server_seed is None else deal.server_seed.hex(),
                    },
                    "cards": None if hand.cards is None else {
                        str(place): str(card)
                        for place, card in enumerate(hand.cards)
                        if card is not None
                    },
                }
            )  # fmt: skip
    except HistoryError as error:  # no hand at all
        errors.append(str(error))
    return {"hands": hands, "errors": errors, "more": more}
