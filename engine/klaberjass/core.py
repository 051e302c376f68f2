"""Klaberjass's rulebook: the rules as fast functions over card indices and bit masks.

Trump is a ``Suit`` number (♠ ♥ ♦ ♣ = 0-3).  A trick has two cards, so the card led is
one int (``NO_CARD`` while the trick is empty).  Each rule is written here once: the
legal cards, closing a trick, the 7 swap, sequences and Bela, and the maker rule.  The
hand state, the random playouts, the bots' rollouts, search and inference all call
these, so what a bot simulates is exactly what the table enforces
(``test_klaberjass_rulebook`` pins every path to them).

>>> from engine.cards import Card
>>> hj, h9, ha = (Card.from_code(c).index for c in ("HJ", "H9", "HA"))
>>> POINTS[1][hj], POINTS[0][hj], trick_winner(1, ha, hj)
(20, 2, 1)
>>> settle(0, (126, 76)), settle(0, (76, 126))
((126, 76), (0, 202))
"""

from __future__ import annotations

from collections.abc import Sequence as Seq
from functools import cache

from engine.cards import CARDS, PIQUET_DECK, RANK_OF, SUIT_MASK, SUIT_OF, SUIT_RUNS, Rank, Suit

NO_CARD = -1
LAST_TRICK_BONUS = 10
BELA_POINTS = 20
TRICKS = 9

# Strength within a suit, higher wins, by rank index A K Q J 10 9 8 7 (6 is not dealt).
_PLAIN = (7, 5, 4, 3, 6, 2, 1, 0, -1)  # A 10 K Q J 9 8 7
_TRUMP = (5, 3, 2, 7, 4, 6, 1, 0, -1)  # J 9 A 10 K Q 8 7
_PLAIN_POINTS = (11, 4, 3, 2, 10, 0, 0, 0, 0)
_TRUMP_POINTS = (11, 4, 3, 20, 10, 14, 0, 0, 0)

POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple((_TRUMP_POINTS if SUIT_OF[c] == t else _PLAIN_POINTS)[RANK_OF[c]] for c in range(36))
    for t in range(4)
)


def _key(trump: int, led: int, c: int) -> int:
    """How strongly card ``c`` bids for a trick led in suit ``led``; -1 never wins."""
    suit, rank = SUIT_OF[c], RANK_OF[c]
    if suit == trump:
        return 100 + _TRUMP[rank]
    return _PLAIN[rank] if suit == led else -1


KEY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_key(t, led, c) for c in range(36)) for led in range(4)) for t in range(4)
)
# For each card: the cards of its suit that rank above it as trumps.
TRUMPS_ABOVE: tuple[int, ...] = tuple(
    sum(
        1 << o
        for o in range(36)
        if SUIT_OF[o] == SUIT_OF[c] and _TRUMP[RANK_OF[o]] > _TRUMP[RANK_OF[c]]
    )
    & PIQUET_DECK
    for c in range(36)
)
SEVEN: tuple[int, ...] = tuple(s * 9 + Rank.SEVEN for s in range(4))
BELA_PAIR: tuple[int, ...] = tuple(
    1 << (s * 9 + Rank.KING) | 1 << (s * 9 + Rank.QUEEN) for s in range(4)
)


def legal_mask(trump: int, hand: int, led: int) -> int:
    """The cards of ``hand`` that may be played onto the card ``led`` (or lead)."""
    if led < 0:
        return hand
    suit = SUIT_OF[led]
    trumps = hand & SUIT_MASK[trump]
    if suit == trump:
        return (trumps & TRUMPS_ABOVE[led]) or trumps or hand
    return hand & SUIT_MASK[suit] or trumps or hand


def close_trick(trump: int, led: int, second: int, last: bool) -> tuple[int, int]:
    """The trick ``led``, ``second``: the winner's position (0 = the leader) and its
    points, the last-trick bonus included when ``last``.

    >>> from engine.cards import Card
    >>> close_trick(1, Card.from_code("SA").index, Card.from_code("H7").index, True)
    (1, 21)
    """
    key, points = KEY[trump][SUIT_OF[led]], POINTS[trump]
    total = points[led] + points[second]
    if last:
        total += LAST_TRICK_BONUS
    return (1 if key[second] > key[led] else 0), total


@cache
def trick_codes(trump: int) -> tuple[tuple[int, ...], ...]:
    """``close_trick`` of every pair of cards (not the last trick) packed as points * 2 +
    the winner's position, at ``[led][second]``: a playout looks a trick up there (small
    ints, so the table stays in the processor's cache)."""
    return tuple(
        tuple(_packed(close_trick(trump, led, second, False)) for second in range(36))
        for led in range(36)
    )


def _packed(result: tuple[int, int]) -> int:
    position, points = result
    return points * 2 + position


def trick_winner(trump: int, led: int, second: int) -> int:
    """Position (0 = the leader) of the card that wins the trick ``led``, ``second``."""
    return close_trick(trump, led, second, False)[0]


def swapped(hand: int, trump: int, turn_up: int) -> int:
    """``hand`` once its trump 7 is exchanged for the turn-up."""
    return hand & ~(1 << SEVEN[trump]) | 1 << turn_up


