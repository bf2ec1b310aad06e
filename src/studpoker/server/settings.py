"""A room's settings (``stud serve``, ``stud admin``): each from a flag, the environment
(``STUD_PORT=8080``) or a TOML file (``--config room.toml``), a flag over the environment
over the file over the default.  Secrets — the database's and Redis' passwords, the
metrics token — come from the environment or from files in a secrets folder
(``STUD_SECRETS_DIR``, or systemd's ``$CREDENTIALS_DIRECTORY``), so that none is needed
on a command line, where ``ps`` shows it to every user of the machine.

Every value is checked before anything is touched, and a wrong one stops the start with
one line that says which setting, where it came from and what it may be:

>>> try:
...     settings_from({"port": 99999}, environ={})
... except SettingsError as error:
...     print(error)
port = 99999 (from --port): Input should be less than or equal to 65535
>>> settings = settings_from({"database": "postgresql://stud@db/room"},
...                          environ={"STUD_DATABASE_PASSWORD": "s3cret"})
>>> settings.database_url()
'postgresql://stud:s3cret@db/room'
>>> settings.shown()["database"], settings.shown()["database_password"]
('postgresql://stud@db/room', '***')
"""

from __future__ import annotations

import ipaddress
import os
import tomllib
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import quote, urlsplit, urlunsplit

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from studpoker.room.money import ROOM_UNIT
from studpoker.table.config import CLOCK_MIN

__all__ = ["SECRETS", "RoomSettings", "SettingsError", "settings_from"]

ENV_PREFIX = "STUD_"
SECRETS = ("database_password", "redis_password", "metrics_token")
"""The settings that are secrets: never on a command line, masked when shown."""
MASK = "***"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def check_currency(sign: str) -> str:
    """``sign`` if it is a currency's sign the page may write ("$", "HK$", "€", "" for
    none): at most 4 characters, none of them a space, a control or a digit.

    >>> check_currency("HK$"), check_currency("")
    ('HK$', '')
    """
    if (
        not isinstance(sign, str)
        or len(sign) > 4
        or any(c.isspace() or c.isdigit() or not c.isprintable() for c in sign)
    ):
        raise ValueError(f"a currency is a sign of up to 4 characters ($, HK$), not {sign!r}")
    return sign


class SettingsError(ValueError):
    """A setting that cannot be: one line saying which, from where, and why."""


