"""Hand records (``rules/hand-record.md``): the parts both games share.

A record's actions are JSON objects such as ``{"seat": 0, "play": "SA"}``; this module
turns them into engine actions and back, and plays them through a hand, noting for
every card what else the seat could have played.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.actions import Action, Bid, BidKind, Choose, Contract, Play, Push, Swap
from engine.cards import CARDS, Card, Suit, sorted_codes
from engine.errors import IllegalAction


class RecordError(ValueError):
    """A record that is not a hand record at all (missing or malformed keys)."""


class ReplayableHand(Protocol):
    def legal_mask(self) -> int: ...

    def apply(self, action: Action) -> tuple[Any, ...]: ...


def require(record: dict[str, Any], key: str) -> Any:
    if key not in record:
        raise RecordError(f"missing key {key!r}")
    return record[key]


def parse_cards(codes: Any, what: str) -> list[Card]:
    if not isinstance(codes, list):
        raise RecordError(f"{what} must be a list of card codes")
    try:
        return [Card.from_code(c) for c in codes]
    except ValueError as e:
        raise RecordError(f"{what}: {e}") from None


# Every play a record can hold under its exact code, built once: a replay parses 36
# plays a hand, and constructing a frozen dataclass costs more than a dict lookup.
_PLAYS: dict[tuple[int, str], Play] = {(s, c.code): Play(s, c) for s in range(4) for c in CARDS}


def parse_action(obj: Any) -> Action:
    if not isinstance(obj, dict) or type(obj.get("seat")) is not int:  # a bool is an int too
        raise RecordError(f"an action needs a seat: {obj!r}")
    seat = obj["seat"]
    try:
        if "play" in obj:
            code = obj["play"]
            if type(code) is str and (play := _PLAYS.get((seat, code))):
                return play
            return Play(seat, Card.from_code(code))
        if obj.get("push"):
            return Push(seat)
        if "contract" in obj:
            return Choose(seat, Contract(obj["contract"]))
        if "bid" in obj:
            kind = BidKind(obj["bid"])
            suit = Suit.from_word(obj["suit"]) if kind is BidKind.NAME else None
            return Bid(seat, kind, suit)
        if obj.get("swap"):
            return Swap(seat)
    except (ValueError, KeyError, AttributeError) as e:
        raise RecordError(f"bad action {obj!r}: {e}") from None
    raise RecordError(f"unknown action {obj!r}")


def action_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Play):
        return {"seat": action.seat, "play": action.card.code}
    if isinstance(action, Push):
        return {"seat": action.seat, "push": True}
    if isinstance(action, Choose):
        return {"seat": action.seat, "contract": action.contract.value}
    if isinstance(action, Bid):
        out: dict[str, Any] = {"seat": action.seat, "bid": action.kind.value}
        if action.suit is not None:
            out["suit"] = action.suit.word
        return out
    if isinstance(action, Swap):
        return {"seat": action.seat, "swap": True}
    raise TypeError(f"{action!r} does not belong in a hand record")


def play_through(
    hand: ReplayableHand, actions: Any
) -> tuple[Any, list[dict[str, Any]], dict[str, Any] | None]:
    """Apply a record's actions in order; stop at the first illegal one.

    Returns the last state, the plays (each with the cards that were legal), and the
    error (``{"index", "reason"}``) or None.
    """
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    parsed = [parse_action(a) for a in actions]
    plays: list[dict[str, Any]] = []
    for index, action in enumerate(parsed):
        try:
            after = hand.apply(action)[0]
        except IllegalAction as e:
            return hand, plays, {"index": index, "reason": str(e)}
        if type(action) is Play:
            # Played, so ``hand`` was in the play with this seat to move: its legal mask
            # is what the seat could have played.
            legal = sorted_codes(hand.legal_mask())
            plays.append({"seat": action.seat, "card": action.card.code, "legal": legal})
        hand = after
    return hand, plays, None


def replay_hand(hand: ReplayableHand, actions: Any, summary: Any) -> dict[str, Any]:
    """A record's result: ``summary(last state)`` with the plays and any error."""
    hand, plays, error = play_through(hand, actions)
    result: dict[str, Any] = summary(hand)
    result["plays"] = plays
    if error:
        result["ok"] = False
        result["error"] = error
    return result


def tricks_json(tricks: Any) -> list[dict[str, Any]]:
    return [
        {
            "leader": t.leader,
            "cards": [c.code for c in t.cards],
            "winner": t.winner,
            "points": t.points,
        }
        for t in tricks
    ]


def declarations_json(hand: Any) -> list[dict[str, Any]]:
    return [
        {
            "seat": d.seat,
            "kind": d.kind,
            "cards": [c.code for c in d.cards],
            "points": d.points,
            "scored": hand.declaration_scored(d),
        }
        for d in hand.declarations()
    ]
