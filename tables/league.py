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

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from engine.events import (
    DeclarationsScored,
    HandAnnulled,
    HandDealt,
    HandScored,
    StoeckDeclared,
    TrumpFixed,
)
from tables import games
from tables.clock import Clock, SystemClock
from tables.errors import StoreUnavailable, TableError
from tables.events import GameEvent, TableCancelled, TableDamaged, TableFinished, TableStarted
from tables.league_store import LeagueStore, MatchRow, Recording, SeasonConflict
from tables.model import GAMES, SEATS, TableOptions
from tables.store import Store

log = logging.getLogger(__name__)
ALL_TIME = 0  # the season id of all-time standings
ALL_TIME_NAMES = ("all-time", "all time", "alltime", "all")
PER_PAGE = 10
RETRIES = 3
RETRY_S = 1.0


class LeagueError(TableError):
    """Something asked of the league that it cannot answer or do."""


class UnknownSeason(LeagueError):
    pass


class SeasonError(LeagueError):
    """Starting a season while one runs, ending none, a name taken or unusable."""


class NoMatches(LeagueError):
    """No counted match fits: an empty league, season or player record."""

    def __init__(self, message: str, player: str | None = None) -> None:
        super().__init__(message)
        self.player = player


class UnknownMatch(LeagueError):
    pass


# --- values -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rating:
    """An openskill rating: ``mu`` the estimate, ``sigma`` its uncertainty.

    >>> r = Rating(27.5, 2.0)
    >>> str(r), r.ordinal
    ('27.5 ± 2.0', 21.5)
    """

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: the rating the player is very likely above; tables rank by it."""
        return self.mu - 3 * self.sigma

    def __str__(self) -> str:
        return f"{self.mu:.1f} ± {self.sigma:.1f}"


@dataclass(frozen=True, slots=True)
class Season:
    id: int
    name: str
    started_at: float
    ended_at: float | None = None
    matches: int = 0

    @property
    def is_open(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: str  # a user id, or "bot:<level>"
    played: int
    won: int
    rated: int  # rated matches; 0: the rating is the starting one
    points: int
    hands: int
    rating: Rating

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0


@dataclass(frozen=True, slots=True)
class StandingsPage:
    game: str
    season: Season | None  # None: all-time
    page: int
    pages: int
    total: int  # players in the table
    rows: tuple[Standing, ...]

    @property
    def season_name(self) -> str:
        return "all-time" if self.season is None else self.season.name


@dataclass(frozen=True, slots=True)
class Partner:
    player: str
    matches: int
    wins: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: str
    game: str
    season: Season | None
    matches: int
    wins: int
    rated: int
    points: int
    hands: int
    weis: int  # Klaberjass: sequences
    stoeck: int  # Klaberjass: Bela
    match_hands: int  # Schieber: hands where the player's team took all nine tricks
    made: int  # Klaberjass: hands as the maker
    made_failed: int
    rating: Rating | None
    rank: int | None
    ranked: int  # players in the table the rank is out of
    best_partner: Partner | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def maker_rate(self) -> float | None:
        """Klaberjass: the share of hands as maker that the maker won; None if never maker."""
        return (self.made - self.made_failed) / self.made if self.made else None


@dataclass(frozen=True, slots=True)
class MatchSeat:
    seat: int
    side: int
    player: str | None  # as the league counts it: user, the person who left, or "bot:<level>"
    bot: str | None
    left: str | None  # the person who handed this seat to a bot
    rating: Rating | None  # all-time rating after the match, if it was rated for this seat


@dataclass(frozen=True, slots=True)
class MatchSummary:
    table_id: int
    game: str
    preset: str
    season_id: int | None
    rated: bool
    hands: int
    finished_at: float
    sheet: tuple[tuple[int, ...], ...]  # per hand, per side
    scores: tuple[int, ...]
    winner: int
    started_at: float | None
    seats: tuple[MatchSeat, ...]

    def side(self, side: int) -> tuple[MatchSeat, ...]:
        return tuple(s for s in self.seats if s.side == side)


# --- what each seat did, from the engine's events -----------------------------------


@dataclass(slots=True)
class MatchFacts:
    """Per-seat counts folded from a match's engine events, live or by replaying the log.

    >>> from engine.events import HandScored
    >>> f = MatchFacts.new("schieber")
    >>> f.fold(HandScored(1, (157, 0), (257, 0), (257, 0), match_by=0))
    >>> f.match_hands
    [1, 0]
    """

    weis: list[int]
    stoeck: list[int]
    made: list[int]
    made_failed: list[int]
    match_hands: list[int]  # per side
    annulled: int = 0
    maker: int | None = field(default=None, repr=False)

    @classmethod
    def new(cls, game: str) -> MatchFacts:
        n = SEATS[game]
        return cls([0] * n, [0] * n, [0] * n, [0] * n, [0] * (2 if n == 4 else n))

    def fold(self, event: Any) -> None:
        if isinstance(event, DeclarationsScored):
            for d in event.scored:
                self.weis[d.seat] += 1
        elif isinstance(event, StoeckDeclared):
            self.stoeck[event.declaration.seat] += 1
        elif isinstance(event, TrumpFixed):
            self.maker = event.maker
        elif isinstance(event, HandScored):
            if event.match_by is not None:
                self.match_hands[event.match_by] += 1
            if self.maker is not None:
                self.made[self.maker] += 1
                self.made_failed[self.maker] += int(event.maker_failed)
            self.maker = None
        elif isinstance(event, HandAnnulled):
            self.annulled += 1
            self.maker = None
        elif isinstance(event, HandDealt):
            self.maker = None


def facts_from_log(game: str, rules: dict[str, Any], rows: list[str]) -> MatchFacts:
    """Replay a table's logged actions and fold their events; ValueError if it fails."""
    facts = MatchFacts.new(game)
    match = games.new_match(game, rules)
    for text in rows:
        match, events = match.apply(games.action_from_json(text))
        for event in events:
            facts.fold(event)
    if match.winner is None:
        raise ValueError("the log does not reach the end of the match")
    return facts


