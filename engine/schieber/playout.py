"""Fast random Schieber hands on plain ints, for benchmarks and bot searches.

It calls the same ``core`` functions as ``SchieberHand``, so a playout obeys exactly the
rules the table enforces; a property test checks that both score a hand alike.
"""

from __future__ import annotations

import random
import time

from engine.cards import SUIT_OF, Rank
from engine.schieber import core
from engine.schieber.rules import SchieberRules
from engine.schieber.weis import weis_summary


def random_bit(mask: int, rnd: random.Random) -> int:
    """The index of a uniformly chosen set bit of ``mask``."""
    for _ in range(int(rnd.random() * mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def weis_credit(hands: list[int], ci: int, forehand: int) -> tuple[int | None, int]:
    """The team whose Weis count and their points (unmultiplied)."""
    best, team, totals = None, None, [0, 0]
    for i in range(4):
        seat = (forehand + i) & 3
        summary = weis_summary(hands[seat], ci)
        if summary is None:
            continue
        totals[seat & 1] += summary[0]
        if best is None or summary[1] > best:
            best, team = summary[1], seat & 1
    return team, (totals[team] if team is not None else 0)


def play_out(
    rules: SchieberRules, ci: int, hands: list[int], forehand: int, rnd: random.Random
) -> list[int]:
    """Play a dealt hand with random legal cards; the hand's score per team, multiplied."""
    follow_mask, keys, suit_of = core.follow_mask, core.KEY[ci], SUIT_OF
    points = core.POINTS[ci]
    if ci == core.UNDENUFE and rules.undenufe_six_eleven:
        points = core.POINTS_SIX_ELEVEN
    score = [0, 0]
    if rules.weis:
        team, weis = weis_credit(hands, ci, forehand)
        if team is not None:
            score[team] += weis
    if rules.stoeck and ci < 4:
        pair = 1 << (ci * 9 + Rank.KING) | 1 << (ci * 9 + Rank.QUEEN)
        for seat in range(4):
            if hands[seat] & pair == pair:
                score[seat & 1] += 20
    leader, tricks_won, rr = forehand, [0, 0], rnd.random
    for _ in range(9):
        # The lead is free; the others play what the core allows.  The winner is kept
        # as the trick grows, which saves a pass over it.
        mask = hands[leader]
        k = int(rr() * mask.bit_count())
        while k:
            mask &= mask - 1
            k -= 1
        card = (mask & -mask).bit_length() - 1
        hands[leader] ^= 1 << card
        led = suit_of[card]
        key = keys[led]
        best, best_card, best_key, total = leader, card, key[card], points[card]
        for k in (1, 2, 3):
            seat = (leader + k) & 3
            # A trump's key is over 100, so a winning trump is the top trump.
            mask = follow_mask(ci, hands[seat], led, best_card if best_key >= 100 else None)
            k = int(rr() * mask.bit_count())
            while k:
                mask &= mask - 1
                k -= 1
            card = (mask & -mask).bit_length() - 1
            hands[seat] ^= 1 << card
            total += points[card]
            if key[card] > best_key:
                best, best_card, best_key = seat, card, key[card]
        leader = best
        score[best & 1] += total
        tricks_won[best & 1] += 1
    score[leader & 1] += core.LAST_TRICK_BONUS
    if rules.match_bonus and 9 in tricks_won:
        score[tricks_won.index(9)] += core.MATCH_BONUS
    m = rules.multiplier(core.CONTRACTS[ci])
    return [score[0] * m, score[1] * m]


_BIT = tuple(1 << c for c in range(36))


def random_hand(rnd: random.Random, rules: SchieberRules) -> list[int]:
    """Deal, choose a random contract, play 36 random legal cards, score."""
    deck, rr = list(range(36)), rnd.random
    for i in range(35, 0, -1):  # Fisher-Yates; random.shuffle costs twice as much
        j = int(rr() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    bit = _BIT.__getitem__
    hands = [sum(map(bit, deck[i : i + 9])) for i in (0, 9, 18, 27)]
    return play_out(rules, int(rr() * 6), hands, int(rr() * 4), rnd)


def bench_random_hands(seconds: float, rules: SchieberRules | None = None) -> float:
    """Random hands per second on this core."""
    rules = rules or SchieberRules()
    rnd = random.Random(1)
    n, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(200):
            random_hand(rnd, rules)
        n += 200
    return n / elapsed
