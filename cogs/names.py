"""Display names of the people at tables, for the places where Discord shows a mention as
raw ``<@id>`` text: embed titles, field names, footers, thread names.

The bot has no members intent, so a name is looked up once (from the cache, else one
request) and kept; a name changed meanwhile shows at the next table's start.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

import discord

log = logging.getLogger(__name__)
MAX_NAMES = 5000  # beyond that the oldest are forgotten (and looked up again if needed)


class Names:
    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self.known: dict[str, str] = {}

    async def learn(self, guild_id: str, users: Iterable[str | None]) -> dict[str, str]:
        """Look up whoever is not known yet; returns every known name (for the renderers)."""
        missing = [u for u in users if u and u.isdigit() and u not in self.known]
        guild = self.bot.get_guild(int(guild_id)) if guild_id.isdigit() else None
        for user in missing:
            name = await self._lookup(guild, int(user))
            if name:
                self.known[user] = name
        while len(self.known) > MAX_NAMES:
            del self.known[next(iter(self.known))]
        return self.known

    async def _lookup(self, guild: discord.Guild | None, user_id: int) -> str | None:
        try:
            if guild is not None:
                member = guild.get_member(user_id) or await guild.fetch_member(user_id)
                return member.display_name
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            return user.display_name
        except discord.HTTPException as e:
            log.info("no name for user %s: %s", user_id, e)
            return None
