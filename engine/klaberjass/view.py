"""What one seat may see of a Klaberjass match: for bots and renderers alike.

Never the opponent's cards nor the stock: only the own hand, the turn-up (and, after a
swap, the 7 that replaced it: the swap is public, so the opponent knows who holds the old
turn-up), the bids, the tricks, the sequences announced (their cards once scored after the
first trick), Bela once shown, and the scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.actions import Action, BidKind
from engine.cards import CARDS, Card, Suit, indices_of
from engine.events import Declaration, DeclarationKind, TrickWon
from engine.klaberjass.rules import KlaberjassRules
from engine.phase import Phase

if TYPE_CHECKING:
    from engine.klaberjass.match import KlaberjassMatch


@dataclass(frozen=True, slots=True)
class KlaberjassView:
    seat: int
    phase: Phase
    hand_number: int
    dealer: int | None
    to_move: int | None
    hand: tuple[Card, ...]  # own cards still held
    legal: tuple[Action, ...]  # empty unless this seat is to move
    turn_up: Card | None  # the card turned up after the first six
    table_card: Card | None  # face up now: the turn-up, or the trump 7 after a swap
    swapped_by: int | None
    bids: tuple[tuple[int, BidKind, Suit | None], ...]  # (seat, bid, suit named or taken)
    trump: Suit | None
    maker: int | None
    leader: int | None
    trick: tuple[tuple[int, Card], ...]  # (seat, card) on the table, in play order
    tricks: tuple[TrickWon, ...]
    own_sequences: tuple[Declaration, ...]
    announced: tuple[tuple[int, int], ...]  # (seat, sequence points) announced so far
    declarations: tuple[Declaration, ...]  # shown: scored sequences after trick 1, Bela
    hand_points: tuple[int, int]  # trick points of this hand so far
    hand_totals: tuple[int, int]  # trick points, scored sequences and Bela, before the maker rule
    scores: tuple[int, int]
    target: int
    winner: int | None
    rules: KlaberjassRules  # the table's rule options: a bot plays by them

    @property
    def elder(self) -> int | None:
        return None if self.dealer is None else 1 - self.dealer

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card seen played this hand, tricks and table."""
        return tuple(c for t in self.tricks for c in t.cards) + tuple(c for _, c in self.trick)


def observe(match: KlaberjassMatch, seat: int) -> KlaberjassView:
    hand = match.hand
    if hand is None:
        return KlaberjassView(
            seat, match.phase, 0, None, None, (), (), None, None, None, (), None, None, None,
            (), (), (), (), (), (0, 0), (0, 0), match.scores, match.rules.target, match.winner,
            match.rules,
        )  # fmt: skip
    sequences = [d for d in hand.declarations() if d.kind == DeclarationKind.SEQUENCE]
    own = tuple(d for d in sequences if d.seat == seat)
    announced = tuple(
        (s, sum(p for _, p in hand.sequences[s]))
        for s in (hand.elder, hand.dealer)
        if hand.sequences[s] and hand.has_played(s)
    )
    shown = tuple(
        d
        for d in hand.declarations()
        if d.kind == DeclarationKind.BELA or (hand.tricks and hand.declaration_scored(d))
    )
    bids = tuple(
        (b.seat, b.kind, hand.proposed if b.kind is BidKind.TAKE else b.suit) for b in hand.bids
    )
    return KlaberjassView(
        seat=seat,
        phase=match.phase,
        hand_number=match.hand_number,
        dealer=hand.dealer,
        to_move=match.to_move,
        hand=tuple(CARDS[c] for c in indices_of(hand.held[seat])),
        legal=tuple(match.legal_actions()) if match.to_move == seat else (),
        turn_up=CARDS[hand.turn_up],
        table_card=hand.table_card,
        swapped_by=hand.swapped_by,
        bids=bids,
        trump=hand.trump,
        maker=hand.maker,
        leader=hand.leader if hand.trump is not None else None,
        trick=tuple(zip(hand.trick_seats(), (CARDS[c] for c in hand.trick), strict=True)),
        tricks=hand.tricks,
        own_sequences=own,
        announced=announced,
        declarations=shown,
        hand_points=hand.points,
        hand_totals=hand.own_totals,
        scores=match.scores,
        target=match.rules.target,
        winner=match.winner,
        rules=match.rules,
    )
