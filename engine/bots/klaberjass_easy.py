"""The easy Klaberjass bot: legal cards with a little sense, for beginners.

It takes the turn-up's suit holding its Jack, or its Nine and another trump; in the
second round it names a suit holding its Jack and two more; otherwise it passes.  It
leads any card; following, it wins a trick worth having when it can, and otherwise
plays its cheapest card: it never throws points away for nothing.
"""

from __future__ import annotations

import random

from engine.bots.base import bits
from engine.cards import SUIT_MASK, SUIT_OF, Rank
from engine.klaberjass.core import KEY, POINTS, legal_mask


def choose_bid(six: int, turn_up: int, second_round: bool) -> str | int:
    proposed = SUIT_OF[turn_up]
    suits = [s for s in range(4) if s != proposed] if second_round else [proposed]
    for s in suits:
        trumps = six & SUIT_MASK[s]
        jack, nine = trumps >> (9 * s + Rank.JACK) & 1, trumps >> (9 * s + Rank.NINE) & 1
        count = trumps.bit_count()
        if second_round and jack and count >= 3:
            return s
        if not second_round and (jack or (nine and count >= 2)):
            return "take"
    return "pass"


def choose_card(trump: int, hand: int, led: int, rng: random.Random) -> int:
    legal = bits(legal_mask(trump, hand, led))
    if led < 0:
        return rng.choice(legal)
    points = POINTS[trump]
    key = KEY[trump][SUIT_OF[led]]
    winners = [c for c in legal if key[c] > key[led]]
    if winners and points[led] >= 10:
        return min(winners, key=lambda c: (key[c], rng.random()))
    cheapest = min(points[c] for c in legal)
    return rng.choice([c for c in legal if points[c] == cheapest])
