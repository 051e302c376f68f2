"""The hard Schieber bot's search: sampled deals, policy rollouts, contracts by simulation.

>>> import random
>>> from engine.actions import Deal
>>> from engine.schieber.match import SchieberMatch
>>> m, _ = SchieberMatch.new().apply(Deal(seed=3))
>>> info = SchieberInfo.of(m.observation(m.to_move))
>>> world = WorldSampler(info).sample(random.Random(1))
>>> [h.bit_count() for h in world], world[info.seat] == info.hand
([9, 9, 9, 9], True)
"""

from __future__ import annotations

import random

from engine.bots.base import bits
from engine.bots.sampling import DealSampler
from engine.bots.schieber_info import SchieberInfo
from engine.bots.schieber_policy import play_card
from engine.bots.schieber_rules import PUSH_BELOW, contract_values
from engine.bots.search import Budget, SearchResult, run_search
from engine.cards import Rank
from engine.schieber.core import (
    CONTRACTS,
    KEY,
    LAST_TRICK_BONUS,
    MATCH_BONUS,
    POINTS,
    POINTS_SIX_ELEVEN,
    UNDENUFE,
    legal_mask,
)
from engine.schieber.playout import weis_credit
from engine.schieber.rules import SchieberRules
from engine.schieber.weis import weis_summary

EXACT_TRICKS = 3  # this few tricks left (the current one included): solved, not rolled out
RANDOM_ROLLOUTS = False  # measured against: random legal cards in the rollouts
NO_BONUS = (0, 0, 0, 0)
ATTACK = ((True, False, True, False), (False, True, False, True))  # by the maker's team
WORLD_TRIES = 20  # deals drawn to find one that agrees with the Weis and the choices
PLAUSIBLE = 40.0  # how far below its best a seat's choice may be valued by our rules


def points_table(rules: SchieberRules, ci: int) -> tuple[int, ...]:
    return POINTS_SIX_ELEVEN if ci == UNDENUFE and rules.undenufe_six_eleven else POINTS[ci]


def rollout(
    ci: int,
    hands: list[int],
    leader: int,
    trick: list[int],
    done: int,
    won: tuple[int, int],
    points: tuple[int, ...],
    match_bonus: bool,
    maker: int = 0,
    rng: random.Random | None = None,
) -> tuple[int, int]:
    """Play the hand out with ``play_card`` for every seat, each seeing the real hands
    (this is one sampled deal); the points each team takes from here on.

    ``done`` tricks are complete (``won`` of them per team) and ``trick`` is on the table.
    ``hands`` is used up.  With ``rng``, every seat plays random legal cards instead (the
    plain Monte Carlo baseline the policy is measured against).
    """
    score = [0, 0]
    w0, w1 = won
    attack = ATTACK[maker & 1]
    trick = list(trick)
    seat = (leader + len(trick)) & 3
    while True:
        while len(trick) < 4:
            if rng is None:
                c = play_card(ci, seat, hands[seat], trick, hands, NO_BONUS, None, attack[seat])
            else:
                c = rng.choice(bits(legal_mask(ci, hands[seat], trick)))
            hands[seat] ^= 1 << c
            trick.append(c)
            seat = (seat + 1) & 3
        key = KEY[ci][_suit(trick[0])]
        best = 0
        for i in (1, 2, 3):
            if key[trick[i]] > key[trick[best]]:
                best = i
        winner = (leader + best) & 3
        pts = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
        done += 1
        if winner & 1:
            w1 += 1
        else:
            w0 += 1
        if done == 9:
            score[winner & 1] += pts + LAST_TRICK_BONUS
            break
        score[winner & 1] += pts
        leader = seat = winner
        trick = []
    if match_bonus:
        if w0 == 9:
            score[0] += MATCH_BONUS
        elif w1 == 9:
            score[1] += MATCH_BONUS
    return score[0], score[1]


