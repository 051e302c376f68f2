"""Fair bot time: the order tables are served in, and budgets that follow the queue."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action
from tables.clock import ManualClock
from tables.events import BotsSlowed
from tables.scheduler import BotScheduler
from tests.tables.table_helpers import full_table


class Desk:
    """Tables asking the scheduler for a worker; each holds it until ``done(table)``."""

    def __init__(self, scheduler: BotScheduler) -> None:
        self.scheduler = scheduler
        self.releases: dict[int, asyncio.Event] = {}
        self.budgets: dict[int, float] = {}
        self.tasks: list[asyncio.Task[None]] = []

    async def ask(self, table_id: int, person: bool, since: float | None = None) -> None:
        release = self.releases[table_id] = asyncio.Event()

        async def think() -> None:
            async with self.scheduler.turn(table_id, person, since) as budget:
                self.budgets[table_id] = budget
                await release.wait()

        self.tasks.append(asyncio.create_task(think()))
        await asyncio.sleep(0)  # let it join the queue

    async def done(self, table_id: int) -> None:
        self.releases[table_id].set()
        for _ in range(3):
            await asyncio.sleep(0)


def scheduler(clock: ManualClock, workers: int = 1) -> BotScheduler:
    s = BotScheduler(workers, clock.now, full_s=1.0, floor_s=0.15, head_start_s=10.0)
    s.keep_order = True
    return s


async def test_a_table_with_a_person_waiting_is_served_before_tables_of_bots_alone():
    clock = ManualClock(0.0)
    desk = Desk(scheduler(clock))
    await desk.ask(1, person=False)  # thinks at once: the one worker is free
    clock.advance(1)
    await desk.ask(2, person=False)
    clock.advance(1)
    await desk.ask(3, person=False)
    clock.advance(1)
    await desk.ask(4, person=True)  # asked last, served next
    for table in (1, 4, 2, 3):
        await desk.done(table)
    assert desk.scheduler.served == [1, 4, 2, 3]


async def test_the_person_who_has_waited_longest_is_served_first():
    """Counted from their own last move, not from the bot move asked for them."""
    clock = ManualClock(100.0)
    desk = Desk(scheduler(clock))
    await desk.ask(1, person=True)  # holds the worker
    await desk.ask(2, person=True, since=99.0)  # its person has waited a second
    await desk.ask(3, person=True, since=90.0)  # ... ten seconds: two bots moved since
    await desk.ask(4, person=False)
    for table in (1, 3, 2, 4):
        await desk.done(table)
    assert desk.scheduler.served == [1, 3, 2, 4]


async def test_tables_take_turns_one_move_at_a_time():
    """A table asks for its next move only after its last; the others' asks come first."""
    clock = ManualClock(0.0)
    desk = Desk(scheduler(clock))
    for table in (1, 2, 3):
        await desk.ask(table, person=True)
    for _ in range(2):  # each table plays a move, then asks for the next
        for table in (1, 2, 3):
            await desk.done(table)
            clock.advance(0.5)
            await desk.ask(table, person=True)
    assert desk.scheduler.served[:7] == [1, 2, 3, 1, 2, 3, 1]


async def test_no_table_of_bots_alone_starves_behind_tables_with_people():
    clock = ManualClock(0.0)
    desk = Desk(scheduler(clock))
    await desk.ask(100, person=True)
    await desk.ask(0, person=False)  # bots alone, asked at 0
    for n in range(1, 30):  # a table with a person asks every second, forever
        clock.advance(1)
        await desk.ask(100 + n, person=True)
        await desk.done(desk.scheduler.served[-1])
    served = desk.scheduler.served
    assert 0 in served
    # passed only by the moves asked within its head start (10 s) after its own
    assert served.index(0) <= 11


async def test_budgets_shrink_as_the_queue_grows_and_grow_back_as_it_drains():
    clock = ManualClock(0.0)
    desk = Desk(scheduler(clock, workers=2))
    await desk.ask(1, person=True)
    await desk.ask(2, person=True)
    assert desk.budgets == {1: 1.0, 2: 1.0}  # no more asked than workers: full time
    assert not desk.scheduler.slowed
    for table in range(3, 11):
        await desk.ask(table, person=True)
    assert desk.scheduler.slowed and desk.scheduler.budget_s() == 0.2  # 2 workers, 10 asked
    await desk.done(1)
    assert desk.budgets[3] == round(2 / 9, 3)  # granted with 9 asked: 2 thinking, 3 to 10
    for table in range(2, 11):
        await desk.done(table)
    assert desk.budgets[10] == 1.0  # the last two shared two workers: full time again
    assert desk.budgets[6] < desk.budgets[8] < desk.budgets[10]
    assert not desk.scheduler.slowed and desk.scheduler.thinking == 0


async def test_the_budget_never_falls_below_the_floor():
    s = BotScheduler(2, lambda: 0.0, full_s=1.0, floor_s=0.15)
    assert s.budget_s(asked=2) == 1.0
    assert s.budget_s(asked=8) == 0.25
    assert s.budget_s(asked=1000) == 0.15


async def test_a_move_given_up_while_waiting_leaves_the_queue_working():
    clock = ManualClock(0.0)
    desk = Desk(scheduler(clock))
    await desk.ask(1, person=True)
    await desk.ask(2, person=True)
    await desk.ask(3, person=True)
    desk.tasks[1].cancel()  # table 2 closed while its move waited
    await asyncio.sleep(0)
    await desk.done(1)
    assert desk.scheduler.served == [1, 3]
    await desk.done(3)
    assert desk.scheduler.thinking == 0 and desk.scheduler.waiting == 0


@dataclass(frozen=True)
class Thinker:
    """A thinking bot for the service's wiring: the first legal move, its budget kept."""

    budget_s: float | None = None
    thinks: bool = True

    def with_budget(self, budget_s: float) -> Thinker:
        return replace(self, budget_s=budget_s)

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        return legal[0]


async def ann_then_bots(service: Any, table_id: int) -> None:
    """Ann (seat 1) plays her first legal action, then the bots play up to her turn."""
    table = service.table(table_id)
    if table.to_move == 0:
        await service.act(table_id, "ann", table.match.legal_actions()[0], table.seq)
    await service.run_pending()
    assert service.table(table_id).to_move == 0


async def test_the_service_gives_thinking_bots_the_budget_of_the_queue(open_service):
    service = await open_service(bots=lambda level, seed: Thinker())
    budgets: list[float | None] = []

    async def choose(bot: Any, observation: Any, legal: Sequence[Action]) -> Action:
        if len(legal) > 1:  # a forced move is played at once, without a worker
            budgets.append(bot.budget_s)
        return legal[0]

    service._thinking.choose = choose  # no worker processes: the bot's move is at hand
    events: list[Any] = []
    service.subscribe(events.append)
    table = await full_table(service, people=1)
    for _ in range(2):
        await ann_then_bots(service, table.id)
    assert budgets and set(budgets) == {1.0}  # one table: the bots think their full time
    assert not [e for e in events if isinstance(e, BotsSlowed)]

    service.scheduler.budget_s = lambda asked=None: 0.5  # as if many tables asked
    before = len(budgets)
    for _ in range(2):
        await ann_then_bots(service, table.id)
    assert len(budgets) > before and set(budgets[before:]) == {0.5}
    slowed = [e for e in events if isinstance(e, BotsSlowed)]
    assert len(slowed) == 1 and slowed[0].slowed and slowed[0].table_id == table.id
