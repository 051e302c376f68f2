"""The PostgreSQL store (asyncpg): the same store as :mod:`tables.store`, for a bot that
outgrows one SQLite file.  The tables' SQL for PostgreSQL lives here and in
:mod:`tables.pg_steps`; the league's is in :mod:`tables.league_store_pg`.

Numbered migrations (``tables/migrations_pg/NNN_*.sql``, the numbers of SQLite's) are
applied at start-up under an advisory lock, so processes that start together migrate
once; ``schema_version`` says which ran.  Writes work as in SQLite: each step is one
:class:`Write`, and the steps that arrive while a commit runs are committed together in
the next transaction, on one connection at a time.  Reads use the pool's other
connections and see only what was committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import asyncpg

from tables import pg_steps
from tables.errors import StoreUnavailable
from tables.group_commit import GroupCommit
from tables.league_store_pg import PgLeagueStore
from tables.model import Seat
from tables.server_store_pg import PgServerStore
from tables.store import StoredTable, Write, results_of

log = logging.getLogger(__name__)
MIGRATIONS = Path(__file__).parent / "migrations_pg"
MIGRATION_LOCK = 0x7472756D  # pg_advisory_xact_lock key while migrating ("trum")
POOL_SIZE = 8
# What a broken or unreachable server raises: each becomes StoreUnavailable.
ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, asyncio.TimeoutError)
T = TypeVar("T")


def redacted(url: str) -> str:
    """The URL without its password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    return url.replace(f":{parts.password}@", ":***@", 1)