def exact(
    ci: int,
    hands: list[int],
    leader: int,
    trick: list[int],
    done: int,
    won: list[int],
    points: tuple[int, ...],
    match_bonus: bool,
    alpha: float = -1e9,
    beta: float = 1e9,
) -> float:
    """The rest of the hand played perfectly in this deal (alpha-beta over the teams):
    team 0's points minus team 1's from here (with the match bonus; ``won`` counts the
    tricks each team took so far).  ``trick`` may be complete (four cards)."""
    n = len(trick)
    if n == 4:
        return _closed(ci, hands, leader, trick, done, won, points, match_bonus, alpha, beta)
    seat = (leader + n) & 3
    legal = hands[seat] if not n else legal_mask(ci, hands[seat], trick)
    maximize = not seat & 1
    best = -1e9 if maximize else 1e9
    for c in bits(legal):
        hands[seat] ^= 1 << c
        trick.append(c)
        value = exact(ci, hands, leader, trick, done, won, points, match_bonus, alpha, beta)
        trick.pop()
        hands[seat] ^= 1 << c
        if maximize:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def _closed(
    ci: int,
    hands: list[int],
    leader: int,
    trick: list[int],
    done: int,
    won: list[int],
    points: tuple[int, ...],
    match_bonus: bool,
    alpha: float,
    beta: float,
) -> float:
    """``exact`` once ``trick`` is complete: its points, then the rest searched in the
    window shifted by them (the value is the rest plus the trick)."""
    key = KEY[ci][_suit(trick[0])]
    w = max(range(4), key=lambda i: key[trick[i]])
    winner = (leader + w) & 3
    pts = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
    team = winner & 1
    won[team] += 1
    if done + 1 == 9:
        pts += LAST_TRICK_BONUS
        if match_bonus and won[team] == 9:
            pts += MATCH_BONUS
        value = pts if team == 0 else -pts
    else:
        signed = pts if team == 0 else -pts
        rest = exact(ci, hands, winner, [], done + 1, won, points, match_bonus,
                     alpha - signed, beta - signed)  # fmt: skip
        value = rest + signed
    won[team] -= 1
    return value


def _suit(c: int) -> int:
    return c // 9


class WorldSampler:
    """Deals of the unseen cards to the other three seats, consistent with ``info``.

    The constraints that make a deal impossible (counts, voids, shown cards) bind every
    deal.  The announced Weis points, and how plausibly each seat chose as it did (the
    maker's contract among its options, a push from a weak hand), are checked on a few
    deals drawn in turn, and the first that agrees, else the one that agrees most, is
    kept: a deal where the maker would never have named this contract is unlikely.
    """

    def __init__(self, info: SchieberInfo) -> None:
        self.info = info
        need = [info.counts[s] - info.known[s].bit_count() for s in range(4)]
        need[info.seat] = 0
        self.sampler = DealSampler(info.pool, need, info.forbidden)
        self.checks = [
            (s, total, info.played_by[s])
            for s, total in enumerate(info.weis_total)
            if total is not None and s != info.seat
        ]
        self.maker = info.maker if info.maker not in (-1, info.seat) else None
        pusher = info.forehand if info.pushed else None
        self.pusher = pusher if pusher != info.seat else None

    def sample(self, rng: random.Random) -> list[int]:
        info = self.info
        best, best_misses = None, 1 << 30
        for _ in range(WORLD_TRIES):
            hands = self.sampler.sample(rng)
            for s in range(4):
                hands[s] |= info.known[s]
            hands[info.seat] = info.hand
            misses = self._misses(hands)
            if misses < best_misses:
                best, best_misses = hands, misses
                if not misses:
                    break
        assert best is not None
        return best

    def _misses(self, hands: list[int]) -> int:
        info, ci = self.info, self.info.ci
        misses = 0
        for s, total, played in self.checks:
            summary = weis_summary(hands[s] | played, ci)
            if (summary[0] if summary else 0) != total:
                misses += 4
        if self.maker is not None:
            values = contract_values(hands[self.maker] | info.played_by[self.maker], info.rules)
            top = max(values)
            if values[ci] < top - PLAUSIBLE:
                misses += 1
            if self.maker == info.forehand and top < PUSH_BELOW - PLAUSIBLE:
                misses += 1  # so weak a forehand would have pushed
        if self.pusher is not None:
            values = contract_values(hands[self.pusher] | info.played_by[self.pusher], info.rules)
            if max(values) > PUSH_BELOW + PLAUSIBLE:
                misses += 1  # so strong a forehand would have named
        return misses


