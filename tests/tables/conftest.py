"""Fixtures: a real SQLite file per test, a clock that moves only when told to."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from tables.clock import ManualClock
from tables.service import TableService
from tables.settings import Settings


@pytest.fixture
def settings(tmp_path: Any) -> Settings:
    return Settings(
        db_path=str(tmp_path / "trumpf.sqlite3"),
        bot_pause_s=0.0,
        card_clock_s=60.0,
        contract_clock_s=120.0,
        clock_warning_s=15.0,
        db_busy_timeout_s=0.05,
    )


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def open_service(settings: Settings, clock: ManualClock) -> AsyncIterator[Callable[..., Any]]:
    """Open (or reopen) a service on the test's database file; deal seeds 1, 2, 3, …

    Whatever a failing test leaves open is closed, so the run ends instead of hanging.
    """
    seeds = itertools.count(1)
    opened: list[TableService] = []

    async def open_(**kwargs: Any) -> TableService:
        kwargs.setdefault("seeds", lambda: next(seeds))
        service = await TableService.open(settings, clock, autorun=False, **kwargs)
        opened.append(service)
        return service

    yield open_
    for service in opened:
        await service.close()


@pytest.fixture
async def service(open_service: Callable[..., Any]) -> AsyncIterator[TableService]:
    service = await open_service()
    yield service
    await service.close()
