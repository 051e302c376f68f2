"""The league's SQL, all of it: settings, seasons, counting a match once, and reading back.

It shares the :class:`tables.store.Store`'s one connection and takes the store's lock
for every statement, so a league write never lands inside a table's transaction and a
league read never sees a table's uncommitted rows.  Rows go in and out as plain tuples
and dicts; what they mean is :mod:`tables.league`'s business.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

from tables.errors import StoreUnavailable
from tables.store import Store

STANDING_ORDER = "rated > 0 DESC, ordinal DESC, won DESC, played DESC, player"
SEASON_COLUMNS = "id, name, started_at, ended_at"
MATCH_COLUMNS = (
    "l.table_id, l.game, l.preset, l.season_id, l.rated, l.hands, l.finished_at,"
    " m.sheet, m.scores, m.winner, m.started_at"
)


class SeasonConflict(Exception):
    """A season of that name exists, or one is open already (a unique index said no)."""


@dataclass(slots=True)
class MatchRow:
    """A finished match as the tables' store kept it, with its seats."""

    table_id: int
    game: str
    guild_id: str
    options: dict[str, Any]
    sheet: list[list[int]]
    scores: list[int]
    winner: int
    finished_at: float
    # seat, side, user, bot, left
    players: list[tuple[int, int, str | None, str | None, str | None]]


class Recording:
    """One match being counted, inside one transaction (see :meth:`LeagueStore.recording`)."""

    def __init__(self, db: Any, match: MatchRow | None, counted: bool) -> None:
        self._db = db
        self.match = match  # None: there is no such finished match
        self.counted = counted  # True: the league has it already

    async def guild_options(self, guild_id: str, finished_at: float) -> tuple[bool, int | None]:
        """Whether bots are rated in this server, and the season running at ``finished_at``."""
        async with self._db.execute(
            "SELECT (SELECT rate_bots FROM league_settings WHERE guild_id = ?),"
            " (SELECT id FROM seasons WHERE guild_id = ? AND started_at < ?"
            "  AND (ended_at IS NULL OR ended_at >= ?) ORDER BY started_at DESC LIMIT 1)",
            (guild_id, guild_id, finished_at, finished_at),
        ) as cursor:
            rate_bots, season = await cursor.fetchone()
        return bool(rate_bots), season

    async def ratings(
        self, guild_id: str, game: str, seasons: Sequence[int], players: Sequence[str]
    ) -> dict[tuple[int, str], tuple[float, float]]:
        """(season, player) -> (mu, sigma) for those who have a standing already."""
        marks = ",".join("?" * len(players))
        season_marks = ",".join("?" * len(seasons))
        async with self._db.execute(
            "SELECT season_id, player, mu, sigma FROM league_standings"
            f" WHERE guild_id = ? AND game = ? AND season_id IN ({season_marks})"
            f" AND player IN ({marks})",
            (guild_id, game, *seasons, *players),
        ) as cursor:
            return {(r[0], r[1]): (r[2], r[3]) for r in await cursor.fetchall()}

    async def write(
        self,
        match: tuple[Any, ...],
        entries: Sequence[tuple[Any, ...]],
        standings: Sequence[tuple[Any, ...]],
    ) -> None:
        """``match``: table_id, guild, game, preset, season, rated, hands, finished, recorded.
        ``entries``: league_entries rows in column order.  ``standings``: guild, game,
        season, player, played, won, rated, points, hands, mu, sigma, ordinal to add."""
        db = self._db
        await db.execute(
            "INSERT INTO league_matches (table_id, guild_id, game, preset, season_id, rated,"
            " hands, finished_at, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            match,
        )
        if entries:
            await db.executemany(
                "INSERT INTO league_entries (table_id, seat, guild_id, game, season_id, player,"
                " side, partner, won, rated, points, hands, weis, stoeck, match_hands, made,"
                " made_failed, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                " ?, ?, ?, ?)",
                entries,
            )
        if standings:
            await db.executemany(
                "INSERT INTO league_standings (guild_id, game, season_id, player, played, won,"
                " rated, points, hands, mu, sigma, ordinal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,"
                " ?, ?, ?) ON CONFLICT (guild_id, game, season_id, player) DO UPDATE SET"
                " played = played + excluded.played, won = won + excluded.won,"
                " rated = rated + excluded.rated, points = points + excluded.points,"
                " hands = hands + excluded.hands, mu = excluded.mu, sigma = excluded.sigma,"
                " ordinal = excluded.ordinal",
                standings,
            )


