"""Time for turn clocks and bot pauses, injectable so tests never sleep.

The service keeps at most one timer per table (a bot's move, a clock warning, a clock
expiry) in :class:`Timers` and fires the due ones itself; tests use a
:class:`ManualClock` and call ``service.run_pending()`` after moving time on.

>>> clock, timers = ManualClock(100.0), Timers()
>>> timers.set(7, 160.0, "expire", seq=3)
>>> timers.pop_due(clock.now())
[]
>>> clock.advance(60)
>>> timers.pop_due(clock.now())
[Timer(table_id=7, when=160.0, kind='expire', seq=3)]
"""

from __future__ import annotations

import heapq
import itertools
import time
from dataclasses import dataclass
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch (deadlines are stored as such)."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock that moves only when told to."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@dataclass(frozen=True, slots=True)
class Timer:
    table_id: int
    when: float
    kind: str  # "bot", "warn", "expire", "retry"
    seq: int  # the table's seq when set: a timer for an older state is void


class Timers:
    """At most one pending timer per table; setting a new one replaces the old."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, Timer]] = []
        self._current: dict[int, Timer] = {}
        self._order = itertools.count()

    def set(self, table_id: int, when: float, kind: str, seq: int) -> None:
        timer = Timer(table_id, when, kind, seq)
        self._current[table_id] = timer
        heapq.heappush(self._heap, (when, next(self._order), timer))
        if len(self._heap) > 2 * len(self._current) + 1024:  # mostly replaced timers
            self._heap = [e for e in self._heap if self._current.get(e[2].table_id) is e[2]]
            heapq.heapify(self._heap)

    def cancel(self, table_id: int) -> None:
        self._current.pop(table_id, None)

    def get(self, table_id: int) -> Timer | None:
        return self._current.get(table_id)

    def _drop_void(self) -> None:
        while self._heap and self._current.get(self._heap[0][2].table_id) is not self._heap[0][2]:
            heapq.heappop(self._heap)

    def next_when(self) -> float | None:
        self._drop_void()
        return self._heap[0][0] if self._heap else None

    def pop_due(self, now: float) -> list[Timer]:
        """Remove and return the timers due at ``now``, earliest first."""
        due: list[Timer] = []
        while True:
            self._drop_void()
            if not self._heap or self._heap[0][0] > now:
                return due
            timer = heapq.heappop(self._heap)[2]
            del self._current[timer.table_id]
            due.append(timer)

    def take_due(self, table_id: int, now: float) -> Timer | None:
        """Remove and return the table's timer if it is due at ``now``."""
        timer = self._current.get(table_id)
        if timer is None or timer.when > now:
            return None
        del self._current[table_id]  # its heap entry is now void, dropped when reached
        return timer

    def __len__(self) -> int:
        return len(self._current)
