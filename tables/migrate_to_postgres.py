"""Copy a SQLite database into PostgreSQL: every table, seat, action, snapshot, match and
league row, keys and all.

    python -m tables.migrate_to_postgres trumpf.sqlite3 postgresql://user:pw@host/trumpf

Stop the bot first.  The copy is one transaction: all of it or nothing.  It migrates
both ends to the newest schema, upserts each row by its primary key, checks that every
SQLite row is in PostgreSQL with the same values, moves PostgreSQL's id counters past
the copied ids, and prints one summary line.  Run it twice and the second run changes
nothing; run it again after more play on SQLite and PostgreSQL catches up.  It refuses
a PostgreSQL database that holds rows the SQLite file does not (one a bot already
used), rather than mix two histories.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg

from tables.errors import StoreUnavailable
from tables.pg_store import ERRORS, PgStore, redacted
from tables.store import Store

CHUNK = 5000  # rows read from SQLite at a time
CONVERT = {"double precision": float, "bigint": int, "integer": int, "bytea": bytes, "text": str}


class CopyError(Exception):
    """Why nothing was copied, in words for the person running the tool."""


async def copy(sqlite_path: str, url: str) -> dict[str, int]:
    """Copy every row; returns rows per table.  CopyError says why it did not."""
    if not Path(sqlite_path).is_file():
        raise CopyError(f"there is no SQLite file {sqlite_path}")
    try:
        await (await Store.open(sqlite_path)).close()  # migrates it, as a start-up would
        await (await PgStore.open(url)).close()  # and PostgreSQL
    except (sqlite3.Error, StoreUnavailable) as e:
        raise CopyError(getattr(e, "detail", str(e))) from e
    src = sqlite3.connect(f"file:{sqlite_path}?mode=ro", uri=True)
    try:
        db = await asyncpg.connect(url)
        try:
            async with db.transaction():
                await _same_schema(src, db)
                counts = {name: await _copy_table(src, db, name) for name in _in_key_order(src)}
                await _move_id_counters(db)
            return counts
        finally:
            await db.close()
    except ERRORS as e:
        raise CopyError(f"PostgreSQL said: {e}") from e
    finally:
        src.close()


async def _same_schema(src: sqlite3.Connection, db: asyncpg.Connection) -> None:
    version = src.execute("PRAGMA user_version").fetchone()[0]
    latest = await db.fetchval("SELECT MAX(version) FROM schema_version")
    if version != latest:
        raise CopyError(
            f"the SQLite file is at schema version {version}, PostgreSQL at {latest}:"
            " each migration needs its PostgreSQL twin in tables/migrations_pg/"
        )


def _in_key_order(src: sqlite3.Connection) -> list[str]:
    """SQLite's tables, each after the tables its foreign keys point to."""
    names = [
        r[0]
        for r in src.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " ORDER BY name"
        )
    ]
    refers = {n: {r[2] for r in src.execute(f"PRAGMA foreign_key_list({n})")} for n in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and refers[n] <= {*ordered, n}]
        if not ready:
            raise CopyError(f"foreign keys go round in a circle: {sorted(set(names) - {*ordered})}")
        ordered += ready
    return ordered


async def _copy_table(src: sqlite3.Connection, db: asyncpg.Connection, name: str) -> int:
    info = list(src.execute(f"PRAGMA table_info({name})"))
    columns = [r[1] for r in info]
    keys = [r[1] for r in sorted(info, key=lambda r: r[5]) if r[5]]
    types = dict(
        await db.fetch(
            "SELECT column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = $1",
            name,
        )
    )
    if set(types) != set(columns):
        raise CopyError(f"table {name} has columns {sorted(columns)} in SQLite but"
                        f" {sorted(types)} in PostgreSQL")  # fmt: skip
    staged = f"copy_{name}"
    await db.execute(f"CREATE TEMP TABLE {staged} (LIKE {name}) ON COMMIT DROP")
    convert = [CONVERT.get(types[c], _same) for c in columns]
    rows = 0
    for chunk in _chunks(src.execute(f"SELECT {', '.join(columns)} FROM {name}")):
        records = [
            tuple(None if v is None else f(v) for f, v in zip(convert, row, strict=True))
            for row in chunk
        ]
        await db.copy_records_to_table(staged, records=records, columns=columns)
        rows += len(records)
    join = " AND ".join(f"t.{k} = c.{k}" for k in keys)
    foreign = await db.fetchval(
        f"SELECT COUNT(*) FROM {name} t WHERE NOT EXISTS (SELECT 1 FROM {staged} c WHERE {join})"
    )
    if foreign:
        raise CopyError(
            f"PostgreSQL already holds {foreign} rows of {name} that the SQLite file does not:"
            " copy into an empty database (or one this tool filled)"
        )
    others = [c for c in columns if c not in keys]
    update = ", ".join(f"{c} = excluded.{c}" for c in others)
    action = f"UPDATE SET {update}" if others else "NOTHING"
    await db.execute(
        f"INSERT INTO {name} ({', '.join(columns)}) SELECT {', '.join(columns)} FROM {staged}"
        f" ON CONFLICT ({', '.join(keys)}) DO {action}"
    )
    same = ", ".join(f"t.{c}" for c in columns), ", ".join(f"c.{c}" for c in columns)
    matching = await db.fetchval(
        f"SELECT COUNT(*) FROM {staged} c JOIN {name} t ON {join}"
        f" WHERE ({same[0]}) IS NOT DISTINCT FROM ({same[1]})"
    )
    if matching != rows:
        raise CopyError(f"{name}: {rows} rows in SQLite, {matching} alike in PostgreSQL")
    return rows


async def _move_id_counters(db: asyncpg.Connection) -> None:
    """Past the copied ids, so the next table PostgreSQL numbers is a new one."""
    for table, column in await db.fetch(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES'"
    ):
        top = await db.fetchval(f"SELECT MAX({column}) FROM {table}")
        await db.execute(
            "SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)",
            table, column, top or 1, top is not None,
        )  # fmt: skip


def _chunks(cursor: sqlite3.Cursor) -> Iterator[list[Any]]:
    while chunk := cursor.fetchmany(CHUNK):
        yield chunk


def _same(value: Any) -> Any:
    return value


def summary(sqlite_path: str, url: str, counts: dict[str, int]) -> str:
    rows = ", ".join(f"{n} {name}" for name, n in counts.items())
    return f"copied {sqlite_path} to {redacted(url)}: {rows}; every row checked"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tables.migrate_to_postgres", description=__doc__.split("\n")[0]
    )
    parser.add_argument("sqlite_file", help="the bot's SQLite file (TRUMPF_DB)")
    parser.add_argument("database_url", help="postgresql://user:password@host/database")
    args = parser.parse_args(argv)
    if not args.database_url.startswith(("postgresql://", "postgres://")):
        parser.error("the second argument must be a postgresql:// URL")
    try:
        counts = asyncio.run(copy(args.sqlite_file, args.database_url))
    except CopyError as e:
        print(f"nothing copied: {e}", file=sys.stderr)
        return 1
    print(summary(args.sqlite_file, args.database_url, counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
