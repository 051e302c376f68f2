"""Whole matches, bots, turn clocks, hand records and results, for both games."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from typing import Any

import pytest
from table_helpers import full_table, mover, play_first_legal

from engine.events import HandScored, MatchWon
from engine.replay import replay_record
from tables import errors
from tables.clock import ManualClock
from tables.events import (
    ClockWarning,
    GameEvent,
    SeatReclaimed,
    SeatTakenByBot,
    TableFinished,
    TurnStarted,
)
from tables.model import TableOptions, TableStatus
from tables.service import TableService

GAMES = ["schieber", "klaberjass"]
SHORT = {"schieber": {"preset": "tournament-1000"}, "klaberjass": {"target": 301}}


async def bot_table(service: TableService, game: str) -> Any:
    """A table of bots only; the host watches."""
    options = TableOptions(SHORT[game])
    table = await service.create_table(game, "g", "c", "host", options, sit=False)
    for _ in table.seats:
        table = await service.add_bot(table.id, "host", "easy")
    return await service.start(table.id, "host")


@pytest.mark.parametrize("game", GAMES)
async def test_bots_play_a_whole_match_to_its_end(service: TableService, game: str) -> None:
    seen: list[Any] = []
    service.subscribe(seen.append)
    table = await bot_table(service, game)
    await service.run_pending()
    engine_events = [e.event for e in seen if isinstance(e, GameEvent)]
    won = [e for e in engine_events if isinstance(e, MatchWon)]
    assert len(won) == 1 and isinstance(seen[-1], TableFinished)
    final = seen[-1].table
    assert final.status is TableStatus.FINISHED and final.winner == won[0].winner
    scored = [e for e in engine_events if isinstance(e, HandScored)]
    assert scored[-1].scores == final.scores
    with pytest.raises(errors.TableClosed, match="finished"):
        await service.act(table.id, "host", final.match.legal_actions(), final.seq)
    [result] = await service.match_results("g")
    assert result["winner"] == final.winner and result["game"] == game
    assert result["scores"] == list(final.scores)
    assert len(result["sheet"]) == final.match.hand_number
    assert [p["bot"] for p in result["players"]] == ["easy"] * len(table.seats)
    assert result["options"]["rules"] == SHORT[game]


@pytest.mark.parametrize("game", GAMES)
async def test_every_finished_hand_exports_as_a_hand_record(
    service: TableService, game: str
) -> None:
    seen: list[Any] = []
    service.subscribe(seen.append)
    table = await bot_table(service, game)
    with pytest.raises(errors.TableError, match="No hand"):
        await service.hand_record(table.id)
    await service.run_pending()
    scored = [e.event for e in seen if isinstance(e, GameEvent) and isinstance(e.event, HandScored)]
    first = await service.hand_record(table.id, scored[0].hand_number)
    result = replay_record(json.loads(json.dumps(first)))
    assert result["ok"] and result["complete"]
    assert tuple(result["score"]["total"]) == scored[0].totals
    last = await service.hand_record(table.id)
    assert replay_record(last)["ok"]
    assert await service.hand_record(table.id, guild_id="g") == last
    with pytest.raises(errors.UnknownTable):
        await service.hand_record(999)
    with pytest.raises(errors.UnknownTable):  # another server's table is unknown there
        await service.hand_record(table.id, guild_id="another server")


@pytest.mark.parametrize("game", GAMES)
async def test_people_and_bots_play_to_the_end(service: TableService, game: str) -> None:
    table = await full_table(service, game, people=2, options=TableOptions(SHORT[game]))
    while table.status is TableStatus.PLAYING:
        table = await play_first_legal(service, table)
        await service.run_pending()  # the bots' turns
        table = service.table(table.id)
        if table.to_move is not None and table.seats[table.to_move].is_bot:
            pytest.fail("a bot's turn was left waiting")
    assert table.winner is not None


async def test_the_clock_warns_then_a_bot_stands_in_until_the_player_acts(
    service: TableService, clock: ManualClock
) -> None:
    seen: list[Any] = []
    service.subscribe(seen.append)
    table = await full_table(service, "klaberjass", people=2)
    late = mover(table)
    assert table.deadline == clock.now() + 120  # bidding takes the contract clock
    clock.advance(104)
    assert await service.run_pending() == 0
    clock.advance(1)
    await service.run_pending()
    assert isinstance(seen[-1], ClockWarning) and seen[-1].user == late
    clock.advance(15)
    await service.run_pending()
    taken = next(e for e in seen if isinstance(e, SeatTakenByBot))
    assert taken.user == late and not taken.for_good
    table = service.table(table.id)
    seat = table.seat_of(late)
    assert table.seats[seat].away and table.seq > 1
    # The bot keeps playing for the absent player; the other player has a running clock.
    other = mover(table)
    assert other != late and table.deadline is not None
    table = await play_first_legal(service, table)
    await service.run_pending()
    table = service.table(table.id)
    assert table.to_move == table.seat_of(other)
    # Any action takes the seat back, even one that is not legal now.
    with pytest.raises(errors.NotYourTurn):
        await service.act(table.id, late, table.match.legal_actions()[0], table.seq)
    table = service.table(table.id)
    assert not table.seats[seat].away
    assert any(isinstance(e, SeatReclaimed) and e.user == late for e in seen)


async def test_reclaiming_on_one_s_turn_restarts_the_clock(
    service: TableService, clock: ManualClock
) -> None:
    table = await full_table(service, "schieber", people=4)
    late = mover(table)
    clock.advance(121)
    await service.run_pending()
    # The stand-in chose the contract; play moves on to the next person.
    table = service.table(table.id)
    assert table.seats[table.seat_of(late)].away
    while table.to_move != table.seat_of(late):
        table = await play_first_legal(service, table)
    # The stand-in plays without a clock; the player comes back before it moves.
    assert table.deadline is None
    table = await service.reclaim(table.id, late)
    assert table.deadline == clock.now() + 60
    table = await play_first_legal(service, table)
    assert not table.seats[table.seat_of(late)].away


async def test_leaving_mid_game_hands_the_seat_to_a_bot_for_good(
    service: TableService,
) -> None:
    seen: list[Any] = []
    service.subscribe(seen.append)
    table = await full_table(service, "schieber", people=2)
    leaver = mover(table)
    seat = table.to_move
    table = await service.leave(table.id, leaver)
    assert table.seats[seat].bot == service.settings.stand_in_bot
    assert table.seats[seat].left == leaver and table.seat_of(leaver) is None
    assert any(isinstance(e, SeatTakenByBot) and e.for_good for e in seen)
    assert isinstance(seen[-1], TurnStarted) and seen[-1].deadline is None
    await service.run_pending()
    assert service.table(table.id).seq > table.seq
    with pytest.raises(errors.NotSeated):
        await service.act(table.id, leaver, table.match.legal_actions()[0], table.seq)


async def test_the_background_runner_plays_bots_on_real_time_and_stops(
    settings: Any,
) -> None:
    service = await TableService.open(settings)  # the system clock, timers run by themselves
    try:
        finished = asyncio.Event()
        service.subscribe(lambda e: finished.set() if isinstance(e, TableFinished) else None)
        await bot_table(service, "klaberjass")
        await asyncio.wait_for(finished.wait(), timeout=30)
    finally:
        await asyncio.wait_for(service.close(), timeout=5)


async def test_a_hard_bot_thinks_in_a_worker_process(service: TableService) -> None:
    table = await service.create_table("klaberjass", "g", "c", "ann", seat=0)
    await service.add_bot(table.id, "ann", "hard", seat=1)
    table = await service.start(table.id, "ann")
    while table.to_move == 0:
        table = await play_first_legal(service, table)
    await service.run_pending()
    after = service.table(table.id)
    assert after.seq > table.seq and after.to_move == 0


class Broken:
    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def choose(self, observation: Any, legal: Any) -> Any:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


@pytest.mark.parametrize("answer", [RuntimeError("a bug"), "not an action"])
async def test_a_bot_that_fails_plays_its_first_legal_move(
    settings: Any, clock: ManualClock, answer: Any
) -> None:
    paced = dataclasses.replace(settings, bot_pause_s=1.0)  # one bot move per second
    service = await TableService.open(
        paced, clock, autorun=False, bots=lambda level, seed: Broken(answer)
    )
    try:
        table = await bot_table(service, "schieber")
        clock.advance(1)
        await service.run_pending()
        after = service.table(table.id)
        assert after.seq == table.seq + 1
        assert after.match.hand.contract == table.match.legal_actions()[0].contract
    finally:
        await service.close()


async def test_a_thinking_bot_never_holds_up_another_table(
    settings: Any, clock: ManualClock
) -> None:
    class Bot:
        def __init__(self, level: str) -> None:
            self.slow = level == "hard"

    service = await TableService.open(
        settings, clock, autorun=False, bots=lambda level, seed: Bot(level)
    )
    thought = asyncio.Event()

    async def choose(bot: Bot, observation: Any, legal: Any) -> Any:
        if bot.slow:  # a hard bot thinks in a worker process; this one until let go
            await thought.wait()
        return legal[0]

    service._thinking.choose = choose  # type: ignore[method-assign]
    try:
        slow = await service.create_table("schieber", "g", "c", "host", sit=False)
        for _ in slow.seats:
            slow = await service.add_bot(slow.id, "host", "hard")
        slow = await service.start(slow.id, "host")
        quick = await bot_table(service, "schieber")
        over = asyncio.Event()
        service.subscribe(
            lambda e: (
                over.set() if isinstance(e, TableFinished) and e.table_id == quick.id else None
            )
        )
        assert service.fire_due() == 2
        await asyncio.wait_for(over.wait(), timeout=60)  # a whole match while the other thinks
        assert service.table(slow.id).seq == slow.seq
        thought.set()
        await service.idle()
        assert service.table(slow.id).seq > slow.seq
    finally:
        await service.close()
