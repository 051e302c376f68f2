"""What a player waits for when bots are busy: ``python bench/load.py [--quick] [--tables 10,50]``.

For each load N, the real service (SQLite file, real clocks, the real ``hard`` and
``medium`` bots, hard ones in worker processes) runs N Schieber tables at once, each with
one simulated human in seat 1 who plays the first legal action as soon as it is their
turn, and three bots: two hard opponents and a medium partner.  Bot pauses are 0,
so every second of waiting is the bots' thinking and the queue in front of it.  A table
that finishes is replaced by a new one.  Prints, for each N:

- ``human_wait_p50_s@N``, ``human_wait_p95_s@N``, ``human_wait_max_s@N``: from the
  human's action to their next turn (a wait still open when the run stops counts as
  long as it has lasted);
- ``bot_moves_per_s@N``: bot moves committed per second, all tables together;
- ``loop_lag_p99_ms@N``: how late a 10 ms sleep of the event loop wakes, p99.

Targets on two cores: at 50 tables p95 <= 4 s; at 200 no table waits more than 15 s and
every table moves (``tables_stuck@N`` counts tables whose human never got a turn after
their first action); loop lag p99 < 50 ms.  The figures depend on what else the machine
runs: say so with them.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tables.events import TableFinished, TurnStarted
from tables.service import TableService
from tables.settings import Settings

HUMAN, SEAT = "human", 0
LEVELS = ("hard", "medium", "hard")  # the human's partner is medium, both opponents hard
GUILD = "bench"


class Load:
    """The N tables of one run and what their humans waited."""

    def __init__(self, service: TableService, n: int) -> None:
        self.service, self.n = service, n
        self.waits: list[float] = []
        self.asked: dict[int, float] = {}  # table -> when its human last acted
        self.last_mover: dict[int, int | None] = {}
        self.bot_moves = 0
        self.tasks: set[asyncio.Task[None]] = set()
        self.moved: set[int] = set()  # tables whose human got a turn after acting
        self.stopping = False

    async def open_table(self, i: int) -> None:
        s = self.service
        table = await s.create_table("schieber", GUILD, f"c{i}", HUMAN + str(i), seat=SEAT)
        for seat, level in zip((1, 2, 3), LEVELS, strict=True):
            table = await s.add_bot(table.id, HUMAN + str(i), level, seat=seat)
        await s.start(table.id, HUMAN + str(i))

    def on_event(self, event: Any) -> None:
        if isinstance(event, TableFinished):
            self.last_mover.pop(event.table.id, None)
            if not self.stopping:
                self._spawn(self.open_table(int(event.table.channel_id[1:])))
            return
        if not isinstance(event, TurnStarted):
            return
        before = self.last_mover.get(event.table_id)
        if before is not None and before != SEAT:
            self.bot_moves += 1
        self.last_mover[event.table_id] = event.seat
        if event.seat == SEAT and not self.stopping:
            asked = self.asked.pop(event.table_id, None)
            if asked is not None:
                self.waits.append(time.perf_counter() - asked)
                self.moved.add(event.table_id)
            self._spawn(self.play(event.table_id, event.seq))

    async def play(self, table_id: int, seq: int) -> None:
        table = self.service.table(table_id)
        if table.seq != seq or table.to_move != SEAT:
            return
        action = table.match.legal_actions()[0]
        self.asked[table_id] = time.perf_counter()
        await self.service.act(table_id, table.seats[SEAT].user, action, seq)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


async def loop_lag(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - start - 0.01)


async def run(db: Path, n: int, seconds: float) -> dict[str, float]:
    settings = Settings(db_path=str(db), bot_pause_s=0.0, card_clock_s=0, contract_clock_s=0)
    service = await TableService.open(settings)
    load = Load(service, n)
    service.subscribe(load.on_event)
    lags: list[float] = []
    stop = asyncio.Event()
    lagger = asyncio.create_task(loop_lag(lags, stop))
    await asyncio.gather(*(load.open_table(i) for i in range(n)))
    started = time.perf_counter()
    moves_before = load.bot_moves
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - started
    load.stopping = True
    now = time.perf_counter()
    waits = load.waits + [now - t for t in load.asked.values()]  # still waiting: so far
    stuck = max(0, n - len(load.moved))  # tables whose human never got a turn back
    moves = load.bot_moves - moves_before
    stop.set()
    await lagger
    await service.stop_background()
    for task in list(load.tasks):
        task.cancel()
    await asyncio.gather(*load.tasks, return_exceptions=True)
    await service.close()
    q = statistics.quantiles(waits, n=100) if len(waits) > 1 else waits * 99
    return {
        f"human_wait_p50_s@{n}": q[49],
        f"human_wait_p95_s@{n}": q[94],
        f"human_wait_max_s@{n}": max(waits, default=0.0),
        f"bot_moves_per_s@{n}": moves / elapsed,
        f"loop_lag_p99_ms@{n}": statistics.quantiles(lags, n=100)[98] * 1000,
        f"tables_stuck@{n}": stuck,
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="15 s a load instead of 60 s")
    parser.add_argument("--tables", default="10,50,200", help="loads to run, e.g. 10,50")
    parser.add_argument("--seconds", type=float, help="seconds a load (overrides --quick)")
    parser.add_argument("--dir", help="where to put the SQLite files (default: a temp dir)")
    args = parser.parse_args()
    seconds = args.seconds or (15.0 if args.quick else 60.0)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        for n in (int(x) for x in args.tables.split(",")):
            figures = await run(Path(tmp) / f"load{n}.sqlite3", n, seconds)
            for name, value in figures.items():
                print(f"{name} {value:.2f}" if isinstance(value, float) else f"{name} {value}")
            sys.stdout.flush()


if __name__ == "__main__":
    asyncio.run(main())
