"""Hand-strength features of a Schieber hand for each contract, and the fitted weights
that turn them into an expected result.

The weights were fitted by least squares to policy-played simulations (thousands of
random deals, each contract played out over several deals of the other hands), so the
medium bot's contract choice is a rule of thumb with measured numbers behind it: Puur
and Nell, trump length and side Aces for a trump; Aces and the cards below them for
Obenabe; Sixes and the cards above them for Undenufe.

>>> from engine.cards import Card, mask_of
>>> hand = mask_of(Card.from_code(c) for c in "HJ H9 HA HK H7 SA D6 C6 C7".split())
>>> value = [round(expected(hand, ci)) for ci in range(6)]
>>> max(range(6), key=value.__getitem__)  # hearts: Puur, Nell, Ace, length
1
"""

from __future__ import annotations

from engine.cards import Rank

# Rank indices: A K Q J 10 9 8 7 6 = 0..8.
A, K, Q, J, T, N = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE


def _top_run(suit_bits: int, order: tuple[int, ...]) -> int:
    """How many of a suit's best cards (in ``order``, best first) the hand holds in a row."""
    n = 0
    for r in order:
        if not suit_bits >> r & 1:
            break
        n += 1
    return n


_OBEN = (0, 1, 2, 3, 4, 5, 6, 7, 8)
_UNDEN = (8, 7, 6, 5, 4, 3, 2, 1, 0)


def trump_features(hand: int, t: int) -> list[float]:
    tb = hand >> (9 * t) & 511
    n = tb.bit_count()
    puur, nell, ace = tb >> J & 1, tb >> N & 1, tb >> A & 1
    side_aces = side_tens = side_kings = short = 0
    for s in range(4):
        if s == t:
            continue
        b = hand >> (9 * s) & 511
        side_aces += b >> A & 1
        side_tens += b >> T & 1 and b >> A & 1
        side_kings += b >> K & 1 and (b >> A & 1 or b.bit_count() >= 3)
        short += b.bit_count() <= 1
    return [
        1.0,
        puur,
        nell,
        puur * nell,
        ace,
        (tb >> K & 1) + (tb >> Q & 1) + (tb >> T & 1),
        n,
        max(0, n - 3),
        side_aces,
        side_tens,
        side_kings,
        short * (n >= 3),
    ]


def _no_trump_features(hand: int, order: tuple[int, ...]) -> list[float]:
    tops = long_tops = guarded = stoppers = length_with_top = 0
    for s in range(4):
        b = hand >> (9 * s) & 511
        run = _top_run(b, order)
        n = b.bit_count()
        tops += run
        long_tops += max(0, n - 3) if run else 0
        guarded += b >> order[1] & 1 and not run and n >= 2
        stoppers += run > 0
        length_with_top += n if run >= 2 else 0
    return [1.0, tops, long_tops, guarded, stoppers, length_with_top, 4 - stoppers]


def features(hand: int, ci: int) -> list[float]:
    if ci < 4:
        return trump_features(hand, ci)
    return _no_trump_features(hand, _OBEN if ci == 4 else _UNDEN)


# Fitted weights (see the module doc): expected team points minus the others', before
# the multiplier, for a hand whose holder names the contract.
WEIGHTS: dict[str, tuple[float, ...]] = {
    "trump": (-71.9, 39.4, 20.3, 17.0, 12.3, 5.5, 14.6, 9.7, 7.2, 2.1, 5.3, 9.8),
    "obenabe": (0.3, 4.0, 8.8, 10.9, 12.8, 4.7, -11.7),
    "undenufe": (-4.0, 15.6, 16.5, 14.9, -3.9, 6.8, -12.2),
}


def expected(hand: int, ci: int) -> float:
    """The expected result of naming contract ``ci`` with ``hand`` (before the multiplier)."""
    w = WEIGHTS["trump" if ci < 4 else "obenabe" if ci == 4 else "undenufe"]
    return sum(a * b for a, b in zip(w, features(hand, ci), strict=True))
