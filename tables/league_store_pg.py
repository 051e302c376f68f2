"""The league's SQL for PostgreSQL, all of it: the same queries as
:mod:`tables.league_store` (SQLite), method for method, rows in the same shapes.

Where SQLite serialises writers by itself, PostgreSQL needs telling: counting a match
takes a transaction-level advisory lock, so the league counts one match at a time
across every process, a match is counted once, and ratings are read and written
without another count in between.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from typing import Any

import asyncpg

from tables.errors import StoreUnavailable
from tables.league_store import (
    MATCH_COLUMNS,
    SEASON_COLUMNS,
    STANDING_ORDER,
    MatchRow,
    SeasonConflict,
)

COUNTING_LOCK = 0x6C656167  # pg_advisory_xact_lock key while counting a match ("leag")
ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError)


class PgRecording:
    """One match being counted, inside one transaction (see :meth:`PgLeagueStore.recording`)."""

    def __init__(self, db: asyncpg.Connection, match: MatchRow | None, counted: bool) -> None:
        self._db = db
        self.match = match  # None: there is no such finished match
        self.counted = counted  # True: the league has it already

    async def guild_options(self, guild_id: str, finished_at: float) -> tuple[bool, int | None]:
        """Whether bots are rated in this server, and the season running at ``finished_at``."""
        row = await self._db.fetchrow(
            "SELECT (SELECT rate_bots FROM league_settings WHERE guild_id = $1),"
            " (SELECT id FROM seasons WHERE guild_id = $1 AND started_at < $2"
            "  AND (ended_at IS NULL OR ended_at >= $2) ORDER BY started_at DESC LIMIT 1)",
            guild_id, finished_at,
        )  # fmt: skip
        return bool(row[0]), row[1]

    async def ratings(
        self, guild_id: str, game: str, seasons: Sequence[int], players: Sequence[str]
    ) -> dict[tuple[int, str], tuple[float, float]]:
        """(season, player) -> (mu, sigma) for those who have a standing already."""
        rows = await self._db.fetch(
            "SELECT season_id, player, mu, sigma FROM league_standings WHERE guild_id = $1"
            " AND game = $2 AND season_id = ANY($3::bigint[]) AND player = ANY($4::text[])",
            guild_id, game, list(seasons), list(players),
        )  # fmt: skip
        return {(r[0], r[1]): (r[2], r[3]) for r in rows}

    async def write(
        self,
        match: tuple[Any, ...],
        entries: Sequence[tuple[Any, ...]],
        standings: Sequence[tuple[Any, ...]],
    ) -> None:
        """As :meth:`tables.league_store.Recording.write`."""
        db = self._db
        await db.execute(
            "INSERT INTO league_matches (table_id, guild_id, game, preset, season_id, rated,"
            " hands, finished_at, recorded_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            *match,
        )
        if entries:
            await db.executemany(
                "INSERT INTO league_entries (table_id, seat, guild_id, game, season_id, player,"
                " side, partner, won, rated, points, hands, weis, stoeck, match_hands, made,"
                " made_failed, mu, sigma) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,"
                " $11, $12, $13, $14, $15, $16, $17, $18, $19)",
                entries,
            )
        if standings:
            s = "league_standings"
            await db.executemany(
                "INSERT INTO league_standings (guild_id, game, season_id, player, played, won,"
                " rated, points, hands, mu, sigma, ordinal) VALUES ($1, $2, $3, $4, $5, $6,"
                " $7, $8, $9, $10, $11, $12) ON CONFLICT (guild_id, game, season_id, player)"
                f" DO UPDATE SET played = {s}.played + excluded.played,"
                f" won = {s}.won + excluded.won, rated = {s}.rated + excluded.rated,"
                f" points = {s}.points + excluded.points, hands = {s}.hands + excluded.hands,"
                " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal",
                standings,
            )


class PgLeagueStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @contextlib.asynccontextmanager
    async def _connection(self, conflict: bool = False) -> AsyncIterator[asyncpg.Connection]:
        """A pool connection; failures become StoreUnavailable, or with ``conflict`` a
        unique index's no becomes SeasonConflict."""
        try:
            async with self._pool.acquire(timeout=10) as db:
                yield db
        except asyncpg.UniqueViolationError as e:
            if conflict:
                raise SeasonConflict(str(e)) from e
            raise StoreUnavailable(f"{type(e).__name__}: {e}") from e
        except ERRORS as e:
            raise StoreUnavailable(f"{type(e).__name__}: {e}") from e

    async def _all(self, sql: str, *args: Any) -> list[Any]:
        async with self._connection() as db:
            return [tuple(r) for r in await db.fetch(sql, *args)]

    async def _one(self, sql: str, *args: Any) -> Any:
        rows = await self._all(sql, *args)
        return rows[0] if rows else None

    async def _write(self, sql: str, *args: Any) -> int:
        """One statement in its own transaction; returns the rows it changed."""
        async with self._connection(conflict=True) as db:
            status = await db.execute(sql, *args)
        return int(status.split()[-1])  # "UPDATE 1", "INSERT 0 1"

    # --- settings -----------------------------------------------------------------------

    async def rate_bots(self, guild_id: str) -> bool:
        row = await self._one("SELECT rate_bots FROM league_settings WHERE guild_id = $1", guild_id)
        return bool(row and row[0])

    async def set_rate_bots(self, guild_id: str, on: bool) -> None:
        await self._write(
            "INSERT INTO league_settings (guild_id, rate_bots) VALUES ($1, $2)"
            " ON CONFLICT (guild_id) DO UPDATE SET rate_bots = excluded.rate_bots",
            guild_id, int(on),
        )  # fmt: skip

    # --- seasons ------------------------------------------------------------------------

    async def seasons(self, guild_id: str) -> list[tuple[Any, ...]]:
        """(id, name, started_at, ended_at, matches), oldest first."""
        return await self._all(
            f"SELECT {SEASON_COLUMNS}, (SELECT COUNT(*) FROM league_matches l"
            " WHERE l.season_id = s.id) FROM seasons s WHERE guild_id = $1"
            " ORDER BY started_at, id",
            guild_id,
        )

    async def open_season(self, guild_id: str) -> tuple[Any, ...] | None:
        return await self._one(
            f"SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = $1 AND ended_at IS NULL",
            guild_id,
        )

    async def season_named(self, guild_id: str, name: str) -> tuple[Any, ...] | None:
        return await self._one(
            f"SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = $1"
            " AND lower(name) = lower($2)",
            guild_id, name,
        )  # fmt: skip

    async def start_season(self, guild_id: str, name: str, by: str, now: float) -> None:
        """SeasonConflict if the name is taken or a season is open."""
        await self._write(
            "INSERT INTO seasons (guild_id, name, started_at, started_by)"
            " VALUES ($1, $2, $3, $4)",
            guild_id, name, now, by,
        )  # fmt: skip

    async def end_season(self, guild_id: str, by: str, now: float) -> int:
        return await self._write(
            "UPDATE seasons SET ended_at = $1, ended_by = $2"
            " WHERE guild_id = $3 AND ended_at IS NULL",
            now, by, guild_id,
        )  # fmt: skip

    # --- counting matches ---------------------------------------------------------------

    async def uncounted(self) -> list[int]:
        """Finished matches the league has not counted yet, in the order they finished."""
        rows = await self._all(
            "SELECT m.table_id FROM matches m LEFT JOIN league_matches l USING (table_id)"
            " WHERE l.table_id IS NULL ORDER BY m.finished_at, m.table_id"
        )
        return [r[0] for r in rows]

    async def match_to_count(self, table_id: int) -> tuple[str, str] | None:
        """(game, options JSON) of a finished match not counted yet; else None."""
        return await self._one(
            "SELECT m.game, m.options FROM matches m LEFT JOIN league_matches l USING (table_id)"
            " WHERE m.table_id = $1 AND l.table_id IS NULL",
            table_id,
        )

    @contextlib.asynccontextmanager
    async def recording(self, table_id: int) -> AsyncIterator[PgRecording]:
        """A transaction to count one match: committed if the block ends normally,
        rolled back if it raises; nothing is written unless the block calls ``write``."""
        async with self._connection() as db, db.transaction():
            # Counts queue for each other as on SQLite's one connection: the short lock
            # timeout is for a table's step, not for waiting one's turn here.
            await db.execute("SET LOCAL lock_timeout = '60s'")
            # Read after the lock: a count that committed meanwhile is seen.
            await db.execute("SELECT pg_advisory_xact_lock($1)", COUNTING_LOCK)
            yield await _begin(db, table_id)

    # --- reading ------------------------------------------------------------------------

    async def games_counted(self, guild_id: str) -> dict[str, int]:
        rows = await self._all(
            "SELECT game, COUNT(*) FROM league_matches WHERE guild_id = $1 GROUP BY game",
            guild_id,
        )
        return {r[0]: r[1] for r in rows}

    async def standings(
        self, guild_id: str, game: str, season_id: int, limit: int, offset: int
    ) -> tuple[int, list[tuple[Any, ...]]]:
        """As :meth:`tables.league_store.LeagueStore.standings`."""
        where = "WHERE guild_id = $1 AND game = $2 AND season_id = $3"
        total = await self._one(
            f"SELECT COUNT(*) FROM league_standings {where}", guild_id, game, season_id
        )
        rows = await self._all(
            "SELECT player, played, won, rated, points, hands, mu, sigma FROM league_standings"
            f" {where} ORDER BY {STANDING_ORDER} LIMIT $4 OFFSET $5",
            guild_id, game, season_id, limit, offset,
        )  # fmt: skip
        return total[0], rows

    async def standing_of(
        self, guild_id: str, game: str, season_id: int, player: str
    ) -> tuple[int, int, tuple[Any, ...]] | None:
        """(rank, players, (played, won, rated, points, hands, mu, sigma)) or None."""
        ranked = await self._all(
            "SELECT player, played, won, rated, points, hands, mu, sigma FROM league_standings"
            f" WHERE guild_id = $1 AND game = $2 AND season_id = $3 ORDER BY {STANDING_ORDER}",
            guild_id, game, season_id,
        )  # fmt: skip
        for rank, row in enumerate(ranked, 1):
            if row[0] == player:
                return rank, len(ranked), tuple(row[1:])
        return None

    async def player_totals(
        self, guild_id: str, player: str, game: str, season_id: int | None
    ) -> tuple[Any, ...]:
        """matches, won, rated, points, hands, weis, stoeck, match_hands, made, made_failed."""
        sums = ", ".join(
            f"COALESCE(SUM({c}), 0)"  # SQLite's TOTAL: 0 over no rows
            for c in ("won", "rated", "points", "hands", "weis", "stoeck", "match_hands", "made")
        )
        return await self._one(
            f"SELECT COUNT(*), {sums}, COALESCE(SUM(made_failed), 0) FROM league_entries"
            " WHERE guild_id = $1 AND player = $2 AND game = $3"
            " AND ($4::bigint IS NULL OR season_id = $4)",
            guild_id, player, game, season_id,
        )  # fmt: skip

    async def partners(
        self, guild_id: str, player: str, game: str, season_id: int | None
    ) -> list[tuple[str, int, int]]:
        """(partner, matches together, won together), most wins first."""
        return await self._all(
            "SELECT partner, COUNT(*), SUM(won) FROM league_entries WHERE guild_id = $1"
            " AND player = $2 AND game = $3 AND partner IS NOT NULL"
            " AND ($4::bigint IS NULL OR season_id = $4)"
            " GROUP BY partner ORDER BY SUM(won) DESC, COUNT(*), partner",
            guild_id, player, game, season_id,
        )  # fmt: skip

    async def recent(
        self, guild_id: str, game: str | None, player: str | None, limit: int
    ) -> list[tuple[Any, ...]]:
        """Matches newest first, each with its seats: see ``MATCH_COLUMNS`` + players."""
        rows = await self._all(
            f"SELECT {MATCH_COLUMNS} FROM league_matches l JOIN matches m USING (table_id)"
            " WHERE l.guild_id = $1 AND ($2::text IS NULL OR l.game = $2)"
            " AND ($3::text IS NULL OR l.table_id IN (SELECT table_id FROM league_entries e"
            " WHERE e.guild_id = $1 AND e.player = $3))"
            " ORDER BY l.finished_at DESC, l.table_id DESC LIMIT $4",
            guild_id, game, player, limit,
        )  # fmt: skip
        return await self._with_players(rows)

    async def match(self, guild_id: str, table_id: int) -> tuple[Any, ...] | None:
        rows = await self._all(
            f"SELECT {MATCH_COLUMNS} FROM league_matches l JOIN matches m USING (table_id)"
            " WHERE l.guild_id = $1 AND l.table_id = $2",
            guild_id, table_id,
        )  # fmt: skip
        found = await self._with_players(rows)
        return found[0] if found else None

    async def _with_players(self, rows: list[Any]) -> list[tuple[Any, ...]]:
        if not rows:
            return []
        seats = await self._all(
            "SELECT p.table_id, p.seat, p.side, p.user_id, p.bot, p.left_user, e.player, e.mu,"
            " e.sigma FROM match_players p LEFT JOIN league_entries e"
            " ON e.table_id = p.table_id AND e.seat = p.seat"
            " WHERE p.table_id = ANY($1::bigint[]) ORDER BY p.table_id, p.seat",
            [r[0] for r in rows],
        )
        by_table: dict[int, list[tuple[Any, ...]]] = {}
        for s in seats:
            by_table.setdefault(s[0], []).append(tuple(s[1:]))
        return [
            (*r[:7], json.loads(r[7]), json.loads(r[8]), *r[9:], by_table.get(r[0], []))
            for r in rows
        ]


async def _begin(db: asyncpg.Connection, table_id: int) -> PgRecording:
    row = await db.fetchrow(
        "SELECT m.table_id, m.game, m.guild_id, m.options, m.sheet, m.scores, m.winner,"
        " m.finished_at, l.table_id IS NOT NULL FROM matches m"
        " LEFT JOIN league_matches l USING (table_id) WHERE m.table_id = $1",
        table_id,
    )
    if row is None:
        return PgRecording(db, None, False)
    if row[8]:
        return PgRecording(db, None, True)
    players = await db.fetch(
        "SELECT seat, side, user_id, bot, left_user FROM match_players WHERE table_id = $1"
        " ORDER BY seat",
        table_id,
    )
    match = MatchRow(
        row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), json.loads(row[5]),
        row[6], row[7], [tuple(p) for p in players],  # type: ignore[misc]
    )  # fmt: skip
    return PgRecording(db, match, False)
