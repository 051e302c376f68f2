"""The service through its public API: lobby, play, errors, events."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from table_helpers import PEOPLE, full_table, mover, play_first_legal

from engine.actions import Choose, Contract, Deal, Play, Push
from engine.cards import CARDS
from engine.events import CardPlayed, HandDealt
from tables import errors
from tables.events import GameEvent, SeatChanged, TableCreated, TableStarted, TurnStarted
from tables.model import TableOptions, TableStatus
from tables.service import TableService


async def test_the_host_sits_and_others_join_by_seat_team_or_placement(
    service: TableService,
) -> None:
    table = await service.create_table("schieber", "g", "c", "ann", team=1)
    assert table.seat_of("ann") == 1 and table.status is TableStatus.LOBBY
    table = await service.join(table.id, "ben", team=1)
    assert table.seat_of("ben") == 3
    table = await service.join(table.id, "cat")
    assert table.seat_of("cat") == 0
    with pytest.raises(errors.TableFull, match="team is full"):
        await service.join(table.id, "dan", team=1)
    with pytest.raises(errors.SeatTaken):
        await service.join(table.id, "dan", seat=0)
    with pytest.raises(errors.AlreadySeated):
        await service.join(table.id, "cat")
    table = await service.add_bot(table.id, "ann", "hard")
    assert table.seats[2].bot == "hard" and table.is_full
    with pytest.raises(errors.TableFull):
        await service.join(table.id, "dan")


async def test_moving_swaps_with_bots_and_only_the_host_swaps_people(
    service: TableService,
) -> None:
    table = await service.create_table("schieber", "g", "c", "ann", seat=0)
    table = await service.join(table.id, "ben", seat=1)
    table = await service.add_bot(table.id, "ben", "easy", seat=2)
    table = await service.move(table.id, "ben", 2)
    assert table.seat_of("ben") == 2 and table.seats[1].bot == "easy"
    with pytest.raises(errors.SeatTaken, match="only the host"):
        await service.move(table.id, "ben", 0)
    table = await service.move(table.id, "ann", 2)
    assert (table.seat_of("ann"), table.seat_of("ben")) == (2, 0)
    table = await service.remove_bot(table.id, "ann", 1)
    assert table.seats[1].is_empty


async def test_the_host_leaving_the_lobby_hands_it_on_or_cancels_it(
    service: TableService,
) -> None:
    table = await service.create_table("schieber", "g", "c", "ann")
    await service.join(table.id, "ben")
    table = await service.leave(table.id, "ann")
    assert table.host == "ben"
    table = await service.leave(table.id, "ben")
    assert table.status is TableStatus.CANCELLED
    with pytest.raises(errors.TableClosed, match="cancelled"):
        await service.join(table.id, "cat")


async def test_only_the_host_starts_and_only_a_full_table(service: TableService) -> None:
    table = await service.create_table("schieber", "g", "c", "ann")
    await service.join(table.id, "ben")
    with pytest.raises(errors.TableNotFull):
        await service.start(table.id, "ann")
    await service.add_bot(table.id, "ann", "easy")
    await service.add_bot(table.id, "ann", "easy")
    with pytest.raises(errors.NotHost):
        await service.start(table.id, "ben")
    table = await service.start(table.id, "ann")
    assert table.status is TableStatus.PLAYING and table.seq == 1  # the first deal
    with pytest.raises(errors.AlreadyStarted):
        await service.join(table.id, "cat")


async def test_bad_options_are_refused(service: TableService) -> None:
    with pytest.raises(errors.BadOptions, match="unknown preset"):
        await service.create_table("schieber", "g", "c", "a", TableOptions({"preset": "x"}))
    with pytest.raises(errors.BadOptions, match="unknown game"):
        await service.create_table("poker", "g", "c", "a")
    table = await service.create_table("schieber", "g", "c", "a")
    with pytest.raises(errors.BadOptions, match="unknown bot level"):
        await service.add_bot(table.id, "a", "genius")


async def test_act_plays_through_the_engine_and_refuses_what_it_must(
    service: TableService,
) -> None:
    table = await full_table(service)
    user = mover(table)
    seat = table.to_move
    other = next(p for p in PEOPLE if p != user)
    push = Push(seat)
    with pytest.raises(errors.NotSeated):
        await service.act(table.id, "eve", push, table.seq)
    with pytest.raises(errors.NotYourTurn):
        await service.act(table.id, other, Push(table.seat_of(other)), table.seq)
    with pytest.raises(errors.NotYourTurn):
        await service.act(table.id, user, Deal(5), table.seq)
    with pytest.raises(errors.StaleAction):
        await service.act(table.id, user, push, table.seq + 1)
    table = await service.act(table.id, user, push, table.seq)
    with pytest.raises(errors.StaleAction, match="moved on"):
        await service.act(table.id, user, push, table.seq - 1)  # a doubled click
    partner = mover(table)
    with pytest.raises(errors.IllegalMove, match="must choose"):
        await service.act(table.id, partner, Push(table.to_move), table.seq)
    table = await service.act(table.id, partner, Choose(table.to_move, Contract.HEARTS), table.seq)
    # A card the player does not hold: the engine's reason reaches the player.
    seat = table.to_move
    foreign = next(c for c in CARDS if c not in table.match.hand.hand_of(seat))
    with pytest.raises(errors.IllegalMove, match="do not hold"):
        await service.act(table.id, mover(table), Play(seat, foreign), table.seq)


async def test_unknown_and_closed_tables_say_so(service: TableService) -> None:
    with pytest.raises(errors.UnknownTable):
        await service.act(999, "ann", Push(0), 0)
    with pytest.raises(errors.UnknownTable):
        service.table(999)
    table = await full_table(service)
    with pytest.raises(errors.NotHost):
        await service.cancel(table.id, "ben")
    await service.cancel(table.id, "ben", admin=True)
    with pytest.raises(errors.TableClosed, match="cancelled"):
        await service.act(table.id, mover(table), table.match.legal_actions()[0], table.seq)


async def test_two_acts_at_once_with_the_same_seq_apply_exactly_once(
    service: TableService,
) -> None:
    table = await full_table(service)
    action = table.match.legal_actions()[0]
    results = await asyncio.gather(
        *(service.act(table.id, mover(table), action, table.seq) for _ in range(5)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, Exception)]
    assert len(applied) == 1
    assert all(isinstance(r, errors.StaleAction) for r in results if isinstance(r, Exception))
    log = await service.store.load_actions(table.id)
    assert len(log) == table.seq + 1 == service.table(table.id).seq


async def test_events_arrive_in_order_after_commit(service: TableService) -> None:
    seen: list[Any] = []
    logged: list[int] = []

    async def slow(event: Any) -> None:
        await asyncio.sleep(0)
        logged.append(getattr(event, "seq", -1))

    service.subscribe(seen.append)
    service.subscribe(slow)
    service.subscribe(lambda event: 1 / 0)  # a broken subscriber breaks nothing
    table = await full_table(service)
    for _ in range(6):
        table = await play_first_legal(service, table)
    await service.drain()
    kinds = [type(e) for e in seen]
    assert kinds[0] is TableCreated and SeatChanged in kinds
    started = kinds.index(TableStarted)
    assert isinstance(seen[started + 1], GameEvent)
    assert isinstance(seen[started + 1].event, HandDealt)
    assert isinstance(seen[-1], TurnStarted) and seen[-1].seq == table.seq
    seqs = [e.seq for e in seen if isinstance(e, GameEvent | TurnStarted)]
    assert seqs == sorted(seqs)
    assert sum(isinstance(e, GameEvent) and isinstance(e.event, CardPlayed) for e in seen) >= 4
    assert len(logged) == len(seen)


async def test_observation_is_the_seat_s_own_view(service: TableService) -> None:
    table = await full_table(service)
    view = service.observation(table.id, "ben")
    assert view.seat == 1 and len(view.hand) == 9
    with pytest.raises(errors.NotSeated):
        service.observation(table.id, "eve")
