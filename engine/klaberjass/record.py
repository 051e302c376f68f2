"""Klaberjass hand records in and out (``rules/hand-record.md``).

>>> from engine.actions import Bid, BidKind
>>> hand = KlaberjassHand.from_codes(
...     0, [["SA", "SK", "SQ", "HA", "D7", "C8"], ["HJ", "H9", "H10", "DA", "D10", "CA"]],
...     "H7", [["S8", "H8", "D8"], ["HK", "CK", "CQ"]])
>>> hand = hand.apply(Bid(1, BidKind.TAKE))[0]
>>> result = replay(hand_to_record(hand))
>>> result["ok"], result["contract"], result["maker"], result["complete"]
(True, 'hearts', 1, False)
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, cards_of, mask_of
from engine.klaberjass.hand import KlaberjassHand
from engine.klaberjass.rules import KlaberjassRules
from engine.record import (
    RecordError,
    action_json,
    declarations_json,
    parse_cards,
    replay_hand,
    require,
    tricks_json,
)


def hand_to_record(hand: KlaberjassHand) -> dict[str, Any]:
    return {
        "game": "klaberjass",
        "rules": hand.rules.to_options(),
        "dealer": hand.dealer,
        "hands": [[c.code for c in cards_of(h)] for h in hand.dealt],
        "turn_up": Card.at(hand.turn_up).code,
        "extra": [[c.code for c in cards_of(x)] for x in hand.extra],
        "actions": [action_json(a) for a in hand.actions],
    }


def _two_lists(record: dict[str, Any], key: str) -> tuple[int, int]:
    value = require(record, key)
    if not isinstance(value, list) or len(value) != 2:
        raise RecordError(f"{key} must be two lists of card codes, one per seat")
    return mask_of(parse_cards(value[0], f"{key}[0]")), mask_of(parse_cards(value[1], f"{key}[1]"))


def start_from_record(record: dict[str, Any]) -> KlaberjassHand:
    try:
        rules = KlaberjassRules.from_options(record.get("rules") or {})
    except (ValueError, TypeError) as e:
        raise RecordError(f"rules: {e}") from None
    dealer = require(record, "dealer")
    if dealer not in (0, 1) or isinstance(dealer, bool):
        raise RecordError("dealer must be a seat 0 or 1")
    hands = _two_lists(record, "hands")
    turn_up = require(record, "turn_up")
    try:
        turn_up_index = Card.from_code(turn_up).index
    except ValueError as e:
        raise RecordError(f"turn_up: {e}") from None
    extra = _two_lists(record, "extra")
    try:
        return KlaberjassHand.start(rules, dealer, hands, turn_up_index, extra)
    except ValueError as e:
        raise RecordError(str(e)) from None


def replay(record: dict[str, Any]) -> dict[str, Any]:
    return replay_hand(start_from_record(record), require(record, "actions"), summary)


def summary(hand: KlaberjassHand) -> dict[str, Any]:
    """The record's result.  ``score.total`` is what goes on the sheet (nothing before the
    last trick); ``score.own`` adds, per seat, each player's total before the maker rule."""
    return {
        "ok": True,
        "contract": hand.trump.word if hand.trump is not None else None,
        "maker": hand.maker,
        "annulled": hand.annulled,
        "swapped_by": hand.swapped_by,
        "tricks": tricks_json(hand.tricks),
        "declarations": declarations_json(hand),
        "score": {
            "points": list(hand.points),
            "total": list(hand.credited),
            "own": list(hand.own_totals),
            "maker_failed": hand.maker_failed,
        },
        "complete": hand.complete,
    }
