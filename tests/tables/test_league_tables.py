"""League tables, player stats, seasons and recent matches over a store with many matches."""
# ruff: noqa: F811  (the shared fixtures are imported, then named as test arguments)

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest
from test_league_seeds import GUILD, Seeded, league, league_clock, seed_match  # noqa: F401

from tables.backend import TableStore
from tables.clock import ManualClock
from tables.league import League, NoMatches, SeasonError, UnknownMatch, UnknownSeason

CLUB = [f"m{n:02d}" for n in range(25)]


@pytest.fixture
async def club(store: TableStore, league: League, league_clock: ManualClock) -> list[Seeded]:
    """60 Schieber matches (a few in the full pagat-3000 rules) and 40 Klaberjass ones
    among 25 members, some with a bot, one in another server; all counted."""
    rng = random.Random(2024)
    seeded = []
    for n in range(60):
        people: list[str | None] = list(rng.sample(CLUB[:12], 4))
        if n % 10 == 9:
            people[rng.randrange(4)] = None
        rules = {} if n % 15 == 0 else None
        seeded.append(await seed_match(store, league_clock, people, rng, rules=rules))
    for _ in range(40):
        seeded.append(await seed_match(store, league_clock, rng.sample(CLUB, 2), rng))
    await seed_match(store, league_clock, ["m00", "m01"], rng, guild="elsewhere")
    for s in seeded:
        await league.record(s.table_id, s.facts)  # as if followed live: no replays
    await league.catch_up()
    return seeded


def expected_totals(seeded: list[Seeded], game: str) -> dict[str, dict[str, int]]:
    """Played, won, points and hands per person, counted straight from the seeds."""
    out: dict[str, dict[str, int]] = defaultdict(Counter)  # type: ignore[arg-type]
    for s in seeded:
        if s.game != game:
            continue
        hands = len(s.match.sheet) - s.facts.annulled
        for seat, player in enumerate(s.players()):
            if player.startswith("bot:"):
                continue
            side = s.side_of(seat)
            t = out[player]
            t["played"] += 1
            t["won"] += int(side == s.winner)
            t["points"] += sum(h[side] for h in s.match.sheet)
            t["hands"] += hands
            t["weis"] += s.facts.weis[seat]
            t["stoeck"] += s.facts.stoeck[seat]
            t["match_hands"] += s.facts.match_hands[side]
            t["made"] += s.facts.made[seat]
            t["made_failed"] += s.facts.made_failed[seat]
    return out


# --- the table ----------------------------------------------------------------------------


async def test_the_table_counts_what_each_player_did(league: League, club: list[Seeded]) -> None:
    for game in ("schieber", "klaberjass"):
        expected = expected_totals(club, game)
        first = await league.standings(GUILD, game)
        rows = list(first.rows)
        for page in range(2, first.pages + 1):
            rows += (await league.standings(GUILD, game, page=page)).rows
        assert first.total == len(rows) == len(expected)
        assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
        for r in rows:
            e = expected[r.player]
            assert (r.played, r.won, r.points, r.hands) == (
                e["played"], e["won"], e["points"], e["hands"]
            )  # fmt: skip
            assert r.points_per_hand == pytest.approx(e["points"] / e["hands"])
            assert r.win_rate == pytest.approx(e["won"] / e["played"])


async def test_the_table_is_ranked_by_rating_and_paged(league: League, club: list[Seeded]) -> None:
    players = len(expected_totals(club, "klaberjass"))
    assert 20 < players <= 25
    page1 = await league.standings(GUILD, "klaberjass", per_page=10)
    assert (page1.page, page1.pages, page1.total, len(page1.rows)) == (1, 3, players, 10)
    page3 = await league.standings(GUILD, "klaberjass", page=3, per_page=10)
    assert [r.rank for r in page3.rows] == list(range(21, players + 1))
    assert (await league.standings(GUILD, "klaberjass", page=99)).page == 3  # clamped
    assert (await league.standings(GUILD, "klaberjass", page=-4)).page == 1
    everyone = page1.rows + (await league.standings(GUILD, "klaberjass", page=2)).rows + page3.rows
    rated = [r for r in everyone if r.rated]
    assert [r.rating.ordinal for r in rated] == sorted(
        (r.rating.ordinal for r in rated), reverse=True
    )
    assert everyone[: len(rated)] == tuple(rated)  # the not yet rated come last


