"""The one kind of button Trumpf sends: a ``DynamicItem`` that reads its custom_id.

discord.py routes every click whose custom_id matches :data:`cogs.refs.TEMPLATE` here,
whichever message it sits on and whenever that message was sent, so buttons keep working
after a restart without registering messages.  The click itself is handled by
``bot.handlers`` (:mod:`cogs.handlers`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import discord

from cogs.refs import TEMPLATE, Ref
from cogs.render import ButtonSpec
from cogs.screens import Screen

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class TrumpfButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    def __init__(
        self,
        ref: Ref,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
        emoji: discord.PartialEmoji | str | None = None,
    ) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label[:80],
            style=style,
            disabled=disabled,
            row=row,
            custom_id=ref.custom_id,
            emoji=emoji,
        )
        super().__init__(button)
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TrumpfButton:
        return cls(Ref.from_match(match), getattr(item, "label", None) or "…")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Refuse, with a private explanation, a click on cards that are not the user's."""
        return await interaction.client.handlers.check(interaction, self.ref)  # type: ignore[attr-defined]

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.handlers.click(interaction, self.ref)  # type: ignore[attr-defined]


def button_of(spec: ButtonSpec) -> TrumpfButton:
    style = STYLES[spec.style]
    return TrumpfButton(spec.ref, spec.label, style, spec.disabled, spec.row, spec.emoji)


def view_of(specs: Iterable[ButtonSpec]) -> discord.ui.View | None:
    """A view holding the buttons; None when there are none (so the old ones go away)."""
    specs = list(specs)
    if not specs:
        return None
    view = discord.ui.View(timeout=None)
    for spec in specs:
        view.add_item(button_of(spec))
    return view


def message_kwargs(screen: Screen, edit: bool = False) -> dict[str, Any]:
    """Keyword arguments for ``send``/``edit`` of a screen; an edit clears what is gone."""
    kwargs: dict[str, Any] = {}
    view = view_of(screen.buttons)
    if edit:
        kwargs.update(content=screen.content, embed=screen.embed, view=view)
        return kwargs
    if screen.content is not None:
        kwargs["content"] = screen.content
    if screen.embed is not None:
        kwargs["embed"] = screen.embed
    if view is not None:
        kwargs["view"] = view
    return kwargs
