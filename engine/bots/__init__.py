"""Bots that take a seat in either game, at three levels.

``BOTS`` maps a level to a factory; every bot has ``choose(observation, legal_actions,
rng) -> action`` and sees nothing but its seat's observation and legal actions.

- ``easy``: legal cards with a little sense, for beginners.
- ``medium``: rules of thumb with measured weights (contracts and bids from hand
  strength, card play that counts cards, reads voids and signals, smears and draws trumps).
- ``hard``: determinized Monte Carlo search within ``budget_s`` seconds per decision.

Bots keep no state between calls, so one may serve many tables from many threads.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.bots.base import Bot
from engine.bots.levels import EasyBot, HardBot, MediumBot

BOTS: dict[str, Callable[..., Bot]] = {
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}
LEVELS = tuple(BOTS)

__all__ = ["BOTS", "LEVELS", "Bot", "EasyBot", "HardBot", "MediumBot"]
