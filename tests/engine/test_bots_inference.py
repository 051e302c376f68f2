"""The hard bot's reading of the other players' choices (its exact endgames are
checked in ``test_schieber_rulebook`` and ``test_klaberjass_rulebook``)."""

import random

from engine.actions import Choose, Contract, Deal
from engine.bots.klaberjass_info import KlaberjassInfo
from engine.bots.schieber_info import SchieberInfo
from engine.bots.schieber_search import WorldSampler
from engine.cards import Card
from engine.schieber.match import SchieberMatch


def test_deals_favour_hands_that_would_have_named_the_contract():
    """The maker named hearts: sampled deals mostly give him the heart Jack or Nine."""
    hits = total = 0
    for seed in range(30):
        match, _ = SchieberMatch.new().apply(Deal(seed))
        maker = match.to_move
        if match.hand.held[maker] & (1 << 9 + 3 | 1 << 9 + 5):
            continue  # he really holds one: look at deals where he holds neither
        match, _ = match.apply(Choose(maker, Contract.HEARTS))
        me = (maker + 1) % 4
        while match.to_move != me:
            match, _ = match.apply(match.legal_actions()[0])
        info = SchieberInfo.of(match.observation(me))
        if info.hand & (1 << 9 + 3 | 1 << 9 + 5):
            continue
        sampler = WorldSampler(info)
        for k in range(20):
            world = sampler.sample(random.Random(seed * 100 + k))
            hits += bool(world[maker] & (1 << 9 + 3 | 1 << 9 + 5))
            total += 1
    # Without reading the choice, he holds one of the two about half the time.
    assert total and hits / total > 0.65


def test_a_strong_six_does_not_fit_a_klaberjass_pass():
    from engine.actions import Bid, BidKind
    from engine.bots.klaberjass_search import bid_misses
    from engine.cards import mask_of
    from engine.klaberjass.match import KlaberjassMatch

    match, _ = KlaberjassMatch.new().apply(Deal(3))
    match, _ = match.apply(Bid(match.to_move, BidKind.PASS))  # the elder passes
    info = KlaberjassInfo.of(match.observation(match.to_move))
    trump = info.proposed
    suit = "SHDC"[trump]
    others = [c for c in "SHDC" if c != suit]
    strong = mask_of(Card.from_code(suit + r) for r in ("J", "9", "A", "10"))
    strong |= mask_of(Card.from_code(others[0] + r) for r in ("A", "10"))
    weak = mask_of(Card.from_code(o + r) for o in others for r in ("8", "7"))
    assert bid_misses(info, strong) == 1
    assert bid_misses(info, weak) == 0
