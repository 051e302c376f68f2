"""What happened, in order: ``apply`` returns these for renderers and the service."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.actions import BidKind, Contract
from engine.cards import Card, Suit


class DeclarationKind(enum.StrEnum):
    """What a declaration is; the value is the hand record's word for it."""

    SEQUENCE = "sequence"
    FOUR = "four"  # four of a kind (Schieber)
    STOECK = "stoeck"  # Schieber: the trump King and Queen
    BELA = "bela"  # Klaberjass: the trump King and Queen


@dataclass(frozen=True, slots=True)
class Declaration:
    """A Weis or meld: a sequence, four of a kind, Stöck or Bela."""

    seat: int
    kind: DeclarationKind
    cards: tuple[Card, ...]
    points: int

    @property
    def name(self) -> str:
        n = len(self.cards)
        if self.kind == DeclarationKind.SEQUENCE:
            return {3: "three in a row", 4: "four in a row"}.get(n, f"{n} in a row")
        if self.kind == DeclarationKind.FOUR:
            return f"four {self.cards[0].rank.code}s"
        return "Stöck" if self.kind == DeclarationKind.STOECK else "Bela"

    def __str__(self) -> str:
        return f"{self.name} {' '.join(map(str, self.cards))} ({self.points})"


@dataclass(frozen=True, slots=True)
class HandDealt:
    hand_number: int
    dealer: int
    first_to_act: int  # Schieber forehand, Klaberjass elder


@dataclass(frozen=True, slots=True)
class ContractPushed:
    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class ContractChosen:
    seat: int
    contract: Contract
    pushed: bool


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: int
    kind: BidKind
    suit: Suit | None


@dataclass(frozen=True, slots=True)
class TrumpFixed:
    maker: int
    trump: Suit


@dataclass(frozen=True, slots=True)
class HandAnnulled:
    hand_number: int


@dataclass(frozen=True, slots=True)
class TrumpSwapped:
    seat: int
    given: Card
    taken: Card


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class WeisAnnounced:
    """Announced with the player's first card; the cards are shown after the first trick."""

    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class DeclarationsScored:
    """After the first trick: the Weis (Klaberjass: sequences) that count and those that don't."""

    scored: tuple[Declaration, ...]
    lost: tuple[Declaration, ...]
    side: int | None  # team (Schieber) or seat (Klaberjass) that scores; None if nobody
    points: int  # as credited (Schieber: multiplied)


@dataclass(frozen=True, slots=True)
class StoeckDeclared:
    """Stöck (Schieber) or Bela (Klaberjass), with the second of trump K and Q."""

    declaration: Declaration
    points: int  # as credited


@dataclass(frozen=True, slots=True)
class TrickWon:
    number: int  # 1-based
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int  # card points, last-trick bonus included, before any multiplier


@dataclass(frozen=True, slots=True)
class HandScored:
    hand_number: int
    points: tuple[int, ...]  # trick points per side, before multipliers and bonuses
    totals: tuple[int, ...]  # what the hand put on the score sheet per side
    scores: tuple[int, ...]  # the match score after the hand
    match_by: int | None = None  # Schieber: the side that took all tricks
    maker_failed: bool = False  # Klaberjass: the maker did not out-score the opponent


@dataclass(frozen=True, slots=True)
class MatchWon:
    winner: int  # team (Schieber) or seat (Klaberjass)
    scores: tuple[int, ...]


Event = (
    HandDealt
    | ContractPushed
    | ContractChosen
    | BidMade
    | TrumpFixed
    | HandAnnulled
    | TrumpSwapped
    | CardPlayed
    | WeisAnnounced
    | DeclarationsScored
    | StoeckDeclared
    | TrickWon
    | HandScored
    | MatchWon
)