class RoomSettings(BaseSettings):
    """Every setting of a room, checked.  The room's unit of money (the balance's, as the
    fixed-limit games write money: 100 chips a unit) is the unit of ``free_chips``."""

    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX,
        extra="forbid",
        case_sensitive=False,
        validate_default=True,
    )

    host: str = Field("127.0.0.1", description="the address to listen on")
    port: Annotated[int, Field(ge=1, le=65535, description="the port to listen on")] = 8000
    database: str = Field(
        "sqlite:///stud.db",
        description="the database's SQLAlchemy URL: sqlite:///FILE or postgresql://USER@HOST/DB",
    )
    database_password: SecretStr | None = Field(
        None, description="the database's password (environment or secrets folder only)"
    )
    redis: str | None = Field(
        None, description="serve one room with other processes through Redis at this URL"
    )
    redis_password: SecretStr | None = Field(
        None, description="Redis' password (environment or secrets folder only)"
    )
    redis_prefix: str = Field("stud:", min_length=1, max_length=64)
    lease_seconds: Annotated[float, Field(gt=0, le=3600, allow_inf_nan=False)] = 10.0
    hand_over_seconds: Annotated[float, Field(ge=0, le=3600, allow_inf_nan=False)] = Field(
        30.0,
        description="with redis: how long a stop lets the hands under way end before it "
        "hands them over to another process in the middle",
    )
    workers: Annotated[int, Field(ge=1, le=64)] = 1
    # A decision's clock (R8.1): a player's own table takes CLOCK_MIN to CLOCK_MAX; the
    # room's default may be longer (a load test's clock of an hour never times out).
    clock: Annotated[float, Field(ge=CLOCK_MIN, le=24 * 3600, allow_inf_nan=False)] = 20.0
    time_bank: Annotated[float, Field(ge=0, le=3600, allow_inf_nan=False)] = 60.0
    pause: Annotated[float, Field(ge=0, le=60, allow_inf_nan=False)] = 2.0
    bot_think: Annotated[float, Field(ge=0, le=10, allow_inf_nan=False)] = 1.0
    competition_minutes: Annotated[float, Field(gt=0, le=24 * 60, allow_inf_nan=False)] = 30.0
    seed: int | None = None
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    log_format: Literal["text", "json"] = "text"
    no_limits: bool = False
    trusted_proxies: Annotated[list[Network], NoDecode] = Field(
        default_factory=list,
        description="proxies whose X-Forwarded-For / Forwarded give the client's address",
    )
    metrics: bool = True
    metrics_token: SecretStr | None = Field(
        None, description="a bearer token that may read /metrics besides an operator"
    )
    free_chips: Annotated[Decimal, Field(ge=0, le=1_000_000, decimal_places=2)] | None = Field(
        None,
        description="money a new account is given, and again on asking when it runs low "
        "(the room's unit; 0: only the operator adds money; default 1000 with SQLite, "
        "0 with PostgreSQL)",
    )
    free_chips_hours: Annotated[float, Field(gt=0, le=24 * 30, allow_inf_nan=False)] = 4.0
    free_chips_per_address: Annotated[int, Field(ge=1, le=1000)] = 3
    seed_epoch_hours: Annotated[float, Field(gt=0, le=24 * 30, allow_inf_nan=False)] = Field(
        24.0,
        description="the longest a table's seed epoch lasts before its server seeds are "
        "revealed, all at once (it also ends when the table closes; docs/fairness.md)",
    )
    currency: Annotated[str, Field(max_length=4)] = Field(
        "$",
        description='the sign written before the stakes and balances ("$", "HK$", "€"; '
        '"" for none)',
    )

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # The sources are read by settings_from, which knows where each value came from;
        # what it passes in is all there is.
        return (init_settings,)

    @field_validator("host")
    @classmethod
    def _host(cls, value: str) -> str:
        if not value or any(c.isspace() for c in value):
            raise ValueError("a host name or an address, with no spaces")
        return value

    @field_validator("database")
    @classmethod
    def _database(cls, value: str) -> str:
        try:
            url = make_url(value)
        except ArgumentError:
            raise ValueError(
                "not a database URL: sqlite:///FILE or postgresql://USER@HOST/DB"
            ) from None
        if url.get_backend_name() not in ("sqlite", "postgresql", "postgres"):
            raise ValueError(f"the room runs on SQLite or PostgreSQL, not {url.drivername}")
        return value

    @field_validator("currency")
    @classmethod
    def _currency(cls, value: str) -> str:
        return check_currency(value)

    @field_validator("redis")
    @classmethod
    def _redis(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError("a Redis URL begins with redis://, rediss:// or unix://")
        return value

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _networks(cls, value: Any) -> Any:
        if isinstance(value, str):  # "10.0.0.0/8, 127.0.0.1": a flag's or a variable's
            value = [part.strip() for part in value.split(",") if part.strip()]
        if isinstance(value, list):
            return [ipaddress.ip_network(v, strict=False) if isinstance(v, str) else v
                    for v in value]  # fmt: skip
        return value

    @model_validator(mode="after")
    def _one_room(self) -> RoomSettings:
        """What cannot serve one room: several processes share the tables through Redis
        and a database they all reach (not one process's SQLite file)."""
        if self.workers > 1 and self.redis is None:
            raise ValueError("workers > 1 needs redis: the processes share the tables through it")
        if self.workers > 1 and self.backend() == "sqlite":
            raise ValueError("workers > 1 needs a database every process reaches: PostgreSQL")
        if self.redis is not None and self.seed is not None:
            raise ValueError("seed is for one process alone: the processes would deal alike")
        return self

    # -- what the room is run with -------------------------------------------------------

    def backend(self) -> str:
        name = make_url(self.database).get_backend_name()
        return "postgresql" if name == "postgres" else name

    def database_url(self) -> str:
        """The database's URL with its password put in (from the secret setting)."""
        return _with_password(self.database, self.database_password)

    def redis_url(self) -> str | None:
        if self.redis is None:
            return None
        return _with_password(self.redis, self.redis_password)

    def free_chips_amount(self) -> int:
        """The free chips as chips (``ROOM_UNIT`` of them a unit): the default, 1,000.00,
        is on for the embedded room (SQLite), off for a PostgreSQL room."""
        if self.free_chips is None:
            return 1000 * ROOM_UNIT if self.backend() == "sqlite" else 0
        return int(self.free_chips * ROOM_UNIT)

    def shown(self) -> dict[str, str]:
        """Every setting as ``stud serve --print-config`` writes it, secrets masked."""
        shown: dict[str, str] = {}
        for name in type(self).model_fields:
            value = getattr(self, name)
            if name in SECRETS:
                text = "(not set)" if value is None else MASK
            elif name in ("database", "redis") and value is not None:
                text = _masked(value)
            elif name == "trusted_proxies":
                text = ", ".join(str(network) for network in value) or "(none)"
            elif name == "free_chips":
                text = f"{Decimal(self.free_chips_amount()) / ROOM_UNIT:.2f}"
            elif value is None:
                text = "(not set)"
            else:
                text = str(value).lower() if isinstance(value, bool) else str(value)
            shown[name] = text
        return shown


def _with_password(url: str, password: SecretStr | None) -> str:
    """``url`` with ``password`` put in its user part, unless it has one already."""
    if password is None:
        return url
    parts = urlsplit(url)
    if parts.password is not None:
        return url
    secret = quote(password.get_secret_value(), safe="")
    if parts.scheme == "unix":  # a Unix socket's URL takes the password as a parameter
        separator = "&" if parts.query else ""
        return urlunsplit(parts._replace(query=f"{parts.query}{separator}password={secret}"))
    user = quote(parts.username or "", safe="")
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}:{secret}@{host}"))


