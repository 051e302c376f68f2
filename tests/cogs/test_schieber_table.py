"""A Schieber table driven through Discord: slash command, lobby, private hand, to the end."""

from __future__ import annotations

import pytest

from engine.cards import Card
from tables.errors import UnknownTable
from tests.cogs.helpers import (
    button,
    buttons,
    contents,
    finished,
    labels,
    moves,
    place,
    play_out,
    public,
    table_message,
    tick,
    titles,
)

COMMANDS = {
    "jass schieber",
    "jass klaberjass",
    "jass quick",
    "jass hand",
    "jass leave",
    "jass cancel",
    "jass rules",
    "jass export",
}


async def test_every_command_describes_itself_and_its_options(world):
    env, channel, alice = world.env, world.channel, world.alice
    assert set(alice.available_commands(channel)) >= COMMANDS
    [group] = [c for c in env.bot.tree.get_commands() if c.name == "jass"]
    assert group.description
    for command in group.commands:
        assert command.description, command.name
        for parameter in command.parameters:
            assert parameter.description and parameter.description != "…", (
                command.name,
                parameter.name,
            )


async def test_the_lobby_fills_up_and_only_the_host_starts(world):
    env, channel, alice, bob, carol = world.env, world.channel, world.alice, world.bob, world.carol
    res = await alice.slash(channel, "jass schieber")
    assert res.ephemeral and "Schieber table #1 is open" in res.response.content
    assert "pagat-3000, to 3000" in res.response.content
    lobby = channel.last_message
    embed = lobby.embeds[0]
    assert embed.title == "Schieber table #1 — lobby"
    assert "Seat 1: alice" in embed.fields[0].value
    assert "Seat 2: empty" in embed.fields[1].value
    assert button(lobby, "Start").disabled

    await bob.click(lobby, label="Sit: Seat 2 (B)")
    lobby = channel.history()[0]
    assert "Seat 2: bob" in lobby.embeds[0].fields[1].value
    assert button(lobby, "Seat 2 (B): taken").disabled

    refused = await carol.click(lobby, label="Add bot: hard")
    assert refused.followups[0].ephemeral
    assert "Only the host or a seated player" in refused.followups[0].content

    await bob.click(lobby, label="Add bot: hard")
    await alice.click(channel.history()[0], label="Add bot: easy")
    lobby = channel.history()[0]
    assert "🤖 Bot 3 (hard)" in lobby.embeds[0].fields[0].value
    assert "🤖 Bot 4 (easy)" in lobby.embeds[0].fields[1].value
    assert not button(lobby, "Start").disabled
    assert all(button(lobby, f"Add bot: {lvl}").disabled for lvl in ("easy", "medium", "hard"))

    not_host = await bob.click(lobby, label="Start")
    assert not_host.followups[0].content == "Only the host can start the table."
    assert channel.history()[0].components  # still a lobby

    await alice.click(lobby, label="Start")
    await tick(env)
    # The lobby stays in the channel as a one-line summary; the table plays in its thread.
    [thread] = channel.threads
    assert thread.name == "Schieber #1: alice, bob, 🤖 Bot 3, 🤖 Bot 4"
    lobby = channel.history()[0]
    assert lobby.content.startswith("🃏 **Schieber table #1** · Team A **0** : **0** Team B")
    assert lobby.content.endswith(f"→ {thread.mention}") and lobby.components == []
    table = table_message(channel, 1)
    assert table.embeds[0].title == "Schieber · table #1 · hand 1"
    assert table.channel.id == thread.id
    assert not [m for m in channel.history() if m.embeds]  # no board in the channel


