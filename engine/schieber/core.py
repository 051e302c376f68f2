"""Schieber's rulebook: the rules as fast functions over card indices and bit masks.

Contracts are indexed 0-5: the trump suits share ``Suit``'s numbers (♠ ♥ ♦ ♣), then
Obenabe (4) and Undenufe (5).  Each rule is written here once (the Weis in ``weis``):
the legal cards, closing a trick, Stöck, the Match and the multiplier.  The hand state,
the random playouts, the bots' rollouts, search and inference all call these, so what
a bot simulates is exactly what the table enforces (``test_schieber_rulebook`` pins
every path to them).

>>> from engine.cards import Card
>>> trick = [Card.from_code(c).index for c in ("H10", "HA", "S6", "H9")]
>>> close_trick(OBENABE, POINTS[OBENABE], trick, last=True)  # the Ace wins, +5 for the last
(1, 26)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Contract
from engine.cards import CARDS, RANK_OF, SUIT_MASK, SUIT_OF, Rank, Suit
from engine.schieber.rules import MULTIPLIER_GROUP, SchieberRules

OBENABE = 4
UNDENUFE = 5
CONTRACTS: tuple[Contract, ...] = (
    Contract.SPADES,
    Contract.HEARTS,
    Contract.DIAMONDS,
    Contract.CLUBS,
    Contract.OBENABE,
    Contract.UNDENUFE,
)
CONTRACT_INDEX = {c: i for i, c in enumerate(CONTRACTS)}
_MULTIPLIER_GROUP = tuple(MULTIPLIER_GROUP[c] for c in CONTRACTS)
LAST_TRICK_BONUS = 5
MATCH_BONUS = 100
STOECK_POINTS = 20
TRICKS = 9

# Strength within a suit, higher wins, by rank index A K Q J 10 9 8 7 6.
_NATURAL = (8, 7, 6, 5, 4, 3, 2, 1, 0)
_TRUMP = (6, 5, 4, 8, 3, 7, 2, 1, 0)  # J 9 A K Q 10 8 7 6
_UNDENUFE = (0, 1, 2, 3, 4, 5, 6, 7, 8)
_PLAIN_POINTS = (11, 4, 3, 2, 10, 0, 0, 0, 0)
_TRUMP_POINTS = (11, 4, 3, 20, 10, 14, 0, 0, 0)
_NO_TRUMP_POINTS = (11, 4, 3, 2, 10, 0, 8, 0, 0)
_SIX_ELEVEN_POINTS = (0, 4, 3, 2, 10, 0, 8, 0, 11)


def _points(ci: int, six_eleven: bool = False) -> tuple[int, ...]:
    if ci == OBENABE:
        return tuple(_NO_TRUMP_POINTS[RANK_OF[c]] for c in range(36))
    if ci == UNDENUFE:
        table = _SIX_ELEVEN_POINTS if six_eleven else _NO_TRUMP_POINTS
        return tuple(table[RANK_OF[c]] for c in range(36))
    return tuple(
        (_TRUMP_POINTS if SUIT_OF[c] == ci else _PLAIN_POINTS)[RANK_OF[c]] for c in range(36)
    )


POINTS: tuple[tuple[int, ...], ...] = tuple(_points(ci) for ci in range(6))
POINTS_SIX_ELEVEN = _points(UNDENUFE, six_eleven=True)


def _key(ci: int, led: int, c: int) -> int:
    """How strongly card ``c`` bids for a trick led in suit ``led``; -1 never wins."""
    suit, rank = SUIT_OF[c], RANK_OF[c]
    if ci < 4 and suit == ci:
        return 100 + _TRUMP[rank]
    if suit != led:
        return -1
    return (_UNDENUFE if ci == UNDENUFE else _NATURAL)[rank]


KEY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_key(ci, led, c) for c in range(36)) for led in range(4)) for ci in range(6)
)
# For a trump card: the trumps that beat it (the ones still allowed over it).
TRUMPS_ABOVE: tuple[int, ...] = tuple(
    sum(
        1 << o
        for o in range(36)
        if SUIT_OF[o] == SUIT_OF[c] and _TRUMP[RANK_OF[o]] > _TRUMP[RANK_OF[c]]
    )
    for c in range(36)
)
PUUR: tuple[int, ...] = tuple(1 << (s * 9 + Rank.JACK) for s in range(4))
# Per contract, the trump King and Queen (Stöck); none without a trump suit.
STOECK_PAIR: tuple[int, ...] = tuple(
    1 << (ci * 9 + Rank.KING) | 1 << (ci * 9 + Rank.QUEEN) if ci < 4 else 0 for ci in range(6)
)


def legal_mask(ci: int, hand: int, trick: Sequence[int]) -> int:
    """The cards of ``hand`` that may be played onto ``trick`` (card indices in order)."""
    if not trick:
        return hand
    led = SUIT_OF[trick[0]]
    if ci >= 4 or led == ci or not hand & SUIT_MASK[ci]:
        return follow_mask(ci, hand, led, None)  # no trump of this hand can undertrump
    return follow_mask(ci, hand, led, _top_trump(ci, trick))


def follow_mask(ci: int, hand: int, led: int, top_trump: int | None) -> int:
    """The cards of ``hand`` that may follow a lead in suit ``led``.

    ``top_trump`` is the highest trump in the trick, if any (playouts track it as they go).
    """
    follow = hand & SUIT_MASK[led]
    if ci >= 4:
        return follow or hand
    trumps = hand & SUIT_MASK[ci]
    if led == ci:
        if trumps == 0 or trumps == PUUR[ci]:
            return hand  # the Puur never has to be played
        return trumps
    allowed_trumps = trumps
    if top_trump is not None and trumps and trumps != hand:
        allowed_trumps = trumps & TRUMPS_ABOVE[top_trump]  # no undertrumping
    if follow:
        return follow | allowed_trumps
    return (hand & ~SUIT_MASK[ci]) | allowed_trumps


def _top_trump(ci: int, trick: Sequence[int]) -> int | None:
    key = KEY[ci][ci]
    best = None
    for c in trick:
        if SUIT_OF[c] == ci and (best is None or key[c] > key[best]):
            best = c
    return best


def trick_winner(ci: int, trick: Sequence[int]) -> int:
    """Position (0 = the leader) of the card that wins a complete trick."""
    return close_trick(ci, POINTS[ci], trick, last=False)[0]


def close_trick(
    ci: int, points: Sequence[int], trick: Sequence[int], last: bool
) -> tuple[int, int]:
    """A complete trick's winner (position, 0 = the leader) and its points under the
    ``points`` table, the last-trick bonus included when ``last``."""
    a, b, c, d = trick
    key = KEY[ci][SUIT_OF[a]]
    best, top = 0, key[a]
    if key[b] > top:
        best, top = 1, key[b]
    if key[c] > top:
        best, top = 2, key[c]
    if key[d] > top:
        best = 3
    total = points[a] + points[b] + points[c] + points[d]
    return best, total + LAST_TRICK_BONUS if last else total


def points_table(rules: SchieberRules, ci: int) -> tuple[int, ...]:
    """What each card counts under contract ``ci`` (the Six 11 in Undenufe, if chosen)."""
    return POINTS_SIX_ELEVEN if ci == UNDENUFE and rules.undenufe_six_eleven else POINTS[ci]


def match_bonus(rules: SchieberRules, tricks_won: int) -> int:
    """The Match bonus of a team that took ``tricks_won`` tricks of the hand."""
    return MATCH_BONUS if tricks_won == TRICKS and rules.match_bonus else 0


def holds_stoeck(rules: SchieberRules, ci: int, hand: int) -> bool:
    """Whether ``hand`` holds the trump King and Queen and Stöck counts at this table."""
    pair = STOECK_PAIR[ci]
    return pair != 0 and rules.stoeck and hand & pair == pair


def stoeck_holder(rules: SchieberRules, ci: int, hands: Sequence[int]) -> int | None:
    """The seat dealt Stöck (``holds_stoeck``), if any."""
    if STOECK_PAIR[ci]:  # else nobody, without asking four times
        for seat in range(4):
            if holds_stoeck(rules, ci, hands[seat]):
                return seat
    return None


def multiplier(rules: SchieberRules, ci: int) -> int:
    """What everything a hand in contract ``ci`` scores is multiplied by."""
    return rules.multipliers[_MULTIPLIER_GROUP[ci]]


def illegal_reason(ci: int, hand: int, trick: Sequence[int], card: int) -> str | None:
    """Why ``card`` may not be played now, in a player's words; None if it may."""
    if not hand >> card & 1:
        return f"You do not hold {CARDS[card]}."
    if legal_mask(ci, hand, trick) >> card & 1:
        return None
    led = Suit(SUIT_OF[trick[0]])
    if ci >= 4:
        return f"You must follow {led.symbol} {led.word}."
    trump = Suit(ci)
    if led == trump:
        return f"You must play a trump ({trump.symbol})."
    if SUIT_OF[card] == ci:
        top = _top_trump(ci, trick)
        assert top is not None  # a trump is refused only under a higher one
        return f"You may not undertrump the {CARDS[top]}."
    return f"You must follow {led.symbol} {led.word} or play a trump."
