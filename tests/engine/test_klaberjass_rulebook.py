"""Every path that scores a Klaberjass hand agrees with the rulebook (``core``).

The hand state, the random playout, the bots' rollout and ``deal_value``, and the exact
endgame solver are each checked against a score built from the rulebook's kernels alone,
over thousands of random and sequence-rich deals.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Play, Swap
from engine.bots.klaberjass_policy import play_card
from engine.bots.klaberjass_search import deal_value, exact, rollout
from engine.cards import PIQUET_DECK, indices_of
from engine.klaberjass import core
from engine.klaberjass.hand import KlaberjassHand
from engine.klaberjass.playout import playout
from engine.klaberjass.rules import KlaberjassRules
from engine.phase import Phase

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def deal(seed: int, rich: bool) -> KlaberjassHand:
    """A hand as dealt; ``rich``: from a deck in suit or rank order, lightly shuffled, so
    sequences and Bela abound."""
    rng = random.Random(seed)
    deck = indices_of(PIQUET_DECK)
    if rich:
        by_rank = rng.random() < 0.5
        deck.sort(key=lambda c: (c % 9, c // 9) if by_rank else c)
        for _ in range(rng.randrange(8)):
            i, j = rng.randrange(32), rng.randrange(32)
            deck[i], deck[j] = deck[j], deck[i]
    else:
        rng.shuffle(deck)
    nine = [deck[0:9], deck[9:18]]
    for h in nine:
        rng.shuffle(h)  # which three come after the bidding
    masks = [[sum(1 << c for c in h[:6]), sum(1 << c for c in h[6:])] for h in nine]
    six, extra = (masks[0][0], masks[1][0]), (masks[0][1], masks[1][1])
    return KlaberjassHand.start(KlaberjassRules(), seed % 2, six, deck[18], extra)


def rulebook_totals(hand: KlaberjassHand) -> tuple[int, int]:
    """A complete hand's totals from the kernels alone: the nine cards' declarations,
    each trick closed, the maker rule."""
    assert hand.trump is not None and hand.maker is not None
    nine = [hand.dealt[s] | hand.extra[s] for s in (0, 1)]
    if hand.swapped_by is not None:
        nine[hand.swapped_by] = core.swapped(nine[hand.swapped_by], hand.trump, hand.turn_up)
    totals = list(core.declared_points(nine, hand.trump))
    leader = hand.elder
    for t in hand.tricks:
        led, second = (c.index for c in t.cards)
        position, points = core.close_trick(hand.trump, led, second, t.number == core.TRICKS)
        leader ^= position
        totals[leader] += points
    return core.settle(hand.maker, (totals[0], totals[1]))


def legal_mask(hand: KlaberjassHand) -> int:
    assert hand.trump is not None
    return core.legal_mask(hand.trump, hand.held[hand.to_move], hand.trick[0] if hand.trick else -1)


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(seeds, st.booleans())
def test_the_hand_and_the_playout_score_as_the_rulebook(seed, rich):
    """The hand driven as ``playout`` chooses: int(random() * n) over the legal actions
    (none drawn for a forced follow or the last trick), the trump 7 always swapped."""
    hand = start = deal(seed, rich)
    rng = random.Random(seed)
    while hand.phase is not Phase.OVER:
        actions = hand.legal_actions()
        swaps = [a for a in actions if isinstance(a, Swap)]
        if swaps:
            hand = hand.apply(swaps[0])[0]
            continue
        if hand.phase is Phase.PLAY:
            assert sum(a.card.bit for a in actions) == legal_mask(hand)
        forced = hand.phase is Phase.PLAY and (len(hand.tricks) == 8 or hand.trick)
        pick = 0 if forced and len(actions) == 1 else int(rng.random() * len(actions))
        hand = hand.apply(actions[pick])[0]
    played = playout(random.Random(seed), start.dealer, start.dealt, start.turn_up, start.extra)
    assert played == hand.credited
    if not hand.annulled:
        assert hand.credited == rulebook_totals(hand)


def policy_hand(hand: KlaberjassHand) -> KlaberjassHand:
    """The hand played on as the rollout plays: ``play_card`` seeing the other hand."""
    assert hand.trump is not None
    while not hand.complete:
        seat, led = hand.to_move, hand.trick[0] if hand.trick else -1
        other = hand.held[1 - seat]
        if led < 0:
            card = play_card(hand.trump, hand.held[seat], -1, other, None, seat == hand.maker)
        else:
            card = play_card(hand.trump, hand.held[seat], led, other)
        hand = hand.apply(Play(seat, next(c for c in hand.legal_cards() if c.index == card)))[0]
    return hand


def bid(hand: KlaberjassHand, rng: random.Random) -> KlaberjassHand:
    """Random bids until trump is fixed (or both pass twice); the 7 swapped if it may be."""
    while hand.phase is Phase.BIDDING:
        hand = hand.apply(rng.choice(hand.legal_actions()))[0]
    for seat in (hand.elder, hand.dealer):
        if hand.phase is Phase.PLAY and hand.swap_refusal(seat) is None:
            hand = hand.apply(Swap(seat))[0]
    return hand


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(seeds, st.booleans())
def test_deal_value_and_the_rollout_score_as_the_rulebook(seed, rich):
    rng = random.Random(seed)
    hand = bid(deal(seed, rich), rng)
    if hand.annulled:
        return
    assert hand.trump is not None and hand.maker is not None
    end = policy_hand(hand)
    assert end.credited == rulebook_totals(end)
    contract = (hand.maker, int(hand.trump), hand.named)
    seat = seed % 2
    value = deal_value(
        seat, hand.dealer, list(hand.dealt), list(hand.extra), hand.turn_up, contract
    )
    assert value == end.credited[seat] - end.credited[1 - seat]
    # From any point on, the rollout takes the trick points the table counts.
    while len(hand.tricks) < seed % 8 or bool(hand.trick) != bool(seed & 8):
        hand = hand.apply(rng.choice(hand.legal_actions()))[0]
    led = hand.trick[0] if hand.trick else -1
    gained = rollout(int(hand.trump), list(hand.held), hand.leader, led, len(hand.tricks),
                     hand.maker)  # fmt: skip
    end = policy_hand(hand)
    assert gained == [end.points[s] - hand.points[s] for s in (0, 1)]


def best_play(hand: KlaberjassHand, me: int) -> int:
    """``me``'s credits minus the other's at the end, both playing perfectly: the table's
    own scoring, searched in full."""
    if hand.complete:
        return hand.credited[me] - hand.credited[1 - me]
    values = [best_play(hand.apply(a)[0], me) for a in hand.legal_actions()]
    return max(values) if hand.to_move == me else min(values)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(seeds, st.booleans())
def test_the_endgame_solver_values_each_card_as_the_table_scores_it(seed, rich):
    rng = random.Random(seed)
    hand = bid(deal(seed, rich), rng)
    if hand.annulled:
        return
    assert hand.trump is not None and hand.maker is not None
    while len(hand.tricks) < 5 or bool(hand.trick) != bool(seed & 1):
        hand = hand.apply(rng.choice(hand.legal_actions()))[0]
    me = hand.to_move
    totals = list(hand.own_totals)
    if not hand.bela_shown and hand.bela_seat is not None:  # still to come: counted now
        totals[hand.bela_seat] += core.BELA_POINTS
    led = hand.trick[0] if hand.trick else -1
    for action in hand.legal_actions():
        held = list(hand.held)
        held[me] ^= action.card.bit
        if led < 0:
            value = exact(int(hand.trump), held, me, action.card.index, len(hand.tricks),
                          list(totals), hand.maker, me)  # fmt: skip
        else:
            position, points = core.close_trick(
                int(hand.trump), led, action.card.index, len(hand.tricks) == core.TRICKS - 1
            )
            after = list(totals)
            winner = hand.leader ^ position
            after[winner] += points
            value = exact(int(hand.trump), held, winner, -1, len(hand.tricks) + 1, after,
                          hand.maker, me)  # fmt: skip
        assert value == best_play(hand.apply(action)[0], me)
