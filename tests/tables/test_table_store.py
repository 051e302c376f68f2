"""The store on both backends: group commit, conflicts, locks; SQLite's migrations and WAL
(PostgreSQL's own are in test_pg_store.py)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from backends import database_locked

from tables.backend import TableStore
from tables.errors import StoreUnavailable
from tables.model import Seat
from tables.server_settings import ServerSettings
from tables.server_store import PanelRow
from tables.settings import Settings
from tables.store import MIGRATIONS, Store, Write


async def new_table(store: TableStore) -> int:
    seats = [Seat(0, user="ann"), Seat(1, bot="easy")]
    return await store.create_table("klaberjass", "g", "c", "ann", "{}", seats, 1.0)


def play(table_id: int, seq: int) -> Write:
    return Write(table_id, "playing", None, 2.0, [(seq, '{"deal": 1}', None)])


async def test_migrations_run_once_in_order_on_a_wal_file(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    for _ in range(2):  # reopening applies nothing twice
        store = await Store.open(path)
        try:
            await new_table(store)
        finally:
            await store.close()
    with sqlite3.connect(path) as db:
        numbers = sorted(int(p.name[:3]) for p in MIGRATIONS.glob("*.sql"))
        assert db.execute("PRAGMA user_version").fetchone()[0] == numbers[-1]
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("SELECT count(*) FROM tables").fetchone()[0] == 2
    for path in MIGRATIONS.glob("*.sql"):
        assert path.read_text().startswith("-- "), f"{path.name} needs its one-line reason"


async def test_writes_that_arrive_together_commit_together(store: TableStore) -> None:
    ids = [await new_table(store) for _ in range(50)]
    await asyncio.gather(*(store.commit(play(i, 0)) for i in ids))
    rows = await store.load_open()
    assert sorted(r.id for r in rows) == ids and all(len(r.actions) == 1 for r in rows)


async def test_a_conflicting_write_fails_alone(store: TableStore) -> None:
    a, b = await new_table(store), await new_table(store)
    await store.commit(play(a, 0))
    results = await asyncio.gather(
        store.commit(play(a, 0)), store.commit(play(b, 0)), return_exceptions=True
    )
    assert isinstance(results[0], StoreUnavailable) and results[1] is None
    assert len(await store.load_actions(a)) == len(await store.load_actions(b)) == 1


async def test_a_locked_database_is_reported_not_waited_for_forever(
    store: TableStore, settings: Settings
) -> None:
    table_id = await new_table(store)
    async with database_locked(settings):
        with pytest.raises(StoreUnavailable) as refused:
            await store.commit(play(table_id, 0))
        assert "lock" in refused.value.detail  # "database is locked", "lock timeout"
        with pytest.raises(StoreUnavailable):
            await new_table(store)
    await store.commit(play(table_id, 0))
    assert len(await store.load_actions(table_id)) == 1


def test_settings_come_from_the_environment() -> None:
    s = Settings.from_env({"TRUMPF_CARD_CLOCK": "30", "DISCORD_TOKEN": " abc "})
    assert (s.card_clock_s, s.contract_clock_s, s.discord_token) == (30.0, 120.0, "abc")
    assert Settings.from_env({}).db_path == "trumpf.sqlite3"
    with pytest.raises(ValueError, match="TRUMPF_BOT_PAUSE"):
        Settings.from_env({"TRUMPF_BOT_PAUSE": "soon"})


async def test_threads_server_settings_and_panels_are_kept(store: TableStore) -> None:
    table_id = await new_table(store)
    assert await store.thread_of(table_id) is None
    await store.set_thread(table_id, "111")
    await store.set_thread(table_id, "222")  # a table has one thread: the newest
    assert await store.thread_of(table_id) == "222"
    await store.set_thread(table_id, None)
    assert await store.thread_of(table_id) is None

    servers = store.servers()
    assert await servers.settings("g") is None
    for clock_s in (30, 0):  # saved twice: the second replaces the first
        chosen = ServerSettings(threads=False, clock_s=clock_s, bot_level="hard")
        await servers.save_settings("g", chosen, "ann", 5.0)
    assert await servers.settings("g") == chosen

    panels = [PanelRow(table_id, user, 7, f"token-{user}", 9, 60.0) for user in ("ann", "ben")]
    for panel in panels:
        await servers.save_panel(panel)
    await servers.save_panel(PanelRow(table_id, "ann", 7, "newer", 10, 90.0))
    assert sorted(await servers.panels(), key=lambda p: p.user) == [
        PanelRow(table_id, "ann", 7, "newer", 10, 90.0),
        panels[1],
    ]
    await servers.drop_panel(table_id, "ann")
    assert await servers.panels() == [panels[1]]
    await servers.drop_panel(table_id)
    assert await servers.panels() == []
