"""``stud serve``: its settings (flags over the environment over a TOML file, checked
before anything is touched), one room a database, a start that harms nothing, its log,
and a quiet stop (issue 34)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, inspect, text

from conftest import ServeProcess, drop_postgres_database, free_port, new_postgres_database
from studpoker.cli import main
from studpoker.server.settings import SettingsError, origins, settings_from
from studpoker.store.base import database_url
from studpoker.store.migrate import head


def test_a_setting_comes_from_a_flag_over_the_environment_over_the_file(tmp_path):
    config = tmp_path / "room.toml"
    config.write_text(
        'port = 8100\nclock = 30\ntrusted_proxies = ["10.0.0.0/8"]\nfree-chips = "250"\n'
    )
    environ = {
        "STUD_PORT": "8200",
        "STUD_TIME_BANK": "90",
        "STUD_TRUSTED_PROXIES": "127.0.0.1, ::1",
    }
    settings = settings_from({}, config=config, environ={})
    assert (settings.port, settings.clock, settings.free_chips_amount()) == (8100, 30.0, 25000)
    assert [str(n) for n in settings.trusted_proxies] == ["10.0.0.0/8"]
    settings = settings_from({}, config=config, environ=environ)
    assert (settings.port, settings.clock, settings.time_bank) == (8200, 30.0, 90.0)
    assert [str(n) for n in settings.trusted_proxies] == ["127.0.0.1/32", "::1/128"]
    settings = settings_from({"port": 8300}, config=config, environ=environ)
    assert settings.port == 8300
    assert origins({"port": 8300}, config=config, environ=environ) == {
        "port": "--port",
        "clock": str(config),
        "time_bank": "STUD_TIME_BANK",
        "trusted_proxies": "STUD_TRUSTED_PROXIES",
        "free_chips": str(config),
    }
    # A [room] table holds them as well as the top level does.
    config.write_text("[room]\nport = 8400\n")
    assert settings_from({}, config=config, environ={}).port == 8400


def test_free_chips_are_on_in_the_embedded_room_and_off_on_postgresql():
    assert settings_from({}, environ={}).free_chips_amount() == 100_000
    on_postgres = settings_from({"database": "postgresql://stud@db/room"}, environ={})
    assert on_postgres.free_chips_amount() == 0
    assert settings_from({"free_chips": "0"}, environ={}).free_chips_amount() == 0


def test_secrets_come_from_the_environment_or_a_folder_never_a_flag(tmp_path):
    with pytest.raises(SettingsError) as refused:
        settings_from({"database_password": "hunter22"}, environ={})
    assert str(refused.value) == (
        "database_password is a secret: give it as STUD_DATABASE_PASSWORD or in the secrets "
        "folder, never on the command line (ps shows it to everyone)"
    )
    folder = tmp_path / "credentials"
    folder.mkdir()
    (folder / "database_password").write_text("from-a-file\n")
    (folder / "redis_password").write_text("redis-secret")
    flags = {"database": "postgresql://stud@db/room", "redis": "redis://cache:6379/0"}
    settings = settings_from(flags, environ={"CREDENTIALS_DIRECTORY": str(folder)})
    assert settings.database_url() == "postgresql://stud:from-a-file@db/room"
    assert settings.redis_url() == "redis://:redis-secret@cache:6379/0"
    environ = {"CREDENTIALS_DIRECTORY": str(folder), "STUD_DATABASE_PASSWORD": "from-env"}
    assert settings_from(flags, environ=environ).database_url() == (
        "postgresql://stud:from-env@db/room"
    )


def test_print_config_shows_every_setting_masked_and_where_it_came_from(
    tmp_path, capsys, monkeypatch
):
    config = tmp_path / "room.toml"
    config.write_text("clock = 25\n")
    monkeypatch.setenv("STUD_DATABASE_PASSWORD", "hunter22")
    monkeypatch.setenv("STUD_METRICS_TOKEN", "metrics-secret")
    monkeypatch.setenv("STUD_LOG_FORMAT", "json")
    database = "postgresql://stud:inline-pw@db/room"
    status = main(["serve", "--print-config", "--config", str(config), "--port", "9001",
                   "--database", database])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0
    lines = out.splitlines()
    assert "port = 9001  # --port" in lines
    assert "clock = 25.0  # " + str(config) in lines
    assert "database = postgresql://stud:***@db/room  # --database" in lines
    assert "database_password = ***  # STUD_DATABASE_PASSWORD" in lines
    assert "metrics_token = ***  # STUD_METRICS_TOKEN" in lines
    assert "log_format = json  # STUD_LOG_FORMAT" in lines
    assert "free_chips = 0.00  # default" in lines
    assert "hunter22" not in out
    assert "inline-pw" not in out
    assert "metrics-secret" not in out


@pytest.mark.parametrize(
    ("argv", "environ", "config", "said"),
    [
        (["--port", "99999"], {}, None,
         "port = 99999 (from --port): Input should be less than or equal to 65535"),
        (["--port", "0"], {}, None,
         "port = 0 (from --port): Input should be greater than or equal to 1"),
        ([], {"STUD_PORT": "eighty"}, None, "port = 'eighty' (from STUD_PORT): Input should be "
         "a valid integer, unable to parse string as an integer"),
        ([], {}, "prot = 8000\n", "unknown setting 'prot' in {config} (the settings are: "),
        ([], {}, "port = \n", "the config file {config} is not TOML: "),
        (["--database", "mysql://root@db/room"], {}, None,
         "database = 'mysql://root@db/room' (from --database): the room runs on SQLite or "
         "PostgreSQL, not mysql"),
        (["--database", "not a url"], {}, None, "database = 'not a url' (from --database): "
         "not a database URL: sqlite:///FILE or postgresql://USER@HOST/DB"),
        (["--redis", "http://cache"], {}, None, "redis = 'http://cache' (from --redis): a "
         "Redis URL begins with redis://, rediss:// or unix://"),
        (["--workers", "2"], {}, None, "workers > 1 needs redis: the processes share the "
         "tables through it"),
        (["--clock", "1"], {}, None,
         "clock = 1.0 (from --clock): Input should be greater than or equal to 5"),
        (["--trusted-proxies", "10.0.0.0/33"], {}, None, "trusted_proxies = '10.0.0.0/33' "
         "(from --trusted-proxies): '10.0.0.0/33' does not appear to be an IPv4 or IPv6 "
         "network"),
        (["--free-chips", "1.001"], {}, None, "free_chips = '1.001' (from --free-chips): "),
    ],
    ids=["port-high", "port-zero", "port-text", "unknown-key", "not-toml", "mysql",
         "not-a-url", "redis-url", "workers-alone", "clock", "network", "free-chips"],
)  # fmt: skip
def test_a_bad_setting_stops_the_start_in_one_line_and_touches_nothing(
    tmp_path, monkeypatch, capsys, argv, environ, config, said
):
    monkeypatch.chdir(tmp_path)
    for key, value in environ.items():
        monkeypatch.setenv(key, value)
    if config is not None:
        (tmp_path / "room.toml").write_text(config)
        argv = [*argv, "--config", "room.toml"]
    status = main(["serve", *argv])  # as `stud serve` runs it, in this process
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("stud serve: " + said.format(config="room.toml"))
    assert sorted(p.name for p in tmp_path.iterdir()) == (["room.toml"] if config else [])


def rows_of(url: str) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table of the room's database, but the running room's own
    heartbeat of who is online (it writes it every few seconds by itself)."""
    engine = create_engine(database_url(url))
    try:
        with engine.connect() as connection:
            names = sorted(inspect(connection).get_table_names())
            return {
                name: sorted(map(tuple, connection.execute(text(f'SELECT * FROM "{name}"'))),
                             key=repr)
                for name in names
                if name != "room_presence"
            }  # fmt: skip
    finally:
        engine.dispose()


