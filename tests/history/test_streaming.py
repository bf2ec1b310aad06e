"""A history file streams: ``iter_history`` reads a hand at a time in the memory of one
hand, and gives exactly what ``read_history`` gives for every real file (UTF-8, UTF-8
with a mark, UTF-16) of ../shared/handhistories."""

from __future__ import annotations

import tracemalloc

from conftest import read_sites_files
from studpoker.history import HandRecord, iter_history, read_history


def test_streaming_gives_what_reading_the_whole_file_gives(shared):
    files = read_sites_files(shared)
    assert len(files) >= 18
    for path in files:
        whole = [repr(r) if not isinstance(r, HandRecord) else r for r in read_history(path)]
        streamed = [repr(r) if not isinstance(r, HandRecord) else r for r in iter_history(path)]
        assert streamed == whole, path.name


def test_a_large_file_is_read_a_hand_at_a_time(shared, tmp_path):
    one = (shared / "pokerstars" / "Razz-USD-0.04-0.08-200911.txt").read_text("utf-8-sig")
    path = tmp_path / "large.txt"
    with path.open("w", encoding="utf-8") as out:
        for _ in range(300):  # 2,700 hands, 3.5 MB
            out.write(one + "\n\n")
    size = path.stat().st_size
    read = [0]  # characters read so far

    def told(characters: int) -> None:
        read[0] += characters

    hands = iter_history(path, told)
    first = next(hands)
    assert isinstance(first, HandRecord)
    assert read[0] < size / 100  # the first hand came after its own lines, not the file's
    tracemalloc.start()
    count = 1 + sum(1 for record in hands if isinstance(record, HandRecord))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert count == 2700
    assert read[0] == len(path.read_text("utf-8"))
    assert peak < size / 20, (peak, size)  # never the file, nor its hands, at once
