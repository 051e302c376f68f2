"""``/league``: the server's league table, a player's stats, recent matches, seasons.

Thin: each command parses its options, asks :mod:`tables.league`, and renders an embed.
Answers are private unless ``share`` is set.  The table pages with ◀ ▶ buttons whose
custom_id carries game, season and page, so they work after a restart.  Starting and
ending seasons and rating bots need Manage Server.
"""

from __future__ import annotations

import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.handlers import is_admin, user_of
from cogs.league_screens import (
    COLOUR,
    name,
    recent_embed,
    sheet_embed,
    stats_embed,
    table_embed,
    when,
)
from cogs.render import GAME_NAMES
from tables.errors import TableError
from tables.league import (
    ALL_TIME,
    League,
    NoMatches,
    StandingsPage,
    hand_records,
)

if TYPE_CHECKING:
    from cogs.app import TrumpfBot

log = logging.getLogger(__name__)
Choice = app_commands.Choice
GAMES = [Choice(name="Schieber", value="schieber"), Choice(name="Klaberjass", value="klaberjass")]
PAGE_TEMPLATE = r"trumpf-league:(?P<game>schieber|klaberjass):(?P<season>\d{1,9}):(?P<page>\d{1,6})"
ADMIN_ONLY = "Only members with **Manage Server** can do that."


def page_view(page: StandingsPage) -> discord.ui.View | None:
    if page.pages <= 1:
        return None
    season = ALL_TIME if page.season is None else page.season.id
    view = discord.ui.View(timeout=None)
    for label, target in (("◀", page.page - 1), ("▶", page.page + 1)):
        view.add_item(PageButton(page.game, season, target, label, not 1 <= target <= page.pages))
    return view


