"""Records of hands (the ``history`` layer of DESIGN.md): the hand histories of eleven
sites read (:data:`READERS`, each found by the content), PokerStars text and PHH written
and read, and real hands replayed
through the engine with every fact they state checked.

>>> from studpoker.history import read_history, replay
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

from studpoker.history.fulltilt import read_fulltilt
from studpoker.history.phh import from_phh, to_phh
from studpoker.history.pokerstars import read_pokerstars
from studpoker.history.pokerstars_write import to_pokerstars
from studpoker.history.record import HandRecord, HistoryError, OtherGame
from studpoker.history.replay import SITE_OPTIONS, ReplayReport, replay
from studpoker.history.site import SiteReader
from studpoker.history.sites import READERS, reader_for
from studpoker.history.text import decode, open_text

__all__ = [
    "READERS",
    "SITE_OPTIONS",
    "HandRecord",
    "HistoryError",
    "OtherGame",
    "ReplayReport",
    "SiteReader",
    "from_phh",
    "iter_history",
    "iter_history_texts",
    "read_fulltilt",
    "read_history",
    "read_pokerstars",
    "reader_for",
    "replay",
    "to_phh",
    "to_pokerstars",
]


_NONE_FOUND = "no hand of any site we read"  # the sites: READERS


def read_history(source: str | bytes | Path) -> list[HandRecord | HistoryError]:
    """Every hand of a site's history (text, bytes in any of the sites' encodings, or a
    file's path), each a record or the error that stopped reading it; the site is
    found by the content (:data:`READERS`)."""
    if isinstance(source, Path):
        source = source.read_bytes()
    text = decode(source) if isinstance(source, bytes) else source
    for line in text.splitlines():
        reader = reader_for(line)
        if reader is not None:
            return reader.read(text)
    raise HistoryError(_NONE_FOUND)


def iter_history(
    path: str | Path, read: Callable[[int], None] | None = None
) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_history` of a file a hand at a time, as it is read: a file of any
    size reads in the memory of one hand.  ``read`` is told how many characters each
    line read had (a progress bar).  Raises ``HistoryError`` (when the first hand is
    looked for) if the file holds no hand of a site we read."""
    for item, _text in _iter(path, read, texts=False):
        yield item


def iter_history_texts(
    path: str | Path, read: Callable[[int], None] | None = None
) -> Iterator[tuple[HandRecord | HistoryError, str]]:
    """:func:`iter_history` with each hand's text (its lines, as the file has them):
    what an import stores for the replayer to show."""
    return _iter(path, read, texts=True)


def _iter(
    path: str | Path, read: Callable[[int], None] | None, *, texts: bool
) -> Iterator[tuple[HandRecord | HistoryError, str]]:
    with open_text(path) as file:
        lines: Iterator[str] = iter(file)
        if read is not None:
            lines = _told(lines, read)
        seen: list[str] = []
        for line in lines:
            seen.append(line)
            reader = reader_for(line.rstrip("\r\n"))
            if reader is None:
                continue
            for number, hand in reader.hands(itertools.chain(seen, lines)):
                text = "\n".join(hand).strip("\n") + "\n" if texts else ""
                try:
                    yield reader.read_hand(number, hand), text
                except HistoryError as error:
                    yield error, text
            return
    raise HistoryError(_NONE_FOUND)


def _told(lines: Iterator[str], read: Callable[[int], None]) -> Iterator[str]:
    for line in lines:
        read(len(line))
        yield line
