"""Weis (small Weis): finding a player's best set and comparing two Weis.

A Weis is ``(kind, cards, points)`` with card indices listed low to high.

>>> from engine.cards import Card, mask_of
>>> hand = mask_of(Card.from_code(c) for c in "H9 H10 HJ SA DA CA HA S6 D7".split())
>>> [(k.value, p) for k, _, p in best_weis(hand, 1)]
[('four', 100), ('sequence', 20)]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from engine.cards import RANK_OF, SUIT_OF, SUIT_RUNS, Rank
from engine.events import DeclarationKind
from engine.schieber.core import UNDENUFE

Weis = tuple[DeclarationKind, tuple[int, ...], int]

_SEQUENCE_POINTS = {3: 20, 4: 50}
_FOUR_POINTS = {Rank.ACE: 100, Rank.KING: 100, Rank.QUEEN: 100, Rank.TEN: 100, Rank.JACK: 200}
_FOURS = tuple((r, sum(1 << (s * 9 + r) for s in range(4))) for r in _FOUR_POINTS)
_FOUR_RANKS = sum(1 << r for r in _FOUR_POINTS)  # the ranks whose four of a kind count


def _sequence_points(n: int) -> int:
    return _SEQUENCE_POINTS.get(n, 100)


@cache
def _splits(n: int) -> tuple[tuple[int, ...], ...]:
    """Ways to cut a run of n cards into sequences (top first) with the most points."""
    if n < 3:
        return ((),)
    options = [(n,)] + [
        (first, *rest) for first in range(3, n - 2) for rest in _splits(n - first) if rest
    ]
    best = max(sum(_sequence_points(p) for p in o) for o in options)
    return tuple(o for o in options if sum(_sequence_points(p) for p in o) == best)


def _runs(mask: int) -> list[tuple[int, int]]:
    """Maximal runs (first card index, length) of three or more within each suit."""
    return [(9 * s + start, n) for s in range(4) for start, n in SUIT_RUNS[mask >> (9 * s) & 511]]


def _sequence_sets(mask: int) -> list[list[Weis]]:
    sets: list[list[Weis]] = [[]]
    for first, n in _runs(mask):
        grown: list[list[Weis]] = []
        for split in _splits(n):
            pieces, at = [], first
            for length in split:
                cards = tuple(range(at + length - 1, at - 1, -1))  # low to high
                pieces.append((DeclarationKind.SEQUENCE, cards, _sequence_points(length)))
                at += length
            grown.extend(s + pieces for s in sets)
        sets = grown
    return sets


def weis_key(weis: Weis, ci: int) -> tuple[int, int, int, int]:
    """Orders two Weis of a hand under contract ``ci``; the player order breaks ties."""
    kind, cards, points = weis
    if kind == DeclarationKind.FOUR:
        rank = RANK_OF[cards[0]]
        strength = rank if ci == UNDENUFE else 8 - rank
    elif ci == UNDENUFE:
        strength = RANK_OF[cards[0]]  # the bottom card, the lower the better
    else:
        strength = 8 - RANK_OF[cards[-1]]  # the top card
    trump = int(ci < 4 and SUIT_OF[cards[0]] == ci and kind == DeclarationKind.SEQUENCE)
    return (points, len(cards), strength, trump)


def best_weis(hand: int, ci: int) -> list[Weis]:
    """The non-overlapping Weis with the highest total; ties go to the stronger best Weis."""
    # Without four of a kind that counts (this is 0) or a run of three, nothing to search.
    if not hand & hand >> 9 & hand >> 18 & hand >> 27 & _FOUR_RANKS and not _runs(hand):
        return []
    fours = [(r, m) for r, m in _FOURS if hand & m == m]
    best: list[Weis] = []
    best_rank: tuple[int, ...] | tuple[int, tuple[int, int, int, int]] = (0,)
    for k in range(len(fours) + 1):
        for chosen in combinations(fours, k):
            rest = hand
            four_weis: list[Weis] = []
            for r, m in chosen:
                rest &= ~m
                four_weis.append(
                    (DeclarationKind.FOUR, tuple(s * 9 + r for s in range(4)), _FOUR_POINTS[r])
                )
            for seqs in _sequence_sets(rest):
                candidate = four_weis + seqs
                if not candidate:
                    continue
                rank = (
                    sum(w[2] for w in candidate),
                    max(weis_key(w, ci) for w in candidate),
                )
                if rank > best_rank:
                    best, best_rank = candidate, rank
    return sorted(best, key=lambda w: weis_key(w, ci), reverse=True)


def key_code(key: tuple[int, int, int, int]) -> int:
    """A ``weis_key`` packed into one int that orders the same way."""
    points, n, strength, trump = key
    return ((points * 16 + n) * 16 + strength) * 2 + trump


def _suit_summary(bits: int) -> tuple[int, int, int] | None:
    """Per 9-bit suit mask: (sequence points, best code high-first, best code Undenufe).

    None without a run of three; (-1, 0, 0) for a run over 7, which needs the search.
    """
    runs = SUIT_RUNS[bits]
    if not runs:
        return None
    if any(n > 7 for _, n in runs):
        return (-1, 0, 0)
    total = sum(_sequence_points(n) for _, n in runs)
    high = max(key_code((_sequence_points(n), n, 8 - top, 0)) for top, n in runs)
    low = max(key_code((_sequence_points(n), n, top + n - 1, 0)) for top, n in runs)
    return total, high, low


_SUIT_SUMMARY = tuple(_suit_summary(m) for m in range(512))


def weis_summary(hand: int, ci: int) -> tuple[int, int] | None:
    """``best_weis(hand, ci)``'s total and its best Weis's ``key_code``; None if none.

    The common case (no four of a kind, no run longer than 7) is a few table lookups.
    """
    # Four of a kind of A K Q J or 10 (rank indices 0-4) sets a bit of this.
    if hand & hand >> 9 & hand >> 18 & hand >> 27 & 0b11111:
        return _searched_summary(hand, ci)
    t = _SUIT_SUMMARY
    suits = (t[hand & 511], t[hand >> 9 & 511], t[hand >> 18 & 511], t[hand >> 27 & 511])
    if suits == _NO_RUNS:  # the common case: not a run of three
        return None
    total, best = 0, -1
    column = 2 if ci == UNDENUFE else 1
    for s, entry in enumerate(suits):
        if entry is None:
            continue
        if entry[0] < 0:
            return _searched_summary(hand, ci)
        total += entry[0]
        code = entry[column] + (s == ci)
        if code > best:
            best = code
    return total, best


_NO_RUNS = (None, None, None, None)


def _searched_summary(hand: int, ci: int) -> tuple[int, int] | None:
    weis = best_weis(hand, ci)
    return (sum(w[2] for w in weis), key_code(weis_key(weis[0], ci))) if weis else None


def weis_winner(best: Sequence[int | None], forehand: int) -> int | None:
    """The team whose Weis count: the one holding the best single Weis (``best[seat]``,
    a ``key_code``; None for none), the earlier seat from the forehand on a tie."""
    top, team = -1, None
    for i in range(4):
        seat = (forehand + i) & 3
        code = best[seat]
        if code is not None and code > top:
            top, team = code, seat & 1
    return team


def weis_credit(hands: Sequence[int], ci: int, forehand: int) -> tuple[int | None, int]:
    """The team whose Weis count, dealt ``hands`` under contract ``ci``, and their
    points (before the multiplier)."""
    summaries = list(map(weis_summary, hands, (ci, ci, ci, ci)))
    if summaries == _NONE:
        return None, 0
    team = weis_winner([s and s[1] for s in summaries], forehand)
    return team, sum(s[0] for s in summaries[team::2] if s)


_NONE = [None, None, None, None]