async def test_the_game_defaults_to_the_one_played_most(league: League, club: list[Seeded]) -> None:
    assert (await league.standings(GUILD)).game == "schieber"
    assert (await league.standings("elsewhere")).game == "klaberjass"


async def test_another_server_has_its_own_league(league: League, club: list[Seeded]) -> None:
    table = await league.standings("elsewhere", "klaberjass")
    assert {r.player for r in table.rows} == {"m00", "m01"} and table.total == 2
    with pytest.raises(NoMatches):
        await league.standings("elsewhere", "schieber")
    assert len(await league.recent("elsewhere", limit=50)) == 1


# --- a player's stats ---------------------------------------------------------------------


async def test_player_stats_add_up_over_every_match(league: League, club: list[Seeded]) -> None:
    for game in ("schieber", "klaberjass"):
        for player, e in expected_totals(club, game).items():
            [stats] = await league.player_stats(GUILD, player, game)
            assert (stats.matches, stats.wins, stats.points, stats.hands) == (
                e["played"], e["won"], e["points"], e["hands"]
            )  # fmt: skip
            assert (stats.weis, stats.stoeck, stats.match_hands) == (
                e["weis"], e["stoeck"], e["match_hands"]
            )  # fmt: skip
            assert (stats.made, stats.made_failed) == (e["made"], e["made_failed"])
            if game == "klaberjass":
                assert stats.maker_rate == pytest.approx((e["made"] - e["made_failed"]) / e["made"])
            standing = (await league.standings(GUILD, game, page=stats.rank, per_page=1)).rows[0]
            assert standing.player == player and standing.rank == stats.rank
    # The full rules have Weis and Stöck; somebody showed some.
    totals = expected_totals(club, "schieber").values()
    assert sum(t["weis"] for t in totals) > 0 and sum(t["stoeck"] for t in totals) > 0


async def test_stats_cover_each_game_played(league: League, club: list[Seeded]) -> None:
    both = [p for p in CLUB[:12] if p in expected_totals(club, "klaberjass")]
    stats = await league.player_stats(GUILD, both[0])
    assert [s.game for s in stats] == ["schieber", "klaberjass"]
    only_klaberjass = CLUB[20]
    assert [s.game for s in await league.player_stats(GUILD, only_klaberjass)] == ["klaberjass"]


async def test_best_partner(store: TableStore, league: League, league_clock: ManualClock) -> None:
    rng = random.Random(5)
    # ann sits with ben four times and with cat twice; who wins is up to the cards.
    for partner, others in [("ben", ("x1", "x2"))] * 4 + [("cat", ("x3", "x4"))] * 2:
        await seed_match(store, league_clock, ["ann", others[0], partner, others[1]], rng)
    await league.catch_up()
    [stats] = await league.player_stats(GUILD, "ann", "schieber")
    with_ben = await league.recent(GUILD, user="ben")
    ben_wins = sum(m.winner == m.seats[0].side for m in with_ben)
    assert stats.best_partner is not None
    assert stats.best_partner.player == "ben"  # the only pairing with three matches
    assert (stats.best_partner.matches, stats.best_partner.wins) == (4, ben_wins)
    [x1] = await league.player_stats(GUILD, "x1", "schieber")
    assert x1.best_partner is not None and x1.best_partner.player == "x2"


async def test_a_player_with_no_matches_is_told_so(league: League, club: list[Seeded]) -> None:
    with pytest.raises(NoMatches, match="has not finished a league match") as e:
        await league.player_stats(GUILD, "nobody")
    assert e.value.player == "nobody"
    with pytest.raises(NoMatches, match="league Schieber match"):
        await league.player_stats(GUILD, CLUB[20], "schieber")  # plays only Klaberjass
    with pytest.raises(NoMatches):
        await league.recent(GUILD, user="nobody")


# --- an empty league, seasons -------------------------------------------------------------


