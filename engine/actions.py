"""Actions a seat (or chance) takes; the same types serve both games.

Every action but ``Deal`` names the seat that takes it, so an out-of-turn action can be
refused with a clear reason.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.cards import Card, Suit


class Contract(enum.Enum):
    """A Schieber contract; the four trump suits share their names with ``Suit``."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    OBENABE = "obenabe"
    UNDENUFE = "undenufe"

    @property
    def trump(self) -> Suit | None:
        return None if self in (Contract.OBENABE, Contract.UNDENUFE) else Suit[self.name]

    @property
    def label(self) -> str:
        if self.trump is not None:
            return f"{self.trump.symbol} {self.value}"
        return {"obenabe": "Obenabe ⬆", "undenufe": "Undenufe ⬇"}[self.value]


class BidKind(enum.Enum):
    TAKE = "take"
    PASS = "pass"
    NAME = "name"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: shuffle with this seed and deal the next hand."""

    seed: int

    def __str__(self) -> str:
        return f"deal #{self.seed}"


@dataclass(frozen=True, slots=True)
class Push:
    """Schieber: the forehand leaves the contract to the partner."""

    seat: int

    def __str__(self) -> str:
        return "push"


@dataclass(frozen=True, slots=True)
class Choose:
    """Schieber: name the contract."""

    seat: int
    contract: Contract

    def __str__(self) -> str:
        return self.contract.label


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Bid:
    """Klaberjass: take the turn-up's suit, pass, or name another suit (round 2)."""

    seat: int
    kind: BidKind
    suit: Suit | None = None

    def __str__(self) -> str:
        if self.kind is BidKind.NAME and self.suit is not None:
            return f"name {self.suit.symbol}"
        return self.kind.value


@dataclass(frozen=True, slots=True)
class Swap:
    """Klaberjass: exchange the trump 7 for the turn-up card."""

    seat: int

    def __str__(self) -> str:
        return "swap the 7"


Action = Deal | Push | Choose | Play | Bid | Swap
