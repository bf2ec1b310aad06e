"""``stud import`` and ``stud stats`` as a user types them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studpoker.cli import main
from studpoker.store import Store

SHARED = Path(__file__).resolve().parents[3] / "shared" / "handhistories"
STEALS = sorted((SHARED / "fulltilt").glob("7-Stud-USD-3-6-20106.Steal.*.txt"))


@pytest.fixture
def database(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'stud.db'}"
    with Store(url) as store:
        store.migrate()
        store.create_account("hero", "hash")
    return url


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_import_then_stats(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(path) for path in STEALS]
    assert main(["import", *files, "--as", "hero", "--database", database]) == 0
    assert capsys.readouterr().out == (
        "5 hands imported for hero, 0 already there, 0 of other games, 0 unreadable\n"
    )
    assert main(["import", files[0], "--as", "hero", "--database", database]) == 0
    assert capsys.readouterr().out == (
        "0 hands imported for hero, 1 already there, 0 of other games, 0 unreadable\n"
    )
    argv = ["stats", "kwuiyhw", "--as", "hero", "--only-imported", "--database", database]
    assert main([*argv, "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["hands"] == 5
    assert said["net"] == 100
    assert said["stats"]["Steal attempt"] == [1, 1]
    assert said["stats"]["Fold to a steal"] == [1, 1]
    # Seven Card Stud hands have no showhand: Show Hand's statistic is counted over
    # Show Hand's hands alone (issue 37; it read "0.0 0/5") and not listed
    assert said["stats"]["Show Hand showhand made"] == [0, 0]
    assert main(argv) == 0
    table = capsys.readouterr().out
    assert "Show Hand" not in table
    assert "kwuiyhw: 5 hands" in table
    assert "│ Steal attempt " in table
    assert "1/1" in table
    assert "Results: +3.33 big bets per 100 hands" in table


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_bad_input_is_refused_with_a_reason(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", str(STEALS[0]), "--as", "nobody", "--database", database]) == 2
    assert "no account 'nobody' (register it in the room first)" in capsys.readouterr().err
    missing = tmp_path / "missing.txt"
    assert main(["import", str(missing), "--as", "hero", "--database", database]) == 2
    assert f"{missing}: no such file" in capsys.readouterr().err
    argv = ["stats", "Hero", "--only-imported", "--database", database]
    assert main(argv) == 2
    assert "--only-imported needs --as NAME" in capsys.readouterr().err
    assert main(["stats", "Nobody", "--database", database]) == 1
    assert "no hands of 'Nobody' in these hands" in capsys.readouterr().out
    for option, value, said in (
        ("--since", "yesterday", "argument --since: a date is YYYY-MM-DD, not 'yesterday'"),
        ("--until", "2009-02-30", "argument --until: a date is YYYY-MM-DD, not '2009-02-30'"),
        ("--table-size", "11", "argument --table-size: a table seats 2 to 10, not '11'"),
    ):
        with pytest.raises(SystemExit) as exit_:
            main(["stats", "Hero", option, value, "--database", database])
        assert exit_.value.code == 2
        assert said in capsys.readouterr().err


@pytest.mark.usefixtures("shared")  # reads ../shared/handhistories
def test_stats_filtered_by_stakes_in_chips_or_money(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The steal files are Full Tilt's cash games: their stakes are dollars, not chips."""
    assert main(["import", *map(str, STEALS), "--as", "hero", "--database", database]) == 0
    capsys.readouterr()
    argv = ["stats", "kwuiyhw", "--as", "hero", "--database", database]
    assert main([*argv, "--currency", "$", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == 5
    assert main([*argv, "--currency", "chips"]) == 1
    assert capsys.readouterr().out == "no hands of 'kwuiyhw' in these hands\n"