def preset_label(game: str, rules: dict[str, Any]) -> str:
    """The rules of a match in a few words.

    >>> preset_label("schieber", {"preset": "swisslos-2500"})
    'swisslos-2500'
    >>> preset_label("schieber", {"target": 2000})
    'pagat-3000, target 2000'
    >>> preset_label("klaberjass", {})
    'to 501'
    """
    try:
        options = games.new_match(game, rules).rules.to_options()
    except (ValueError, TypeError):
        return "custom"
    if game == "klaberjass":
        return f"to {options['target']}"
    preset = options.pop("preset")
    extras = [f"{k.replace('_', ' ')} {v}" for k, v in sorted(options.items())]
    return ", ".join([preset, *extras])


def player_of(user: str | None, bot: str | None, left: str | None) -> str:
    """Who a seat counts for: its person, the person who left it to a bot, or the bot."""
    return user or left or f"bot:{bot}"


def is_bot(player: str) -> bool:
    return player.startswith("bot:")


# --- the league ---------------------------------------------------------------------


class League:
    def __init__(
        self, store: Store, clock: Clock | None = None, model: PlackettLuce | None = None
    ) -> None:
        self.store = store
        self.db = LeagueStore(store)
        self.clock: Clock = clock or SystemClock()
        self.model = model or PlackettLuce()
        self._lock = asyncio.Lock()  # matches are counted one at a time, in order
        self._live: dict[int, MatchFacts] = {}  # tables followed since their start
        self._behind = False  # a live count failed: catch up before the next one
        self._counting: set[asyncio.Task[None]] = set()
        self.unsubscribe: Callable[[], None] | None = None

    @classmethod
    async def attach(
        cls, service: Any, model: PlackettLuce | None = None, background: bool = False
    ) -> League:
        """Follow the service's matches, and count those that finished unseen (a restart).

        ``background``: catch up in a task (``drain`` waits for it), so a long backlog
        (a first start on an old database) does not hold up the bot's start."""
        league = cls(service.store, service.clock, model)
        league.unsubscribe = service.subscribe(league.on_event)
        if background:
            league._track(asyncio.create_task(league._catch_up_logged()))
        else:
            await league.catch_up()
        return league

    async def _catch_up_logged(self) -> None:
        try:
            await self.catch_up()
        except StoreUnavailable as e:
            self._behind = True
            log.error("league: catching up failed (%s); trying again with the next match", e)

    def _track(self, task: asyncio.Task[None]) -> None:
        self._counting.add(task)
        task.add_done_callback(self._counting.discard)

    # --- counting -----------------------------------------------------------------------

    def on_event(self, event: Any) -> None:
        """A service subscriber: folds game events as they come, counts finished matches.

        A plain function, so it sees events in order at once; a finished match is
        counted by a task of its own (the service's bus would otherwise keep a task
        waiting for events forever), one after another under the league's lock."""
        if isinstance(event, GameEvent):
            facts = self._live.get(event.table_id)
            if facts is not None:
                facts.fold(event.event)
        elif isinstance(event, TableStarted):
            self._live[event.table_id] = MatchFacts.new(event.table.game)
        elif isinstance(event, TableFinished):
            facts = self._live.pop(event.table_id, None)
            self._track(asyncio.create_task(self._count_live(event.table_id, facts)))
        elif isinstance(event, TableCancelled | TableDamaged):
            self._live.pop(event.table_id, None)

    async def drain(self) -> None:
        """Wait until every finished match announced so far has been counted (or given
        up on), and a catch-up in the background is done."""
        while self._counting:
            await asyncio.gather(*self._counting, return_exceptions=True)

    async def _count_live(self, table_id: int, facts: MatchFacts | None) -> None:
        for attempt in range(RETRIES):
            try:
                if self._behind:
                    await self.catch_up()
                await self.record(table_id, facts)
                return
            except StoreUnavailable as e:
                self._behind = True
                log.warning("league: match %s not counted yet (%s)", table_id, e.detail)
                if attempt + 1 < RETRIES:
                    await asyncio.sleep(RETRY_S)
            except Exception:
                log.exception("league: match %s cannot be counted", table_id)
                return
        log.error("league: match %s will be counted at the next catch-up", table_id)

    async def catch_up(self) -> int:
        """Count every finished match the league has not counted, in the order they
        finished (live counts wait meanwhile); returns how many."""
        counted = 0
        async with self._lock:
            for table_id in await self.db.uncounted():
                try:
                    counted += await self._record(table_id, None)
                except StoreUnavailable:
                    raise
                except Exception:  # one damaged match must not keep the others out
                    log.exception("league: match %s cannot be counted; skipped", table_id)
        self._behind = False
        if counted:
            log.info("league: counted %d finished matches on catching up", counted)
        return counted

    async def record(self, table_id: int, facts: MatchFacts | None = None) -> bool:
        """Count a finished match: once, however often it is offered.  ``facts`` come from
        following the match live; without them the table's log is replayed."""
        async with self._lock:
            return await self._record(table_id, facts)

    async def _record(self, table_id: int, facts: MatchFacts | None) -> bool:
        if facts is None:
            facts = await self._replayed_facts(table_id)
        async with self.db.recording(table_id) as recording:
            if recording.match is None:
                if not recording.counted:
                    log.warning("league: no finished match %s to count", table_id)
                return False
            await self._count(recording, recording.match, facts)
            return True

    async def _replayed_facts(self, table_id: int) -> MatchFacts | None:
        row = await self.db.match_to_count(table_id)
        if row is None:
            return None  # unknown or counted: the transaction will say which
        game, options = row
        try:
            rules = TableOptions.from_json(options).rules
            rows = [text for _, text in await self.store.load_actions(table_id)]
            return facts_from_log(game, rules, rows)
        except StoreUnavailable:
            raise
        except Exception as e:  # a damaged log can fail in any way; the result still counts
            log.warning("league: match %s counted without Weis and maker figures: %s", table_id, e)
            return None

    async def _count(self, rec: Recording, m: MatchRow, facts: MatchFacts | None) -> None:
        facts = facts or MatchFacts.new(m.game)
        rate_bots, season = await rec.guild_options(m.guild_id, m.finished_at)
        seats = [(s, side, player_of(u, b, left)) for s, side, u, b, left in m.players]
        players = list(dict.fromkeys(p for _, _, p in seats))
        people = [p for p in players if not is_bot(p)]
        rated = bool(people) and (rate_bots or len(people) == len(seats))
        if not rated:  # a bot has a place in the league only through rated matches
            seats = [x for x in seats if not is_bot(x[2])]
            players = people
        scopes = [ALL_TIME] + ([season] if season is not None else [])
        hands = len(m.sheet) - facts.annulled
        after: dict[tuple[int, str], tuple[float, float]] = {}
        if players:
            before = await rec.ratings(m.guild_id, m.game, scopes, players)
            for scope in scopes:
                for player, rating in self._rate(m, seats, before, scope, rated).items():
                    after[scope, player] = rating
        entries, standings = [], []
        sides = {side: [p for _, sd, p in seats if sd == side] for _, side, _ in seats}
        for seat, side, player in seats:
            partner = next((p for s, sd, p in seats if sd == side and s != seat), None)
            mu, sigma = after[ALL_TIME, player] if rated else (None, None)
            entries.append((
                m.table_id, seat, m.guild_id, m.game, season, player, side,
                partner if partner and not is_bot(partner) else None,
                int(side == m.winner), int(rated), sum(h[side] for h in m.sheet), hands,
                facts.weis[seat], facts.stoeck[seat], facts.match_hands[side],
                facts.made[seat], facts.made_failed[seat], mu, sigma,
            ))  # fmt: skip
        for player in players:
            mine = [side for side, ps in sides.items() if player in ps]
            won = int(m.winner in mine)
            points = sum(h[mine[0]] for h in m.sheet)
            for scope in scopes:
                mu, sigma = after[scope, player]
                ordinal = self.model.rating(mu, sigma).ordinal()
                standings.append((
                    m.guild_id, m.game, scope, player, 1, won, int(rated), points, hands,
                    mu, sigma, ordinal,
                ))  # fmt: skip
        now = self.clock.now()
        preset = preset_label(m.game, m.options.get("rules", {}))
        match = (m.table_id, m.guild_id, m.game, preset, season, int(rated), hands,
                 m.finished_at, now)  # fmt: skip
        await rec.write(match, entries, standings)

    def _rate(
        self,
        m: MatchRow,
        seats: list[tuple[int, int, str]],
        before: dict[tuple[int, str], tuple[float, float]],
        scope: int,
        rated: bool,
    ) -> dict[str, tuple[float, float]]:
        """Each player's rating in ``scope`` after the match (unchanged if unrated)."""
        start = (self.model.mu, self.model.sigma)
        current = {p: before.get((scope, p), start) for _, _, p in seats}
        if not rated:
            return current
        sides = sorted({side for _, side, _ in seats})
        teams = [
            [self.model.rating(*current[p]) for _, sd, p in seats if sd == side] for side in sides
        ]
        ranks = [1 if side == m.winner else 2 for side in sides]
        new = self.model.rate(teams, ranks=ranks)
        updates: dict[str, list[tuple[int, tuple[float, float]]]] = {}
        for side, team in zip(sides, new, strict=True):
            team_seats = [p for _, sd, p in seats if sd == side]
            for player, rating in zip(team_seats, team, strict=True):
                updates.setdefault(player, []).append((side, (rating.mu, rating.sigma)))
        out = dict(current)
        for player, moves in updates.items():
            # A bot level seated on both sides played itself: that says nothing about it.
            if len({side for side, _ in moves}) == 1:
                out[player] = moves[0][1]
        return out

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
        return StandingsPage(game, found, page, pages, total, standings)

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
                made, failed, rating, rank, ranked, _best_partner(partners),
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
        return [_summary(r) for r in rows]

    async def match(self, guild_id: str, table_id: int) -> MatchSummary:
        row = await self.db.match(guild_id, table_id)
        if row is None:
            raise UnknownMatch(f"Match #{table_id} is not one of this server's finished matches.")
        return _summary(row)


