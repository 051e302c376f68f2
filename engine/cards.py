"""Cards, suits and codes shared by both games.

A card is one of 36 singletons, indexed ``suit * 9 + rank``; ranks run in natural
order A K Q J 10 9 8 7 6, so a lower rank index is a higher card.  Sets of cards
(hands, tricks) are often kept as bit masks over those indices, which is what makes
random playouts fast.

>>> Card.from_code("H10")
Card('H10')
>>> str(Card.from_code("SA"))
'♠A'
>>> [c.code for c in cards_of(mask_of([Card.from_code("C6"), Card.from_code("SA")]))]
['SA', 'C6']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import compress


class Suit(enum.IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def word(self) -> str:
        return self.name.lower()

    @classmethod
    def from_word(cls, word: str) -> Suit:
        try:
            return cls[word.upper()]
        except KeyError:
            raise ValueError(f"unknown suit {word!r}") from None


class Rank(enum.IntEnum):
    """Natural order, highest first; the value is the rank index."""

    ACE = 0
    KING = 1
    QUEEN = 2
    JACK = 3
    TEN = 4
    NINE = 5
    EIGHT = 6
    SEVEN = 7
    SIX = 8

    @property
    def code(self) -> str:
        return RANK_CODES[self]


RANK_CODES = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")


@dataclass(frozen=True, slots=True)
class Card:
    suit: Suit
    rank: Rank
    # Derived once for the 36 singletons: playouts and replays read these constantly.
    index: int = field(init=False, compare=False, repr=False)
    bit: int = field(init=False, compare=False, repr=False)
    code: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        index = self.suit * 9 + self.rank
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)
        object.__setattr__(self, "code", self.suit.letter + self.rank.code)

    def __str__(self) -> str:
        return self.suit.symbol + self.rank.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    @staticmethod
    def from_code(code: str) -> Card:
        try:
            return _BY_CODE.get(code) or _BY_CODE[code.strip().upper()]
        except (KeyError, AttributeError, TypeError):
            raise ValueError(f"not a card code: {code!r}") from None

    @staticmethod
    def at(index: int) -> Card:
        return CARDS[index]


CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in Rank)
_BY_CODE = {c.code: c for c in CARDS}
SUIT_OF: tuple[int, ...] = tuple(c.suit for c in CARDS)
RANK_OF: tuple[int, ...] = tuple(c.rank for c in CARDS)
SUIT_MASK: tuple[int, ...] = tuple(0b111111111 << (9 * s) for s in Suit)
FULL_DECK = (1 << 36) - 1
# Klaberjass plays without the sixes.
PIQUET_DECK = FULL_DECK & ~sum(1 << (s * 9 + Rank.SIX) for s in Suit)

# The card indices held in each 9-bit suit mask, per suit: masks become lists quickly.
_SUIT_INDICES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(9 * s + r for r in range(9) if m >> r & 1) for m in range(512)) for s in range(4)
)


def indices_of(mask: int) -> list[int]:
    """Card indices in a mask, in deck order (suit by suit, high to low)."""
    t = _SUIT_INDICES
    return [
        *t[0][mask & 511],
        *t[1][mask >> 9 & 511],
        *t[2][mask >> 18 & 511],
        *t[3][mask >> 27 & 511],
    ]


def cards_of(mask: int) -> list[Card]:
    return [CARDS[i] for i in indices_of(mask)]


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for c in cards:
        mask |= c.bit
    return mask


def parse_cards(codes: Iterable[str]) -> list[Card]:
    return [Card.from_code(c) for c in codes]


def _suit_runs(bits: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs (top rank index, length) of three or more in a 9-bit suit mask."""
    runs, r = [], 0
    while r < 9:
        start = r
        while r < 9 and bits >> r & 1:
            r += 1
        if r - start >= 3:
            runs.append((start, r - start))
        r += 1
    return tuple(runs)


# Per 9-bit suit mask, its runs of three or more cards in natural order: both games'
# sequences (Weis) are these.
SUIT_RUNS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_suit_runs(m) for m in range(512))


# Per suit, the codes held in each 9-bit suit mask, sorted alphabetically ("S10" < "S6"
# < "SA"): replays list a seat's legal cards this way for every card played.
_RANKS_BY_CODE = sorted(range(9), key=RANK_CODES.__getitem__)  # 10 6 7 8 9 A J K Q
# Per 9-bit suit mask, whether it holds each rank, in that order (built for compress:
# the tables below take 2 ms to import this way, twice that with plain comprehensions).
_HELD_BY_CODE = [[m >> r & 1 for r in _RANKS_BY_CODE] for m in range(512)]


def _sorted_suit_codes(suit: int) -> tuple[tuple[str, ...], ...]:
    codes = [CARDS[9 * suit + r].code for r in _RANKS_BY_CODE]
    return tuple(tuple(compress(codes, held)) for held in _HELD_BY_CODE)


_SORTED_SUIT_CODES = tuple(_sorted_suit_codes(s) for s in range(4))


def sorted_codes(mask: int) -> list[str]:
    """The codes of a mask's cards sorted alphabetically, as hand records list legal
    moves, by table lookups; the suits sort C, D, H, S.

    >>> sorted_codes(mask_of(parse_cards(["SA", "S10", "C6", "H9"])))
    ['C6', 'H9', 'S10', 'SA']
    """
    t = _SORTED_SUIT_CODES
    return [
        *t[3][mask >> 27 & 511],
        *t[2][mask >> 18 & 511],
        *t[1][mask >> 9 & 511],
        *t[0][mask & 511],
    ]