async def page_names(interaction: discord.Interaction, page: StandingsPage) -> dict[str, str]:
    """The display names of the people on a page (a mention for one Discord cannot name)."""
    names = interaction.client.handlers.names  # type: ignore[attr-defined]
    return {
        row.player: await names.get(interaction.guild, row.player, fallback=name(row.player))
        for row in page.rows
        if row.player.isdigit()
    }


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PAGE_TEMPLATE):
    """A page of the league table; everything it needs is in its custom_id."""

    def __init__(
        self, game: str, season: int, page: int, label: str = "▶", disabled: bool = False
    ) -> None:
        custom_id = f"trumpf-league:{game}:{season}:{max(page, 0)}"
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, custom_id=custom_id, disabled=disabled
        )
        super().__init__(button)
        self.game, self.season, self.page = game, season, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(match["game"], int(match["season"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("League")  # type: ignore[attr-defined]
        if not isinstance(cog, LeagueCog):
            return
        try:
            page = await cog.league.standings(
                str(interaction.guild_id), self.game, self.season, self.page
            )
        except TableError as e:
            await interaction.response.send_message(str(e), ephemeral=True)
            return
        view = page_view(page)
        names = await page_names(interaction, page)
        await interaction.response.edit_message(embed=table_embed(page, names), view=view)


# --- the commands ---------------------------------------------------------------------


class LeagueCog(commands.Cog, name="League"):
    group = app_commands.Group(
        name="league",
        description="This server's league: tables, ratings, stats and recent matches",
        guild_only=True,
    )
    season = app_commands.Group(
        name="season", description="League seasons (Manage Server starts and ends them)",
        parent=group,
    )  # fmt: skip

    def __init__(self, bot: TrumpfBot, league: League) -> None:
        self.bot = bot
        self.league = league

    async def cog_unload(self) -> None:
        if self.league.unsubscribe is not None:
            self.league.unsubscribe()

    @group.command(name="table", description="The league table: rank, matches, wins, rating")
    @app_commands.describe(
        game="Which game (default: the one this server plays most)",
        season="A season's name, or all-time (default: the running season, else all-time)",
        page="Which page of the table (ten players a page)",
        share="Post it in the channel for everyone (default: only you see it)",
    )
    @app_commands.choices(game=GAMES)
    async def table(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        season: str | None = None,
        page: app_commands.Range[int, 1, 10000] = 1,
        share: bool = False,
    ) -> None:
        try:
            found = await self.league.standings(guild_of(interaction), game, season, page)
        except TableError as e:
            await answer(interaction, str(e))
            return
        kwargs: dict[str, Any] = {"embed": table_embed(found, await page_names(interaction, found))}
        if (view := page_view(found)) is not None:
            kwargs["view"] = view
        await interaction.response.send_message(ephemeral=not share, **kwargs)

    @group.command(name="stats", description="A player's league record (default: yours)")
    @app_commands.describe(
        player="Whose stats (default: yours)",
        game="Only this game (default: every game they played)",
        season="Only this season, by name (default: all-time)",
        share="Post it in the channel for everyone (default: only you see it)",
    )
    @app_commands.choices(game=GAMES)
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.Member | discord.User | None = None,
        game: str | None = None,
        season: str | None = None,
        share: bool = False,
    ) -> None:
        who = str(player.id) if player is not None else user_of(interaction)
        try:
            found = await self.league.player_stats(guild_of(interaction), who, game, season)
        except NoMatches as e:
            await answer(interaction, no_matches(e, who, interaction))
            return
        except TableError as e:
            await answer(interaction, str(e))
            return
        await interaction.response.send_message(embed=stats_embed(who, found), ephemeral=not share)

    @group.command(name="recent", description="Recent matches, or one match's score sheet")
    @app_commands.describe(
        game="Only this game",
        player="Only matches this player played",
        match="A match number: its score sheet and every hand as a file",
        share="Post it in the channel for everyone (default: only you see it)",
    )
    @app_commands.choices(game=GAMES)
    async def recent(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        player: discord.Member | discord.User | None = None,
        match: app_commands.Range[int, 1] | None = None,
        share: bool = False,
    ) -> None:
        guild = guild_of(interaction)
        who = None if player is None else str(player.id)
        try:
            if match is not None:
                await self._one_match(interaction, guild, match, share)
                return
            found = await self.league.recent(guild, game, who)
        except NoMatches as e:
            await answer(interaction, no_matches(e, who, interaction))
            return
        except TableError as e:
            await answer(interaction, str(e))
            return
        title = "Recent matches" + (f" of {GAME_NAMES[game]}" if game else "")
        embed = recent_embed(found, title)
        if who is not None:
            embed.description = f"With {name(who)}\n" + (embed.description or "")
        await interaction.response.send_message(embed=embed, ephemeral=not share)

    async def _one_match(
        self, interaction: discord.Interaction, guild: str, table_id: int, share: bool
    ) -> None:
        summary = await self.league.match(guild, table_id)
        # Replaying every hand for the file can take a moment on a long match.
        await interaction.response.defer(ephemeral=not share, thinking=True)
        try:
            records = await hand_records(self.bot.service, summary)
        except TableError as e:
            log.warning("match %s: no hand records: %s", table_id, e)
            await interaction.followup.send(embed=sheet_embed(summary), ephemeral=not share)
            return
        file = discord.File(
            io.BytesIO(records.encode()), filename=f"trumpf-match-{table_id}-hands.jsonl"
        )
        await interaction.followup.send(embed=sheet_embed(summary), file=file, ephemeral=not share)

    @table.autocomplete("season")
    @stats.autocomplete("season")
    async def season_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[str]]:
        seasons = await self.league.seasons(guild_of(interaction))
        names = [s.name for s in reversed(seasons)] + ["all-time"]
        return [Choice(name=n, value=n) for n in names if current.lower() in n.lower()][:25]

    # --- seasons and options ----------------------------------------------------------

    @season.command(name="start", description="Start a named season (Manage Server)")
    @app_commands.describe(name="The season's name, e.g. Spring 2025")
    async def season_start(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 50]
    ) -> None:
        if not is_admin(interaction):
            await interaction.response.send_message(ADMIN_ONLY, ephemeral=True)
            return
        try:
            started = await self.league.start_season(
                guild_of(interaction), name, user_of(interaction)
            )
        except TableError as e:
            await interaction.response.send_message(str(e), ephemeral=True)
            return
        await interaction.response.send_message(
            f"Season **{started.name}** has started: from now on every finished match counts "
            "for it, and its ratings start afresh. The all-time table goes on beside it."
        )

    @season.command(name="end", description="End the running season (Manage Server)")
    async def season_end(self, interaction: discord.Interaction) -> None:
        if not is_admin(interaction):
            await interaction.response.send_message(ADMIN_ONLY, ephemeral=True)
            return
        try:
            ended = await self.league.end_season(guild_of(interaction), user_of(interaction))
        except TableError as e:
            await interaction.response.send_message(str(e), ephemeral=True)
            return
        await interaction.response.send_message(
            f"Season **{ended.name}** has ended after {ended.matches} matches. Its table "
            f"stays: `/league table season:{ended.name}`."
        )

    @season.command(name="list", description="Every season of this server")
    async def season_list(self, interaction: discord.Interaction) -> None:
        seasons = await self.league.seasons(guild_of(interaction))
        if not seasons:
            await interaction.response.send_message(
                "No season has been started yet; the table is all-time. Someone with Manage "
                "Server can start one with `/league season start`.",
                ephemeral=True,
            )
            return
        lines = [
            f"**{s.name}** · {when(s.started_at, 'D')} – "
            f"{'running' if s.is_open else when(s.ended_at or 0, 'D')} · {s.matches} matches"
            for s in reversed(seasons)
        ]
        embed = discord.Embed(title="Seasons", description="\n".join(lines), colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @group.command(name="rated-bots", description="Whether matches with bots are rated")
    @app_commands.describe(enabled="Rate matches with bots from now on (Manage Server)")
    async def rated_bots(
        self, interaction: discord.Interaction, enabled: bool | None = None
    ) -> None:
        guild = guild_of(interaction)
        if enabled is None:
            on = await self.league.rate_bots(guild)
            await interaction.response.send_message(
                "Matches with bots at the table **are rated** here; each bot level has its "
                "own rating." if on else "Matches with bots at the table are counted but "
                "**not rated** here.",
                ephemeral=True,
            )  # fmt: skip
            return
        if not is_admin(interaction):
            await interaction.response.send_message(ADMIN_ONLY, ephemeral=True)
            return
        await self.league.set_rate_bots(guild, enabled)
        await interaction.response.send_message(
            "From now on, matches with bots are rated; each bot level has its own rating. "
            "Matches counted before stay as they were."
            if enabled
            else "From now on, matches with bots are counted but not rated. Matches counted "
            "before stay as they were."
        )

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        log.error("/%s failed", interaction.command and interaction.command.qualified_name,
                  exc_info=error)  # fmt: skip
        await answer(interaction, "Something went wrong on my side; try again in a moment.")


def guild_of(interaction: discord.Interaction) -> str:
    return str(interaction.guild_id)


def no_matches(error: NoMatches, who: str | None, interaction: discord.Interaction) -> str:
    if error.player is None or who is None:
        return str(error)
    subject = "You have" if who == user_of(interaction) else f"{name(who)} has"
    return str(error).replace("That player has", subject, 1)


async def answer(interaction: discord.Interaction, text: str) -> None:
    """A private answer, whether or not the interaction was deferred."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        pass


async def setup(bot: TrumpfBot) -> None:
    # Follows matches; counts those that finished unseen (a restart) in the background.
    league = await League.attach(bot.service, background=True)
    bot.add_dynamic_items(PageButton)
    await bot.add_cog(LeagueCog(bot, league))
