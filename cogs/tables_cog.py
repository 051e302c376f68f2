"""Slash commands: each turns into one or two service calls and a private answer.

``/jass schieber``, ``/jass klaberjass`` and ``/jass quick`` open a table in the channel
(the announcer posts its lobby there); ``/jass hand``, ``leave``, ``cancel``, ``rules``
and ``export`` act on the caller's table in the channel, or on the one named.

A table whose channel is deleted is paused by the service (a lobby is cancelled): no
clock, no bots.  ``/jass resume`` moves the caller's paused table to the channel where it
is used (a player, the host or a server admin may), and play goes on there; until then
any table command of its players says it is paused and how to resume it.
"""

from __future__ import annotations

import io
import json
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.buttons import message_kwargs
from cogs.handlers import error_text, is_admin, user_of
from cogs.render import GAME_NAMES
from cogs.rules_screen import rules_screen
from cogs.screens import clock_line, rules_line
from cogs.settings_screen import settings_command
from tables import bots
from tables.decks import Deck
from tables.errors import TableError, TablePaused, UnknownTable
from tables.model import Table, TableOptions, TableStatus

if TYPE_CHECKING:
    from cogs.app import TrumpfBot

log = logging.getLogger(__name__)
Choice = app_commands.Choice
LEVELS = [Choice(name=n.capitalize(), value=n) for n in bots.LEVELS]
GAMES = [
    Choice(name="Schieber (4 players)", value="schieber"),
    Choice(name="Klaberjass (2 players)", value="klaberjass"),
]
DECKS = [
    Choice(name="French (♠ ♥ ♦ ♣)", value="french"),
    Choice(name="Swiss-German (Rosen, Schellen, Eicheln, Schilten)", value="swiss"),
]
PRESETS = [
    Choice(name="Pagat 3000 (×1 ×2 ×3 ×4, Weis, Stöck)", value="pagat-3000"),
    Choice(name="Swisslos 2500 (×1 ×2 ×3 ×3)", value="swisslos-2500"),
    Choice(name="Tournament 1000 (no multipliers, no Weis)", value="tournament-1000"),
]
# What the bot needs in a channel to host a table there, as Discord names them.
NEEDED = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("read_message_history", "Read Message History"),
)


def lobby_channel(interaction: discord.Interaction) -> str:
    """Where the tables of a command's channel were opened: a thread's own channel, since a
    table plays in a thread opened from its lobby (a table opened in a thread: the thread)."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.owner_id == interaction.client.user.id:
        return str(channel.parent_id)
    return str(interaction.channel_id)


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks in the interaction's channel, by their names."""
    have = interaction.app_permissions
    needed = list(NEEDED)
    if isinstance(interaction.channel, discord.Thread):
        needed[1] = ("send_messages_in_threads", "Send Messages in Threads")
    return [label for flag, label in needed if not getattr(have, flag)]


