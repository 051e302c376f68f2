"""The bot protocol, as the table service calls it, and small helpers on card masks.

A bot sees one seat's observation and that seat's legal actions, never the full state,
and draws any randomness from the ``rng`` it is given: the same observation, legal
actions and seed give the same action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from engine.actions import Action
from engine.cards import indices_of


class Bot(Protocol):
    def choose(
        self, observation: Any, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action: ...


def bits(mask: int) -> list[int]:
    """Card indices of a mask, lowest index first (a few table look-ups).

    >>> bits(0b1010_0001)
    [0, 5, 7]
    """
    return indices_of(mask)
