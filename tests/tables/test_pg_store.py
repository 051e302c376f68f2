"""PostgreSQL's own side of the store: migrations, settings, an unreachable server."""

from __future__ import annotations

import asyncio
import contextlib

import asyncpg
import pytest
from backends import new_database

from tables.errors import StoreUnavailable
from tables.model import Seat
from tables.pg_store import MIGRATIONS as PG_MIGRATIONS
from tables.pg_store import PgStore
from tables.settings import Settings
from tables.store import MIGRATIONS, Write


def numbers(folder: object) -> list[int]:
    return sorted(int(p.name[:3]) for p in folder.glob("*.sql"))  # type: ignore[attr-defined]


def test_both_engines_have_the_same_numbered_migrations_each_with_its_reason() -> None:
    assert numbers(PG_MIGRATIONS) == numbers(MIGRATIONS), "port each migration to the other"
    for path in PG_MIGRATIONS.glob("*.sql"):
        assert path.read_text().startswith(f"-- {path.name[:3]}: "), f"{path.name}: reason"


async def test_migrations_run_once_in_order_even_when_processes_start_together(
    pg_server: str,
) -> None:
    url = await new_database(pg_server)
    stores = await asyncio.gather(*(PgStore.open(url) for _ in range(3)))
    for store in stores:
        await store.close()
    store = await PgStore.open(url)  # reopening applies nothing twice
    await store.close()
    db = await asyncpg.connect(url)
    try:
        rows = await db.fetch("SELECT version, name FROM schema_version ORDER BY version")
    finally:
        await db.close()
    assert [r["version"] for r in rows] == numbers(MIGRATIONS)
    assert [r["name"] for r in rows] == sorted(p.name for p in PG_MIGRATIONS.glob("*.sql"))


async def test_a_database_newer_than_the_code_is_refused(pg_server: str) -> None:
    url = await new_database(pg_server)
    await (await PgStore.open(url)).close()
    db = await asyncpg.connect(url)
    try:
        await db.execute("INSERT INTO schema_version VALUES (999, '999_future.sql', 0)")
    finally:
        await db.close()
    with pytest.raises(StoreUnavailable) as refused:
        await PgStore.open(url)
    assert "999" in refused.value.detail and "newer" in refused.value.detail


async def test_an_unreachable_server_is_reported_without_its_password(tmp_path: object) -> None:
    url = f"postgresql://trumpf:s3cret@/trumpf?host={tmp_path}"  # no server listens there
    with pytest.raises(StoreUnavailable) as refused:
        await PgStore.open(url)
    assert "s3cret" not in refused.value.detail and "trumpf:***@" in refused.value.detail


async def test_a_lost_connection_loses_nothing_and_the_store_carries_on(pg_server: str) -> None:
    url = await new_database(pg_server)
    store = await PgStore.open(url)
    try:
        seats = [Seat(0, user="ann"), Seat(1, bot="easy")]
        table_id = await store.create_table("klaberjass", "g", "c", "ann", "{}", seats, 1.0)
        await store.commit(Write(table_id, "playing", None, 2.0, [(0, '{"deal": 1}', None)]))
        admin = await asyncpg.connect(url)
        try:  # what a server restart or a dropped network does to every connection
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        finally:
            await admin.close()
        step = Write(table_id, "playing", None, 3.0, [(1, '{"deal": 2}', None)])
        try:
            await store.commit(step)
        except StoreUnavailable:  # refused while the connection is found broken: again
            await store.commit(step)
        for _ in range(2):  # a read may find a broken pool connection first
            with contextlib.suppress(StoreUnavailable):
                log = await store.load_actions(table_id)
                break
        assert log == [(0, '{"deal": 1}'), (1, '{"deal": 2}')]
    finally:
        await store.close()


def test_the_database_url_setting_picks_postgresql_and_refuses_anything_else() -> None:
    url = "postgresql://trumpf@db.example/trumpf"
    assert Settings.from_env({"TRUMPF_DATABASE_URL": f" {url} "}).database_url == url
    assert Settings.from_env({}).database_url is None
    with pytest.raises(ValueError, match=r"TRUMPF_DATABASE_URL=.* a PostgreSQL URL") as refused:
        Settings.from_env({"TRUMPF_DATABASE_URL": "mysql://trumpf:s3cret@db/trumpf"})
    assert "s3cret" not in str(refused.value)
