"""Value types of a table: its options, its seats and the table as callers see it.

All of them are frozen: the service hands out a fresh :class:`Table` after every change,
so a renderer can keep one without it changing under its feet.

>>> t = Table.lobby(1, "schieber", "guild", "chan", "ann", TableOptions())
>>> t.seats[0].is_empty, t.is_full, t.teams
(True, False, ((0, 2), (1, 3)))
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Any

from engine.phase import Phase
from tables.decks import Deck

GAMES = ("schieber", "klaberjass")
SEATS = {"schieber": 4, "klaberjass": 2}


class TableStatus(enum.Enum):
    LOBBY = "lobby"  # seats being filled
    PLAYING = "playing"
    PAUSED = "paused"  # in play, but its channel is gone: no clock, no bots, until resumed
    FINISHED = "finished"
    CANCELLED = "cancelled"
    DAMAGED = "damaged"  # its log could not be replayed: set aside, reported

    @property
    def is_open(self) -> bool:
        """Kept in memory and resumed at start-up (a paused table stays paused)."""
        return self in (TableStatus.LOBBY, TableStatus.PLAYING, TableStatus.PAUSED)


@dataclass(frozen=True, slots=True)
class TableOptions:
    """Rule options for the engine, the table's turn clock and the deck it is shown with.

    ``rules`` goes to the engine as it is (``{"preset": "swisslos-2500"}``,
    ``{"target": 1000}``); a clock of ``None`` means no clock (the console).  The deck
    changes only how cards are drawn and named, never the game.
    """

    rules: dict[str, Any] = field(default_factory=dict, hash=False)
    card_clock_s: float | None = 60.0
    contract_clock_s: float | None = 120.0  # choosing a contract takes longer
    deck: Deck = Deck.FRENCH

    def clock_for(self, phase: Phase) -> float | None:
        return self.card_clock_s if phase is Phase.PLAY else self.contract_clock_s

    def to_json(self) -> str:
        return json.dumps(
            {
                "rules": self.rules,
                "card_clock_s": self.card_clock_s,
                "contract_clock_s": self.contract_clock_s,
                "deck": self.deck.value,
            },
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str) -> TableOptions:
        data = json.loads(text)
        if not isinstance(data, dict) or not isinstance(data.get("rules", {}), dict):
            raise ValueError("table options must be a JSON object with a rules object")
        return cls(
            rules=data.get("rules", {}),
            card_clock_s=data.get("card_clock_s"),
            contract_clock_s=data.get("contract_clock_s"),
            deck=Deck.from_word(data.get("deck", "french")),  # tables from before decks: French
        )


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: empty, a person, or a bot.

    ``away`` marks a person whose clock ran out: a stand-in bot plays for them until
    they act again.  ``left`` names a person who handed the seat to a bot for good.
    """

    number: int
    user: str | None = None
    bot: str | None = None  # the bot's level ("easy", "medium", "hard")
    away: bool = False
    left: str | None = None

    @property
    def is_empty(self) -> bool:
        return self.user is None and self.bot is None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    @property
    def played_by_bot(self) -> bool:
        """A bot makes this seat's moves now (a bot seat, or a person who is away)."""
        return self.bot is not None or self.away

    def __str__(self) -> str:
        if self.user is not None:
            return f"{self.user} (away)" if self.away else self.user
        if self.bot is not None:
            return f"bot ({self.bot})"
        return "empty"


@dataclass(frozen=True, slots=True)
class Table:
    """A table as the service last committed it.

    ``seq`` is the number of actions in the table's log: the ``expected_seq`` that the
    next action must carry.  ``match`` is the engine's match (None in the lobby).
    ``pause_reason`` says why a paused table waits ("its channel was deleted").
    """

    id: int
    game: str
    guild_id: str
    channel_id: str
    host: str
    options: TableOptions
    status: TableStatus
    seats: tuple[Seat, ...]
    seq: int = 0
    match: Any = None
    deadline: float | None = None  # when the seat to move runs out of time
    created_at: float = 0.0
    updated_at: float = 0.0
    pause_reason: str | None = None

    @classmethod
    def lobby(
        cls,
        table_id: int,
        game: str,
        guild_id: str,
        channel_id: str,
        host: str,
        options: TableOptions,
        now: float = 0.0,
    ) -> Table:
        seats = tuple(Seat(n) for n in range(SEATS[game]))
        return cls(
            table_id, game, guild_id, channel_id, host, options, TableStatus.LOBBY, seats,
            created_at=now, updated_at=now,
        )  # fmt: skip

    def advanced(
        self, match: Any, seq: int, status: TableStatus, deadline: float | None, now: float
    ) -> Table:
        """The table after actions: ``dataclasses.replace`` costs too much per card."""
        return Table(
            self.id, self.game, self.guild_id, self.channel_id, self.host, self.options, status,
            self.seats, seq, match, deadline, self.created_at, now, self.pause_reason,
        )  # fmt: skip

    def seat_of(self, user: str) -> int | None:
        """The seat a person sits in (away or not), or None."""
        return next((s.number for s in self.seats if s.user == user), None)

    @property
    def is_full(self) -> bool:
        return all(not s.is_empty for s in self.seats)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Seats by side: Schieber partners sit opposite; in Klaberjass each seat is a side."""
        if len(self.seats) == 4:
            return ((0, 2), (1, 3))
        return tuple((s.number,) for s in self.seats)

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.teams) if seat in side)

    @property
    def to_move(self) -> int | None:
        return None if self.match is None else self.match.to_move

    @property
    def scores(self) -> tuple[int, ...]:
        return (0,) * len(self.teams) if self.match is None else tuple(self.match.scores)

    @property
    def winner(self) -> int | None:
        return None if self.match is None else self.match.winner
