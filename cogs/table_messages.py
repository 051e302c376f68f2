"""The messages of one table, as the announcer keeps them.

In the channel: the lobby, which becomes a one-line summary with a link once the table
plays in its own thread (and the match result at the end).  Where the game is played
(the thread, or the channel where no thread could be opened), a hand makes at most three
new messages: its log (tricks, Weis, Stöck, who left or came back; edited as they
happen), its board (edited in place) and its result.  A turn mention for someone whose
private hand cannot update comes and goes beside them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from cogs.board import (
    board_screen,
    match_end_line,
    moved_summary,
    people,
    summary_screen,
    thread_name,
)
from cogs.delivery import QUIET, Delivery
from cogs.names import Names
from cogs.render import GAME_NAMES, MESSAGE_LIMIT, chunks, hand_result_line, mention
from cogs.review_screen import with_review_button
from cogs.screens import (
    Screen,
    closed_screen,
    hand_over_screen,
    lobby_screen,
    result_screen,
    turn_ping,
)
from cogs.threads import ThreadsOn, archive_soon, find_thread, may_open_thread, open_thread
from engine.events import HandScored
from tables.model import Table, TableStatus
from tables.service import THREAD_GONE

if TYPE_CHECKING:
    from cogs.app import TrumpfBot


@dataclass(slots=True)
class Board:
    """What the announcer knows of one table's messages."""

    table_id: int
    pending: list[Any] = field(default_factory=list)
    task: Any = None  # the asyncio task showing its events
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
    thread: Any = None  # the table's own thread, once opened (or found after a restart)
    thread_id: int | None = None
    thread_tried: bool = False  # a thread was opened, or not, for this run of the table
    summary_key: str | None = None  # the lobby message as the channel's one-line summary
    log: int | None = None  # the hand log: one message a hand, edited as tricks are won
    log_lines: list[str] = field(default_factory=list)
    tricks: int = 0  # tricks won this hand, and the last credit: why a match ended mid-hand
    last_credit: Any = None
    slowed: float | None = None  # the bots' seconds a move while Trumpf is busy, else None


