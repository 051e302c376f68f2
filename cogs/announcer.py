"""The service's subscriber that keeps each table's public messages.

Events are queued per table and shown by one task per table at a time: whatever arrives
while that task talks to Discord is shown together in its next round, so a burst of bot
moves becomes one edit, not one request each.  A table that starts plays in its own
thread, opened from its lobby message (which stays in the channel as a one-line summary),
or in its channel where that cannot be; :mod:`cogs.table_messages` keeps the messages.

Discord errors never reach the table: a failed request is retried once and then logged;
a deleted message is posted again.  A channel or thread that is gone (deleted while
Trumpf ran or while it was down: Discord answers 10003 Unknown Channel; a thread
archived), or where Trumpf may no longer post (403), silences the table's messages and
has the service pause it: no clock, no bots, until someone uses ``/jass resume`` in a
channel where Trumpf can post (the same one, once its permissions are back).  Then the
old channel's message ids are forgotten and the table is posted afresh where it was
resumed, with a line saying so.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from cogs.board import hand_log_header, people
from cogs.delivery import Delivery
from cogs.names import Names
from cogs.render import table_event_line
from cogs.table_messages import Board, TableMessages
from cogs.threads import ThreadsOn
from engine.events import (
    DeclarationsScored,
    HandAnnulled,
    HandDealt,
    HandScored,
    StoeckDeclared,
    TrickWon,
    TrumpFixed,
)
from tables import events as te
from tables.errors import NotStarted, TableError
from tables.model import Table, TableStatus
from tables.service import CHANNEL_DELETED, THREAD_GONE

if TYPE_CHECKING:
    from cogs.app import TrumpfBot

log = logging.getLogger(__name__)
MAX_BOARDS = 1000  # tables remembered; the oldest closed ones are forgotten beyond that


class Announcer(TableMessages):
    def __init__(
        self,
        bot: TrumpfBot,
        threads_on: ThreadsOn,
        interval_s: float = 1.0,
        retry_s: float = 1.0,
    ) -> None:
        """``threads_on(guild_id)``: the server's setting, whether tables get a thread."""
        self.bot = bot
        self.interval_s = interval_s  # at most one round of messages a table per interval
        self.delivery = Delivery(bot, retry_s)
        self.names = Names(bot)
        self.threads_on = threads_on
        self.boards: dict[int, Board] = {}

    # --- receiving ------------------------------------------------------------------------

    def on_event(self, event: Any) -> None:
        """The service's subscriber: queue the event, start the table's task if idle."""
        table_id = getattr(event, "table_id", None)
        if table_id is None:
            return
        board = self.boards.get(table_id)
        if board is None:
            board = self.boards[table_id] = Board(table_id)
            self._prune()
        board.pending.append(event)
        self._kick(board)

    def _prune(self) -> None:
        if len(self.boards) <= MAX_BOARDS:
            return
        for table_id, board in list(self.boards.items()):  # oldest first
            if len(self.boards) <= MAX_BOARDS // 2:
                return
            if board.closed and not board.pending and (board.task is None or board.task.done()):
                del self.boards[table_id]

    def _kick(self, board: Board) -> None:
        if board.task is None or board.task.done():
            board.task = asyncio.get_running_loop().create_task(self._run(board))

    def message_deleted(self, message_id: int) -> None:
        """Someone deleted a message: post the table's lobby or table message again."""
        for board in self.boards.values():
            if message_id == board.log:
                board.log = None  # the next line starts a fresh log
            if message_id in (board.lobby, board.hand, board.result):
                if message_id == board.lobby:
                    board.lobby, board.lobby_key, board.summary_key = None, None, None
                if message_id == board.hand:
                    board.hand, board.hand_key = None, None
                if message_id == board.result:
                    board.result = None
                self._kick(board)
            elif message_id == board.ping:
                board.ping = None

    def channel_deleted(self, channel_id: int) -> None:
        """Stop posting to the channel (the cog has the service pause its tables; the
        board asks again after its next event, in case that failed)."""
        for board in self.boards.values():
            if board.channel_id == channel_id and not board.lost:
                board.lost, board.pause_for = True, CHANNEL_DELETED
                log.warning("table %s: its channel was deleted", board.table_id)
            elif board.thread_id == channel_id and not board.lost:
                self.thread_closed(channel_id)

    def table_in_thread(self, thread_id: int | None) -> int | None:
        """The table that plays in this thread, if any (commands used in the thread)."""
        found = [b.table_id for b in self.boards.values() if b.thread_id == thread_id]
        return max(found) if thread_id is not None and found else None

    def thread_closed(self, thread_id: int) -> None:
        """A table's thread was deleted or archived: a table in play pauses, as for a
        deleted channel (a finished table's thread is archived on purpose)."""
        for board in self.boards.values():
            if board.thread_id == thread_id and not board.closed and not board.lost:
                board.lost, board.pause_for = True, THREAD_GONE
                log.warning("table %s: its thread was deleted or archived", board.table_id)
                self._kick(board)

    async def idle(self) -> None:
        """Wait until every table's messages are shown (tests, shutdown)."""
        while tasks := [b.task for b in self.boards.values() if b.task and not b.task.done()]:
            await asyncio.gather(*tasks, return_exceptions=True)

    # --- showing ----------------------------------------------------------------------------

    async def _run(self, board: Board) -> None:
        await self.bot.wait_until_ready()
        while True:
            events, board.pending = board.pending, []
            try:
                await self._show(board, events)
                if board.pause_for and not board.reported:
                    await self._pause(board, board.pause_for)
            except Exception:
                log.exception("table %s: showing its events failed", board.table_id)
            if self.interval_s:
                await asyncio.sleep(self.interval_s)
            if not board.pending:
                break

    async def _pause(self, board: Board, reason: str) -> None:
        """The table's channel or thread is gone, or closed to Trumpf (found out by a
        request): pause what played there until someone resumes it."""
        board.reported = True
        if board.thread_id is not None and reason == CHANNEL_DELETED:
            reason = THREAD_GONE  # an Unknown Channel answer came from the thread
        if reason != CHANNEL_DELETED:
            with contextlib.suppress(NotStarted):  # a lobby: nothing runs, nothing to lose
                await self.bot.service.pause(board.table_id, reason)
        elif board.channel_id is not None:
            await self.bot.service.channel_deleted(str(board.channel_id))

    def _moved(self, board: Board, table: Table) -> None:
        """Resumed in another channel: forget the old channel's messages."""
        board.channel_id, board.lost, board.pause_for, board.reported = None, False, None, False
        board.lobby = board.hand = board.ping = board.result = board.log = None
        board.lobby_key = board.hand_key = board.summary_key = None
        board.lobby_done, board.turn = True, None
        board.thread = board.thread_id = None  # a fresh thread where it plays on
        board.thread_tried = False
        if table.match is not None and table.match.hand is not None:
            board.hand_number = table.match.hand_number
            board.maker = table.match.hand.maker

    async def _show(self, board: Board, events: list[Any]) -> None:
        damaged = next((e for e in events if isinstance(e, te.TableDamaged)), None)
        if damaged is not None:
            await self._report_damage(board, damaged)
            return
        try:
            table = self.bot.service.table(board.table_id)
        except TableError:
            return  # closed long ago
        moves = [i for i, e in enumerate(events) if isinstance(e, te.TableMoved)]
        old_summary = (board.channel_id, board.lobby) if board.thread_id else (None, None)
        if moves:
            events = events[moves[-1] :]  # what came before belongs to the old channel
            self._moved(board, table)
            await self.bot.service.set_thread(table.id, None)
        resumed = any(isinstance(e, te.TableResumed) for e in events)
        if resumed and table.status is not TableStatus.PAUSED:
            await self._restore_thread(board, table)
        channel = await self.delivery.channel(board, table.channel_id)
        if channel is None:
            if any(isinstance(e, te.TablePaused) for e in events):
                await self._refresh_panels(table)  # open hands say it is paused, and how
                await self._summary_paused(board, table)
            return
        names = await self.names.learn(table.guild_id, people(table))
        place = await self._place(board, channel, table, names)
        if place is None:
            return
        if moves and old_summary[1] is not None:
            await self._summary_moved(board, old_summary, table, place)
        await self._show_events(board, channel, place, table, events, names)
        await self._show_state(board, channel, place, table, names)

    async def _show_events(
        self, board: Board, channel: Any, place: Any, table: Table, events: list[Any], names: Any
    ) -> None:
        playing = table.status is TableStatus.PLAYING and table.match is not None
        current = table.match.hand_number if playing else None
        lines: list[str] = []
        for event in events:
            if isinstance(event, te.TableResumed):
                if table.status is not TableStatus.PAUSED:
                    await self._resume(board, channel, place, table)
                    lines.append(f"♻️ Table #{table.id} is back: Trumpf restarted. Play on.")
                continue
            if isinstance(event, te.TableMoved):
                lines.append(self._moved_line(table, event.from_channel_id))
                continue
            if isinstance(event, te.BotsSlowed):  # the board says so at its next edit
                board.slowed = event.budget_s if event.slowed else None
                continue
            inner = event.event if isinstance(event, te.GameEvent) else None
            if isinstance(inner, HandDealt):
                await self._log(board, place, lines)
                await self._close_hand(board, place, table, names)
                board.hand_number, board.scored, board.maker = inner.hand_number, None, None
                board.annulled, board.tricks, board.last_credit = False, 0, None
                board.log, board.log_lines = None, []
                if inner.hand_number == current:
                    lines.append(hand_log_header(table, inner))
                    await self._log(board, place, lines, force=True)
                    await self._upsert_hand(board, place, table, names)
                continue
            self._note(board, inner)
            if isinstance(event, te.ClockWarning):  # the log waits: one edit a round
                await self._ping(board, place, table, event.user, warning=event.deadline)
                continue
            if isinstance(inner, HandScored):
                await self._log(board, place, lines)
                await self._hand_result(board, channel, place, table, inner, names)
                continue
            line = table_event_line(table, event, board.maker)  # content: mentions render
            if line:
                lines.append(line)
        await self._log(board, place, lines)

    def _note(self, board: Board, inner: Any) -> None:
        """What the board remembers of the hand's events."""
        if isinstance(inner, TrumpFixed):
            board.maker = inner.maker
        if isinstance(inner, HandScored):
            board.scored = inner
        if isinstance(inner, TrickWon):
            board.tricks += 1
        if isinstance(inner, (TrickWon, DeclarationsScored, StoeckDeclared)):
            board.last_credit = inner
        board.annulled = board.annulled or isinstance(inner, HandAnnulled)

    def _moved_line(self, table: Table, from_channel_id: str) -> str:
        if from_channel_id == table.channel_id:
            where = f"▶️ Table #{table.id} plays on."
        elif from_channel_id.isdigit() and self.bot.get_channel(int(from_channel_id)):
            where = f"🚚 Table #{table.id} moved here from <#{from_channel_id}>."
        else:
            where = f"🚚 Table #{table.id} moved here from a deleted channel."
        return f"{where} Play on: press **My hand** below for your cards."

    async def _report_damage(self, board: Board, damaged: te.TableDamaged) -> None:
        """Say in its channel that a table could not be brought back, so its players
        are not left waiting for it."""
        board.closed = True
        channel = await self.delivery.channel(board, damaged.channel_id or "")
        if channel is not None:
            line = (
                f"⚠️ Table #{damaged.table_id} could not be brought back: its saved game is "
                "damaged. It has been set aside for the bot's admins; every other table plays "
                "on. Start a new one with /jass."
            )
            await self._post_lines(board, channel, [line])
