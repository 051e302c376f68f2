"""What the service and the league ask of a store, whichever engine keeps it.

Two backends implement these protocols: :class:`tables.store.Store` (SQLite, the
embedded default) and :class:`tables.pg_store.PgStore` (PostgreSQL through asyncpg, when
``TRUMPF_DATABASE_URL`` is set).  Both keep the same log-is-the-truth rules: a step is
one :class:`~tables.store.Write`, committed before it is announced, with writes that
arrive together committed together; every failure is a
:class:`~tables.errors.StoreUnavailable` and leaves nothing of the write behind.

Adding a store method: add it here, then to both backends (``store.py`` and
``pg_store.py``/``pg_steps.py``; the league's queries to ``league_store.py`` and
``league_store_pg.py``, the servers' to ``server_store.py`` and ``server_store_pg.py``),
with a migration of the same number in ``migrations/`` and ``migrations_pg/``.  A new
column of a :class:`~tables.store.Write` goes into ``pg_steps.STEPS_SQL`` too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Protocol

from tables.model import Seat
from tables.settings import Settings
from tables.store import StoredTable, Write

if TYPE_CHECKING:
    from tables.league_store import MatchRow
    from tables.server_settings import ServerSettings
    from tables.server_store import PanelRow


class Recording(Protocol):
    """One match being counted by the league, inside one transaction."""

    match: MatchRow | None  # None: there is no such finished match (or it is counted)
    counted: bool  # True: the league has it already

    async def guild_options(self, guild_id: str, finished_at: float) -> tuple[bool, int | None]: ...

    async def ratings(
        self, guild_id: str, game: str, seasons: Sequence[int], players: Sequence[str]
    ) -> dict[tuple[int, str], tuple[float, float]]: ...

    async def write(
        self,
        match: tuple[Any, ...],
        entries: Sequence[tuple[Any, ...]],
        standings: Sequence[tuple[Any, ...]],
    ) -> None: ...


class LeagueBackend(Protocol):
    """The league's queries (see :mod:`tables.league_store` for what each returns)."""

    async def rate_bots(self, guild_id: str) -> bool: ...
    async def set_rate_bots(self, guild_id: str, on: bool) -> None: ...
    async def seasons(self, guild_id: str) -> list[tuple[Any, ...]]: ...
    async def open_season(self, guild_id: str) -> tuple[Any, ...] | None: ...
    async def season_named(self, guild_id: str, name: str) -> tuple[Any, ...] | None: ...
    async def start_season(self, guild_id: str, name: str, by: str, now: float) -> None: ...
    async def end_season(self, guild_id: str, by: str, now: float) -> int: ...
    async def uncounted(self) -> list[int]: ...
    async def match_to_count(self, table_id: int) -> tuple[str, str] | None: ...
    def recording(self, table_id: int) -> AbstractAsyncContextManager[Recording]: ...
    async def games_counted(self, guild_id: str) -> dict[str, int]: ...

    async def standings(
        self, guild_id: str, game: str, season_id: int, limit: int, offset: int
    ) -> tuple[int, list[tuple[Any, ...]]]: ...

    async def standing_of(
        self, guild_id: str, game: str, season_id: int, player: str
    ) -> tuple[int, int, tuple[Any, ...]] | None: ...

    async def player_totals(
        self, guild_id: str, player: str, game: str, season_id: int | None
    ) -> tuple[Any, ...]: ...

    async def partners(
        self, guild_id: str, player: str, game: str, season_id: int | None
    ) -> list[tuple[str, int, int]]: ...

    async def recent(
        self, guild_id: str, game: str | None, player: str | None, limit: int
    ) -> list[tuple[Any, ...]]: ...

    async def match(self, guild_id: str, table_id: int) -> tuple[Any, ...] | None: ...


class ServerBackend(Protocol):
    """Server settings and private hand panels (see :mod:`tables.server_store`)."""

    async def settings(self, guild_id: str) -> ServerSettings | None: ...
    async def save_settings(
        self, guild_id: str, settings: ServerSettings, by: str, now: float
    ) -> None: ...
    async def panels(self) -> list[PanelRow]: ...
    async def save_panel(self, panel: PanelRow) -> None: ...
    async def drop_panel(self, table_id: int, user: str | None = None) -> None: ...


class TableStore(Protocol):
    """The tables' store: the action log, snapshots, finished matches."""

    async def create_table(
        self,
        game: str,
        guild_id: str,
        channel_id: str,
        host: str,
        options: str,
        seats: Sequence[Seat],
        now: float,
    ) -> int: ...

    def submit(self, write: Write) -> asyncio.Future[None]: ...
    async def commit(self, write: Write) -> None: ...
    async def set_aside(self, table_id: int, reason: str, now: float) -> None: ...
    async def set_thread(self, table_id: int, thread_id: str | None) -> None: ...
    async def thread_of(self, table_id: int) -> str | None: ...
    async def load_open(self) -> list[StoredTable]: ...
    async def load_table(self, table_id: int) -> StoredTable | None: ...
    async def latest_table_of(self, guild_id: str, channel_id: str, user: str) -> int | None: ...
    async def load_actions(self, table_id: int, from_seq: int = 0) -> list[tuple[int, str]]: ...
    async def status_of(self, table_id: int) -> str | None: ...
    async def match_results(self, guild_id: str | None = None) -> list[dict[str, Any]]: ...
    def league(self) -> LeagueBackend: ...
    def servers(self) -> ServerBackend: ...
    async def close(self) -> None: ...


async def open_store(settings: Settings) -> TableStore:
    """PostgreSQL when ``settings.database_url`` is set, else the SQLite file."""
    if settings.database_url:
        from tables.pg_store import PgStore  # asyncpg is imported only when it is used

        return await PgStore.open(settings.database_url, settings.db_busy_timeout_s)
    from tables.store import Store

    return await Store.open(settings.db_path, settings.db_busy_timeout_s)
