"""Building Schieber hands from card codes for the rule tests."""

from engine.actions import Choose, Contract, Play, Push
from engine.cards import Card
from engine.schieber.hand import SchieberHand, hands_from_codes
from engine.schieber.rules import SchieberRules

# Dealer 3, so seat 0 is forehand.  Seat 0 holds a 4-sequence of spades, seat 2 a
# 3-sequence of diamonds, seat 1 the heart King and Queen, seat 3 a small sequence.
EXAMPLE_DEAL = [
    "SA SK SQ SJ C6 C8 H6 D6 C10".split(),
    "HK HQ D7 S10 C9 DA H10 S6 CJ".split(),
    "D10 D9 D8 HA S9 S7 CA CQ H8".split(),
    "HJ H9 H7 S8 DK DQ DJ CK C7".split(),
]


def hand_of(
    deal: list[list[str]] = EXAMPLE_DEAL, dealer: int = 3, **options: object
) -> SchieberHand:
    return SchieberHand.start(SchieberRules.from_options(options), dealer, hands_from_codes(deal))


def choose(hand: SchieberHand, contract: Contract, push: bool = False) -> SchieberHand:
    if push:
        hand = hand.apply(Push(hand.to_move))[0]
    return hand.apply(Choose(hand.to_move, contract))[0]


def play(hand: SchieberHand, *codes: str) -> SchieberHand:
    """Play cards in turn order, whoever is to move."""
    for code in codes:
        hand = hand.apply(Play(hand.to_move, Card.from_code(code)))[0]
    return hand


def legal_codes(hand: SchieberHand) -> list[str]:
    return sorted(c.code for c in hand.legal_cards())


def cards(codes: str) -> list[Card]:
    return [Card.from_code(c) for c in codes.split()]
