"""The medium Schieber bot: rules of thumb with measured weights.

Contract: each contract's expected result from the hand's strength (``schieber_features``),
times its multiplier; a forehand whose best prospect is poor pushes to the partner.
Cards: ``schieber_policy.play_card`` over the cards each other seat may still hold, with
the partner's signals: a suit the partner led, or discarded a high card of, is led back;
one he discarded low cards of is not.
"""

from __future__ import annotations

from engine.bots.schieber_features import expected
from engine.bots.schieber_info import SchieberInfo
from engine.bots.schieber_policy import STRENGTH, play_card
from engine.cards import SUIT_OF
from engine.schieber.core import STOECK_POINTS, holds_stoeck, multiplier
from engine.schieber.rules import SchieberRules

# Push when the best contract's expected result (multiplied) is below this.
PUSH_BELOW = 120.0


def contract_values(hand: int, rules: SchieberRules) -> list[float]:
    """Each contract's expected result for the team naming it, multiplied."""
    values = []
    for ci in range(6):
        v = expected(hand, ci)
        if holds_stoeck(rules, ci, hand):
            v += STOECK_POINTS
        values.append(v * multiplier(rules, ci))
    return values


def choose_contract(hand: int, rules: SchieberRules, may_push: bool) -> int | None:
    """The contract index to name, or None to push."""
    values = contract_values(hand, rules)
    best = max(range(6), key=values.__getitem__)
    if may_push and values[best] < PUSH_BELOW:
        return None
    return best


def lead_bonus(info: SchieberInfo) -> list[int]:
    """Per suit: how much the partner's play asks for it (+) or against it (-)."""
    bonus = [0, 0, 0, 0]
    partner = (info.seat + 2) & 3
    strength = STRENGTH[info.ci]
    for c in _cards(info.discards[partner]):
        bonus[SUIT_OF[c]] += 1 if strength[c] >= 6 else -1
    return bonus


def choose_card(info: SchieberInfo) -> int:
    attack = info.maker >= 0 and (info.maker - info.seat) % 2 == 0
    counts = info.counts
    return play_card(info.ci, info.seat, info.hand, info.trick, info.possible(), lead_bonus(info),
                     counts, attack)  # fmt: skip


def _cards(mask: int) -> list[int]:
    return [c for c in range(36) if mask >> c & 1]
