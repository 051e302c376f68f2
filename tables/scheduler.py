"""Fair bot time: one queue for the thinking bots of every table.

A thinking bot (``hard``) searches for up to ``full_s`` seconds on one of ``workers``
processes.  Without a queue of our own every table's move went to the process pool at
once, first come first served, and each waited for everything asked before it.  Here:

- at most ``workers`` moves think at once; the rest wait in one queue, one move per
  table at a time (a table asks for its next move only once the last one is played), so
  tables are served in turn and none waits behind another table's whole hand;
- a table where a person waits for the bots goes ahead of tables of bots alone, by
  ``head_start_s`` seconds, and counts from when the person started waiting (their
  last move), not from this bot move: the queue is first come first served on that
  time minus the head start, so the person who has waited longest is served first, a
  bots-only table is never passed by a move asked more than the head start after its
  own, and no table starves;
- the thinking budget follows the queue: with no more moves asked than workers a bot
  thinks ``full_s``; with more it thinks ``full_s * workers / asked``, so a move that
  joins the queue waits about one full think whatever the load, never below
  ``floor_s``: 0.05 s, about a dozen sampled deals on a busy two-core machine, still
  the search but a weaker one; it is what lets two cores keep 50 tables of people and
  hard bots within a few seconds a turn (``bench/load.py``).

>>> s = BotScheduler(workers=2, clock=lambda: 0.0)
>>> s.budget_s(asked=2), s.budget_s(asked=4), s.budget_s(asked=100)
(1.0, 0.5, 0.05)
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

FULL_S = 1.0  # the hard bot's own budget: what it thinks with no queue
FLOOR_S = 0.05  # the least it thinks under load
HEAD_START_S = 10.0  # how far a table with a person waiting goes ahead of bots alone


@dataclass(order=True, slots=True)
class _Ask:
    key: float  # asked at, minus the head start if a person waits
    order: int
    table_id: int = field(compare=False)
    granted: asyncio.Future[float] = field(compare=False)


class BotScheduler:
    def __init__(
        self,
        workers: int,
        clock: Callable[[], float],
        full_s: float = FULL_S,
        floor_s: float = FLOOR_S,
        head_start_s: float = HEAD_START_S,
    ) -> None:
        self.workers = max(1, workers)
        self.clock = clock
        self.full_s, self.floor_s, self.head_start_s = full_s, floor_s, head_start_s
        self._queue: list[_Ask] = []
        self._order = itertools.count()
        self.thinking = 0  # moves holding a worker now
        self.served: list[int] = []  # table ids in the order they were let think (tests)
        self.keep_order = False  # True: remember ``served`` (tests only; it grows)

    @property
    def waiting(self) -> int:
        return sum(1 for a in self._queue if not a.granted.done())

    def budget_s(self, asked: int | None = None) -> float:
        """Seconds a bot may think when ``asked`` moves (default: those waiting and
        thinking now) share the workers."""
        asked = self.thinking + self.waiting if asked is None else asked
        if asked <= self.workers:
            return self.full_s
        return max(self.floor_s, round(self.full_s * self.workers / asked, 3))

    @property
    def slowed(self) -> bool:
        """The bots think less than their full time now."""
        return self.budget_s() < self.full_s

    @contextlib.asynccontextmanager
    async def turn(
        self, table_id: int, person_waiting: bool, since: float | None = None
    ) -> AsyncIterator[float]:
        """Wait for a worker; yields the seconds the bot may think.  ``since``: when the
        person began to wait (default: now).  Leaving the block frees the worker for
        the next table in line."""
        now = self.clock()
        key = min(now, since if since is not None else now)
        if person_waiting:
            key -= self.head_start_s
        granted: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        ask = _Ask(key, next(self._order), table_id, granted)
        heapq.heappush(self._queue, ask)
        self._grant()
        try:
            budget = await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self._release()  # granted just as we were cancelled: give it back
            else:
                granted.cancel()
            raise
        try:
            yield budget
        finally:
            self._release()

    def _release(self) -> None:
        self.thinking -= 1
        self._grant()

    def _grant(self) -> None:
        while self.thinking < self.workers and self._queue:
            ask = heapq.heappop(self._queue)
            if ask.granted.done():
                continue  # its caller gave up waiting
            budget = self.budget_s(self.thinking + 1 + self.waiting)
            self.thinking += 1
            if self.keep_order:
                self.served.append(ask.table_id)
            ask.granted.set_result(budget)
