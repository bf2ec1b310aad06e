"""Reading a hand-history file: its encoding, the hands in it, and the players'
names in its lines.

Sites write UTF-8 (with or without a byte-order mark) or UTF-16; names hold
spaces, brackets and colons ("PC [Mittel]", "FILL A RACK"), so a line is split
by the names the seat list gave, never by a pattern guessing where a name ends.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from itertools import compress, count, repeat
from pathlib import Path
from typing import TextIO

from studpoker.history.record import HandRecord, HistoryError

__all__ = ["Names", "decode", "iter_hands", "open_text", "read_hands", "read_text", "split_hands"]


def decode(data: bytes) -> str:
    """The text of a file in any encoding the sites use; bytes that are no character of
    it (a file cut in half a character, or broken) read as U+FFFD, so that a hand holding
    them is reported by its line, never the file refused by a decoding error."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")
    if len(data) > 1 and data[1:2] == b"\x00":  # UTF-16 without a mark, little end first
        return data.decode("utf-16-le", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")  # old Windows clients


def read_text(path: str | Path) -> str:
    return decode(Path(path).read_bytes())


def split_hands(
    text: str | Iterable[str], header: re.Pattern[str], first_word: str
) -> Iterator[tuple[int, list[str]]]:
    """Each hand's first line number (1-based) and its lines (no line ends); a
    hand starts at a line matching ``header``, which begins with ``first_word``.
    ``text`` is the file's text, or its lines as they are read (a file streamed: one
    hand's lines are held at a time)."""
    word = first_word.lower()  # any case: trackers' exports write headers in capitals
    # A header begins with the word (in any case), perhaps after byte-order marks: a
    # line's first character rules out nearly every other line (tested in C, below).
    initials = (word[0], word[0].upper(), "\ufeff")

    def starts(line: str) -> bool:
        return word in line[:12].lower() and header.match(line.lstrip("\ufeff")) is not None

    if isinstance(text, str):
        found = _header_lines(text, word, starts)
        if found is None:
            lines = text.splitlines()  # no line ends left
            maybe = compress(count(), map(str.startswith, lines, repeat(initials)))
            first = [at for at in maybe if starts(lines[at])]
        else:
            lines, first = found
        ends = [*first[1:], len(lines)] if first else []
        for at, end in zip(first, ends, strict=True):
            yield at + 1, lines[at:end]
        return
    hand: list[str] = []
    start = 0
    for number, line in enumerate(text, 1):
        line = line.rstrip("\r\n")
        if line.startswith(initials) and starts(line):
            if hand:
                yield start, hand
            hand, start = [line], number
        elif hand:
            hand.append(line)
    if hand:
        yield start, hand


def _header_lines(
    text: str, word: str, starts: Callable[[str], bool]
) -> tuple[list[str], list[int]] | None:
    """``text.splitlines()`` and which of them are headers, found by searching the
    text for ``word`` rather than looking at each line, when the text allows it: ASCII
    (lowered, each character keeps its place; no byte-order mark) with no line end but
    ``"\\n"`` and ``"\\r\\n"``.  Else None."""
    if not text.isascii():
        return None
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    if any(end in text for end in "\r\x0b\x0c\x1c\x1d\x1e"):
        return None
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()  # splitlines() gives no empty line after the last line end
    lowered = text.lower()
    first: list[int] = []
    line = counted = 0  # the line at ``counted``, the last place looked at
    at = lowered.find(word)
    while at >= 0:
        if at == 0 or text[at - 1] == "\n":  # a header starts its line
            line += text.count("\n", counted, at)
            counted = at
            if starts(lines[line]):
                first.append(line)
        at = lowered.find(word, at + 1)
    return lines, first


def read_hands(
    text: str | Iterable[str],
    header: re.Pattern[str],
    first_word: str,
    read_hand: Callable[[int, list[str]], HandRecord],
) -> list[HandRecord | HistoryError]:
    """Every hand of a site's file, each a record or the error that stopped
    reading it (the other hands are still read)."""
    return list(iter_hands(text, header, first_word, read_hand))


def iter_hands(
    text: str | Iterable[str],
    header: re.Pattern[str],
    first_word: str,
    read_hand: Callable[[int, list[str]], HandRecord],
) -> Iterator[HandRecord | HistoryError]:
    """:func:`read_hands` a hand at a time, as the lines come."""
    for first, lines in split_hands(text, header, first_word):
        try:
            yield read_hand(first, lines)
        except HistoryError as error:
            yield error


_PARTY_NULS = re.compile(rb"\x00+(?=Game #)|(?:(?<=\n)|^)\x00+(?=\r?\n|$)")


def open_text(path: str | Path) -> TextIO:
    """A site's file opened as text to be read line by line, in its encoding: UTF-16
    (with a mark, or without one: every second byte zero), else UTF-8 (with or without
    a mark) when its first 64 KB are UTF-8, else cp1252 (old Windows clients)."""
    with open(path, "rb") as raw:
        head = raw.read(65536)
    if head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        encoding = "utf-16"
    elif len(head) > 1 and head[1:2] == b"\x00":
        encoding = "utf-16-le"
    else:
        try:
            head.decode("utf-8-sig")
            encoding = "utf-8-sig"
        except UnicodeDecodeError as error:
            # A character cut by the 64 KB's end is still UTF-8.
            encoding = "utf-8-sig" if error.start >= len(head) - 3 else "cp1252"
            # No site's text holds a NUL, but PartyPoker's before each hand (``\x00Game
            # #1 starts.``) and on a line of its own after the last.
            if encoding == "cp1252" and b"\x00" in _PARTY_NULS.sub(b"", head):
                raise HistoryError("not a hand history (not text)") from None
    # A byte that is no character of the encoding (a broken file) reads as U+FFFD: the
    # hand holding it is reported by its line, the rest of the file still read.
    return open(path, encoding=encoding, errors="replace", newline=None)


class Names:
    """The players of a hand, to find who a line is about."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = self._names = set(names)
        # The names by their first character, longest first (made when first asked).
        self._by_initial: dict[str, list[str]] | None = None

    def split(self, line: str, after: str) -> tuple[str, str] | None:
        """``(name, rest)`` when ``line`` is a known name followed by ``after``
        (``": "`` on PokerStars, ``" "`` on Full Tilt), else None."""
        if after:
            # Most names hold no ``after``: the text before the first one is the name.
            name, found, rest = line.partition(after)
            if found and name in self._names:
                return name, rest
        by_initial = self._by_initial
        if by_initial is None:
            by_initial = self._by_initial = {}
            for name in sorted(self._names, key=len, reverse=True):
                by_initial.setdefault(name[:1], []).append(name)
        for name in [*by_initial.get(line[:1], ()), *by_initial.get("", ())]:
            if line.startswith(name) and line[len(name) :].startswith(after):
                return name, line[len(name) + len(after) :]
        return None
