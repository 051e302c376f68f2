"""The easy Schieber bot: legal cards with a little sense, for beginners.

It names its longest suit as trump and never pushes.  It leads any card; following, it
plays any card that beats the table or is worth nothing, so it never throws points away
for nothing, and otherwise its cheapest card.
"""

from __future__ import annotations

import random

from engine.cards import SUIT_MASK, SUIT_OF, indices_of
from engine.schieber.core import KEY, POINTS, legal_mask


def choose_contract(hand: int, rng: random.Random) -> int:
    """The longest suit as trump (ties at random)."""
    lengths = [((hand & SUIT_MASK[s]).bit_count(), rng.random()) for s in range(4)]
    return max(range(4), key=lengths.__getitem__)


def choose_card(ci: int, hand: int, trick: list[int], rng: random.Random) -> int:
    """Any legal card that does not throw points away: one that beats the table, or one
    worth nothing; the cheapest card when there is neither."""
    legal = indices_of(legal_mask(ci, hand, trick))
    if not trick:
        return rng.choice(legal)
    points = POINTS[ci]
    key = KEY[ci][SUIT_OF[trick[0]]]
    best = max(key[c] for c in trick)
    sensible = [c for c in legal if key[c] > best or points[c] == 0]
    if sensible:
        return rng.choice(sensible)
    cheapest = min(points[c] for c in legal)
    return rng.choice([c for c in legal if points[c] == cheapest])
