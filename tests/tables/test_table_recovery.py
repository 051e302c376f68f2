"""Restarts: everything committed comes back, damage is set aside, locks refuse cleanly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from backends import database_locked, run_sql
from table_helpers import full_table, mover, play_first_legal

from tables import errors
from tables.clock import ManualClock
from tables.events import SeatTakenByBot, TableDamaged, TableResumed
from tables.model import TableStatus
from tables.service import TableService
from tables.settings import Settings

GAMES = ["schieber", "klaberjass"]


@pytest.mark.parametrize("game", GAMES)
async def test_a_restart_mid_hand_brings_back_the_same_table(
    open_service: Callable[..., Any], game: str
) -> None:
    service = await open_service()
    table = await full_table(service, game, people=2)
    lobby = await service.create_table(game, "g", "c", "zed")
    for _ in range(23):  # past a hand boundary in Klaberjass, mid-hand in Schieber
        table = await play_first_legal(service, table)
        await service.run_pending()
        table = service.table(table.id)
    await service.close()

    service = await open_service()
    seen: list[Any] = []
    service.subscribe(seen.append)
    again = service.table(table.id)
    assert again.match == table.match and again.seq == table.seq
    assert again.seats == table.seats and again.deadline == table.deadline
    assert service.table(lobby.id).seats == lobby.seats
    for _ in range(10):  # and play carries on from there
        again = await play_first_legal(service, again)
        await service.run_pending()
        again = service.table(again.id)
    await service.close()

    service = await open_service()
    assert service.table(table.id).match == again.match
    await service.close()


async def test_a_restart_without_snapshots_replays_the_whole_log(
    open_service: Callable[..., Any], settings: Settings
) -> None:
    service = await open_service()
    table = await full_table(service, "schieber", people=4)
    for _ in range(50):
        table = await play_first_legal(service, table)
    await service.close()
    await run_sql(settings, "UPDATE snapshots SET engine = 'another engine'")
    service = await open_service()
    assert service.table(table.id).match == table.match
    await service.close()


async def test_clocks_are_rearmed_from_their_stored_deadlines(
    open_service: Callable[..., Any], clock: ManualClock
) -> None:
    service = await open_service()
    table = await full_table(service, "schieber", people=4)
    late = mover(table)
    await service.close()
    clock.advance(500)  # the bot was down past the deadline
    service = await open_service()
    seen: list[Any] = []
    service.subscribe(seen.append)
    await service.run_pending()
    assert any(isinstance(e, SeatTakenByBot) and e.user == late for e in seen)
    assert service.table(table.id).seq > table.seq
    await service.close()


async def test_bot_turns_continue_after_a_restart(
    open_service: Callable[..., Any],
) -> None:
    service = await open_service()
    table = await full_table(service, "klaberjass", people=1)
    while table.seats[table.to_move].user is not None:  # until the bot is to move
        table = await play_first_legal(service, table)
    await service.close()
    service = await open_service()
    await service.run_pending()
    after = service.table(table.id)
    assert after.seq > table.seq and after.seats[after.to_move].user == "ann"
    await service.close()


async def test_a_damaged_table_is_set_aside_and_the_others_run_on(
    open_service: Callable[..., Any], settings: Settings
) -> None:
    service = await open_service()
    good = await full_table(service, "schieber", people=4)
    bad = await full_table(service, "schieber", people=4)
    bad = await play_first_legal(service, bad)
    worse = await service.create_table("schieber", "g", "c", "zed")
    await service.close()
    sql = "UPDATE actions SET action = '{\"seat\": 9' WHERE table_id = ? AND seq = 1"
    await run_sql(settings, sql, bad.id)
    await run_sql(settings, "UPDATE tables SET options = 'not json' WHERE id = ?", worse.id)

    seen: list[Any] = []
    service = await open_service(subscribers=[seen.append])
    assert set(service.damaged) == {bad.id, worse.id}
    damaged = [e for e in seen if isinstance(e, TableDamaged)]
    assert {(e.table_id, e.channel_id) for e in damaged} == {(bad.id, "chan"), (worse.id, "c")}
    assert "options" in service.damaged[worse.id] or "JSON" in service.damaged[worse.id]
    assert [e.table_id for e in seen if isinstance(e, TableResumed)] == [good.id]
    with pytest.raises(errors.TableClosed, match="damaged"):
        await service.act(bad.id, mover(bad), bad.match.legal_actions()[0], bad.seq)
    await play_first_legal(service, service.table(good.id))
    await service.close()
    # Set aside for good: the next start-up does not try it again.
    service = await open_service()
    assert not service.damaged and service.tables() == [service.table(good.id)]
    with pytest.raises(errors.TableClosed, match="damaged"):
        await service.join(worse.id, "x")
    await service.close()


async def test_a_locked_database_refuses_the_action_and_loses_nothing(
    service: TableService, settings: Settings
) -> None:
    table = await full_table(service, "schieber", people=4)
    action = table.match.legal_actions()[0]
    async with database_locked(settings):
        with pytest.raises(errors.StoreUnavailable, match="nothing changed"):
            await service.act(table.id, mover(table), action, table.seq)
        assert service.table(table.id) == table
    after = await service.act(table.id, mover(table), action, table.seq)
    assert after.seq == table.seq + 1
    assert len(await service.store.load_actions(table.id)) == after.seq


async def test_a_cancelled_or_finished_table_is_not_resumed(
    open_service: Callable[..., Any],
) -> None:
    service = await open_service()
    table = await full_table(service, "schieber", people=4)
    await service.cancel(table.id, "ann")
    await service.close()
    service = await open_service()
    assert service.tables() == []
    with pytest.raises(errors.TableClosed, match="cancelled"):
        await service.act(table.id, "ann", table.match.legal_actions()[0], table.seq)
    await service.close()


async def test_a_table_closed_before_a_restart_is_read_back_when_asked_for(
    open_service: Callable[..., Any],
) -> None:
    service = await open_service()
    table = await full_table(service, "klaberjass", people=2)
    lobby = await service.create_table("klaberjass", "guild", "chan", "ben")
    await service.cancel(table.id, "ann")
    await service.close()
    service = await open_service()
    with pytest.raises(errors.UnknownTable):
        service.table(table.id)  # no longer in memory...
    again = await service.load(table.id)  # ...but in the store, seats and all
    assert again.status is TableStatus.CANCELLED
    assert again.seats == table.seats and again.match == table.match
    assert await service.load(lobby.id) is service.table(lobby.id)
    assert await service.latest_table("guild", "chan", "ann") == table.id
    assert await service.latest_table("guild", "chan", "ben") == lobby.id
    assert await service.latest_table("guild", "other chan", "ann") is None
    with pytest.raises(errors.UnknownTable):
        await service.load(999)
