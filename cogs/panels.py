"""Private hands: the ephemeral panels a player opened, kept up to date while they can be.

An ephemeral message can only be edited through the token of the interaction that made
or last touched it, and Discord honours that token for 15 minutes.  So a panel is kept
with the interaction of the player's latest click, and one older than
:data:`PANEL_LIFETIME_S` is never relied on: the announcer then mentions the player in
the channel instead.  Each edit shows the table as it is at that moment, under one lock
per panel, so a slower edit never puts an older state over a newer one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from cogs.buttons import message_kwargs
from cogs.panel_screen import panel_screen
from tables.errors import TableError

if TYPE_CHECKING:
    from cogs.app import TrumpfBot

log = logging.getLogger(__name__)
TOKEN_LIFETIME_S = 15 * 60  # Discord's interaction tokens
PANEL_LIFETIME_S = TOKEN_LIFETIME_S - 60  # a minute's margin for a slow edit


def now() -> float:
    """Discord's time (a test under simcord moves it on virtually)."""
    return discord.utils.utcnow().timestamp()


@dataclass(slots=True)
class Panel:
    interaction: discord.Interaction
    since: float  # when we got the interaction: its token lives 15 minutes from then
    message_id: int | None = None  # the panel's message
    key: str | None = None  # what it shows now, to skip edits that change nothing


class Panels:
    def __init__(self, bot: TrumpfBot) -> None:
        self.bot = bot
        self._panels: dict[tuple[int, str], Panel] = {}
        self._stale: set[tuple[int, str]] = set()  # had a panel that can no longer update
        self._locks: dict[tuple[int, str], asyncio.Lock] = {}

    def adopt(
        self,
        table_id: int,
        user: str,
        interaction: discord.Interaction,
        key: str | None = None,
        message_id: int | None = None,
    ) -> Panel | None:
        """This interaction's message is now the user's panel at the table; returns the
        panel it replaces, if that is another message that can still be reached."""
        if message_id is None and interaction.message is not None:
            message_id = interaction.message.id
        previous = self._panels.get((table_id, user)) if self.is_fresh(table_id, user) else None
        self._panels[(table_id, user)] = Panel(interaction, now(), message_id, key)
        self._stale.discard((table_id, user))
        if previous is None or previous.message_id is None or previous.message_id == message_id:
            return None  # the same panel clicked again, or one we cannot tell apart
        return previous

    def is_fresh(self, table_id: int, user: str) -> bool:
        panel = self._panels.get((table_id, user))
        if panel is None:
            return False
        if now() - panel.since >= PANEL_LIFETIME_S:
            self._expire(table_id, user)
            return False
        return True

    def went_stale(self, table_id: int, user: str) -> bool:
        """True if the user had a panel that can no longer be updated."""
        self.is_fresh(table_id, user)
        return (table_id, user) in self._stale

    def _expire(self, table_id: int, user: str) -> None:
        if self._panels.pop((table_id, user), None) is not None:
            self._stale.add((table_id, user))

    @staticmethod
    async def retire(panel: Panel | None) -> None:
        """Delete a panel that a newer one replaced (a new "My hand"), if it still can be."""
        if panel is None or now() - panel.since >= PANEL_LIFETIME_S:
            return
        with contextlib.suppress(discord.HTTPException):  # dismissed, or gone: nothing to tidy
            await panel.interaction.delete_original_response()

    async def refresh(self, table_id: int, user: str) -> None:
        """Show the user's panel as the table is now, if they have a live one."""
        lock = self._locks.setdefault((table_id, user), asyncio.Lock())
        async with lock:
            if not self.is_fresh(table_id, user):
                return
            panel = self._panels[(table_id, user)]
            try:
                table = self.bot.service.table(table_id)
            except TableError:
                return
            seat = table.seat_of(user)
            if seat is None or table.match is None:
                return
            screen = panel_screen(table, seat)
            if screen.key == panel.key:
                return
            try:
                await panel.interaction.edit_original_response(**message_kwargs(screen, edit=True))
            except discord.NotFound:  # dismissed, or the token ran out: mention them instead
                self._expire(table_id, user)
                return
            except discord.HTTPException as e:
                log.warning("table %s: a panel of %s could not be updated: %s", table_id, user, e)
                return
            panel.key = screen.key

    def forget(self, table_id: int) -> None:
        for key in [k for k in self._panels if k[0] == table_id]:
            del self._panels[key]
        self._stale = {k for k in self._stale if k[0] != table_id}
        self._locks = {k: v for k, v in self._locks.items() if k[0] != table_id}