async def test_an_empty_league_answers_kindly(league: League) -> None:
    with pytest.raises(NoMatches, match="No Schieber match"):
        await league.standings(GUILD)
    with pytest.raises(NoMatches, match="No match has been finished"):
        await league.recent(GUILD)
    with pytest.raises(UnknownMatch, match="#7"):
        await league.match(GUILD, 7)


async def test_seasons_start_end_and_list(
    store: TableStore, league: League, league_clock: ManualClock
) -> None:
    rng = random.Random(8)
    await seed_match(store, league_clock, ["ann", "ben"], rng)
    spring = await league.start_season(GUILD, "  Spring   2025 ", "admin")
    assert spring.name == "Spring 2025" and spring.is_open
    with pytest.raises(SeasonError, match="still running"):
        await league.start_season(GUILD, "Summer", "admin")
    for _ in range(3):
        await seed_match(store, league_clock, ["ann", "cat"], rng)
    await league.catch_up()
    ended = await league.end_season(GUILD, "admin")
    assert not ended.is_open and ended.matches == 3
    with pytest.raises(SeasonError, match="No season is running"):
        await league.end_season(GUILD, "admin")
    with pytest.raises(SeasonError, match="already"):
        await league.start_season(GUILD, "spring 2025", "admin")
    with pytest.raises(SeasonError, match="all-time"):
        await league.start_season(GUILD, "All-Time", "admin")
    with pytest.raises(SeasonError, match="1 to 50"):
        await league.start_season(GUILD, "x" * 51, "admin")
    summer = await league.start_season(GUILD, "Summer", "admin")
    assert [s.name for s in await league.seasons(GUILD)] == ["Spring 2025", "Summer"]
    assert await league.seasons("elsewhere") == []

    season_table = await league.standings(GUILD, "klaberjass", "spring 2025")
    assert season_table.season_name == "Spring 2025"
    assert {r.player: r.played for r in season_table.rows} == {"ann": 3, "cat": 3}
    all_time = await league.standings(GUILD, "klaberjass", "all-time")
    assert {r.player: r.played for r in all_time.rows} == {"ann": 4, "ben": 1, "cat": 3}
    # The running season is the default; it has no match yet.
    with pytest.raises(NoMatches, match="season “Summer”"):
        await league.standings(GUILD, "klaberjass")
    assert (await league.current_season(GUILD)) == summer
    [ann] = await league.player_stats(GUILD, "ann", season="Spring 2025")
    assert ann.matches == 3 and ann.season is not None and ann.season.name == "Spring 2025"


async def test_an_unknown_season_names_the_known_ones(league: League) -> None:
    with pytest.raises(UnknownSeason, match="No season has been started"):
        await league.standings(GUILD, "schieber", "Winter")
    await league.start_season(GUILD, "Autumn", "admin")
    with pytest.raises(UnknownSeason, match="Seasons: Autumn"):
        await league.standings(GUILD, "schieber", "Winter")
    with pytest.raises(UnknownSeason):
        await league.player_stats(GUILD, "ann", season="Winter")


# --- recent matches -----------------------------------------------------------------------


async def test_recent_matches_newest_first_with_their_sheets(
    league: League, club: list[Seeded]
) -> None:
    recent = await league.recent(GUILD, limit=5)
    assert [m.table_id for m in recent] == [s.table_id for s in reversed(club[-5:])]
    newest, seeded = recent[0], club[-1]
    assert newest.sheet == tuple(tuple(h) for h in seeded.match.sheet)
    assert newest.scores == tuple(seeded.match.scores) and newest.winner == seeded.winner
    assert [s.player for s in newest.seats] == seeded.players()
    schieber = await league.recent(GUILD, "schieber", limit=3)
    assert all(m.game == "schieber" and len(m.side(0)) == 2 for m in schieber)
    theirs = await league.recent(GUILD, user="m03", limit=100)
    assert theirs and all("m03" in [s.player for s in m.seats] for m in theirs)
    assert len(theirs) == sum(1 for s in club if "m03" in s.players())
    one = await league.match(GUILD, club[0].table_id)
    assert one.preset == "pagat-3000" and one.rated
    with pytest.raises(UnknownMatch):
        await league.match("elsewhere", club[0].table_id)
