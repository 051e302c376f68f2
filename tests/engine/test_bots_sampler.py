"""The hard bot's deals: every one agrees with what its seat has seen, and they fall as
often as drawing whole deals and rejecting those that break a known void would."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.bots.sampling import DealSampler
from engine.bots.schieber_info import SchieberInfo
from engine.bots.schieber_search import WorldSampler
from engine.cards import SUIT_MASK, Card, mask_of
from tests.engine.test_bots_helpers import random_situation


@pytest.mark.parametrize("seed", range(30))
def test_every_sampled_schieber_deal_agrees_with_the_observation(seed):
    match = random_situation("schieber", seed)
    seat = match.to_move
    info = SchieberInfo.of(match.observation(seat))
    worlds = WorldSampler(info)
    assert worlds.sampler.consistent  # the true deal is one of them: never relaxed
    unseen = info.pool | info.known[0] | info.known[1] | info.known[2] | info.known[3]
    rng = random.Random(seed)
    for _ in range(20):
        hands = worlds.sample(rng)
        assert hands[seat] == info.hand
        assert [h.bit_count() for h in hands] == list(info.counts)
        everyone = 0
        for s, h in enumerate(hands):
            assert not h & everyone  # no card twice
            everyone |= h
            if s != seat:
                assert not h & info.forbidden[s]  # no card of a suit it showed void in
                assert h & info.known[s] == info.known[s]  # its shown Weis cards
        assert everyone == unseen | info.hand


def _by_rejection(pool: int, need: list[int], forbidden: list[int], rng: random.Random):
    """A whole deal at random, drawn again until no holder has a card it cannot hold."""
    cards = [c for c in range(36) if pool >> c & 1]
    while True:
        rng.shuffle(cards)
        hands, at = [], 0
        for n in need:
            hands.append(sum(1 << c for c in cards[at : at + n]))
            at += n
        if not any(h & f for h, f in zip(hands, forbidden, strict=True)):
            return tuple(hands)


def test_the_sampler_falls_like_rejection_sampling_on_a_tiny_deal():
    codes = "SA SK SQ HA HK HQ DA".split()
    pool = mask_of(Card.from_code(c) for c in codes)
    need = [2, 2, 3]
    forbidden = [SUIT_MASK[0], SUIT_MASK[1], 0]  # 0 showed no spades, 1 no hearts
    n = 6000
    sampler, rng = DealSampler(pool, need, forbidden), random.Random(0)
    direct = Counter(tuple(sampler.sample(rng)) for _ in range(n))
    rng = random.Random(1)
    rejected = Counter(_by_rejection(pool, need, forbidden, rng) for _ in range(n))
    assert set(direct) == set(rejected)  # the same deals are possible
    # Two samples from one distribution: chi-square on the deals, (cells - 1) degrees of
    # freedom; the bound is the 0.999 quantile, and both draws are seeded.
    chi2 = sum((direct[d] - rejected[d]) ** 2 / (direct[d] + rejected[d]) for d in direct)
    assert chi2 < _chi2_999(len(direct) - 1)


def _chi2_999(df: int) -> float:
    """The chi-square 0.999 quantile (Wilson-Hilferty), enough for a test bound."""
    z = 3.090
    return df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3
