"""TableService: the one owner of table state, between the adapters and the engine.

Public API (``user`` ids, guild and channel ids are opaque strings; every method raises
a :class:`tables.errors.TableError` whose message a player can read)::

    service = await TableService.open(settings, subscribers=[handler])  # resumes tables
    unsubscribe = service.subscribe(handler)      # handler(event): plain or async function

    # lobby
    await service.create_table(game, guild_id, channel_id, host, options=None,
                               seat=None, team=None, sit=True) -> Table  # host sits if sit
    await service.join(table_id, user, seat=None, team=None) -> Table
    await service.move(table_id, user, seat) -> Table   # swap with a bot; the host swaps anyone
    await service.add_bot(table_id, user, level="medium", seat=None, team=None) -> Table
    await service.remove_bot(table_id, user, seat) -> Table
    await service.leave(table_id, user) -> Table        # in play: a bot takes the seat for good
    await service.start(table_id, user) -> Table        # host only, every seat filled
    await service.cancel(table_id, user, admin=False) -> Table  # host or a server admin

    # play
    await service.act(table_id, user, action, expected_seq) -> Table
    await service.reclaim(table_id, user) -> Table      # back from away without acting

    # a table without its channel
    await service.pause(table_id, reason) -> Table      # in play: stop clocks and bots
    await service.resume(table_id, user, guild_id, channel_id, admin=False) -> Table
                      # a paused table plays on in channel_id (a player, the host or an admin)
    await service.channel_deleted(channel_id, reason=CHANNEL_DELETED) -> list[Table]
    await service.set_thread(table_id, thread_id); await service.thread_of(table_id)
                      # pause its tables in play, cancel its lobbies

    # reading
    service.table(table_id) -> Table                    # open or lately closed
    await service.load(table_id) -> Table               # any table, read back if need be
    await service.latest_table(guild_id, channel_id, user) -> int | None
    service.tables(guild_id=None, channel_id=None, user=None) -> list[Table]
    service.observation(table_id, user)                 # the engine's view of the user's seat
    await service.hand_record(table_id, hand_number=None, guild_id=None) -> dict
    await service.match_results(guild_id=None) -> list[dict]
    await service.server_settings(guild_id) -> ServerSettings  # a server's table defaults

    # a server's defaults (/jass settings): None leaves a setting as it is
    await service.change_server_settings(guild_id, user, threads=None, clock_s=None,
                                         bot_level=None, preset=None) -> ServerSettings
    service.servers -> ServerBackend    # settings and private hand panels, in the store
    service.damaged -> dict[int, str]                   # tables set aside at start-up

    service.scheduler -> BotScheduler   # thinking bots of all tables, in turn (.slowed)
    service.pressed(table_id)     # a person pressed something: the idle while starts afresh
    service.open_tables_of(guild_id, user) -> list[Table]  # what the member limit counts
    service.fire_due()            # start due bot moves and clocks, each table on its own
    await service.run_pending()   # the same, waiting for them (tests, with a ManualClock)
    await service.idle()          # wait for the moves under way
    await service.drain()         # wait for async subscribers
    await service.close()

A paused table keeps its seats and log but runs no clock and no bot, also after a
restart, until ``resume``; every other call on it raises :class:`TablePaused`, which
says why and how to carry on.  ``cancel`` still closes it.

Thinking bots (``hard``) of every table wait in one queue (:mod:`tables.scheduler`): a
table where a person waits goes first, and under load they think less; BotsSlowed says
when a table's bots start or stop thinking less.  A table in play with a person at it
and no press for the server's idle minutes pauses (:mod:`tables.idle`); ``resume``
plays it on.  Given ``limits`` (:mod:`tables.limits`), ``create_table`` and ``join``
refuse with a LimitReached that lists the member's open tables.

``act`` takes an engine action (``Play(seat, card)``, ``Push``, ``Choose``, ``Bid``,
``Swap``) for the user's own seat, made against ``expected_seq`` = ``table.seq``; it is
committed before any event is announced.  Events: see :mod:`tables.events`.
Errors: see :mod:`tables.errors`.
"""

from __future__ import annotations

