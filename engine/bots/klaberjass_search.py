"""The hard Klaberjass bot's search: sampled deals, policy rollouts, bids by simulation.

Every value is the seat's settled total minus the opponent's, after the maker rule, so
the search weighs the maker's risk exactly as the score sheet will.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.actions import BidKind
from engine.bots import klaberjass_rules
from engine.bots.klaberjass_features import expected
from engine.bots.klaberjass_info import KlaberjassInfo
from engine.bots.klaberjass_policy import play_card
from engine.bots.klaberjass_rules import BidChoice
from engine.bots.sampling import DealSampler
from engine.bots.search import Budget, SearchResult, run_search
from engine.cards import SUIT_OF, indices_of
from engine.klaberjass.core import (
    BELA_POINTS,
    SEVEN,
    TRICKS,
    bela_holder,
    close_trick,
    declared_points,
    legal_mask,
    sequence_summary,
    settle,
    swapped,
)

WORLD_TRIES = 20  # deals drawn to find one that agrees with his sequences and bids
PLAUSIBLE = 25.0  # how far our rules' value of a hand may miss a bid he made
EXACT_TRICKS = 5  # this few tricks left (the current one included): solved, not rolled out

# A bid in a simulation: (maker, trump, named), or None when both pass twice.
Contract = tuple[int, int, bool] | None
# How the other bids of a simulated deal are made: (seat, six cards, turn-up, bids so
# far, dealer) -> bid.
BidRule = Callable[[int, int, int, int, int], BidChoice]


def rollout(
    trump: int, hands: list[int], leader: int, led: int, done: int, maker: int = -1
) -> list[int]:
    """Trick points each seat takes from here (the last-trick bonus included), both
    playing ``play_card`` with sight of the other's hand; ``hands`` is used up."""
    score = [0, 0]
    while done < TRICKS:
        if led < 0:
            opp = hands[1 - leader]
            led = play_card(trump, hands[leader], -1, opp, None, leader == maker)
            hands[leader] ^= 1 << led
        other = 1 - leader
        second = play_card(trump, hands[other], led, hands[leader])
        hands[other] ^= 1 << second
        done += 1
        position, points = close_trick(trump, led, second, done == TRICKS)
        if position:
            leader = other
        score[leader] += points
        led = -1
    return score


def bid_misses(info: KlaberjassInfo, six: int) -> int:
    """How many of the opponent's bids our own rules would not have made with ``six``."""
    if not info.opp_bids:
        return 0
    take_above, name_above = klaberjass_rules.TAKE_ABOVE, klaberjass_rules.NAME_ABOVE
    elder = info.opp != info.dealer
    proposed, turn_up = info.proposed, info.turn_up
    misses = 0
    for number, kind in info.opp_bids:
        if number < 2:
            value = expected(six, proposed, turn_up, named=False, elder=elder)
            if (kind is BidKind.PASS and value > take_above + PLAUSIBLE) or (
                kind is BidKind.TAKE and value < take_above - PLAUSIBLE
            ):
                misses += 1
        elif kind is BidKind.PASS:
            best = max(expected(six, t, turn_up, True, elder) for t in range(4) if t != proposed)
            misses += best > name_above + PLAUSIBLE
        elif expected(six, info.trump, turn_up, True, elder) < name_above - PLAUSIBLE:
            misses += 1
    return misses


class WorldSampler:
    """The opponent's hand (and the stock) in play, consistent with ``info``.

    Counts, voids and shown cards bind every deal; his announced sequences and how
    plausibly he bid as he did are checked on a few deals drawn in turn, keeping the
    first that agrees, else the one that agrees most.
    """

    def __init__(self, info: KlaberjassInfo) -> None:
        self.info = info
        pool = info.pool
        need_opp = info.opp_count - info.opp_known.bit_count()
        self.sampler = DealSampler(
            pool, [need_opp, pool.bit_count() - need_opp], [info.opp_forbidden, 0]
        )

    def sample(self, rng: random.Random) -> int:
        info = self.info
        best, best_misses = 0, 1 << 30
        for _ in range(WORLD_TRIES):
            opp = self.sampler.sample(rng)[0] | info.opp_known
            misses = self._misses(opp, rng)
            if misses < best_misses:
                best, best_misses = opp, misses
                if not misses:
                    break
        return best

    def _misses(self, opp: int, rng: random.Random) -> int:
        info = self.info
        nine = opp | info.played_by[info.opp]
        misses = 0
        if info.opp_sequences is not None and not info.done:
            misses += 4 * (sequence_summary(nine, info.trump)[0] != info.opp_sequences)
        if info.opp_bids:
            if info.swapped_by == info.opp:  # he bid holding the 7, not the turn-up
                nine = nine & ~(1 << info.turn_up) | 1 << SEVEN[info.trump]
            cards = indices_of(nine)
            rng.shuffle(cards)  # his last three were any three of these
            six = sum(1 << c for c in cards[:6])
            misses += bid_misses(info, six)
        return misses


