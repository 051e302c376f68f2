"""A thinking bot's budget runs from the moment its move is asked for, not from when a
worker gets to it (the way there and a worker's start-up are the player's time)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action, Push
from tables.bots import LEAST_THINK_S, WAY_BACK_S, SeededBot, Thinking


def test_a_thinker_counts_its_budget_from_the_ask():
    bot = SeededBot("hard", seed=1).with_budget(1.0)
    assert bot.thinking_s() == 1.0  # never asked through the pool: all of it
    assert bot.asked(time.monotonic() - 5.0).thinking_s() == LEAST_THINK_S
    assert bot.asked(time.monotonic() - 0.5).thinking_s() <= 0.5 - WAY_BACK_S


def test_a_bot_that_does_not_think_has_no_budget_to_count():
    assert SeededBot("easy", seed=1).asked(time.monotonic() - 5.0).thinking_s() is None


@dataclass(frozen=True)
class Stamped:
    """A thinker that plays its second legal action only if it was asked before it ran."""

    asked_at: float | None = None
    thinks: bool = True

    def asked(self, at: float) -> Stamped:
        return replace(self, asked_at=at)

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        stamped = self.asked_at is not None and self.asked_at <= time.monotonic()
        return legal[1] if stamped else legal[0]


async def test_the_pool_stamps_the_ask_before_the_worker_runs_the_bot():
    thinking = Thinking()
    try:
        for future in thinking.warm():
            assert future.result(timeout=60) is None
        legal = [Push(0), Push(1)]
        assert await thinking.choose(Stamped(), None, legal) == Push(1)
    finally:
        thinking.close()
