"""The real bot under simcord: a temporary SQLite file, bots that move at once, no token.

Deal seeds count 1, 2, 3, … across restarts of one test, and the table's bots draw a
legal move with a seeded RNG, so every test plays the same cards every run.  Time only
moves when a test calls ``env.advance_time`` (see ``helpers.tick``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

import tables.store
from cogs.app import TrumpfBot
from cogs.emojis import EMOJIS
from engine.actions import Action
from tables.bots import LEVELS
from tables.settings import Settings


class SeededLegalBot:
    """Any legal move, drawn with a seeded RNG: fast, and the same every run."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


def quick_bots(level: str, seed: int) -> SeededLegalBot:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    return SeededLegalBot(seed)


@pytest.fixture(autouse=True)
def _no_background_checkpoints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The store checkpoints its write-ahead log from a task that sleeps a second at a
    time, forever.  simcord waits for bot work that is due within its settle timeout, so
    every action would time out; a checkpoint a year apart lets it settle (and the tests
    never miss it: their databases are small).  Reported; ``tables/`` is not ours."""
    monkeypatch.setattr(tables.store, "CHECKPOINT_EVERY_S", 365 * 24 * 3600.0, raising=False)


@pytest.fixture(autouse=True)
def _no_card_pictures_left_over() -> None:
    """The card emojis are the process's (``cogs.emojis.EMOJIS``): a bot started by an
    earlier test must not leave pictures for a test that starts none (text cards)."""
    EMOJIS.clear()


@pytest.fixture
def settings(tmp_path: Any) -> Settings:
    return Settings(
        db_path=str(tmp_path / "trumpf.sqlite3"),
        bot_pause_s=0.0,
        card_clock_s=60.0,
        contract_clock_s=120.0,
        clock_warning_s=15.0,
        db_busy_timeout_s=0.5,
    )


@pytest.fixture
async def make_bot(settings: Settings) -> AsyncIterator[Callable[..., TrumpfBot]]:
    """Builds bots on the test's database file (a second one is a restart); closes them."""
    made: list[TrumpfBot] = []
    seeds = itertools.count(1)

    def make(**service_options: Any) -> TrumpfBot:
        options = {"seeds": lambda: next(seeds), "bots": quick_bots, **service_options}
        options.setdefault("idle_min", 0)  # tables pause when idle only where a test says so
        bot = TrumpfBot(settings, interval_s=0, retry_s=0, service_options=options)
        made.append(bot)
        return bot

    yield make
    for bot in made:  # simcord never closes a bot: its aiosqlite thread would outlive the test
        bot.ticker.cancel()
        if hasattr(bot, "service"):
            await bot.service.close()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., TrumpfBot]) -> TrumpfBot:
    return make_bot()


@dataclass
class World:
    env: Any
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    carol: Any


@pytest.fixture
async def world(simcord_env: Any) -> AsyncIterator[World]:
    """One server with a #jass channel and three members.

    Afterwards the bot's ticker is stopped and the moves under way are allowed to finish
    before simcord cancels the bot's tasks, so no test ends in the middle of a move.
    """
    env = simcord_env
    guild = env.create_guild("Jass Club")
    channel = guild.create_text_channel("jass")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    yield World(env, guild, channel, alice, bob, carol)
    bot = env.bot
    bot.ticker.cancel()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(bot.service.idle(), 10)
