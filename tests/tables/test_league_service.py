"""The league beside a running table service: live counting, restarts, a killed process."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from backends import db_of
from table_helpers import full_table, play_first_legal

from engine.replay import replay_record
from tables import league as league_module
from tables import league_count
from tables.events import TableFinished
from tables.league import League, MatchFacts, facts_from_log, hand_records
from tables.model import Table, TableOptions, TableStatus
from tables.service import TableService
from tables.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


async def play_to_the_end(service: TableService, table: Table) -> Table:
    while table.status is TableStatus.PLAYING:
        if table.seats[table.to_move].played_by_bot:
            await service.run_pending()
            table = service.table(table.id)
        else:
            table = await play_first_legal(service, table)
    return table


async def replayed_facts(service: TableService, table_id: int) -> MatchFacts:
    row = await service.store.load_table(table_id)
    assert row is not None
    rules = TableOptions.from_json(row.options).rules
    return facts_from_log(row.game, rules, [text for _, text in row.actions])


async def test_a_match_is_counted_live_from_the_events_it_announced(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    league = await League.attach(service)

    def no_replay(*_: Any) -> MatchFacts:
        raise AssertionError("followed live: no replay needed")

    monkeypatch.setattr(league_count, "facts_from_log", no_replay)
    table = await full_table(
        service, "klaberjass", people=2, options=TableOptions(rules={"target": 301})
    )
    table = await play_to_the_end(service, table)
    await league.drain()
    monkeypatch.undo()

    [summary] = await league.recent("guild")
    assert summary.table_id == table.id and summary.rated and summary.preset == "to 301"
    assert list(summary.scores) == list(table.scores) and summary.winner == table.winner
    facts = await replayed_facts(service, table.id)
    for seat, user in enumerate(["ann", "ben"]):
        [stats] = await league.player_stats("guild", user)
        assert stats.wins == int(table.winner == seat)
        assert (stats.weis, stats.stoeck) == (facts.weis[seat], facts.stoeck[seat])
        assert (stats.made, stats.made_failed) == (facts.made[seat], facts.made_failed[seat])
    assert not league._live  # nothing left behind for a finished table


async def test_a_bots_only_table_is_counted_unrated(service: TableService) -> None:
    league = await League.attach(service)
    options = TableOptions(rules={"preset": "tournament-1000"})
    table = await service.create_table("schieber", "guild", "chan", "host", options, sit=False)
    for _ in range(4):
        table = await service.add_bot(table.id, "host", "easy")
    await service.start(table.id, "host")
    await service.run_pending()
    await league.drain()
    [summary] = await league.recent("guild")
    assert not summary.rated and summary.preset == "tournament-1000"
    assert [s.player for s in summary.seats] == ["bot:easy"] * 4
    with pytest.raises(league_module.NoMatches):
        await league.standings("guild", "schieber")


async def test_the_same_finish_announced_twice_is_counted_once(service: TableService) -> None:
    league = await League.attach(service)
    table = await full_table(
        service, "klaberjass", people=2, options=TableOptions(rules={"target": 201})
    )
    table = await play_to_the_end(service, table)
    await league.drain()
    league.on_event(TableFinished(table))
    await league.drain()
    standings = await league.standings("guild", "klaberjass")
    assert [row.played for row in standings.rows] == [1, 1]


async def test_a_match_finished_with_no_league_listening_is_counted_at_start_up(
    open_service: Callable[..., Any],
) -> None:
    service = await open_service()
    table = await full_table(
        service, "klaberjass", people=2, options=TableOptions(rules={"target": 201})
    )
    await play_to_the_end(service, table)
    await service.close()

    service = await open_service()
    league = await League.attach(service)  # catches up
    [summary] = await league.recent("guild")
    assert summary.table_id == table.id
    assert await League(service.store, service.clock).catch_up() == 0
    await service.close()


async def test_hand_records_of_a_match_replay_to_its_score_sheet(service: TableService) -> None:
    league = await League.attach(service)
    table = await full_table(
        service, "schieber", people=1, options=TableOptions(rules={"preset": "tournament-1000"})
    )
    await play_to_the_end(service, table)
    await league.drain()
    summary = await league.match("guild", table.id)
    lines = (await hand_records(service, summary)).splitlines()
    assert len(lines) == len(summary.sheet) == summary.hands
    results = [replay_record(json.loads(line)) for line in lines]
    assert all(r["ok"] for r in results)
    # Every hand but the last (cut short at the target) scores what the sheet says.
    for result, sheet in zip(results[:-1], summary.sheet[:-1], strict=True):
        assert result["complete"] and tuple(result["score"]["total"]) == sheet


# --- a process killed around the finish -----------------------------------------------

CHILD = """
import asyncio, os, signal, sys
sys.path.insert(0, {root!r})
from tables.events import TableFinished
from tables.league import League
from tables.model import TableOptions
from tables.service import TableService
from tables.settings import Settings

async def main(db, when):
    where = {{"database_url": db}} if db.startswith("postgresql") else {{"db_path": db}}
    service = await TableService.open(Settings(bot_pause_s=0.0, **where), autorun=False)
    league = await League.attach(service)
    await league.set_rate_bots("g", True)
    table = await service.create_table("klaberjass", "g", "c", "ann",
                                       options=TableOptions(rules={{"target": 201}}))
    table = await service.add_bot(table.id, "ann", "easy")

    def kill(event):
        if isinstance(event, TableFinished) and when == "before":
            os.kill(os.getpid(), signal.SIGKILL)  # the league has not counted it yet

    service.subscribe(kill)
    table = await service.start(table.id, "ann")
    while table.winner is None:
        if table.seats[table.to_move].bot:
            await service.run_pending()
            table = service.table(table.id)
        else:
            action = table.match.legal_actions()[0]
            table = await service.act(table.id, "ann", action, table.seq)
    await league.drain()
    print("counted", len(await league.recent("g")), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


@pytest.mark.parametrize("when", ["before", "after"])
async def test_killed_around_the_finish_the_match_is_counted_exactly_once(
    open_service: Callable[..., Any], settings: Settings, when: str
) -> None:
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(root=str(ROOT)), db_of(settings), when],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert ("counted 1" in child.stdout) == (when == "after")

    service = await open_service()
    uncounted = await service.store.league().uncounted()
    assert len(uncounted) == (1 if when == "before" else 0)
    league = await League.attach(service)
    assert await league.catch_up() == 0
    [summary] = await league.recent("g")
    assert summary.rated  # the server's option was saved before the kill
    standings = await league.standings("g", "klaberjass")
    assert {row.player: row.played for row in standings.rows} == {"ann": 1, "bot:easy": 1}
    await service.close()
