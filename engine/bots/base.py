"""The bot protocol, as the table service calls it, and the odds of unseen cards.

A bot sees one seat's observation and that seat's legal actions, never the full state,
and draws any randomness from the ``rng`` it is given: the same observation, legal
actions and seed give the same action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Any, Protocol

from engine.actions import Action


class Bot(Protocol):
    def choose(
        self, observation: Any, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action: ...


# P(a seat holding n of P possible cards holds none of k given ones) = C(P-k, n) / C(P, n).
_COMB = tuple(tuple(comb(p, n) for n in range(37)) for p in range(37))


def p_none(possible: int, count: int, cards: int) -> float:
    """How likely a seat holding ``count`` of the ``possible`` cards has none of ``cards``,
    every such hand taken as equally likely; exact (0 or 1) when ``count`` is all of them.

    >>> p_none(0b1111, 2, 0b0001), p_none(0b11, 2, 0b01), p_none(0b1111, 2, 0b10000)
    (0.5, 0.0, 1.0)
    """
    k = (possible & cards).bit_count()
    if not k:
        return 1.0
    p = possible.bit_count()
    if count >= p or p - k < count:
        return 0.0
    return _COMB[p - k][count] / _COMB[p][count]
