"""Requests to a table's channel: retried once, then logged; never raising into a table.

A deleted message makes an edit answer False (the announcer posts it again); a channel
that is gone or not Discord's marks the table's board as lost, and nothing more is sent.
A channel Discord no longer knows (10003 Unknown Channel), or one where Trumpf may no
longer post (403), also sets the board's ``pause_for``: the announcer then has the
service pause the table rather than let clocks and bots play it out unseen.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

import discord

from cogs.buttons import message_kwargs
from cogs.screens import Screen
from tables.service import CHANNEL_DELETED, THREAD_GONE

log = logging.getLogger(__name__)
T = TypeVar("T")
QUIET = discord.AllowedMentions.none()
NO_POSTING = "Trumpf may no longer post in its channel"  # a reason a table is paused for
ARCHIVED_THREAD = 50083  # Discord's code for a request to an archived thread


class MessageGone(Exception):
    """The message to edit was deleted."""


class Target(Protocol):
    """What the delivery needs of a table's board."""

    table_id: int
    channel_id: int | None
    lost: bool
    pause_for: str | None


class Delivery:
    def __init__(self, bot: discord.Client, retry_s: float = 1.0) -> None:
        self.bot = bot
        self.retry_s = retry_s  # the wait before the one retry of a failed request

    async def channel(self, board: Target, channel_id: str) -> Any:
        """The table's channel, or None if it is gone (then the board is lost)."""
        if board.lost:
            return None
        if not channel_id.isdigit():
            board.lost = True  # not a Discord table (the console's, say)
            return None
        board.channel_id = int(channel_id)
        channel = self.bot.get_channel(board.channel_id)
        if channel is not None:
            return channel
        try:
            return await self.bot.fetch_channel(board.channel_id)
        except discord.NotFound:
            board.lost, board.pause_for = True, CHANNEL_DELETED
            log.warning("table %s: channel %s is gone", board.table_id, channel_id)
        except discord.Forbidden:
            board.lost, board.pause_for = True, NO_POSTING
            log.warning("table %s: channel %s cannot be seen", board.table_id, channel_id)
        except discord.HTTPException as e:
            log.warning("table %s: channel %s unreachable: %s", board.table_id, channel_id, e)
        return None

    async def send(
        self,
        board: Target,
        channel: Any,
        screen: Screen,
        mentions: discord.AllowedMentions = QUIET,
    ) -> discord.Message | None:
        def send() -> Awaitable[discord.Message]:
            return channel.send(allowed_mentions=mentions, **message_kwargs(screen))

        with contextlib.suppress(MessageGone):
            return await self.call(board, send)
        return None

    async def edit(self, board: Target, channel: Any, message_id: int, screen: Screen) -> bool:
        """Edit a message; False if it was deleted (the caller posts it again)."""

        def edit() -> Awaitable[Any]:
            message = channel.get_partial_message(message_id)
            return message.edit(allowed_mentions=QUIET, **message_kwargs(screen, edit=True))

        try:
            await self.call(board, edit)
        except MessageGone:
            return False
        return True

    async def recent_own(self, board: Target, channel: Any, limit: int = 100) -> list[Any]:
        """The bot's own messages among the channel's latest (Read Message History)."""
        me = self.bot.user
        try:
            return [m async for m in channel.history(limit=limit) if me and m.author.id == me.id]
        except discord.HTTPException as e:
            log.warning("table %s: cannot read the channel's history: %s", board.table_id, e)
            return []

    async def delete(self, board: Target, channel: Any, message_id: int) -> None:
        with contextlib.suppress(MessageGone):
            await self.call(board, lambda: channel.get_partial_message(message_id).delete())

    async def call(self, board: Target, request: Callable[[], Awaitable[T]]) -> T | None:
        """One request, retried once on a server error or a rate limit; never raises
        except :class:`MessageGone`."""
        for attempt in (1, 2):
            try:
                return await request()
            except discord.NotFound as e:
                if e.code == 10008:  # Unknown Message
                    raise MessageGone from e
                board.lost = True  # Unknown Channel: stop talking to it
                if e.code == 10003:
                    board.pause_for = CHANNEL_DELETED
                log.warning("table %s: its channel is gone (%s)", board.table_id, e)
                return None
            except discord.Forbidden as e:
                board.lost, board.pause_for = True, board.pause_for or NO_POSTING
                log.warning("table %s: missing permission in its channel: %s", board.table_id, e)
                return None
            except discord.HTTPException as e:
                if e.code == ARCHIVED_THREAD:  # archived by someone: paused as if deleted
                    board.lost, board.pause_for = True, THREAD_GONE
                    log.warning("table %s: its thread is archived", board.table_id)
                    return None
                if attempt == 1 and (e.status >= 500 or e.status == 429):
                    await asyncio.sleep(self.retry_s)
                    continue
                log.warning("table %s: Discord refused a request: %s", board.table_id, e)
                return None
        return None