def _masked(url: str) -> str:
    """``url`` with its password, if it holds one, written ``***``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.netloc.rpartition("@")[0].partition(":")[0]
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}:{MASK}@{host}"))


# -- where each value comes from -------------------------------------------------------


def settings_from(
    flags: Mapping[str, Any],
    *,
    config: Path | None = None,
    environ: Mapping[str, str] | None = None,
    secrets_dir: Path | None = None,
) -> RoomSettings:
    """The settings of ``flags`` (given on the command line; None values are not given)
    over the environment's ``STUD_…`` variables over the TOML file ``config`` over the
    secrets folder (``STUD_SECRETS_DIR`` or systemd's ``CREDENTIALS_DIRECTORY``; a secret
    only) over the defaults.  :class:`SettingsError` names the first bad value."""
    environ = os.environ if environ is None else environ
    sources = _sources(flags, config, environ, secrets_dir)
    values: dict[str, Any] = {}
    for _where, given in reversed(sources):
        values.update(given)
    try:
        return RoomSettings(**values)
    except ValidationError as error:
        raise SettingsError(_first_problem(error, sources)) from None


def origins(
    flags: Mapping[str, Any],
    *,
    config: Path | None = None,
    environ: Mapping[str, str] | None = None,
    secrets_dir: Path | None = None,
) -> dict[str, str]:
    """Where each setting that is not its default came from (``--port``,
    ``STUD_PORT``, ``room.toml``, a secrets file)."""
    environ = os.environ if environ is None else environ
    found: dict[str, str] = {}
    for where, given in reversed(_sources(flags, config, environ, secrets_dir)):
        for name in given:
            found[name] = where(name)
    return found


Where = Any  # (name) -> str: how a source names where a setting came from


def _sources(
    flags: Mapping[str, Any],
    config: Path | None,
    environ: Mapping[str, str],
    secrets_dir: Path | None,
) -> list[tuple[Where, dict[str, Any]]]:
    """Each source as (how it names a value's origin, its values), the strongest first."""
    fields = RoomSettings.model_fields
    given = {name: value for name, value in flags.items() if value is not None}
    for name in given:
        if name in SECRETS:
            raise SettingsError(
                f"{name} is a secret: give it as {ENV_PREFIX}{name.upper()} or in the "
                "secrets folder, never on the command line (ps shows it to everyone)"
            )
    from_env = {
        name: environ[key]
        for name in fields
        for key in (f"{ENV_PREFIX}{name.upper()}",)
        if key in environ and environ[key] != ""
    }
    from_file = _config_file(config) if config is not None else {}
    folder = secrets_dir
    if folder is None:
        named = environ.get(f"{ENV_PREFIX}SECRETS_DIR") or environ.get("CREDENTIALS_DIRECTORY")
        folder = Path(named) if named else None
    from_secrets: dict[str, Any] = {}
    if folder is not None:
        if not folder.is_dir():
            raise SettingsError(f"the secrets folder {folder} is not a folder")
        for name in SECRETS:
            path = folder / name
            if path.is_file():
                from_secrets[name] = path.read_text(encoding="utf-8").strip()
    file_name = "" if config is None else str(config)
    return [
        (lambda name: f"--{name.replace('_', '-')}", given),
        (lambda name: f"{ENV_PREFIX}{name.upper()}", from_env),
        (lambda name: file_name, from_file),
        (lambda name: str(folder / name) if folder else "secrets", from_secrets),
    ]


def _config_file(path: Path) -> dict[str, Any]:
    """A TOML file's settings: its top-level keys, or a ``[room]`` table's; any other key
    is refused by the settings (``extra="forbid"``)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SettingsError(f"the config file {path} does not exist") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SettingsError(f"the config file {path} cannot be read: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise SettingsError(f"the config file {path} is not TOML: {error}") from None
    if set(data) == {"room"} and isinstance(data["room"], dict):
        data = data["room"]
    return {name.replace("-", "_"): value for name, value in data.items()}


def _first_problem(error: ValidationError, sources: list[tuple[Where, dict[str, Any]]]) -> str:
    problem = error.errors()[0]
    location = problem.get("loc") or ()
    name = str(location[0]) if location else ""
    message = str(problem.get("msg", "not allowed"))
    message = message.removeprefix("Value error, ")
    if problem.get("type") == "extra_forbidden":
        where = next((w(name) for w, given in sources if name in given), "")
        known = ", ".join(RoomSettings.model_fields)
        return f"unknown setting {name!r} in {where or 'the settings'} (the settings are: {known})"
    if not name:
        return message
    for where, given in sources:
        if name in given:
            value = MASK if name in SECRETS else given[name]
            return f"{name} = {value!r} (from {where(name)}): {message}"
    return f"{name}: {message}"
