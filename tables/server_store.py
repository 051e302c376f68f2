"""The SQL of server settings and of private hand panels, on the tables' connection.

Like :mod:`tables.league_store`, it takes the store's connection alone for each
statement (:meth:`tables.store.Store.exclusive`).  A panel row holds an interaction
token, which edits that player's private message: it is read back only to edit the
panel, and never logged.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tables.errors import StoreUnavailable
from tables.server_settings import ServerSettings
from tables.store import Store


@dataclass(frozen=True, slots=True)
class PanelRow:
    """What it takes to edit a private hand panel, and until when it can be."""

    table_id: int
    user: str
    application_id: int
    token: str
    message_id: int
    expires_at: float

    def __repr__(self) -> str:  # the token stays out of logs and tracebacks
        return f"PanelRow(table {self.table_id}, user {self.user}, until {self.expires_at:.0f})"


class ServerStore:
    def __init__(self, store: Store) -> None:
        self._store = store

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            async with self._store.exclusive() as db, db.execute(sql, params) as cursor:
                return list(await cursor.fetchall())
        except sqlite3.Error as e:
            raise StoreUnavailable(str(e)) from e

    # --- server settings --------------------------------------------------------------------

    async def settings(self, guild_id: str) -> ServerSettings | None:
        rows = await self._run(
            "SELECT threads, clock_s, bot_level, preset, idle_min, max_tables, deck"
            " FROM server_settings WHERE guild_id = ?",
            (guild_id,),
        )
        return ServerSettings.from_row(rows[0]) if rows else None

    async def save_settings(
        self, guild_id: str, settings: ServerSettings, by: str, now: float
    ) -> None:
        s = settings
        await self._run(
            "INSERT OR REPLACE INTO server_settings (guild_id, threads, clock_s, bot_level,"
            " preset, idle_min, max_tables, deck, updated_by, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (guild_id, int(s.threads), s.clock_s, s.bot_level, s.preset)
            + (s.idle_min, s.max_tables, s.deck.value, by, now),
        )

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
            "INSERT OR REPLACE INTO panels (table_id, user_id, application_id, token,"
            " message_id, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
            (p.table_id, p.user, str(p.application_id), p.token, str(p.message_id), p.expires_at),
        )

    async def drop_panel(self, table_id: int, user: str | None = None) -> None:
        """Forget a player's panel at a table (all of the table's, without ``user``)."""
        if user is None:
            await self._run("DELETE FROM panels WHERE table_id = ?", (table_id,))
        else:
            await self._run(
                "DELETE FROM panels WHERE table_id = ? AND user_id = ?", (table_id, user)
            )
