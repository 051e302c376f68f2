"""Bots cannot see another player's cards, and what they infer from the table is sound.

Two full states that differ only in cards hidden from a seat give that seat the same
observation, and so the same decision: the bot gets nothing else to go on.  What the
bots read off an observation (voids, shown cards, Weis and sequence points) always holds
for the real hidden hands, so their sampled deals never rule out the truth.
"""

import dataclasses
import random

import pytest

from engine.bots import LEVELS
from engine.bots.klaberjass_info import KlaberjassInfo
from engine.bots.klaberjass_search import WorldSampler as KlaberjassWorlds
from engine.bots.schieber_info import SchieberInfo
from engine.bots.schieber_search import WorldSampler as SchieberWorlds
from engine.cards import PIQUET_DECK, Card
from engine.errors import IllegalAction
from engine.klaberjass.core import sequences
from engine.klaberjass.hand import KlaberjassHand
from engine.klaberjass.match import KlaberjassMatch
from engine.schieber.hand import SchieberHand
from engine.schieber.match import SchieberMatch
from engine.schieber.weis import best_weis
from tests.engine.test_bots_helpers import quick_bots, random_situation


def replay_schieber(match: SchieberMatch, dealt: tuple[int, ...]) -> SchieberMatch | None:
    """The same actions as ``match``'s hand on another deal; None if one is illegal."""
    hand = match.hand
    other = SchieberMatch(match.rules, hand=SchieberHand.start(match.rules, hand.dealer, dealt),
                          hand_number=1)  # fmt: skip
    try:
        for action in hand.actions:
            other, _ = other.apply(action)
    except IllegalAction:
        return None
    return other


def replay_klaberjass(match: KlaberjassMatch, six, extra) -> KlaberjassMatch | None:
    hand = match.hand
    start = KlaberjassHand.start(match.rules, hand.dealer, six, hand.turn_up, extra)
    other = KlaberjassMatch(match.rules, hand=start, hand_number=1)
    try:
        for action in hand.actions:
            other, _ = other.apply(action)
    except IllegalAction:
        return None
    return other


def hidden_variants_schieber(match: SchieberMatch, rng: random.Random):
    """Deals that swap two cards between two other seats and replay the same actions."""
    me, hand = match.to_move, match.hand
    for _ in range(30):
        a, b = rng.sample([s for s in range(4) if s != me], 2)
        x = rng.choice([c for c in range(36) if hand.held[a] >> c & 1])
        y = rng.choice([c for c in range(36) if hand.held[b] >> c & 1])
        dealt = list(hand.dealt)
        dealt[a] ^= 1 << x | 1 << y
        dealt[b] ^= 1 << x | 1 << y
        other = replay_schieber(match, tuple(dealt))
        if other is not None:
            yield other


def hidden_variants_klaberjass(match: KlaberjassMatch, rng: random.Random):
    """Deals that swap an unplayed card of the opponent with an unseen stock card."""
    me, hand = match.to_move, match.hand
    opp = 1 - me
    stock = [c for c in range(36) if hand.stock >> c & 1]
    for _ in range(30):
        six, extra = list(hand.dealt), list(hand.extra)
        part = rng.choice([six, extra])
        mine = [c for c in range(36) if part[opp] >> c & 1 and hand.held[opp] >> c & 1]
        if not mine:
            continue
        x, y = rng.choice(mine), rng.choice(stock)
        part[opp] ^= 1 << x | 1 << y
        other = replay_klaberjass(match, tuple(six), tuple(extra))
        if other is not None:
            yield other


@pytest.mark.parametrize("game", ["schieber", "klaberjass"])
@pytest.mark.parametrize("level", LEVELS)
def test_states_differing_only_in_hidden_cards_get_the_same_decision(game, level):
    tried = 0
    for seed in range(40):
        match = random_situation(game, seed)
        if match.hand.actions == ():
            continue
        me = match.to_move
        view, legal = match.observation(me), match.legal_actions()
        choice = quick_bots()[level].choose(view, legal, random.Random(seed))
        variants = (hidden_variants_schieber if game == "schieber" else hidden_variants_klaberjass)(
            match, random.Random(seed)
        )
        for other in variants:
            assert other.hand.held != match.hand.held  # the hidden cards differ ...
            other_view = other.observation(me)
            if other_view != view:
                continue  # e.g. the swap changed a Weis someone announced: not hidden
            assert other.legal_actions() == legal
            again = quick_bots()[level].choose(other_view, legal, random.Random(seed))
            assert again == choice  # ... and the decision cannot tell
            tried += 1
    assert tried >= 50


