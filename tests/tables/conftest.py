"""Fixtures: a real database per test, on each backend; a clock that moves only when told.

Every test that uses ``settings`` (and so ``open_service``, ``service`` or ``store``)
runs twice: on a SQLite file and on PostgreSQL, a throwaway server started once a
session whose one database is emptied before each test.  Without PostgreSQL on the
machine those cases skip, saying why, except under ``CI=true``, where a missing
PostgreSQL fails the run.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from backends import emptied, make_shared

from tables.backend import TableStore, open_store
from tables.clock import ManualClock
from tables.service import TableService
from tables.settings import Settings
from tests.pg_server import NoPostgres, find_bin_dir, postgres_server


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of a PostgreSQL server for this session; stopped at the end, pass or fail."""
    try:
        find_bin_dir()
    except NoPostgres as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs PostgreSQL for the store tests: {e}")
        pytest.skip(f"PostgreSQL cases skipped: {e}")
    with postgres_server() as url:
        # Asked for from inside a test's event loop: migrate on a thread.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, make_shared(url)).result()
        yield url


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: about SQLite's file; no PostgreSQL case")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``backend``: each test that needs a database runs on both (unless sqlite_only)."""
    if "backend" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only")
        metafunc.parametrize("backend", ["sqlite"] if only else ["sqlite", "postgresql"])


@pytest.fixture
async def settings(backend: str, tmp_path: Any, request: pytest.FixtureRequest) -> Settings:
    url = None
    if backend == "postgresql":
        url = await emptied(request.getfixturevalue("pg_server"))
    return Settings(
        db_path=str(tmp_path / "trumpf.sqlite3"),
        bot_pause_s=0.0,
        card_clock_s=60.0,
        contract_clock_s=120.0,
        clock_warning_s=15.0,
        db_busy_timeout_s=0.05,
        database_url=url,
    )


@pytest.fixture
async def store(settings: Settings) -> AsyncIterator[TableStore]:
    """The test's store, opened directly (no service)."""
    store = await open_store(settings)
    yield store
    await store.close()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def open_service(settings: Settings, clock: ManualClock) -> AsyncIterator[Callable[..., Any]]:
    """Open (or reopen) a service on the test's database; deal seeds 1, 2, 3, …

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
