"""The three bot levels; each plays both games, telling them apart by the observation.

>>> import random
>>> from engine.actions import Deal
>>> from engine.schieber.match import SchieberMatch
>>> m, _ = SchieberMatch.new().apply(Deal(seed=1))
>>> seat = m.to_move
>>> action = MediumBot().choose(m.observation(seat), m.legal_actions(), random.Random(0))
>>> action in m.legal_actions()
True
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.actions import Action, Bid, BidKind, Choose, Play, Push, Swap
from engine.bots import klaberjass_easy, klaberjass_rules, schieber_easy, schieber_rules
from engine.bots.klaberjass_info import KlaberjassInfo
from engine.bots.klaberjass_policy import play_card as klaberjass_card
from engine.bots.klaberjass_rules import BidChoice
from engine.bots.klaberjass_search import search_bid
from engine.bots.klaberjass_search import search_card as klaberjass_search_card
from engine.bots.schieber_info import SchieberInfo
from engine.bots.schieber_search import PUSH, search_contract
from engine.bots.schieber_search import search_card as schieber_search_card
from engine.bots.search import Budget, SearchResult
from engine.klaberjass.view import KlaberjassView
from engine.schieber.core import CONTRACTS
from engine.schieber.rules import SchieberRules
from engine.schieber.view import SchieberView


def _play(legal: Sequence[Action], card: int) -> Action:
    for a in legal:
        if isinstance(a, Play) and a.card.index == card:
            return a
    raise ValueError(f"card {card} is not among the legal actions")


def _cards(legal: Sequence[Action]) -> list[int]:
    return [a.card.index for a in legal if isinstance(a, Play)]


def _choose(legal: Sequence[Action], ci: int | None) -> Action:
    for a in legal:
        if ci is None and isinstance(a, Push):
            return a
        if ci is not None and isinstance(a, Choose) and a.contract is CONTRACTS[ci]:
            return a
    raise ValueError("that contract is not among the legal actions")


def _bid(legal: Sequence[Action], bid: BidChoice) -> Action:
    for a in legal:
        if isinstance(a, Bid) and _choice(a) == bid:
            return a
    return next(a for a in legal if isinstance(a, Bid) and a.kind is BidKind.PASS)


def _choice(bid: Bid) -> BidChoice:
    if bid.kind is BidKind.NAME:
        assert bid.suit is not None
        return BidChoice(bid.kind, int(bid.suit))
    return BidChoice(bid.kind)


def _swap(legal: Sequence[Action]) -> Action | None:
    """The trump 7 is always worth swapping for the turn-up."""
    return next((a for a in legal if isinstance(a, Swap)), None)


class _Level:
    """Dispatch on the game; subclasses fill in the four decisions.  The table's rule
    options come with the observation (``view.rules``)."""

    def choose(
        self, observation: Any, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        legal = list(legal_actions)
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if isinstance(observation, SchieberView):
            info = SchieberInfo.of(observation)
            if isinstance(legal[0], Play):
                return _play(legal, self.schieber_card(info, _cards(legal), rng))
            may_push = any(isinstance(a, Push) for a in legal)
            return _choose(legal, self.schieber_contract(info, may_push, rng))
        if isinstance(observation, KlaberjassView):
            swap = _swap(legal)
            if swap is not None:
                return swap
            seen = KlaberjassInfo.of(observation)
            if isinstance(legal[0], Play):
                return _play(legal, self.klaberjass_card(seen, _cards(legal), rng))
            options = [_choice(a) for a in legal if isinstance(a, Bid)]
            return _bid(legal, self.klaberjass_bid(seen, options, rng))
        raise TypeError(f"not an observation of a game the bots play: {type(observation)}")

    def schieber_contract(
        self, info: SchieberInfo, may_push: bool, rng: random.Random
    ) -> int | None:
        raise NotImplementedError

    def schieber_card(self, info: SchieberInfo, legal: list[int], rng: random.Random) -> int:
        raise NotImplementedError

    def klaberjass_bid(
        self, info: KlaberjassInfo, options: list[BidChoice], rng: random.Random
    ) -> BidChoice:
        raise NotImplementedError

    def klaberjass_card(self, info: KlaberjassInfo, legal: list[int], rng: random.Random) -> int:
        raise NotImplementedError


class EasyBot(_Level):
    """Legal cards with a little sense: for beginners."""

    def schieber_contract(self, info: SchieberInfo, may_push: bool, rng: random.Random) -> int:
        return schieber_easy.choose_contract(info.hand, rng)

    def schieber_card(self, info: SchieberInfo, legal: list[int], rng: random.Random) -> int:
        return schieber_easy.choose_card(info.ci, info.hand, list(info.trick), rng)

    def klaberjass_bid(
        self, info: KlaberjassInfo, options: list[BidChoice], rng: random.Random
    ) -> BidChoice:
        return klaberjass_easy.choose_bid(info.hand, info.turn_up, second_round=info.bids >= 2)

    def klaberjass_card(self, info: KlaberjassInfo, legal: list[int], rng: random.Random) -> int:
        return klaberjass_easy.choose_card(info.trump, info.hand, info.led, rng)


class MediumBot(_Level):
    """Rules of thumb with measured weights; deterministic."""

    def schieber_contract(
        self, info: SchieberInfo, may_push: bool, rng: random.Random
    ) -> int | None:
        return schieber_rules.choose_contract(info.hand, info.rules, may_push)

    def schieber_card(self, info: SchieberInfo, legal: list[int], rng: random.Random) -> int:
        return schieber_rules.choose_card(info)

    def klaberjass_bid(
        self, info: KlaberjassInfo, options: list[BidChoice], rng: random.Random
    ) -> BidChoice:
        return klaberjass_rules.choose_bid(
            info.seat, info.hand, info.turn_up, info.bids, info.dealer
        )

    def klaberjass_card(self, info: KlaberjassInfo, legal: list[int], rng: random.Random) -> int:
        return klaberjass_card(
            info.trump,
            info.hand,
            info.led,
            info.opp_possible,
            info.opp_count,
            info.maker == info.seat,
        )


class HardBot(_Level):
    """Searches: determinized Monte Carlo over deals of the unseen cards (``search``).

    ``budget_s`` is the thinking time per decision on ``clock`` (wall time by default,
    so a player never waits longer; a benchmark may pass ``time.process_time``).
    ``samples``, if given, caps the deals per decision instead, and then no clock is
    read at all: a seeded bot replays exactly.
    """

    def __init__(
        self,
        budget_s: float = 1.0,
        samples: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        on_search: Callable[[SearchResult], None] | None = None,
    ) -> None:
        self._budget = Budget(None if samples is not None else budget_s, samples, clock)
        self.on_search = on_search  # told each search's result (tests and benchmarks)

    @property
    def budget(self) -> Budget:
        return self._budget

    def choose(
        self, observation: Any, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        # The clock runs from the moment the decision starts, reading the observation
        # included; a copy per call keeps the bot itself unchanged (thread-safe).
        timed = copy.copy(self)
        timed._budget = self._budget.start()
        return _Level.choose(timed, observation, legal_actions, rng)

    def _searched(self, result: SearchResult) -> int:
        if self.on_search is not None:
            self.on_search(result)
        return result.best

    def schieber_contract(
        self, info: SchieberInfo, may_push: bool, rng: random.Random
    ) -> int | None:
        def partner_choice(hand: int, rules: SchieberRules) -> int:
            ci = schieber_rules.choose_contract(hand, rules, may_push=False)
            assert ci is not None
            return ci

        result = search_contract(info, may_push, partner_choice, rng, self.budget)
        best = self._searched(result)
        return None if best == PUSH else best

    def schieber_card(self, info: SchieberInfo, legal: list[int], rng: random.Random) -> int:
        return legal[self._searched(schieber_search_card(info, legal, rng, self.budget))]

    def klaberjass_bid(
        self, info: KlaberjassInfo, options: list[BidChoice], rng: random.Random
    ) -> BidChoice:
        rule = klaberjass_rules.choose_bid
        return options[self._searched(search_bid(info, options, rule, rng, self.budget))]

    def klaberjass_card(self, info: KlaberjassInfo, legal: list[int], rng: random.Random) -> int:
        return legal[self._searched(klaberjass_search_card(info, legal, rng, self.budget))]
