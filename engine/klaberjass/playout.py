"""Fast random Klaberjass hands on plain ints, for bots' simulations and the benchmark.

The same rulebook (``core``) as the hand state, none of its dataclasses.  Every random choice
is ``int(rng.random() * n)`` over the options in the order ``KlaberjassHand.legal_actions``
lists them: round 1 take, pass; round 2 the three other suits in suit order, then pass;
the legal cards in card-index order (a card forced on the follower, or a last card,
draws no number).  The trump 7 is always swapped when it may be.  A
driver of the hand state that chooses the same way reaches the same totals.

>>> import random
>>> a, b = random_hand(random.Random(3))
>>> a >= 0 and b >= 0 and a + b <= 162 + 2 * 50 + 20
True
"""

from __future__ import annotations

import random

from engine.cards import SUIT_OF
from engine.klaberjass.core import (
    SEVEN,
    TRICKS,
    close_trick,
    declared_points,
    legal_mask,
    settle,
    swapped,
    trick_codes,
)
from engine.klaberjass.hand import DECK
from engine.klaberjass.rules import KlaberjassRules

_BIT = tuple(1 << c for c in range(36))
_OTHER_SUITS = tuple(tuple(s for s in range(4) if s != p) for p in range(4))


def random_hand(rng: random.Random, rules: KlaberjassRules | None = None) -> tuple[int, int]:
    """Deal, bid, swap, play and score one random hand; the per-seat totals after the
    maker rule ((0, 0) when both players pass twice).  ``rules`` has no say in a hand."""
    deck = list(DECK)
    x = rng.getrandbits(128)  # one draw decoded digit by digit: 19 swaps, then the dealer
    for i in range(19):
        x, r = divmod(x, 32 - i)
        j = i + r
        deck[i], deck[j] = deck[j], deck[i]
    b = _BIT
    e = b[deck[0]] | b[deck[1]] | b[deck[2]] | b[deck[6]] | b[deck[7]] | b[deck[8]]
    d = b[deck[3]] | b[deck[4]] | b[deck[5]] | b[deck[9]] | b[deck[10]] | b[deck[11]]
    ex = b[deck[13]] | b[deck[14]] | b[deck[15]]
    dx = b[deck[16]] | b[deck[17]] | b[deck[18]]
    if x & 1:
        return playout(rng, 1, (e, d), deck[12], (ex, dx))
    return playout(rng, 0, (d, e), deck[12], (dx, ex))


def playout(
    rng: random.Random,
    dealer: int,
    hands: tuple[int, int],
    turn_up: int,
    extra: tuple[int, int],
) -> tuple[int, int]:
    """Play out a dealt hand (six-card hands, turn-up, three-card extras, per seat) with
    random legal choices; the per-seat totals after the maker rule."""
    rand = rng.random
    elder = 1 - dealer
    proposed = SUIT_OF[turn_up]
    trump = proposed
    if rand() < 0.5:
        maker = elder
    elif rand() < 0.5:
        maker = dealer
    else:
        k = int(rand() * 4)
        if k < 3:
            maker, trump = elder, _OTHER_SUITS[proposed][k]
        else:
            k = int(rand() * 4)
            if k == 3:
                return 0, 0  # annulled
            maker, trump = dealer, _OTHER_SUITS[proposed][k]
    held = [hands[0] | extra[0], hands[1] | extra[1]]
    if trump == proposed:
        for s in (elder, dealer):
            if held[s] >> SEVEN[trump] & 1:
                held[s] = swapped(held[s], trump, turn_up)
                break
    won = declared_points(held, trump)
    leader, codes = elder, trick_codes(trump)
    lead, follow = held[elder], held[dealer]  # the hands of the leader and the other
    for _ in range(TRICKS - 1):
        # The leader plays any card: the k-th of his hand in card order.
        mask = lead
        k = int(rand() * mask.bit_count())
        while k:
            mask &= mask - 1
            k -= 1
        bit = mask & -mask
        lead ^= bit
        first = bit.bit_length() - 1
        mask = legal_mask(trump, follow, first)
        if mask & (mask - 1):  # a choice (a forced card draws no random number)
            k = int(rand() * mask.bit_count())
            while k:
                mask &= mask - 1
                k -= 1
        bit = mask & -mask
        follow ^= bit
        code = codes[first][bit.bit_length() - 1]  # close_trick's result, packed
        if code & 1:
            leader = 1 - leader
            lead, follow = follow, lead
        won[leader] += code >> 1
    # The last trick: both play their last card.
    position, points = close_trick(trump, lead.bit_length() - 1, follow.bit_length() - 1, True)
    won[leader ^ position] += points
    return settle(maker, (won[0], won[1]))


def bench_random_hands(seconds: float = 1.0, rules: KlaberjassRules | None = None) -> float:
    """Random hands per second on this core (processor time, measured for ``seconds``)."""
    import time  # the benchmark's clock; nothing else in the engine reads one

    rng = random.Random(1)
    hands, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(500):
            random_hand(rng, rules)
        hands += 500
    return hands / elapsed