async def test_a_whole_schieber_match_by_clicking_the_private_hand(world):
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(
        channel, "jass schieber", preset="tournament-1000", target=300, bots=3, level="easy"
    )
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    table = table_message(channel, 1)
    board = table.embeds[0].description
    assert "**Match to 300**" in board and "⏳ **alice** to choose" in board
    assert not table.embeds[0].footer.text  # rules and teams: the lobby and /jass rules
    # Alice is the forehand of the first hand (seed 1): she is mentioned, as she has no hand open.
    ping = place(channel).last_message
    assert ping.content.startswith(f"{alice.mention}, it is your turn at table #1")
    assert labels(ping) == []  # the board's My hand is right above

    opened = await alice.click(table, label="🂠 My hand")
    assert opened.ephemeral
    panel = opened.response
    assert panel.embeds[0].title == "Your hand · Schieber table #1 · hand 1"
    assert "**Your turn:** choose the contract" in panel.embeds[0].description
    cards = [b for b in buttons(panel) if b.custom_id.split(":")[2] == "play"]
    assert len(cards) == 9 and all(b.disabled for b in cards)  # no card before the contract
    held = [Card.from_code(b.custom_id.split(":")[3]) for b in cards]
    order = [c.suit for c in held]
    assert order == sorted(order, key=order.index)  # grouped by suit
    assert [b.label for b in moves(panel)] == [
        "♠ spades", "♥ hearts", "♦ diamonds", "♣ clubs", "Obenabe ⬆", "Undenufe ⬇", "Push to Bot 3"
    ]  # fmt: skip
    assert "Only you see this" in panel.embeds[0].footer.text

    await alice.click(panel, label="♥ hearts")
    await tick(env)
    table = table_message(channel, 1)
    assert table.embeds[0].description.splitlines()[0] == "**♥ hearts ×1** · made by alice"
    # The turn moved on, so the mention is gone: the thread keeps only what happened.
    assert not any(
        m.content.startswith(f"{alice.mention}, it is your turn") for m in public(channel)
    )
    # Her cards: exactly the legal ones are enabled, when it is her turn.
    service = env.bot.service
    for _ in range(10):
        view = service.observation(1, str(alice.id))
        if view.my_turn:
            break
        await tick(env)
    legal = {a.card.code for a in view.legal}
    assert {b.custom_id.split(":")[3] for b in moves(panel)} == legal

    clicks = await play_out(env, channel, alice, panel, 1)
    assert clicks >= 9
    result = finished(channel, 1)
    assert result.embeds[0].title.startswith("🏆 Team B wins Schieber table #1")
    sheet = result.embeds[0].description
    assert "Hand" in sheet and "Total" in sheet and sheet.count("\n") >= 4
    assert labels(result) == ["Play again"]
    text = contents(channel)
    assert text.count("Trick 1:") >= 3 and "Trick 9:" in text
    assert "**Hand 1:**" in text and "Match: Team A" in text
    hands = [t for t in titles(channel) if " · hand " in t]
    assert hands and all(t.endswith("— over") for t in hands)  # each hand's message closed
    assert not env.errors


async def a_short_match_played_out(world):
    """Alice and three bots play a Schieber match to 200; its result message."""
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass schieber", preset="tournament-1000", target=200, bots=3)
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    panel = (await alice.click(table_message(channel, 1), label="🂠 My hand")).response
    await play_out(env, channel, alice, panel, 1)
    return finished(channel, 1)


async def test_play_again_with_the_same_seats(world):
    env, channel, alice = world.env, world.channel, world.alice
    result = await a_short_match_played_out(world)
    again = await alice.click(result, label="Play again")
    assert "Schieber table #2 with the same seats has started" in again.followups[0].content
    assert labels(again.response) == ["Rematch: table #2"]  # the button is used up
    await tick(env)
    service = env.bot.service
    new, old = service.table(2), service.table(1)
    assert [(s.user, s.bot) for s in new.seats] == [(s.user, s.bot) for s in old.seats]
    assert new.options == old.options
    assert table_message(channel, 2).embeds[0].title == "Schieber · table #2 · hand 1"


async def test_after_a_restart_play_again_and_export_still_find_the_finished_table(world, make_bot):
    env, channel, alice = world.env, world.channel, world.alice
    result = await a_short_match_played_out(world)
    await env.restart_bot(make_bot())
    with pytest.raises(UnknownTable):
        env.bot.service.table(1)  # the finished table is no longer in memory
    exported = await alice.slash(channel, "jass export")
    assert exported.response.attachments[0].filename == "trumpf-table-1-hand-last.json"
    again = await alice.click(result, label="Play again")
    assert "Schieber table #2 with the same seats has started" in again.followups[0].content
    service = env.bot.service
    old, new = await service.load(1), service.table(2)
    assert [(s.user, s.bot) for s in new.seats] == [(s.user, s.bot) for s in old.seats]