def search_card(
    info: SchieberInfo, candidates: list[int], rng: random.Random, budget: Budget
) -> SearchResult:
    """Each candidate card of ``info.seat`` over sampled deals: its team's points minus
    the others' from here to the end of the hand."""
    worlds = WorldSampler(info)
    ci, seat, me = info.ci, info.seat, info.seat & 1
    points = points_table(info.rules, ci)
    match_bonus = info.rules.match_bonus
    done = sum(info.tricks_won)
    trick = list(info.trick)
    rollout_rng = rng if RANDOM_ROLLOUTS else None
    endgame = 9 - done <= EXACT_TRICKS

    def sample_values() -> list[float]:
        hands = worlds.sample(rng)
        row = []
        for c in candidates:
            h = list(hands)
            h[seat] ^= 1 << c
            if endgame:
                value = exact(ci, h, info.leader, [*trick, c], done, list(info.tricks_won),
                              points, match_bonus)  # fmt: skip
                row.append(value if me == 0 else -value)
                continue
            score = rollout(ci, h, info.leader, [*trick, c], done, info.tricks_won, points,
                            match_bonus, info.maker, rollout_rng)  # fmt: skip
            row.append(score[me] - score[1 - me])
        return row

    return run_search(len(candidates), sample_values, budget)


def hand_value(
    rules: SchieberRules, ci: int, hands: list[int], forehand: int, maker: int
) -> tuple[int, int]:
    """A whole hand in contract ``ci`` played by the policy: each team's points, multiplied."""
    score = [0, 0]
    if rules.weis:
        team, weis = weis_credit(hands, ci, forehand)
        if team is not None:
            score[team] += weis
    if rules.stoeck and ci < 4:
        pair = 1 << (ci * 9 + Rank.KING) | 1 << (ci * 9 + Rank.QUEEN)
        for s in range(4):
            if hands[s] & pair == pair:
                score[s & 1] += 20
    played = rollout(ci, list(hands), forehand, [], 0, (0, 0), points_table(rules, ci),
                     rules.match_bonus, maker)  # fmt: skip
    m = rules.multiplier(CONTRACTS[ci])
    return (score[0] + played[0]) * m, (score[1] + played[1]) * m


def search_contract(
    info: SchieberInfo,
    may_push: bool,
    partner_choice,  # (partner's hand, rules) -> contract index, when pushed to
    rng: random.Random,
    budget: Budget,
) -> SearchResult:
    """Candidates 0-5 (the contracts) and, if ``may_push``, 6 (push): each over deals of
    the other 27 cards, valued as the team's points minus the others', multiplied."""
    need = [9, 9, 9, 9]
    need[info.seat] = 0
    sampler = DealSampler(info.pool, need, [0, 0, 0, 0])
    seat, me, rules = info.seat, info.seat & 1, info.rules
    partner = (seat + 2) & 3

    def sample_values() -> list[float]:
        hands = sampler.sample(rng)
        hands[seat] = info.hand
        row: list[float] = []
        for ci in range(6):
            score = hand_value(rules, ci, hands, info.forehand, seat)
            row.append(score[me] - score[1 - me])
        if may_push:
            row.append(row[partner_choice(hands[partner], rules)])
        return row

    return run_search(7 if may_push else 6, sample_values, budget)
