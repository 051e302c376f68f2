"""What a button means, written into its ``custom_id`` so a click needs nothing else.

A button names its table, its action (with an argument), the table's ``seq`` it was
made against, the hand it belongs to and, for a private hand, the seat whose cards it
shows.  After a restart the click is understood from the id alone.

>>> ref = Ref(12, "play", "H10", seq=57, hand=3, seat=0)
>>> ref.custom_id
'trumpf:12:play:H10:57:3:0'
>>> Ref.parse(ref.custom_id) == ref
True
>>> action_of(ref)
Play(seat=0, card=Card('H10'))
>>> ref_of(action_of(ref), 12, 57, 3) == ref
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.actions import Action, Bid, BidKind, Choose, Contract, Play, Push, Swap
from engine.cards import Card, Suit

TEMPLATE = (
    r"trumpf:(?P<table>\d{1,12}):(?P<action>[a-z]{2,8}):(?P<arg>[A-Za-z0-9-]{1,12})"
    r":(?P<seq>\d{1,9}):(?P<hand>\d{1,6}):(?P<seat>\d|-)"
)
_PATTERN = re.compile(TEMPLATE)

# Buttons of the lobby message.
SIT, STAND, ADD_BOT, REMOVE_BOT, START, CANCEL = "sit", "stand", "bot", "unbot", "start", "cancel"
# Buttons of the public table and result messages.
OPEN_HAND, PLAY_AGAIN = "open", "again"
# Buttons of a private hand: a refresh, and the game's own actions.
REFRESH = "look"
GAME_ACTIONS = frozenset({"play", "push", "choose", "take", "pass", "name", "swap"})


@dataclass(frozen=True, slots=True)
class Ref:
    table: int
    action: str
    arg: str = "-"
    seq: int = 0
    hand: int = 0
    seat: int | None = None

    @property
    def custom_id(self) -> str:
        seat = "-" if self.seat is None else str(self.seat)
        return f"trumpf:{self.table}:{self.action}:{self.arg}:{self.seq}:{self.hand}:{seat}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Ref:
        seat = match["seat"]
        return cls(
            table=int(match["table"]),
            action=match["action"],
            arg=match["arg"],
            seq=int(match["seq"]),
            hand=int(match["hand"]),
            seat=None if seat == "-" else int(seat),
        )

    @classmethod
    def parse(cls, custom_id: str) -> Ref:
        match = _PATTERN.fullmatch(custom_id)
        if match is None:
            raise ValueError(f"not a Trumpf button: {custom_id!r}")
        return cls.from_match(match)


def ref_of(action: Action, table: int, seq: int, hand: int) -> Ref:
    """The button for one of the engine's legal actions."""
    seat = getattr(action, "seat", None)

    def ref(name: str, arg: str = "-") -> Ref:
        return Ref(table, name, arg, seq, hand, seat)

    match action:
        case Play(card=card):
            return ref("play", card.code)
        case Push():
            return ref("push")
        case Choose(contract=contract):
            return ref("choose", contract.value)
        case Bid(kind=BidKind.TAKE):
            return ref("take")
        case Bid(kind=BidKind.PASS):
            return ref("pass")
        case Bid(kind=BidKind.NAME, suit=suit) if suit is not None:
            return ref("name", suit.letter)
        case Swap():
            return ref("swap")
    raise ValueError(f"no button for {action!r}")


def action_of(ref: Ref) -> Action:
    """The engine action a game button stands for; ValueError for a malformed one."""
    if ref.seat is None or ref.action not in GAME_ACTIONS:
        raise ValueError(f"{ref.custom_id} is not a move")
    seat, arg = ref.seat, ref.arg
    match ref.action:
        case "play":
            return Play(seat, Card.from_code(arg))
        case "push":
            return Push(seat)
        case "choose":
            return Choose(seat, Contract(arg))
        case "take":
            return Bid(seat, BidKind.TAKE)
        case "pass":
            return Bid(seat, BidKind.PASS)
        case "name":
            return Bid(seat, BidKind.NAME, Suit("SHDC".index(arg)))
        case _:
            return Swap(seat)
