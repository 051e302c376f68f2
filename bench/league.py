"""League speed against a real SQLite file: ``python bench/league.py [--quick]``.

One server with 10,000 counted matches (3 in 4 Schieber) among 500 players, a season
running for the second half; then prints one ``name value`` line per figure:

- ``standings_ms_p99`` (and ``_p50``): one page of the league table, a random page of
  either game, this season or all-time;
- ``record_match_ms_p99`` (and ``_p50``): counting one more finished match as the live
  league does (figures collected from the events it saw), ratings and standings included;
- ``catch_up_match_ms_p99``: counting a match found at start-up, which replays its log;
- ``player_stats_ms_p99``, ``recent_ms_p99``: a player's stats, the ten latest matches.

Targets: standings and record under 50 ms at p99.  ``--quick`` seeds 2,000 matches.
Seeded matches carry made-up score sheets and figures (no action log): the league reads
neither when it is handed the figures, as it is when it follows a match live.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.actions import Deal
from tables import games
from tables.clock import ManualClock
from tables.league import League, MatchFacts
from tables.model import SEATS, Seat, TableOptions
from tables.store import MatchResult, Store, Write

GUILD = "bench"


def made_up(game: str, rng: random.Random) -> tuple[MatchResult, MatchFacts, list[str]]:
    """A plausible finished match: a score sheet, a winner and per-seat figures."""
    hands = rng.randrange(8, 16) if game == "schieber" else rng.randrange(4, 9)
    sheet = []
    for _ in range(hands):
        a = rng.randrange(0, 258)
        sheet.append([a, 257 - a] if game == "schieber" else [a % 182, 182 - a % 182])
    scores = [sum(h[0] for h in sheet), sum(h[1] for h in sheet)]
    winner = int(scores[1] > scores[0])
    facts = MatchFacts.new(game)
    for seat in range(SEATS[game]):
        facts.weis[seat] = rng.randrange(3)
        facts.stoeck[seat] = rng.randrange(2)
        if game == "klaberjass":
            facts.made[seat] = rng.randrange(hands // 2 + 1)
            facts.made_failed[seat] = rng.randrange(facts.made[seat] + 1)
    sides = [n % 2 for n in range(SEATS[game])]
    return MatchResult(sheet, scores, winner, sides, 0.0), facts, []


def played(game: str, rng: random.Random) -> tuple[MatchResult, None, list[str]]:
    """A real match of random legal moves, with its log: for the catch-up figure."""
    match, rows = games.new_match(game, {}), []
    while match.winner is None:
        action = Deal(rng.randrange(1 << 62)) if match.to_move is None else rng.choice(
            match.legal_actions()
        )  # fmt: skip
        rows.append(games.action_to_json(action))
        match, _ = match.apply(action)
    result = MatchResult(
        [list(h) for h in match.sheet], list(match.scores), match.winner,
        [match.side_of(n) for n in range(SEATS[game])], 0.0,
    )  # fmt: skip
    return result, None, rows


async def finish(
    store: Store, clock: ManualClock, players: list[str], rng: random.Random, real: bool = False
) -> tuple[int, MatchFacts | None]:
    """Commit one finished match as the table service would; returns its id and figures."""
    game = "schieber" if rng.random() < 0.75 else "klaberjass"
    people = rng.sample(players, SEATS[game])
    seats = tuple(Seat(n, user=p) for n, p in enumerate(people))
    result, facts, rows = played(game, rng) if real else made_up(game, rng)
    clock.advance(30)
    now = clock.now()
    result.finished_at = now
    options = TableOptions().to_json()
    table_id = await store.create_table(game, GUILD, "chan", people[0], options, seats, now)
    actions = [(i, row, None) for i, row in enumerate(rows)]
    await store.commit(
        Write(table_id, "finished", None, now, actions, seats=seats, started_at=now, result=result)
    )
    return table_id, facts


def p(samples: list[float], q: float) -> float:
    return (
        statistics.quantiles(samples, n=100, method="inclusive")[q - 1]
        if len(samples) > 1
        else samples[0]
    )


async def timed(call: Callable[[], Awaitable[Any]]) -> float:
    start = time.perf_counter()
    await call()
    return (time.perf_counter() - start) * 1000


async def run(matches: int, players: int, samples: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    names = [str(10**17 + n) for n in range(players)]  # Discord-like user ids
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        clock = ManualClock()
        league = League(store, clock)
        seed_start = time.perf_counter()
        for n in range(matches):
            if n == matches // 2:
                await league.start_season(GUILD, "Second half", "admin")
            table_id, facts = await finish(store, clock, names, rng)
            await league.record(table_id, facts)
        seeding_s = time.perf_counter() - seed_start

        record = []
        for _ in range(samples):
            table_id, facts = await finish(store, clock, names, rng)
            record.append(await timed(lambda t=table_id, f=facts: league.record(t, f)))

        catch_up = []
        for _ in range(max(samples // 10, 10)):
            table_id, _ = await finish(store, clock, names, rng, real=True)
            catch_up.append(await timed(lambda t=table_id: league.record(t)))

        standings = []
        for _ in range(samples):
            game = "schieber" if rng.random() < 0.5 else "klaberjass"
            season = rng.choice([None, "all-time"])
            page = rng.randrange(1, players // 10 + 1)
            call = lambda g=game, s=season, pg=page: league.standings(GUILD, g, s, pg)  # noqa: E731
            standings.append(await timed(call))

        stats = []
        for _ in range(samples):
            user = rng.choice(names)
            stats.append(await timed(lambda u=user: league.player_stats(GUILD, u)))
        recent = [await timed(lambda: league.recent(GUILD)) for _ in range(samples)]
        await store.close()
    return {
        "matches": matches,
        "players": players,
        "seeding_s": round(seeding_s, 1),
        "standings_ms_p50": p(standings, 50),
        "standings_ms_p99": p(standings, 99),
        "record_match_ms_p50": p(record, 50),
        "record_match_ms_p99": p(record, 99),
        "catch_up_match_ms_p99": p(catch_up, 99),
        "player_stats_ms_p99": p(stats, 99),
        "recent_ms_p99": p(recent, 99),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2,000 matches, fewer samples")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    matches, samples = (2_000, 100) if args.quick else (10_000, 500)
    figures = asyncio.run(run(matches, 500, samples, args.seed))
    for name, value in figures.items():
        print(f"{name} {value:.2f}" if isinstance(value, float) else f"{name} {value}")


if __name__ == "__main__":
    main()