class LeagueStore:
    def __init__(self, store: Store) -> None:
        self._store = store  # its connection, used alone: one writer at a time

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        try:
            async with self._store.exclusive() as db, db.execute(sql, params) as cursor:
                return list(await cursor.fetchall())
        except sqlite3.Error as e:
            raise StoreUnavailable(str(e)) from e

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    async def _write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement in its own transaction; returns the rows it changed."""
        try:
            async with self._store.exclusive() as db, db.execute(sql, params) as cursor:
                return cursor.rowcount
        except sqlite3.IntegrityError as e:
            raise SeasonConflict(str(e)) from e
        except sqlite3.Error as e:
            raise StoreUnavailable(str(e)) from e

    # --- settings -----------------------------------------------------------------------

    async def rate_bots(self, guild_id: str) -> bool:
        row = await self._one(
            "SELECT rate_bots FROM league_settings WHERE guild_id = ?", (guild_id,)
        )
        return bool(row and row[0])

    async def set_rate_bots(self, guild_id: str, on: bool) -> None:
        await self._write(
            "INSERT INTO league_settings (guild_id, rate_bots) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET rate_bots = excluded.rate_bots",
            (guild_id, int(on)),
        )

    # --- seasons ------------------------------------------------------------------------

    async def seasons(self, guild_id: str) -> list[tuple[Any, ...]]:
        """(id, name, started_at, ended_at, matches), oldest first."""
        return await self._all(
            f"SELECT {SEASON_COLUMNS}, (SELECT COUNT(*) FROM league_matches l"
            " WHERE l.season_id = s.id) FROM seasons s WHERE guild_id = ? ORDER BY started_at, id",
            (guild_id,),
        )

    async def open_season(self, guild_id: str) -> tuple[Any, ...] | None:
        return await self._one(
            f"SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND ended_at IS NULL",
            (guild_id,),
        )

    async def season_named(self, guild_id: str, name: str) -> tuple[Any, ...] | None:
        return await self._one(
            f"SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND name = ? COLLATE NOCASE",
            (guild_id, name),
        )

    async def start_season(self, guild_id: str, name: str, by: str, now: float) -> None:
        """SeasonConflict if the name is taken or a season is open."""
        await self._write(
            "INSERT INTO seasons (guild_id, name, started_at, started_by) VALUES (?, ?, ?, ?)",
            (guild_id, name, now, by),
        )

    async def end_season(self, guild_id: str, by: str, now: float) -> int:
        return await self._write(
            "UPDATE seasons SET ended_at = ?, ended_by = ? WHERE guild_id = ? AND ended_at IS NULL",
            (now, by, guild_id),
        )

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
            " WHERE m.table_id = ? AND l.table_id IS NULL",
            (table_id,),
        )

    @contextlib.asynccontextmanager
    async def recording(self, table_id: int) -> AsyncIterator[Recording]:
        """A transaction to count one match: committed if the block ends normally,
        rolled back if it raises; nothing is written unless the block calls ``write``."""
        async with self._store.exclusive() as db:
            try:
                await db.execute("BEGIN IMMEDIATE")
                try:
                    recording = await _begin(db, table_id)
                    yield recording
                    await db.execute("COMMIT")
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        await db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as e:
                raise StoreUnavailable(str(e)) from e

    # --- reading ------------------------------------------------------------------------

    async def games_counted(self, guild_id: str) -> dict[str, int]:
        rows = await self._all(
            "SELECT game, COUNT(*) FROM league_matches WHERE guild_id = ? GROUP BY game",
            (guild_id,),
        )
        return {r[0]: r[1] for r in rows}

    async def standings(
        self, guild_id: str, game: str, season_id: int, limit: int, offset: int
    ) -> tuple[int, list[tuple[Any, ...]]]:
        """The number of players, and a page of (player, played, won, rated, points, hands,
        mu, sigma) ranked: rated players by ordinal, then those with no rated match."""
        key = (guild_id, game, season_id)
        where = "WHERE guild_id = ? AND game = ? AND season_id = ?"
        total = await self._one(f"SELECT COUNT(*) FROM league_standings {where}", key)
        rows = await self._all(
            "SELECT player, played, won, rated, points, hands, mu, sigma FROM league_standings"
            f" {where} ORDER BY {STANDING_ORDER} LIMIT ? OFFSET ?",
            (*key, limit, offset),
        )
        return total[0], rows

    async def standing_of(
        self, guild_id: str, game: str, season_id: int, player: str
    ) -> tuple[int, int, tuple[Any, ...]] | None:
        """(rank, players, (played, won, rated, points, hands, mu, sigma)) or None."""
        key = (guild_id, game, season_id)
        where = "WHERE guild_id = ? AND game = ? AND season_id = ?"
        ranked = await self._all(
            "SELECT player, played, won, rated, points, hands, mu, sigma FROM league_standings"
            f" {where} ORDER BY {STANDING_ORDER}",
            key,
        )
        for rank, row in enumerate(ranked, 1):
            if row[0] == player:
                return rank, len(ranked), tuple(row[1:])
        return None

    async def player_totals(
        self, guild_id: str, player: str, game: str, season_id: int | None
    ) -> tuple[Any, ...]:
        """matches, won, rated, points, hands, weis, stoeck, match_hands, made, made_failed."""
        season = "" if season_id is None else " AND season_id = ?"
        return await self._one(
            "SELECT COUNT(*), TOTAL(won), TOTAL(rated), TOTAL(points), TOTAL(hands), TOTAL(weis),"
            " TOTAL(stoeck), TOTAL(match_hands), TOTAL(made), TOTAL(made_failed)"
            f" FROM league_entries WHERE guild_id = ? AND player = ? AND game = ?{season}",
            (guild_id, player, game) + (() if season_id is None else (season_id,)),
        )

    async def partners(
        self, guild_id: str, player: str, game: str, season_id: int | None
    ) -> list[tuple[str, int, int]]:
        """(partner, matches together, won together), most wins first."""
        season = "" if season_id is None else " AND season_id = ?"
        return await self._all(
            "SELECT partner, COUNT(*), TOTAL(won) FROM league_entries WHERE guild_id = ?"
            f" AND player = ? AND game = ? AND partner IS NOT NULL{season}"
            " GROUP BY partner ORDER BY TOTAL(won) DESC, COUNT(*), partner",
            (guild_id, player, game) + (() if season_id is None else (season_id,)),
        )

    async def recent(
        self, guild_id: str, game: str | None, player: str | None, limit: int
    ) -> list[tuple[Any, ...]]:
        """Matches newest first, each with its seats: see ``MATCH_COLUMNS`` + players."""
        where, params = ["l.guild_id = ?"], [guild_id]
        if game is not None:
            where.append("l.game = ?")
            params.append(game)
        if player is not None:
            where.append(
                "l.table_id IN (SELECT table_id FROM league_entries e WHERE e.guild_id = ?"
                " AND e.player = ?)"
            )
            params += [guild_id, player]
        rows = await self._all(
            f"SELECT {MATCH_COLUMNS} FROM league_matches l JOIN matches m USING (table_id)"
            f" WHERE {' AND '.join(where)} ORDER BY l.finished_at DESC, l.table_id DESC LIMIT ?",
            (*params, limit),
        )
        return await self._with_players(rows)

    async def match(self, guild_id: str, table_id: int) -> tuple[Any, ...] | None:
        rows = await self._all(
            f"SELECT {MATCH_COLUMNS} FROM league_matches l JOIN matches m USING (table_id)"
            " WHERE l.guild_id = ? AND l.table_id = ?",
            (guild_id, table_id),
        )
        found = await self._with_players(rows)
        return found[0] if found else None

    async def _with_players(self, rows: list[Any]) -> list[tuple[Any, ...]]:
        if not rows:
            return []
        ids = [r[0] for r in rows]
        seats = await self._all(
            "SELECT p.table_id, p.seat, p.side, p.user_id, p.bot, p.left_user, e.player, e.mu,"
            " e.sigma FROM match_players p LEFT JOIN league_entries e"
            " ON e.table_id = p.table_id AND e.seat = p.seat"
            f" WHERE p.table_id IN ({','.join('?' * len(ids))}) ORDER BY p.table_id, p.seat",
            ids,
        )
        by_table: dict[int, list[tuple[Any, ...]]] = {}
        for s in seats:
            by_table.setdefault(s[0], []).append(tuple(s[1:]))
        return [
            (*r[:7], json.loads(r[7]), json.loads(r[8]), *r[9:], by_table.get(r[0], []))
            for r in rows
        ]


async def _begin(db: aiosqlite.Connection, table_id: int) -> Recording:
    async with db.execute(
        "SELECT m.table_id, m.game, m.guild_id, m.options, m.sheet, m.scores, m.winner,"
        " m.finished_at, l.table_id IS NOT NULL FROM matches m"
        " LEFT JOIN league_matches l USING (table_id) WHERE m.table_id = ?",
        (table_id,),
    ) as cursor:
        row = await cursor.fetchone()
    if row is None:
        return Recording(db, None, False)
    if row[8]:
        return Recording(db, None, True)
    async with db.execute(
        "SELECT seat, side, user_id, bot, left_user FROM match_players WHERE table_id = ?"
        " ORDER BY seat",
        (table_id,),
    ) as cursor:
        players = [tuple(p) for p in await cursor.fetchall()]
    match = MatchRow(
        row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), json.loads(row[5]),
        row[6], row[7], players,  # type: ignore[arg-type]
    )  # fmt: skip
    return Recording(db, match, False)
