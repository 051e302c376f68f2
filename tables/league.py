"""The league: every finished match counted once, openskill ratings, seasons, tables, stats.

Public API (guild ids and user ids are opaque strings, as in the table service; every
method raises a :class:`LeagueError`, a :class:`tables.errors.TableError` whose message a
player can read)::

    league = await League.attach(service)        # subscribe to the service, catch up
    await league.drain()                          # wait for the counts of matches announced
    await league.record(table_id) -> bool         # count a finished match; False if counted
    await league.catch_up() -> int                # count every finished match not yet counted

    await league.start_season(guild, name, by) -> Season
    await league.end_season(guild, by) -> Season
    await league.seasons(guild) -> list[Season]
    await league.set_rate_bots(guild, on) ; await league.rate_bots(guild) -> bool

    await league.standings(guild, game=None, season=None, page=1) -> StandingsPage
    await league.player_stats(guild, user, game=None, season=None) -> list[PlayerStats]
    await league.recent(guild, game=None, user=None, limit=10) -> list[MatchSummary]
    await league.match(guild, table_id) -> MatchSummary
    await hand_records(service, summary) -> str   # the match's hands as JSON lines

``season`` is a season's name, ``"all-time"``, or None: the season running now, else
all-time.  Ratings are openskill's Plackett-Luce, per server, game and season (all-time
is season 0): Schieber partners are one team and share the result, Klaberjass is one
against one.  A match with a bot at the table is counted but not rated unless the server
says so (:meth:`League.set_rate_bots`); then each bot level is rated like a player.
"""

from __future__ import annotations

import json
from typing import Any

from tables.league_count import LeagueCounting
from tables.league_facts import MatchFacts, facts_from_log, preset_label
from tables.league_model import (
    ALL_TIME,
    ALL_TIME_NAMES,
    PER_PAGE,
    LeagueError,
    MatchSeat,
    MatchSummary,
    NoMatches,
    Partner,
    PlayerStats,
    Rating,
    Season,
    SeasonError,
    Standing,
    StandingsPage,
    UnknownMatch,
    UnknownSeason,
    best_partner,
    is_bot,
    player_of,
    summary_of,
)
from tables.league_store import SeasonConflict
from tables.model import GAMES

__all__ = [
    "ALL_TIME",
    "League",
    "LeagueError",
    "MatchFacts",
    "MatchSeat",
    "MatchSummary",
    "NoMatches",
    "Partner",
    "PlayerStats",
    "Rating",
    "Season",
    "SeasonError",
    "Standing",
    "StandingsPage",
    "UnknownMatch",
    "UnknownSeason",
    "facts_from_log",
    "hand_records",
    "is_bot",
    "player_of",
    "preset_label",
]