class PgStore:
    def __init__(self, pool: asyncpg.Pool, connect: Callable[[], Awaitable[Any]]) -> None:
        self._pool = pool
        self._connect = connect  # a new connection like the pool's
        self._lock = asyncio.Lock()  # one group commit at a time
        self._commits = GroupCommit(
            self._lock, self._transaction, asyncpg.IntegrityConstraintViolationError
        )
        self._writer: asyncpg.Connection | None = None

    @classmethod
    async def open(cls, url: str, busy_timeout_s: float = 5.0) -> PgStore:
        """Connect and migrate; StoreUnavailable (password left out) if that fails."""
        # lock_timeout plays SQLite's busy timeout: a locked row refuses, not waits forever.
        settings = {"lock_timeout": f"{int(busy_timeout_s * 1000)}ms"}
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_SIZE, server_settings=settings, timeout=10
            )
        except (*ERRORS, ValueError) as e:
            raise StoreUnavailable(f"PostgreSQL at {redacted(url)}: {e}") from e
        store = cls(pool, functools.partial(asyncpg.connect, url, server_settings=settings))
        try:
            await store._migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._commits.drain()
        await self._drop_writer()
        await self._pool.close()

    def league(self) -> PgLeagueStore:
        """The league's queries, on this store's connections."""
        return PgLeagueStore(self._pool)

    def servers(self) -> PgServerStore:
        """Server settings and private hand panels, on this store's connections."""
        return PgServerStore(self._pool)

    async def _migrate(self) -> None:
        scripts = sorted(MIGRATIONS.glob("*.sql"))
        latest = _number(scripts[-1])
        async with self._connection() as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await db.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY,"
                " name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
            )
            version = await db.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            if version > latest:
                raise StoreUnavailable(
                    f"the database is at schema version {version}, newer than this Trumpf"
                    f" knows ({latest}): run the newer version"
                )
            for path in scripts:
                number = _number(path)
                if number > version:
                    await db.execute(path.read_text())
                    await db.execute(
                        "INSERT INTO schema_version VALUES ($1, $2, $3)",
                        number, path.name, time.time(),
                    )  # fmt: skip
                    log.info("applied migration %s", path.name)

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        """A pool connection; any database failure inside becomes StoreUnavailable."""
        try:
            async with self._pool.acquire(timeout=10) as db:
                yield db
        except ERRORS as e:
            raise StoreUnavailable(f"{type(e).__name__}: {e}") from e

    async def _read(self, query: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        async with self._connection() as db:
            return await query(db)

    async def _all(self, sql: str, *args: Any) -> list[Any]:
        return await self._read(lambda db: db.fetch(sql, *args))

    # --- writing ------------------------------------------------------------------------

    async def create_table(
        self,
        game: str,
        guild_id: str,
        channel_id: str,
        host: str,
        options: str,
        seats: Sequence[Seat],
        now: float,
    ) -> int:
        """Insert a new table in the lobby with its seats; returns its id."""
        async with self._connection() as db, db.transaction():
            table_id: int = await db.fetchval(
                "INSERT INTO tables (game, guild_id, channel_id, host, options, status,"
                " created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $6)"
                " RETURNING id",
                game, guild_id, channel_id, host, options, now,
            )  # fmt: skip
            await db.executemany(pg_steps.SEAT_SQL, [pg_steps.seat_row(table_id, s) for s in seats])
        return table_id

    def submit(self, write: Write) -> asyncio.Future[None]:
        """Queue one step for the next (group) commit; see :class:`GroupCommit`."""
        return self._commits.submit(write)

    async def commit(self, write: Write) -> None:
        """Commit one step and wait until it is durable."""
        await self._commits.commit(write)

    async def _transaction(self, writes: list[Write]) -> None:
        """One round trip for a usual batch: a single statement is its own transaction.
        A table twice in a batch, or a finished match, takes a transaction of several."""
        db = await self._writer_connection()
        try:
            ids = [w.table_id for w in writes]
            if len(set(ids)) == len(ids) and not any(w.result for w in writes):
                await db.execute(pg_steps.STEPS_SQL, *pg_steps.step_arrays(writes))
                return
            async with db.transaction():
                for chunk in pg_steps.each_table_once(writes):
                    await db.execute(pg_steps.STEPS_SQL, *pg_steps.step_arrays(chunk))
                for w in writes:
                    if w.result is not None:
                        await pg_steps.insert_result(db, w)
        except BaseException:
            if db.is_closed():  # the connection broke: hand it back, the next batch reconnects
                await self._drop_writer()
            raise

    async def _writer_connection(self) -> asyncpg.Connection:
        """The group commit's own connection, outside the pool: kept from batch to batch
        (no pool round trips), replaced once it broke."""
        if self._writer is not None and self._writer.is_closed():
            self._writer = None
        if self._writer is None:
            self._writer = await asyncio.wait_for(self._connect(), 10)
        return self._writer

    async def _drop_writer(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            with contextlib.suppress(*ERRORS):
                await writer.close(timeout=1)

    async def set_aside(self, table_id: int, reason: str, now: float) -> None:
        """Mark a table damaged so start-up stops trying it; an admin can look at it."""
        async with self._connection() as db:
            await db.execute(
                "UPDATE tables SET status = 'damaged', reason = $1, updated_at = $2 WHERE id = $3",
                reason, now, table_id,
            )  # fmt: skip

    # --- a table's thread ---------------------------------------------------------------

    async def set_thread(self, table_id: int, thread_id: str | None) -> None:
        """Remember the thread a table plays in (None: it plays in its channel)."""
        async with self._connection() as db:
            if thread_id is None:
                await db.execute("DELETE FROM table_threads WHERE table_id = $1", table_id)
            else:
                await db.execute(
                    "INSERT INTO table_threads (table_id, thread_id) VALUES ($1, $2)"
                    " ON CONFLICT (table_id) DO UPDATE SET thread_id = excluded.thread_id",
                    table_id, thread_id,
                )  # fmt: skip

    async def thread_of(self, table_id: int) -> str | None:
        return await self._read(
            lambda db: db.fetchval(
                "SELECT thread_id FROM table_threads WHERE table_id = $1", table_id
            )
        )

    # --- reading ------------------------------------------------------------------------

    async def load_open(self) -> list[StoredTable]:
        """Every table in the lobby or in play, with the actions since its snapshot."""
        async with (
            self._connection() as db,
            db.transaction(readonly=True, isolation="repeatable_read"),
        ):
            return await pg_steps.load_open(db)

    async def load_table(self, table_id: int) -> StoredTable | None:
        """One table (any status) with its seats and whole log; None if there is none."""
        async with self._connection() as db:
            row = await db.fetchrow(
                f"SELECT {pg_steps.TABLE_COLUMNS} FROM tables WHERE id = $1", table_id
            )
            if row is None:
                return None
            table = StoredTable(*row)
            for r in await db.fetch(
                "SELECT seat, user_id, bot, away, left_user FROM seats WHERE table_id = $1"
                " ORDER BY seat",
                table_id,
            ):
                table.seats.append(Seat(r[0], r[1], r[2], bool(r[3]), r[4]))
            table.actions = await pg_steps.actions(db, table_id, 0)
        return table

    async def latest_table_of(self, guild_id: str, channel_id: str, user: str) -> int | None:
        """The newest table in the channel with the user in a seat or having left one."""
        return await self._read(
            lambda db: db.fetchval(
                "SELECT MAX(t.id) FROM tables t JOIN seats s ON s.table_id = t.id"
                " WHERE t.guild_id = $1 AND t.channel_id = $2 AND $3 IN (s.user_id, s.left_user)",
                guild_id, channel_id, user,
            )
        )  # fmt: skip

    async def load_actions(self, table_id: int, from_seq: int = 0) -> list[tuple[int, str]]:
        return await self._read(lambda db: pg_steps.actions(db, table_id, from_seq))

    async def status_of(self, table_id: int) -> str | None:
        return await self._read(
            lambda db: db.fetchval("SELECT status FROM tables WHERE id = $1", table_id)
        )

    async def match_results(self, guild_id: str | None = None) -> list[dict[str, Any]]:
        """Finished matches, oldest first, each with its players: the league's input."""
        where, args = ("WHERE guild_id = $1", (guild_id,)) if guild_id else ("", ())
        rows = await self._all(
            "SELECT table_id, game, guild_id, channel_id, options, sheet, scores, winner,"
            f" started_at, finished_at FROM matches {where} ORDER BY finished_at, table_id",
            *args,
        )
        players = await self._all(
            "SELECT p.table_id, p.seat, p.side, p.user_id, p.bot, p.left_user"
            f" FROM match_players p JOIN matches USING (table_id) {where}"
            " ORDER BY p.table_id, p.seat",
            *args,
        )
        return results_of(rows, players)


def _number(path: Path) -> int:
    return int(re.match(r"\d+", path.name).group())  # type: ignore[union-attr]
