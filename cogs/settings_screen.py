"""``/jass settings``: a server's defaults for new tables, shown and changed privately.

Only members with Manage Server may use it; a table opened without an option takes the
server's default for it (:meth:`tables.service.TableService.server_settings`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from cogs.handlers import error_text, is_admin, user_of
from tables.errors import TableError
from tables.idle import DEFAULT_IDLE_MIN
from tables.limits import MEMBER_TABLES, QUICK_COOLDOWN_S
from tables.server_settings import ServerSettings
from tables.settings import Settings

if TYPE_CHECKING:
    from cogs.app import TrumpfBot

COLOUR = 0x5D6D7E
MEMBER_LINE = (
    f"{MEMBER_TABLES} per member, and one `/jass quick` every {QUICK_COOLDOWN_S:g} seconds"
)
REFUSED = (
    "Only members with **Manage Server** can see or change this server's settings. "
    "Tables can still be opened with any options: see `/jass schieber`."
)


def clock_text(settings: ServerSettings, fallback: Settings) -> str:
    card, contract = settings.clocks(fallback)
    if not card:
        return "no turn clock"
    text = f"{card:g} s a card, {contract or 0:g} s to choose a contract or bid"
    return text + (" (Trumpf's default)" if settings.clock_s is None else "")


def settings_embed(
    guild_name: str,
    settings: ServerSettings,
    fallback: Settings,
    changed: bool,
    idle_default: float = DEFAULT_IDLE_MIN,
) -> discord.Embed:
    embed = discord.Embed(
        title=f"Trumpf settings of {guild_name}"[:256],
        description=(
            "Saved. New tables take these defaults; tables already open keep theirs."
            if changed
            else "New tables take these defaults unless their command says otherwise."
        ),
        colour=COLOUR,
    )
    threads = (
        "on: each table plays in a thread of its own"
        if settings.threads
        else "off: tables play in the channel where they are opened"
    )
    embed.add_field(name="Threads", value=threads, inline=False)
    embed.add_field(name="Turn clock", value=clock_text(settings, fallback), inline=False)
    embed.add_field(name="Bot level", value=settings.bot_level, inline=True)
    embed.add_field(name="Schieber preset", value=settings.preset, inline=True)
    embed.add_field(name="Schieber deck", value=settings.deck.title, inline=False)
    minutes = idle_default if settings.idle_min is None else settings.idle_min
    idle = (
        f"a table in play pauses after {minutes:g} minutes without a press"
        if minutes
        else "tables in play never pause for being idle"
    ) + (" (Trumpf's default)" if settings.idle_min is None else "")
    embed.add_field(name="Idle tables", value=idle, inline=False)
    embed.add_field(
        name="Open tables",
        value=f"at most {settings.max_tables} at once; {MEMBER_LINE}",
        inline=False,
    )
    embed.set_footer(
        text="Change one with /jass settings threads: clock: level: preset: idle: tables: deck:"
    )
    return embed


async def settings_command(
    bot: TrumpfBot, interaction: discord.Interaction, changes: dict[str, Any]
) -> None:
    """``changes``: ServerSettings fields to change; None leaves one as it is."""
    if not is_admin(interaction):
        await interaction.response.send_message(REFUSED, ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    guild_id = str(interaction.guild_id)
    changed = any(v is not None for v in changes.values())
    try:
        if changed:
            current = await bot.service.change_server_settings(
                guild_id, user_of(interaction), **changes
            )
        else:
            current = await bot.service.server_settings(guild_id)
    except TableError as e:
        await interaction.followup.send(f"Nothing was changed: {error_text(e)}", ephemeral=True)
        return
    name = interaction.guild.name if interaction.guild else "this server"
    embed = settings_embed(name, current, bot.settings, changed, bot.service.default_idle_min)
    await interaction.followup.send(embed=embed, ephemeral=True)