class TablesCog(commands.Cog, name="Tables"):
    jass = app_commands.Group(
        name="jass",
        description="Swiss Schieber Jass and two-player Klaberjass in this channel",
        guild_only=True,
    )

    def __init__(self, bot: TrumpfBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Private hands follow the tables from now on, those saved before a restart too."""
        await self.bot.panels.start()

    @property
    def service(self) -> Any:
        return self.bot.service

    # --- opening tables -------------------------------------------------------------------

    @jass.command(name="schieber", description="Open a Schieber table (4 players, 2 teams) here")
    @app_commands.describe(
        preset="The rules: points to win and the multipliers (default: the server's)",
        target="Points to win, instead of the preset's",
        clock="Seconds for a card (twice that for the contract); 0 for no clock",
        bots="How many seats to fill with bots now (you take one seat)",
        level="How well the bots play (default: the server's)",
        deck="The cards: French or Swiss-German (default: the server's)",
    )
    @app_commands.choices(preset=PRESETS, level=LEVELS, deck=DECKS)
    async def schieber(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        target: app_commands.Range[int, 100, 10000] | None = None,
        clock: app_commands.Range[int, 0, 600] | None = None,
        bots: app_commands.Range[int, 0, 3] = 0,
        level: str | None = None,
        deck: str | None = None,
    ) -> None:
        rules: dict[str, Any] = {"preset": preset} if preset else {}
        if target is not None:
            rules["target"] = target
        await self._open(interaction, "schieber", rules, clock, bots, level, deck=deck)

    @jass.command(name="klaberjass", description="Open a two-player Klaberjass table here")
    @app_commands.describe(
        target="Points to win (default 501)",
        clock="Seconds for a card (twice that for a bid); 0 for no clock",
        bot="Fill the other seat with a bot now",
        level="How well the bot plays (default: the server's)",
    )
    @app_commands.choices(level=LEVELS)
    async def klaberjass(
        self,
        interaction: discord.Interaction,
        target: app_commands.Range[int, 50, 5000] | None = None,
        clock: app_commands.Range[int, 0, 600] | None = None,
        bot: bool = False,
        level: str | None = None,
    ) -> None:
        rules = {} if target is None else {"target": target}
        await self._open(interaction, "klaberjass", rules, clock, int(bot), level)

    @jass.command(name="quick", description="Play at once: bots fill every other seat")
    @app_commands.describe(
        game="Which game",
        level="How well the bots play (default: the server's)",
        deck="The cards for Schieber: French or Swiss-German (Klaberjass is always French)",
    )
    @app_commands.choices(game=GAMES, level=LEVELS, deck=DECKS)
    async def quick(
        self,
        interaction: discord.Interaction,
        game: str = "schieber",
        level: str | None = None,
        deck: str | None = None,
    ) -> None:
        seats = 3 if game == "schieber" else 1
        await self._open(
            interaction, game, {}, None, seats, level, start=True, quick=True, deck=deck
        )

    @jass.command(name="settings", description="This server's defaults for new tables")
    @app_commands.describe(
        threads="Play each table in a thread of its own",
        clock="Default seconds for a card (twice that to choose); 0 for no clock",
        level="Default bot level",
        preset="Default Schieber rules",
        idle="Minutes without a press before a table in play pauses; 0: never",
        tables="Open tables this server may have at once (lobbies, in play, paused)",
        deck="Default cards for Schieber: French or Swiss-German",
    )
    @app_commands.choices(level=LEVELS, preset=PRESETS, deck=DECKS)
    async def settings(
        self,
        interaction: discord.Interaction,
        threads: bool | None = None,
        clock: app_commands.Range[int, 0, 600] | None = None,
        level: str | None = None,
        preset: str | None = None,
        idle: app_commands.Range[int, 0, 1440] | None = None,
        tables: app_commands.Range[int, 1, 1000] | None = None,
        deck: str | None = None,
    ) -> None:
        changes = {"threads": threads, "clock_s": clock, "bot_level": level, "preset": preset}
        changes |= {"idle_min": idle, "max_tables": tables, "deck": deck}
        await settings_command(self.bot, interaction, changes)

    async def _refuse_channel(self, interaction: discord.Interaction) -> bool:
        """Say which permissions the bot lacks in this channel; True if it lacks any."""
        missing = missing_permissions(interaction)
        if not missing:
            return False
        names = ", ".join(f"**{m}**" for m in missing)
        await interaction.response.send_message(
            f"I cannot host a table in this channel: I am missing the {names} "
            "permission here. Ask someone with Manage Server to allow it, or use another "
            "channel.",
            ephemeral=True,
        )
        return True

    async def _open(
        self,
        interaction: discord.Interaction,
        game: str,
        rules: dict[str, Any],
        clock: int | None,
        bots: int,
        level: str | None,
        start: bool = False,
        quick: bool = False,
        deck: str | None = None,
    ) -> None:
        if await self._refuse_channel(interaction):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        defaults = await self.service.server_settings(str(interaction.guild_id))
        if game == "schieber":
            rules = {"preset": defaults.preset, **rules}
        card, contract = defaults.clocks(self.bot.settings, clock)
        level = level or defaults.bot_level
        user = user_of(interaction)
        # The server's deck is for Schieber; the service refuses Klaberjass asked in Swiss.
        chosen = Deck(deck) if deck else defaults.deck if game == "schieber" else Deck.FRENCH
        options = TableOptions(rules, card, contract, chosen)
        try:
            table = await self.service.create_table(
                game, str(interaction.guild_id), str(interaction.channel_id), user, options,
                quick=quick,
            )  # fmt: skip
            for _ in range(bots):
                table = await self.service.add_bot(table.id, user, level)
            if start:
                table = await self.service.start(table.id, user)
        except TableError as e:
            await interaction.followup.send(error_text(e), ephemeral=True)
            return
        name = GAME_NAMES[game]
        where = "It has started below." if start else "The lobby is below: take seats, then Start."
        cards = "; Swiss-German cards" if table.options.deck is Deck.SWISS else ""
        await interaction.followup.send(
            f"{name} table #{table.id} is open ({rules_line(table)}; {clock_line(table)}{cards}). "
            f"{where}",
            ephemeral=True,
        )

    # --- at a table -------------------------------------------------------------------------

    @jass.command(name="hand", description="Show your cards at your table in this channel")
    @app_commands.describe(table="The table number, if you sit at more than one here")
    async def hand(self, interaction: discord.Interaction, table: int | None = None) -> None:
        try:
            found = self._find(interaction, table)
            await self.bot.handlers.open_panel(interaction, found.id)
        except TableError as e:
            await interaction.response.send_message(error_text(e), ephemeral=True)

    @jass.command(name="leave", description="Leave your table (in a match a bot takes your seat)")
    @app_commands.describe(table="The table number, if you sit at more than one here")
    async def leave(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            found = self._find(interaction, table)
            left = await self.service.leave(found.id, user_of(interaction))
        except TableError as e:
            await interaction.followup.send(error_text(e), ephemeral=True)
            return
        if left.status is TableStatus.PLAYING:
            level = self.bot.settings.stand_in_bot
            text = f"You left table #{left.id}; a {level} bot plays your seat from now on."
        else:
            text = f"You left table #{left.id}."
        await interaction.followup.send(text, ephemeral=True)

    @jass.command(name="cancel", description="Cancel a table here (its host, or Manage Server)")
    @app_commands.describe(table="The table number (default: your table in this channel)")
    async def cancel(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            mine = table is None and not is_admin(interaction)
            found = self._find(interaction, table, mine, paused_ok=True)
            await self.service.cancel(found.id, user_of(interaction), admin=is_admin(interaction))
        except TableError as e:
            await interaction.followup.send(error_text(e), ephemeral=True)
            return
        await interaction.followup.send(f"Table #{found.id} is cancelled.", ephemeral=True)

    @jass.command(name="rules", description="Show the rules of the table in this channel")
    @app_commands.describe(table="The table number (default: the newest here)")
    async def rules(self, interaction: discord.Interaction, table: int | None = None) -> None:
        try:
            found = self._find(interaction, table, mine=False)
        except TableError as e:
            await interaction.response.send_message(error_text(e), ephemeral=True)
            return
        await interaction.response.send_message(
            ephemeral=True, **message_kwargs(rules_screen(found, self.bot.settings.docs_url))
        )

    @jass.command(name="export", description="Download a finished hand as a JSON hand record")
    @app_commands.describe(
        table="The table number (default: your newest table here)",
        hand="The hand number (default: the last one finished)",
    )
    async def export(
        self,
        interaction: discord.Interaction,
        table: int | None = None,
        hand: app_commands.Range[int, 1, 10000] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table_id = table if table is not None else await self._recent(interaction)
            record = await self.service.hand_record(table_id, hand, str(interaction.guild_id))
        except TableError as e:
            await interaction.followup.send(error_text(e), ephemeral=True)
            return
        number = hand or "last"
        data = json.dumps(record, indent=2, ensure_ascii=False).encode()
        file = discord.File(
            io.BytesIO(data), filename=f"trumpf-table-{table_id}-hand-{number}.json"
        )
        await interaction.followup.send(
            f"The {'last finished' if hand is None else f'number {hand}'} hand of table "
            f"#{table_id}; check it with `python -m engine.replay`.",
            file=file,
            ephemeral=True,
        )

    @jass.command(
        name="resume", description="Play a paused table on here (its channel was deleted)"
    )
    @app_commands.describe(table="The table number, if you have more than one paused table")
    async def resume(self, interaction: discord.Interaction, table: int | None = None) -> None:
        if await self._refuse_channel(interaction):
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        user, admin = user_of(interaction), is_admin(interaction)
        try:
            table_id = table if table is not None else self._paused(interaction)
            here = lobby_channel(interaction)  # in a table's thread: its channel, a fresh thread
            moved = await self.service.resume(
                table_id, user, str(interaction.guild_id), here, admin
            )
        except TableError as e:
            await interaction.followup.send(error_text(e), ephemeral=True)
            return
        name = GAME_NAMES[moved.game]
        await interaction.followup.send(
            f"{name} table #{moved.id} plays on here; its clock starts afresh. Press "
            "**My hand** on the table message for your cards.",
            ephemeral=True,
        )

    def _paused(self, interaction: discord.Interaction) -> int:
        """The caller's one paused table in this server (an admin's: any, if they have
        none of their own)."""
        user = user_of(interaction)
        paused = self._paused_here(interaction)
        mine = [t for t in paused if t.host == user or t.seat_of(user) is not None]
        if not mine and is_admin(interaction):
            mine = paused
        if not mine:
            raise TableError("You have no paused table in this server.")
        if len(mine) > 1:
            listed = ", ".join(f"#{t.id} ({GAME_NAMES[t.game]})" for t in sorted(mine, key=_id))
            raise TableError(
                f"Several tables are paused: {listed}. Name the one to play on here with `table`."
            )
        return mine[0].id

    # --- finding the table meant --------------------------------------------------------------

    def _find(
        self,
        interaction: discord.Interaction,
        table_id: int | None,
        mine: bool = True,
        paused_ok: bool = False,
    ) -> Table:
        """The table named, else the caller's (``mine``) or the newest open one here; with
        none here, the caller's paused table elsewhere: returned if ``paused_ok``, else
        TablePaused says how to resume it."""
        table_id = table_id or self.bot.announcer.table_in_thread(interaction.channel_id)
        if table_id is not None:
            table = self.service.table(table_id)
            if table.guild_id != str(interaction.guild_id):
                raise UnknownTable(table_id)  # another server's tables are none of ours here
            return table
        user = user_of(interaction) if mine else None
        found = self.service.tables(str(interaction.guild_id), lobby_channel(interaction), user)
        if not found and user is not None:  # their table may be paused, its channel gone
            paused = [t for t in self._paused_here(interaction) if t.seat_of(user) is not None]
            if paused:
                table = max(paused, key=_id)
                if paused_ok:
                    return table
                raise TablePaused(table.id, table.pause_reason)
        if not found:
            raise TableError(
                "You do not sit at an open table in this channel."
                if mine
                else "There is no open table in this channel."
            )
        return max(found, key=_id)

    def _paused_here(self, interaction: discord.Interaction) -> list[Table]:
        """The paused tables of this server."""
        tables = self.service.tables(str(interaction.guild_id))
        return [t for t in tables if t.status is TableStatus.PAUSED]

    async def _recent(self, interaction: discord.Interaction) -> int:
        """The user's newest table in this channel, open or finished (before a restart too)."""
        guild, channel = str(interaction.guild_id), lobby_channel(interaction)
        table_id = self.bot.announcer.table_in_thread(interaction.channel_id)
        table_id = table_id or await self.service.latest_table(guild, channel, user_of(interaction))
        if table_id is None:
            raise TableError("You have no table in this channel; name one with `table`.")
        return table_id

    # --- what Discord tells us --------------------------------------------------------------

    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.bot.announcer.message_deleted(payload.message_id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A table's thread archived by someone mid-match: handled as if it was deleted."""
        if payload.data.get("thread_metadata", {}).get("archived"):
            self.bot.announcer.thread_closed(payload.thread_id)

    async def _channel_gone(self, channel_id: int) -> None:
        """Post nothing more there; the service pauses its tables in play, cancels lobbies."""
        self.bot.announcer.channel_deleted(channel_id)
        try:
            await self.service.channel_deleted(str(channel_id))
        except TableError as e:
            log.error("tables of deleted channel %s could not be paused: %s", channel_id, e)

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        log.error(
            "/%s failed", interaction.command and interaction.command.qualified_name, exc_info=error
        )
        text = "Something went wrong on my side; nothing was changed. Try again in a moment."
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass


def _id(table: Table) -> int:
    return table.id


async def setup(bot: TrumpfBot) -> None:
    await bot.add_cog(TablesCog(bot))
