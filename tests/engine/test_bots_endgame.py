"""The hard bot's exact endgames and its reading of the other players' choices."""

import random

from engine.actions import Choose, Contract, Deal
from engine.bots.base import bits
from engine.bots.klaberjass_info import KlaberjassInfo
from engine.bots.klaberjass_search import exact as klaberjass_exact
from engine.bots.schieber_info import SchieberInfo
from engine.bots.schieber_search import WorldSampler, exact
from engine.cards import SUIT_OF, Card
from engine.klaberjass.core import KEY as K_KEY
from engine.klaberjass.core import LAST_TRICK_BONUS as K_BONUS
from engine.klaberjass.core import POINTS as K_POINTS
from engine.klaberjass.core import legal_mask as k_legal
from engine.klaberjass.core import settle
from engine.schieber.core import KEY, LAST_TRICK_BONUS, MATCH_BONUS, POINTS, legal_mask
from engine.schieber.hand import SchieberHand, deal
from engine.schieber.match import SchieberMatch
from engine.schieber.rules import SchieberRules
from tests.engine.test_bots_helpers import random_situation


def minimax(ci, hands, leader, trick, done, won):
    """Plain minimax without pruning: team 0's points minus team 1's from here."""
    n = len(trick)
    seat = (leader + n) & 3
    legal = hands[seat] if not n else legal_mask(ci, hands[seat], trick)
    values = []
    for c in bits(legal):
        h = list(hands)
        h[seat] ^= 1 << c
        t = [*trick, c]
        if n < 3:
            values.append(minimax(ci, h, leader, t, done, won))
            continue
        key = KEY[ci][SUIT_OF[t[0]]]
        winner = (leader + max(range(4), key=lambda i: key[t[i]])) & 3
        pts = sum(POINTS[ci][x] for x in t)
        w = list(won)
        w[winner & 1] += 1
        if done + 1 == 9:
            pts += LAST_TRICK_BONUS + (MATCH_BONUS if w[winner & 1] == 9 else 0)
            rest = 0
        else:
            rest = minimax(ci, h, winner, [], done + 1, w)
        values.append(rest + (pts if winner & 1 == 0 else -pts))
    return max(values) if seat & 1 == 0 else min(values)


def test_the_schieber_endgame_solver_agrees_with_plain_minimax():
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        match, _ = SchieberMatch.new().apply(Deal(seed))
        match, _ = match.apply(Choose(match.to_move, list(Contract)[seed % 6]))
        stop = 36 - rng.choice((5, 6, 8))  # two tricks left, give or take a card
        while len(match.hand.actions) - 1 < stop:
            match, _ = match.apply(rng.choice(match.legal_actions()))
        hand = match.hand
        won = [sum(1 for t in hand.tricks if t.winner & 1 == team) for team in (0, 1)]
        args = (hand.ci, list(hand.held), hand.leader, list(hand.trick), len(hand.tricks))
        assert exact(*args, list(won), POINTS[hand.ci], True) == minimax(*args, won)
        checked += 1
    assert checked == 60


def k_minimax(trump, hands, leader, led, done, totals, maker, me):
    mover = leader if led < 0 else 1 - leader
    values = []
    for c in bits(k_legal(trump, hands[mover], led)):
        h = list(hands)
        h[mover] ^= 1 << c
        if led < 0:
            values.append(k_minimax(trump, h, leader, c, done, totals, maker, me))
            continue
        key = K_KEY[trump][SUIT_OF[led]]
        winner = mover if key[c] > key[led] else leader
        t = list(totals)
        t[winner] += K_POINTS[trump][led] + K_POINTS[trump][c]
        if done + 1 == 9:
            t[winner] += K_BONUS
            s = settle(maker, (t[0], t[1]))
            values.append(s[me] - s[1 - me])
        else:
            values.append(k_minimax(trump, h, winner, -1, done + 1, t, maker, me))
    return max(values) if mover == me else min(values)


def test_the_klaberjass_endgame_solver_agrees_with_plain_minimax():
    checked = 0
    for seed in range(300):
        match = random_situation("klaberjass", seed)
        hand = match.hand
        if hand.trump is None or len(hand.tricks) < 6:
            continue
        led = hand.trick[0] if hand.trick else -1
        me = match.to_move
        args = (int(hand.trump), list(hand.held), hand.leader, led, len(hand.tricks))
        totals = list(hand.own_totals)
        ours = klaberjass_exact(*args, list(totals), hand.maker, me)
        assert ours == k_minimax(*args, totals, hand.maker, me)
        checked += 1
    assert checked >= 20


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


def best_play(hand: SchieberHand) -> int:
    """Team 0's credits minus team 1's from here to the end, both playing perfectly: the
    table's own scoring, searched in full."""
    if hand.complete:
        return 0
    values = []
    for action in hand.legal_actions():
        after, _, credits = hand.apply(action)
        gain = sum(p if team == 0 else -p for team, p in credits)
        values.append(gain + best_play(after))
    return max(values) if hand.to_move % 2 == 0 else min(values)


def test_the_schieber_endgame_solver_values_each_card_as_the_table_scores_it():
    """Every candidate of the seat to move, the one that completes a trick included."""
    rules = SchieberRules.from_options({"preset": "tournament-1000", "match_bonus": True})
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        hand = SchieberHand.start(rules, 3, deal(seed))
        hand = hand.apply(Choose(0, list(Contract)[seed % 6]))[0]
        while len(hand.tricks) < 6 or len(hand.trick) != seed % 4:
            hand = hand.apply(rng.choice(hand.legal_actions()))[0]
        won = [sum(1 for t in hand.tricks if t.winner & 1 == team) for team in (0, 1)]
        for action in hand.legal_actions():
            after = hand.apply(action)[0]
            held = list(hand.held)
            held[hand.to_move] ^= action.card.bit
            trick = [*hand.trick, action.card.index]
            value = exact(hand.ci, held, hand.leader, trick, len(hand.tricks), list(won),
                          POINTS[hand.ci], True)  # fmt: skip
            gain = after.credited[0] - after.credited[1] - hand.credited[0] + hand.credited[1]
            assert value == gain + best_play(after)
            checked += 1
    assert checked > 60
