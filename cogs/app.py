"""The Discord bot: opens the table service, registers the buttons, loads the commands.

``bot.py`` runs it when a token is set.  The service's bots and turn clocks are driven by
a ``discord.ext.tasks`` loop that asks the service for due moves a few times a second.
It starts once Discord has said which channels exist: a table whose channel was deleted
while Trumpf was down is paused first, so no bot or clock moves it meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.ext import commands, tasks

from cogs.announcer import Announcer
from cogs.buttons import TrumpfButton
from cogs.emojis import start_card_emojis
from cogs.handlers import Handlers
from cogs.panels import Panels
from tables.limits import Limits
from tables.model import Table, TableStatus
from tables.service import TableService
from tables.settings import Settings

log = logging.getLogger(__name__)
EXTENSIONS = ("cogs.tables_cog", "cogs.league_cog")
TICK_S = 0.25  # how often bots and turn clocks are looked at


class DiscordClock:
    """The service's clock: Discord's notion of now (a test under simcord moves it)."""

    def now(self) -> float:
        return discord.utils.utcnow().timestamp()


class TrumpfBot(commands.Bot):
    service: TableService

    def __init__(
        self,
        settings: Settings,
        *,
        dev_guild_id: int | None = None,
        tick_s: float = TICK_S,
        interval_s: float = 1.0,
        retry_s: float = 1.0,
        service_options: dict[str, Any] | None = None,
    ) -> None:
        """``interval_s``: at most one round of messages a table per interval (coalescing);
        ``retry_s``: the wait before retrying a failed request; ``service_options`` go to
        :meth:`TableService.open` (``seeds``, ``bots``, ``clock``)."""
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.dev_guild_id = dev_guild_id
        self.service_options = {
            "clock": DiscordClock(),
            "limits": Limits(),  # open tables per member and server, /jass quick's cooldown
            **(service_options or {}),
        }
        self.announcer = Announcer(
            self, interval_s=interval_s, retry_s=retry_s, threads_on=self._threads_on
        )
        self.panels = Panels(self)
        self.handlers = Handlers(self)
        self.ticker.change_interval(seconds=tick_s)
        self._clocks: asyncio.Task[None] | None = None  # starts the ticker once ready
        self._card_emojis: asyncio.Task[Any] | None = None

    async def setup_hook(self) -> None:
        self.service = await TableService.open(
            self.settings,
            autorun=False,  # the ticker below drives bots and clocks
            subscribers=[self.announcer.on_event],
            **self.service_options,
        )
        for table_id, reason in self.service.damaged.items():
            log.error("table %s could not be resumed: %s", table_id, reason)
        self.add_dynamic_items(TrumpfButton)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.sync_commands()
        self._clocks = asyncio.create_task(self._start_clocks())
        self._card_emojis = start_card_emojis(self)  # cards show as text until it is done

    async def _threads_on(self, guild_id: int) -> bool:
        """The server's setting (``/jass settings``): does a table play in a thread?"""
        return (await self.service.server_settings(str(guild_id))).threads

    async def _start_clocks(self) -> None:
        """Once ready: pause the tables whose channel is gone, then run bots and clocks."""
        await self.wait_until_ready()
        try:
            for table in self.service.tables():
                if table.status is not TableStatus.PAUSED and await self._channel_gone(table):
                    await self.service.channel_deleted(table.channel_id)
        except Exception:  # the announcer pauses it when it finds the channel gone
            log.exception("looking for tables whose channel is gone failed")
        self.ticker.start()

    async def _channel_gone(self, table: Table) -> bool:
        """True if Discord no longer knows the table's channel (not only: not cached, as
        an archived thread is not)."""
        if not table.channel_id.isdigit() or self.get_channel(int(table.channel_id)):
            return False
        try:
            await self.fetch_channel(int(table.channel_id))
        except discord.NotFound:
            return True
        except discord.HTTPException as e:
            log.warning("table %s: its channel cannot be looked up: %s", table.id, e)
        return False

    async def sync_commands(self) -> None:
        """To the development server at once when DEV_GUILD_ID is set, else globally."""
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to server %s", len(synced), self.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally (they may take a while to show)", len(synced))

    @tasks.loop(seconds=TICK_S)
    async def ticker(self) -> None:
        try:
            self.service.fire_due()  # each table's move runs on its own: none waits for another
        except Exception:  # the loop must keep running whatever one table does
            log.exception("running bots and clocks failed")

    async def close(self) -> None:
        for task in (self._clocks, self._card_emojis):
            if task is not None:
                task.cancel()
        self.ticker.cancel()
        if hasattr(self, "service"):
            await self.announcer.idle()
            await self.service.close()
        await super().close()
