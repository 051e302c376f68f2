"""Private hands: the ephemeral panels a player opened, kept up to date while they can be.

An ephemeral message can only be edited through the token of the interaction that made
or last touched it, and Discord honours that token for 15 minutes.  So a panel is kept
with the token of the player's latest click, and one older than
:data:`PANEL_LIFETIME_S` is never relied on: the announcer then mentions the player in
the channel instead, saying why.  The token is kept in the database too (never shown,
never logged), so the panels still in time keep updating after a restart.

Whenever a player's situation changes the panel shows it: a new state of the table, a
pause, their leaving, a cancel, the end of the match (with **Play again**).  After the
last three it is forgotten.  Each edit shows the table as it is at that moment, under
one lock per panel, so a slower edit never puts an older state over a newer one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from cogs.buttons import message_kwargs
from cogs.panel_screen import situation_screen
from tables import events as te
from tables.errors import TableError
from tables.server_store import PanelRow

if TYPE_CHECKING:
    from cogs.app import TrumpfBot

log = logging.getLogger(__name__)
TOKEN_LIFETIME_S = 15 * 60  # Discord's interaction tokens
PANEL_LIFETIME_S = TOKEN_LIFETIME_S - 60  # a minute's margin for a slow edit
EXPIRED = "your hand panel is older than Discord's 15 minutes and cannot update any more"
CLOSED = "your hand panel was dismissed, so it cannot update"
UNKNOWN_MESSAGE = 10008
Key = tuple[int, str]  # (table, user)
_TOKEN_IN_URL = re.compile(r"(/webhooks/\d+/)[^/?\s]+")


class HideTokens(logging.Filter):
    """discord.py logs each webhook request's URL at DEBUG, interaction token and all:
    the token edits a player's private hand, so it never reaches a log."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN_IN_URL.sub(r"\1<token>", a) if isinstance(a, str) else a for a in record.args
            )
        return True


def now() -> float:
    """Discord's time (a test under simcord moves it on virtually)."""
    return discord.utils.utcnow().timestamp()


@dataclass(slots=True)
class Panel:
    row: PanelRow  # how to edit it, and until when
    key: str | None = None  # what it shows now, to skip edits that change nothing
    failed: str | None = None  # why the last edit failed, until one succeeds


