"""Idle tables stop: a table in play where no person has pressed anything for a while
pauses where it stands (saved as it is, no clock, no bot), until one of its players
resumes it.  Without this, bots would play a walked-away table to the end.

The time counts from the last thing a person did at the table (an action, taking their
seat back, the start, a resume) or from the start of Trumpf, whichever is later: it is
kept in memory, so a restart gives every table a fresh while.

>>> from tables.model import Seat
>>> idle_reason(10)
'nobody at it pressed anything for 10 minutes'
>>> has_people((Seat(0, bot="hard"), Seat(1, user="ann", away=True)))
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tables.model import Seat, Table, TableStatus

DEFAULT_IDLE_MIN = 10  # a server setting (/jass settings idle:); 0: never
IDLE_PREFIX = "nobody at it pressed anything"
CHECK_EVERY_S = 1.0  # how often tables are looked at


def idle_reason(minutes: float) -> str:
    return f"{IDLE_PREFIX} for {minutes:g} minutes"


def is_idle_pause(reason: str | None) -> bool:
    return bool(reason and reason.startswith(IDLE_PREFIX))


def has_people(seats: Iterable[Seat]) -> bool:
    """A person sits here (playing or away): someone who could come back and press.  A
    table of bots alone (everyone left for good) plays on to the end, as before."""
    return any(s.user is not None for s in seats)


def idle_tables(
    tables: Iterable[Table],
    last_pressed: dict[int, float],
    now: float,
    idle_min: Callable[[str], float],
) -> list[tuple[int, float]]:
    """(table id, minutes) of the tables in play that have been idle too long; a table
    never seen pressed starts its while now."""
    idle = []
    for table in tables:
        if table.status is not TableStatus.PLAYING or not has_people(table.seats):
            continue
        minutes = idle_min(table.guild_id)
        since = last_pressed.setdefault(table.id, now)
        if minutes and now - since >= minutes * 60:
            idle.append((table.id, minutes))
    return idle
