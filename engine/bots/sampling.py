"""Deals of the unseen cards that agree with everything a seat has seen.

The unseen cards go to the other holders (the other seats, or the Klaberjass stock), each
taking a known number and none taking a card it cannot hold (a suit it showed void in).
Cards fall into classes by the set of holders that may take them; the sampler lists
every way of splitting each class's count among its holders that fills every holder
exactly, weighs each split by the number of deals it stands for, and draws a split by
weight and then the cards within each class at random.  Every consistent deal is thus
equally likely: uniform sampling, not a greedy deal that favours some hands.

>>> import random
>>> from engine.cards import Card, mask_of, SUIT_MASK
>>> pool = mask_of(Card.from_code(c) for c in "SA SK HA HK".split())
>>> sampler = DealSampler(pool, need=[2, 2], forbidden=[SUIT_MASK[0], 0])  # 0 has no spades
>>> [[Card.at(c).code for c in range(36) if h >> c & 1] for h in sampler.sample(random.Random(1))]
[['HA', 'HK'], ['SA', 'SK']]
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from math import comb

from engine.cards import indices_of


def _splits(k: int, holders: list[int], left: list[int]) -> list[tuple[int, ...]]:
    """Ways to give ``k`` cards to ``holders`` (in order) within what each still needs."""
    if len(holders) == 1:
        return [(k,)] if k <= left[holders[0]] else []
    out: list[tuple[int, ...]] = []
    first, rest = holders[0], holders[1:]
    for x in range(min(k, left[first]) + 1):
        if k - x <= sum(left[h] for h in rest):
            out.extend((x, *tail) for tail in _splits(k - x, rest, left))
    return out


class DealSampler:
    """Uniformly random deals of ``pool`` giving holder ``h`` exactly ``need[h]`` cards,
    none of ``forbidden[h]``.

    If the constraints cannot all hold (a table playing other rules than the seat
    assumes), the sampler drops them rather than fail: ``consistent`` says so.
    """

    __slots__ = ("classes", "consistent", "cumulative", "need", "splits", "total")

    def __init__(self, pool: int, need: Sequence[int], forbidden: Sequence[int]) -> None:
        self.need = list(need)
        if sum(self.need) != pool.bit_count():
            raise ValueError("the holders must take every unseen card")
        self.consistent = self._build(pool, forbidden)
        if not self.consistent:
            self._build(pool, [0] * len(self.need))

    def _build(self, pool: int, forbidden: Sequence[int]) -> bool:
        holders = [h for h, n in enumerate(self.need) if n > 0]
        by_class: dict[tuple[int, ...], list[int]] = {}
        for c in indices_of(pool):
            allowed = tuple(h for h in holders if not forbidden[h] >> c & 1)
            if not allowed:
                return False
            by_class.setdefault(allowed, []).append(c)
        self.classes = sorted(by_class.items(), key=lambda kv: len(kv[0]))
        found: list[tuple[int, tuple[tuple[int, ...], ...]]] = []
        self._enumerate(0, list(self.need), 1, (), found)
        if not found:
            return False
        self.splits = [s for _, s in found]
        self.cumulative, total = [], 0
        for weight, _ in found:
            total += weight
            self.cumulative.append(total)
        self.total = total
        return True

    def _enumerate(
        self,
        i: int,
        left: list[int],
        weight: int,
        chosen: tuple[tuple[int, ...], ...],
        found: list[tuple[int, tuple[tuple[int, ...], ...]]],
    ) -> None:
        if i == len(self.classes):
            if not any(left):
                found.append((weight, chosen))
            return
        holders, cards = self.classes[i]
        for split in _splits(len(cards), list(holders), left):
            w, k = weight, len(cards)
            for x in split:
                w *= comb(k, x)
                k -= x
            for h, x in zip(holders, split, strict=True):
                left[h] -= x
            self._enumerate(i + 1, left, w, (*chosen, split), found)
            for h, x in zip(holders, split, strict=True):
                left[h] += x

    def sample(self, rng: random.Random) -> list[int]:
        """One deal: a mask of cards per holder."""
        split = self.splits[bisect_right(self.cumulative, rng.randrange(self.total))]
        hands = [0] * len(self.need)
        rr = rng.random
        for (holders, cards), counts in zip(self.classes, split, strict=True):
            deck = list(cards)
            at = 0
            for h, x in zip(holders, counts, strict=True):
                mask = 0
                for i in range(at, at + x):  # a partial Fisher-Yates shuffle
                    j = i + int(rr() * (len(deck) - i))
                    deck[i], deck[j] = deck[j], deck[i]
                    mask |= 1 << deck[i]
                hands[h] |= mask
                at += x
        return hands
