"""Limits that keep one member, or one server, from taking all the bots' time.

- a member may have ``MEMBER_TABLES`` open tables (lobbies, in play, paused) at once in
  a server, as host or player;
- ``/jass quick`` once every ``QUICK_COOLDOWN_S`` seconds per member;
- a server at most ``max_tables`` open tables (``/jass settings tables:``, default
  ``DEFAULT_MAX_TABLES``).

A refusal names the limit and the member's open tables, so they can end one.

>>> print(QuickCooldown(30, 12.2, []))
You opened a quick game a moment ago: one every 30 seconds. Try again in 13 seconds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tables.errors import TableError
from tables.model import Table, TableStatus

MEMBER_TABLES = 3
QUICK_COOLDOWN_S = 30.0
DEFAULT_MAX_TABLES = 20  # two cores serve about this many tables of hard bots well


@dataclass(frozen=True, slots=True)
class Limits:
    """The service enforces these when given them (the Discord bot is); the console, the
    benchmarks and the table tests run without.  0 switches one off."""

    member_tables: int = MEMBER_TABLES
    quick_cooldown_s: float = QUICK_COOLDOWN_S


STATES = {TableStatus.LOBBY: "lobby", TableStatus.PLAYING: "in play", TableStatus.PAUSED: "paused"}
HOW_TO_END = (
    "End one with `/jass leave` (in a match a bot takes your seat) or `/jass cancel` "
    "(its host), naming it with `table:` if need be."
)


def listed(tables: Sequence[Table]) -> str:
    """The tables by number, game and state, or "none"."""
    names = [f"#{t.id} ({t.game.capitalize()}, {STATES.get(t.status, '')})" for t in tables]
    return ", ".join(names) or "none"


class LimitReached(TableError):
    """A new table or seat is refused; ``mine`` are the member's open tables."""

    def __init__(self, text: str, limit: int, mine: Sequence[Table]) -> None:
        super().__init__(text)
        self.limit, self.mine = limit, list(mine)


class TooManyOfYours(LimitReached):
    def __init__(self, limit: int, mine: Sequence[Table]) -> None:
        super().__init__(
            f"You have {len(mine)} open tables here, the most one member may have at once "
            f"({limit}): {listed(mine)}. {HOW_TO_END}",
            limit,
            mine,
        )


class ServerFull(LimitReached):
    def __init__(self, limit: int, mine: Sequence[Table]) -> None:
        yours = f" Yours: {listed(mine)}. {HOW_TO_END}" if mine else ""
        super().__init__(
            f"This server has {limit} open tables, the most it allows at once (Manage Server "
            f"can change it with `/jass settings tables:`); try again when one has ended.{yours}",
            limit,
            mine,
        )


class QuickCooldown(LimitReached):
    def __init__(self, every_s: float, wait_s: float, mine: Sequence[Table]) -> None:
        super().__init__(
            f"You opened a quick game a moment ago: one every {every_s:g} seconds. "
            f"Try again in {math.ceil(wait_s)} seconds.",
            0,
            mine,
        )
        self.wait_s = wait_s
