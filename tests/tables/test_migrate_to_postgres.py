"""Copying a SQLite database made by a few hundred bot matches into PostgreSQL: the same
tables, logs, results and standings afterwards, also when the copy runs twice."""

from __future__ import annotations

import asyncio
import itertools
import random
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from backends import new_database, run_sql

from engine.actions import Action
from tables.backend import TableStore
from tables.clock import ManualClock
from tables.league import League
from tables.migrate_to_postgres import CopyError, copy
from tables.model import TableOptions
from tables.pg_store import PgStore
from tables.service import TableService
from tables.settings import Settings
from tables.store import Store

ROOT = Path(__file__).resolve().parents[2]
MATCHES = 200
GUILDS = ("g0", "g1")
PEOPLE = [f"p{n}" for n in range(12)]


class RandomBot:
    """Any legal move: quick, and the same every run."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


async def play_matches(path: Path, matches: int) -> None:
    """Bot matches (people seat themselves, then hand their seats to bots), played side
    by side and counted by the league; a lobby and a cancelled table besides."""
    seeds = itertools.count(1)
    settings = Settings(db_path=str(path), bot_pause_s=0.0)
    service = await TableService.open(
        settings, ManualClock(), autorun=False, seeds=lambda: next(seeds),
        bots=lambda level, seed: RandomBot(seed),
    )  # fmt: skip
    league = await League.attach(service)
    await league.set_rate_bots(GUILDS[1], True)
    rng = random.Random(5)
    for i in range(matches):
        game, target = ("schieber", 300) if i % 3 == 0 else ("klaberjass", 201)
        people = rng.sample(PEOPLE, 2)
        options = TableOptions(rules={"target": target})
        table = await service.create_table(game, GUILDS[i % 2], "c", people[0], options, seat=0)
        await service.join(table.id, people[1], seat=1)
        for seat in range(2, 4 if game == "schieber" else 2):
            await service.add_bot(table.id, people[0], "easy", seat=seat)
        await service.start(table.id, people[0])
        for person in people:
            await service.leave(table.id, person)
    await service.create_table("schieber", "g0", "c", "p0")
    cancelled = await service.create_table("klaberjass", "g0", "c", "p1")
    await service.cancel(cancelled.id, "p1")
    await service.run_pending()
    await league.drain()
    await service.close()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("copy") / "bots.sqlite3"
    with ThreadPoolExecutor(1) as thread:  # pytest-asyncio's loop may be running
        thread.submit(asyncio.run, play_matches(path, MATCHES)).result()
    return path


def copy_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tables.migrate_to_postgres", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


async def everything(store: TableStore, table_ids: list[int]) -> dict[str, Any]:
    """What a bot would read back: tables with seats and logs, results, the league."""
    league = League(store)  # type: ignore[arg-type]
    out: dict[str, Any] = {
        "tables": [await store.load_table(i) for i in table_ids],
        "open": sorted(await store.load_open(), key=lambda t: t.id),
        "results": await store.match_results(),
    }
    for guild, game in itertools.product(GUILDS, ("schieber", "klaberjass")):
        page = await league.standings(guild, game, per_page=100)
        out[f"{guild} {game}"] = (page.total, page.rows)
        out[f"{guild} {game} recent"] = await league.recent(guild, game, limit=500)
    return out


async def test_a_copy_has_every_table_log_result_and_standing_also_run_twice(
    played: Path, pg_server: str
) -> None:
    url = await new_database(pg_server)
    sqlite_settings = Settings(db_path=str(played))
    ids = [r[0] for r in await run_sql(sqlite_settings, "SELECT id FROM tables ORDER BY id")]
    finished = await run_sql(sqlite_settings, "SELECT COUNT(*) FROM matches")
    assert len(ids) == MATCHES + 2 and finished == [(MATCHES,)]
    sqlite = await Store.open(played)
    try:
        before = await everything(sqlite, ids)
    finally:
        await sqlite.close()
    assert before["g0 klaberjass"][0] > 0 and before["g1 schieber"][0] > 0

    lines = []
    for _ in range(2):
        run = copy_tool(str(played), url)
        assert run.returncode == 0, run.stderr
        lines += run.stdout.splitlines()
    assert len(lines) == 2 and lines[0] == lines[1]
    assert f"{MATCHES + 2} tables" in lines[0] and f"{MATCHES} matches" in lines[0]

    pg = await PgStore.open(url)
    try:
        assert await everything(pg, ids) == before
        # New tables are numbered after the copied ones.
        assert await pg.create_table("klaberjass", "g0", "c", "p0", "{}", [], 0.0) == ids[-1] + 1
    finally:
        await pg.close()


async def test_a_database_a_bot_already_used_is_refused_and_left_alone(
    played: Path, pg_server: str
) -> None:
    url = await new_database(pg_server)
    pg = await PgStore.open(url)
    try:
        for _ in range(MATCHES + 5):  # ids the copy would need, taken by other tables
            await pg.create_table("schieber", "elsewhere", "c", "x", "{}", [], 1.0)
    finally:
        await pg.close()
    with pytest.raises(CopyError, match="already holds 3 rows of tables"):
        await copy(str(played), url)
    settings = Settings(database_url=url)
    assert await run_sql(settings, "SELECT COUNT(*) FROM actions") == [(0,)]
    assert await run_sql(settings, "SELECT DISTINCT guild_id FROM tables") == [("elsewhere",)]


def test_a_missing_file_or_a_wrong_url_copies_nothing_and_says_why(tmp_path: Path) -> None:
    run = copy_tool(str(tmp_path / "none.sqlite3"), "postgresql:///x?host=/nonexistent")
    assert run.returncode == 1 and "there is no SQLite file" in run.stderr
    run = copy_tool(str(tmp_path / "none.sqlite3"), "mysql://x")
    assert run.returncode == 2 and "postgresql:// URL" in run.stderr
