"""The files of ``deploy/`` are what docs/operating.md says: the settings file loads as
it is, and every command the systemd units run is one ``stud`` takes (issue 34)."""

from __future__ import annotations

import configparser
import shlex
from pathlib import Path

import pytest

from studpoker.cli import _parser, main
from studpoker.server.settings import settings_from

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
UNITS = ("stud.service", "stud-workers.service", "stud-backup.service")


def exec_start(unit: str) -> list[str]:
    """The ``stud`` command line of a unit's ExecStart (its settings file the shipped
    room.toml)."""
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.read_string((DEPLOY / unit).read_text().replace("\\\n", " "))
    line = parser["Service"]["ExecStart"].replace("%%", "%")
    words = shlex.split(line)
    if words[0] == "/bin/sh":  # the backup: `stud admin backup …` inside a shell line
        words = shlex.split(words[2].split("&&")[1])
    assert words[0] == "/opt/stud/bin/stud", line
    return [str(DEPLOY / "room.toml") if w == "/etc/stud/room.toml" else w for w in words[1:]]


def test_the_shipped_settings_load_as_they_are():
    settings = settings_from({}, config=DEPLOY / "room.toml", environ={})
    assert (settings.host, settings.port, settings.database) == (
        "127.0.0.1", 8000, "sqlite:////var/lib/stud/stud.db"
    )  # fmt: skip
    assert [str(network) for network in settings.trusted_proxies] == ["127.0.0.1/32"]
    assert (settings.log_level, settings.metrics, settings.free_chips_amount()) == (
        "info", True, 100_000
    )  # fmt: skip


@pytest.mark.parametrize("unit", ["stud.service", "stud-workers.service"])
def test_each_service_starts_stud_serve_with_settings_that_hold(unit, capsys, monkeypatch):
    if unit == "stud-workers.service":  # its room.toml names PostgreSQL and Redis
        monkeypatch.setenv("STUD_DATABASE", "postgresql://stud@127.0.0.1/stud")
        monkeypatch.setenv("STUD_REDIS", "redis://127.0.0.1:6379/0")
    argv = exec_start(unit)
    assert argv[:1] == ["serve"]
    assert main([*argv, "--print-config"]) == 0
    shown = capsys.readouterr().out
    assert "port = 8000  # " in shown


def test_the_backup_timer_runs_a_backup_stud_admin_takes():
    argv = exec_start("stud-backup.service")
    assert argv[:2] == ["admin", "backup"]
    args = _parser().parse_args(argv)
    assert args.run is not None
    timer = (DEPLOY / "stud-backup.timer").read_text()
    assert "OnCalendar=*-*-* 04:30:00" in timer
