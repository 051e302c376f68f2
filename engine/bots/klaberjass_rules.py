"""The medium Klaberjass bot: bids from hand strength, knowing the maker's risk.

Bids: a suit is taken (or named) when its expected settled result as maker, from the
fitted hand-strength weights of ``klaberjass_features``, clears a margin; the margin is
what passing is worth (the opponent may take and fail, or the hand is redealt).
Cards: ``klaberjass_policy.play_card`` over the cards the opponent may hold; the trump
7 is always swapped for the turn-up.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.actions import BidKind
from engine.bots.klaberjass_features import expected
from engine.cards import SUIT_OF

TAKE_ABOVE = 10.0  # round 1: take the turn-up's suit when making it is worth more
NAME_ABOVE = 10.0  # round 2: name the best other suit when making it is worth more


class BidChoice(NamedTuple):
    """A bid a bot makes: take the turn-up's suit, pass, or name ``suit`` (round 2)."""

    kind: BidKind
    suit: int = -1  # the suit number named


TAKE = BidChoice(BidKind.TAKE)
PASS = BidChoice(BidKind.PASS)


def choose_bid(seat: int, six: int, turn_up: int, bids: int, dealer: int) -> BidChoice:
    """Take, pass, or (round 2) name a suit.  The signature is the search's ``BidRule``,
    so the hard bot's simulations bid like this too."""
    proposed = SUIT_OF[turn_up]
    elder = seat != dealer
    if bids < 2:
        value = expected(six, proposed, turn_up, named=False, elder=elder)
        return TAKE if value > TAKE_ABOVE else PASS
    values = {
        s: expected(six, s, turn_up, named=True, elder=elder) for s in range(4) if s != proposed
    }
    best = max(values, key=values.__getitem__)
    return BidChoice(BidKind.NAME, best) if values[best] > NAME_ABOVE else PASS
