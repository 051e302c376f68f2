"""Server settings and private hand panels on PostgreSQL: the same queries as
:mod:`tables.server_store` (SQLite), method for method."""

from __future__ import annotations

from typing import Any

import asyncpg

from tables.errors import StoreUnavailable
from tables.league_store_pg import ERRORS
from tables.server_settings import ServerSettings
from tables.server_store import PanelRow


class PgServerStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def _run(self, sql: str, *args: Any) -> list[Any]:
        try:
            async with self._pool.acquire(timeout=10) as db:
                return list(await db.fetch(sql, *args))
        except ERRORS as e:
            raise StoreUnavailable(f"{type(e).__name__}: {e}") from e

    # --- server settings --------------------------------------------------------------------

    async def settings(self, guild_id: str) -> ServerSettings | None:
        rows = await self._run(
            "SELECT threads, clock_s, bot_level, preset, idle_min, max_tables, deck"
            " FROM server_settings WHERE guild_id = $1",
            guild_id,
        )
        return ServerSettings.from_row(rows[0]) if rows else None

    async def save_settings(
        self, guild_id: str, settings: ServerSettings, by: str, now: float
    ) -> None:
        s = settings
        await self._run(
            "INSERT INTO server_settings (guild_id, threads, clock_s, bot_level, preset,"
            " idle_min, max_tables, deck, updated_by, updated_at)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
            " ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads,"
            " clock_s = excluded.clock_s, bot_level = excluded.bot_level,"
            " preset = excluded.preset, idle_min = excluded.idle_min,"
            " max_tables = excluded.max_tables, deck = excluded.deck,"
            " updated_by = excluded.updated_by, updated_at = excluded.updated_at",
            guild_id, int(s.threads), s.clock_s, s.bot_level, s.preset,
            s.idle_min, s.max_tables, s.deck.value, by, now,
        )  # fmt: skip

    # --- private hand panels ------------------------------------------------------------------

    async def panels(self) -> list[PanelRow]:
        """Every panel saved (those whose token ran out too: the caller drops them)."""
        rows = await self._run(
            "SELECT table_id, user_id, application_id, token, message_id, expires_at FROM panels"
        )
        return [PanelRow(r[0], r[1], int(r[2]), r[3], int(r[4]), r[5]) for r in rows]

    async def save_panel(self, panel: PanelRow) -> None:
        p = panel
        await self._run(
            "INSERT INTO panels (table_id, user_id, application_id, token, message_id,"
            " expires_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (table_id, user_id)"
            " DO UPDATE SET application_id = excluded.application_id, token = excluded.token,"
            " message_id = excluded.message_id, expires_at = excluded.expires_at",
            p.table_id, p.user, str(p.application_id), p.token, str(p.message_id), p.expires_at,
        )  # fmt: skip

    async def drop_panel(self, table_id: int, user: str | None = None) -> None:
        """Forget a player's panel at a table (all of the table's, without ``user``)."""
        await self._run(
            "DELETE FROM panels WHERE table_id = $1 AND ($2::text IS NULL OR user_id = $2)",
            table_id, user,
        )  # fmt: skip
