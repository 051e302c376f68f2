"""Idle tables stop: no press for a while pauses a table where it stands, until resumed."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from tables.clock import ManualClock
from tables.idle import is_idle_pause
from tables.model import TableOptions, TableStatus
from tables.service import TableService
from tests.tables.table_helpers import full_table, play_first_legal

NO_CLOCK = TableOptions(card_clock_s=None, contract_clock_s=None)


async def ann_to_move(service: TableService) -> Any:
    """Ann with three easy bots, no turn clock, her turn."""
    table = await full_table(service, people=1, options=NO_CLOCK)
    await service.run_pending()
    table = service.table(table.id)
    while table.to_move != 0:
        await service.run_pending()
        table = service.table(table.id)
    return table


async def wait(service: TableService, clock: ManualClock, seconds: float) -> None:
    clock.advance(seconds)
    await service.run_pending()


async def test_a_table_nobody_presses_at_pauses_after_ten_minutes(service, clock):
    table = await ann_to_move(service)
    await wait(service, clock, 9 * 60)
    assert service.table(table.id).status is TableStatus.PLAYING
    await wait(service, clock, 60)
    paused = service.table(table.id)
    assert paused.status is TableStatus.PAUSED and paused.seq == table.seq
    assert paused.pause_reason == "nobody at it pressed anything for 10 minutes"
    assert paused.deadline is None
    assert await service.match_results() == []  # not counted in the league while paused


async def test_pressing_keeps_a_table_going(service, clock):
    table = await ann_to_move(service)
    for _ in range(4):
        await wait(service, clock, 6 * 60)
        table = await play_first_legal(service, service.table(table.id))
        await service.run_pending()
        while service.table(table.id).to_move != 0:
            await service.run_pending()
    assert service.table(table.id).status is TableStatus.PLAYING


async def test_bots_playing_for_an_absent_person_stop_after_the_servers_idle_minutes(
    settings, clock, open_service
):
    paced = dataclasses.replace(settings, bot_pause_s=1.0)  # one bot move a second
    seeds = itertools.count(1)
    service = await TableService.open(paced, clock, autorun=False, seeds=lambda: next(seeds))
    try:
        await service.change_server_settings("guild", "admin", idle_min=2)
        short = TableOptions(card_clock_s=30, contract_clock_s=30)
        table = await full_table(service, people=1, options=short)
        for _ in range(119):
            await wait(service, clock, 1)
        moved = service.table(table.id)
        assert moved.status is TableStatus.PLAYING and moved.seats[0].away  # a bot stands in
        await wait(service, clock, 1)
        paused = service.table(table.id)
        assert paused.status is TableStatus.PAUSED and paused.seq > table.seq
        assert paused.pause_reason == "nobody at it pressed anything for 2 minutes"
        await wait(service, clock, 60)
        assert service.table(table.id).seq == paused.seq  # no bot moves a paused table
    finally:
        await service.close()


async def test_an_idle_table_stays_paused_across_a_restart_and_resumes(
    open_service, service, clock
):
    table = await ann_to_move(service)
    await wait(service, clock, 10 * 60)
    await service.close()

    again = await open_service()
    paused = again.table(table.id)
    assert paused.status is TableStatus.PAUSED and is_idle_pause(paused.pause_reason)
    assert paused.seq == table.seq
    await wait(again, clock, 3600)
    assert again.table(table.id).seq == table.seq

    resumed = await again.resume(table.id, "ann", "guild", "chan")
    assert resumed.status is TableStatus.PLAYING and resumed.channel_id == "chan"
    await wait(again, clock, 9 * 60)  # the idle while starts afresh at the resume
    assert again.table(table.id).status is TableStatus.PLAYING
    await play_first_legal(again, again.table(table.id))
    assert again.table(table.id).seq > table.seq


async def test_a_server_may_switch_idle_pauses_off(service, clock):
    await service.change_server_settings("guild", "admin", idle_min=0)
    table = await ann_to_move(service)
    await wait(service, clock, 24 * 3600)
    assert service.table(table.id).status is TableStatus.PLAYING
