"""Typed settings from the environment (``.env`` is loaded by ``bot.py``).

>>> s = Settings.from_env({"TRUMPF_DB": "/tmp/x.sqlite3", "TRUMPF_BOT_PAUSE": "0"})
>>> s.db_path, s.bot_pause_s, s.card_clock_s
('/tmp/x.sqlite3', 0.0, 60.0)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass


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
    database_url: str | None = None  # TRUMPF_DATABASE_URL: PostgreSQL instead of the SQLite file

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env

        def number(key: str, default: float) -> float:
            raw = env.get(key, "").strip()
            if not raw:
                return default
            try:
                value = float(raw)
            except ValueError:
                raise ValueError(f"{key} must be a number of seconds, not {raw!r}") from None
            if value < 0:
                raise ValueError(f"{key} must not be negative")
            return value

        d = cls()
        return cls(
            db_path=env.get("TRUMPF_DB", "").strip() or d.db_path,
            bot_pause_s=number("TRUMPF_BOT_PAUSE", d.bot_pause_s),
            card_clock_s=number("TRUMPF_CARD_CLOCK", d.card_clock_s),
            contract_clock_s=number("TRUMPF_CONTRACT_CLOCK", d.contract_clock_s),
            clock_warning_s=number("TRUMPF_CLOCK_WARNING", d.clock_warning_s),
            stand_in_bot=env.get("TRUMPF_STAND_IN_BOT", "").strip() or d.stand_in_bot,
            db_busy_timeout_s=number("TRUMPF_DB_BUSY_TIMEOUT", d.db_busy_timeout_s),
            discord_token=env.get("DISCORD_TOKEN", "").strip() or None,
            database_url=database_url(env.get("TRUMPF_DATABASE_URL", "")),
        )


def database_url(raw: str) -> str | None:
    """A PostgreSQL URL, or None for the SQLite file.

    >>> database_url(" postgresql://trumpf@db/trumpf "), database_url("")
    ('postgresql://trumpf@db/trumpf', None)
    """
    url = raw.strip()
    if url and not url.startswith(("postgresql://", "postgres://")):
        raise ValueError(
            "TRUMPF_DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host/db);"
            " leave it empty to use the SQLite file TRUMPF_DB"
        )
    return url or None
