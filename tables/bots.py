"""Bots that take a seat: they see only that seat's observation and legal actions.

The levels are the engine's (``engine/bots``); this module only binds a bot to a seed
(the table's rules come with the observation) and runs the ones that think for a while
(``hard``) in worker processes, so that a bot's thinking never holds up the other tables.

>>> from engine.actions import Push
>>> bot_for("easy", seed=1).choose(None, [Push(0)])
Push(seat=0)
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action
from engine.bots import BOTS as ENGINE_BOTS
from engine.bots.base import Bot

log = logging.getLogger(__name__)

BOTS: dict[str, Callable[..., Bot]] = dict(ENGINE_BOTS)
LEVELS = tuple(BOTS)
THINKERS = frozenset({"hard"})  # levels that search for a while: run beside the event loop
LEAST_THINK_S = 0.01  # a thinker asked late still searches a little
WAY_BACK_S = 0.005  # the action's way back from the worker and onto the table


@dataclass(frozen=True, slots=True)
class SeededBot:
    """A bot of a level with its own seed: the same situation gives the same move
    (for ``hard``, within its thinking time)."""

    level: str
    seed: int
    budget_s: float | None = None  # a thinker's time for this move; None: its own
    asked_at: float | None = None  # time.monotonic() when the move was asked for

    @property
    def thinks(self) -> bool:
        return self.level in THINKERS

    def with_budget(self, budget_s: float) -> SeededBot:
        return replace(self, budget_s=budget_s)

    def asked(self, at: float) -> SeededBot:
        """The budget counted from ``at`` (``time.monotonic``), not from when a worker
        gets to it: the way to the worker (and a worker's start-up) is the player's time."""
        return replace(self, asked_at=at)

    def thinking_s(self) -> float | None:
        """What is left of the budget now."""
        if self.budget_s is None or self.asked_at is None:
            return self.budget_s
        spent = time.monotonic() - self.asked_at  # system-wide: the asker's clock too
        return max(LEAST_THINK_S, self.budget_s - spent - WAY_BACK_S)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        budget_s = self.thinking_s() if self.thinks else None
        bot = BOTS[self.level](budget_s=budget_s) if budget_s is not None else BOTS[self.level]()
        return bot.choose(observation, legal_actions, random.Random(self.seed))


def bot_for(level: str, seed: int) -> SeededBot:
    """The bot of a level; ValueError for an unknown level."""
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(BOTS)}")
    return SeededBot(level, seed)


class Thinking:
    """Runs bots' choices: quick ones at once, thinkers in a pool of worker processes."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self.workers = os.cpu_count() or 1

    async def choose(self, bot: Any, observation: Any, legal: Sequence[Action]) -> Action:
        """The bot's action, or the first legal one if the bot fails or breaks a rule."""
        try:
            if getattr(bot, "thinks", False):
                if hasattr(bot, "asked"):
                    bot = bot.asked(time.monotonic())
                loop = asyncio.get_running_loop()
                action = await loop.run_in_executor(self._workers(), bot.choose, observation, legal)
            else:
                action = bot.choose(observation, legal)
        except Exception:
            log.exception("bot %r failed; it plays its first legal move", bot)
            return legal[0]
        if action not in legal:
            log.error("bot %r chose %s, which is not legal; replaced", bot, action)
            return legal[0]
        return action

    def warm(self) -> list[Future[None]]:
        """Start the workers now (they import the bots), not at the first hard move,
        which would otherwise spend its budget on that; done when each is ready."""
        pool = self._workers()
        return [pool.submit(_ready) for _ in range(self.workers)]

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: the parent runs threads (the database's), unsafe to fork.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _ready() -> None:
    """A worker's first task: the import of the bots is done by unpickling it."""
