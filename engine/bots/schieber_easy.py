"""The easy Schieber bot: legal cards with a little sense, for beginners.

It names its longest suit as trump and never pushes.  It leads any card; following, it
takes a trick worth having when one of its cards beats everything on the table, and
otherwise plays its cheapest card: it never throws points away for nothing.
"""

from __future__ import annotations

import random

from engine.bots.base import bits
from engine.cards import SUIT_MASK, SUIT_OF
from engine.schieber.core import KEY, POINTS, legal_mask


def choose_contract(hand: int, rng: random.Random) -> int:
    """The longest suit as trump (ties: the one with more points in it, then at random)."""
    lengths = [((hand & SUIT_MASK[s]).bit_count(), rng.random()) for s in range(4)]
    return max(range(4), key=lengths.__getitem__)


def choose_card(ci: int, hand: int, trick: list[int], rng: random.Random) -> int:
    legal = bits(legal_mask(ci, hand, trick))
    if not trick:
        return rng.choice(legal)
    points = POINTS[ci]
    key = KEY[ci][SUIT_OF[trick[0]]]
    best = max(key[c] for c in trick)
    total = sum(points[c] for c in trick)
    winners = [c for c in legal if key[c] > best]
    if winners and total >= 10:
        return min(winners, key=lambda c: (key[c], rng.random()))
    cheapest = min(points[c] for c in legal)
    return rng.choice([c for c in legal if points[c] == cheapest])
