"""The service's subscriber that keeps each table's public messages.

Events are queued per table and shown by one task per table at a time: whatever arrives
while that task talks to Discord is shown together in its next round, so a burst of bot
moves becomes one edit and one message of lines, not one request each.  A table has a
lobby message, one table message per hand (edited in place), lines for what happened
(tricks, Weis, Stöck, Bela, results, a failed maker), a mention when it is the turn of
someone whose private hand cannot update, and a result with the score sheet.

Discord errors never reach the table: a failed request is retried once and then logged;
a deleted message is posted again.  A channel that is gone (deleted while Trumpf ran or
while it was down: Discord answers 10003 Unknown Channel), or where Trumpf may no longer
post (403), silences the table's messages and has the service pause it: no clock, no
bots, until someone uses ``/jass resume`` in a channel where Trumpf can post (the same
one, once its permissions are back).  Then the old channel's message ids are forgotten
and the table is posted afresh where it was resumed, with a line saying so.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from cogs.delivery import QUIET, Delivery
from cogs.render import GAME_NAMES, chunks, mention, table_event_line
from cogs.screens import (
    Screen,
    closed_screen,
    hand_over_screen,
    lobby_screen,
    result_screen,
    table_screen,
    turn_ping,
)
from engine.events import HandAnnulled, HandDealt, HandScored, TrumpFixed
from tables import events as te
from tables.errors import NotStarted, TableError
from tables.model import Table, TableStatus
from tables.service import CHANNEL_DELETED

if TYPE_CHECKING:
    from cogs.app import TrumpfBot

log = logging.getLogger(__name__)
MAX_BOARDS = 1000  # tables remembered; the oldest closed ones are forgotten beyond that


@dataclass(slots=True)
class Board:
    """What the announcer knows of one table's messages."""

    table_id: int
    pending: list[Any] = field(default_factory=list)
    task: asyncio.Task[None] | None = None
    channel_id: int | None = None
    lost: bool = False  # the channel is gone or unusable: nothing more is posted
    pause_for: str | None = None  # ... and why the table is to be paused (gone, forbidden)
    reported: bool = False  # the service was asked to pause it
    lobby: int | None = None  # message ids
    lobby_key: str | None = None
    lobby_done: bool = False
    hand: int | None = None
    hand_number: int = 0
    hand_key: str | None = None
    ping: int | None = None
    turn: tuple[int, int] | None = None  # (seq, seat) of the last turn seen to
    result: int | None = None
    scored: HandScored | None = None  # the current hand's result, once scored
    annulled: bool = False
    maker: int | None = None
    closed: bool = False


