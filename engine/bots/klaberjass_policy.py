"""A fast rule-based Klaberjass card player on plain ints.

Like ``schieber_policy``, ``play_card`` serves the medium bot (with the cards the
opponent may hold) and the hard bot's rollouts (with the cards he does hold in a
sampled deal).  Leading: a maker long in trumps draws the opponent's with the best one
left, the best cards left of a side suit he cannot ruff are cashed, else a cheap card goes,
from a short suit for choice.
Following: the cheapest card that wins a trick worth winning, else the cheapest card.

>>> from engine.cards import Card, mask_of
>>> codes = lambda s: mask_of(Card.from_code(c) for c in s.split())
>>> hand = codes("SA S10 HJ H7")  # hearts trump, the opponent led the spade King:
>>> Card.at(play_card(1, hand, Card.from_code("SK").index, codes("SQ H9"))).code  # the Ten wins it
'S10'
"""

from __future__ import annotations

from engine.bots.base import p_none
from engine.cards import PIQUET_DECK, SUIT_MASK, SUIT_OF, indices_of
from engine.klaberjass.core import KEY, POINTS, legal_mask


def _beat_table(t: int, led: int) -> tuple[int, ...]:
    key = KEY[t][led]
    return tuple(sum(1 << o for o in range(36) if key[o] > key[c]) & PIQUET_DECK for c in range(36))


BEAT = tuple(tuple(_beat_table(t, led) for led in range(4)) for t in range(4))
ABOVE = tuple(
    tuple(BEAT[t][SUIT_OF[c]][c] & SUIT_MASK[SUIT_OF[c]] for c in range(36)) for t in range(4)
)
STRENGTH = tuple(
    tuple(KEY[t][SUIT_OF[c]][c] - (100 if SUIT_OF[c] == t else 0) for c in range(36))
    for t in range(4)
)
_KEEP = (0, 1, 2, 4, 7, 11, 16, 22)  # what a rank (0-7 in its suit) may still win


def _dump_cost(t: int, c: int) -> int:
    strength = max(0, STRENGTH[t][c])
    cost = POINTS[t][c] * 2 + _KEEP[strength]
    if SUIT_OF[c] == t:
        cost += 40 + 4 * strength
    return cost


DUMP_COST = tuple(tuple(_dump_cost(t, c) for c in range(36)) for t in range(4))


PULL_MAKER = 4  # the maker draws trumps with the best one left holding this many
PULL_DEFENDER = 9  # the other player never does (measured: it loses points)
SHORT_SUIT = 3  # a low lead from a short suit (to ruff it later) is this much cheaper a card
TRUMP_SAFE = 0.5  # draw trumps when the opponent holds one at least this likely


def play_card(
    trump: int,
    hand: int,
    led: int,
    opp: int,
    count: int | None = None,
    maker: bool = True,
) -> int:
    """The card to play: lead if ``led`` is -1, else follow it.  ``opp`` is a mask of the
    cards the opponent may hold, ``count`` how many he holds (None: ``opp`` is his very
    hand, as in a rollout), ``maker`` whether we made trump."""
    legal = legal_mask(trump, hand, led)
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if led < 0:
        return _lead(trump, hand, opp, opp.bit_count() if count is None else count, maker)
    suit = SUIT_OF[led]
    points = POINTS[trump]
    winners = legal & BEAT[trump][suit][led]
    if winners:
        key = KEY[trump][suit]
        w = min(indices_of(winners), key=key.__getitem__)
        if SUIT_OF[w] != trump or suit == trump or points[led] + points[w] >= 10:
            return w
        if winners == legal:
            return w
    cost = DUMP_COST[trump]
    return min(indices_of(legal), key=cost.__getitem__)


def _lead(trump: int, hand: int, opp: int, count: int, maker: bool) -> int:
    trumps = SUIT_MASK[trump]
    above, points = ABOVE[trump], POINTS[trump]
    strength = STRENGTH[trump]
    my_trumps = hand & trumps
    opp_trumps = 1.0 - p_none(opp, count, trumps)
    pull = PULL_MAKER if maker else PULL_DEFENDER
    if my_trumps.bit_count() >= pull and opp_trumps >= TRUMP_SAFE:
        top = max(indices_of(my_trumps), key=strength.__getitem__)
        if not above[top] & opp:
            return top
    cash, cash_value = -1, -1
    low, low_cost = -1, 1 << 30
    cost = DUMP_COST[trump]
    for s in range(4):
        if s == trump:
            continue
        cards = hand & SUIT_MASK[s]
        if not cards:
            continue
        void = p_none(opp, count, SUIT_MASK[s])
        ruffable = void * opp_trumps >= 0.5
        length = cards.bit_count()
        for c in indices_of(cards):
            if not above[c] & opp and not ruffable:
                if points[c] + 1 > cash_value:
                    cash, cash_value = c, points[c] + 1
                continue
            v = cost[c] + SHORT_SUIT * length + (8 if ruffable else 0)
            if v < low_cost:
                low, low_cost = c, v
    if cash >= 0:
        return cash
    if low >= 0:
        return low
    return min(indices_of(hand), key=cost.__getitem__)
