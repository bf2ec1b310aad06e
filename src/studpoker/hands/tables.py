"""Lookup tables behind the fast evaluators, built once and cached on disk.

A hand of 5 to 7 cards is reduced to one int, its *key*: the sum of one number
per card (:data:`CARD_KEYS`).  The key holds, from the low bits up,

* four 4-bit counts of the cards of each suit (a flush shows as a count of 5
  or more: ``(key + 0x3333) & 0x8888``),
* a 4-bit count of cards,
* the sum of the cards' *rank keys*, numbers chosen so that every multiset of
  up to seven ranks (at most four of each) has its own sum (the keys of
  SKPokerEval), and
* above bit 64, one bit per card, to catch a card given twice.

``key >> 16 & RANKS_MASK`` then names the multiset of ranks and the number of
cards, and one dict lookup gives the value of the best high or low hand those
ranks make; flushes look up the bit mask of the flush suit's ranks instead.

Building the tables takes a few seconds of pure Python, so they are written to
the user's cache directory (``$XDG_CACHE_HOME/studpoker`` or ``~/.cache/studpoker``,
or ``$STUDPOKER_CACHE``) and read back from there, in a few milliseconds, by
every later process.  The file name carries a hash of this module's source, so
a change here builds new tables.
"""

from __future__ import annotations

import hashlib
import itertools
import marshal
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from studpoker.hands.value import LOW_TOP, Category, pack

__all__ = [
    "CARD_KEYS",
    "RANKS_MASK",
    "RANK_KEYS",
    "Tables",
    "flush_value",
    "high_of_ranks",
    "low_of_ranks",
    "rank_multisets",
    "straight_tops",
    "tables",
]

RANK_KEYS: Final = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)  # fmt: skip
RANKS_MASK: Final = (1 << 48) - 1

CARD_KEYS: Final[dict[int, int]] = {
    code: (1 << (64 + code)) | (RANK_KEYS[code >> 2] << 20) | (1 << 16) | (1 << (4 * (code & 3)))
    for code in range(52)
}

# Rank numbers in values are 2..14 (ace 14); the ace playing low is 1.
_ACE_LOW: Final = 1


def straight_tops(rank_bits: int) -> Iterator[int]:
    """The top ranks (2..14 scale, 5 for the wheel) of every straight within
    ``rank_bits`` (bit ``r - 2`` set for rank ``r``), highest first."""
    for top in range(12, 3, -1):
        run = 0b11111 << (top - 4)
        if rank_bits & run == run:
            yield top + 2
    if rank_bits & 0b1000000001111 == 0b1000000001111:
        yield 5


def _straight_ranks(top: int) -> list[int]:
    return [5, 4, 3, 2, _ACE_LOW] if top == 5 else list(range(top, top - 5, -1))


def high_of_ranks(counts: list[int]) -> int:
    """The best high value (R4.1) that a multiset of ranks makes without a flush.

    ``counts[r - 2]`` is the number of cards of rank ``r``; 5 to 7 cards in all.
    """
    present = [r for r in range(14, 1, -1) if counts[r - 2]]
    fours = [r for r in present if counts[r - 2] >= 4]
    threes = [r for r in present if counts[r - 2] >= 3]
    twos = [r for r in present if counts[r - 2] >= 2]
    if fours:
        four = fours[0]
        kicker = next(r for r in present if r != four)
        return pack(Category.FOUR_OF_A_KIND, [four] * 4 + [kicker])
    if threes and len(twos) >= 2:
        three = threes[0]
        pair = next(r for r in twos if r != three)
        return pack(Category.FULL_HOUSE, [three] * 3 + [pair] * 2)
    rank_bits = sum(1 << (r - 2) for r in present)
    top = next(straight_tops(rank_bits), None)
    if top is not None:
        return pack(Category.STRAIGHT, _straight_ranks(top))
    if threes:
        three = threes[0]
        return pack(Category.THREE_OF_A_KIND, [three] * 3 + [r for r in present if r != three][:2])
    if len(twos) >= 2:
        high_pair, low_pair = twos[:2]
        kicker = next(r for r in present if r not in (high_pair, low_pair))
        return pack(Category.TWO_PAIR, [high_pair] * 2 + [low_pair] * 2 + [kicker])
    if twos:
        pair = twos[0]
        return pack(Category.PAIR, [pair] * 2 + [r for r in present if r != pair][:3])
    return pack(Category.HIGH_CARD, present[:5])


