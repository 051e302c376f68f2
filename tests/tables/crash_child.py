"""A process that plays a bots-only table and can be killed at any moment.

``python tests/tables/crash_child.py DB [KILL_AT_SEQ]`` (DB: a SQLite file or a
PostgreSQL URL): prints ``table ID`` and then ``seq N`` for every announced engine
event.  With KILL_AT_SEQ it kills itself with SIGKILL while announcing the first event
at or past that seq: after the commit, in the middle of the announcement.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tables.events import GameEvent
from tables.model import TableOptions
from tables.service import TableService
from tests.tables.backends import settings_for


async def main(db: str, kill_at: int | None) -> None:
    service = await TableService.open(settings_for(db, bot_pause_s=0.0), autorun=False)
    table = await service.create_table("schieber", "g", "c", "host", TableOptions(), sit=False)
    for _ in range(4):
        table = await service.add_bot(table.id, "host", "easy")

    def announce(event: object) -> None:
        if isinstance(event, GameEvent):
            print("seq", event.seq, flush=True)
            if kill_at is not None and event.seq >= kill_at:
                os.kill(os.getpid(), signal.SIGKILL)

    service.subscribe(announce)
    table = await service.start(table.id, "host")
    print("table", table.id, flush=True)
    await service.run_pending()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None))