class Panels:
    def __init__(self, bot: TrumpfBot) -> None:
        self.bot = bot
        self._panels: dict[Key, Panel] = {}
        self._stale: dict[Key, str] = {}  # had a panel that can no longer update: why
        self._locks: dict[Key, asyncio.Lock] = {}
        self._closing: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Follow the service's events, and take back the panels saved before a restart
        whose token is still good (the others: their players are mentioned instead)."""
        service = self.bot.service
        service.subscribe(self.on_event)
        webhook_log = logging.getLogger("discord.webhook.async_")
        if not any(isinstance(f, HideTokens) for f in webhook_log.filters):
            webhook_log.addFilter(HideTokens())
        open_tables = {t.id for t in service.tables()}
        for row in await service.servers.panels():
            key = (row.table_id, row.user)
            if row.expires_at > now() and row.table_id in open_tables:
                self._panels[key] = Panel(row)
                continue
            if row.table_id in open_tables:
                self._stale[key] = EXPIRED
            await service.servers.drop_panel(row.table_id, row.user)  # closed meanwhile

    # --- which panel is a player's ------------------------------------------------------

    async def adopt(
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
        if message_id is None:
            return None  # nothing to edit later
        previous = self._panels.get((table_id, user)) if self.is_usable(table_id, user) else None
        row = PanelRow(
            table_id,
            user,
            interaction.application_id,
            interaction.token,
            message_id,
            now() + PANEL_LIFETIME_S,
        )
        self._panels[(table_id, user)] = Panel(row, key)
        self._stale.pop((table_id, user), None)
        await self._save(row)
        if previous is None or previous.row.message_id == message_id:
            return None  # the same panel clicked again
        return previous

    def is_usable(self, table_id: int, user: str) -> bool:
        """True while the user's panel can be edited (its token is in time)."""
        panel = self._panels.get((table_id, user))
        if panel is None:
            return False
        if now() >= panel.row.expires_at:
            self._lose((table_id, user), EXPIRED)
            return False
        return True

    def is_fresh(self, table_id: int, user: str) -> bool:
        """True if the user's panel shows the table as it is: no need to mention them."""
        return self.is_usable(table_id, user) and self._panels[(table_id, user)].failed is None

    def went_stale(self, table_id: int, user: str) -> str | None:
        """Why the user's panel can no longer show their turn; None if it can, or if
        they never had one."""
        if self.is_usable(table_id, user):
            return self._panels[(table_id, user)].failed
        return self._stale.get((table_id, user))

    def _lose(self, key: Key, why: str) -> None:
        if self._panels.pop(key, None) is not None:
            self._stale[key] = why
            self._spawn(self._drop_saved(key))

    async def retire(self, panel: Panel | None) -> None:
        """Delete a panel that a newer one replaced (a new "My hand"), if it still can be."""
        if panel is None or now() >= panel.row.expires_at:
            return
        with contextlib.suppress(discord.HTTPException):  # dismissed, or gone: nothing to tidy
            await self._webhook(panel).delete_message(panel.row.message_id)

    # --- showing what changed -----------------------------------------------------------

    def on_event(self, event: Any) -> None:
        """A player's situation changed: they left, or the table closed or paused.  (A
        plain function: the service runs it at once; the edits run as tasks of their own,
        each showing the table as it is when it runs.)"""
        match event:
            case te.SeatTakenByBot(for_good=True):
                self._spawn(self.refresh(event.table_id, event.user))
            case te.TableCancelled() | te.TableFinished() | te.TablePaused() | te.TableMoved():
                self._spawn(self.refresh_table(event.table_id))

    async def refresh_table(self, table_id: int) -> None:
        for table, user in [k for k in self._panels if k[0] == table_id]:
            await self.refresh(table, user)
        try:
            closed = not self.bot.service.table(table_id).status.is_open
        except TableError:
            closed = True
        if closed:  # nobody will be mentioned there again
            self._stale = {k: v for k, v in self._stale.items() if k[0] != table_id}

    async def refresh(self, table_id: int, user: str) -> None:
        """Show the user's panel as their situation is now, if they have a live one."""
        lock = self._locks.setdefault((table_id, user), asyncio.Lock())
        async with lock:
            if not self.is_usable(table_id, user):
                return
            panel = self._panels[(table_id, user)]
            try:
                table = self.bot.service.table(table_id)
            except TableError:
                return
            screen, last = situation_screen(table, user)
            if screen is not None and screen.key != panel.key:
                await self._edit(table_id, user, panel, screen)
            if last:
                self._panels.pop((table_id, user), None)
                self._locks.pop((table_id, user), None)
                await self._drop_saved((table_id, user))

    async def _edit(self, table_id: int, user: str, panel: Panel, screen: Any) -> None:
        try:
            await self._webhook(panel).edit_message(
                panel.row.message_id, **message_kwargs(screen, edit=True)
            )
        except discord.NotFound as e:  # dismissed, or the token ran out: mention them instead
            self._lose((table_id, user), CLOSED if e.code == UNKNOWN_MESSAGE else EXPIRED)
            return
        except discord.HTTPException as e:
            panel.failed = f"Discord refused to update your hand panel (error {e.status})"
            log.warning("table %s: a panel of %s could not be updated: %s", table_id, user, e)
            return
        panel.key, panel.failed = screen.key, None

    def forget(self, table_id: int) -> None:
        """The table closed: its panels show how it ended, then are forgotten."""
        self._spawn(self.refresh_table(table_id))

    # --- the token, kept for a restart ----------------------------------------------------

    def _webhook(self, panel: Panel) -> discord.Webhook:
        return discord.Webhook.partial(panel.row.application_id, panel.row.token, client=self.bot)

    async def _save(self, row: PanelRow) -> None:
        try:
            await self.bot.service.servers.save_panel(row)
        except TableError as e:  # it still works until a restart
            log.warning("table %s: a panel could not be saved: %s", row.table_id, e)

    async def _drop_saved(self, key: Key) -> None:
        with contextlib.suppress(TableError):  # an expired row is dropped at start-up anyway
            await self.bot.service.servers.drop_panel(*key)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)
