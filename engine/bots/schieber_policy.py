"""A fast rule-based Schieber card player on plain ints.

One function, ``play_card``, serves twice: the medium bot calls it with the cards each
other seat *may* hold (inferred from its observation), and the hard bot's rollouts call
it with the cards each seat *does* hold in a sampled deal.  Either way it reasons about
the same things: who wins the trick so far, whether a later opponent could still beat
it, which cards are the best left in their suit, and where the trumps are.

>>> from engine.cards import Card, mask_of
>>> codes = lambda s: mask_of(Card.from_code(c) for c in s.split())
>>> hand = codes("SA S10 S6 HK")  # spades trump; partner (seat 0) led the trump Jack
>>> others = [codes("DA D6 D7"), codes("HA H7 H8"), hand, codes("H9 S7 S8 S9")]
>>> trick = [Card.from_code("SJ").index, Card.from_code("H6").index]
>>> Card.at(play_card(0, 2, hand, trick, others)).code  # the Puur wins: smear the Ten
'S10'
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots.base import p_none
from engine.cards import RANK_OF, SUIT_MASK, SUIT_OF, Rank, indices_of
from engine.schieber.core import KEY, POINTS, follow_mask


def _beat_table(ci: int, led: int) -> tuple[int, ...]:
    key = KEY[ci][led]
    return tuple(sum(1 << o for o in range(36) if key[o] > key[c]) for c in range(36))


# BEAT[ci][led][c]: the cards that beat ``c`` in a trick led in suit ``led``.
BEAT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_beat_table(ci, led) for led in range(4)) for ci in range(6)
)
# ABOVE[ci][c]: the cards of c's own suit that beat it (c is the best left if none is out).
ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(BEAT[ci][SUIT_OF[c]][c] & SUIT_MASK[SUIT_OF[c]] for c in range(36)) for ci in range(6)
)
# STRENGTH[ci][c]: the card's rank within its own suit, higher is stronger (0-8).
STRENGTH: tuple[tuple[int, ...], ...] = tuple(
    tuple(KEY[ci][SUIT_OF[c]][c] - (100 if ci < 4 and SUIT_OF[c] == ci else 0) for c in range(36))
    for ci in range(6)
)


# What a card's rank is worth to keep, by its strength in its suit (0-8): the top
# cards win tricks later, the middle ones only guard.
_KEEP = (0, 1, 2, 3, 4, 6, 10, 16, 24)


def _dump_cost(ci: int, c: int) -> int:
    """What giving ``c`` away costs: its points and what its rank may still win;
    trumps dearly."""
    cost = POINTS[ci][c] * 2 + _KEEP[STRENGTH[ci][c]]
    if ci < 4 and SUIT_OF[c] == ci:
        cost += 40 + 4 * STRENGTH[ci][c]
    return cost


def _smear_value(ci: int, c: int) -> int:
    """How gladly ``c`` goes onto a trick the partner surely wins (schmieren): its
    points, less what its rank may still win."""
    if ci < 4 and SUIT_OF[c] == ci:
        rank = RANK_OF[c]
        if rank in (Rank.JACK, Rank.NINE, Rank.ACE):
            return -100 - STRENGTH[ci][c]
        return POINTS[ci][c] // 2 - 20 - STRENGTH[ci][c]
    return POINTS[ci][c] * 4 - _KEEP[STRENGTH[ci][c]]


DUMP_COST = tuple(tuple(_dump_cost(ci, c) for c in range(36)) for ci in range(6))
SMEAR = tuple(tuple(_smear_value(ci, c) for c in range(36)) for ci in range(6))


SMEAR_SAFE = 0.6  # smear when the partner keeps the trick at least this likely
WIN_SAFE = 0.65  # a winner counts as safe when it holds at least this likely
PULL_DEFENDING = 3  # defenders draw trumps only with the best one and this many
RUFF_LOW = 10  # points on the table worth a low trump
RUFF_HIGH = 14  # points on the table worth the Puur, the Nell or the trump Ace
BOSS_KEEP = 20  # what the best card left of a suit is worth keeping, beyond its rank


def play_card(
    ci: int,
    seat: int,
    hand: int,
    trick: Sequence[int],
    possible: Sequence[int],
    lead_bonus: Sequence[int] = (0, 0, 0, 0),
    counts: Sequence[int] | None = None,
    attack: bool = True,
) -> int:
    """The card ``seat`` plays onto ``trick`` (card indices from the leader on).

    ``possible[s]`` is a mask of the cards seat ``s`` may hold (``possible[seat]`` is
    ignored).  With ``counts`` (cards each seat holds) the others' cards are uncertain and
    risks are weighed as odds; without, ``possible`` are the very hands (a rollout).
    ``lead_bonus`` favours leading a suit (the partner's signals); ``attack`` says the
    seat's team named the contract.
    """
    n = len(trick)
    if n == 0:
        if hand & (hand - 1) == 0:
            return hand.bit_length() - 1
        return _lead(ci, seat, hand, possible, lead_bonus, attack)
    led = SUIT_OF[trick[0]]
    key = KEY[ci][led]
    points = POINTS[ci]
    best, best_key, best_pos, total = trick[0], key[trick[0]], 0, points[trick[0]]
    for i in range(1, n):
        c = trick[i]
        total += points[c]
        if key[c] > best_key:
            best, best_key, best_pos = c, key[c], i
    legal = follow_mask(ci, hand, led, best if best_key >= 100 else None)
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    beat = BEAT[ci][led]
    partner_wins = (n - best_pos) & 1 == 0  # the partner played 2 cards before us
    winners = legal & beat[best]
    safe = -1
    if counts is None:  # the very hands: a card is safe if no later opponent beats it
        threat = possible[(seat + 1) & 3] if n < 3 else 0  # the one opponent still to play
        if partner_wins and not threat & beat[best]:
            return _smear(ci, legal, possible, seat)
        for w in indices_of(winners):
            if (safe < 0 or key[w] < key[safe]) and not threat & beat[w]:
                safe = w
    else:
        later = [(seat + k) & 3 for k in range(1, 4 - n) if k & 1]  # opponents to play

        def odds(card: int) -> float:
            p = 1.0
            for s in later:
                p *= p_none(possible[s], counts[s], beat[card])
            return p

        if partner_wins and odds(best) >= SMEAR_SAFE:
            return _smear(ci, legal, possible, seat)
        for w in indices_of(winners):
            if (safe < 0 or key[w] < key[safe]) and odds(w) >= WIN_SAFE:
                safe = w
    if safe >= 0:
        if ci < 4 and SUIT_OF[safe] == ci and led != ci:
            # Ruffing (or over-ruffing) costs a trump: only for the points on the table
            # (the top trumps only for many), or when only trumps are left anyway.
            strong = STRENGTH[ci][safe] >= 6  # the Puur, the Nell, the trump Ace
            worth = total >= (RUFF_HIGH if strong else RUFF_LOW) or not legal & ~SUIT_MASK[ci]
            if worth and not partner_wins:
                return safe
        elif not partner_wins or total >= 10:
            return safe
    return _dump(ci, legal, possible, seat)


def _dump(ci: int, legal: int, possible: Sequence[int], seat: int) -> int:
    """The card that costs least to give away; the best card left of a suit is kept."""
    others = possible[(seat + 1) & 3] | possible[(seat + 2) & 3] | possible[(seat + 3) & 3]
    cost, above = DUMP_COST[ci], ABOVE[ci]
    best, best_cost = -1, 1 << 30
    for c in indices_of(legal):
        v = cost[c] if above[c] & others else cost[c] + BOSS_KEEP
        if v < best_cost:
            best, best_cost = c, v
    return best


def _smear(ci: int, legal: int, possible: Sequence[int], seat: int) -> int:
    others = possible[(seat + 1) & 3] | possible[(seat + 2) & 3] | possible[(seat + 3) & 3]
    value, above = SMEAR[ci], ABOVE[ci]
    best, best_value = -1, -(1 << 30)
    for c in indices_of(legal):
        v = value[c]
        if not above[c] & others:
            v -= BOSS_KEEP  # a card that is the best left wins a trick of its own later
        if v > best_value:
            best, best_value = c, v
    return best


def _lead(
    ci: int, seat: int, hand: int, possible: Sequence[int], bonus: Sequence[int], attack: bool
) -> int:
    partner = possible[(seat + 2) & 3]
    opps = possible[(seat + 1) & 3] | possible[(seat + 3) & 3]
    others = opps | partner
    above, strength, points = ABOVE[ci], STRENGTH[ci], POINTS[ci]
    trumps = SUIT_MASK[ci] if ci < 4 else 0
    my_trumps = hand & trumps
    if my_trumps and opps & trumps and (attack or my_trumps.bit_count() >= PULL_DEFENDING):
        top = max(indices_of(my_trumps), key=strength.__getitem__)
        if not above[top] & others:
            return top  # the best trump left draws the opponents' trumps
    # Ruffers: opponents who may be void in a suit but may still hold trumps.
    o1, o3 = possible[(seat + 1) & 3], possible[(seat + 3) & 3]
    cash, cash_value = -1, -1
    low, low_cost = -1, 1 << 30
    for s in range(4):
        if s == ci:
            continue
        cards = hand & SUIT_MASK[s]
        if not cards:
            continue
        suit = SUIT_MASK[s]
        ruffable = trumps and ((not o1 & suit and o1 & trumps) or (not o3 & suit and o3 & trumps))
        length = cards.bit_count()
        # A low lead is best where the partner surely holds the best card left out.
        out = others & suit
        top_out = max(indices_of(out), key=strength.__getitem__) if out else -1
        partner_top = top_out >= 0 and partner >> top_out & 1 and not opps >> top_out & 1
        for c in indices_of(cards):
            if not above[c] & others:
                if not ruffable:
                    v = points[c] + 2 * length + 4 * bonus[s]
                    if v > cash_value:
                        cash, cash_value = c, v
                continue
            cost = points[c] * 4 + strength[c] - 3 * length - 12 * bonus[s]
            if partner_top:
                cost -= 6
            if ruffable:
                cost += 8
            if cost < low_cost:
                low, low_cost = c, cost
    if cash >= 0:
        return cash
    if low >= 0:
        return low
    # Only trumps (or only boss cards with nothing left out): the cheapest of them.
    return min(indices_of(hand), key=lambda c: (points[c] * 4 + strength[c], c))
