"""A Schieber match: hands in turn until a team reaches the target.

>>> from engine.actions import Deal
>>> m = SchieberMatch.new()
>>> m.phase.value, m.to_move
('deal', None)
>>> m, events = m.apply(Deal(seed=7))
>>> m.phase.value, m.to_move == m.hand.forehand
('contract', True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action, Deal
from engine.errors import IllegalAction
from engine.events import Event, HandDealt, HandScored, MatchWon
from engine.flow import MatchFlow
from engine.phase import Phase
from engine.schieber.hand import SchieberHand, clubs_seven_dealer, deal
from engine.schieber.rules import SchieberRules
from engine.schieber.view import SchieberView, observe


@dataclass(frozen=True, slots=True)
class SchieberMatch(MatchFlow):
    rules: SchieberRules
    scores: tuple[int, int] = (0, 0)
    hand: SchieberHand | None = None
    hand_number: int = 0
    sheet: tuple[tuple[int, int], ...] = ()  # what each finished hand scored, per team
    winner: int | None = None

    game = "schieber"
    seats = 4

    @classmethod
    def new(cls, options: dict[str, Any] | None = None) -> SchieberMatch:
        return cls(SchieberRules.from_options(options))

    @staticmethod
    def side_of(seat: int) -> int:
        """The team a seat plays for."""
        return seat % 2

    def apply(self, action: Action) -> tuple[SchieberMatch, list[Event]]:
        if self.winner is not None:
            raise IllegalAction("The match is over.")
        if isinstance(action, Deal):
            return self._deal(action.seed)
        if self.phase is Phase.DEAL:
            raise IllegalAction("The cards have not been dealt yet.")
        assert self.hand is not None
        hand, events, credits = self.hand.apply(action)
        scores = list(self.scores)
        for team, points in credits:
            scores[team] += points
            if scores[team] >= self.rules.target:
                return self._won(hand, (scores[0], scores[1]), team, events)
        match = replace(self, hand=hand, scores=(scores[0], scores[1]))
        if hand.complete:
            match = replace(match, sheet=self.sheet + (hand.credited,))
            events.append(self._scored(hand, match.scores))
        return match, events

    def _deal(self, seed: int) -> tuple[SchieberMatch, list[Event]]:
        if self.phase is not Phase.DEAL:
            raise IllegalAction("A hand is still being played.")
        hands = deal(seed)
        dealer = clubs_seven_dealer(hands) if self.hand is None else (self.hand.dealer + 1) % 4
        hand = SchieberHand.start(self.rules, dealer, hands)
        match = replace(self, hand=hand, hand_number=self.hand_number + 1)
        return match, [HandDealt(match.hand_number, dealer, hand.forehand)]

    def _won(
        self, hand: SchieberHand, scores: tuple[int, int], team: int, events: list[Event]
    ) -> tuple[SchieberMatch, list[Event]]:
        """A team reached the target at a credit: the rest of the hand is not played."""
        assert self.hand is not None
        # Credits of this trick after the winning one are not counted.
        credited = [self.hand.credited[t] + scores[t] - self.scores[t] for t in (0, 1)]
        counted = (credited[0], credited[1])
        match = replace(
            self,
            hand=hand,
            scores=scores,
            winner=team,
            sheet=self.sheet + (counted,),
        )
        events.append(self._scored(hand, match.scores, counted))
        events.append(MatchWon(team, match.scores))
        return match, events

    def _scored(
        self, hand: SchieberHand, scores: tuple[int, ...], totals: tuple[int, ...] | None = None
    ) -> HandScored:
        totals = hand.credited if totals is None else totals
        return HandScored(self.hand_number, hand.points, totals, scores, match_by=hand.match_team)

    def observation(self, seat: int) -> SchieberView:
        return observe(self, seat)
