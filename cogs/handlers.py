"""What a click on a Trumpf button does: one service call, then a private answer.

Every click is acknowledged at once (a deferred update) before the service is asked, so
a slow database never breaks Discord's 3 seconds; a refusal is explained privately and
changes nothing.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from cogs.buttons import message_kwargs
from cogs.names import Names
from cogs.panel_screen import panel_screen
from cogs.refs import (
    ADD_BOT,
    CANCEL,
    OPEN_HAND,
    PLAY_AGAIN,
    REFRESH,
    REMOVE_BOT,
    SIT,
    STAND,
    START,
    Ref,
    action_of,
)
from cogs.render import GAME_NAMES, paused_text, seat_name
from cogs.review_screen import REVIEW, answer_review, review_button
from cogs.screens import Screen, result_screen
from tables.errors import (
    NotYourTurn,
    SeatTaken,
    StaleAction,
    TableError,
    TablePaused,
    seat_taken_text,
)
from tables.idle import is_idle_pause
from tables.model import Table, TableStatus

if TYPE_CHECKING:
    from cogs.app import TrumpfBot

log = logging.getLogger(__name__)


def user_of(interaction: discord.Interaction) -> str:
    return str(interaction.user.id)


def is_admin(interaction: discord.Interaction) -> bool:
    """Manage Server (or Administrator): may cancel any table of the server."""
    permissions = interaction.permissions
    return bool(permissions.manage_guild or permissions.administrator)


def error_text(error: TableError) -> str:
    """A refusal as the player reads it; a paused table also says how to carry on."""
    if isinstance(error, TablePaused):
        return paused_text(error.table_id, error.reason)
    return str(error)


async def explain(interaction: discord.Interaction, error: TableError, names: Names) -> str:
    """Like :func:`error_text`, naming a person by their display name."""
    if isinstance(error, SeatTaken) and error.user is not None:
        name = await names.get(interaction.guild, error.user)
        return seat_taken_text(error.seat, name, error.only_host_swaps)
    return error_text(error)


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A private answer, whether or not the interaction was acknowledged yet."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as e:
        log.warning("could not answer %s: %s", user_of(interaction), e)


class Handlers:
    def __init__(self, bot: TrumpfBot) -> None:
        self.bot = bot
        self._rematches: dict[int, int | None] = {}  # finished table -> its rematch
        self.names = Names()

    @property
    def service(self) -> Any:
        return self.bot.service

    # --- the gate: a private hand's buttons are only for its player --------------------------

    async def check(self, interaction: discord.Interaction, ref: Ref) -> bool:
        if ref.seat is None:
            return True
        try:
            table = self.service.table(ref.table)
        except TableError as e:
            await tell(interaction, str(e))
            return False
        seat = table.seat_of(user_of(interaction))
        if seat == ref.seat:
            return True
        owner = seat_name(table, ref.seat)
        if seat is None:
            await tell(
                interaction, f"You do not sit at table #{table.id}: these are {owner}'s cards."
            )
        else:
            await tell(
                interaction, f"These are {owner}'s cards, not yours. Press **My hand** for yours."
            )
        return False

    async def click(self, interaction: discord.Interaction, ref: Ref) -> None:
        handler = {
            SIT: self._sit,
            STAND: self._stand,
            ADD_BOT: self._add_bot,
            REMOVE_BOT: self._remove_bot,
            START: self._start,
            CANCEL: self._cancel,
            OPEN_HAND: self._open_hand,
            REFRESH: self._refresh,
            PLAY_AGAIN: self._play_again,
            REVIEW: self._review,
        }.get(ref.action, self._act)
        try:
            await handler(interaction, ref)
        except TableError as e:
            await tell(interaction, await explain(interaction, e, self.names))

    # --- the lobby: the announcer redraws it after each change ----------------------------------

    async def _sit(self, interaction: discord.Interaction, ref: Ref) -> None:
        await interaction.response.defer()
        user, seat = user_of(interaction), int(ref.arg)
        if self.service.table(ref.table).seat_of(user) is None:
            await self.service.join(ref.table, user, seat=seat)
        else:
            await self.service.move(ref.table, user, seat)

    async def _stand(self, interaction: discord.Interaction, ref: Ref) -> None:
        await interaction.response.defer()
        await self.service.leave(ref.table, user_of(interaction))

    async def _add_bot(self, interaction: discord.Interaction, ref: Ref) -> None:
        await interaction.response.defer()
        await self.service.add_bot(ref.table, user_of(interaction), ref.arg)

    async def _remove_bot(self, interaction: discord.Interaction, ref: Ref) -> None:
        await interaction.response.defer()
        await self.service.remove_bot(ref.table, user_of(interaction), int(ref.arg))

    async def _start(self, interaction: discord.Interaction, ref: Ref) -> None:
        await interaction.response.defer()
        await self.service.start(ref.table, user_of(interaction))

    async def _cancel(self, interaction: discord.Interaction, ref: Ref) -> None:
        await interaction.response.defer()
        await self.service.cancel(ref.table, user_of(interaction), admin=is_admin(interaction))

    async def _review(self, interaction: discord.Interaction, ref: Ref) -> None:
        await answer_review(self.bot, interaction, ref)  # anyone of the server may look

    # --- the private hand ---------------------------------------------------------------------

    async def _open_hand(self, interaction: discord.Interaction, ref: Ref) -> None:
        await self.open_panel(interaction, ref.table)

    async def open_panel(self, interaction: discord.Interaction, table_id: int) -> None:
        """Answer with a new private hand (from the table message or ``/jass hand``)."""
        user = user_of(interaction)
        table = self.service.table(table_id)
        seat = table.seat_of(user)
        if seat is None:
            await tell(interaction, f"You do not sit at table #{table.id}.")
            return
        if table.status is TableStatus.LOBBY:
            await tell(interaction, f"Table #{table.id} has not started yet.")
            return
        self.service.pressed(table.id)
        if table.status is TableStatus.PAUSED and is_idle_pause(table.pause_reason):
            # paused for want of a press: a player's press is what it waited for
            table = await self.service.resume(table.id, user, table.guild_id, table.channel_id)
        if table.status is TableStatus.PAUSED:
            await tell(interaction, paused_text(table.id, table.pause_reason))
            return
        if not table.status.is_open:
            await tell(interaction, f"Table #{table.id} is {table.status.value}.")
            return
        screen = panel_screen(table, seat)
        sent = await interaction.response.send_message(ephemeral=True, **message_kwargs(screen))
        panels = self.bot.panels
        message_id = getattr(sent, "message_id", None)  # discord.py 2.5+ says which message
        replaced = await panels.adopt(table.id, user, interaction, screen.key, message_id)
        await panels.retire(replaced)

    async def _refresh(self, interaction: discord.Interaction, ref: Ref) -> None:
        await interaction.response.defer()
        user = user_of(interaction)
        await self.service.reclaim(ref.table, user)  # pressing a button means: I am back
        await self._update_panel(interaction, ref.table, user)

    async def _act(self, interaction: discord.Interaction, ref: Ref) -> None:
        await interaction.response.defer()
        user = user_of(interaction)
        try:
            action = action_of(ref)
        except ValueError:
            await tell(interaction, "That button is not one Trumpf understands.")
            return
        try:
            await self.service.act(ref.table, user, action, ref.seq)
        except StaleAction:
            await tell(interaction, self._stale_text(ref))
        except NotYourTurn:
            table = self.service.table(ref.table)
            mover = "nobody" if table.to_move is None else seat_name(table, table.to_move)
            await tell(interaction, f"It is not your turn: {mover} is to move. Nothing was played.")
        except TablePaused as e:
            await tell(interaction, f"Nothing was played. {error_text(e)}")
        except TableError as e:
            await tell(interaction, f"{e} Nothing was played.")
        await self._update_panel(interaction, ref.table, user)

    async def _update_panel(
        self, interaction: discord.Interaction, table_id: int, user: str
    ) -> None:
        """Show the clicked private hand as the table is now; it is the freshest panel."""
        message = interaction.message
        if message is None or not message.flags.ephemeral:
            return  # cards are only ever drawn on private messages: never draw them in public
        if self.service.table(table_id).status.is_open:
            replaced = await self.bot.panels.adopt(table_id, user, interaction)
            await self.bot.panels.refresh(table_id, user)
            await self.bot.panels.retire(replaced)  # the player uses this one now

    def _stale_text(self, ref: Ref) -> str:
        table = self.service.table(ref.table)
        hand = table.match.hand_number if table.match is not None else 0
        if ref.hand < hand:
            return (
                f"That button is from hand {ref.hand}; hand {hand} is being played now. Nothing "
                "was played. Your cards are shown as they are now."
            )
        return (
            "The table has moved on since that button was drawn (a double click, or a move "
            "made meanwhile). Nothing was played; look again and choose anew."
        )

    # --- the end: the same seats once more -------------------------------------------------------

    async def _play_again(self, interaction: discord.Interaction, ref: Ref) -> None:
        user = user_of(interaction)
        done = self._rematches.get(ref.table, 0)
        if done != 0:
            where = f" Table #{done} is open." if done else ""
            await tell(
                interaction, f"A rematch of table #{ref.table} is already being set up.{where}"
            )
            return
        self._rematches[ref.table] = None  # before any wait: a double click makes one table
        try:
            old = await self.service.load(ref.table)  # read back if it ended before a restart
            if old.seat_of(user) is None and user not in (s.left for s in old.seats):
                del self._rematches[ref.table]
                await tell(
                    interaction, f"Only the players of table #{old.id} can ask for a rematch."
                )
                return
            await interaction.response.defer()
            new = await self._rematch(old, user)
        except TableError:
            del self._rematches[ref.table]
            raise
        self._rematches[ref.table] = new.id
        await interaction.edit_original_response(
            **message_kwargs(self._rematched(interaction, old, new), True)
        )
        name = GAME_NAMES[new.game]
        started = "has started" if new.status is TableStatus.PLAYING else "is open: press Start"
        await tell(interaction, f"{name} table #{new.id} with the same seats {started}.")

    def _rematched(self, interaction: discord.Interaction, old: Table, new: Table) -> Screen:
        """The result, its Play again turned into the rematch's number; the hand's result
        above it and the button to see the last hand's cards stay."""
        sheet = result_screen(old, new.id, self.bot.announcer.names.known)
        text = interaction.message.content if interaction.message is not None else None
        screen = Screen(text or None, sheet.embed, sheet.buttons)
        if old.match is None or interaction.message is None:
            return screen
        review = review_button(old.id, old.match.hand_number)
        shown = any(
            getattr(item, "custom_id", None) == review.ref.custom_id
            for row in interaction.message.components
            for item in getattr(row, "children", ())
        )
        return replace(screen, buttons=(*screen.buttons, review)) if shown else screen

    async def _rematch(self, old: Table, host: str) -> Table:
        """A table with the old options and seats; it starts at once if only bots join."""
        service = self.service
        seat = next(s.number for s in old.seats if host in (s.user, s.left))
        new = await service.create_table(
            old.game, old.guild_id, old.channel_id, host, old.options, seat=seat
        )
        for s in old.seats:
            if s.number == seat:
                continue
            if s.user is not None:
                new = await service.join(new.id, s.user, seat=s.number)
            elif s.bot is not None:
                new = await service.add_bot(new.id, host, s.bot, seat=s.number)
        if all(s.user in (None, host) for s in new.seats):
            new = await service.start(new.id, host)
        return new
