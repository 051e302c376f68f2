"""Table service speed against a real database:
``python bench/table_service.py [--quick] [--database postgresql://…]``.

SQLite files in a temporary folder by default; with ``--database``, PostgreSQL: each
figure on a database of its own, created beside the one named (the role needs
CREATEDB) and dropped afterwards.  ``python tests/pg_server.py`` starts a throwaway
server and prints a URL for it.

Prints one ``name value`` line per figure:

- ``act_p50_ms``, ``act_p99_ms``: how long ``act`` takes, commit included, with 200 tables
  in play at once, each seat acting after a think time drawn from 0-1 s (twice the pace
  of a bots-only table at the default one-second bot pause: ~400 actions a second);
- ``actions_per_s``: actions committed per second when the same 200 tables act with no
  think time at all, so that every table always has an action waiting; and
  ``act_p99_saturated_ms``, the latency under that load (it is the queue: a single event
  loop works through the other tables' actions first);
- ``recover_1000_tables_s``: start-up (open, migrate, load, replay, re-arm clocks) with
  1,000 unfinished tables, the best of three.

Targets: p99 under 20 ms, recovery under 3 s.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions import Deal
from tables import games
from tables.backend import open_store
from tables.model import SEATS, Seat, TableOptions
from tables.service import TableService
from tables.settings import Settings
from tables.store import Write

PEOPLE = ("p0", "p1", "p2", "p3")


async def seated_table(service: TableService, rng: random.Random) -> int:
    """A started table of people only: 3 in 4 Schieber, 1 in 4 Klaberjass."""
    game = "schieber" if rng.random() < 0.75 else "klaberjass"
    table = await service.create_table(game, "bench", "bench", "p0", seat=0)
    for n in range(1, SEATS[game]):
        table = await service.join(table.id, PEOPLE[n], seat=n)
    return (await service.start(table.id, "p0")).id


async def drive(
    service: TableService,
    table_id: int,
    rng: random.Random,
    stop_at: float,
    think_s: float,
    latencies: list[float],
) -> None:
    """Play one table after another, each move after a think time of 0 to ``think_s``."""
    while time.perf_counter() < stop_at:
        if think_s:
            await asyncio.sleep(rng.uniform(0, think_s))
        table = service.table(table_id)
        if not table.status.is_open:
            table_id = await seated_table(service, rng)
            continue
        action = rng.choice(table.match.legal_actions())
        user = table.seats[table.to_move].user
        start = time.perf_counter()
        await service.act(table_id, user, action, table.seq)
        latencies.append(time.perf_counter() - start)


class Databases:
    """A fresh store for each figure: a SQLite file in ``folder``, or with ``server``
    (a PostgreSQL URL) a new database on that server, dropped by ``drop``."""

    def __init__(self, folder: Path, server: str | None) -> None:
        self.folder, self.server = folder, server
        self.made: list[str] = []

    async def settings(self, name: str) -> Settings:
        if self.server is None:
            return Settings(db_path=str(self.folder / f"{name}.sqlite3"))
        import asyncpg

        database = f"trumpf_bench_{name}"
        db = await asyncpg.connect(self.server)
        try:
            await db.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
            await db.execute(f"CREATE DATABASE {database}")
        finally:
            await db.close()
        self.made.append(database)
        parts = urlsplit(self.server)
        return Settings(database_url=urlunsplit(parts._replace(path=f"/{database}")))

    async def drop(self) -> None:
        if not self.made:
            return
        import asyncpg

        db = await asyncpg.connect(self.server)
        try:
            for database in self.made:
                await db.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        finally:
            await db.close()


async def bench_act(settings: Settings, tables: int, seconds: float, think_s: float) -> list[float]:
    """Latencies of ``act`` in seconds, the tables seated and started beforehand."""
    service = await TableService.open(settings)  # real clocks, armed and re-armed as in play
    service.subscribe(lambda event: None)  # the announcing costs what it costs
    rngs = [random.Random(i) for i in range(tables)]
    table_ids = await asyncio.gather(*(seated_table(service, rng) for rng in rngs))
    latencies: list[float] = []
    stop_at = time.perf_counter() + seconds
    await asyncio.gather(
        *(
            drive(service, table_id, rng, stop_at, think_s, latencies)
            for table_id, rng in zip(table_ids, rngs, strict=True)
        )
    )
    await service.close()
    return latencies


def percentile_ms(latencies: list[float], p: int) -> float:
    return statistics.quantiles(latencies, n=100)[p - 1] * 1000


def match_log(game: str, rng: random.Random) -> list[Any]:
    """A whole match of random legal actions, deals included."""
    match, log = games.new_match(game, {}), []
    while match.winner is None:
        action = rng.choice(match.legal_actions()) if match.to_move is not None else None
        action = action or Deal(rng.randrange(2**63))
        match, _ = match.apply(action)
        log.append((action, match))
    return log


def unfinished_rows(game: str, log: list[Any], rng: random.Random) -> Write:
    """A table stopped at a random point of ``log``, as the service would have stored it."""
    stop = rng.randrange(1, len(log))
    rows, snapshot = [], None
    for seq, (action, match) in enumerate(log[:stop]):
        rows.append((seq, games.action_to_json(action), None))
        if isinstance(action, Deal):
            snapshot = (seq + 1, games.engine_fingerprint(), games.snapshot(match))
    return Write(0, "playing", None, time.time(), rows, snapshot=snapshot, started_at=0.0)


async def fill_store(settings: Settings, tables: int, distinct: int) -> None:
    rng = random.Random(1)
    logs = {
        game: [match_log(game, rng) for _ in range(distinct)] for game in ("schieber", "klaberjass")
    }
    store = await open_store(settings)
    options = TableOptions().to_json()
    writes = []
    for i in range(tables):
        game = "schieber" if i % 4 else "klaberjass"
        seats = [Seat(n, user=PEOPLE[n]) for n in range(SEATS[game])]
        table_id = await store.create_table(game, "bench", "bench", "p0", options, seats, 0.0)
        write = unfinished_rows(game, rng.choice(logs[game]), rng)
        write.table_id = table_id
        writes.append(store.commit(write))
    await asyncio.gather(*writes)
    await store.close()


async def bench_recover(settings: Settings, tables: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        service = await TableService.open(settings, autorun=False)
        best = min(best, time.perf_counter() - start)
        assert len(service.tables()) == tables and not service.damaged
        await service.close()
    return best


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="short runs (under 60 s)")
    parser.add_argument("--dir", help="where to put the SQLite files (default: a temp dir)")
    parser.add_argument("--database", help="a postgresql:// URL: bench PostgreSQL, not SQLite")
    args = parser.parse_args()
    seconds, distinct = (10.0, 40) if args.quick else (30.0, 300)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        where = Databases(Path(tmp), args.database)
        print("backend", "postgresql" if args.database else "sqlite", flush=True)
        try:
            await run(where, seconds, distinct)
        finally:
            await where.drop()


async def run(where: Databases, seconds: float, distinct: int) -> None:
    paced = await bench_act(await where.settings("paced"), 200, seconds, think_s=1.0)
    print(f"act_p50_ms {percentile_ms(paced, 50):.2f}", flush=True)
    print(f"act_p99_ms {percentile_ms(paced, 99):.2f}", flush=True)
    flat_out = await bench_act(await where.settings("saturated"), 200, seconds, think_s=0)
    print(f"actions_per_s {len(flat_out) / seconds:.0f}", flush=True)
    print(f"act_p99_saturated_ms {percentile_ms(flat_out, 99):.1f}", flush=True)
    recovering = await where.settings("recover")
    await fill_store(recovering, 1000, distinct)
    recover = await bench_recover(recovering, 1000)
    print(f"recover_1000_tables_s {recover:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
