"""A table's own thread: opened from its lobby message when the table starts, found again
after a restart, told to archive itself once the match is over.

Where Trumpf may not open threads (no **Create Public Threads** or **Send Messages in
Threads** in the channel), where the channel cannot hold threads, or where the server
turned threads off, the table plays in its channel as before.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

log = logging.getLogger(__name__)
ThreadsOn = Callable[[int], Awaitable[bool]]  # a server's setting: play tables in threads?
PLAYING_ARCHIVE_MIN = 1440  # a day without a message: Discord archives the thread
FINISHED_ARCHIVE_MIN = 60  # once the match is over: an hour after the last message


def may_open_thread(channel: Any) -> bool:
    """True if the channel holds threads and Trumpf may open one and post in it."""
    if not isinstance(channel, discord.TextChannel):
        return False
    have = channel.permissions_for(channel.guild.me)
    return have.create_public_threads and have.send_messages_in_threads


async def open_thread(channel: Any, message_id: int, name: str) -> discord.Thread | None:
    """A public thread from the lobby message, or None (then the table plays here)."""
    try:
        message = channel.get_partial_message(message_id)
        return await message.create_thread(name=name, auto_archive_duration=PLAYING_ARCHIVE_MIN)
    except discord.HTTPException as e:
        log.warning("no thread for a table in channel %s: %s", channel.id, e)
        return None


async def find_thread(bot: discord.Client, thread_id: int) -> discord.Thread | None:
    """The table's thread after a restart; None if it is gone, archived or unreachable."""
    thread = bot.get_channel(thread_id)
    if thread is None:
        try:
            thread = await bot.fetch_channel(thread_id)
        except discord.HTTPException as e:
            log.warning("thread %s is gone: %s", thread_id, e)
            return None
    if not isinstance(thread, discord.Thread) or thread.archived:
        return None
    return thread


async def archive_soon(thread: Any) -> None:
    """The match is over: let Discord archive the thread an hour after its last message."""
    try:
        await thread.edit(auto_archive_duration=FINISHED_ARCHIVE_MIN)
    except discord.HTTPException as e:
        log.info("thread %s keeps its archive time: %s", getattr(thread, "id", "?"), e)
