"""A process killed with SIGKILL loses nothing that was committed, and half of nothing."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from backends import db_of, run_sql

from tables.model import TableStatus
from tables.settings import Settings

CHILD = Path(__file__).with_name("crash_child.py")


def start_child(db: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(CHILD), db, *args], stdout=subprocess.PIPE, text=True
    )


async def check_resumes(
    open_service: Callable[..., Any], settings: Settings, announced: int
) -> None:
    """Every announced action is there, the log has no holes, and play carries on."""
    seqs = [r[0] for r in await run_sql(settings, "SELECT seq FROM actions ORDER BY seq")]
    assert seqs == list(range(len(seqs))) and len(seqs) >= announced
    service = await open_service()
    assert not service.damaged
    [table] = service.tables()
    assert table.seq == len(seqs)
    await service.run_pending()
    assert service.table(table.id).status is TableStatus.FINISHED
    await service.close()


@pytest.mark.parametrize("at", [40, 150])
async def test_killed_at_a_random_moment(
    open_service: Callable[..., Any], settings: Settings, at: int
) -> None:
    child = start_child(db_of(settings))
    assert child.stdout is not None
    announced = 0
    target = random.Random(at).randrange(at, at + 40)
    for line in child.stdout:
        if line.startswith("seq"):
            announced = int(line.split()[1])
            if announced >= target:
                break
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert child.returncode == -signal.SIGKILL and announced >= target
    await check_resumes(open_service, settings, announced)


async def test_killed_between_the_commit_and_the_announcement(
    open_service: Callable[..., Any], settings: Settings
) -> None:
    child = start_child(db_of(settings), "60")
    out, _ = child.communicate(timeout=60)
    assert child.returncode == -signal.SIGKILL
    # The step whose announcement was cut short was committed all the same.
    last = int(out.split()[-1])
    assert last >= 60
    await check_resumes(open_service, settings, last)