def search_card(
    info: KlaberjassInfo, candidates: list[int], rng: random.Random, budget: Budget
) -> SearchResult:
    """Each candidate card over sampled deals: the settled difference at the hand's end."""
    worlds = WorldSampler(info)
    seat, opp, trump = info.seat, info.opp, info.trump
    endgame = TRICKS - info.done <= EXACT_TRICKS

    def sample_values() -> list[float]:
        opp_hand = worlds.sample(rng)
        hands = [0, 0]
        hands[seat], hands[opp] = info.hand, opp_hand
        base = list(info.hand_points)
        if info.done:
            # Sequences are settled and shown; Bela still to come counts for its holder.
            base = list(info.hand_totals)
            if not info.bela_shown:
                bela = bela_holder([hands[s] | info.played_by[s] for s in (0, 1)], trump)
                if bela is not None:
                    base[bela] += BELA_POINTS
        else:
            full = [hands[s] | info.played_by[s] for s in (0, 1)]
            extra = declared_points(full, trump)
            base = [base[0] + extra[0], base[1] + extra[1]]
        row = []
        for c in candidates:
            h = list(hands)
            h[seat] ^= 1 << c
            if endgame:
                row.append(_exact_after(info, h, c, base))
                continue
            if info.led >= 0:
                score = _finish_trick(trump, h, info.leader, info.led, c, info.done, info.maker)
            else:
                score = _after_lead(trump, h, seat, c, info.done, info.maker)
            totals = (base[0] + score[0], base[1] + score[1])
            settled = settle(info.maker, totals)
            row.append(settled[seat] - settled[opp])
        return row

    return run_search(len(candidates), sample_values, budget)


def exact(
    trump: int,
    hands: list[int],
    leader: int,
    led: int,
    done: int,
    totals: list[int],
    maker: int,
    me: int,
    alpha: float = -1e9,
    beta: float = 1e9,
) -> float:
    """The end of the hand played perfectly by both in this deal (alpha-beta): ``me``'s
    settled total minus the opponent's.  ``totals`` are both totals so far."""
    if done == TRICKS:
        settled = settle(maker, (totals[0], totals[1]))
        return settled[me] - settled[1 - me]
    mover = leader if led < 0 else 1 - leader
    maximize = mover == me
    best = -1e9 if maximize else 1e9
    for c in indices_of(legal_mask(trump, hands[mover], led)):
        hands[mover] ^= 1 << c
        if led < 0:
            value = exact(trump, hands, leader, c, done, totals, maker, me, alpha, beta)
        else:
            position, pts = close_trick(trump, led, c, done + 1 == TRICKS)
            winner = mover if position else leader
            totals[winner] += pts
            value = exact(trump, hands, winner, -1, done + 1, totals, maker, me, alpha, beta)
            totals[winner] -= pts
        hands[mover] ^= 1 << c
        if maximize:
            if value > best:
                best = value
            alpha = max(alpha, value)
        else:
            if value < best:
                best = value
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def _exact_after(info: KlaberjassInfo, hands: list[int], card: int, base: list[int]) -> float:
    """The exact value of ``card`` in one deal, the rest played perfectly."""
    trump, seat, totals = info.trump, info.seat, list(base)
    if info.led < 0:
        return exact(trump, hands, seat, card, info.done, totals, info.maker, seat)
    position, pts = close_trick(trump, info.led, card, info.done + 1 == TRICKS)
    winner = seat if position else info.leader
    totals[winner] += pts
    return exact(trump, hands, winner, -1, info.done + 1, totals, info.maker, seat)


def _after_lead(
    trump: int, hands: list[int], leader: int, card: int, done: int, maker: int
) -> list[int]:
    return rollout(trump, hands, leader, card, done, maker)


def _finish_trick(
    trump: int, hands: list[int], leader: int, led: int, second: int, done: int, maker: int
) -> list[int]:
    done += 1
    position, pts = close_trick(trump, led, second, done == TRICKS)
    winner = 1 - leader if position else leader
    if done == TRICKS:
        score = [0, 0]
        score[winner] = pts
        return score
    score = rollout(trump, hands, winner, -1, done, maker)
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
        for s in (1 - dealer, dealer):
            if held[s] >> SEVEN[trump] & 1:
                held[s] = swapped(held[s], trump, turn_up)
                break
    base = declared_points(held, trump)
    score = rollout(trump, list(held), 1 - dealer, -1, 0, maker)
    settled = settle(maker, (base[0] + score[0], base[1] + score[1]))
    return float(settled[seat] - settled[1 - seat])


def finish_bidding(dealer: int, six: list[int], turn_up: int, bids: int, rule: BidRule) -> Contract:
    """The rest of the bidding after ``bids`` bids, each made by ``rule``."""
    proposed = SUIT_OF[turn_up]
    while bids < 4:
        seat = (1 - dealer) if bids % 2 == 0 else dealer
        bid = rule(seat, six[seat], turn_up, bids, dealer)
        if bid.kind is BidKind.TAKE and bids < 2:
            return seat, proposed, False
        if bid.kind is BidKind.NAME and bids >= 2 and bid.suit != proposed:
            return seat, bid.suit, True
        bids += 1
    return None


def search_bid(
    info: KlaberjassInfo,
    options: list[BidChoice],
    rule: BidRule,
    rng: random.Random,
    budget: Budget,
) -> SearchResult:
    """Each bid option (take, pass or a suit to name) over sampled deals: the other
    six cards, both players' last three and the stock."""
    seat, opp, dealer = info.seat, info.opp, info.dealer
    pool = info.pool
    sampler = DealSampler(pool, [6, 3, 3, pool.bit_count() - 12], [0, 0, 0, 0])
    proposed = info.proposed

    def sample_values() -> list[float]:
        for _ in range(WORLD_TRIES):
            opp_six, my_extra, opp_extra, _ = sampler.sample(rng)
            if not bid_misses(info, opp_six):
                break
        six, extra = [0, 0], [0, 0]
        six[seat], six[opp] = info.hand, opp_six
        extra[seat], extra[opp] = my_extra, opp_extra
        row = []
        for option in options:
            if option.kind is BidKind.TAKE:
                contract: Contract = (seat, proposed, False)
            elif option.kind is BidKind.PASS:
                contract = finish_bidding(dealer, six, info.turn_up, info.bids + 1, rule)
            else:
                contract = (seat, option.suit, True)
            row.append(deal_value(seat, dealer, six, extra, info.turn_up, contract))
        return row

    return run_search(len(options), sample_values, budget)
