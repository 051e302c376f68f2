"""Counting matches into the league: openskill ratings, bots, exactly once, catching up."""
# ruff: noqa: F811  (the shared fixtures are imported, then named as test arguments)

from __future__ import annotations

import asyncio
import random
from collections import defaultdict
from typing import Any

import pytest
from backends import run_sql
from openskill.models import PlackettLuce
from test_league_seeds import GUILD, Seeded, league, league_clock, seed_match  # noqa: F401

from tables.backend import TableStore
from tables.clock import ManualClock
from tables.errors import StoreUnavailable
from tables.league import League, Rating, Standing
from tables.league_store import Recording
from tables.league_store_pg import PgRecording
from tables.pg_store import PgStore
from tables.settings import Settings

PEOPLE = [f"p{n:02d}" for n in range(8)]


def openskill_directly(seeded: list[Seeded], rate_bots: bool = False) -> dict[str, Any]:
    """Each player's rating from calling openskill on the same results, in the same order."""
    model = PlackettLuce()
    ratings: dict[str, Any] = defaultdict(model.rating)
    for s in seeded:
        players = s.players()
        if any(p.startswith("bot:") for p in players) and not rate_bots:
            continue
        teams_seats = [[n for n in range(len(players)) if s.side_of(n) == side] for side in (0, 1)]
        teams = [[ratings[players[n]] for n in seats] for seats in teams_seats]
        ranks = [1 if side == s.winner else 2 for side in (0, 1)]
        for seats, team in zip(teams_seats, model.rate(teams, ranks=ranks), strict=True):
            for n, rating in zip(seats, team, strict=True):
                ratings[players[n]] = rating
    return ratings


async def whole_table(league: League, game: str, season: str | None = None) -> list[Standing]:
    first = await league.standings(GUILD, game, season, page=1, per_page=50)
    rows = list(first.rows)
    for page in range(2, first.pages + 1):
        rows += (await league.standings(GUILD, game, season, page=page, per_page=50)).rows
    return rows


def assert_same_ratings(table: list[Standing], expected: dict[str, Any]) -> None:
    assert {s.player for s in table if s.rated} == set(expected)
    for s in table:
        if s.rated:
            assert s.rating.mu == pytest.approx(expected[s.player].mu, abs=1e-9)
            assert s.rating.sigma == pytest.approx(expected[s.player].sigma, abs=1e-9)


async def seed_many(
    store: TableStore, clock: ManualClock, n: int, seats: int, seed: int
) -> list[Seeded]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        people = rng.sample(PEOPLE, seats)
        out.append(await seed_match(store, clock, people, rng))
    return out


# --- ratings agree with openskill ---------------------------------------------------------


