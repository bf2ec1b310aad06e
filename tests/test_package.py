"""The package as a user meets it: the public API, import cost, the table cache."""

import os
import subprocess
import sys

import studpoker


def test_public_api_is_reexported():
    for name in ("Card", "Deck", "high", "low_a5", "eight_or_better", "show_hand", "parse_cards"):
        assert name in studpoker.__all__
        assert getattr(studpoker, name) is not None


def test_import_does_not_load_numpy_or_build_tables():
    # Importing studpoker stays cheap: NumPy and the lookup tables load on first use.
    code = "import sys, studpoker; print('numpy' in sys.modules, studpoker.hands.tables._TABLES)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "None"]


def test_lookup_tables_are_cached_on_disk_and_reused(tmp_path):
    env = dict(os.environ, STUDPOKER_CACHE=str(tmp_path))
    code = "from studpoker import high; print(high('As Ks Qs Js Ts').name())"
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert first.stdout.strip() == "Royal flush"
    (cache,) = tmp_path.iterdir()
    assert cache.name.startswith("hand-tables-")
    stamp = cache.stat().st_mtime_ns
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert second.stdout.strip() == "Royal flush"
    assert cache.stat().st_mtime_ns == stamp


def test_a_corrupt_cache_is_rebuilt(tmp_path):
    env = dict(os.environ, STUDPOKER_CACHE=str(tmp_path))
    code = "from studpoker import high; print(high('As Ks Qs Js Ts').name())"
    subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)
    (cache,) = tmp_path.iterdir()
    cache.write_bytes(b"not a table")
    again = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert again.stdout.strip() == "Royal flush"
    assert cache.stat().st_size > 100_000


def test_an_unwritable_cache_still_evaluates(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("")
    env = dict(os.environ, STUDPOKER_CACHE=str(blocked / "sub"))
    code = "from studpoker import high; print(high('As Ks Qs Js Ts').name())"
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert result.stdout.strip() == "Royal flush"