def _best_partner(partners: list[tuple[str, int, int]]) -> Partner | None:
    """The partner with the best win rate over at least three matches together; with
    fewer matches behind any pairing, the one with the most wins together."""
    if not partners:
        return None
    steady = [p for p in partners if p[1] >= 3]
    if steady:
        best = max(steady, key=lambda p: (p[2] / p[1], p[1]))
    else:
        best = max(partners, key=lambda p: (p[2], -p[1]))
    return Partner(best[0], best[1], int(best[2]))


def _summary(r: tuple[Any, ...]) -> MatchSummary:
    table_id, game, preset, season_id, rated, hands, finished_at = r[:7]
    sheet, scores, winner, started_at, seats = r[7:]
    return MatchSummary(
        table_id, game, preset, season_id, bool(rated), hands, finished_at,
        tuple(tuple(h) for h in sheet), tuple(scores), winner, started_at,
        tuple(
            MatchSeat(s[0], s[1], s[5] or player_of(s[2], s[3], s[4]), s[3], s[4],
                      Rating(s[6], s[7]) if s[6] is not None else None)
            for s in seats
        ),
    )  # fmt: skip


async def hand_records(service: Any, summary: MatchSummary) -> str:
    """Every hand of a finished match as hand records, one JSON object a line (JSONL), as
    ``python -m engine.replay`` reads them.  Uses the service's ``hand_record``."""
    lines = []
    for number in range(1, len(summary.sheet) + 1):
        record = await service.hand_record(summary.table_id, number)
        lines.append(json.dumps(record, separators=(",", ":")))
    return "\n".join(lines) + "\n"
