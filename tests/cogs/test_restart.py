"""The bot restarts in the middle of a hand: the table comes back and old buttons work."""

from __future__ import annotations

import sqlite3

from tables.model import TableStatus
from tests.cogs.helpers import contents, finished, moves, play_out, public, table_message, tick


async def test_a_restart_mid_hand_and_the_game_carries_on_with_the_old_buttons(world, make_bot):
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass schieber", preset="tournament-1000", target=300, bots=3)
    await alice.click(channel.last_message, label="Start")
    await tick(env)
    old_table = table_message(channel, 1)
    panel = (await alice.click(old_table, label="🂠 My hand")).response
    for _ in range(3):  # the contract and a few cards
        await alice.click(panel, custom_id=moves(panel)[0].custom_id)
        await tick(env)
    before = env.bot.service.table(1)
    assert before.to_move == 0 and before.match.hand.tricks  # mid-hand, Alice to play
    card = moves(panel)[0]

    await env.restart_bot(make_bot())
    service = env.bot.service
    assert service.table(1).seq == before.seq and service.table(1).status is TableStatus.PLAYING
    assert "♻️ Table #1 is back: Trumpf restarted. Play on." in contents(channel)
    fresh_table = table_message(channel, 1)
    assert fresh_table.id != old_table.id
    assert fresh_table.embeds[0].title == "Schieber · table #1 · hand 1"
    [old_table] = [m for m in public(channel) if m.id == old_table.id]
    assert old_table.embeds[0].title.endswith("— continued below") and not old_table.components

    # The private hand from before the restart: its buttons still play.
    res = await alice.click(panel, custom_id=card.custom_id)
    assert res.acknowledged and not res.followups
    assert service.table(1).seq == before.seq + 1
    reopened = await alice.click(fresh_table, label="🂠 My hand")
    assert reopened.ephemeral and reopened.response.embeds[0].title.startswith("Your hand")

    await play_out(env, channel, alice, reopened.response, 1)
    assert finished(channel, 1) is not None
    assert not env.errors


async def test_a_lobby_survives_a_restart(world, make_bot):
    env, channel, alice, bob = world.env, world.channel, world.alice, world.bob
    await alice.slash(channel, "jass klaberjass")
    old_lobby = channel.last_message
    await env.restart_bot(make_bot())
    assert channel.history()[-1].content == "♻️ Table #1 is back: Trumpf restarted. Play on."
    lobbies = [m for m in channel.history() if m.embeds]
    assert [m.id for m in lobbies] == [old_lobby.id]  # found in the history, kept in place
    await bob.click(old_lobby, label="Sit: Seat 2")  # its buttons work, and it follows
    assert env.bot.service.table(1).seats[1].user == str(bob.id)
    [lobby] = [m for m in channel.history() if m.embeds]
    assert "Seat 2: bob" in lobby.embeds[0].fields[1].value


async def test_a_table_damaged_while_the_bot_was_down_is_reported_in_its_channel(
    world, make_bot, settings
):
    env, channel, alice = world.env, world.channel, world.alice
    await alice.slash(channel, "jass quick")
    await tick(env)
    with sqlite3.connect(settings.db_path) as db:  # a broken row, as a bad disk might leave
        db.execute("UPDATE tables SET options = '{\"rules\": ' WHERE id = 1")
    await env.restart_bot(make_bot())
    assert 1 in env.bot.service.damaged
    assert channel.history()[-1].content.startswith(
        "⚠️ Table #1 could not be brought back: its saved game is damaged."
    )
    assert not env.errors