class League(LeagueCounting):
    # --- settings and seasons -----------------------------------------------------------

    async def rate_bots(self, guild_id: str) -> bool:
        return await self.db.rate_bots(guild_id)

    async def set_rate_bots(self, guild_id: str, on: bool) -> None:
        """From now on, rate (or not) matches with bots at the table; past ones stay."""
        await self.db.set_rate_bots(guild_id, on)

    async def seasons(self, guild_id: str) -> list[Season]:
        return [Season(*row) for row in await self.db.seasons(guild_id)]

    async def current_season(self, guild_id: str) -> Season | None:
        row = await self.db.open_season(guild_id)
        return None if row is None else Season(*row)

    async def start_season(self, guild_id: str, name: str, by: str) -> Season:
        name = " ".join(name.split())
        if not name or len(name) > 50:
            raise SeasonError("A season needs a name of 1 to 50 characters.")
        if name.lower() in ALL_TIME_NAMES:
            raise SeasonError(f"“{name}” is kept for the all-time table; choose another name.")
        running = await self.current_season(guild_id)
        if running is not None:
            raise SeasonError(f"Season “{running.name}” is still running; end it first.")
        if await self.db.season_named(guild_id, name) is not None:
            raise SeasonError(f"There was a season called “{name}” already; choose another name.")
        try:
            await self.db.start_season(guild_id, name, by, self.clock.now())
        except SeasonConflict:
            raise SeasonError("Another season was started just now; look at the list.") from None
        season = await self.current_season(guild_id)
        assert season is not None
        return season

    async def end_season(self, guild_id: str, by: str) -> Season:
        running = await self.current_season(guild_id)
        if running is None:
            raise SeasonError("No season is running; start one with a name first.")
        await self.db.end_season(guild_id, by, self.clock.now())
        return next(s for s in await self.seasons(guild_id) if s.id == running.id)

    async def season(self, guild_id: str, name: str | int | None) -> Season | None:
        """A season by name or id; None for all-time (its id is 0); the running season (or
        all-time) if no name is given."""
        if name is None:
            return await self.current_season(guild_id)
        if isinstance(name, int):
            if name == ALL_TIME:
                return None
            found = [s for s in await self.seasons(guild_id) if s.id == name]
            if not found:
                raise UnknownSeason("That season is not one of this server's.")
            return found[0]
        if name.strip().lower() in ALL_TIME_NAMES:
            return None
        row = await self.db.season_named(guild_id, " ".join(name.split()))
        if row is None:
            known = [s.name for s in await self.seasons(guild_id)]
            hint = f" Seasons: {', '.join(known)}." if known else " No season has been started."
            raise UnknownSeason(f"There is no season called “{name.strip()}”.{hint}")
        return Season(*row)

    # --- reading ------------------------------------------------------------------------

    async def _game(self, guild_id: str, game: str | None) -> str:
        if game is not None:
            if game not in GAMES:
                raise LeagueError(f"There is no game {game!r}; choose {' or '.join(GAMES)}.")
            return game
        counted = await self.db.games_counted(guild_id)
        return max(GAMES, key=lambda g: (counted.get(g, 0), g == GAMES[0]))

    async def standings(
        self,
        guild_id: str,
        game: str | None = None,
        season: str | int | None = None,
        page: int = 1,
        per_page: int = PER_PAGE,
    ) -> StandingsPage:
        """One page of the table: rated players by mu - 3 sigma, then the not yet rated."""
        game = await self._game(guild_id, game)
        found = await self.season(guild_id, season)
        scope = ALL_TIME if found is None else found.id
        total, _ = await self.db.standings(guild_id, game, scope, 0, 0)
        if total == 0:
            where = "in this server" if found is None else f"in season “{found.name}”"
            raise NoMatches(f"No {game.title()} match has been finished {where} yet.")
        pages = -(-total // per_page)
        page = min(max(page, 1), pages)
        _, rows = await self.db.standings(guild_id, game, scope, per_page, (page - 1) * per_page)
        standings = tuple(
            Standing(rank, r[0], r[1], r[2], r[3], r[4], r[5], Rating(r[6], r[7]))
            for rank, r in enumerate(rows, (page - 1) * per_page + 1)
        )
        rate_bots = await self.rate_bots(guild_id)
        return StandingsPage(game, found, page, pages, total, standings, rate_bots)

    async def player_stats(
        self, guild_id: str, user: str, game: str | None = None, season: str | None = None
    ) -> list[PlayerStats]:
        """A player's record per game (only games they played); all-time unless a season
        is named.  NoMatches if they have none."""
        found = await self.season(guild_id, season) if season is not None else None
        scope = ALL_TIME if found is None else found.id
        out = []
        for g in [game] if game else GAMES:
            if g not in GAMES:
                raise LeagueError(f"There is no game {g!r}; choose {' or '.join(GAMES)}.")
            totals = await self.db.player_totals(guild_id, user, g, found and found.id)
            if not totals[0]:
                continue
            n, won, rated, points, hands, weis, stoeck, match_hands, made, failed = (
                int(x) for x in totals
            )
            standing = await self.db.standing_of(guild_id, g, scope, user)
            rating = rank = None
            ranked = 0
            if standing is not None:
                rank, ranked, row = standing
                rating = Rating(row[5], row[6]) if row[2] else None
            partners = await self.db.partners(guild_id, user, g, found and found.id)
            out.append(PlayerStats(
                user, g, found, n, won, rated, points, hands, weis, stoeck, match_hands,
                made, failed, rating, rank, ranked, best_partner(partners),
            ))  # fmt: skip
        if not out:
            where = "" if found is None else f" in season “{found.name}”"
            what = f"{game.title()} match" if game else "match"
            raise NoMatches(f"That player has not finished a league {what}{where} yet.", user)
        return out

    async def recent(
        self,
        guild_id: str,
        game: str | None = None,
        user: str | None = None,
        limit: int = 10,
    ) -> list[MatchSummary]:
        if game is not None:
            game = await self._game(guild_id, game)
        rows = await self.db.recent(guild_id, game, user, limit)
        if not rows:
            if user is not None:
                raise NoMatches("That player has not finished a league match yet.", user)
            what = f"{game.title()} match" if game else "match"
            raise NoMatches(f"No {what} has been finished in this server yet.")
        return [summary_of(r) for r in rows]

    async def match(self, guild_id: str, table_id: int) -> MatchSummary:
        row = await self.db.match(guild_id, table_id)
        if row is None:
            raise UnknownMatch(f"Match #{table_id} is not one of this server's finished matches.")
        return summary_of(row)


async def hand_records(service: Any, summary: MatchSummary) -> str:
    """Every hand of a finished match as hand records, one JSON object a line (JSONL), as
    ``python -m engine.replay`` reads them.  Uses the service's ``hand_record``."""
    lines = []
    for number in range(1, len(summary.sheet) + 1):
        record = await service.hand_record(summary.table_id, number)
        lines.append(json.dumps(record, separators=(",", ":")))
    return "\n".join(lines) + "\n"
