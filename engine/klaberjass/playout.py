"""Fast random Klaberjass hands on plain ints, for bots' simulations and the benchmark.

The same ``core`` tables as the hand state, none of its dataclasses.  Every random choice
is ``int(rng.random() * n)`` over the options in the order ``KlaberjassHand.legal_actions``
lists them: round 1 take, pass; round 2 the three other suits in suit order, then pass;
the legal cards in card-index order.  The trump 7 is always swapped when it may be.  A
driver of the hand state that chooses the same way reaches the same totals.

>>> import random
>>> a, b = random_hand(random.Random(3))
>>> a >= 0 and b >= 0 and a + b <= 162 + 2 * 50 + 20
True
"""

from __future__ import annotations

import random

from engine.cards import SUIT_MASK, SUIT_OF
from engine.klaberjass.core import (
    BELA_PAIR,
    BELA_POINTS,
    KEY,
    LAST_TRICK_BONUS,
    POINTS,
    RUNS,
    SEVEN,
    TRUMPS_ABOVE,
)
from engine.klaberjass.hand import DECK
from engine.klaberjass.rules import KlaberjassRules

_BIT = tuple(1 << c for c in range(36))
_OTHER_SUITS = tuple(tuple(s for s in range(4) if s != p) for p in range(4))


def _suit_sequences(bits: int) -> tuple[int, int]:
    """(sequence points, key of the best sequence without the trump flag) of a suit mask."""
    runs = RUNS[bits]
    if not runs:
        return 0, 0
    points = [20 if n == 3 else 50 for _, n in runs]
    best = max(p * 16 + 8 - top for p, (top, _) in zip(points, runs, strict=True))
    return sum(points), best


_SUIT_SEQUENCES = tuple(_suit_sequences(m) for m in range(512))


def _sequences(hand: int, trump: int) -> tuple[int, int]:
    """(all sequence points, key of the best sequence) of a hand; key 0 if none."""
    total = best = 0
    for s in (0, 1, 2, 3):
        points, key = _SUIT_SEQUENCES[hand >> (9 * s) & 511]
        if points:
            total += points
            key = key * 2 + (s == trump)
            if key > best:
                best = key
    return total, best


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
        seven = _BIT[SEVEN[trump]]
        for s in (elder, dealer):
            if held[s] & seven:
                held[s] ^= seven | _BIT[turn_up]
                break
    seq0, key0 = _sequences(held[0], trump)
    seq1, key1 = _sequences(held[1], trump)
    pair = BELA_PAIR[trump]
    bela = 0 if held[0] & pair == pair else 1 if held[1] & pair == pair else -1

    trumps, keys, points = SUIT_MASK[trump], KEY[trump], POINTS[trump]
    suit_of, suit_mask, above = SUIT_OF, SUIT_MASK, TRUMPS_ABOVE
    leader = elder
    lead, follow = held[elder], held[dealer]  # the hands of the leader and the other
    won = [0, 0]
    for _ in range(9):
        # The leader plays any card: the k-th of his hand in card order.
        mask = lead
        k = int(rand() * mask.bit_count())
        while k:
            mask &= mask - 1
            k -= 1
        bit = mask & -mask
        lead ^= bit
        first = bit.bit_length() - 1
        # The other follows, trumps or over-trumps, as core.legal_mask says.
        suit = suit_of[first]
        mask = follow & trumps
        if suit == trump:
            mask = mask & above[first] or mask or follow
        else:
            mask = follow & suit_mask[suit] or mask or follow
        k = int(rand() * mask.bit_count())
        while k:
            mask &= mask - 1
            k -= 1
        bit = mask & -mask
        follow ^= bit
        second = bit.bit_length() - 1
        key = keys[suit]
        if key[second] > key[first]:
            leader = 1 - leader
            lead, follow = follow, lead
        won[leader] += points[first] + points[second]
    won[leader] += LAST_TRICK_BONUS

    if key0 > key1:
        won[0] += seq0
    elif key1 > key0:
        won[1] += seq1
    if bela >= 0:
        won[bela] += BELA_POINTS
    a, b = won
    if maker == 0:
        return (a, b) if a > b else (0, a + b)
    return (a, b) if b > a else (a + b, 0)


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