import asyncio
import functools
import math
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from engine.actions import Action, Deal
from tables import games, lobby, steps
from tables.backend import ServerBackend, open_store
from tables.bus import Handler
from tables.clock import Clock
from tables.core import TableCore
from tables.errors import (
    BadOptions,
    NotHost,
    NotPaused,
    NotSeated,
    NotStarted,
    NotYourTurn,
    StaleAction,
    TableClosed,
    TableError,
    TableNotFull,
    UnknownTable,
)
from tables.events import SeatChanged, SeatReclaimed, SeatTakenByBot, TableCancelled, TableCreated
from tables.limits import QuickCooldown, ServerFull, TooManyOfYours
from tables.model import Table, TableOptions, TableStatus
from tables.recovery import DamagedTable, rebuild
from tables.server_settings import ServerSettings
from tables.settings import Settings

CHANNEL_DELETED = "its channel was deleted"  # the reason a table is paused for
THREAD_GONE = "its thread was deleted or archived"


class TableService(TableCore):
    @classmethod
    async def open(
        cls,
        settings: Settings,
        clock: Clock | None = None,
        autorun: bool = True,
        subscribers: Iterable[Handler] = (),
        **kwargs: Any,
    ) -> TableService:
        """Open the store, resume every open table, and (``autorun``) run bots and clocks.

        ``subscribers`` are subscribed before the tables resume, so they see every
        TableResumed and TableDamaged.  ``kwargs`` go to the constructor: ``seeds``
        (deal seeds), ``bots`` ((level, seed) -> bot).
        """
        store = await open_store(settings)  # SQLite, or PostgreSQL with a database URL
        service = cls(store, settings, clock, **kwargs)
        for handler in subscribers:
            service.subscribe(handler)
        try:
            await service.resume_all()
        except BaseException:
            await store.close()
            raise
        if autorun:
            service.run_in_background()
        return service

    # --- reading ------------------------------------------------------------------------

    def table(self, table_id: int) -> Table:
        """An open table, or one closed lately (finished or cancelled) as it ended."""
        table = self._tables.get(table_id) or self._closed.get(table_id)
        if table is None:
            raise UnknownTable(table_id)
        return table

    async def load(self, table_id: int) -> Table:
        """Like :meth:`table`, but a closed table no longer in memory (one that ended long
        ago, or before a restart) is read back from the store."""
        if table_id in self._tables or table_id in self._closed:
            return self.table(table_id)
        row = await self.store.load_table(table_id)
        if row is None:
            raise UnknownTable(table_id)
        try:
            return await rebuild(row, self.store.load_actions)
        except DamagedTable as e:
            raise TableClosed(table_id, TableStatus.DAMAGED.value) from e

    async def latest_table(self, guild_id: str, channel_id: str, user: str) -> int | None:
        """The newest table in the channel that the user sat at (or left to a bot)."""
        return await self.store.latest_table_of(guild_id, channel_id, user)

    def tables(
        self, guild_id: str | None = None, channel_id: str | None = None, user: str | None = None
    ) -> list[Table]:
        return [
            t
            for t in self._tables.values()
            if (guild_id is None or t.guild_id == guild_id)
            and (channel_id is None or t.channel_id == channel_id)
            and (user is None or t.seat_of(user) is not None)
        ]

    def observation(self, table_id: int, user: str) -> Any:
        table = self.table(table_id)
        seat = table.seat_of(user)
        if seat is None:
            raise NotSeated("You do not sit at this table.")
        if table.match is None:
            raise NotStarted("The match has not started yet.")
        return table.match.observation(seat)

    async def match_results(self, guild_id: str | None = None) -> list[dict[str, Any]]:
        return await self.store.match_results(guild_id)

    async def hand_record(
        self, table_id: int, hand_number: int | None = None, guild_id: str | None = None
    ) -> dict[str, Any]:
        """A finished hand as a hand record (default: the last one finished); with
        ``guild_id``, only of a table of that server (another's is unknown there)."""
        row = await self.store.load_table(table_id)
        if row is None or guild_id not in (None, row.guild_id):
            raise UnknownTable(table_id)
        try:
            finished = _finished_hands(row.game, row.options, [text for _, text in row.actions])
        except Exception as e:  # a damaged row: say so rather than fail obscurely
            raise TableError(f"The log of table #{table_id} cannot be replayed: {e}") from e
        if not finished:
            raise TableError("No hand of this table has been finished yet.")
        number = max(finished) if hand_number is None else hand_number
        if number not in finished:
            raise TableError(f"Hand {number} is not a finished hand of this table.")
        return games.hand_record(row.game, finished[number])

    # --- a server's defaults ---------------------------------------------------------------

    @functools.cached_property
    def servers(self) -> ServerBackend:
        return self.store.servers()

    @functools.cached_property
    def _server_settings(self) -> dict[str, ServerSettings]:
        return {}  # read once per server, then kept: every new table asks

    def idle_min(self, guild_id: str) -> float:
        known = self._server_settings.get(guild_id)
        if known is None or known.idle_min is None:
            return super().idle_min(guild_id)
        return known.idle_min

    async def server_settings(self, guild_id: str) -> ServerSettings:
        """The server's defaults for new tables (the built-in ones until changed)."""
        known = self._server_settings.get(guild_id)
        if known is None:
            known = await self.servers.settings(guild_id) or ServerSettings()
            self._server_settings[guild_id] = known
        return known

    async def change_server_settings(
        self, guild_id: str, user: str, **changes: Any
    ) -> ServerSettings:
        """Change some of the server's defaults (None leaves one as it is); BadOptions
        says which value is wrong.  Who may is for the adapter to check."""
        new = (await self.server_settings(guild_id)).changed(**changes)
        await self.servers.save_settings(guild_id, new, user, self.clock.now())
        self._server_settings[guild_id] = new
        return new

    # --- the lobby ----------------------------------------------------------------------

    async def create_table(
        self,
        game: str,
        guild_id: str,
        channel_id: str,
        host: str,
        options: TableOptions | None = None,
        seat: int | None = None,
        team: int | None = None,
        sit: bool = True,
        quick: bool = False,
    ) -> Table:
        """A new table in the lobby; the host takes a seat unless ``sit`` is False.
        With limits (:mod:`tables.limits`), a LimitReached says which one stops it;
        ``quick`` tables (``/jass quick``) also have a cooldown per member."""
        options = options or TableOptions(
            card_clock_s=self.settings.card_clock_s, contract_clock_s=self.settings.contract_clock_s
        )
        try:
            games.new_match(game, options.rules)
            games.check_deck(game, options.deck)
        except (ValueError, TypeError) as e:
            raise BadOptions(str(e)) from None
        await self._within_limits(guild_id, host, new_table=True, quick=quick)
        now = self.clock.now()
        if quick:
            self._quick_at[(guild_id, host)] = now
        table = Table.lobby(0, game, guild_id, channel_id, host, options, now)
        if sit:
            table = replace(table, seats=lobby.sit(table, host, seat, team))
        table_id = await self.store.create_table(
            game, guild_id, channel_id, host, options.to_json(), table.seats, now
        )
        table = replace(table, id=table_id)
        self._tables[table_id] = table
        self._locks[table_id] = asyncio.Lock()
        self._bus.publish(TableCreated(table))
        return table

    async def join(
        self, table_id: int, user: str, seat: int | None = None, team: int | None = None
    ) -> Table:
        known = self._tables.get(table_id)
        if known is not None and known.seat_of(user) is None and user != known.host:
            await self._within_limits(known.guild_id, user, new_table=False)
        async with self._lobby(table_id) as table:
            return await self._reseat(table, lobby.sit(table, user, seat, team))

    async def move(self, table_id: int, user: str, seat: int) -> Table:
        async with self._lobby(table_id) as table:
            seats = lobby.move(table, user, seat, may_swap_people=user == table.host)
            return await self._reseat(table, seats)

    async def add_bot(
        self,
        table_id: int,
        user: str,
        level: str = "medium",
        seat: int | None = None,
        team: int | None = None,
    ) -> Table:
        try:
            self.bots(level, 0)
        except ValueError as e:
            raise BadOptions(str(e)) from None
        async with self._lobby(table_id) as table:
            self._require_member(table, user)
            return await self._reseat(table, lobby.add_bot(table, level, seat, team))

    async def remove_bot(self, table_id: int, user: str, seat: int) -> Table:
        async with self._lobby(table_id) as table:
            self._require_member(table, user)
            return await self._reseat(table, lobby.remove_bot(table, seat))

    async def leave(self, table_id: int, user: str) -> Table:
        """Stand up in the lobby; in play, hand the seat to a bot for good."""
        async with self._hold(table_id) as table:
            if table.status is TableStatus.PLAYING:
                return await self._leave_match(table, user)
            seats = lobby.stand(table, user)
            if user != table.host:
                return await self._reseat(table, seats)
            people = [s.user for s in seats if s.user is not None]
            if not people:  # the host leaves an empty lobby: nobody is left to start it
                event = TableCancelled(table.id, user)
                return await self._close(table, TableStatus.CANCELLED, event)
            return await self._reseat(table, seats, host=people[0])

    async def start(self, table_id: int, user: str) -> Table:
        async with self._lobby(table_id) as table:
            if user != table.host:
                raise NotHost("Only the host can start the table.")
            if not table.is_full:
                raise TableNotFull("Every seat needs a player or a bot before the start.")
            self.pressed(table_id)
            playing = replace(table, status=TableStatus.PLAYING)
            step = steps.play(playing, None, None, self.clock.now(), self._seeds, started=True)
            return await self._commit(step)

    async def cancel(self, table_id: int, user: str, admin: bool = False) -> Table:
        """Close an open table for good; ``admin`` is for the Discord layer to vouch for."""
        async with self._hold(table_id, paused=True) as table:
            if user != table.host and not admin:
                raise NotHost("Only the host or a server admin can cancel the table.")
            return await self._close(table, TableStatus.CANCELLED, TableCancelled(table.id, user))

    # --- play ---------------------------------------------------------------------------

    async def act(self, table_id: int, user: str, action: Action, expected_seq: int) -> Table:
        """Apply one action of the user's seat, made against ``expected_seq``.

        The action is committed, then announced; the returned table is the new state.
        """
        self.pressed(table_id)  # pressing anything counts, a refused click too
        async with self._hold(table_id) as table:
            if table.status is not TableStatus.PLAYING:
                raise NotStarted("The match has not started yet.")
            seat = table.seat_of(user)
            if seat is None:
                raise NotSeated("You do not sit at this table.")
            if table.seats[seat].away:  # any action takes the seat back from the bot
                table = await self._reclaim(table, seat)
            if expected_seq != table.seq:
                raise StaleAction(expected_seq, table.seq)
            if isinstance(action, Deal) or getattr(action, "seat", None) != seat:
                raise NotYourTurn(f"You play seat {seat + 1}; that action is not yours to make.")
            step = steps.play(table, action, user, self.clock.now(), self._seeds)
            self._waiting_since[table_id] = step.table.updated_at  # they wait for the bots
            return await self._commit(step)

    async def reclaim(self, table_id: int, user: str) -> Table:
        self.pressed(table_id)
        async with self._hold(table_id) as table:
            seat = table.seat_of(user)
            if seat is None:
                raise NotSeated("You do not sit at this table.")
            return await self._reclaim(table, seat) if table.seats[seat].away else table

    async def _reclaim(self, table: Table, seat: int) -> Table:
        user = table.seats[seat].user
        assert user is not None

        def announce(new: Table) -> list[Any]:
            turn = steps.turn_event(new) if new.to_move == seat else None
            return [SeatReclaimed(new.id, new.seq, seat, user)] + ([turn] if turn else [])

        seats = lobby.set_away(table, seat, False)
        return await self._commit(steps.reseat(table, seats, self.clock.now(), announce))

    async def _leave_match(self, table: Table, user: str) -> Table:
        seat = table.seat_of(user)
        if seat is None:
            raise NotSeated("You do not sit at this table.")
        level = self.settings.stand_in_bot
        seats = lobby.hand_to_bot(table, user, level)

        def announce(new: Table) -> list[Any]:
            events: list[Any] = [SeatTakenByBot(new.id, new.seq, seat, user, level, True)]
            turn = steps.turn_event(new) if new.to_move == seat else None
            return events + ([turn] if turn else [])

        return await self._commit(steps.reseat(table, seats, self.clock.now(), announce))

    async def _reseat(self, table: Table, seats: Any, host: str | None = None) -> Table:
        def announce(new: Table) -> list[Any]:
            changed = next((s.number for s in seats if s != table.seats[s.number]), 0)
            return [SeatChanged(new, changed)]

        return await self._commit(steps.reseat(table, seats, self.clock.now(), announce, host))

    # --- the thread a table plays in (the Discord layer opens it; kept across restarts) ---

    async def set_thread(self, table_id: int, thread_id: str | None) -> None:
        await self.store.set_thread(table_id, thread_id)

    async def thread_of(self, table_id: int) -> str | None:
        return await self.store.thread_of(table_id)

    # --- a table without its channel ---------------------------------------------------

    async def pause(self, table_id: int, reason: str) -> Table:
        """Stop a table in play where it is: no clock, no bots, until ``resume``.

        Pausing a paused table changes nothing (and announces nothing)."""
        async with self._hold(table_id, paused=True) as table:
            if table.status is TableStatus.PAUSED:
                return table
            if table.status is not TableStatus.PLAYING:
                raise NotStarted("Only a table in play can be paused.")
            return await self._commit(steps.pause(table, reason, self.clock.now()))

    async def resume(
        self, table_id: int, user: str, guild_id: str, channel_id: str, admin: bool = False
    ) -> Table:
        """Play a paused table on in ``channel_id`` of its own server, with a fresh clock
        for whoever is to move.  ``user`` sits at it or hosts it; ``admin`` is for the
        Discord layer to vouch for."""
        async with self._hold(table_id, paused=True) as table:
            if table.guild_id != guild_id:
                raise UnknownTable(table_id)  # another server's table: not there to see
            if table.status is not TableStatus.PAUSED:
                raise NotPaused(f"Table #{table.id} is not paused; it plays on where it is.")
            if not admin and user != table.host and table.seat_of(user) is None:
                raise NotSeated(
                    f"Only a player of table #{table.id}, its host or a server admin can resume it."
                )
            self.pressed(table_id)
            return await self._commit(steps.resume(table, channel_id, self.clock.now()))

    async def channel_deleted(self, channel_id: str, reason: str = CHANNEL_DELETED) -> list[Table]:
        """The channel is gone: pause its tables in play, cancel its lobbies (nothing was
        played there yet).  Returns the tables as they are now."""
        changed = []
        for table_id in [t.id for t in self.tables(channel_id=channel_id)]:
            try:
                async with self._hold(table_id, paused=True) as table:
                    if table.channel_id != channel_id:
                        continue  # moved meanwhile
                    if table.status is TableStatus.LOBBY:
                        event = TableCancelled(table.id, "")
                        table = await self._close(table, TableStatus.CANCELLED, event)
                    elif table.status is TableStatus.PLAYING:
                        table = await self._commit(steps.pause(table, reason, self.clock.now()))
                    changed.append(table)
            except TableError:
                continue  # closed meanwhile
        return changed

    # --- limits --------------------------------------------------------------------------

    @functools.cached_property
    def _quick_at(self) -> dict[tuple[str, str], float]:
        return {}  # (guild, member) -> when they last opened a quick table

    def open_tables_of(self, guild_id: str, user: str) -> list[Table]:
        """The member's open tables in the server (lobbies, in play, paused), as host or
        player, oldest first."""
        mine = self.tables(guild_id)
        return [t for t in mine if t.host == user or t.seat_of(user) is not None]

    async def _within_limits(
        self, guild_id: str, user: str, new_table: bool, quick: bool = False
    ) -> None:
        limits = self.limits
        if limits is None:
            return
        mine = self.open_tables_of(guild_id, user)
        if quick and limits.quick_cooldown_s:
            since = self.clock.now() - self._quick_at.get((guild_id, user), -math.inf)
            if since < limits.quick_cooldown_s:
                raise QuickCooldown(limits.quick_cooldown_s, limits.quick_cooldown_s - since, mine)
        if limits.member_tables and len(mine) >= limits.member_tables:
            raise TooManyOfYours(limits.member_tables, mine)
        if new_table:
            most = (await self.server_settings(guild_id)).max_tables
            if len(self.tables(guild_id)) >= most:
                raise ServerFull(most, mine)

    def _require_member(self, table: Table, user: str) -> None:
        if user != table.host and table.seat_of(user) is None:
            raise NotSeated("Only the host or a seated player can do that.")


def _finished_hands(game: str, options: str, log: list[str]) -> dict[int, Any]:
    """Every hand of a log that is over (a later deal came, or the match ended)."""
    match = games.new_match(game, TableOptions.from_json(options).rules)
    finished: dict[int, Any] = {}
    for text in log:
        action = games.action_from_json(text)
        if isinstance(action, Deal) and match.hand is not None:
            finished[match.hand_number] = match.hand
        match, _ = match.apply(action)
    if match.winner is not None:
        finished[match.hand_number] = match.hand
    return finished
