from engine.actions import BidKind
from engine.cards import Suit
from engine.events import BidMade
from tables.text import event_line


def test_naming_spades_shows_the_suit():
    # Suit.SPADES is 0, which once read as "no suit" and printed a bare "name".
    assert event_line(BidMade(0, BidKind.NAME, Suit.SPADES), ["You", "Bot"]) == (
        "You: name ♠ spades."
    )
