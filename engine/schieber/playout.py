"""Fast random Schieber hands on plain ints, for benchmarks and bot searches.

It calls the same rulebook (``core``, ``weis``) as ``SchieberHand``, so a playout obeys
exactly the rules the table enforces; ``test_schieber_rulebook`` checks that both score
a hand alike.
"""

from __future__ import annotations

import random
import time

from engine.cards import SUIT_OF
from engine.schieber import core
from engine.schieber.rules import SchieberRules
from engine.schieber.weis import weis_credit


def play_out(
    rules: SchieberRules, ci: int, hands: list[int], forehand: int, rnd: random.Random
) -> list[int]:
    """Play a dealt hand with random legal cards; the hand's score per team, multiplied.

    Each choice is ``int(rnd.random() * n)`` over the ``n`` legal cards in card order,
    drawn only when there is a choice."""
    follow_mask, close_trick = core.follow_mask, core.close_trick
    keys, suit_of = core.KEY[ci], SUIT_OF
    points = core.points_table(rules, ci)
    score = [0, 0]
    if rules.weis:
        team, weis = weis_credit(hands, ci, forehand)
        if team is not None:
            score[team] += weis
    stoeck = core.stoeck_holder(rules, ci, hands)
    if stoeck is not None:
        score[stoeck & 1] += core.STOECK_POINTS
    leader, tricks_won, rr = forehand, [0, 0], rnd.random
    for _ in range(8):
        # The lead is free; the others play what the core allows.  The best card is
        # kept as the trick grows: the next seat may not undertrump it.
        mask = hands[leader]
        k = int(rr() * mask.bit_count())
        while k:
            mask &= mask - 1
            k -= 1
        bit = mask & -mask
        hands[leader] ^= bit
        card = bit.bit_length() - 1
        led = suit_of[card]
        key = keys[led]
        trick = [card, 0, 0, 0]
        best_card, best_key = card, key[card]
        for i in (1, 2, 3):
            seat = (leader + i) & 3
            # A trump's key is over 100, so a winning trump is the top trump.
            mask = follow_mask(ci, hands[seat], led, best_card if best_key >= 100 else None)
            if mask & (mask - 1):  # a choice (a forced card draws no random number)
                k = int(rr() * mask.bit_count())
                while k:
                    mask &= mask - 1
                    k -= 1
            bit = mask & -mask
            hands[seat] ^= bit
            card = bit.bit_length() - 1
            trick[i] = card
            if key[card] > best_key:
                best_card, best_key = card, key[card]
        position, won = close_trick(ci, points, trick, False)
        leader = (leader + position) & 3
        score[leader & 1] += won
        tricks_won[leader & 1] += 1
    # The last trick: every seat plays its last card.
    a, b, c, d = hands[leader:] + hands[:leader]
    trick = [a.bit_length() - 1, b.bit_length() - 1, c.bit_length() - 1, d.bit_length() - 1]
    position, won = close_trick(ci, points, trick, True)
    leader = (leader + position) & 3
    score[leader & 1] += won
    tricks_won[leader & 1] += 1
    m = core.multiplier(rules, ci)
    return [
        (score[0] + core.match_bonus(rules, tricks_won[0])) * m,
        (score[1] + core.match_bonus(rules, tricks_won[1])) * m,
    ]


_BIT = tuple(1 << c for c in range(36))


def random_hand(rnd: random.Random, rules: SchieberRules) -> list[int]:
    """Deal, choose a random contract, play 36 random legal cards, score."""
    deck = list(range(36))
    # Fisher-Yates from one draw decoded digit by digit (36! < 2**139), then the contract
    # and the forehand: random.shuffle costs three times as much.
    x = rnd.getrandbits(160)
    for i in range(35, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    bit = _BIT.__getitem__
    hands = [sum(map(bit, deck[i : i + 9])) for i in (0, 9, 18, 27)]
    x, ci = divmod(x, 6)
    return play_out(rules, ci, hands, x & 3, rnd)


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
