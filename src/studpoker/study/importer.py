"""One's own hands into the room's database (``stud import``, docs/study.md).

A file is read a hand at a time (the hand histories of every site
:data:`studpoker.history.READERS` reads, in any of the sites' encodings; PHH, one hand a
file or a ``.phhs`` of several), each hand turned into events and facts, and stored in
batches, each batch one transaction.  A hand stored before for the same owner (its site
and number) is skipped; a hand that cannot be read is reported
with its line and skipped, and the rest is imported."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import orjson

from studpoker.history import HandRecord, HistoryError, OtherGame, iter_history_texts
from studpoker.history.text import decode
from studpoker.store import Store, StoreError, StudyPlayerRow, StudyRow
from studpoker.study.facts import facts_of
from studpoker.study.hands import StudyHand, from_phh_text, from_record

__all__ = ["ImportReport", "import_bytes", "import_files", "study_row", "upload_name"]

BATCH = 2000  # hands a transaction


@dataclass(slots=True)
class ImportReport:
    """What an import did: hands added, already there (duplicates), of other games
    (skipped, as ``stud replay`` skips them), and the hands that could not be read,
    each as ``"file: what is wrong"``."""

    added: int = 0
    duplicates: int = 0
    other_games: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def read(self) -> int:
        return self.added + self.duplicates


def study_row(hand: StudyHand, *, room_hand_id: int | None = None) -> StudyRow:
    """A hand with its players' facts, as the store keeps it."""
    players = [StudyPlayerRow(f.seat, f.name, f.net, f.net_bb, f.counts) for f in facts_of(hand)]
    return StudyRow(
        source=hand.source,
        number=hand.number,
        game=hand.game,
        small_bet=hand.small_bet,
        big_bet=hand.big_bet,
        players=players,
        events=orjson.dumps(hand.events).decode(),
        record=hand.record,
        played_at=hand.played_at,
        currency=hand.currency,
        table_size=hand.table_size,
        room_hand_id=room_hand_id,
    )


def import_files(
    store: Store,
    owner_id: int,
    paths: Iterable[str | Path],
    *,
    read: Callable[[int], None] | None = None,
    batch_size: int = BATCH,
) -> ImportReport:
    """Import every hand of ``paths`` as ``owner_id``'s, ``batch_size`` hands a
    transaction; ``read`` is told how many characters (PHH: bytes) each step read, for
    a progress bar."""
    report = ImportReport()
    batch: list[StudyRow] = []

    def flush() -> None:
        try:
            added, skipped = store.add_study_hands(owner_id, batch)
        except StoreError:  # the same hands stored at this moment by another import of
            added, skipped = store.add_study_hands(owner_id, batch)  # theirs: skipped now
        report.added += added
        report.duplicates += skipped
        batch.clear()

    for path in map(Path, paths):
        for hand in _hands(path, report, read):
            batch.append(study_row(hand))
            if len(batch) >= batch_size:
                flush()
    if batch:
        flush()
    return report


def import_bytes(store: Store, owner_id: int, name: str, data: bytes) -> ImportReport:
    """:func:`import_files` of one file's bytes (an upload), named ``name`` in errors."""
    with tempfile.TemporaryDirectory(prefix="stud-import-") as folder:
        path = Path(folder) / upload_name(name)
        path.write_bytes(data)
        return import_files(store, owner_id, [path])


def upload_name(name: str) -> str:
    r"""The name an uploaded file is saved under to be read, which its errors say: the
    last part of the name its sender gave, printable, without ``:``, 100 characters at
    most — never a path of ours.

    >>> upload_name("../../etc/passwd"), upload_name("C:\\hands\\razz.txt"), upload_name("..")
    ('passwd', 'razz.txt', 'hands.txt')
    """
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    safe = "".join(ch for ch in base if ch.isprintable() and ch != ":").strip()[:100]
    if safe in ("", ".", ".."):
        safe = "hands.txt"  # a name the user's file system would not give: ours
    return safe


def _hands(
    path: Path, report: ImportReport, read: Callable[[int], None] | None
) -> Iterator[StudyHand]:
    if _is_phh(path):
        yield from _phh_hands(path, report, read)
        return
    try:
        for item, text in iter_history_texts(path, read):
            if isinstance(item, OtherGame):
                report.other_games += 1
            elif isinstance(item, HistoryError):
                report.errors.append(f"{path.name}: {item}")
            else:
                try:
                    yield from_record(item, text.lstrip("\ufeff"))
                except (KeyError, ValueError, IndexError) as error:
                    report.errors.append(f"{path.name}: {_name(item)}: {error!r}")
    except HistoryError as error:  # not a hand history at all
        report.errors.append(f"{path.name}: {error}")
    except UnicodeDecodeError:
        report.errors.append(f"{path.name}: not a hand history (not text)")
    except OSError as error:
        report.errors.append(f"{path.name}: {error.strerror or error}")


def _name(record: HandRecord) -> str:
    return f"{record.site} hand #{record.number}"


_PHH_FIELD = re.compile(r"^\s*(variant|actions)\s*=", re.MULTILINE)


def _is_phh(path: Path) -> bool:
    if path.suffix.lower() in (".phh", ".phhs"):
        return True
    try:
        with path.open("rb") as file:
            head = file.read(4096)
    except OSError:
        return False
    text = head.decode("utf-8", errors="replace")
    return _PHH_FIELD.search(text) is not None and b"PokerStars" not in head


def _phh_hands(
    path: Path, report: ImportReport, read: Callable[[int], None] | None
) -> Iterator[StudyHand]:
    try:
        data = path.read_bytes()
    except OSError as error:
        report.errors.append(f"{path.name}: {error.strerror or error}")
        return
    if read is not None:
        read(len(data))
    try:
        text = decode(data)
    except UnicodeDecodeError as error:
        report.errors.append(f"{path.name}: not a hand history (not text: {error.reason})")
        return
    parts = _phhs_parts(text)
    for number, part in parts:
        try:
            yield from_phh_text(part, number=f"{path.stem}" if number is None else number)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
            # A record our PHH reader refuses (ValueError, naming the field), or one so
            # far from PHH that it breaks the reading: reported, never a failure.
            where = path.name if number is None else f"{path.name} [{number}]"
            said = str(error) if isinstance(error, ValueError) else f"not PHH: {error!r}"
            report.errors.append(f"{where}: {said}")


_PHHS_HEADER = re.compile(r"^\[(\d+)\]\s*$", re.MULTILINE)


def _phhs_parts(text: str) -> list[tuple[str | None, str]]:
    """A ``.phhs`` file's hands (``[1]``, ``[2]`` … headers), or the one hand of a
    ``.phh`` file."""
    heads = list(_PHHS_HEADER.finditer(text))
    if not heads:
        return [(None, text)]
    parts = []
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        parts.append((head.group(1), text[head.end() : end]))
    return parts
