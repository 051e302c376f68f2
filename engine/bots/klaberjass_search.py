"""The hard Klaberjass bot's search: sampled deals, policy rollouts, bids by simulation.

Every value is the seat's settled total minus the opponent's, after the maker rule, so
the search weighs the maker's risk exactly as the score sheet will.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.bots.klaberjass_info import KlaberjassInfo
from engine.bots.klaberjass_policy import play_card
from engine.bots.sampling import DealSampler
from engine.bots.search import Budget, SearchResult, run_search
from engine.cards import SUIT_OF
from engine.klaberjass.core import (
    BELA_PAIR,
    BELA_POINTS,
    KEY,
    LAST_TRICK_BONUS,
    POINTS,
    RUNS,
    SEVEN,
    TRICKS,
    settle,
)

SEQUENCE_TRIES = 20  # deals drawn to match the opponent's announced sequences

# A bid in a simulation: (maker, trump, named), or None when both pass twice.
Contract = tuple[int, int, bool] | None
# How the other bids of a simulated deal are made: (seat, six cards, bids so far) -> bid,
# a bid being "take", "pass" or a suit number named.
BidRule = Callable[[int, int, int, int, int], "str | int"]


def sequences(hand: int, trump: int) -> tuple[int, int]:
    """(all sequence points, key of the best sequence) of a hand; key 0 if none."""
    total = best = 0
    for s in range(4):
        for top, n in RUNS[hand >> (9 * s) & 511]:
            p = 20 if n == 3 else 50
            total += p
            key = ((p * 16 + 8 - top) * 2) + (s == trump)
            best = max(best, key)
    return total, best


def declared_points(full: list[int], trump: int) -> list[int]:
    """Per seat: the sequences that score (the best sequence's owner's) and Bela."""
    out = [0, 0]
    (t0, k0), (t1, k1) = sequences(full[0], trump), sequences(full[1], trump)
    if k0 > k1:
        out[0] += t0
    elif k1 > k0:
        out[1] += t1
    pair = BELA_PAIR[trump]
    for s in (0, 1):
        if full[s] & pair == pair:
            out[s] += BELA_POINTS
    return out


def rollout(trump: int, hands: list[int], leader: int, led: int, done: int) -> list[int]:
    """Trick points each seat takes from here (the last-trick bonus included), both
    playing ``play_card`` with sight of the other's hand; ``hands`` is used up."""
    score = [0, 0]
    points = POINTS[trump]
    keys = KEY[trump]
    while done < TRICKS:
        if led < 0:
            led = play_card(trump, hands[leader], -1, hands[1 - leader], None, done)
            hands[leader] ^= 1 << led
        other = 1 - leader
        second = play_card(trump, hands[other], led, hands[leader])
        hands[other] ^= 1 << second
        key = keys[SUIT_OF[led]]
        if key[second] > key[led]:
            leader = other
        done += 1
        score[leader] += points[led] + points[second]
        led = -1
    score[leader] += LAST_TRICK_BONUS
    return score


class WorldSampler:
    """The opponent's hand (and the stock) in play, consistent with ``info``."""

    def __init__(self, info: KlaberjassInfo) -> None:
        self.info = info
        pool = info.pool
        need_opp = info.opp_count - info.opp_known.bit_count()
        self.sampler = DealSampler(
            pool, [need_opp, pool.bit_count() - need_opp], [info.opp_forbidden, 0]
        )

    def sample(self, rng: random.Random) -> int:
        info = self.info
        for _ in range(SEQUENCE_TRIES):
            opp = self.sampler.sample(rng)[0] | info.opp_known
            if info.opp_sequences is None or info.done:
                break
            full = opp | info.played_by[info.opp]
            if sequences(full, info.trump)[0] == info.opp_sequences:
                break
        return opp


