"""Which files Trumpf takes as its database, and what it does when it cannot write.

Every refusal is checked to leave the file byte for byte as it was, with no new files
beside it; a read-only file and a full disk keep every committed action.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from table_helpers import full_table, play_first_legal

from tables import text
from tables.service import TableService
from tables.store import Store
from tables.store_file import APPLICATION_ID, DatabaseRefused, StoreFull, StoreReadOnly

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.sqlite_only  # the SQLite file itself: no PostgreSQL case


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


async def refused(path: Path) -> DatabaseRefused:
    """The refusal of ``path``, checking that nothing in its folder changed."""
    folder = path.parent if path.parent.is_dir() else path
    before = files(folder) if folder.is_dir() else {}
    with pytest.raises(DatabaseRefused) as caught:
        await Store.open(path)
    assert (files(folder) if folder.is_dir() else {}) == before
    message = str(caught.value)
    assert "\n" not in message and "TRUMPF_DB" in message
    return caught.value


async def test_a_missing_folder_is_refused_and_not_made(tmp_path: Path) -> None:
    error = await refused(tmp_path / "nonexistent" / "dir" / "x.sqlite3")
    assert "folder" in str(error) and "does not exist" in str(error)
    assert error.exit_code == text.EXIT_BAD_INPUT
    assert not (tmp_path / "nonexistent").exists()


async def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert "is a folder" in str(await refused(tmp_path))


async def test_random_bytes_are_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "trumpf.sqlite3"
    path.write_bytes(os.urandom(5000))
    assert "not an SQLite database" in str(await refused(path))


async def test_another_programs_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as db:  # another program, with a table called tables
        db.execute("CREATE TABLE tables (name TEXT)")
        db.execute("INSERT INTO tables VALUES ('kitchen')")
    db.close()
    error = await refused(path)
    assert "another program" in str(error) and "tables" in str(error)


async def test_a_file_marked_by_another_program_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id = 1234")
    db.close()
    assert "application_id is 1234" in str(await refused(path))


async def test_a_new_database_is_marked_as_trumpf_s(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    path.touch()  # an empty file is as good as none
    await (await Store.open(path)).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    db.close()


async def test_an_earlier_trumpf_database_is_marked_and_kept(
    open_service: Callable[..., Any], settings: Any
) -> None:
    service = await open_service()
    table = await full_table(service, people=1)
    await service.close()
    db = sqlite3.connect(settings.db_path)  # as versions before the mark left it
    db.execute("PRAGMA application_id = 0")
    db.close()
    again = await open_service()
    assert again.table(table.id).seq == table.seq  # the table carries on where it was
    db = sqlite3.connect(settings.db_path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    db.close()


async def test_a_full_disk_keeps_every_action_and_carries_on_once_there_is_room(
    open_service: Callable[..., Any], settings: Any
) -> None:
    service: TableService = await open_service()
    table = await full_table(service)  # four people: nothing moves unless they act
    async with service.store.exclusive() as db:  # the disk holds what is there, no more
        async with db.execute("PRAGMA page_count") as cursor:
            (pages,) = await cursor.fetchone()  # type: ignore[misc]
        await db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StoreFull) as full:
        for _ in range(2000):  # until the pages that are there fill up
            table = await play_first_legal(service, table)
    assert "holds until there is room" in str(full.value) and "nothing changed" in str(full.value)
    assert service.table(table.id).seq == table.seq  # the refused action left no trace
    with pytest.raises(StoreFull):
        await play_first_legal(service, table)  # still full: still holding
    async with service.store.exclusive() as db:
        await db.execute(f"PRAGMA max_page_count = {pages * 100}")
    table = await play_first_legal(service, table)  # room again: play carries on
    await service.close()
    again = await open_service()
    assert again.table(table.id).seq == table.seq  # every committed action is there


async def test_a_database_that_turns_read_only_says_so(open_service: Callable[..., Any]) -> None:
    service: TableService = await open_service()
    table = await full_table(service)
    async with service.store.exclusive() as db:
        await db.execute("PRAGMA query_only = 1")  # as a remount read-only would
    with pytest.raises(StoreReadOnly, match="read-only"):
        await play_first_legal(service, table)
    assert service.table(table.id).seq == table.seq


def without_root_s_pass() -> list[str]:
    """The command prefix that makes a read-only file read-only to us too: root writes
    any file unless it gives up CAP_DAC_OVERRIDE."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: no file is read-only to us")
    return ["setpriv", "--bounding-set=-dac_override"]


def test_a_read_only_database_is_said_once_and_the_console_stops(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "trumpf.sqlite3"
    db = sqlite3.connect(path)  # a database of earlier games, then made read-only
    db.execute("CREATE TABLE t (x)")
    db.execute("DROP TABLE t")
    db.close()
    path.chmod(0o444)
    folder.chmod(0o555)
    before = files(folder)
    env = {**os.environ, "DISCORD_TOKEN": "", "TRUMPF_DB": str(path), "PYTHONPATH": str(ROOT)}
    try:
        run = subprocess.run(
            [*without_root_s_pass(), sys.executable, str(ROOT / "bot.py"), "--console"],
            input="1\n" * 5, capture_output=True, text=True, env=env, timeout=60, cwd=folder,
        )  # fmt: skip
    finally:
        folder.chmod(0o755)
    assert run.returncode == text.EXIT_NOT_WRITABLE, run.stderr
    assert run.stderr.count("read-only") == 1 and len(run.stderr.splitlines()) == 1
    assert "Traceback" not in run.stderr and "Bye" not in run.stdout
    assert files(folder) == before


@pytest.mark.parametrize("kind", ["missing folder", "random bytes", "another program"])
def test_the_console_refuses_a_file_that_is_not_trumpf_s_in_one_line(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "x.sqlite3"
    if kind == "missing folder":
        path = tmp_path / "nonexistent" / "dir" / "x.sqlite3"
    elif kind == "random bytes":
        path.write_bytes(os.urandom(3000))
    else:
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE tables (id)")
        db.commit()
        db.close()
    before = files(tmp_path)
    env = {**os.environ, "DISCORD_TOKEN": "", "TRUMPF_DB": str(path)}
    run = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--console"],
        input="1\n", capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert run.returncode == text.EXIT_BAD_INPUT, run.stderr
    assert len(run.stderr.splitlines()) == 1 and "Traceback" not in run.stderr
    assert "TRUMPF_DB" in run.stderr and run.stdout == ""
    assert files(tmp_path) == before and not (tmp_path / "nonexistent").exists()


async def test_a_database_locked_by_another_program_is_said_at_start(tmp_path: Path) -> None:
    path = tmp_path / "trumpf.sqlite3"
    await (await Store.open(path)).close()
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(DatabaseRefused, match="locked by another program") as caught:
            await Store.open(path, busy_timeout_s=0.05)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert caught.value.exit_code == text.EXIT_NOT_WRITABLE
