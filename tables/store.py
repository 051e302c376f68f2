"""The SQLite store: every line of the tables' SQL lives here (the league's, on the same
connection through :meth:`Store.exclusive`, in :mod:`tables.league_store`).

One file in WAL mode; numbered migrations (``tables/migrations/NNN_*.sql``) applied at
start-up.  The service commits each step as one :class:`Write`; writes that arrive while
a commit is running are committed together in the next transaction ("group commit"),
so two hundred busy tables cost a handful of transactions, not two hundred.

The ``reason`` column of ``tables`` says why a damaged table was set aside, or why a
paused one waits; every step writes it (None once the table plays again).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiosqlite

from tables import store_file
from tables.errors import StoreUnavailable
from tables.group_commit import GroupCommit
from tables.model import Seat

if TYPE_CHECKING:
    from tables.league_store import LeagueStore
    from tables.server_store import ServerStore

log = logging.getLogger(__name__)
MIGRATIONS = Path(__file__).parent / "migrations"
OPEN = ("lobby", "playing", "paused")  # kept in memory and resumed at start-up
_IN_OPEN = f"IN ({', '.join('?' * len(OPEN))})"
CHECKPOINT_EVERY_S = 1.0


@dataclass(slots=True)
class MatchResult:
    """A finished match, as the league will read it."""

    sheet: list[list[int]]
    scores: list[int]
    winner: int
    sides: list[int]  # the side of each seat
    finished_at: float


@dataclass(slots=True)
class Write:
    """One service step, committed atomically: the table row and what goes with it."""

    table_id: int
    status: str
    deadline: float | None
    updated_at: float
    actions: list[tuple[int, str, str | None]] = field(default_factory=list)  # seq, JSON, actor
    seats: Sequence[Seat] | None = None
    snapshot: tuple[int, str, bytes] | None = None  # seq, engine fingerprint, state
    started_at: float | None = None
    result: MatchResult | None = None
    host: str | None = None  # a new host, when the old one left the lobby
    channel_id: str | None = None  # a new channel, when a paused table resumes elsewhere
    reason: str | None = None  # why the table is paused (the ``reason`` column)


@dataclass(slots=True)
class StoredTable:
    """A table's rows as read back, not yet parsed: parsing is where damage shows."""

    id: int
    game: str
    guild_id: str
    channel_id: str
    host: str
    options: str
    status: str
    deadline: float | None
    created_at: float
    updated_at: float
    started_at: float | None
    reason: str | None = None  # why it is paused (or, for a damaged one, set aside)
    seats: list[Seat] = field(default_factory=list)
    snapshot: tuple[int, str, bytes] | None = None
    actions: list[tuple[int, str]] = field(default_factory=list)  # from the snapshot on