def search_card(
    info: KlaberjassInfo, candidates: list[int], rng: random.Random, budget: Budget
) -> SearchResult:
    """Each candidate card over sampled deals: the settled difference at the hand's end."""
    worlds = WorldSampler(info)
    seat, opp, trump = info.seat, info.opp, info.trump

    def sample_values() -> list[float]:
        opp_hand = worlds.sample(rng)
        hands = [0, 0]
        hands[seat], hands[opp] = info.hand, opp_hand
        base = list(info.hand_points)
        if info.done:
            # Sequences are settled and shown; Bela still to come counts for its holder.
            base = list(info.hand_totals)
            if not info.bela_shown:
                pair = BELA_PAIR[trump]
                for s in (0, 1):
                    if (hands[s] | info.played_by[s]) & pair == pair:
                        base[s] += BELA_POINTS
        else:
            full = [hands[s] | info.played_by[s] for s in (0, 1)]
            extra = declared_points(full, trump)
            base = [base[0] + extra[0], base[1] + extra[1]]
        row = []
        for c in candidates:
            h = list(hands)
            h[seat] ^= 1 << c
            if info.led >= 0:
                score = _finish_trick(trump, h, info.leader, info.led, c, info.done)
            else:
                score = _after_lead(trump, h, seat, c, info.done)
            totals = (base[0] + score[0], base[1] + score[1])
            settled = settle(info.maker, totals)
            row.append(settled[seat] - settled[opp])
        return row

    return run_search(len(candidates), sample_values, budget)


def _after_lead(trump: int, hands: list[int], leader: int, card: int, done: int) -> list[int]:
    return rollout(trump, hands, leader, card, done)


def _finish_trick(
    trump: int, hands: list[int], leader: int, led: int, second: int, done: int
) -> list[int]:
    key = KEY[trump][SUIT_OF[led]]
    winner = 1 - leader if key[second] > key[led] else leader
    pts = POINTS[trump][led] + POINTS[trump][second]
    done += 1
    if done == TRICKS:
        score = [0, 0]
        score[winner] = pts + LAST_TRICK_BONUS
        return score
    score = rollout(trump, hands, winner, -1, done)
    score[winner] += pts
    return score


def deal_value(
    seat: int, dealer: int, six: list[int], extra: list[int], turn_up: int, contract: Contract
) -> float:
    """A whole hand played by the policy once bidding ends with ``contract``: ``seat``'s
    settled total minus the opponent's (0 if annulled)."""
    if contract is None:
        return 0.0
    maker, trump, named = contract
    held = [six[0] | extra[0], six[1] | extra[1]]
    if not named:
        seven = 1 << SEVEN[trump]
        for s in (1 - dealer, dealer):
            if held[s] & seven:
                held[s] ^= seven | 1 << turn_up
                break
    base = declared_points(held, trump)
    score = rollout(trump, list(held), 1 - dealer, -1, 0)
    settled = settle(maker, (base[0] + score[0], base[1] + score[1]))
    return float(settled[seat] - settled[1 - seat])


def finish_bidding(dealer: int, six: list[int], turn_up: int, bids: int, rule: BidRule) -> Contract:
    """The rest of the bidding after ``bids`` bids, each made by ``rule``."""
    proposed = SUIT_OF[turn_up]
    while bids < 4:
        seat = (1 - dealer) if bids % 2 == 0 else dealer
        bid = rule(seat, six[seat], turn_up, bids, dealer)
        if bid == "take" and bids < 2:
            return seat, proposed, False
        if isinstance(bid, int) and bids >= 2 and bid != proposed:
            return seat, bid, True
        bids += 1
    return None


def search_bid(
    info: KlaberjassInfo,
    options: list[str | int],
    rule: BidRule,
    rng: random.Random,
    budget: Budget,
) -> SearchResult:
    """Each bid option ("take", "pass" or a suit to name) over sampled deals: the other
    six cards, both players' last three and the stock."""
    seat, opp, dealer = info.seat, info.opp, info.dealer
    pool = info.pool
    sampler = DealSampler(pool, [6, 3, 3, pool.bit_count() - 12], [0, 0, 0, 0])
    proposed = info.proposed

    def sample_values() -> list[float]:
        opp_six, my_extra, opp_extra, _ = sampler.sample(rng)
        six, extra = [0, 0], [0, 0]
        six[seat], six[opp] = info.hand, opp_six
        extra[seat], extra[opp] = my_extra, opp_extra
        row = []
        for option in options:
            if option == "take":
                contract: Contract = (seat, proposed, False)
            elif option == "pass":
                contract = finish_bidding(dealer, six, info.turn_up, info.bids + 1, rule)
            else:
                contract = (seat, int(option), True)
            row.append(deal_value(seat, dealer, six, extra, info.turn_up, contract))
        return row

    return run_search(len(options), sample_values, budget)
