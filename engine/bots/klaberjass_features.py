"""Hand-strength features of a Klaberjass six-card hand for a trump, and fitted weights
that turn them into the maker's expected settled result.

The weights were fitted by least squares to policy-played simulations (random deals,
the last three cards of both players drawn at random, the hand played out and settled
by the maker rule), so the maker's risk is in the numbers.

>>> from engine.cards import Card, mask_of
>>> strong = mask_of(Card.from_code(c) for c in "HJ H9 HA SA S10 D7".split())
>>> weak = mask_of(Card.from_code(c) for c in "H8 SK SQ D9 C8 C7".split())
>>> expected(strong, 1, Card.from_code("H10").index, named=False, elder=True) > 0
True
>>> expected(weak, 1, Card.from_code("H10").index, named=False, elder=True) < 0
True
"""

from __future__ import annotations

from engine.cards import Rank
from engine.klaberjass.core import SEVEN, swapped

A, K, Q, J, T, N = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE


def features(hand: int, trump: int, turn_up: int, named: bool, elder: bool) -> list[float]:
    if not named and hand >> SEVEN[trump] & 1:
        hand = swapped(hand, trump, turn_up)  # the 7 goes for the turn-up
    tb = hand >> (9 * trump) & 511
    n = tb.bit_count()
    side_aces = side_tens = bare_tens = 0
    for s in range(4):
        if s == trump:
            continue
        b = hand >> (9 * s) & 511
        side_aces += b >> A & 1
        side_tens += b >> T & 1 and b >> A & 1
        bare_tens += b >> T & 1 and not b >> A & 1
    return [
        1.0,
        tb >> J & 1,
        tb >> N & 1,
        tb >> A & 1,
        tb >> T & 1,
        (tb >> K & 1) + (tb >> Q & 1),
        n,
        max(0, n - 2),
        side_aces,
        side_tens,
        bare_tens,
        float(elder),
        float(tb >> K & 1 and tb >> Q & 1),
    ]


# Fitted weights (see the module doc): the maker's settled total minus the opponent's.
WEIGHTS: tuple[float, ...] = (
    -101.3, 40.5, 26.0, 12.7, 9.7, 9.4, 22.1, 6.9, 13.1, 10.0, 11.2, -7.2, 16.2,
)  # fmt: skip


def expected(hand: int, trump: int, turn_up: int, named: bool, elder: bool) -> float:
    """The expected settled result (own minus the opponent's) of making ``trump``."""
    f = features(hand, trump, turn_up, named, elder)
    return sum(w * x for w, x in zip(WEIGHTS, f, strict=True))
