"""Nothing public shows a card still in someone's hand: not the board, not the hand log,
not a button or the thread's name; the losing side's Weis least of all."""

from __future__ import annotations

import itertools
import re

import pytest

from engine.cards import Card
from engine.events import DeclarationsScored
from tables import events as te
from tests.cogs.helpers import finished, moves, public, table_message, tick

CARD = re.compile(r"([♠♥♦♣])(10|[AKQJ9876])")
SUITS = "♠♥♦♣"


def cards_in(text: str) -> set[Card]:
    return {Card.from_code("SHDC"[SUITS.index(s)] + r) for s, r in CARD.findall(text or "")}


def shown(message) -> str:
    """Everything a message shows: text, embed, button labels."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.title, embed.description, embed.footer.text]
        parts += [f"{f.name} {f.value}" for f in embed.fields]
    parts += [getattr(c, "label", "") for row in message.components for c in row.children]
    return "\n".join(p or "" for p in parts)


def leaks(world) -> set[Card]:
    """Cards in this hand's public messages (its board and its log, the summary, the
    thread's name) that were neither played nor shown as the scoring side's Weis."""
    service, channel = world.env.bot.service, world.channel
    view = service.observation(1, str(world.alice.id))
    allowed = set(view.played) | {c for d in view.declarations for c in d.cards}
    if hasattr(view, "turn_up"):
        allowed |= {view.turn_up, view.table_card}
    board = table_message(channel, 1)
    messages = public(channel)
    at = next(i for i, m in enumerate(messages) if m.id == board.id)
    current = [m for m in messages[at - 1 :] if m.channel.id == board.channel.id]
    text = "\n".join(shown(m) for m in current)
    text += "\n" + "\n".join(shown(m) for m in channel.history())
    text += "\n" + "\n".join(t.name for t in channel.threads)
    return cards_in(text) - allowed


@pytest.mark.parametrize(
    ("command", "options", "first_seed"),
    [  # the first deal of each gives both sides Weis (sequences): one side's do not count
        ("jass schieber", {"preset": "pagat-3000", "target": 1500, "bots": 3}, 10),
        ("jass klaberjass", {"target": 300, "bot": True}, 22),
    ],
)
async def test_no_unplayed_card_is_ever_shown_in_public(
    world, make_bot, command, options, first_seed
):
    env, channel, alice = world.env, world.channel, world.alice
    seeds = itertools.count(first_seed)
    await env.restart_bot(make_bot(seeds=lambda: next(seeds)))
    declared = []
    env.bot.service.subscribe(
        lambda e: (
            declared.append(e.event)
            if isinstance(e, te.GameEvent) and isinstance(e.event, DeclarationsScored)
            else None
        )
    )
    await alice.slash(channel, command, **options)
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    for _ in range(800):
        if finished(channel, 1):
            break
        if not finished(channel, 1) and env.bot.service.table(1).match.hand is not None:
            assert not leaks(world), f"shown while still held: {leaks(world)}"
        legal = moves(panel)
        if legal:
            await alice.click(panel, custom_id=legal[0].custom_id)
        await tick(env)
    assert finished(channel, 1)
    # The seeded deals gave a side Weis (sequences) that did not count: they stayed hidden.
    assert any(d.lost for d in declared)
    assert not env.errors
