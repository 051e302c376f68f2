"""People by their display name, for the places where Discord shows a mention as raw
``<@id>`` text (button labels, embed titles, field names, footers, thread names) and for
answers that name someone.

Trumpf asks for no members intent, so a member may not be cached: then it is fetched once
and its name kept; a name changed meanwhile shows once the cached member has it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

import discord

log = logging.getLogger(__name__)
SOMEONE = "another player"
MAX_NAMES = 5000  # beyond that the oldest are forgotten (and looked up again if needed)


class Names:
    def __init__(self, bot: discord.Client | None = None) -> None:
        self.bot = bot
        self.known: dict[str, str] = {}  # user id -> display name, for the renderers

    async def get(self, guild: discord.Guild | None, user: str, fallback: str = SOMEONE) -> str:
        """The user's name in the server, as members see it; ``fallback`` if Discord
        cannot say (they left the server, say)."""
        if not user.isdigit():
            return fallback
        member = guild.get_member(int(user)) if guild is not None else None
        if member is not None:
            self._remember(user, member.display_name)
        elif user not in self.known:
            name = await self._lookup(guild, int(user))
            if name is None:
                return fallback
            self._remember(user, name)
        return self.known[user]

    async def learn(self, guild_id: str, users: Iterable[str | None]) -> dict[str, str]:
        """Look up whoever is not known yet; returns every known name (for the renderers)."""
        missing = [u for u in users if u and u.isdigit() and u not in self.known]
        guild = self.bot.get_guild(int(guild_id)) if self.bot and guild_id.isdigit() else None
        for user in missing:
            name = await self._lookup(guild, int(user))
            if name:
                self._remember(user, name)
        return self.known

    def _remember(self, user: str, name: str) -> None:
        self.known[user] = name
        while len(self.known) > MAX_NAMES:
            del self.known[next(iter(self.known))]

    async def _lookup(self, guild: discord.Guild | None, user_id: int) -> str | None:
        try:
            if guild is not None:
                member = guild.get_member(user_id) or await guild.fetch_member(user_id)
                return member.display_name
            if self.bot is None:
                return None
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            return user.display_name
        except discord.HTTPException as e:
            log.info("no name for user %s: %s", user_id, e)
            return None
