"""A Klaberjass match: hands in turn until a player reaches the target.

>>> from engine.actions import Deal
>>> m = KlaberjassMatch.new()
>>> m.phase.value, m.to_move, m.rules.target
('deal', None, 501)
>>> m, events = m.apply(Deal(seed=7))
>>> m.phase.value, m.to_move == m.hand.elder, len(m.observation(m.to_move).hand)
('bidding', True, 6)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action, Deal
from engine.errors import IllegalAction
from engine.events import Event, HandAnnulled, HandDealt, HandScored, MatchWon
from engine.flow import MatchFlow
from engine.klaberjass.hand import KlaberjassHand, deal
from engine.klaberjass.rules import KlaberjassRules
from engine.klaberjass.view import KlaberjassView, observe
from engine.phase import Phase


@dataclass(frozen=True, slots=True)
class KlaberjassMatch(MatchFlow):
    rules: KlaberjassRules
    scores: tuple[int, int] = (0, 0)
    hand: KlaberjassHand | None = None
    hand_number: int = 0
    sheet: tuple[tuple[int, int], ...] = ()  # what each hand scored per seat; (0, 0) if annulled
    winner: int | None = None

    game = "klaberjass"
    seats = 2

    @classmethod
    def new(cls, options: dict[str, Any] | None = None) -> KlaberjassMatch:
        return cls(KlaberjassRules.from_options(options))

    @staticmethod
    def side_of(seat: int) -> int:
        """Each player plays for himself."""
        return seat

    def apply(self, action: Action) -> tuple[KlaberjassMatch, list[Event]]:
        if self.winner is not None:
            raise IllegalAction("The match is over.")
        if isinstance(action, Deal):
            return self._deal(action.seed)
        if self.phase is Phase.DEAL:
            raise IllegalAction("The cards have not been dealt yet.")
        assert self.hand is not None
        hand, events, credits = self.hand.apply(action)
        match = replace(self, hand=hand)
        if hand.annulled:
            events.append(HandAnnulled(self.hand_number))
            return replace(match, sheet=self.sheet + ((0, 0),)), events
        if not hand.complete:
            return match, events
        scores = list(self.scores)
        for seat, points in credits:
            scores[seat] += points
        match = replace(match, scores=(scores[0], scores[1]), sheet=self.sheet + (hand.credited,))
        events.append(
            HandScored(
                self.hand_number,
                hand.points,
                hand.credited,
                match.scores,
                maker_failed=hand.maker_failed,
            )
        )
        winner = self._winner(match.scores)
        if winner is not None:
            match = replace(match, winner=winner)
            events.append(MatchWon(winner, match.scores))
        return match, events

    def _winner(self, scores: tuple[int, int]) -> int | None:
        """Who has won after a hand: past the target alone, or the higher of two past it.

        An exact tie past the target plays another hand.
        """
        a, b = scores
        target = self.rules.target
        if a >= target and b >= target:
            return None if a == b else (0 if a > b else 1)
        if a >= target:
            return 0
        if b >= target:
            return 1
        return None

    def _deal(self, seed: int) -> tuple[KlaberjassMatch, list[Event]]:
        if self.phase is not Phase.DEAL:
            raise IllegalAction("A hand is still being played.")
        dealer = None if self.hand is None else 1 - self.hand.dealer
        dealer, hands, turn_up, extra = deal(seed, dealer)
        hand = KlaberjassHand.start(self.rules, dealer, hands, turn_up, extra)
        match = replace(self, hand=hand, hand_number=self.hand_number + 1)
        return match, [HandDealt(match.hand_number, dealer, hand.elder)]

    def observation(self, seat: int) -> KlaberjassView:
        return observe(self, seat)
