"""Invariants over thousands of random Klaberjass hands and matches."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, BidKind, Deal, Play, Swap
from engine.cards import CARDS, Card, indices_of
from engine.errors import IllegalAction
from engine.klaberjass import KlaberjassHand, KlaberjassMatch, KlaberjassRules, deal
from engine.klaberjass.core import POINTS, settle
from engine.klaberjass.playout import random_hand
from engine.klaberjass.record import hand_to_record, replay
from engine.phase import Phase

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def new_hand(seed: int) -> KlaberjassHand:
    return KlaberjassHand.start(KlaberjassRules(), *deal(seed))


def drive(hand: KlaberjassHand, rng: random.Random, check=None) -> KlaberjassHand:
    """Random legal actions to the end; swaps taken at random, also out of turn."""
    while hand.phase is not Phase.OVER:
        actions = hand.legal_actions()
        assert actions, "a legal action always exists"
        if check:
            check(hand)
        other = 1 - hand.to_move
        if hand.phase is Phase.PLAY and rng.random() < 0.3 and hand.swap_refusal(other) is None:
            hand = hand.apply(Swap(other))[0]  # the player not to move swaps
            continue
        hand = hand.apply(rng.choice(actions))[0]
    return hand


def check_legal_cards(hand: KlaberjassHand) -> None:
    """Exactly the legal cards are accepted; every other card held is refused with a reason."""
    if hand.phase is not Phase.PLAY:
        return
    seat, legal = hand.to_move, set(hand.legal_cards())
    for card in hand.hand_of(seat):
        if card in legal:
            hand.apply(Play(seat, card))
        else:
            with pytest.raises(IllegalAction, match=r"^You must "):
                hand.apply(Play(seat, card))


@settings(max_examples=800, derandomize=True, deadline=None)
@given(seeds)
def test_random_hands_keep_the_invariants(seed):
    hand = drive(new_hand(seed), random.Random(seed), check_legal_cards)
    if hand.annulled:
        assert [b.kind for b in hand.bids] == [BidKind.PASS] * 4 and hand.credited == (0, 0)
        return
    assert hand.complete and len(hand.tricks) == 9
    played = [c for t in hand.tricks for c in t.cards]
    assert len(set(played)) == 18, "every card is played once"
    nine = {CARDS[c] for s in (0, 1) for c in indices_of(hand.dealt[s] | hand.extra[s])}
    if hand.swapped_by is not None:
        nine ^= {CARDS[hand.turn_up], hand.table_card}
    assert set(played) == nine
    values = POINTS[hand.trump]
    for t in hand.tricks:
        assert t.points == sum(values[c.index] for c in t.cards) + (10 if t.number == 9 else 0)
    assert sum(hand.points) == sum(values[c.index] for c in played) + 10
    assert hand.credited == settle(hand.maker, hand.own_totals)
    assert sum(hand.credited) == sum(hand.own_totals)
    assert hand.maker_failed == (hand.credited[hand.maker] == 0)


@settings(max_examples=400, derandomize=True, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=40))
def test_replaying_the_record_gives_the_same_result(seed, stop):
    hand = drive(new_hand(seed), random.Random(seed))
    # Cut the hand anywhere: the record of a hand so far describes the hand so far.
    partial = new_hand(seed)
    for action in hand.actions[:stop]:
        partial = partial.apply(action)[0]
    for state in (hand, partial):
        result = replay(hand_to_record(state))
        assert result["ok"] is True
        assert result["contract"] == (state.trump.word if state.trump is not None else None)
        assert result["maker"] == state.maker and result["complete"] == state.complete
        assert [t["points"] for t in result["tricks"]] == [t.points for t in state.tricks]
        assert [t["winner"] for t in result["tricks"]] == [t.winner for t in state.tricks]
        assert result["score"]["points"] == list(state.points)
        assert result["score"]["total"] == list(state.credited)
        assert len(result["declarations"]) == len(state.declarations())
        plays = [a for a in state.actions if isinstance(a, Play)]
        assert [p["card"] for p in result["plays"]] == [a.card.code for a in plays]
        assert all(p["card"] in p["legal"] for p in result["plays"])


@settings(max_examples=60, derandomize=True, deadline=None)
@given(seeds)
def test_random_matches_end_as_the_rules_say(seed):
    rng = random.Random(seed)
    match = KlaberjassMatch.new()
    dealers = []
    while match.winner is None:
        assert match.phase is Phase.DEAL and match.to_move is None
        match, _ = match.apply(Deal(rng.randrange(2**32)))
        dealers.append(match.hand.dealer)
        while match.to_move is not None:
            actions = match.legal_actions()
            bids = [a for a in actions if isinstance(a, Bid) and a.kind is not BidKind.PASS]
            match, _ = match.apply(rng.choice(bids if bids and rng.random() < 0.8 else actions))
            assert match.observation(0).hand == tuple(match.hand.hand_of(0))
    a, b = match.scores
    assert (a, b) == tuple(sum(sheet[s] for sheet in match.sheet) for s in (0, 1))
    assert max(a, b) >= 501 and a != b and match.winner == (0 if a > b else 1)
    assert all(dealers[i] != dealers[i + 1] for i in range(len(dealers) - 1))
    before = tuple(x - y for x, y in zip(match.scores, match.sheet[-1], strict=True))
    assert max(before) < 501 or before[0] == before[1]


def test_random_hand_totals():
    rng = random.Random(2)
    totals = [random_hand(rng) for _ in range(5000)]
    annulled = sum(1 for t in totals if t == (0, 0))
    assert 40 < annulled < 130  # both pass twice in one hand out of 64
    assert all(min(t) >= 0 and sum(t) <= 162 + 50 + 50 + 20 for t in totals)
    assert sum(1 for a, b in totals if a and b) > 1500  # the maker often fails at random


def test_same_seed_same_deal():
    assert deal(42) == deal(42) and new_hand(42) == new_hand(42)
    cards = deal(42)
    dealt = cards[1][0] | cards[1][1] | 1 << cards[2] | cards[3][0] | cards[3][1]
    assert dealt.bit_count() == 19 and Card.at(cards[2]).rank.code != "6"
