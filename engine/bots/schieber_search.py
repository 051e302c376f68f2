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

from engine.bots.sampling import DealSampler
from engine.bots.schieber_info import SchieberInfo
from engine.bots.schieber_policy import play_card
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
)
from engine.schieber.playout import weis_credit
from engine.schieber.rules import SchieberRules
from engine.schieber.weis import weis_summary

NO_BONUS = (0, 0, 0, 0)
ATTACK = ((True, False, True, False), (False, True, False, True))  # by the maker's team
WEIS_TRIES = 20  # deals drawn to satisfy the announced Weis before one is taken anyway


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
) -> tuple[int, int]:
    """Play the hand out with ``play_card`` for every seat, each seeing the real hands
    (this is one sampled deal); the points each team takes from here on.

    ``done`` tricks are complete (``won`` of them per team) and ``trick`` is on the table.
    ``hands`` is used up.
    """
    score = [0, 0]
    w0, w1 = won
    attack = ATTACK[maker & 1]
    trick = list(trick)
    seat = (leader + len(trick)) & 3
    while True:
        while len(trick) < 4:
            c = play_card(ci, seat, hands[seat], trick, hands, NO_BONUS, None, attack[seat])
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


def _suit(c: int) -> int:
    return c // 9


class WorldSampler:
    """Deals of the unseen cards to the other three seats, consistent with ``info``."""

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

    def sample(self, rng: random.Random) -> list[int]:
        info = self.info
        for _ in range(WEIS_TRIES):
            hands = self.sampler.sample(rng)
            for s in range(4):
                hands[s] |= info.known[s]
            hands[info.seat] = info.hand
            if self._weis_agree(hands):
                break
        return hands

    def _weis_agree(self, hands: list[int]) -> bool:
        ci = self.info.ci
        for s, total, played in self.checks:
            summary = weis_summary(hands[s] | played, ci)
            if (summary[0] if summary else 0) != total:
                return False
        return True


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

    def sample_values() -> list[float]:
        hands = worlds.sample(rng)
        row = []
        for c in candidates:
            h = list(hands)
            h[seat] ^= 1 << c
            score = rollout(ci, h, info.leader, [*trick, c], done, info.tricks_won, points,
                            match_bonus, info.maker)  # fmt: skip
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
