"""A table whose channel is gone: paused where it is, resumed by a player elsewhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from table_helpers import full_table, mover, play_first_legal

from tables import errors
from tables.clock import ManualClock
from tables.events import SeatTakenByBot, TableCancelled, TableMoved, TablePaused, TurnStarted
from tables.model import Table, TableStatus
from tables.service import CHANNEL_DELETED, TableService

A_DAY = 24 * 3600.0


async def bots_only(service: TableService) -> Table:
    """A started Schieber table of four bots, hosted by ann (who does not sit)."""
    table = await service.create_table("schieber", "guild", "chan", "ann", sit=False)
    for _ in range(4):
        table = await service.add_bot(table.id, "ann", "easy")
    return await service.start(table.id, "ann")


async def test_a_paused_table_runs_no_clock_and_no_bot(
    service: TableService, clock: ManualClock
) -> None:
    events: list[Any] = []
    service.subscribe(events.append)
    people = await full_table(service)  # ann to dan: a person is to move, on the clock
    bots = await bots_only(service)  # a bot is to move at once
    assert people.deadline is not None

    paused = await service.pause(people.id, CHANNEL_DELETED)
    assert paused.status is TableStatus.PAUSED and paused.deadline is None
    assert paused.pause_reason == CHANNEL_DELETED and paused.status.is_open
    await service.pause(bots.id, CHANNEL_DELETED)
    assert [e.table_id for e in events if isinstance(e, TablePaused)] == [people.id, bots.id]
    assert await service.pause(people.id, "again") == paused  # already paused: nothing new
    assert len([e for e in events if isinstance(e, TablePaused)]) == 2

    events.clear()
    clock.advance(A_DAY)  # far past every deadline and bot pause
    assert await service.run_pending() == 0
    assert service.table(people.id).seq == people.seq
    assert service.table(bots.id).seq == bots.seq
    assert not any(isinstance(e, SeatTakenByBot) for e in events) and events == []
    assert await service.store.status_of(people.id) == "paused"


async def test_a_paused_table_refuses_play_and_says_how_to_carry_on(
    service: TableService,
) -> None:
    table = await full_table(service, people=2)
    action = table.match.legal_actions()[0]
    await service.pause(table.id, CHANNEL_DELETED)
    expected = f"Table #{table.id} is paused: its channel was deleted. .*resume it"
    with pytest.raises(errors.TablePaused, match=expected):
        await service.act(table.id, mover(table), action, table.seq)
    with pytest.raises(errors.TablePaused):
        await service.reclaim(table.id, "ben")
    with pytest.raises(errors.TablePaused):
        await service.leave(table.id, "ben")
    with pytest.raises(errors.TablePaused):
        await service.join(table.id, "eve")
    assert service.table(table.id).seats == table.seats and service.table(table.id).seq == table.seq
    lobby = await service.create_table("klaberjass", "guild", "chan", "ann")
    with pytest.raises(errors.NotStarted):  # a lobby is cancelled, not paused
        await service.pause(lobby.id, CHANNEL_DELETED)


async def test_only_players_host_or_admin_of_the_same_server_resume(
    service: TableService,
) -> None:
    table = await full_table(service, people=2)  # ann (host) and ben sit; bots opposite
    with pytest.raises(errors.NotPaused):
        await service.resume(table.id, "ann", "guild", "new")
    await service.pause(table.id, CHANNEL_DELETED)
    with pytest.raises(errors.NotSeated, match="Only a player of table"):
        await service.resume(table.id, "eve", "guild", "new")
    with pytest.raises(errors.UnknownTable):  # another server's table is not there to see
        await service.resume(table.id, "ben", "other-guild", "new", admin=True)
    assert service.table(table.id).status is TableStatus.PAUSED
    resumed = await service.resume(table.id, "eve", "guild", "new", admin=True)
    assert resumed.status is TableStatus.PLAYING and resumed.channel_id == "new"


async def test_a_seated_player_resumes_it_in_a_new_channel_and_play_goes_on(
    service: TableService, clock: ManualClock
) -> None:
    table = await full_table(service, people=4)
    await service.pause(table.id, CHANNEL_DELETED)
    clock.advance(A_DAY)
    events: list[Any] = []
    service.subscribe(events.append)

    resumed = await service.resume(table.id, "ben", "guild", "new-chan")
    assert resumed.status is TableStatus.PLAYING and resumed.pause_reason is None
    assert resumed.channel_id == "new-chan" and resumed.seq == table.seq
    assert resumed.deadline == clock.now() + table.options.contract_clock_s  # a fresh clock
    moved, turn = events
    assert isinstance(moved, TableMoved) and moved.from_channel_id == "chan"
    assert moved.table.channel_id == "new-chan"
    assert isinstance(turn, TurnStarted) and turn.deadline == resumed.deadline
    assert service.tables(channel_id="new-chan") == [resumed] and not service.tables(
        channel_id="chan"
    )

    after = await play_first_legal(service, resumed)  # play carries on
    assert after.seq == resumed.seq + 1 and after.status is TableStatus.PLAYING
    clock.advance(after.deadline - clock.now() + 1)  # and the clock runs again
    await service.run_pending()
    assert any(isinstance(e, SeatTakenByBot) for e in events)


async def test_pause_and_resume_survive_a_restart(
    open_service: Callable[..., Any], clock: ManualClock
) -> None:
    service = await open_service()
    table = await full_table(service, people=1)  # bots play on unless paused
    await service.pause(table.id, CHANNEL_DELETED)
    await service.close()

    service = await open_service()
    back = service.table(table.id)
    assert back.status is TableStatus.PAUSED and back.pause_reason == CHANNEL_DELETED
    assert back.seq == table.seq and back.deadline is None and back.channel_id == "chan"
    clock.advance(A_DAY)
    assert await service.run_pending() == 0
    resumed = await service.resume(table.id, "ann", "guild", "new-chan")
    await service.close()

    service = await open_service()
    back = service.table(table.id)
    assert back.status is TableStatus.PLAYING and back.channel_id == "new-chan"
    assert back.pause_reason is None and back.deadline == resumed.deadline
    row = await service.store.load_table(table.id)
    assert row is not None and row.channel_id == "new-chan" and row.reason is None


async def test_a_deleted_channel_pauses_its_tables_in_play_and_cancels_its_lobbies(
    service: TableService,
) -> None:
    events: list[Any] = []
    playing = await full_table(service, people=2)
    lobby = await service.create_table("klaberjass", "guild", "chan", "ben")
    elsewhere = await service.create_table("klaberjass", "guild", "other", "cat")
    service.subscribe(events.append)

    changed = await service.channel_deleted("chan")
    assert {t.id: t.status for t in changed} == {
        playing.id: TableStatus.PAUSED,
        lobby.id: TableStatus.CANCELLED,
    }
    assert service.table(elsewhere.id).status is TableStatus.LOBBY
    assert await service.store.status_of(lobby.id) == "cancelled"
    assert {type(e) for e in events} == {TablePaused, TableCancelled}
    assert await service.channel_deleted("chan") == [service.table(playing.id)]  # once is enough
    cancelled = await service.cancel(playing.id, "ann")  # a paused table can still be cancelled
    assert cancelled.status is TableStatus.CANCELLED