def true_weis(dealt: int, ci: int) -> int:
    return sum(w[2] for w in best_weis(dealt, ci))


@pytest.mark.parametrize("seed", range(200))
def test_what_a_schieber_seat_infers_holds_for_the_hidden_hands(seed):
    match = random_situation("schieber", seed)
    hand = match.hand
    if hand.contract is None:
        return
    for me in range(4):
        info = SchieberInfo.of(match.observation(me))
        assert info.hand == hand.held[me]
        assert info.counts == tuple(h.bit_count() for h in hand.held)
        for s in range(4):
            if s == me:
                continue
            assert not hand.held[s] & info.forbidden[s], (me, s)
            assert info.known[s] & ~hand.held[s] == 0
            assert hand.held[s] & ~(info.pool | info.known[s]) == 0
            if info.weis_total[s] is not None:
                assert info.weis_total[s] == true_weis(hand.dealt[s], hand.ci)
        world = SchieberWorlds(info).sample(random.Random(seed))
        assert world[me] == hand.held[me]
        assert [h.bit_count() for h in world] == list(info.counts)
        assert world[0] | world[1] | world[2] | world[3] | info.played == (1 << 36) - 1
        for s in range(4):
            if s != me:
                assert not world[s] & info.forbidden[s]
                assert info.known[s] & ~world[s] == 0


@pytest.mark.parametrize("seed", range(200))
def test_what_a_klaberjass_seat_infers_holds_for_the_hidden_hands(seed):
    match = random_situation("klaberjass", seed)
    hand = match.hand
    for me in (0, 1):
        if hand.trump is None and me != match.to_move:
            continue
        info = KlaberjassInfo.of(match.observation(me))
        opp = 1 - me
        held = hand.held[opp]
        assert info.hand == hand.held[me]
        assert info.opp_count == held.bit_count()
        assert not held & info.opp_forbidden
        assert info.opp_known & ~held == 0
        assert held & ~info.opp_possible == 0
        if info.opp_sequences is not None:
            assert info.opp_sequences == sum(p for _, p in sequences(held | info.played_by[opp]))
        if hand.trump is not None:
            world = KlaberjassWorlds(info).sample(random.Random(seed))
            assert world.bit_count() == held.bit_count()
            assert not world & info.opp_forbidden and info.opp_known & ~world == 0
            assert world & (info.hand | info.played_by[0] | info.played_by[1]) == 0
            assert world & ~PIQUET_DECK == 0


def test_the_turn_up_is_known_to_be_in_the_swappers_hand():
    for seed in range(300):
        match = random_situation("klaberjass", seed)
        if match.hand.swapped_by is None or match.hand.swapped_by == match.to_move:
            continue
        info = KlaberjassInfo.of(match.observation(match.to_move))
        if match.hand.held[info.opp] >> match.hand.turn_up & 1:
            assert info.opp_known >> match.hand.turn_up & 1
            return
    pytest.fail("no situation after the opponent's swap")


def cards_in(value) -> set:
    """Every card reachable in an observation: its fields, tuples, events."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, tuple):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if dataclasses.is_dataclass(value):
        return set().union(*(cards_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    return set()


@pytest.mark.parametrize("game", ["schieber", "klaberjass"])
def test_an_observation_holds_no_hidden_card(game):
    """The only thing a bot is given holds no card of another hand, bar cards shown."""
    for seed in range(100):
        match = random_situation(game, seed)
        for me in range(match.seats):
            view = match.observation(me)
            shown = set().union(set(), *(set(d.cards) for d in view.declarations))
            if game == "klaberjass" and view.swapped_by is not None:
                shown.add(view.turn_up)  # the swap is public
            for s in range(match.seats):
                if s != me:
                    hidden = set(match.hand.hand_of(s)) - shown
                    assert not hidden & cards_in(view), (seed, me, s)