class Store:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()  # one transaction at a time on the one connection
        self._commits = GroupCommit(self._lock, self._transaction, sqlite3.IntegrityError)
        self._checkpointer: asyncio.Task[None] | None = None
        self._checkpoint_db: aiosqlite.Connection | None = None

    @classmethod
    async def open(cls, path: str | Path, busy_timeout_s: float = 5.0) -> Store:
        """Open Trumpf's database at ``path``, made if need be; DatabaseRefused says in
        one line why a file that is not (or cannot be) Trumpf's is left untouched."""
        path = Path(path)
        await store_file.check(path)
        try:
            db = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as e:
            raise store_file.refused(path, e) from None
        try:
            # NORMAL in WAL mode survives a killed process; only power loss may lose the
            # last commits, and then the database is still consistent.
            # Checkpoints run on a connection of their own (below): inside a commit they
            # would stall every table waiting on that commit for the checkpoint's fsync.
            for setting in (
                "journal_mode = WAL",
                "synchronous = NORMAL",
                f"busy_timeout = {int(busy_timeout_s * 1000)}",
                "foreign_keys = ON",
                "wal_autocheckpoint = 0",
            ):
                await _pragma(db, setting)
            store = cls(db)
            await store._migrate()
            await store_file.mark(db)
            # Connected here, not in the task: a store closed at once must not leave a
            # connection half made in a thread whose loop is gone.
            store._checkpoint_db = await aiosqlite.connect(str(path), isolation_level=None)
            store._checkpointer = asyncio.create_task(_checkpoints(store._checkpoint_db))
        except sqlite3.Error as e:
            await db.close()
            raise store_file.refused(path, e) from None
        except BaseException:
            await db.close()
            raise
        return store

    def league(self) -> LeagueStore:
        """The league's queries, on this store's connection."""
        from tables.league_store import LeagueStore  # it imports this module

        return LeagueStore(self)

    def servers(self) -> ServerStore:
        """Server settings and private hand panels, on this store's connection."""
        from tables.server_store import ServerStore  # it imports this module

        return ServerStore(self)

    @contextlib.asynccontextmanager
    async def exclusive(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection to use alone: one file handle, one transaction at a time."""
        async with self._lock:
            yield self._db

    async def close(self) -> None:
        await self._commits.drain()
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpointer
        if self._checkpoint_db is not None:
            await self._checkpoint_db.close()
        await self._db.close()

    async def _migrate(self) -> None:
        version = (await self._one("PRAGMA user_version"))[0]
        for path in sorted(MIGRATIONS.glob("*.sql")):
            number = int(re.match(r"\d+", path.name).group())  # type: ignore[union-attr]
            if number <= version:
                continue
            script = (
                f"BEGIN IMMEDIATE;\n{path.read_text()}\nPRAGMA user_version = {number};\nCOMMIT;"
            )
            try:
                await self._db.executescript(script)
            except sqlite3.Error:
                await self._rollback()  # a full disk has rolled it back already
                raise
            if version:  # a new database is one line's news (below), not one a migration
                log.info("applied migration %s", path.name)
        if version == 0:
            log.info("made a new database at schema version %s", number)

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        async with self._db.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self._db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

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
        async with self._lock:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                cursor = await self._db.execute(
                    "INSERT INTO tables (game, guild_id, channel_id, host, options, status,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?)",
                    (game, guild_id, channel_id, host, options, now, now),
                )
                table_id = cursor.lastrowid
                assert table_id is not None
                await self._db.executemany(_SEAT_SQL, [_seat_row(table_id, s) for s in seats])
                await self._db.execute("COMMIT")
            except sqlite3.Error as e:
                await self._rollback()
                raise store_file.store_error(e) from e
        return table_id

    def submit(self, write: Write) -> asyncio.Future[None]:
        """Queue one step for the next (group) commit; see :class:`GroupCommit`."""
        return self._commits.submit(write)

    async def commit(self, write: Write) -> None:
        """Commit one step and wait until it is durable."""
        await self._commits.commit(write)

    async def _transaction(self, writes: list[Write]) -> None:
        db = self._db
        try:
            await db.execute("BEGIN IMMEDIATE")
            await db.executemany(
                "UPDATE tables SET status = ?, deadline = ?, updated_at = ?, reason = ?,"
                " started_at = COALESCE(?, started_at), host = COALESCE(?, host),"
                " channel_id = COALESCE(?, channel_id) WHERE id = ?",
                [
                    (w.status, w.deadline, w.updated_at, w.reason, w.started_at, w.host)
                    + (w.channel_id, w.table_id)
                    for w in writes
                ],
            )
            actions = [
                (w.table_id, s, a, who, w.updated_at) for w in writes for s, a, who in w.actions
            ]
            if actions:
                await db.executemany(
                    "INSERT INTO actions (table_id, seq, action, actor, at) VALUES (?, ?, ?, ?, ?)",
                    actions,
                )
            seats = [_seat_row(w.table_id, s) for w in writes if w.seats for s in w.seats]
            if seats:
                await db.executemany(_SEAT_SQL, seats)
            snapshots = [(w.table_id, *w.snapshot) for w in writes if w.snapshot]
            if snapshots:
                await db.executemany(
                    "INSERT OR REPLACE INTO snapshots (table_id, seq, engine, state)"
                    " VALUES (?, ?, ?, ?)",
                    snapshots,
                )
            for w in writes:
                if w.result is not None:
                    await self._insert_result(w)
            await db.execute("COMMIT")
        except BaseException:
            await self._rollback()
            raise

    async def _insert_result(self, w: Write) -> None:
        r = w.result
        assert r is not None
        await self._db.execute(
            "INSERT INTO matches (table_id, game, guild_id, channel_id, options, sheet, scores,"
            " winner, started_at, finished_at) SELECT id, game, guild_id, channel_id, options,"
            " ?, ?, ?, started_at, ? FROM tables WHERE id = ?",
            (json.dumps(r.sheet), json.dumps(r.scores), r.winner, r.finished_at, w.table_id),
        )
        assert w.seats is not None
        await self._db.executemany(
            "INSERT INTO match_players (table_id, seat, side, user_id, bot, left_user)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(w.table_id, s.number, r.sides[s.number], s.user, s.bot, s.left) for s in w.seats],
        )

    async def _rollback(self) -> None:
        with contextlib.suppress(sqlite3.Error):  # none open if BEGIN itself failed
            await self._db.execute("ROLLBACK")

    async def set_aside(self, table_id: int, reason: str, now: float) -> None:
        """Mark a table damaged so start-up stops trying it; an admin can look at it."""
        async with self._lock:
            try:
                await self._db.execute(
                    "UPDATE tables SET status = 'damaged', reason = ?, updated_at = ? WHERE id = ?",
                    (reason, now, table_id),
                )
            except sqlite3.Error as e:
                raise store_file.store_error(e) from e

    # --- a table's thread ---------------------------------------------------------------

    async def set_thread(self, table_id: int, thread_id: str | None) -> None:
        """Remember the thread a table plays in (None: it plays in its channel)."""
        async with self._lock:
            try:
                if thread_id is None:
                    await self._db.execute(
                        "DELETE FROM table_threads WHERE table_id = ?", (table_id,)
                    )
                else:
                    await self._db.execute(
                        "INSERT OR REPLACE INTO table_threads (table_id, thread_id) VALUES (?, ?)",
                        (table_id, thread_id),
                    )
            except sqlite3.Error as e:
                raise StoreUnavailable(str(e)) from e

    async def thread_of(self, table_id: int) -> str | None:
        try:
            row = await self._one(
                "SELECT thread_id FROM table_threads WHERE table_id = ?", (table_id,)
            )
        except sqlite3.Error as e:
            raise StoreUnavailable(str(e)) from e
        return None if row is None else row[0]

    # --- reading ------------------------------------------------------------------------

    async def load_open(self) -> list[StoredTable]:
        """Every table in the lobby or in play, with the actions since its snapshot."""
        try:
            return await self._load_open()
        except sqlite3.Error as e:
            raise StoreUnavailable(str(e)) from e

    async def _load_open(self) -> list[StoredTable]:
        rows = await self._all(
            "SELECT id, game, guild_id, channel_id, host, options, status, deadline,"
            f" created_at, updated_at, started_at, reason FROM tables WHERE status {_IN_OPEN}"
            " ORDER BY id",
            OPEN,
        )
        tables = {r[0]: StoredTable(*r) for r in rows}
        for r in await self._all(
            "SELECT s.table_id, s.seat, s.user_id, s.bot, s.away, s.left_user FROM seats s"
            f" JOIN tables t ON t.id = s.table_id WHERE t.status {_IN_OPEN}"
            " ORDER BY s.table_id, s.seat",
            OPEN,
        ):
            tables[r[0]].seats.append(Seat(r[1], r[2], r[3], bool(r[4]), r[5]))
        for r in await self._all(
            "SELECT s.table_id, s.seq, s.engine, s.state FROM snapshots s"
            f" JOIN tables t ON t.id = s.table_id WHERE t.status {_IN_OPEN}",
            OPEN,
        ):
            tables[r[0]].snapshot = (r[1], r[2], r[3])
        for r in await self._all(
            "SELECT a.table_id, a.seq, a.action FROM actions a"
            " JOIN tables t ON t.id = a.table_id LEFT JOIN snapshots s ON s.table_id = a.table_id"
            f" WHERE t.status {_IN_OPEN} AND a.seq >= COALESCE(s.seq, 0)"
            " ORDER BY a.table_id, a.seq",
            OPEN,
        ):
            tables[r[0]].actions.append((r[1], r[2]))
        return list(tables.values())

    async def load_table(self, table_id: int) -> StoredTable | None:
        """One table (any status) with its seats and whole log; None if there is none."""
        try:
            row = await self._one(
                "SELECT id, game, guild_id, channel_id, host, options, status, deadline,"
                " created_at, updated_at, started_at, reason FROM tables WHERE id = ?",
                (table_id,),
            )
            if row is None:
                return None
            table = StoredTable(*row)
            for r in await self._all(
                "SELECT seat, user_id, bot, away, left_user FROM seats WHERE table_id = ?"
                " ORDER BY seat",
                (table_id,),
            ):
                table.seats.append(Seat(r[0], r[1], r[2], bool(r[3]), r[4]))
            table.actions = await self.load_actions(table_id)
        except sqlite3.Error as e:
            raise StoreUnavailable(str(e)) from e
        return table

    async def latest_table_of(self, guild_id: str, channel_id: str, user: str) -> int | None:
        """The newest table in the channel with the user in a seat or having left one."""
        try:
            row = await self._one(
                "SELECT MAX(t.id) FROM tables t JOIN seats s ON s.table_id = t.id"
                " WHERE t.guild_id = ? AND t.channel_id = ? AND ? IN (s.user_id, s.left_user)",
                (guild_id, channel_id, user),
            )
        except sqlite3.Error as e:
            raise StoreUnavailable(str(e)) from e
        return row[0]

    async def load_actions(self, table_id: int, from_seq: int = 0) -> list[tuple[int, str]]:
        try:
            rows = await self._all(
                "SELECT seq, action FROM actions WHERE table_id = ? AND seq >= ? ORDER BY seq",
                (table_id, from_seq),
            )
        except sqlite3.Error as e:
            raise StoreUnavailable(str(e)) from e
        return [(r[0], r[1]) for r in rows]

    async def status_of(self, table_id: int) -> str | None:
        try:
            row = await self._one("SELECT status FROM tables WHERE id = ?", (table_id,))
        except sqlite3.Error as e:
            raise StoreUnavailable(str(e)) from e
        return None if row is None else row[0]

    async def match_results(self, guild_id: str | None = None) -> list[dict[str, Any]]:
        """Finished matches, oldest first, each with its players: the league's input."""
        where, params = ("WHERE guild_id = ?", (guild_id,)) if guild_id else ("", ())
        try:
            rows = await self._all(
                "SELECT table_id, game, guild_id, channel_id, options, sheet, scores, winner,"
                f" started_at, finished_at FROM matches {where} ORDER BY finished_at, table_id",
                params,
            )
            players = await self._all(
                "SELECT p.table_id, p.seat, p.side, p.user_id, p.bot, p.left_user"
                f" FROM match_players p JOIN matches USING (table_id) {where}"
                " ORDER BY p.table_id, p.seat",
                params,
            )
        except sqlite3.Error as e:
            raise StoreUnavailable(str(e)) from e
        return results_of(rows, players)


def results_of(
    rows: Sequence[Sequence[Any]], players: Sequence[Sequence[Any]]
) -> list[dict[str, Any]]:
    """Finished matches as the league reads them, from either backend's rows: (table_id,
    game, guild_id, channel_id, options, sheet, scores, winner, started_at, finished_at)
    and (table_id, seat, side, user_id, bot, left_user)."""
    by_table: dict[int, list[dict[str, Any]]] = {}
    for p in players:
        by_table.setdefault(p[0], []).append(
            {"seat": p[1], "side": p[2], "user": p[3], "bot": p[4], "left": p[5]}
        )
    keys = ("table_id", "game", "guild_id", "channel_id", "options", "sheet", "scores")
    out = []
    for r in rows:
        result = dict(zip(keys, r[:7], strict=True))
        for k in ("options", "sheet", "scores"):
            result[k] = json.loads(result[k])
        result.update(winner=r[7], started_at=r[8], finished_at=r[9])
        result["players"] = by_table.get(r[0], [])
        out.append(result)
    return out


async def _pragma(db: aiosqlite.Connection, setting: str) -> None:
    """Run a PRAGMA and close its cursor: some answer with a row, and an unfinished
    statement would make the next COMMIT fail."""
    async with db.execute(f"PRAGMA {setting}"):
        pass


async def _checkpoints(db: aiosqlite.Connection) -> None:
    """Copy the write-ahead log into the database now and then, beside the writers."""
    failing = ""  # said once, not every second while the disk stays full
    while True:
        await asyncio.sleep(CHECKPOINT_EVERY_S)
        try:
            await _pragma(db, "wal_checkpoint(PASSIVE)")  # never waits for writers
        except sqlite3.Error as e:
            if str(e) != failing:
                log.warning("checkpoint failed: %s (the log keeps every move)", e)
            failing = str(e)
        else:
            failing = ""


_SEAT_SQL = (
    "INSERT OR REPLACE INTO seats (table_id, seat, user_id, bot, away, left_user)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)


def _seat_row(table_id: int, s: Seat) -> tuple[Any, ...]:
    return (table_id, s.number, s.user, s.bot, int(s.away), s.left)
