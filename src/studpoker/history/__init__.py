"""Records of hands (the ``history`` layer of DESIGN.md): PokerStars and Full Tilt
text read, PokerStars text and PHH written and read, and real hands replayed
through the engine with every fact they state checked.

>>> from studpoker.history import read_history, replay
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

from studpoker.history import fulltilt as _fulltilt
from studpoker.history import pokerstars as _pokerstars
from studpoker.history.fulltilt import HEADER as _FULL_TILT
from studpoker.history.fulltilt import iter_fulltilt, read_fulltilt
from studpoker.history.phh import from_phh, to_phh
from studpoker.history.pokerstars import HEADER as _POKERSTARS
from studpoker.history.pokerstars import iter_pokerstars, read_pokerstars
from studpoker.history.pokerstars_write import to_pokerstars
from studpoker.history.record import HandRecord, HistoryError, OtherGame
from studpoker.history.replay import SITE_OPTIONS, ReplayReport, replay
from studpoker.history.text import decode, open_text, split_hands

__all__ = [
    "SITE_OPTIONS",
    "HandRecord",
    "HistoryError",
    "OtherGame",
    "ReplayReport",
    "from_phh",
    "iter_history",
    "iter_history_texts",
    "read_fulltilt",
    "read_history",
    "read_pokerstars",
    "replay",
    "to_phh",
    "to_pokerstars",
]


def read_history(source: str | bytes | Path) -> list[HandRecord | HistoryError]:
    """Every hand of a PokerStars or Full Tilt history (text, bytes in any of the
    sites' encodings, or a file's path), each a record or the error that stopped
    reading it."""
    if isinstance(source, Path):
        source = source.read_bytes()
    text = decode(source) if isinstance(source, bytes) else source
    for line in text.splitlines():
        line = line.lstrip("\ufeff")
        if _POKERSTARS.match(line):
            return read_pokerstars(text)
        if _FULL_TILT.match(line):
            return read_fulltilt(text)
    raise HistoryError("no PokerStars or Full Tilt hand found")


def iter_history(
    path: str | Path, read: Callable[[int], None] | None = None
) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_history` of a file a hand at a time, as it is read: a file of any
    size reads in the memory of one hand.  ``read`` is told how many characters each
    line read had (a progress bar).  Raises ``HistoryError`` (when the first hand is
    looked for) if the file holds no PokerStars or Full Tilt hand."""
    with open_text(path) as file:
        lines: Iterator[str] = iter(file)
        if read is not None:
            lines = _told(lines, read)
        seen: list[str] = []
        for line in lines:
            seen.append(line)
            first = line.lstrip("\ufeff").rstrip("\r\n")
            site = (
                iter_pokerstars
                if _POKERSTARS.match(first)
                else iter_fulltilt
                if _FULL_TILT.match(first)
                else None
            )
            if site is not None:
                yield from site(itertools.chain(seen, lines))
                return
    raise HistoryError("no PokerStars or Full Tilt hand found")


def _told(lines: Iterator[str], read: Callable[[int], None]) -> Iterator[str]:
    for line in lines:
        read(len(line))
        yield line


def iter_history_texts(
    path: str | Path, read: Callable[[int], None] | None = None
) -> Iterator[tuple[HandRecord | HistoryError, str]]:
    """:func:`iter_history` with each hand's text (its lines, as the file has them):
    what an import stores for the replayer to show."""
    with open_text(path) as file:
        lines: Iterator[str] = iter(file)
        if read is not None:
            lines = _told(lines, read)
        seen: list[str] = []
        for line in lines:
            seen.append(line)
            first = line.lstrip("\ufeff").rstrip("\r\n")
            if _POKERSTARS.match(first):
                header, word, read_hand = _POKERSTARS, "PokerStars", _pokerstars.read_hand
            elif _FULL_TILT.match(first):
                header, word, read_hand = _FULL_TILT, "Full Tilt", _fulltilt.read_hand
            else:
                continue
            for number, hand in split_hands(itertools.chain(seen, lines), header, word):
                text = "\n".join(hand).strip("\n") + "\n"
                try:
                    yield read_hand(number, hand), text
                except HistoryError as error:
                    yield error, text
            return
    raise HistoryError("no PokerStars or Full Tilt hand found")
