"""The machinery under :class:`tables.service.TableService`.

Tables in memory with one lock each; committing a step and only then changing memory
and announcing it; the timers that move bots and run turn clocks; and resuming every
open table at start-up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

from engine.phase import Phase
from tables import idle, lobby, steps
from tables.backend import TableStore
from tables.bots import Thinking, bot_for
from tables.bus import EventBus, Handler
from tables.clock import Clock, SystemClock, Timer, Timers
from tables.errors import (
    AlreadyStarted,
    StoreUnavailable,
    TableClosed,
    TableError,
    TablePaused,
    UnknownTable,
)
from tables.events import (
    BotsSlowed,
    ClockWarning,
    SeatTakenByBot,
    TableDamaged,
    TableResumed,
)
from tables.limits import Limits
from tables.model import Table, TableStatus
from tables.recovery import DamagedTable, rebuild
from tables.scheduler import BotScheduler
from tables.settings import Settings
from tables.steps import Step

log = logging.getLogger(__name__)
BotFactory = Callable[[str, int], Any]  # (level, seed) -> bot; rules come with the view
CLOSED_KEPT = 1000  # closed tables kept in memory so their last state can be shown
RETRY_S = 2.0  # after the store refused a bot's or a clock's write


class TableCore:
    def __init__(
        self,
        store: TableStore,
        settings: Settings | None = None,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
        bots: BotFactory = bot_for,
        limits: Limits | None = None,
        idle_min: float = idle.DEFAULT_IDLE_MIN,
    ) -> None:
        self.store = store
        self.limits = limits  # None: no limits (the console, benchmarks)
        self.default_idle_min = idle_min  # unless the server says otherwise; 0: never
        self.settings = settings or Settings()
        self.clock: Clock = clock or SystemClock()
        self.bots = bots
        self._seeds = seeds or (lambda: secrets.randbits(63))
        self._bus = EventBus()
        self._tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._closed: OrderedDict[int, Table] = OrderedDict()  # recently closed, for show
        self._timers = Timers()
        self._wake = asyncio.Event()
        self._sleeping_until = -math.inf  # when the timer runner wakes by itself
        self._runner: asyncio.Task[None] | None = None
        self._firing: set[asyncio.Task[None]] = set()  # timers at work: bots, clocks
        self._thinking = Thinking()
        self.scheduler = BotScheduler(self._thinking.workers, self.clock.now)
        self._slowed: set[int] = set()  # tables told their bots think less
        self._pressed: dict[int, float] = {}  # table -> when a person last did something
        self._waiting_since: dict[int, float] = {}  # table -> when a person last moved
        self._idle_check_at = -math.inf
        self.damaged: dict[int, str] = {}
        self._shut = False

    def subscribe(self, handler: Handler) -> Callable[[], None]:
        """Receive every event from now on (see :mod:`tables.events`); returns unsubscribe."""
        return self._bus.subscribe(handler)

    async def drain(self) -> None:
        """Wait until async subscribers have handled every event published so far."""
        await self._bus.drain()

    async def close(self) -> None:
        """Stop bots and clocks, let subscribers finish, close the store; twice is fine."""
        if self._shut:
            return
        self._shut = True
        await self.stop_background()
        self._thinking.close()
        await self._bus.close()
        await self.store.close()

    # --- holding a table ----------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _hold(self, table_id: int, paused: bool = False) -> AsyncIterator[Table]:
        """An open table under its lock, as last committed; a paused one only if
        ``paused`` (else TablePaused says how to carry on)."""
        lock = self._locks.get(table_id)
        if lock is None:
            raise await self._closed_error(table_id)
        async with lock:
            table = self._tables.get(table_id)
            if table is None:
                raise await self._closed_error(table_id)
            if table.status is TableStatus.PAUSED and not paused:
                raise TablePaused(table.id, table.pause_reason)
            yield table

    @contextlib.asynccontextmanager
    async def _lobby(self, table_id: int) -> AsyncIterator[Table]:
        async with self._hold(table_id) as table:
            if table.status is not TableStatus.LOBBY:
                raise AlreadyStarted("The match has already started.")
            yield table

    async def _closed_error(self, table_id: int) -> TableError:
        if table_id in self.damaged:
            return TableClosed(table_id, TableStatus.DAMAGED.value)
        if table_id in self._closed:
            return TableClosed(table_id, self._closed[table_id].status.value)
        status = await self.store.status_of(table_id)
        return UnknownTable(table_id) if status is None else TableClosed(table_id, status)

    async def _commit(self, step: Step) -> Table:
        """Make the step durable, then take it into memory, announce it, set the timer."""
        cancelled = await _durable(self.store.submit(step.write))
        table = step.table
        if table.status.is_open:
            self._tables[table.id] = table
        else:
            self._tables.pop(table.id, None)
            self._locks.pop(table.id, None)
            self._pressed.pop(table.id, None)
            self._waiting_since.pop(table.id, None)
            self._closed[table.id] = table
            while len(self._closed) > CLOSED_KEPT:
                self._closed.popitem(last=False)
        for event in step.events:
            self._bus.publish(event)
        self._schedule(table)
        if cancelled:
            raise asyncio.CancelledError
        return table

    async def _close(self, table: Table, status: TableStatus, event: Any) -> Table:
        return await self._commit(steps.close(table, status, self.clock.now(), [event]))

    # --- timers: bots, clocks -----------------------------------------------------------

    def _schedule(self, table: Table) -> None:
        """Set the table's one timer for what it waits for now."""
        match, now = table.match, self.clock.now()
        if table.status is not TableStatus.PLAYING or match is None:
            self._timers.cancel(table.id)
        elif match.to_move is None:
            if match.phase is Phase.DEAL:  # resumed between hands: deal at once
                self._timers.set(table.id, now, "deal", table.seq)
            else:
                self._timers.cancel(table.id)
        elif table.seats[match.to_move].played_by_bot:
            self._timers.set(table.id, now + self.settings.bot_pause_s, "bot", table.seq)
        elif table.deadline is None:
            self._timers.cancel(table.id)
        elif table.deadline - self.settings.clock_warning_s > now:
            when = table.deadline - self.settings.clock_warning_s
            self._timers.set(table.id, when, "warn", table.seq)
        else:
            self._timers.set(table.id, table.deadline, "expire", table.seq)
        timer = self._timers.get(table.id)
        if timer is not None and timer.when < self._sleeping_until:
            self._wake.set()  # the runner sleeps past this timer: wake it

    def fire_due(self) -> int:
        """Start every timer due by the clock, each in a task of its own, and return at
        once: one table's thinking bot never holds up another table's move.  Tables
        idle for too long are paused, at most once a second."""
        now = self.clock.now()
        due = self._timers.pop_due(now)
        for timer in due:
            self._start(self._fire_while_due(timer))
        if now >= self._idle_check_at:
            self._idle_check_at = now + idle.CHECK_EVERY_S
            found = idle.idle_tables(self._tables.values(), self._pressed, now, self.idle_min)
            for table_id, minutes in found:
                self._start(self._pause_idle(table_id, minutes))
        return len(due)

    def _start(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._firing.add(task)
        task.add_done_callback(self._firing.discard)

    def pressed(self, table_id: int) -> None:
        """A person did something at the table: its idle while starts afresh."""
        self._pressed[table_id] = self.clock.now()

    def idle_min(self, guild_id: str) -> float:
        """Minutes without a press before a table of the server pauses (0: never)."""
        return self.default_idle_min

    async def _pause_idle(self, table_id: int, minutes: float) -> None:
        try:
            async with self._hold(table_id) as table:
                since = self._pressed.get(table_id, -math.inf)
                if (
                    table.status is not TableStatus.PLAYING
                    or self.clock.now() - since < minutes * 60
                ):
                    return  # someone pressed meanwhile
                reason = idle.idle_reason(minutes)
                await self._commit(steps.pause(table, reason, self.clock.now()))
        except TableError:
            pass  # closed or paused meanwhile; a failed write is tried again next check
        except Exception:
            log.exception("table %s: pausing it as idle failed", table_id)

    async def run_pending(self) -> int:
        """Fire every due timer, and those they set that are due too; wait for them all."""
        fired = 0
        while True:
            fired += self.fire_due()
            if not self._firing:
                return fired
            await asyncio.gather(*self._firing)

    async def idle(self) -> None:
        """Wait until the timers fired so far have done their work."""
        while self._firing:
            await asyncio.gather(*self._firing)

    def run_in_background(self) -> None:
        """Fire timers as they fall due, until ``close``."""
        if self._runner is None:
            self._thinking.warm()  # a cold pool would spend the first hard moves' time
            self._runner = asyncio.create_task(self._run_timers())

    async def stop_background(self) -> None:
        """Stop firing timers, and stop the moves under way (their commits still finish)."""
        tasks = [*self._firing] + ([self._runner] if self._runner else [])
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._runner = None

    async def _run_timers(self) -> None:
        while True:
            self._wake.clear()
            self.fire_due()
            when = self._timers.next_when()
            self._sleeping_until = math.inf if when is None else when
            # wake at least once in a while: idle tables have no timer of their own
            wait = idle.CHECK_EVERY_S if when is None else when - self.clock.now()
            timeout = max(0.0, min(wait, idle.CHECK_EVERY_S))
            # asyncio.timeout, not wait_for: 3.11's wait_for can swallow a cancellation.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._wake.wait()

    async def _fire_while_due(self, timer: Timer | None) -> None:
        """Fire the timer, then the table's next one while it is due already (bots
        without a pause play on at once)."""
        while timer is not None:
            await self._fire(timer)
            timer = self._timers.take_due(timer.table_id, self.clock.now())

    async def _fire(self, timer: Timer) -> None:
        if timer.table_id not in self._tables:
            return
        try:
            if timer.kind == "bot":
                await self._bot_turn(timer)
                return
            async with self._hold(timer.table_id) as table:
                if table.seq != timer.seq or table.status is not TableStatus.PLAYING:
                    return  # the table moved on since the timer was set
                await self._on_timer(table, timer.kind)
        except StoreUnavailable as e:
            log.warning("table %s: %s failed (%s); retrying", timer.table_id, timer.kind, e.detail)
            when = self.clock.now() + RETRY_S
            self._timers.set(timer.table_id, when, timer.kind, timer.seq)
        except TableError:
            pass  # closed meanwhile
        except Exception:  # one table's trouble must not stop the others
            log.exception("table %s: %s timer failed", timer.table_id, timer.kind)

    async def _on_timer(self, table: Table, kind: str) -> None:
        if kind == "warn":
            seat = table.to_move
            assert seat is not None and table.deadline is not None
            user = table.seats[seat].user or ""
            self._bus.publish(ClockWarning(table.id, table.seq, seat, user, table.deadline))
            self._timers.set(table.id, table.deadline, "expire", table.seq)
        elif kind == "expire":
            table = await self._stand_in(table)
            self._timers.set(table.id, self.clock.now(), "bot", table.seq)  # no pause: it is late
        elif kind == "deal":
            await self._commit(steps.play(table, None, None, self.clock.now(), self._seeds))

    async def _stand_in(self, table: Table) -> Table:
        """The clock ran out: a bot plays this seat until its player acts again."""
        seat = table.to_move
        assert seat is not None
        user, level = table.seats[seat].user or "", self.settings.stand_in_bot

        def announce(new: Table) -> list[Any]:
            return [SeatTakenByBot(new.id, new.seq, seat, user, level, for_good=False)]

        seats = lobby.set_away(table, seat, True)
        return await self._commit(steps.reseat(table, seats, self.clock.now(), announce))

    def _bots_turn(self, table: Table | None, seq: int) -> bool:
        return (
            table is not None
            and table.seq == seq
            and table.status is TableStatus.PLAYING
            and table.to_move is not None
            and table.seats[table.to_move].played_by_bot
        )

    async def _bot_turn(self, timer: Timer) -> None:
        """A bot chooses, without the table's lock (a hard bot thinks a while), then plays
        if the table is still where it was."""
        table = self._tables.get(timer.table_id)
        if not self._bots_turn(table, timer.seq):
            return
        assert table is not None and table.to_move is not None
        seat, match = table.to_move, table.match
        level = table.seats[seat].bot or self.settings.stand_in_bot
        # The seed follows from the log, so a bot's move can be reproduced.
        seed = table.id * 1_000_003 + table.seq
        bot = self.bots(level, seed)
        observation, legal = match.observation(seat), match.legal_actions()
        if getattr(bot, "thinks", False) and len(legal) > 1:
            # Thinkers wait their turn for a worker, and think as long as the queue allows.
            since = self._waiting_since.get(table.id)
            async with self.scheduler.turn(table.id, _person_waiting(table), since) as budget:
                if hasattr(bot, "with_budget"):
                    bot = bot.with_budget(budget)
                action = await self._thinking.choose(bot, observation, legal)
            self._tell_slowed(table, budget < self.scheduler.full_s)
        else:
            action = await self._thinking.choose(bot, observation, legal)
        async with self._hold(table.id) as table:
            if not self._bots_turn(table, timer.seq):
                return  # its player came back, or the table closed, while the bot thought
            step = steps.play(table, action, f"bot:{level}", self.clock.now(), self._seeds)
            await self._commit(step)

    def _tell_slowed(self, table: Table, slowed: bool) -> None:
        """Announce when a table's bots start or stop thinking less than their full time."""
        if slowed == (table.id in self._slowed):
            return
        (self._slowed.add if slowed else self._slowed.discard)(table.id)
        budget = self.scheduler.budget_s()
        self._bus.publish(BotsSlowed(table.id, table.seq, slowed, budget))

    # --- start-up -----------------------------------------------------------------------

    async def resume_all(self) -> list[Table]:
        """Load every open table, set aside the damaged ones, and re-arm their timers
        (a paused table comes back paused: no timer)."""
        resumed = []
        for row in await self.store.load_open():
            try:
                table = await rebuild(row, self.store.load_actions)
            except DamagedTable as e:
                await self._set_aside(row.id, str(e), row.channel_id)
                continue
            self._tables[table.id] = table
            self._locks[table.id] = asyncio.Lock()
            self.pressed(table.id)  # a restart gives everyone a fresh while
            resumed.append(table)
        for table in resumed:
            self._bus.publish(TableResumed(table))
            self._schedule(table)
        if resumed or self.damaged:
            log.info("resumed %d tables, set aside %d", len(resumed), len(self.damaged))
        return resumed

    async def _set_aside(self, table_id: int, reason: str, channel_id: str | None) -> None:
        log.error("table %s set aside: %s", table_id, reason)
        self.damaged[table_id] = reason
        try:
            await self.store.set_aside(table_id, reason, self.clock.now())
        except StoreUnavailable as e:
            log.error("table %s could not be marked damaged: %s", table_id, e.detail)
        self._bus.publish(TableDamaged(table_id, reason, channel_id))


def _person_waiting(table: Table) -> bool:
    """Someone at the table plays their own cards, so waits for the bots."""
    return any(s.user is not None and not s.played_by_bot for s in table.seats)


async def _durable(commit: asyncio.Future[None]) -> bool:
    """Wait for a commit even if our caller is cancelled meanwhile, so memory and
    announcements follow the log; True if a cancellation is owed to the caller."""
    cancelled = False
    while True:
        try:
            await asyncio.shield(commit)
        except asyncio.CancelledError:
            if commit.cancelled():
                raise
            cancelled = True
            continue
        return cancelled