class TableMessages:
    bot: TrumpfBot
    delivery: Delivery
    names: Names
    threads_on: ThreadsOn

    # --- where the table plays --------------------------------------------------------------

    async def _restore_thread(self, board: Board, table: Table) -> None:
        """After a restart: the thread the table played in, if it had one."""
        board.thread_tried = True  # never a new thread in the middle of a match
        stored = await self.bot.service.thread_of(table.id)
        if stored is None:
            return
        board.thread_id = board.lobby = int(stored)  # the summary is the thread's starter
        board.thread = await find_thread(self.bot, board.thread_id)
        if board.thread is None and table.status is TableStatus.PLAYING:
            board.lost, board.pause_for = True, THREAD_GONE

    async def _place(self, board: Board, channel: Any, table: Table, names: Any) -> Any:
        """Where the game's messages go: the table's thread, opened when it starts
        playing, or the channel."""
        if board.thread is not None:
            return board.thread
        if board.thread_id is not None:
            return None  # the thread is gone: the table pauses
        if board.thread_tried or table.status is not TableStatus.PLAYING:
            return channel
        board.thread_tried = True
        if not may_open_thread(channel) or not await self.threads_on(channel.guild.id):
            return channel
        if board.lobby is None:
            message = await self.delivery.send(board, channel, summary_screen(table, None, names))
            board.lobby = message.id if message else None
        if board.lobby is None:
            return channel
        thread = await open_thread(channel, board.lobby, thread_name(table, names))
        if thread is None:
            return channel
        board.thread, board.thread_id = thread, thread.id
        await self.bot.service.set_thread(table.id, str(thread.id))
        return thread

    async def _resume(self, board: Board, channel: Any, place: Any, table: Table) -> None:
        """After a restart: take the lobby message back from the channel's history, and
        close the old board (a fresh one is posted below the "back" line)."""
        board.hand = board.ping = board.log = None
        board.hand_key = board.lobby_key = board.summary_key = None
        board.turn = None
        if board.thread is None:
            board.lobby = None
        if table.match is not None and table.match.hand is not None:
            board.hand_number = table.match.hand_number
            board.maker = table.match.hand.maker
        name = GAME_NAMES[table.game]
        lobby_title = f"{name} table #{table.id} — lobby"
        hand_title = f"{name} · table #{table.id} · hand "
        for message in await self.delivery.recent_own(board, place):
            title = (message.embeds[0].title or "") if message.embeds else ""
            if title == lobby_title and table.status is TableStatus.LOBBY and board.lobby is None:
                board.lobby = message.id
            elif title.startswith(hand_title) and not title.endswith("over") and message.components:
                text = "Continued below: Trumpf restarted."
                screen = closed_screen(table, title + " — continued below", text)
                await self.delivery.edit(board, place, message.id, screen)

    # --- the table as it is now -----------------------------------------------------------------

    async def _show_state(
        self, board: Board, channel: Any, place: Any, table: Table, names: Any
    ) -> None:
        status = table.status
        if status is TableStatus.LOBBY:
            await self._upsert_lobby(board, channel, table, names)
            return
        if board.lobby is not None and not board.lobby_done and place is channel:
            await self.delivery.edit(board, channel, board.lobby, lobby_screen(table, names))
        board.lobby_done = True
        if status is TableStatus.PLAYING:
            await self._upsert_hand(board, place, table, names)
            await self._summary(board, channel, table, names)
            await self._refresh_panels(table)  # first: one that cannot show the turn is pinged
            await self._turn(board, place, table)
        elif status is TableStatus.FINISHED:
            board.closed = True
            await self._close_hand(board, place, table, names)
            await self._delete_ping(board, place)
            await self._refresh_panels(table)
            await self._match_result(board, channel, place, table, names)
        elif status is TableStatus.CANCELLED:
            board.closed = True
            await self._delete_ping(board, place)
            title, text = f"Table #{table.id} — cancelled", "This table was cancelled."
            for where, message_id in ((channel, board.lobby), (place, board.hand)):
                if message_id is not None:
                    await self.delivery.edit(
                        board, where, message_id, closed_screen(table, title, text)
                    )
            board.lobby = board.hand = None
            self.bot.panels.forget(table.id)
            if board.thread is not None:
                await archive_soon(board.thread)

    async def _summary(self, board: Board, channel: Any, table: Table, names: Any) -> None:
        """The channel's one line about a table that plays in its thread."""
        if board.thread is None or board.lobby is None:
            return
        screen = summary_screen(table, board.thread_id, names)
        if screen.key != board.summary_key:
            await self.delivery.edit(board, channel, board.lobby, screen)
            board.summary_key = screen.key

    async def _summary_paused(self, board: Board, table: Table) -> None:
        """The thread is gone, the channel is not: its summary says the table is paused."""
        channel = self.bot.get_channel(board.channel_id or 0)
        if board.thread_id is None or board.lobby is None or channel is None:
            return
        names = await self.names.learn(table.guild_id, people(table))
        screen = summary_screen(table, None, names)
        await self.delivery.edit(board, channel, board.lobby, screen)
        board.summary_key = screen.key

    async def _summary_moved(
        self, board: Board, old: tuple[int | None, int | None], table: Table, place: Any
    ) -> None:
        """The old summary of a resumed table points to where it plays on."""
        channel_id, message_id = old
        channel = self.bot.get_channel(channel_id or 0)
        if channel is not None and message_id is not None and message_id != board.lobby:
            await self.delivery.edit(board, channel, message_id, moved_summary(table, place.id))

    async def _match_result(
        self, board: Board, channel: Any, place: Any, table: Table, names: Any
    ) -> None:
        """The score sheet where it was played (unless the last hand's result carried it);
        in the channel, the summary becomes the result, with Play again."""
        if board.result is None:
            screen = result_screen(table, names=names, again=place is channel)
            message = await self.delivery.send(board, place, screen)
            board.result = message.id if message else None
        if board.thread is not None and board.lobby is not None and board.summary_key != "done":
            screen = result_screen(table, names=names)
            await self.delivery.edit(board, channel, board.lobby, screen)
            board.summary_key = "done"
            await archive_soon(board.thread)

    async def _upsert_lobby(self, board: Board, channel: Any, table: Table, names: Any) -> None:
        screen = lobby_screen(table, names)
        if board.lobby is not None and screen.key == board.lobby_key:
            return
        if board.lobby is not None and await self.delivery.edit(
            board, channel, board.lobby, screen
        ):
            board.lobby_key = screen.key
            return
        message = await self.delivery.send(board, channel, screen)
        board.lobby, board.lobby_key = (message.id, screen.key) if message else (None, None)

    async def _upsert_hand(self, board: Board, place: Any, table: Table, names: Any) -> None:
        if table.match is None or table.match.hand is None:
            return
        screen = board_screen(table, names, board.slowed)
        if table.match.hand_number != board.hand_number or board.hand is None:
            if board.hand is not None:
                await self._close_hand(board, place, table, names)
            board.hand_number = table.match.hand_number
        elif screen.key == board.hand_key:
            return
        elif await self.delivery.edit(board, place, board.hand, screen):
            board.hand_key = screen.key
            return
        message = await self.delivery.send(board, place, screen)
        board.hand, board.hand_key = (message.id, screen.key) if message else (None, None)

    async def _close_hand(self, board: Board, place: Any, table: Table, names: Any) -> None:
        if board.hand is None:
            return
        screen = hand_over_screen(table, board.hand_number, board.scored, board.annulled, names)
        await self.delivery.edit(board, place, board.hand, screen)
        board.hand, board.hand_key = None, None

    # --- the hand log and the hand's result ---------------------------------------------------

    async def _log(self, board: Board, place: Any, lines: list[str], force: bool = False) -> None:
        """Lines about the hand go into its log, one message edited as they come; outside
        a hand (a lobby, a pause) they are posted as they are."""
        if not lines:
            return
        if board.hand is None and board.log is None and not force:
            await self._post_lines(board, place, lines)
            return
        if len("\n".join(board.log_lines + lines)) > MESSAGE_LIMIT:
            board.log, board.log_lines = None, []  # full: the hand goes on in a second log
        board.log_lines += lines
        lines.clear()
        screen = Screen(content="\n".join(board.log_lines))
        if board.log is not None and await self.delivery.edit(board, place, board.log, screen):
            return
        message = await self.delivery.send(board, place, screen)
        board.log = message.id if message else None

    async def _hand_result(
        self, board: Board, channel: Any, place: Any, table: Table, scored: HandScored, names: Any
    ) -> None:
        """The hand's result as a message of its own; the match's last one carries the
        score sheet, and says why the match ended if that was in the middle of the hand."""
        text = hand_result_line(table, scored, board.maker)  # content: mentions render
        if table.game == "schieber" and board.tricks < 9:
            text += "\n" + match_end_line(table, scored.scores, board.last_credit)
        match = table.match
        last = match is not None and match.winner is not None
        last = last and match.hand_number == scored.hand_number
        hand = scored.hand_number
        if not last:
            await self.delivery.send(board, place, with_review_button(Screen(text), table.id, hand))
            return
        sheet = result_screen(table, names=names, again=place is channel)
        screen = with_review_button(Screen(text, sheet.embed, sheet.buttons), table.id, hand)
        message = await self.delivery.send(board, place, screen)
        board.result = message.id if message else None

    # --- turns and private hands --------------------------------------------------------------

    async def _turn(self, board: Board, place: Any, table: Table) -> None:
        """Mention the person to move if their private hand cannot show it."""
        seat = table.to_move
        if seat is None or table.seats[seat].played_by_bot:
            await self._delete_ping(board, place)
            board.turn = None
            return
        user = table.seats[seat].user
        assert user is not None
        if board.turn == (table.seq, seat):
            return
        board.turn = (table.seq, seat)
        await self._delete_ping(board, place)
        if not self.bot.panels.is_fresh(table.id, user):
            await self._ping(board, place, table, user)

    async def _ping(
        self, board: Board, place: Any, table: Table, user: str, warning: float | None = None
    ) -> None:
        await self._delete_ping(board, place)
        screen = turn_ping(table, user, stale=self.bot.panels.went_stale(table.id, user))
        if warning is not None:
            text = f"⏳ {mention(user)}, your clock at table #{table.id} runs out soon"
            screen = Screen(f"{text} (<t:{int(warning)}:R>): play, or a bot plays for you.")
        mentions = (
            discord.AllowedMentions(users=[discord.Object(int(user))]) if user.isdigit() else QUIET
        )
        message = await self.delivery.send(board, place, screen, mentions)
        board.ping = message.id if message else None

    async def _delete_ping(self, board: Board, place: Any) -> None:
        if board.ping is None:
            return
        message_id, board.ping = board.ping, None
        await self.delivery.delete(board, place, message_id)

    async def _refresh_panels(self, table: Table) -> None:
        for s in table.seats:
            if s.user is not None:
                await self.bot.panels.refresh(table.id, s.user)

    async def _post_lines(self, board: Board, place: Any, lines: list[str]) -> None:
        for text in chunks(lines):
            await self.delivery.send(board, place, Screen(content=text))
        lines.clear()