def settled(url: str) -> dict[str, list[tuple[object, ...]]]:
    """The rows once the running room has written what it had to (the seating its
    journal writes a moment after a seat changes)."""
    import time

    rows = rows_of(url)
    for _ in range(50):
        time.sleep(0.2)
        again = rows_of(url)
        if again == rows:
            return rows
        rows = again
    raise AssertionError("the room kept writing")


def seated_with_chips(room: ServeProcess) -> None:
    """ann registered with money, seated at a chips table with 40.00 of it."""
    from websockets.sync.client import connect

    token = httpx.post(f"{room.url}/api/accounts",
                       json={"name": "ann", "password": "password1"}).json()["token"]  # fmt: skip
    assert main(["admin", "deposit", "ann", "100", "--database", room.database]) == 0
    with connect(f"ws://127.0.0.1:{room.port}/ws",
                 subprotocols=["studpoker", f"bearer.{token}"]) as socket:  # fmt: skip
        socket.send(json.dumps({"type": "sit", "table": "chips-razz", "buy_in": 4000, "id": 1}))
        while json.loads(socket.recv(timeout=10)).get("id") != 1:
            pass


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_second_room_on_the_same_database_or_port_changes_no_row(tmp_path, backend):
    url = f"sqlite:///{tmp_path / 'room.db'}" if backend == "sqlite" else new_postgres_database()
    try:
        args = ["--database", url, "--seed", "1", "--bot-think", "0", "--pause", "0"]
        with ServeProcess(args, tmp_path / "first.log") as first:
            first.database = url
            seated_with_chips(first)
            before = settled(url)
            assert before["holdings"], "ann's chips are at the table"
            # The same database on another port: refused, having opened nothing of it.
            second = subprocess.run(
                [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(free_port()),
                 *args], capture_output=True, text=True, timeout=60, check=False,
            )  # fmt: skip
            assert second.returncode == 1
            assert second.stderr.startswith(
                f"stud serve: another room runs on this database (pid {first.process.pid} on "
            )
            assert second.stderr.rstrip().endswith(
                ": one room a database — stop it first, or run every process of one room "
                "with --redis on PostgreSQL"
            )
            # Another database on the taken port: refused before it is opened.
            other = f"sqlite:///{tmp_path / 'other.db'}"
            third = subprocess.run(
                [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(first.port),
                 "--database", other], capture_output=True, text=True, timeout=60, check=False,
            )  # fmt: skip
            assert third.returncode == 1
            assert third.stderr == (
                f"stud serve: cannot listen on 127.0.0.1 port {first.port}: "
                "Address already in use\n"
            )
            assert not (tmp_path / "other.db").exists()
            assert rows_of(url) == before
            assert httpx.get(f"{first.url}/api/me").status_code == 401  # still serving
        assert first.stop() is not None
    finally:
        if backend == "postgresql":
            drop_postgres_database(url)


