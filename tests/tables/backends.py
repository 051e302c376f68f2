"""Both store backends for the table tests: a throwaway PostgreSQL database per test, and
raw SQL on whichever backend a test runs (to damage rows or lock the database)."""

from __future__ import annotations

import contextlib
import itertools
import re
import sqlite3
from collections.abc import AsyncIterator
from typing import Any

import asyncpg

from tables.pg_store import PgStore
from tables.settings import Settings
from tests.pg_server import database_url

SHARED = "trumpf_tests"  # migrated once a session, emptied before each test
_names = itertools.count()


async def make_shared(server_url: str) -> None:
    """The database the tests share, with every migration applied."""
    db = await asyncpg.connect(server_url)
    try:
        await db.execute(f"CREATE DATABASE {SHARED}")
    finally:
        await db.close()
    store = await PgStore.open(database_url(server_url, SHARED))
    await store.close()


async def emptied(server_url: str) -> str:
    """The shared database with no rows and ids from 1 again (quicker than a new
    database or TRUNCATE); returns its URL."""
    url = database_url(server_url, SHARED)
    db = await asyncpg.connect(url)
    try:
        names = await db.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
            " AND table_type = 'BASE TABLE' AND table_name <> 'schema_version'"
        )
        async with db.transaction():
            await db.execute("SET LOCAL session_replication_role = replica")  # no FK order
            for (name,) in names:
                await db.execute(f"DELETE FROM {name}")
            await db.execute(
                "SELECT setval(pg_get_serial_sequence(table_name, column_name), 1, false)"
                " FROM information_schema.columns WHERE table_schema = 'public'"
                " AND is_identity = 'YES'"
            )
    finally:
        await db.close()
    return url


async def new_database(server_url: str) -> str:
    """A new empty database, no migration applied; returns its URL."""
    name = f"empty{next(_names)}"
    db = await asyncpg.connect(server_url)
    try:
        await db.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await db.execute(f"CREATE DATABASE {name}")
    finally:
        await db.close()
    return database_url(server_url, name)


async def run_sql(settings: Settings, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """One statement, committed, on the test's database; ``?`` placeholders on both."""
    if settings.database_url is None:
        with sqlite3.connect(settings.db_path) as db:
            return [tuple(r) for r in db.execute(sql, params)]
    numbered = iter(itertools.count(1))
    sql = re.sub(r"\?", lambda _: f"${next(numbered)}", sql)
    db = await asyncpg.connect(settings.database_url)
    try:
        return [tuple(r) for r in await db.fetch(sql, *params)]
    finally:
        await db.close()


@contextlib.asynccontextmanager
async def database_locked(settings: Settings) -> AsyncIterator[None]:
    """Another client holds the tables' write lock until the block ends."""
    if settings.database_url is None:
        blocker = sqlite3.connect(settings.db_path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        return
    db = await asyncpg.connect(settings.database_url)
    try:
        async with db.transaction():
            await db.execute("LOCK TABLE tables, seats, actions IN EXCLUSIVE MODE")
            yield
    finally:
        await db.close()


def db_of(settings: Settings) -> str:
    """The database as a child process takes it: a PostgreSQL URL or a SQLite path."""
    return settings.database_url or settings.db_path


def settings_for(db: str, **kwargs: Any) -> Settings:
    """The settings a child process opens ``db`` (see :func:`db_of`) with."""
    where = "database_url" if db.startswith("postgresql") else "db_path"
    return Settings(**{where: db}, **kwargs)
