"""Deck naming: every card has one label and one name per deck, and they differ by card."""

from __future__ import annotations

import pytest

from engine.actions import Contract
from engine.cards import CARDS, Card, Suit
from tables.decks import (
    Deck,
    card_label,
    card_name,
    cards_label,
    contract_name,
    suit_name,
    trump_name,
)


@pytest.mark.parametrize("deck", list(Deck))
def test_every_card_has_its_own_label_and_name_in_each_deck(deck):
    labels = {card_label(deck, c) for c in CARDS}
    names = {card_name(deck, c) for c in CARDS}
    assert len(labels) == len(names) == 36


@pytest.mark.parametrize(
    ("code", "french_label", "french_name", "swiss"),
    [
        ("H10", "♥10", "Hearts 10", "Rosen-Banner"),
        ("DQ", "♦Q", "Diamonds Queen", "Schellen-Ober"),
        ("CJ", "♣J", "Clubs Jack", "Eicheln-Under"),
        ("SK", "♠K", "Spades King", "Schilten-König"),
        ("HA", "♥A", "Hearts Ace", "Rosen-As"),
        ("S6", "♠6", "Spades 6", "Schilten-6"),
        ("D9", "♦9", "Diamonds 9", "Schellen-9"),
    ],
)
def test_cards_are_named_the_way_each_deck_says_them(code, french_label, french_name, swiss):
    card = Card.from_code(code)
    assert card_label(Deck.FRENCH, card) == french_label == str(card)  # as the text cards now
    assert card_name(Deck.FRENCH, card) == french_name
    assert card_label(Deck.SWISS, card) == card_name(Deck.SWISS, card) == swiss


def test_the_swiss_suits_pair_with_the_french_ones_the_usual_way():
    pairs = {suit.symbol: suit_name(Deck.SWISS, suit) for suit in Suit}
    assert pairs == {"♥": "Rosen", "♦": "Schellen", "♣": "Eicheln", "♠": "Schilten"}
    assert [suit_name(Deck.FRENCH, s) for s in Suit] == ["Spades", "Hearts", "Diamonds", "Clubs"]


def test_contracts_in_each_deck():
    assert [contract_name(Deck.SWISS, c) for c in Contract] == [
        "Schilten",
        "Rosen",
        "Schellen",
        "Eicheln",
        "Obenabe ⬆",
        "Undenufe ⬇",
    ]
    assert contract_name(Deck.FRENCH, Contract.HEARTS) == "♥ hearts"
    assert contract_name(Deck.FRENCH, Contract.UNDENUFE) == "Undenufe ⬇"
    assert contract_name(Deck.FRENCH, Contract.SPADES) == "♠ spades"  # as the table shows now
    assert trump_name(Deck.SWISS, Suit.DIAMONDS) == "Schellen"
    assert trump_name(Deck.FRENCH, Suit.CLUBS) == "♣ clubs"


def test_a_line_of_cards_and_the_deck_from_a_word():
    cards = [Card.from_code("HA"), Card.from_code("HK")]
    assert cards_label(Deck.FRENCH, cards) == "♥A ♥K"
    assert cards_label(Deck.SWISS, cards) == "Rosen-As Rosen-König"
    assert Deck.from_word(" Swiss ") is Deck.SWISS and Deck.FRENCH.letter == "f"
    with pytest.raises(ValueError, match="french or swiss"):
        Deck.from_word("tarot")
