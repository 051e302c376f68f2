"""The two decks Jass is played with, and what cards and contracts are called in each.

The engine knows one deck (``engine.cards``: French suits).  The Swiss-German deck is
the same 36 cards under other names; each French suit stands for the Swiss suit that
Jass apps and the Swisslos rules pair it with: ♥ Rosen, ♦ Schellen, ♣ Eicheln,
♠ Schilten; J Under, Q Ober, K König, 10 Banner, A As.  Both adapters (Discord and the
console) name cards through this module, so neither needs the other.

>>> from engine.cards import Card
>>> card_label(Deck.FRENCH, Card.from_code("H10")), card_name(Deck.FRENCH, Card.from_code("H10"))
('♥10', 'Hearts 10')
>>> card_label(Deck.SWISS, Card.from_code("H10")), card_name(Deck.SWISS, Card.from_code("DQ"))
('Rosen-Banner', 'Schellen-Ober')
>>> from engine.actions import Contract
>>> contract_name(Deck.SWISS, Contract.HEARTS), contract_name(Deck.SWISS, Contract.OBENABE)
('Rosen', 'Obenabe ⬆')
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from engine.actions import Contract
from engine.cards import Card, Rank, Suit
from engine.events import Declaration, DeclarationKind


class Deck(enum.Enum):
    FRENCH = "french"
    SWISS = "swiss"

    @property
    def letter(self) -> str:
        """One letter for compact keys (emoji names): ``f`` or ``s``."""
        return self.value[0]

    @property
    def title(self) -> str:
        """The deck as a lobby or the rules name it."""
        if self is Deck.SWISS:
            return "Swiss-German (Rosen, Schellen, Eicheln, Schilten)"
        return "French (♠ ♥ ♦ ♣)"

    @classmethod
    def from_word(cls, word: str) -> Deck:
        try:
            return cls(word.strip().lower())
        except ValueError:
            raise ValueError(f"unknown deck {word!r}; choose french or swiss") from None


SWISS_SUITS = {
    Suit.HEARTS: "Rosen",
    Suit.DIAMONDS: "Schellen",
    Suit.CLUBS: "Eicheln",
    Suit.SPADES: "Schilten",
}
SWISS_RANKS = {
    Rank.ACE: "As",
    Rank.KING: "König",
    Rank.QUEEN: "Ober",
    Rank.JACK: "Under",
    Rank.TEN: "Banner",
}
FRENCH_RANKS = {Rank.ACE: "Ace", Rank.KING: "King", Rank.QUEEN: "Queen", Rank.JACK: "Jack"}


def suit_name(deck: Deck, suit: Suit) -> str:
    """'Hearts' or 'Rosen'."""
    return SWISS_SUITS[suit] if deck is Deck.SWISS else suit.name.capitalize()


def suits_text(deck: Deck, suits: Sequence[Suit]) -> str:
    """Suits a multiplier is for: '♠♣', or 'Schilten/Eicheln' in the Swiss deck.

    >>> suits_text(Deck.FRENCH, [Suit.SPADES, Suit.CLUBS]), suits_text(Deck.SWISS, [Suit.HEARTS])
    ('♠♣', 'Rosen')
    """
    if deck is Deck.SWISS:
        return "/".join(SWISS_SUITS[s] for s in suits)
    return "".join(s.symbol for s in suits)


def rank_name(deck: Deck, rank: Rank) -> str:
    """'Queen' or 'Ober'; the number cards are their number in both decks."""
    words = SWISS_RANKS if deck is Deck.SWISS else FRENCH_RANKS
    return words.get(rank, rank.code)


def card_label(deck: Deck, card: Card) -> str:
    """Short, for a button: '♥10' in the French deck, 'Rosen-Banner' in the Swiss.

    The Swiss suits have no symbol in Unicode, and their names are short already.
    """
    if deck is Deck.SWISS:
        return card_name(deck, card)
    return str(card)


def card_name(deck: Deck, card: Card) -> str:
    """In words, for screen readers and text: 'Hearts 10', 'Rosen-Banner'."""
    if deck is Deck.SWISS:
        return f"{SWISS_SUITS[card.suit]}-{rank_name(deck, card.rank)}"
    return f"{suit_name(deck, card.suit)} {rank_name(deck, card.rank)}"


def cards_label(deck: Deck, cards: Sequence[Card]) -> str:
    """Several cards as one line of short labels (a trick, a Weis).

    >>> cards_label(Deck.SWISS, [Card.from_code("S6"), Card.from_code("CJ")])
    'Schilten-6 Eicheln-Under'
    """
    return " ".join(card_label(deck, c) for c in cards)


def from_swiss(word: str) -> Card | Suit | None:
    """A Swiss card or suit as typed ('rosen-banner', 'Eicheln-Under', 'schellen'), or None.

    >>> from_swiss("rosen-banner"), from_swiss("Eicheln"), from_swiss("hearts")
    (Card('H10'), <Suit.CLUBS: 3>, None)
    """
    suit_word, _, rank_word = word.strip().lower().partition("-")
    suits = {name.lower(): suit for suit, name in SWISS_SUITS.items()}
    suit = suits.get(suit_word)
    if suit is None or not rank_word:
        return suit
    ranks = {rank_name(Deck.SWISS, r).lower(): r for r in Rank}
    rank = ranks.get(rank_word)
    return None if rank is None else Card.from_code(suit.letter + rank.code)


def contract_name(deck: Deck, contract: Contract) -> str:
    """'♥ hearts' or 'Rosen' for a trump contract; 'Obenabe ⬆', 'Undenufe ⬇' in both decks.

    The French names are the ones the table shows now (``cogs.render.contract_label``).
    """
    trump = contract.trump
    return contract.label if trump is None else trump_name(deck, trump)


def trump_name(deck: Deck, suit: Suit) -> str:
    """A trump suit in a sentence: '♥ hearts' or 'Rosen' (Klaberjass names suits too)."""
    return SWISS_SUITS[suit] if deck is Deck.SWISS else f"{suit.symbol} {suit.word}"


def declaration_name(deck: Deck, declaration: Declaration) -> str:
    """A Weis by name: 'four Js' is 'four Under' in the Swiss deck; the rest as they are.

    >>> jacks = tuple(Card.from_code(c + "J") for c in "SHDC")
    >>> four = Declaration(0, DeclarationKind.FOUR, jacks, 200)
    >>> declaration_name(Deck.FRENCH, four), declaration_name(Deck.SWISS, four)
    ('four Js', 'four Under')
    """
    if deck is Deck.SWISS and declaration.kind == DeclarationKind.FOUR:  # a record: a str
        return f"four {rank_name(deck, declaration.cards[0].rank)}"
    return declaration.name


def declaration_text(deck: Deck, declaration: Declaration) -> str:
    """A Weis with its cards and points, as ``str(declaration)`` is in the French deck.

    >>> run = tuple(Card.from_code(c) for c in ("H6", "H7", "H8"))
    >>> d = Declaration(1, DeclarationKind.SEQUENCE, run, 20)
    >>> declaration_text(Deck.SWISS, d)
    'three in a row Rosen-6 Rosen-7 Rosen-8 (20)'
    """
    d = declaration
    return f"{declaration_name(deck, d)} {cards_label(deck, d.cards)} ({d.points})"
