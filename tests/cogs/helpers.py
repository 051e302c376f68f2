"""Reading what users see, and playing a human's seat by clicking their private hand."""

from __future__ import annotations

from typing import Any

import discord

from cogs.refs import GAME_ACTIONS, Ref


def buttons(message: Any) -> list[discord.Button]:
    """Every button of a message (a discord.Message or a simcord ResponseMessage)."""
    message = (
        getattr(message, "message", message)
        if not isinstance(message, discord.Message)
        else message
    )
    out = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if isinstance(child, discord.Button):
                out.append(child)
    return out


def button(message: Any, label: str) -> discord.Button:
    found = [b for b in buttons(message) if b.label == label]
    assert len(found) == 1, f"{label!r} not among {[b.label for b in buttons(message)]}"
    return found[0]


def labels(message: Any) -> list[str]:
    return [b.label for b in buttons(message)]


def moves(panel: Any) -> list[discord.Button]:
    """The enabled game buttons of a private hand: legal cards and choices."""
    return [
        b
        for b in buttons(panel)
        if not b.disabled and b.custom_id and Ref.parse(b.custom_id).action in GAME_ACTIONS
    ]


def public(channel: Any) -> list[discord.Message]:
    """What everyone sees of a channel: its messages, then those of its tables' threads."""
    return channel.history() + [m for t in channel.threads for m in t.history()]


def titles(channel: Any) -> list[str]:
    return [m.embeds[0].title for m in public(channel) if m.embeds]


def contents(channel: Any) -> str:
    return "\n".join(m.content for m in public(channel) if m.content)


def table_message(channel: Any, table_id: int) -> discord.Message:
    """The live board of the table's current hand (the one with My hand), in the
    channel or in the table's thread."""
    for m in reversed(public(channel)):
        if (
            m.embeds
            and f"table #{table_id} · hand" in (m.embeds[0].title or "")
            and any(b.label == "🂠 My hand" for b in buttons(m))
        ):
            return m
    raise LookupError(f"no table message of table #{table_id}")


async def tick(env: Any, seconds: float = 1.0) -> None:
    """Let the bots and clocks run (the bot's ticker looks four times a second).

    simcord gives one ``advance_time`` a few real seconds for all of its steps, and a
    busy machine needs longer for a quarter of an hour of ticks: so a minute at a time.
    """
    while seconds > 0:
        step = min(seconds, 60.0)
        await env.advance_time(step)
        seconds -= step


def finished(channel: Any, table_id: int) -> discord.Message | None:
    """The result message of the table, once the match is over."""
    for m in public(channel):
        if (
            m.embeds
            and (m.embeds[0].title or "").startswith("🏆")
            and f"table #{table_id}," in (m.embeds[0].title or "")
        ):
            return m
    return None


async def play_out(
    env: Any, channel: Any, player: Any, panel: Any, table_id: int, limit: int = 600
) -> int:
    """Play the player's seat to the end of the match: the first legal button each turn.

    ``panel`` is the player's private hand (a live simcord ResponseMessage); every click
    must be answered without a complaint.  Returns the number of clicks.
    """
    clicks = 0
    for _ in range(limit):
        if finished(channel, table_id):
            return clicks
        legal = moves(panel)
        if not legal:
            await tick(env)
            continue
        result = await player.click(panel, custom_id=legal[0].custom_id)
        assert result.acknowledged and not result.followups, [f.content for f in result.followups]
        clicks += 1
        await tick(env)
    raise AssertionError(f"table #{table_id} did not finish after {limit} steps")


async def post_button(env: Any, channel: Any, custom_id: str, label: str) -> discord.Message:
    """A public message carrying one Trumpf button, sent by the bot.

    Real private hands are ephemeral, so another user can never click them; this models
    what reaches the bot anyway: a click whose custom_id is old, doubled, or not the
    clicker's (a second click already on its way, a stale client, a forged id).
    """
    from cogs.buttons import view_of
    from cogs.refs import Ref
    from cogs.render import ButtonSpec

    view = view_of([ButtonSpec(Ref.parse(custom_id), label, "primary")])
    sent = await env.bot.get_channel(channel.id).send("(a button)", view=view)
    await env.settle()
    return sent


def private_history(channel: Any, viewer: Any) -> list[discord.Message]:
    """The ephemeral messages only this viewer sees (in the channel and its threads)."""
    shown = {m.id for m in public(channel)}
    seen = [m for c in [channel, *channel.threads] for m in c.history(viewer=viewer)]
    return [m for m in seen if m.id not in shown]


def place(channel: Any) -> Any:
    """Where the newest table of the channel plays: its thread, else the channel."""
    threads = channel.threads
    return threads[-1] if threads else channel
