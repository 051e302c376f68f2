"""Bots that take a seat: they see only that seat's observation and legal actions.

The registry is one small dict so the real bots (``engine/bots/``) can replace the
legal-move bot by level name without touching the service.

>>> from engine.actions import Push
>>> bot_for("easy", seed=1).choose(None, [Push(0)])
Push(seat=0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.actions import Action


class Bot(Protocol):
    def choose(
        self, observation: Any, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action: ...


class LegalMoveBot:
    """Any legal action, drawn with the given RNG: a stand-in until the real bots land."""

    def choose(
        self, observation: Any, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return rng.choice(list(legal_actions))


BOTS: dict[str, Callable[[], Bot]] = {
    "easy": LegalMoveBot,
    "medium": LegalMoveBot,
    "hard": LegalMoveBot,
}
LEVELS = tuple(BOTS)


@dataclass(frozen=True, slots=True)
class SeededBot:
    """A bot with its own RNG: the same seed and situation give the same move."""

    bot: Bot
    seed: int

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        return self.bot.choose(observation, legal_actions, random.Random(self.seed))


def bot_for(level: str, seed: int) -> SeededBot:
    """The bot of a level; ValueError for an unknown level."""
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(BOTS)}")
    return SeededBot(BOTS[level](), seed)
