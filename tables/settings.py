"""Typed settings from the environment (``.env`` is loaded by ``bot.py``), each checked
at start against its allowed values, so a typo stops the bot with one line instead of
misbehaving later.

>>> s = Settings.from_env({"TRUMPF_DB": "/tmp/x.sqlite3", "TRUMPF_BOT_PAUSE": "0"})
>>> s.db_path, s.bot_pause_s, s.card_clock_s
('/tmp/x.sqlite3', 0.0, 60.0)
>>> try:
...     Settings.from_env({"TRUMPF_CARD_CLOCK": "nan"})
... except SettingError as e:
...     print(e)
TRUMPF_CARD_CLOCK='nan' is not allowed: a number of seconds from 0 to 86400 (0: no clock)
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass

BOT_LEVELS = ("easy", "medium", "hard")  # engine.bots.LEVELS, without importing the bots
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")

# key: (lowest, highest, what the value means); a day is plenty for any clock, and the
# caps keep deadlines and SQLite's busy timeout (milliseconds, 32 bits) in range.
SECONDS = {
    "TRUMPF_BOT_PAUSE": (0.0, 60.0, ""),
    "TRUMPF_CARD_CLOCK": (0.0, 86400.0, " (0: no clock)"),
    "TRUMPF_CONTRACT_CLOCK": (0.0, 86400.0, " (0: no clock)"),
    "TRUMPF_CLOCK_WARNING": (0.0, 3600.0, ""),
    "TRUMPF_DB_BUSY_TIMEOUT": (0.0, 600.0, ""),
}


class SettingError(ValueError):
    """A setting outside its allowed values; the message names both."""

    def __init__(self, key: str, raw: str, allowed: str) -> None:
        super().__init__(f"{key}={raw!r} is not allowed: {allowed}")
        self.key = key


@dataclass(frozen=True, slots=True)
class Settings:
    db_path: str = "trumpf.sqlite3"  # TRUMPF_DB
    bot_pause_s: float = 1.0  # TRUMPF_BOT_PAUSE: so people can follow the bots' cards
    card_clock_s: float = 60.0  # TRUMPF_CARD_CLOCK: default turn clock for a card
    contract_clock_s: float = 120.0  # TRUMPF_CONTRACT_CLOCK: choosing a contract or bidding
    clock_warning_s: float = 15.0  # TRUMPF_CLOCK_WARNING: warn this long before the deadline
    stand_in_bot: str = "medium"  # TRUMPF_STAND_IN_BOT: plays for absent players
    db_busy_timeout_s: float = 5.0  # TRUMPF_DB_BUSY_TIMEOUT: wait this long for a locked file
    discord_token: str | None = None  # DISCORD_TOKEN
    dev_guild_id: int | None = None  # DEV_GUILD_ID: sync commands to this server only
    log_level: str = "INFO"  # TRUMPF_LOG_LEVEL
    docs_url: str = ""  # TRUMPF_DOCS_URL: where docs/ of this repository can be read
    database_url: str | None = None  # TRUMPF_DATABASE_URL: PostgreSQL instead of the SQLite file

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """The settings in ``env`` (default: the environment); SettingError names the
        first one that is not allowed and what is."""
        env = os.environ if env is None else env

        def raw(key: str) -> str:
            return env.get(key, "").strip()

        def seconds(key: str, default: float) -> float:
            return _seconds(key, raw(key), default)

        d = cls()
        return cls(
            db_path=raw("TRUMPF_DB") or d.db_path,
            bot_pause_s=seconds("TRUMPF_BOT_PAUSE", d.bot_pause_s),
            card_clock_s=seconds("TRUMPF_CARD_CLOCK", d.card_clock_s),
            contract_clock_s=seconds("TRUMPF_CONTRACT_CLOCK", d.contract_clock_s),
            clock_warning_s=seconds("TRUMPF_CLOCK_WARNING", d.clock_warning_s),
            stand_in_bot=_one_of(
                "TRUMPF_STAND_IN_BOT", raw("TRUMPF_STAND_IN_BOT").lower(), BOT_LEVELS
            )
            or d.stand_in_bot,
            db_busy_timeout_s=seconds("TRUMPF_DB_BUSY_TIMEOUT", d.db_busy_timeout_s),
            discord_token=raw("DISCORD_TOKEN") or None,
            dev_guild_id=_server_id(raw("DEV_GUILD_ID")),
            log_level=_one_of("TRUMPF_LOG_LEVEL", raw("TRUMPF_LOG_LEVEL").upper(), LOG_LEVELS)
            or d.log_level,
            docs_url=raw("TRUMPF_DOCS_URL").rstrip("/"),
            database_url=_database_url(raw("TRUMPF_DATABASE_URL")),
        )


def _seconds(key: str, raw: str, default: float) -> float:
    if not raw:
        return default
    low, high, note = SECONDS[key]
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not low <= value <= high:  # also refuses nan and inf ("1e309")
        raise SettingError(key, raw, f"a number of seconds from {low:g} to {high:g}{note}")
    return value


def _one_of(key: str, raw: str, allowed: tuple[str, ...]) -> str:
    if raw and raw not in allowed:
        raise SettingError(key, raw, f"one of {', '.join(allowed)}")
    return raw


def _server_id(raw: str) -> int | None:
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit() and 0 < int(raw) < 2**64):
        raise SettingError(
            "DEV_GUILD_ID", raw, "a server id (digits: right-click the server -> Copy Server ID)"
        )
    return int(raw)


def _database_url(raw: str) -> str | None:
    """A PostgreSQL URL, or None for the SQLite file.

    >>> _database_url("postgresql://trumpf@db/trumpf"), _database_url("")
    ('postgresql://trumpf@db/trumpf', None)
    """
    if raw and not raw.startswith(("postgresql://", "postgres://")):
        shown = raw.split("@")[-1]  # whatever came before an @ may be a password
        raise SettingError(
            "TRUMPF_DATABASE_URL", shown, "a PostgreSQL URL (postgresql://user:password@host/db),"
            " or empty for the SQLite file TRUMPF_DB"
        )  # fmt: skip
    return raw or None
