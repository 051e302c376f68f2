"""What one seat may see of a Schieber match: for bots and renderers alike.

Never another player's cards: only the own hand, what lies on the table, the tricks,
the Weis announced (their cards once scored after the first trick) and the scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.actions import Action, Contract
from engine.cards import CARDS, Card, indices_of
from engine.events import Declaration, DeclarationKind, TrickWon
from engine.phase import Phase
from engine.schieber.rules import SchieberRules

if TYPE_CHECKING:
    from engine.schieber.match import SchieberMatch


@dataclass(frozen=True, slots=True)
class SchieberView:
    seat: int
    phase: Phase
    hand_number: int
    dealer: int | None
    to_move: int | None
    hand: tuple[Card, ...]  # own cards still held
    legal: tuple[Action, ...]  # empty unless this seat is to move
    contract: Contract | None
    maker: int | None
    pushed: bool
    leader: int | None
    trick: tuple[tuple[int, Card], ...]  # (seat, card) on the table, in play order
    tricks: tuple[TrickWon, ...]
    own_weis: tuple[Declaration, ...]
    announced: tuple[tuple[int, int], ...]  # (seat, Weis points) announced so far
    declarations: tuple[Declaration, ...]  # shown: scored Weis after trick 1, Stöck
    hand_points: tuple[int, int]  # trick points of this hand so far
    hand_credited: tuple[int, int]  # what this hand put on the sheet so far
    scores: tuple[int, int]
    target: int
    winner: int | None
    rules: SchieberRules  # the table's rule options: a bot plays by them

    @property
    def forehand(self) -> int | None:
        return None if self.dealer is None else (self.dealer + 1) % 4

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card seen played this hand, tricks and table."""
        return tuple(c for t in self.tricks for c in t.cards) + tuple(c for _, c in self.trick)


def observe(match: SchieberMatch, seat: int) -> SchieberView:
    hand = match.hand
    if hand is None:
        return SchieberView(
            seat, match.phase, 0, None, None, (), (), None, None, False, None, (), (), (), (),
            (), (0, 0), (0, 0), match.scores, match.rules.target, match.winner,
            match.rules,
        )  # fmt: skip
    own = tuple(
        d for d in hand.declarations() if d.seat == seat and d.kind != DeclarationKind.STOECK
    )
    played_first = set(hand.trick_seats()) if not hand.tricks else set(range(4))
    announced = tuple(
        (s, sum(w[2] for w in hand.weis[s]))
        for s in ((hand.forehand + i) % 4 for i in range(4))
        if s in played_first and hand.weis[s]
    )
    shown = tuple(
        d
        for d in hand.declarations()
        if d.kind == DeclarationKind.STOECK or (hand.tricks and hand.declaration_scored(d))
    )
    return SchieberView(
        seat=seat,
        phase=match.phase,
        hand_number=match.hand_number,
        dealer=hand.dealer,
        to_move=match.to_move,
        hand=tuple(CARDS[c] for c in indices_of(hand.held[seat])),
        legal=tuple(match.legal_actions()) if match.to_move == seat else (),
        contract=hand.contract,
        maker=hand.maker,
        pushed=hand.pushed,
        leader=hand.leader,
        trick=tuple(zip(hand.trick_seats(), (CARDS[c] for c in hand.trick), strict=True)),
        tricks=hand.tricks,
        own_weis=own,
        announced=announced,
        declarations=shown,
        hand_points=hand.points,
        hand_credited=hand.credited,
        scores=match.scores,
        target=match.rules.target,
        winner=match.winner,
        rules=match.rules,
    )
