"""What the service announces to its subscribers, in order, after it is committed.

Every event names its table.  Game events from the engine (a card played, a trick won,
Weis, Stöck, Bela, a hand scored, the match won) arrive wrapped in :class:`GameEvent`;
the others are about the table itself.  ``seq`` is the table's log length once the
event has happened, i.e. the ``expected_seq`` of the next action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.phase import Phase
from tables.model import Seat, Table


@dataclass(frozen=True, slots=True)
class GameEvent:
    """An engine event (``engine.events``): CardPlayed, TrickWon, HandScored, MatchWon, …"""

    table_id: int
    seq: int
    event: Any


@dataclass(frozen=True, slots=True)
class TableCreated:
    table: Table

    @property
    def table_id(self) -> int:
        return self.table.id


@dataclass(frozen=True, slots=True)
class SeatChanged:
    """Someone sat down, stood up, moved, or a bot was added or removed (lobby)."""

    table: Table
    seat: int

    @property
    def table_id(self) -> int:
        return self.table.id


@dataclass(frozen=True, slots=True)
class TableStarted:
    table: Table

    @property
    def table_id(self) -> int:
        return self.table.id


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """A seat is to move; ``deadline`` is None for bots and for tables without a clock."""

    table_id: int
    seq: int
    seat: int
    player: Seat
    phase: Phase
    deadline: float | None


@dataclass(frozen=True, slots=True)
class ClockWarning:
    table_id: int
    seq: int
    seat: int
    user: str
    deadline: float


@dataclass(frozen=True, slots=True)
class SeatTakenByBot:
    """A bot now plays for ``user``: until they act again, or for good if they left."""

    table_id: int
    seq: int
    seat: int
    user: str
    level: str
    for_good: bool


@dataclass(frozen=True, slots=True)
class SeatReclaimed:
    table_id: int
    seq: int
    seat: int
    user: str


@dataclass(frozen=True, slots=True)
class TableFinished:
    """The match is over and kept for the league; follows the engine's MatchWon."""

    table: Table

    @property
    def table_id(self) -> int:
        return self.table.id


@dataclass(frozen=True, slots=True)
class TableCancelled:
    table_id: int
    by: str


@dataclass(frozen=True, slots=True)
class TablePaused:
    """The table stopped where it was (its channel was deleted): no clock, no bots."""

    table: Table
    reason: str

    @property
    def table_id(self) -> int:
        return self.table.id


@dataclass(frozen=True, slots=True)
class TableMoved:
    """A paused table plays again in ``table.channel_id``; it was in ``from_channel_id``."""

    table: Table
    from_channel_id: str

    @property
    def table_id(self) -> int:
        return self.table.id


@dataclass(frozen=True, slots=True)
class TableResumed:
    """Loaded again at start-up: the announcer should show the table afresh."""

    table: Table

    @property
    def table_id(self) -> int:
        return self.table.id


@dataclass(frozen=True, slots=True)
class TableDamaged:
    """The table's log could not be read or replayed; it is set aside, the rest run on."""

    table_id: int
    reason: str
    channel_id: str | None = None  # where to say so, if its row tells


@dataclass(frozen=True, slots=True)
class BotsSlowed:
    """The table's thinking bots think less than their full time (``slowed``), because
    many tables ask for bot moves at once, or think fully again; ``budget_s`` is their
    time per move now.  Sent when it changes, not with every move."""

    table_id: int
    seq: int
    slowed: bool
    budget_s: float


TableEvent = (
    GameEvent
    | TableCreated
    | SeatChanged
    | TableStarted
    | TurnStarted
    | ClockWarning
    | SeatTakenByBot
    | SeatReclaimed
    | TableFinished
    | TableCancelled
    | TablePaused
    | TableMoved
    | TableResumed
    | TableDamaged
    | BotsSlowed
)
