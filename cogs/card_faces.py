"""How a card looks in Discord: the one place buttons and text ask, for either deck.

A card is its picture (the application's emoji, :mod:`cogs.emojis`) with a short label
that screen readers read; while the pictures are not there (before the first sync, or
Discord refused them) the label alone carries it.

The label of a French card on a button is written with outlined ♤ and ♧: Discord draws
♠ and ♣ as black emoji, nearly invisible on grey buttons in the dark theme (worst on the
disabled ones a player still plans with); ♤ and ♧ take the button's own text colour,
readable on every theme, enabled or not, and ♥ ♦ stay red.  A Swiss card is named
("Rosen-Banner"): its suits have no symbol in Unicode.

>>> from engine.cards import Card
>>> [card_face(Deck.FRENCH, Card.from_code(c)) for c in ("S10", "HA", "DJ", "C6")]
[('♤10', None), ('♥A', None), ('♦J', None), ('♧6', None)]
>>> card_face(Deck.SWISS, Card.from_code("HQ"))
('Rosen-Ober', None)
>>> card_inline(Deck.SWISS, Card.from_code("D10"))
'Schellen-Banner'
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from cogs.emojis import EMOJIS
from engine.cards import Card, Suit
from tables.decks import Deck, card_label

SIGNS = {Suit.SPADES: "♤", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♧"}


def card_text(card: Card) -> str:
    """A French card in running text where players read many at once (a whole hand)."""
    return f"{SIGNS[card.suit]}{card.rank.code}"


def button_label(deck: Deck, card: Card) -> str:
    """'♤10' or 'Schilten-Banner': short, and readable on every theme."""
    return card_text(card) if deck is Deck.FRENCH else card_label(deck, card)


def card_face(deck: Deck, card: Card) -> tuple[str, discord.PartialEmoji | None]:
    """A card's button: its label and its picture (None while there is none).

    ``discord.ui.Button(label=label, emoji=emoji)`` takes both as they are.
    """
    return button_label(deck, card), EMOJIS.get(deck, card)


def card_inline(deck: Deck, card: Card) -> str:
    """A card inside text (an embed, a line of the log): its picture, then its label for
    screen readers and for anyone whose client shows no picture; or the label alone."""
    emoji = EMOJIS.get(deck, card)
    label = card_label(deck, card)
    return label if emoji is None else f"{emoji} {label}"


def cards_inline(deck: Deck, cards: Iterable[Card]) -> str:
    """Several cards in text (a trick, a Weis, a hand), each as :func:`card_inline`."""
    return " ".join(card_inline(deck, c) for c in cards)
