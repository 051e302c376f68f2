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
from collections.abc import Callable

from engine.bots.sampling import DealSampler
from engine.bots.schieber_info import SchieberInfo
from engine.bots.schieber_policy import play_card
from engine.bots.schieber_rules import PUSH_BELOW, contract_values
from engine.bots.search import Budget, SearchResult, run_search
from engine.cards import indices_of
from engine.schieber import core
from engine.schieber.rules import SchieberRules
from engine.schieber.weis import weis_credit, weis_summary

EXACT_TRICKS = 3  # this few tricks left (the current one included): solved, not rolled out
PUSH = len(core.CONTRACTS)  # search_contract's candidate after the six contracts
NO_BONUS = (0, 0, 0, 0)
ATTACK = ((True, False, True, False), (False, True, False, True))  # by the maker's team
WORLD_TRIES = 20  # deals drawn to find one that agrees with the Weis and the choices
PLAUSIBLE = 40.0  # how far below its best a seat's choice may be valued by our rules


def rollout(
    rules: SchieberRules,
    ci: int,
    hands: list[int],
    leader: int,
    trick: list[int],
    done: int,
    won: tuple[int, int],
    maker: int = 0,
) -> tuple[int, int]:
    """Play the hand out with ``play_card`` for every seat, each seeing the real hands
    (this is one sampled deal); the points each team takes from here on, the Match
    included, before the multiplier.

    ``done`` tricks are complete (``won`` of them per team) and ``trick`` is on the table.
    ``hands`` is used up.
    """
    points, close_trick = core.points_table(rules, ci), core.close_trick
    score = [0, 0]
    tricks_won = list(won)
    attack = ATTACK[maker & 1]
    trick = list(trick)
    seat = (leader + len(trick)) & 3
    while True:
        while len(trick) < 4:
            c = play_card(ci, seat, hands[seat], trick, hands, NO_BONUS, None, attack[seat])
            hands[seat] ^= 1 << c
            trick.append(c)
            seat = (seat + 1) & 3
        done += 1
        position, pts = close_trick(ci, points, trick, done == core.TRICKS)
        team = (leader + position) & 1
        score[team] += pts
        tricks_won[team] += 1
        if done == core.TRICKS:
            break
        leader = seat = (leader + position) & 3
        trick = []
    return (
        score[0] + core.match_bonus(rules, tricks_won[0]),
        score[1] + core.match_bonus(rules, tricks_won[1]),
    )


def exact(
    rules: SchieberRules,
    ci: int,
    hands: list[int],
    leader: int,
    trick: list[int],
    done: int,
    won: list[int],
    alpha: float = -1e9,
    beta: float = 1e9,
) -> float:
    """The rest of the hand played perfectly in this deal (alpha-beta over the teams):
    team 0's points minus team 1's from here (with the Match; ``won`` counts the tricks
    each team took so far), before the multiplier.  ``trick`` may be complete."""
    n = len(trick)
    if n == 4:
        return _closed(rules, ci, hands, leader, trick, done, won, alpha, beta)
    seat = (leader + n) & 3
    maximize = not seat & 1
    best = -1e9 if maximize else 1e9
    for c in indices_of(core.legal_mask(ci, hands[seat], trick)):
        hands[seat] ^= 1 << c
        trick.append(c)
        value = exact(rules, ci, hands, leader, trick, done, won, alpha, beta)
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
    rules: SchieberRules,
    ci: int,
    hands: list[int],
    leader: int,
    trick: list[int],
    done: int,
    won: list[int],
    alpha: float,
    beta: float,
) -> float:
    """``exact`` once ``trick`` is complete: its points, then the rest searched in the
    window shifted by them (the value is the rest plus the trick)."""
    last = done + 1 == core.TRICKS
    position, pts = core.close_trick(ci, core.points_table(rules, ci), trick, last)
    team = (leader + position) & 1
    won[team] += 1
    if last:
        pts += core.match_bonus(rules, won[team])
    signed = pts if team == 0 else -pts
    value: float = signed
    if not last:
        winner = (leader + position) & 3
        value += exact(rules, ci, hands, winner, [], done + 1, won,
                               alpha - signed, beta - signed)  # fmt: skip
    won[team] -= 1
    return value


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
    ci, seat, me, rules = info.ci, info.seat, info.seat & 1, info.rules
    done = sum(info.tricks_won)
    trick = list(info.trick)
    endgame = core.TRICKS - done <= EXACT_TRICKS

    def sample_values() -> list[float]:
        hands = worlds.sample(rng)
        row = []
        for c in candidates:
            h = list(hands)
            h[seat] ^= 1 << c
            if endgame:
                value = exact(rules, ci, h, info.leader, [*trick, c], done, list(info.tricks_won))
                row.append(value if me == 0 else -value)
                continue
            score = rollout(rules, ci, h, info.leader, [*trick, c], done, info.tricks_won,
                            info.maker)  # fmt: skip
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
    stoeck = core.stoeck_holder(rules, ci, hands)
    if stoeck is not None:
        score[stoeck & 1] += core.STOECK_POINTS
    played = rollout(rules, ci, list(hands), forehand, [], 0, (0, 0), maker)
    m = core.multiplier(rules, ci)
    return (score[0] + played[0]) * m, (score[1] + played[1]) * m


def search_contract(
    info: SchieberInfo,
    may_push: bool,
    partner_choice: Callable[[int, SchieberRules], int],  # the partner's contract if pushed
    rng: random.Random,
    budget: Budget,
) -> SearchResult:
    """Candidates 0-5 (the contracts) and, if ``may_push``, ``PUSH``: each over deals of
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
        for ci in range(PUSH):
            score = hand_value(rules, ci, hands, info.forehand, seat)
            row.append(score[me] - score[1 - me])
        if may_push:
            row.append(row[partner_choice(hands[partner], rules)])
        return row

    return run_search(PUSH + 1 if may_push else PUSH, sample_values, budget)
