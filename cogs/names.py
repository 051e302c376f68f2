"""People by their display name, for the places where Discord shows a mention raw
(button labels, embed titles, field names, footers) and for answers that name someone.

Trumpf asks for no members intent, so a member may not be cached: then it is fetched,
and its name kept a while, since it is asked for again and again (a league table, say).
"""

from __future__ import annotations

import discord

SOMEONE = "another player"
KEEP_S = 600.0  # a name fetched is trusted this long (nicknames change)


class Names:
    def __init__(self) -> None:
        self._known: dict[tuple[int, str], tuple[str, float]] = {}

    async def get(self, guild: discord.Guild | None, user: str, fallback: str = SOMEONE) -> str:
        """The user's name in the server, as members see it; ``fallback`` if Discord
        cannot say (they left the server, say)."""
        if guild is None or not user.isdigit():
            return fallback
        member = guild.get_member(int(user))
        if member is not None:
            return member.display_name
        now = discord.utils.utcnow().timestamp()
        known = self._known.get((guild.id, user))
        if known is not None and now - known[1] < KEEP_S:
            return known[0]
        try:
            name = (await guild.fetch_member(int(user))).display_name
        except discord.HTTPException:
            return fallback
        self._known[(guild.id, user)] = (name, now)
        return name
