"""Schieber hand records in and out."""

from __future__ import annotations

from typing import Any

from engine.cards import cards_of, mask_of
from engine.record import (
    RecordError,
    action_json,
    declarations_json,
    parse_cards,
    replay_hand,
    require,
    tricks_json,
)
from engine.schieber.hand import SchieberHand
from engine.schieber.rules import SchieberRules


def hand_to_record(hand: SchieberHand) -> dict[str, Any]:
    return {
        "game": "schieber",
        "rules": hand.rules.to_options(),
        "dealer": hand.dealer,
        "hands": [[c.code for c in cards_of(h)] for h in hand.dealt],
        "actions": [action_json(a) for a in hand.actions],
    }


# Rules read so far, by the repr of their options: the records of a file mostly share
# one table's rules, and reading them costs as much as playing a trick.
_RULES: dict[str, SchieberRules] = {}


def rules_from(options: Any) -> SchieberRules:
    """``SchieberRules.from_options(options)``, remembered for a few dozen option sets."""
    key = repr(options)
    rules = _RULES.get(key)
    if rules is None:
        rules = SchieberRules.from_options(options)
        if len(_RULES) < 64:
            _RULES[key] = rules
    return rules


def start_from_record(record: dict[str, Any]) -> SchieberHand:
    try:
        rules = rules_from(record.get("rules") or {})
    except (ValueError, TypeError) as e:
        raise RecordError(f"rules: {e}") from None
    dealer = require(record, "dealer")
    if dealer not in (0, 1, 2, 3):
        raise RecordError("dealer must be a seat 0-3")
    hands = require(record, "hands")
    if not isinstance(hands, list) or len(hands) != 4:
        raise RecordError("hands must be four lists of card codes")
    masks = tuple(mask_of(parse_cards(h, f"hands[{i}]")) for i, h in enumerate(hands))
    try:
        return SchieberHand.start(rules, dealer, masks)
    except ValueError as e:
        raise RecordError(str(e)) from None


def replay(record: dict[str, Any]) -> dict[str, Any]:
    return replay_hand(start_from_record(record), require(record, "actions"), summary)


def summary(hand: SchieberHand) -> dict[str, Any]:
    return {
        "ok": True,
        "contract": hand.contract.value if hand.contract else None,
        "maker": hand.maker,
        "pushed": hand.pushed,
        "tricks": tricks_json(hand.tricks),
        "declarations": declarations_json(hand),
        "score": {"points": list(hand.points), "total": list(hand.credited)},
        "complete": hand.complete,
    }
