"""bench/styles.py, the computer players' styles read by the study's own statistics
(docs/bots.md's table): a short run deals every level its hands and gives figures a
player's statistics could show."""

from __future__ import annotations

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "styles.py"


def test_a_short_run_deals_every_level_and_reads_it_as_stud_stats_would() -> None:
    loaded = importlib.util.spec_from_file_location("bench_styles", BENCH)
    assert loaded is not None
    assert loaded.loader is not None
    module = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    got = module.styles("razz", 30, seed=3)
    assert list(got) == ["easy", "normal", "hard", "expert"]
    # Six seats turning: easy and normal sit twice, hard and expert once.
    assert [got[level]["hands"] for level in got] == [60, 60, 30, 30]
    for level, figures in got.items():
        for name in ("vpip", "wtsd", "wsd"):
            assert 0 <= figures[name] <= 100, (level, name, figures)
        assert figures["af"] >= 0
    assert module.styles("razz", 30, seed=3) == got  # the same seed, the same figures
