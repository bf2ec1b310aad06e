"""An account's hands as PokerStars text, as its seat saw them (``GET /api/hands``).

Written on a worker process of the room's (:mod:`studpoker.room.workers`): a
thousand hands are seconds of pure Python, which in the room's own process would hold
the interpreter's lock against the tables.  The process opens the room's database by
its URL; a room on an in-memory SQLite database (tests) writes them on a thread with
its own store instead.
"""

from __future__ import annotations

from studpoker.history import to_pokerstars
from studpoker.history.phh import from_phh
from studpoker.store import Store

__all__ = ["hand_histories"]

_stores: dict[str, Store] = {}  # the worker process's stores, by URL


def hand_histories(store: Store | str, account_id: int, limit: int, table_id: str | None) -> str:
    """The last ``limit`` hands of ``account_id`` (at ``table_id`` only, if given) as
    PokerStars text from its seat, oldest first; ``store`` is the room's store or its
    URL."""
    if isinstance(store, str):
        if store not in _stores:
            _stores[store] = Store(store)
        store = _stores[store]
    texts = []
    for stored in reversed(store.hands_of(account_id, limit=limit)):
        if table_id is not None and stored.table_id != table_id:
            continue
        hand = from_phh(stored.record)
        players = sorted(stored.players, key=lambda p: p.seat)
        engine = [p.account_id for p in players].index(account_id)
        spec = hand.spec
        texts.append(
            to_pokerstars(
                hand,
                viewer=engine,
                names=[p.name for p in players],
                seats=[p.seat + 1 for p in players],
                hand_id=stored.id,
                table=stored.table_id,
                started=stored.started_at,
                currency=None if spec.is_show_hand else "$",
                max_seats=spec.max_seats,
            )
        )
    return "\n\n\n".join(texts) + ("\n" if texts else "")