def flush_value(rank_bits: int) -> int:
    """The best flush or straight flush among five or more ranks of one suit."""
    top = next(straight_tops(rank_bits), None)
    if top is not None:
        return pack(Category.STRAIGHT_FLUSH, _straight_ranks(top))
    ranks = [r for r in range(14, 1, -1) if rank_bits >> (r - 2) & 1]
    return pack(Category.FLUSH, ranks[:5])


def low_of_ranks(counts: list[int]) -> int:
    """The best ace-to-five low (R4.2) of a multiset of 5 to 7 ranks, as a value
    where bigger is better: pairs rank below every unpaired low, and among
    paired lows fewer and lower pairs are better."""
    # Low ranks 1..13 (ace low) and how many cards of each there are.
    low_counts = {(1 if r == 14 else r): counts[r - 2] for r in range(2, 15) if counts[r - 2]}
    ranks = sorted(low_counts)
    if len(ranks) >= 5:
        badness = pack(Category.HIGH_CARD, ranks[4::-1])
    elif len(ranks) == 4:
        pair = next(r for r in ranks if low_counts[r] >= 2)
        badness = pack(Category.PAIR, [pair] * 2 + [r for r in reversed(ranks) if r != pair])
    elif len(ranks) == 3:
        twos = [r for r in ranks if low_counts[r] >= 2]
        if len(twos) >= 2:
            low_pair, high_pair = twos[:2]
            kicker = next(r for r in ranks if r not in twos[:2])
            badness = pack(Category.TWO_PAIR, [high_pair] * 2 + [low_pair] * 2 + [kicker])
        else:
            three = twos[0]
            badness = pack(
                Category.THREE_OF_A_KIND, [three] * 3 + [r for r in reversed(ranks) if r != three]
            )
    else:
        threes = [r for r in ranks if low_counts[r] >= 3]
        if threes and any(low_counts[r] >= 2 for r in ranks if r != threes[0]):
            three = threes[0]
            pair = next(r for r in ranks if r != three)
            badness = pack(Category.FULL_HOUSE, [three] * 3 + [pair] * 2)
        else:
            four = next(r for r in ranks if low_counts[r] >= 4)
            kicker = next(r for r in ranks if r != four)
            badness = pack(Category.FOUR_OF_A_KIND, [four] * 4 + [kicker])
    return LOW_TOP - badness


def rank_multisets(size: int) -> Iterator[list[int]]:
    """Every multiset of ``size`` ranks with at most four of each, as counts per rank."""
    for combo in itertools.combinations_with_replacement(range(13), size):
        counts = [0] * 13
        for rank_index in combo:
            counts[rank_index] += 1
        if max(counts) <= 4:
            yield counts


@dataclass(frozen=True, slots=True)
class Tables:
    """The lookup tables: by ``(rank sum << 4) | card count`` for 5 to 7 cards."""

    high: dict[int, int]
    low: dict[int, int]
    flush: list[int]


def _build() -> Tables:
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    for size in (5, 6, 7):
        for counts in rank_multisets(size):
            rank_sum = sum(RANK_KEYS[i] * n for i, n in enumerate(counts))
            index = rank_sum << 4 | size
            high[index] = high_of_ranks(counts)
            low[index] = low_of_ranks(counts)
    flush = [flush_value(bits) if bits.bit_count() >= 5 else 0 for bits in range(1 << 13)]
    return Tables(high, low, flush)


def _cache_path() -> Path:
    source = Path(__file__).read_bytes() + Path(__file__).with_name("value.py").read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:16]
    base = os.environ.get("STUDPOKER_CACHE")
    if base is None:
        xdg = os.environ.get("XDG_CACHE_HOME")
        base = os.path.join(xdg if xdg else os.path.expanduser("~/.cache"), "studpoker")
    return Path(base) / f"hand-tables-{digest}.marshal"


def _load() -> Tables:
    path = _cache_path()
    try:
        high, low, flush = marshal.loads(path.read_bytes())
        return Tables(high, low, flush)
    except (OSError, EOFError, ValueError, TypeError):
        pass
    built = _build()
    data = marshal.dumps((built.high, built.low, built.flush))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as tmp:
            tmp.write(data)
        os.replace(tmp.name, path)
    except OSError:
        # A read-only home still evaluates hands: it just builds the tables each time.
        pass
    return built


_TABLES: Tables | None = None


def tables() -> Tables:
    """The lookup tables, built or read from the cache on first use."""
    global _TABLES
    if _TABLES is None:
        _TABLES = _load()
    return _TABLES
