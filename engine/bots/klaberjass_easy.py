"""The easy Klaberjass bot: legal cards with a little sense, for beginners.

It bids like a cautious beginner: it takes the turn-up's suit (or, in the second round,
names a suit) only holding that suit's Jack and Nine.  It leads any card; following, it
plays any card that beats the card led or is worth nothing, so it never throws points
away for nothing, and otherwise its cheapest card.
"""

from __future__ import annotations

import random

from engine.actions import BidKind
from engine.bots.klaberjass_rules import PASS, TAKE, BidChoice
from engine.cards import SUIT_OF, Rank, indices_of
from engine.klaberjass.core import KEY, POINTS, legal_mask


def choose_bid(six: int, turn_up: int, second_round: bool) -> BidChoice:
    """Take the turn-up's suit, or name another in the second round, only holding its
    two best trumps, the Jack and the Nine."""
    proposed = SUIT_OF[turn_up]
    suits = [s for s in range(4) if s != proposed] if second_round else [proposed]
    for s in suits:
        both = 1 << (9 * s + Rank.JACK) | 1 << (9 * s + Rank.NINE)
        if six & both == both:
            return BidChoice(BidKind.NAME, s) if second_round else TAKE
    return PASS


def choose_card(trump: int, hand: int, led: int, rng: random.Random) -> int:
    """Any legal card that does not throw points away: one that beats the card led, or
    one worth nothing; the cheapest card when there is neither."""
    legal = indices_of(legal_mask(trump, hand, led))
    if led < 0:
        return rng.choice(legal)
    points = POINTS[trump]
    key = KEY[trump][SUIT_OF[led]]
    sensible = [c for c in legal if key[c] > key[led] or points[c] == 0]
    if sensible:
        return rng.choice(sensible)
    cheapest = min(points[c] for c in legal)
    return rng.choice([c for c in legal if points[c] == cheapest])
