"""Counting finished matches into the league: exactly once each, live or on catching up,
with openskill ratings (see :mod:`tables.league` for the whole API)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Self

from openskill.models import PlackettLuce

from tables.backend import Recording, TableStore
from tables.clock import Clock, SystemClock
from tables.errors import StoreUnavailable
from tables.events import GameEvent, TableCancelled, TableDamaged, TableFinished, TableStarted
from tables.league_facts import MatchFacts, facts_from_log, preset_label
from tables.league_model import ALL_TIME, is_bot, player_of
from tables.league_store import MatchRow
from tables.model import TableOptions

log = logging.getLogger(__name__)
RETRIES = 3
RETRY_S = 1.0


class LeagueCounting:
    """The counting half of :class:`tables.league.League`; the reading half is there."""

    def __init__(
        self, store: TableStore, clock: Clock | None = None, model: PlackettLuce | None = None
    ) -> None:
        self.store = store
        self.db = store.league()  # SQLite's or PostgreSQL's queries: the same answers
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
    ) -> Self:
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