async def test_schieber_ratings_are_openskill_teams_of_partners(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    seeded = await seed_many(store, league_clock, 30, 4, seed=3)
    for s in seeded:
        assert await league.record(s.table_id, s.facts)
    table = await whole_table(league, "schieber")
    assert_same_ratings(table, openskill_directly(seeded))
    # Ranked by mu - 3 sigma, best first.
    ordinals = [s.rating.ordinal for s in table]
    assert ordinals == sorted(ordinals, reverse=True)


async def test_klaberjass_ratings_are_openskill_one_against_one(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    seeded = await seed_many(store, league_clock, 40, 2, seed=4)
    assert await league.catch_up() == 40  # replays every log: no live facts here
    assert_same_ratings(await whole_table(league, "klaberjass"), openskill_directly(seeded))


async def test_partners_share_the_result(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    s = await seed_match(store, league_clock, ["ann", "ben", "cat", "dan"], random.Random(5))
    await league.record(s.table_id)
    table = {row.player: row for row in await whole_table(league, "schieber")}
    winners = [p for n, p in enumerate(s.players()) if s.side_of(n) == s.winner]
    losers = [p for p in s.players() if p not in winners]
    assert table[winners[0]].rating == table[winners[1]].rating
    assert table[losers[0]].rating == table[losers[1]].rating
    assert table[winners[0]].rating.mu > 25 > table[losers[0]].rating.mu
    assert all(table[p].won == 1 for p in winners) and all(table[p].won == 0 for p in losers)


async def test_a_season_rates_afresh_beside_the_all_time_table(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    before = await seed_many(store, league_clock, 12, 2, seed=6)
    await league.catch_up()
    league_clock.advance(1)
    await league.start_season(GUILD, "Spring", "admin")
    during = await seed_many(store, league_clock, 12, 2, seed=7)
    await league.catch_up()
    league_clock.advance(1)
    await league.end_season(GUILD, "admin")
    after = await seed_many(store, league_clock, 5, 2, seed=8)
    await league.catch_up()

    assert_same_ratings(
        await whole_table(league, "klaberjass", "all-time"),
        openskill_directly(before + during + after),
    )
    assert_same_ratings(
        await whole_table(league, "klaberjass", "Spring"), openskill_directly(during)
    )
    season_table = await whole_table(league, "klaberjass", "spring")  # any case
    assert sum(s.played for s in season_table) == 2 * len(during)
    # With no season running, the table is the all-time one.
    assert (await league.standings(GUILD, "klaberjass")).season is None


# --- bots ---------------------------------------------------------------------------------


async def test_a_match_with_a_bot_is_counted_but_not_rated(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    s = await seed_match(store, league_clock, ["ann", "ben", None, "dan"], random.Random(9))
    assert await league.record(s.table_id)
    [summary] = await league.recent(GUILD)
    assert summary.table_id == s.table_id and not summary.rated
    table = {row.player: row for row in await whole_table(league, "schieber")}
    assert set(table) == {"ann", "ben", "dan"}  # the bot has no place in the table
    for row in table.values():
        assert row.played == 1 and row.rated == 0
        assert row.rating == Rating(25.0, 25.0 / 3)  # openskill's start: unmoved
    stats = (await league.player_stats(GUILD, "ann"))[0]
    assert stats.matches == 1 and stats.rated == 0 and stats.rating is None


async def test_the_server_option_rates_bots_as_players_by_level(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    await league.set_rate_bots(GUILD, True)
    assert await league.rate_bots(GUILD) and not await league.rate_bots("other guild")
    rng = random.Random(10)
    seeded = [await seed_match(store, league_clock, ["ann", None], rng) for _ in range(6)]
    seeded += [await seed_match(store, league_clock, ["ben", "ann"], rng) for _ in range(3)]
    await league.catch_up()
    table = await whole_table(league, "klaberjass")
    assert {s.player for s in table} == {"ann", "ben", "bot:easy"}
    assert_same_ratings(table, openskill_directly(seeded, rate_bots=True))
    recent = await league.recent(GUILD, limit=20)
    assert len(recent) == 9 and all(m.rated for m in recent)


async def test_switching_the_option_does_not_rewrite_the_past(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    rng = random.Random(11)
    first = await seed_match(store, league_clock, ["ann", None], rng)
    await league.record(first.table_id)
    await league.set_rate_bots(GUILD, True)
    second = await seed_match(store, league_clock, ["ann", None], rng)
    await league.record(second.table_id)
    recent = await league.recent(GUILD)
    assert [m.rated for m in recent] == [True, False]  # newest first
    ann = next(s for s in await whole_table(league, "klaberjass") if s.player == "ann")
    assert ann.played == 2 and ann.rated == 1


async def test_a_bot_level_on_both_sides_learns_nothing_from_playing_itself(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    await league.set_rate_bots(GUILD, True)
    s = await seed_match(store, league_clock, ["ann", None, None, None], random.Random(12))
    await league.record(s.table_id)
    table = {row.player: row for row in await whole_table(league, "schieber")}
    assert table["bot:easy"].rating == Rating(25.0, 25.0 / 3) and table["bot:easy"].played == 1
    assert table["ann"].rated == 1 and table["ann"].rating != Rating(25.0, 25.0 / 3)


async def test_a_player_who_left_for_a_bot_keeps_the_result(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    rng = random.Random(13)
    s = await seed_match(store, league_clock, ["ann", "ben"], rng, left={1: "ben"})
    await league.record(s.table_id)
    [summary] = await league.recent(GUILD)
    assert summary.rated  # leaving does not dodge the rating
    assert [seat.player for seat in summary.seats] == ["ann", "ben"]
    assert summary.seats[1].bot == "easy" and summary.seats[1].left == "ben"
    assert_same_ratings(await whole_table(league, "klaberjass"), openskill_directly([s]))


# --- exactly once -------------------------------------------------------------------------


async def test_a_match_offered_twice_is_counted_once(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    s = await seed_match(store, league_clock, ["ann", "ben"], random.Random(14))
    assert await league.record(s.table_id, s.facts) is True
    assert await league.record(s.table_id, s.facts) is False
    assert await league.record(s.table_id) is False
    assert await league.catch_up() == 0
    results = await asyncio.gather(
        *(League(store, league_clock).record(s.table_id) for _ in range(4))
    )
    assert results == [False] * 4
    assert [row.played for row in await whole_table(league, "klaberjass")] == [1, 1]


async def test_offered_at_once_from_many_places_still_once(
    store: TableStore, league_clock: ManualClock
) -> None:
    s = await seed_match(store, league_clock, ["ann", "ben"], random.Random(15))
    leagues = [League(store, league_clock) for _ in range(5)]  # separate locks: the DB decides
    results = await asyncio.gather(*(lg.record(s.table_id) for lg in leagues))
    assert sorted(results) == [False] * 4 + [True]
    assert_same_ratings(await whole_table(leagues[0], "klaberjass"), openskill_directly([s]))


async def test_an_unknown_table_is_not_counted(league: League) -> None:
    assert await league.record(12345) is False


async def test_a_failed_count_leaves_nothing_behind_and_is_caught_up(
    store: TableStore, league_clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = await seed_match(store, league_clock, ["ann", "ben"], random.Random(16))
    league = League(store, league_clock)
    real_write = None

    async def failing_write(self: Any, *args: Any) -> None:
        await real_write(self, *args)  # type: ignore[misc]
        raise StoreUnavailable("disk I/O error")

    recording = PgRecording if isinstance(store, PgStore) else Recording
    real_write = recording.write
    monkeypatch.setattr(recording, "write", failing_write)
    with pytest.raises(StoreUnavailable):
        await league.record(s.table_id)
    monkeypatch.setattr(recording, "write", real_write)
    assert await store.league().uncounted() == [s.table_id]  # rolled back, all of it
    assert await league.catch_up() == 1
    assert [row.played for row in await whole_table(league, "klaberjass")] == [1, 1]


async def test_catch_up_counts_in_the_order_matches_finished(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    seeded = await seed_many(store, league_clock, 10, 2, seed=17)
    # Offered live out of order, the late ones wait for catch-up: same ratings either way.
    await league.record(seeded[-1].table_id)
    assert await league.catch_up() == 9
    recent = await league.recent(GUILD, limit=20)
    assert [m.table_id for m in recent] == [s.table_id for s in reversed(seeded)]


async def test_a_damaged_match_does_not_keep_the_others_out(
    store: TableStore, league: League, league_clock: ManualClock, settings: Settings
) -> None:
    rng = random.Random(18)
    bad_log, bad_sheet, good = [
        await seed_match(store, league_clock, ["ann", "ben"], rng) for _ in range(3)
    ]
    await run_sql(settings, "UPDATE actions SET action = '{\"nonsense\": 1}'"
                  " WHERE table_id = ? AND seq = 3", bad_log.table_id)  # fmt: skip
    await run_sql(settings, "UPDATE matches SET sheet = 'not JSON' WHERE table_id = ?",
                  bad_sheet.table_id)  # fmt: skip
    assert await league.catch_up() == 2
    counted = [m.table_id for m in await league.recent(GUILD)]
    assert counted == [good.table_id, bad_log.table_id]  # the log only fed the figures
    assert await store.league().uncounted() == [bad_sheet.table_id]  # tried again later
