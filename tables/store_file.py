"""Is this file Trumpf's database?  Checked before SQLite may create or change anything.

Trumpf marks its databases with SQLite's ``application_id`` (:data:`APPLICATION_ID`).
A file is taken when it is marked, new (missing, empty, or an SQLite file without
tables), or made by an earlier Trumpf before the mark (its own tables and a schema
version): that one is marked on opening.  Anything else (a missing folder, a folder,
random bytes, another program's SQLite file) is refused with one line, untouched.

SQLite's errors are sorted here too: a full disk and a read-only file are told apart
from other failures, at start (:class:`DatabaseRefused`) and in play
(:class:`StoreFull`, :class:`StoreReadOnly`).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import aiosqlite

from tables import text
from tables.errors import StoreUnavailable

APPLICATION_ID = 0x54726D66  # "Trmf"
SQLITE_HEADER = b"SQLite format 3\0"
TRUMPF_TABLES = frozenset({"tables", "seats", "actions"})  # what migration 001 makes
TRUMPF_COLUMNS = frozenset({"game", "guild_id", "channel_id", "host", "options", "status"})
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_CANTOPEN = 5, 6, 8, 14
SQLITE_FULL, SQLITE_NOTADB = 13, 26


class DatabaseRefused(Exception):
    """The database cannot be used as it is; the message says why and what to do."""

    def __init__(self, message: str, exit_code: int = text.EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class StoreFull(StoreUnavailable):
    """The disk is full: nothing of the step was written; the table waits for room."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.args = (text.STORE_FULL,)


class StoreReadOnly(StoreUnavailable):
    """The database became read-only while in play: nothing more can be saved."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.args = (text.STORE_READ_ONLY,)


def _code(error: BaseException) -> int:
    """SQLite's primary result code of an error (0 if it is not SQLite's)."""
    return getattr(error, "sqlite_errorcode", 0) & 0xFF


def store_error(error: BaseException) -> StoreUnavailable:
    """The service's error for a failed write: full and read-only said as such."""
    if isinstance(error, StoreUnavailable):
        return error
    detail = f"{type(error).__name__}: {error}"
    code = _code(error)
    if code == SQLITE_FULL:
        return StoreFull(detail)
    if code == SQLITE_READONLY:
        return StoreReadOnly(detail)
    return StoreUnavailable(detail)


def refused(path: Path, error: sqlite3.Error) -> DatabaseRefused:
    """Why opening ``path`` failed, as a line to print and the exit status to go with it."""
    code, detail = _code(error), str(error)
    if code == SQLITE_READONLY or (code == SQLITE_CANTOPEN and not _writable(path)):
        return DatabaseRefused(
            text.DB_READ_ONLY.format(path=path, detail=detail), text.EXIT_NOT_WRITABLE
        )
    if code == SQLITE_FULL:
        return DatabaseRefused(text.DB_FULL.format(path=path), text.EXIT_NOT_WRITABLE)
    if code in (SQLITE_BUSY, SQLITE_LOCKED):
        return DatabaseRefused(text.DB_LOCKED.format(path=path), text.EXIT_NOT_WRITABLE)
    if code == SQLITE_NOTADB:
        return DatabaseRefused(text.DB_NOT_SQLITE.format(path=path))
    return DatabaseRefused(text.DB_UNREADABLE.format(path=path, detail=detail))


def _writable(path: Path) -> bool:
    target = path if path.exists() else path.absolute().parent
    return os.access(target, os.W_OK)


async def check(path: Path) -> None:
    """Refuse ``path`` unless it is (or may become) Trumpf's database; writes nothing."""
    folder = path.absolute().parent
    if path.is_dir():
        raise DatabaseRefused(text.DB_IS_FOLDER.format(path=path))
    if not folder.is_dir():
        raise DatabaseRefused(text.DB_FOLDER_MISSING.format(path=path, folder=folder))
    if not path.exists():
        return
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError as e:
        raise DatabaseRefused(text.DB_UNREADABLE.format(path=path, detail=e.strerror)) from None
    if not head:
        return  # an empty file: SQLite makes a new database in it
    if head != SQLITE_HEADER:
        raise DatabaseRefused(text.DB_NOT_SQLITE.format(path=path))
    why = await _foreign(path)
    if why is not None:
        raise DatabaseRefused(text.DB_FOREIGN.format(path=path, why=why))


async def _foreign(path: Path) -> str | None:
    """Why the SQLite file is another program's; None if it is Trumpf's or new."""
    uri = path.absolute().as_uri() + "?mode=ro"  # read-only: this look changes nothing
    try:
        async with aiosqlite.connect(uri, uri=True) as db:
            app_id, version = await _int(db, "application_id"), await _int(db, "user_version")
            names = {r[0] for r in await _rows(db, "SELECT name FROM sqlite_master")}
            columns = {r[1] for r in await _rows(db, "PRAGMA table_info(tables)")}
    except sqlite3.Error as e:
        raise refused(path, e) from None
    if app_id == APPLICATION_ID:
        return None
    if app_id != 0:
        return f"its application_id is {app_id}, Trumpf's is {APPLICATION_ID}"
    if not names:
        return None  # no tables yet: as good as new
    if version >= 1 and names >= TRUMPF_TABLES and columns >= TRUMPF_COLUMNS:
        return None  # made by Trumpf before the mark: it is marked on opening
    shown = ", ".join(sorted(n for n in names if not n.startswith("sqlite_"))[:5])
    return f"it holds {shown or 'no tables of Trumpf'}"


async def mark(db: aiosqlite.Connection) -> None:
    """Mark the database as Trumpf's.  Written at every start, so that a file Trumpf may
    not write is found out now, not at the first move."""
    await db.execute("BEGIN IMMEDIATE")
    try:
        async with db.execute(f"PRAGMA application_id = {APPLICATION_ID}"):
            pass
        await db.execute("COMMIT")
    except BaseException:
        await db.execute("ROLLBACK")
        raise


async def _int(db: aiosqlite.Connection, pragma: str) -> int:
    rows = await _rows(db, f"PRAGMA {pragma}")
    return int(rows[0][0])


async def _rows(db: aiosqlite.Connection, sql: str) -> list[sqlite3.Row]:
    async with db.execute(sql) as cursor:
        return list(await cursor.fetchall())
