"""Seeding a store with finished matches for the league tests, and checking the seeds.

A seeded match is a real one: random legal actions played through the engine, its whole
log and its result committed through the tables' ``Store`` as the service would, so the
league can replay it.  The events seen while playing give the facts a live league would
have collected; the tests below check that replaying the log gives the same.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from engine.actions import Deal
from tables import games
from tables.backend import TableStore
from tables.clock import ManualClock
from tables.league import League, MatchFacts, facts_from_log
from tables.model import Seat, TableOptions
from tables.store import MatchResult, Write

GUILD = "guild"
QUICK_SCHIEBER = {"preset": "tournament-1000"}  # fewer hands: quick to seed


@dataclass(slots=True)
class Seeded:
    table_id: int
    game: str
    seats: tuple[Seat, ...]
    match: Any  # the engine's finished match
    facts: MatchFacts
    rows: list[str]
    finished_at: float

    def players(self) -> list[str]:
        """Who each seat counts for in the league."""
        return [s.user or s.left or f"bot:{s.bot}" for s in self.seats]

    @property
    def winner(self) -> int:
        return self.match.winner

    def side_of(self, seat: int) -> int:
        return self.match.side_of(seat)


def play_random(game: str, rules: dict[str, Any], rng: random.Random) -> tuple[Any, list[str], Any]:
    """A whole match of random legal actions: the finished match, its log and its facts."""
    match, rows, facts = games.new_match(game, rules), [], MatchFacts.new(game)
    while match.winner is None:
        if match.to_move is None:
            action = Deal(rng.randrange(1 << 62))
        else:
            action = rng.choice(match.legal_actions())
        rows.append(games.action_to_json(action))
        match, events = match.apply(action)
        for event in events:
            facts.fold(event)
    return match, rows, facts


@functools.cache
def _played(game: str, rules: str, seed: int) -> tuple[Any, list[str], Any]:
    """Seeds repeat across tests: play each match once per session."""
    return play_random(game, json.loads(rules), random.Random(seed))


def seats_for(people: Sequence[str | None], left: dict[int, str] | None = None) -> tuple[Seat, ...]:
    """None is a bot ("easy"); ``left`` maps a seat to the person who handed it to a bot."""
    left = left or {}
    return tuple(
        Seat(n, user=None if n in left else p, bot="easy" if p is None or n in left else None,
             left=left.get(n))
        for n, p in enumerate(people)
    )  # fmt: skip


async def seed_match(
    store: TableStore,
    clock: ManualClock,
    people: Sequence[str | None],
    rng: random.Random,
    game: str | None = None,
    rules: dict[str, Any] | None = None,
    guild: str = GUILD,
    left: dict[int, str] | None = None,
) -> Seeded:
    """Commit one finished match as the service would; the clock moves on a minute."""
    game = game or ("schieber" if len(people) == 4 else "klaberjass")
    rules = dict(QUICK_SCHIEBER if rules is None and game == "schieber" else rules or {})
    match, rows, facts = _played(game, json.dumps(rules, sort_keys=True), rng.randrange(1 << 62))
    seats = seats_for(people, left)
    clock.advance(60)
    now = clock.now()
    options = TableOptions(rules=rules).to_json()
    table_id = await store.create_table(game, guild, "chan", "host", options, seats, now - 30)
    result = MatchResult(
        [list(h) for h in match.sheet], list(match.scores), match.winner,
        [match.side_of(n) for n in range(len(seats))], now,
    )  # fmt: skip
    actions = [(i, row, None) for i, row in enumerate(rows)]
    write = Write(table_id, "finished", None, now, actions, seats=seats, started_at=now - 30,
                  result=result)  # fmt: skip
    await store.commit(write)
    return Seeded(table_id, game, seats, match, facts, rows, now)


@pytest.fixture
def league_clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def league(store: TableStore, league_clock: ManualClock) -> League:
    return League(store, league_clock)


# --- the seeds are what the league will read --------------------------------------------


@pytest.mark.parametrize("game", ["schieber", "klaberjass"])
async def test_replaying_a_seeded_log_gives_the_facts_seen_live(game: str) -> None:
    rng = random.Random(7)
    for _ in range(6):
        rules = {} if game == "schieber" else {"target": 301}
        match, rows, live = play_random(game, rules, rng)
        assert facts_from_log(game, rules, rows) == live
        assert sum(live.made) == (
            sum(1 for h in match.sheet if h != (0, 0)) if game == "klaberjass" else 0
        )


async def test_a_seeded_match_is_in_the_store_as_the_service_keeps_it(
    store: TableStore, league_clock: ManualClock
) -> None:
    seeded = await seed_match(store, league_clock, ["ann", "ben", None, "dan"], random.Random(1))
    [result] = await store.match_results()
    assert result["table_id"] == seeded.table_id and result["winner"] == seeded.winner
    assert [p["user"] for p in result["players"]] == ["ann", "ben", None, "dan"]
    assert result["sheet"] == [list(h) for h in seeded.match.sheet]