def bela_holder(held: Seq[int], trump: int) -> int | None:
    """The seat holding the trump King and Queen (Bela), if one does."""
    pair = BELA_PAIR[trump]
    if held[0] & pair == pair:
        return 0
    if held[1] & pair == pair:
        return 1
    return None


def _describe(cards: int) -> str:
    return " ".join(str(CARDS[c]) for c in range(36) if cards >> c & 1)


def illegal_reason(trump: int, hand: int, led: int, card: int) -> str | None:
    """Why ``card`` may not be played now, in a player's words; None if it may.

    >>> from engine.cards import Card, mask_of
    >>> hand = mask_of(Card.from_code(c) for c in ("S9", "S7", "HA"))
    >>> illegal_reason(0, hand, Card.from_code("SQ").index, Card.from_code("S7").index)
    'You must play a higher trump: you hold ♠9.'
    """
    if not hand >> card & 1:
        return f"You do not hold {CARDS[card]}."
    allowed = legal_mask(trump, hand, led)
    if allowed >> card & 1:
        return None
    suit = Suit(SUIT_OF[led])
    if suit == trump and allowed & TRUMPS_ABOVE[led]:
        return f"You must play a higher trump: you hold {_describe(allowed)}."
    if hand & SUIT_MASK[suit]:
        return f"You must follow {suit.symbol} {suit.word}."
    return f"You must trump: you have no {suit.symbol} {suit.word}."


# --- sequences and the hand's result ---------------------------------------------------

Sequence = tuple[tuple[int, ...], int]  # card indices low to high, points


def _run_points(n: int) -> int:
    return 20 if n == 3 else 50


def _run_key(points: int, top: int) -> int:
    """Orders sequences: points, then the top card (the trump flag is added per suit)."""
    return (points * 16 + 8 - top) * 2


def sequences(hand: int) -> tuple[Sequence, ...]:
    """Every sequence in ``hand`` (maximal runs of three or more), suit by suit.

    >>> from engine.cards import Card, mask_of
    >>> hand = mask_of(Card.from_code(c) for c in "HJ H10 H9 SA SK SQ SJ S10 D7".split())
    >>> [([CARDS[c].code for c in cards], points) for cards, points in sequences(hand)]
    [(['S10', 'SJ', 'SQ', 'SK', 'SA'], 50), (['H9', 'H10', 'HJ'], 20)]
    """
    out = []
    for s in range(4):
        for top, n in SUIT_RUNS[hand >> (9 * s) & 511]:
            base = 9 * s + top
            out.append((tuple(range(base + n - 1, base - 1, -1)), _run_points(n)))
    return tuple(out)


def _suit_sequences(bits: int) -> tuple[int, int]:
    """(sequence points, key of the best sequence without the trump flag) of a suit mask."""
    runs = SUIT_RUNS[bits]
    if not runs:
        return 0, 0
    return sum(_run_points(n) for _, n in runs), max(_run_key(_run_points(n), t) for t, n in runs)


_SUIT_POINTS, _SUIT_KEYS = zip(*map(_suit_sequences, range(512)), strict=True)


def sequence_summary(hand: int, trump: int) -> tuple[int, int]:
    """(points of all sequences, key of the best sequence) of ``hand``; key 0 if none.
    The player with the higher key scores all his sequences (``sequence_winner``).

    >>> from engine.cards import Card, mask_of
    >>> sequence_summary(mask_of(Card.from_code(c) for c in "H9 H10 HJ SA SK SQ".split()), 1)
    (40, 656)
    """
    a, b, c, d = hand & 511, hand >> 9 & 511, hand >> 18 & 511, hand >> 27 & 511
    p = _SUIT_POINTS
    total = p[a] + p[b] + p[c] + p[d]
    if not total:
        return 0, 0
    k = _SUIT_KEYS
    keys = [k[a], k[b], k[c], k[d]]
    if keys[trump]:
        keys[trump] += 1  # a trump sequence beats a plain one otherwise equal
    return total, max(keys)


def sequence_winner(key0: int, key1: int) -> int | None:
    """The seat whose sequences score, given both best keys; None if neither or a tie."""
    if key0 > key1:
        return 0
    return 1 if key1 > key0 else None


def sequence_key(cards: tuple[int, ...], trump: int) -> int:
    """The key of the sequences ``cards`` (a mask of whole runs), as ``sequence_summary``."""
    return sequence_summary(sum(1 << c for c in cards), trump)[1]


def declared_points(held: Seq[int], trump: int) -> list[int]:
    """Per seat, what the nine cards ``held`` declare: the sequences that score (the
    best sequence's owner's) and Bela."""
    total0, key0 = sequence_summary(held[0], trump)
    total1, key1 = sequence_summary(held[1], trump)
    out = [0, 0]
    if key0 or key1:
        winner = sequence_winner(key0, key1)
        if winner is not None:
            out[winner] = total1 if winner else total0
    bela = bela_holder(held, trump)
    if bela is not None:
        out[bela] += BELA_POINTS
    return out


def settle(maker: int, totals: tuple[int, int]) -> tuple[int, int]:
    """The maker rule: the maker keeps his total only by out-scoring the opponent;
    otherwise (a tie included) the opponent scores both totals."""
    other = 1 - maker
    if totals[maker] > totals[other]:
        return totals
    both = totals[0] + totals[1]
    return (0, both) if maker == 0 else (both, 0)