@pytest.mark.parametrize("stop_with", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_stopping_is_orderly_and_quiet(tmp_path, stop_with):
    database = f"sqlite:///{tmp_path / 'room.db'}"
    with ServeProcess(["--database", database], tmp_path / "serve.log") as room:
        status = room.stop(stop_with)
    output = room.text()
    assert status == 0, output
    assert "Traceback" not in output
    assert "KeyboardInterrupt" not in output
    name = signal.Signals(stop_with).name
    last = output.splitlines()[-1]
    assert last.endswith(f" INFO studpoker.serve: the room stopped ({name})")
    assert " INFO studpoker.room.room: the room stopped: " in output


def test_the_log_is_json_lines_with_time_level_and_logger_and_holds_no_secret(tmp_path):
    """Every line after the banner is one JSON object; the room's own INFO lines are
    there; no password, session token, reset token or secret setting reaches a line,
    even at debug and with a token put in a URL."""
    from websockets.sync.client import connect

    database = f"sqlite:///{tmp_path / 'room.db'}"
    secret = "metrics-token-that-must-not-leak"
    argv = ["--database", database, "--log-format", "json", "--log-level", "debug"]
    with ServeProcess(argv, tmp_path / "serve.log", env={"STUD_METRICS_TOKEN": secret}) as room:
        password = "correct-horse-battery"
        made = httpx.post(f"{room.url}/api/accounts", json={"name": "ann", "password": password})
        token = made.json()["token"]
        again = httpx.post(f"{room.url}/api/sessions", json={"name": "ann", "password": password})
        second = again.json()["token"]
        with connect(f"ws://127.0.0.1:{room.port}/ws?lang=en&token={token}") as careless:
            careless.recv(timeout=10)
        with connect(f"ws://127.0.0.1:{room.port}/ws",
                     subprotocols=["studpoker", f"bearer.{second}"]) as careful:  # fmt: skip
            careful.recv(timeout=10)
        httpx.get(f"{room.url}/api/me?token={token}", headers={"Authorization": f"Bearer {token}"})
        httpx.post(f"{room.url}/api/sessions", json={"name": "ann", "password": "wrong-guess-1"})
        reset = subprocess.run(
            [sys.executable, "-m", "studpoker.cli", "admin", "reset-password", "ann",
             "--database", database], capture_output=True, text=True, check=True, timeout=60,
        ).stdout.split("#reset=")[1].split()[0]  # fmt: skip
        used = httpx.post(f"{room.url}/api/password-reset",
                          json={"token": reset, "password": "a-new-password"})  # fmt: skip
        assert used.status_code == 200
        assert room.stop(signal.SIGTERM) == 0
    output = room.text()
    lines = output.splitlines()
    assert lines[0] == f"studpoker card room on {room.url}/ ({database})"
    records = [json.loads(line) for line in lines[1:]]
    assert all(set(r) >= {"time", "level", "logger", "message"} for r in records)
    assert {"studpoker.room.room", "uvicorn.access", "uvicorn.error"} <= {
        r["logger"] for r in records
    }
    assert any(r["message"].startswith("the room started: ") for r in records)
    for leak in (password, token, second, reset, secret, "a-new-password", "wrong-guess-1"):
        assert leak not in output


def test_stud_serve_never_logs_a_session_token(tmp_path):
    """At --log-level info the access log and the WebSocket lines keep no query
    string, so even a client that puts its token in the URL leaves none in the log;
    the token itself travels in the subprotocol header (docs/security.md)."""
    import socket
    import subprocess
    import sys
    import time

    import httpx
    from websockets.sync.client import connect

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path / "serve.log"
    command = [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(port)]
    command += ["--database", f"sqlite:///{tmp_path / 'room.db'}", "--log-level", "info"]
    with log.open("wb") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/api/tables").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        answer = httpx.post(f"{url}/api/accounts", json={"name": "ann", "password": "password1"})
        token = answer.json()["token"]
        with connect(f"ws://127.0.0.1:{port}/ws?lang=en&token={token}") as careless:
            careless.recv(timeout=10)
        with connect(
            f"ws://127.0.0.1:{port}/ws?lang=en", subprotocols=["studpoker", f"bearer.{token}"]
        ) as careful:
            careful.recv(timeout=10)
        httpx.get(f"{url}/api/me?token={token}", headers={"Authorization": f"Bearer {token}"})
        time.sleep(0.5)
    finally:
        server.terminate()
        server.wait(timeout=30)
    text = log.read_text()
    assert '"WebSocket /ws" [accepted]' in text
    assert '"GET /api/me HTTP/1.1" 200' in text
    assert token not in text


def test_an_older_program_refuses_a_newer_database_and_a_database_away(tmp_path):
    url = f"sqlite:///{tmp_path / 'room.db'}"
    assert main(["admin", "audit", "--database", url]) == 0  # made and migrated
    engine = create_engine(database_url(url))
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '0042'"))
    engine.dispose()
    before = rows_of(url)
    newer = subprocess.run(
        [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(free_port()),
         "--database", url], capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert newer.returncode == 1
    assert newer.stderr.splitlines()[-1] == (
        "stud serve: the database is at revision 0042, which this program does not know (its "
        f"newest is {head()}): it was upgraded by a newer studpoker — run that one, or restore a "
        "backup this program made"
    )
    assert rows_of(url) == before
    away = subprocess.run(
        [sys.executable, "-m", "studpoker.cli", "serve", "--port", str(free_port()),
         "--database", "postgresql://stud@127.0.0.1:1/room"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert away.returncode == 1
    assert away.stderr.startswith("stud serve: the database does not answer: connection ")
    assert len(away.stderr.splitlines()) == 1


@given(
    values=st.dictionaries(
        st.sampled_from(["port", "clock", "workers", "database", "redis", "trusted_proxies",
                         "free_chips", "log_level", "pause", "lease_seconds", "hand_over_seconds",
                         "seed", "host"]),
        st.text(max_size=30) | st.integers(-10**6, 10**6).map(str),
        max_size=4,
    ),
    where=st.sampled_from(["flags", "environ"]),
)  # fmt: skip
@settings(max_examples=200, deadline=None)
def test_any_setting_either_holds_or_is_refused_in_one_line(values, where):
    """Whatever a flag or a variable says: the settings, or a SettingsError of one line
    that names a setting — never another error."""
    flags = values if where == "flags" else {}
    environ = {f"STUD_{k.upper()}": v for k, v in values.items()} if where == "environ" else {}
    try:
        settings_from(flags, environ=environ)
    except SettingsError as error:
        said = str(error)
        assert "\n" not in said
        assert any(said.startswith(name) for name in values) or said.startswith("workers >")


def test_print_config_into_a_pipe_closed_early_says_nothing_more():
    """``stud serve --print-config | head -1``: the first line, and no traceback when
    head goes away."""
    done = subprocess.run(
        f"{sys.executable} -m studpoker.cli serve --print-config | head -1",
        shell=True, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert done.stdout == "host = 127.0.0.1  # default\n"
    assert done.stderr == ""


def test_the_room_s_currency_is_a_sign_and_the_welcome_says_it():
    """The sign the page writes before stakes and balances (issue 36): "$" by default,
    an operator's own (HK$, €, none), and a value that is no sign refused in words."""
    assert settings_from({}, environ={}).seed_epoch_hours == 24.0  # issue 38
    assert settings_from({}, environ={"STUD_SEED_EPOCH_HOURS": "6"}).seed_epoch_hours == 6.0
    assert settings_from({}, environ={}).currency == "$"
    assert settings_from({}, environ={"STUD_CURRENCY": "HK$"}).currency == "HK$"
    assert settings_from({"currency": ""}, environ={}).currency == ""  # none
    for wrong, why in (
        ("12", "a currency is a sign of up to 4 characters ($, HK$), not '12'"),
        ("US $", "a currency is a sign of up to 4 characters ($, HK$), not 'US $'"),
        ("\u200b$", "a currency is a sign of up to 4 characters ($, HK$), not '\\u200b$'"),
        ("dollars", "String should have at most 4 characters"),
    ):
        with pytest.raises(SettingsError) as refused:
            settings_from({}, environ={"STUD_CURRENCY": wrong})
        assert "(from STUD_CURRENCY)" in str(refused.value)
        assert why in str(refused.value), str(refused.value)
    from fastapi.testclient import TestClient

    from studpoker.room import Room
    from studpoker.server import create_app
    from studpoker.store import Store

    room = Room(Store("sqlite://"), default_tables=False)
    with TestClient(create_app(room, currency="€")) as api, api.websocket_connect("/ws") as ws:
        welcome = ws.receive_json()
    assert (welcome["type"], welcome["currency"]) == ("welcome", "€")