class Announcer:
    def __init__(self, bot: TrumpfBot, interval_s: float = 1.0, retry_s: float = 1.0) -> None:
        self.bot = bot
        self.interval_s = interval_s  # at most one round of messages a table per interval
        self.delivery = Delivery(bot, retry_s)
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
            if message_id in (board.lobby, board.hand, board.result):
                if message_id == board.lobby:
                    board.lobby, board.lobby_key = None, None
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
        """The table's channel is gone, or closed to Trumpf (found out by a request):
        pause what played there until someone resumes it."""
        board.reported = True
        if reason != CHANNEL_DELETED:
            with contextlib.suppress(NotStarted):  # a lobby: nothing runs, nothing to lose
                await self.bot.service.pause(board.table_id, reason)
        elif board.channel_id is not None:
            await self.bot.service.channel_deleted(str(board.channel_id))

    def _moved(self, board: Board, table: Table) -> None:
        """Resumed in another channel: forget the old channel's messages."""
        board.channel_id, board.lost, board.pause_for, board.reported = None, False, None, False
        board.lobby = board.hand = board.ping = board.result = None
        board.lobby_key = board.hand_key = None
        board.lobby_done, board.turn = True, None
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
        if moves:
            events = events[moves[-1] :]  # what came before belongs to the old channel
            self._moved(board, table)
        channel = await self.delivery.channel(board, table.channel_id)
        if channel is None:
            if any(isinstance(e, te.TablePaused) for e in events):
                await self._refresh_panels(table)  # open hands say it is paused, and how
            return
        playing = table.status is TableStatus.PLAYING and table.match is not None
        current = table.match.hand_number if playing else None
        lines: list[str] = []
        for event in events:
            if isinstance(event, te.TableResumed):
                if table.status is not TableStatus.PAUSED:
                    await self._resume(board, channel, table)
                    lines.append(f"♻️ Table #{table.id} is back: Trumpf restarted. Play on.")
                continue
            if isinstance(event, te.TableMoved):
                lines.append(self._moved_line(table, event.from_channel_id))
                continue
            inner = event.event if isinstance(event, te.GameEvent) else None
            if isinstance(inner, HandDealt):
                await self._post_lines(board, channel, lines)
                await self._close_hand(board, channel, table)
                board.hand_number, board.scored, board.maker = inner.hand_number, None, None
                board.annulled = False
                if inner.hand_number == current:
                    await self._upsert_hand(board, channel, table)
                continue
            if isinstance(inner, TrumpFixed):
                board.maker = inner.maker
            if isinstance(inner, HandScored):
                board.scored = inner
            board.annulled = board.annulled or isinstance(inner, HandAnnulled)
            if isinstance(event, te.ClockWarning):
                await self._post_lines(board, channel, lines)
                await self._ping(board, channel, table, event.user, warning=event.deadline)
                continue
            line = table_event_line(table, event, board.maker)
            if line:
                lines.append(line)
        await self._post_lines(board, channel, lines)
        await self._show_state(board, channel, table)

    async def _resume(self, board: Board, channel: Any, table: Table) -> None:
        """After a restart: take the lobby message back from the channel's history, and
        close the old table message (a fresh one is posted below the "back" line)."""
        board.lobby = board.hand = board.ping = None
        board.lobby_key = board.hand_key = None
        board.turn = None
        if table.match is not None and table.match.hand is not None:
            board.hand_number = table.match.hand_number
            board.maker = table.match.hand.maker
        name = GAME_NAMES[table.game]
        lobby_title, hand_title = (
            f"{name} table #{table.id} — lobby",
            f"{name} · table #{table.id} · hand ",
        )
        for message in await self.delivery.recent_own(board, channel):
            title = (message.embeds[0].title or "") if message.embeds else ""
            if title == lobby_title and table.status is TableStatus.LOBBY and board.lobby is None:
                board.lobby = message.id
            elif title.startswith(hand_title) and not title.endswith("over") and message.components:
                text = "Continued below: Trumpf restarted."
                screen = closed_screen(table, title + " — continued below", text)
                await self.delivery.edit(board, channel, message.id, screen)

    async def _show_state(self, board: Board, channel: Any, table: Table) -> None:
        """The messages that show the table as it is now."""
        status = table.status
        if status is TableStatus.LOBBY:
            await self._upsert_lobby(board, channel, table)
            return
        if board.lobby is not None and not board.lobby_done:
            await self.delivery.edit(board, channel, board.lobby, lobby_screen(table))
            board.lobby_done = True
        if status is TableStatus.PLAYING:
            await self._upsert_hand(board, channel, table)
            await self._refresh_panels(table)  # first: one that cannot show the turn is pinged
            await self._turn(board, channel, table)
        elif status is TableStatus.FINISHED:
            board.closed = True
            await self._close_hand(board, channel, table)
            await self._delete_ping(board, channel)
            await self._refresh_panels(table)
            if board.result is None:
                message = await self.delivery.send(board, channel, result_screen(table))
                board.result = message.id if message else None
        elif status is TableStatus.CANCELLED:
            board.closed = True
            await self._delete_ping(board, channel)
            text = "This table was cancelled."
            for message_id in (board.lobby, board.hand):
                if message_id is not None:
                    title = f"Table #{table.id} — cancelled"
                    await self.delivery.edit(
                        board, channel, message_id, closed_screen(table, title, text)
                    )
            board.lobby = board.hand = None
            self.bot.panels.forget(table.id)

    async def _upsert_lobby(self, board: Board, channel: Any, table: Table) -> None:
        screen = lobby_screen(table)
        if board.lobby is not None and screen.key == board.lobby_key:
            return
        if board.lobby is not None and await self.delivery.edit(
            board, channel, board.lobby, screen
        ):
            board.lobby_key = screen.key
            return
        message = await self.delivery.send(board, channel, screen)
        board.lobby, board.lobby_key = (message.id, screen.key) if message else (None, None)

    async def _upsert_hand(self, board: Board, channel: Any, table: Table) -> None:
        if table.match is None or table.match.hand is None:
            return
        screen = table_screen(table)
        if table.match.hand_number != board.hand_number or board.hand is None:
            if board.hand is not None:
                await self._close_hand(board, channel, table)
            board.hand_number = table.match.hand_number
        elif screen.key == board.hand_key:
            return
        elif await self.delivery.edit(board, channel, board.hand, screen):
            board.hand_key = screen.key
            return
        message = await self.delivery.send(board, channel, screen)
        board.hand, board.hand_key = (message.id, screen.key) if message else (None, None)

    async def _close_hand(self, board: Board, channel: Any, table: Table) -> None:
        if board.hand is None:
            return
        screen = hand_over_screen(table, board.hand_number, board.scored, board.annulled)
        await self.delivery.edit(board, channel, board.hand, screen)
        board.hand, board.hand_key = None, None

    # --- turns and private hands --------------------------------------------------------------

    async def _turn(self, board: Board, channel: Any, table: Table) -> None:
        """Mention the person to move if their private hand cannot show it."""
        seat = table.to_move
        if seat is None or table.seats[seat].played_by_bot:
            await self._delete_ping(board, channel)
            board.turn = None
            return
        user = table.seats[seat].user
        assert user is not None
        if board.turn == (table.seq, seat):
            return
        board.turn = (table.seq, seat)
        await self._delete_ping(board, channel)
        if not self.bot.panels.is_fresh(table.id, user):
            await self._ping(board, channel, table, user)

    async def _ping(
        self, board: Board, channel: Any, table: Table, user: str, warning: float | None = None
    ) -> None:
        await self._delete_ping(board, channel)
        screen = turn_ping(table, user, stale=self.bot.panels.went_stale(table.id, user))
        if warning is not None:
            text = f"⏳ {mention(user)}, your clock at table #{table.id} runs out soon"
            screen = Screen(
                f"{text} (<t:{int(warning)}:R>): play, or a bot plays for you.",
                None,
                screen.buttons,
            )
        mentions = (
            discord.AllowedMentions(users=[discord.Object(int(user))]) if user.isdigit() else QUIET
        )
        message = await self.delivery.send(board, channel, screen, mentions)
        board.ping = message.id if message else None

    async def _delete_ping(self, board: Board, channel: Any) -> None:
        if board.ping is None:
            return
        message_id, board.ping = board.ping, None
        await self.delivery.delete(board, channel, message_id)

    async def _refresh_panels(self, table: Table) -> None:
        for s in table.seats:
            if s.user is not None:
                await self.bot.panels.refresh(table.id, s.user)

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

    async def _post_lines(self, board: Board, channel: Any, lines: list[str]) -> None:
        for text in chunks(lines):
            await self.delivery.send(board, channel, Screen(content=text))
        lines.clear()
