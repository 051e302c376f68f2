"""How a card reads on a button: the one place the deck pictures will replace.

Discord draws ♠ and ♣ as black emoji, nearly invisible on grey buttons in the dark
theme (worst on the disabled ones a player still plans with).  The outlined suit
signs ♤ and ♧ are no emoji: they take the button's own text colour, readable on every
theme, enabled or not; ♥ and ♦ stay red.

>>> from engine.cards import Card
>>> [card_face(Card.from_code(c)) for c in ("S10", "HA", "DJ", "C6")]
[('♤10', None), ('♥A', None), ('♦J', None), ('♧6', None)]
"""

from __future__ import annotations

from engine.cards import Card, Suit

SIGNS = {Suit.SPADES: "♤", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♧"}


def card_text(card: Card) -> str:
    """A card in running text where players read many at once (every card of a hand)."""
    return f"{SIGNS[card.suit]}{card.rank.code}"


def card_face(card: Card) -> tuple[str, str | None]:
    """A card's button: its label and its emoji (None until there are card pictures)."""
    return card_text(card), None
